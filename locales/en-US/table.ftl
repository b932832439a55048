# The table service (src/table): what it refuses, and the words its views carry.

table-not-started-yet = The game has not started yet.

# The points of a place in a final ranking (Place::points_msg); tied seats' points by "/".
table-points = { $points ->
    [one] { $points } point
   *[other] { $points } points
}
table-points-tied = { $points } points


level-easy = easy
level-normal = normal
level-hard = hard

# Refusals (TableError::msg). `who` is a seat of the table or of the refused request.
table-unknown-game = There is no game called "{ $name }". `/rules` lists the games.
table-channel-busy = A table is already open in this channel: finish it or `/abandon` it first.
table-too-many-tables = { $limit ->
    [one] You already have an open table in this server, the most one person may have: finish it or `/abandon` it first.
   *[other] You already have { $limit } open tables in this server, the most one person may have: finish or `/abandon` one first.
}
table-server-full = { $limit ->
    [one] This server already has an open table, the most it may have: finish it or `/abandon` it first.
   *[other] This server already has { $limit } open tables, the most it may have: wait until one ends, or `/abandon` one.
}
table-invite-self = You are already at this table; invite someone else.
table-invite-bot = { $who } is a bot and cannot play; invite people.
table-invited-twice = { $who } is named twice.
table-too-many-players = { $seats ->
    [one] { $seats } seat cannot
   *[other] { $seats } seats cannot
} hold the { $named } players named.
table-no-table = There is no open table in this channel.
table-closed = This table is closed.
table-nothing-to-resume = There is no paused match of yours in this channel.
table-no-longer-replays = This paused match could not be taken up again after pakka was updated, so it has been closed with no result. Start a new one with /play.
table-stood-in = A computer player is standing in for you: press "I'm back" to take your seat again.
table-not-away = You are playing your seat yourself already.
table-not-seated = You are not seated at this table.
table-not-creator = Only the player who opened this table can do that.
table-not-allowed = Only a player at this table, or a member who may manage messages in this channel, can end it.
table-not-running = This game is not running: a lobby is declined or cancelled with its button.
table-not-invited = This invitation is not for you.
table-already-accepted = You have already accepted.
table-already-seated = You already have a seat at this table.
table-full = Every seat is taken.
table-not-started = The game has not started yet: everyone invited must accept first.
table-already-started = This game has already started; that button belongs to its lobby and changes nothing now.
table-stale = That button belongs to an older position of the game; here is your hand as it stands now.
table-other-shard = This server's games are run by another pakka process, so this one cannot start or take up a table here. Please tell the bot's operator: its SHARDS setting does not match Discord's.
table-internal = Something went wrong on our side; the game is unchanged. Please try again.
table-unavailable = pakka's database is not answering, so nothing was saved and nothing changed. Try again in a moment.
table-unsaved = Your move could not be saved, so nothing changed. Try again in a moment.

# The story of a table (TableView::story, HandView::story).
# Cards that came into a seat's own hand, told only to that seat ($n: how many).
table-new-in-hand = { $n ->
    [one] New in your hand: { $cards }
   *[other] New in your hand ({ $n } cards): { $cards }
}
# The scores of seats tied for one place when they differ (shown as "5 points / 7 points").
table-scores-tied = { $scores }

# Learning at the table (issue 30): hints and computer seats taken over.
table-no-hints = This table was opened without hints: `/play … hints:true` opens one with a 💡 in every hand.
table-no-hint-now = It is not your turn: a hint names your move when you have one to make.
table-seats-not-open = This table's seats are not open: only a table opened with `/play … open_seats:true` lets someone take over a computer player's seat.
table-not-a-computer-seat = That seat is not a computer player's: only a computer player's seat can be taken over, never a person's.
table-event-table = This game is part of a tournament round, so it cannot be paused: play it out, or it ends by itself when the round's time runs out.
table-event-rematch = A tournament's game has no rematch: the tournament pairs its next round itself.
table-no-such-season = This server has no season { $season }. `/scores` without a season shows the current one.
table-took-over = { $who } took over seat { $n } from the computer player ({ $level }).
# A person's move out of turn: seats named, counted from 1 (the engine console says "seat 0").
table-not-your-turn = It is { $waiting ->
    [0] nobody's
   *[other] { $to_act }'s
} turn, not yours ({ $seat }).
