# Replays of finished games (src/table/replay, /replay in src/discord, pakka replay in src/cli).

# Refusals (ReplayError::msg). `id` is the game's number as /history lists it.
replay-unknown = There is no game number { $id }. `/history` lists the finished games.
replay-other-server = Game { $id } was played in another server; only its own server can replay it.
replay-lobby = Game { $id } never started: it is still a lobby, so there is nothing to replay.
replay-running = Game { $id } is still being played. Replays show the hands, so they wait until the game is over.
replay-paused = Game { $id } is paused, not over. Replays show the hands, so they wait until the match is finished.
replay-no-result = Game { $id } was abandoned or given up before its end, so it has no end to replay to.

# A step of a replay (src/discord/render.rs, src/cli/replay.rs).
replay-title = 🎞 **Replay** of game { $id }
# Step 0: the deal, before any move.
replay-start = The cards are dealt; nobody has moved yet.
# A move that told nothing in public (never expected; the seat that moved).
replay-moved = { $who } moved.
replay-next = ▶ Next: { $who }
replay-over = 🏁 The game is over.
replay-dealt = 🂠 The hands as dealt:
replay-dealt-deal = Deal { $deal }:
replay-hand = { $who }: { $cards }
# A seat whose cards lay face down even to itself (a Pishe Pasha stock).
replay-hand-none = { $who }: no hand (its cards lay face down)
replay-position = { $step ->
    [0] Before the first move · { $moves } moves
   *[other] Move { $step } of { $moves }
}
replay-page = The hands, page { $page } of { $pages }
replay-button-first = ⏮ Start
replay-button-previous = ◀ Back
replay-button-next = Next ▶
replay-button-last = End ⏭
# Someone else pressed a button of a shared replay: they get their own copy.
replay-not-yours = Only { $owner } steps this shared replay; here is a copy that only you see.

# /replay as Discord lists it.
replay-cmd = Step through a finished game move by move; the hands are shown at the end.
replay-name = replay
replay-name-public = public
replay-param-game = The game's number, as /history lists it
replay-param-public = Show the replay to the whole channel (only you see it otherwise)

# pakka replay
replay-cli-header = { $game } · game { $id } · { $moves } moves
replay-cli-step = ── { $position } ──
# A person at a replayed table: the terminal knows their Discord user id only.
replay-cli-person = Player { $n } (user { $user })
replay-cli-computer = Computer { $n } ({ $level })
replay-cli-failed = the replay failed: { $detail }
replay-place = { $place }. { $who }
replay-place-points = { $place }. { $who } — { $points }
replay-cli-no-database = there is no database at { $path }
replay-help = Print every step of a finished game, and the hands as dealt at the end.
replay-help-db = The database: a DATABASE_URL (sqlite://…, postgres://…) or a SQLite file.
replay-help-id = The game's number (its table's, as /history lists it).
