# The terminal (src/cli): `pakka play`, `pakka arena` and `pakka games`.

cli-game-id = { $id }
cli-unknown-game = there is no game called "{ $name }"; the games are { $ids }
cli-games-line = { $name }, { $min }–{ $max } players
cli-games-line-aliases = { $name } (also { $aliases }), { $min }–{ $max } players
cli-computer-refused = a computer player's move was refused: { $reason }

# pakka play: seat 0 is the person at the terminal, named so it reads well in any sentence.
cli-seat-you = Seat { $n } (you)
cli-seat-computer = Computer { $n }
cli-who = { $who }
cli-play-header = { $game } · { $seats } players · you are seat 0 · computer level { $level } · seed { $seed }
cli-computer-move = { $who }: { $action }
cli-prompt = Your move (1–{ $last }, q to quit):{ " " }
cli-confirm = { $question } (y/n):{ " " }
cli-type-number = Type a number from 1 to { $last }.
cli-game-over = Game over.
cli-place = { $place }. { $who }
cli-place-points = { $place }. { $who } ({ $points })

# pakka arena
cli-arena-title = { $game } · { $seats } seats · { $deals } deals × { $rotations } rotations
cli-arena-player = player
cli-arena-n = n
cli-arena-win-share = win share
cli-arena-points = points/deal
cli-arena-fair-share = fair share { $share }%
cli-arena-players = --players names { $players } players for { $seats } seats

# Starting the bot (src/config.rs): what the operator is told about a bad setting.
config-missing-token = DISCORD_TOKEN is not set: put your bot's token (Discord developer portal → your application → Bot → Reset Token) in the environment or in a .env file; see .env.example.
config-bad-guild = DEV_GUILD_ID must be a guild id (a number), not "{ $value }".
config-bad-number = { $name } must be a whole number, not "{ $value }".
