# The terminal (src/cli): `pakka play`, `pakka arena` and `pakka games`.

cli-unknown-game = there is no game called "{ $name }"; the games are { $ids }
cli-games-line = { $name }, { $players }
cli-games-line-aliases = { $name } (also { $aliases }), { $players }
cli-players-exactly = { $n } players
cli-players-range = { $min }–{ $max } players
cli-players-option = { $players } ({ $min }–{ $max } with { $option }=true)
cli-unknown-level = "{ $level }" is not a level; the levels are easy, normal and hard.
cli-computer-refused = a computer player's move was refused: { $reason }

# pakka play: the person at the terminal has the first seat, named so it reads well in any
# sentence. Seats count from 1, as in a Discord lobby.
cli-seat-you = Seat { $n } (you)
cli-seat-computer = Computer { $n }
cli-play-header = { $game } · { $seats } players · you are seat 1 · computer level { $level } · seed { $seed }
# What happened: one public event of a move, anyone's, as Discord's story tells it.
cli-told = › { $what }
cli-prompt = { $last ->
    [1] Your move (1, q to quit):{ " " }
   *[other] Your move (1–{ $last }, q to quit):{ " " }
}
cli-confirm = { $question } (y/n):{ " " }
cli-type-number = { $last ->
    [1] Type 1 (or q to quit).
   *[other] Type a number from 1 to { $last }.
}
cli-not-played = Not played; choose again.
# The two steps of a grouped choice, as on Discord.
cli-choice-group = { $group } …
cli-group-title = { $group }:
cli-back = ◀ Back
# A move that costs the player (a surrender, going out).
cli-choice-danger = { $label } (!)
cli-seat-score = { $who } { $score }
cli-deal-scores = After deal { $deal }: { $scores }
cli-game-over = Game over.
cli-place = { $place }. { $who }

# pakka render
cli-render-wrote = Wrote { $path } ({ $width }×{ $height } pixels, { $kb } KB).
cli-render-cannot-write = cannot write { $path }
cli-render-no-seat = there is no seat { $seat }: the seats are 1–{ $last }

# pakka arena
cli-arena-title = { $game } · { $seats } seats · { $deals } deals × { $rotations } rotations
cli-arena-player = player
cli-arena-n = n
cli-arena-win-share = win share
cli-arena-points = points/deal
cli-arena-fair-share = fair share { $share }%
cli-arena-intervals = 95% intervals over the { $deals ->
        [one] deal
       *[other] { $deals } deals
    }, each deal's { $rotations ->
        [one] rotation
       *[other] { $rotations } rotations
    } averaged
cli-arena-players = --players names { $players } players for { $seats } seats

# Starting the bot (src/config.rs): what the operator is told about a bad setting.
config-missing-token = DISCORD_TOKEN is not set: put your bot's token (Discord developer portal → your application → Bot → Reset Token) in the environment or in a .env file; see .env.example.
config-bad-guild = DEV_GUILD_ID must be a guild id (a number), not "{ $value }".
config-bad-number = { $name } must be a whole number, not "{ $value }".
config-bad-flag = { $name } must be true or false, not "{ $value }".
# SHARDS=first-last/total: the gateway shards this process runs.
config-bad-shards = SHARDS must be the first and last shard this process runs and the total number of shards, as first-last/total (e.g. 0-3/16), not "{ $value }".
config-shards-reversed = SHARDS "{ $value }" names its shards backwards: the first ({ $first }) must not come after the last ({ $last }).
config-shard-beyond-total = SHARDS "{ $value }" names shard { $last }, but { $total } shards are numbered 0 to { $highest }.
config-bad-metrics-addr = METRICS_ADDR must be the address and port to serve metrics on, as host:port (e.g. 127.0.0.1:9184), not "{ $value }".
config-bad-activity-addr = ACTIVITY_ADDR must be the address and port the Activity's window is served on, as host:port (e.g. 0.0.0.0:8080), not "{ $value }".
config-no-shards = SHARDS "{ $value }" says the bot has no shards: the total must be at least 1.

# The command line's help (src/main.rs).
cli-help-about = Nine traditional card games for Discord, and their rules engine
cli-help-serve = Run the Discord bot (the default). Reads DISCORD_TOKEN and friends from the environment or .env.
cli-help-engine = Drive the rules engine with one JSON object per line on stdin (see README.md).
cli-help-games = List the games, their ids, aliases and seat counts.
cli-help-play = Play a game in the terminal against computer players.
cli-help-arena = Computer players against each other: win shares, mean scores and decision times.
cli-help-game = The game id or alias.
cli-help-play-seats = Number of seats (default: the fewest the game allows).
cli-help-level = The computer players' level: easy, normal or hard.
cli-help-play-seed = Deal a known deck.
cli-help-options = Game options as name=value words, e.g. "stop_rule=true".
cli-help-arena-seats = Number of seats (default: one per player).
cli-help-players = One level per seat, comma-separated, e.g. hard,normal,easy.
cli-help-games-count = Seeded deals to play, each once per rotation of the players (default 100; with --table, 600 per pairing).
cli-help-arena-seed = The seed of the first deal; the others follow it.
cli-help-threads = Worker threads.
cli-help-render = Draw the picture of a seeded position (the table, or one seat's hand) to a PNG file (or SVG, by the file's name).
cli-help-render-seed = The seed of the deal (and of the moves played before the picture).
cli-help-render-moves = Moves to play by the normal computer player's rule of thumb before drawing.
cli-help-render-seat = Draw this seat's hand instead of the public table (seats counted from 1, as in a Discord lobby).
cli-help-render-output = The file to write (.png or .svg).
cli-help-lang = The language of what the terminal prints, e.g. fi or en-US (default: from LC_ALL, LC_MESSAGES or LANG).
cli-error = error: { $detail }
cli-help-invite = Print the links that add this bot (of DISCORD_TOKEN) to a server, with the scopes and permissions pakka needs, and pakka to a person's own account.
cli-invite =
    Open this link to add the bot to a server you manage (scopes: { $scopes }; permissions: { $permissions }):
    { $url }
    Or open this one to add pakka to your own account, to play in DMs, group DMs and servers without the bot (turn on User Install in the developer portal first):
    { $user_url }
cli-invite-failed = could not read the bot's application from Discord (check DISCORD_TOKEN, and DISCORD_HTTP_PROXY if set): { $detail }
cli-no-runtime = error: cannot start the async runtime: { $detail }

# pakka ratings.
cli-help-ratings = Recompute every rating from the stored results, in the order they were rated, and replace the stored ratings if they differ.
cli-help-database = The database: a DATABASE_URL (sqlite://… or postgres://…) or the path of a SQLite file.
cli-help-ratings-check = Only compare: fail if the stored ratings differ from the recomputed ones.

# pakka backup and pakka restore.
cli-help-backup = Copy a SQLite database, consistently, while a bot plays on it (VACUUM INTO). For PostgreSQL use pg_dump.
cli-help-backup-file = The new file to write the copy to (never written over).
cli-help-restore = Put a backup in the place of a SQLite database no running bot has open; the database it replaces is kept beside it. For PostgreSQL use pg_restore.
cli-help-restore-file = The backup to put back.
cli-help-backup-database = The database: a DATABASE_URL or a SQLite file (default: DATABASE_URL from the environment or .env, else sqlite://pakka.db).
cli-backup-done = Backed up { $database } to { $file } ({ $bytes } bytes).
cli-restore-done = Restored { $file } into { $database }.
cli-restore-done-kept = Restored { $file } into { $database }. The database it replaced is kept as { $kept }.
cli-backup-postgres = { $database } is a PostgreSQL database: back it up with pg_dump and put it back with pg_restore (the README shows how).
cli-backup-no-database = There is no database file at { $path }.
cli-backup-exists = { $path } exists already, and a backup is never written over a file: choose a new name.
cli-restore-in-use = { $path } is open in another process, most likely a running bot: stop the bot first (docker stop, or Ctrl-C), then restore. Nothing was changed.
cli-restore-not-pakka = { $path } is not a whole pakka database ({ $why }); nothing was changed.
cli-ratings-report = { $tables ->
    [one] { $tables } rated game
   *[other] { $tables } rated games
}: { $ratings } ratings and { $history } rating changes{ $outcome ->
    [identical] , identical to the stored ones.
    [replaced] ; { $differing } stored rows differed and were replaced.
   *[differ] ; { $differing } stored rows differ (nothing changed: --check).
}
cli-arena-oracle = oracle
cli-arena-searching = { $player }/{ $search }
cli-unknown-contender = "{ $player }" is not an arena player; they are easy, normal, hard, hard/flat, hard/ismcts, hard/plan, oracle, oracle/flat, oracle/ismcts and oracle/plan.
cli-help-iterations = The searching players' most iterations per decision (default 4000).
cli-help-think-ms = The searching players' most time per decision in milliseconds (default: as at a table, 50).

# Starting on Discord (the operator's terminal).
startup-unreachable = Could not reach Discord at { $url }: check the network or the proxy (DISCORD_HTTP_PROXY). ({ $detail })
startup-token-rejected = Discord rejected the bot's token (401 Unauthorized): DISCORD_TOKEN is wrong or was reset. Copy the current token from the Discord developer portal (your application → Bot → Reset Token) into the environment or the .env file.

# pakka arena --table (src/cli/arena_table.rs): the whole strength table of BENCHMARKS.md.
cli-help-arena-table = Play the whole strength table (normal vs easy, hard vs normal, the oracle vs normal in every game) at a fixed iteration count, resumably; a game given plays its rows only.
cli-help-arena-results = With --table: the file each finished pairing is appended to, and a rerun skips (default arena-table.jsonl).
cli-table-start = { $total } pairings, { $todo } still to play, { $deals } deals each, { $iterations } iterations a decision; results in { $file }
cli-table-pairing = { $game }: { $first } vs { $second }
cli-table-skipped = { $pairing }: already in { $file }, skipped
cli-table-done = { $pairing }: done in { $seconds } s ({ $n } of { $total })
cli-table-versus = { $a } vs { $b }
cli-table-header = | game (seats) | pairing | deals × rotations | win share of the first (fair share) | points/deal (first vs the rest) | first's p50 / p99 | 95% intervals over |
cli-table-row = | { $game } ({ $seats }) | { $first } vs { $second } | { $deals } × { $rotations } | { $first } { $share } ({ $fair }) | { $points } | { $p50 } / { $p99 } | { $over } |
cli-table-edge = | { $game } ({ $seats }) | { $hard } against the { $oracle } | { $deals } × { $rotations } | { $hard } reaches { $share } of the { $oracle }'s edge over { $normal } | { $edge } of { $whole } { $unit } | | { $over } |
cli-table-over-deals = deals (each deal's rotations averaged)
cli-table-over-seat-deals = seat-deals (each seat of each rotation on its own)
cli-table-unit-points = points a deal
cli-table-unit-share = percentage points of win share
