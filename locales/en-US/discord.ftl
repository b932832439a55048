# The Discord front end (src/discord): messages, buttons, notices and the slash commands.

# Seats as Discord names them (src/discord/words.rs).
discord-open-seat = (open seat { $n })
# A person a picture cannot name (their display name is not known yet).
discord-picture-player = Player { $n }
discord-who = { $who }

# The lobby.
discord-lobby-opened = { $creator } opened a table of **{ $game }** for { $seats } players.
discord-lobby-seat = Seat { $n }: { $state }
discord-seat-computer = 🤖 { $who }
discord-seat-open = open — anyone may join
discord-seat-accepted = { $who } ✅
discord-seat-invited = { $who } — invited, please accept
discord-options = Options: { $options } · seed { $seed }
discord-options-defaults = defaults
discord-option = { $name }={ $value }
discord-lobby-hint = Open seats: anyone may join; { $creator } may also `/invite` someone or add a computer player.
discord-button-accept = Accept
discord-button-join = Join
discord-button-add-computer = Add computer player
discord-button-decline = Decline / cancel

# The table message.
discord-table-title = **{ $game }** · move { $number }
discord-table-title-deal = **{ $game }** · deal { $deal } · move { $number }
discord-table-abandoned = This table was abandoned.
discord-table-paused = ⏸ This match is paused: its players can take it up again with `/resume`.
discord-table-computer-moving = ▶ A computer player is moving…
discord-table-waiting = ▶ Waiting for { $who }.
discord-table-stand-in = 🤖 A computer player stands in for { $who } (away).
discord-button-play-again = Play again
discord-button-show-hand = Show my hand
discord-button-words = ❔ Game words
discord-words-title = ❔ **{ $game }**: the words of the game
discord-words-line = • { $word }
discord-button-rules = 📖 Rules
discord-button-full-rules = 📖 Full rules
discord-table-over = 🏁 **Game over** — the result is posted below.
# What happened lately: one public event a line, on the table message and in a hand.
discord-story-line = › { $event }
discord-scores = Scores: { $scores }
# The end of a deal of a match, and of a game: new messages.
discord-deal-over = 📋 **{ $game }** · deal { $deal } is over.
# A match keeps one result in its channel: the latest, with the deals before it one line each.
discord-deals-earlier = Earlier deals:
discord-deals-all = Deal by deal:
discord-deal-line = Deal { $deal }: { $scores }
discord-game-over = 🏁 **{ $game }** is over.
discord-place = { $place }. { $who }
discord-place-points = { $place }. { $who } — { $points }
discord-record = { $who } won { $won } of { $games }
discord-record-line = In this channel so far: { $tally }.

# A player's hand.
discord-hand-over = The game is over.
discord-hand-waiting = Not your turn: this hand comes alive when it is.
discord-start-under-way = A game is being opened in this channel right now: look for its table message in a moment.
discord-hand-moved = This hand moved to a newer message.
discord-hand-closed = The table of **{ $game }** is closed.
discord-ask = ❓ { $question }
discord-ask-default = { $label }?
discord-button-confirm = ✔ Confirm
discord-button-cancel = ✖ Cancel
discord-button-back = ◀ Back
discord-group-title = { $group }:
discord-button-group = { $group } …
discord-choices = Choices { $first }–{ $last } of { $total }.
discord-button-previous = ◀ Previous
discord-button-next = Next ▶
discord-refused = ⚠️ { $reason }

# Notices to the channel and to one person.
discord-your-turn = 🔔 { $who }: your move in **{ $game }**.
# A choice taken from the turn ping without opening one's hand (Kop's "No announcement").
discord-open-done = ✅ { $action } — done. Your hand stays closed until you open it from the table.
discord-away = ⏰ { $who } ran out of time in **{ $game }**: a computer player stands in until you press "I'm back".
discord-button-im-back = I'm back
discord-forfeit-confirm = Give up this game of **{ $game }**? It ends for everyone and counts as a game lost for you; nobody else is charged.
discord-forfeit-or-close = Give up this game of **{ $game }** (a game lost for you), or, as a moderator, close it with no result for anyone?
discord-close-confirm = Close this table of **{ $game }**? It ends for everyone and nothing counts on the leaderboard.
discord-button-forfeit = Give up (a loss for me)
discord-button-close = Close with no result
discord-button-keep-playing = Keep playing
discord-unknown-button = That button is not one pakka knows; nothing was changed.
discord-cancelled = { $who } cancelled the table of **{ $game }**.
discord-game-goes-on = The game goes on.
discord-you-forfeited = You gave up the game.
discord-forfeited = 🏳️ { $who } gave up **{ $game }**: a game lost for them; nobody else is charged.
discord-you-closed = You closed the table.
discord-closed = 🔒 { $who } closed this table of **{ $game }**; nothing counts.
discord-unrestorable = ⚠️ This table of **{ $game }** (game number { $id }) could not be taken up again after pakka was updated, so it has been closed; nothing counts. { $count ->
    [0] Start
   *[other] { $players }: start
} a new game here with `/play`.
discord-left-seat = You left your seat at this table of **{ $game }**; the seat is open again.
discord-lobby-expired = This table of **{ $game }** expired before it started.
discord-paused = ⏸ { $who } paused this match of **{ $game }** after move { $number }. Its players can take it up again here with `/resume`.
discord-no-such-game = There is no game called "{ $name }". The games are: { $ids }.
discord-no-match = There is no match in play in this channel.
discord-command-failed = Something went wrong on our side; nothing was changed. Please try again.
discord-restarting = pakka is restarting; nothing was changed. Try again in a moment.
discord-game-choice = { $name } ({ $id })

# Abuse limits and the checks of every input (src/discord/input.rs, throttle.rs).
discord-slow-clicks = { $seconds ->
    [one] Slow down: you can click again in { $seconds } second.
   *[other] Slow down: you can click again in { $seconds } seconds.
}
discord-slow-play = { $seconds ->
    [one] Slow down: you can open a table with `/play` again in { $seconds } second.
   *[other] Slow down: you can open a table with `/play` again in { $seconds } seconds.
}
discord-unknown-menu = That menu is not one pakka sent; nothing was changed.
discord-unknown-command = pakka has no such command; nothing was changed.
discord-guild-only = This command works only in a server that has added pakka itself (its bot), not in DMs, group DMs or servers where pakka is only on someone's account.
discord-no-thread-here = pakka can only start a thread in a server that has added it; play here without `thread:`.
discord-table-by-interactions = -# pakka can only update this message for 15 minutes after someone presses one of its buttons. If it falls behind, press **{ discord-button-show-hand }**: the table comes up to date and play goes on.
discord-bad-option = An option of `/{ $command }` has a value of the wrong kind or out of its range; nothing was changed.
discord-bad-option-value = "{ $value }" is not a valid value for an option of `/{ $command }`; nothing was changed.
discord-seed-range = The seed must be a whole number from 0 to { $max }.
discord-turn-timer-range = The turn timer must be from { $min } to { $max } minutes.
discord-options-too-long = The options are too long: at most { $max } characters.
discord-invite-me = I deal the cards and cannot take a seat myself: add computer players with `bots`.
discord-invite-not-member = { $who } is not a member of this server; invite people from here.
discord-invite-cannot-see = { $who } cannot see this channel; invite people who can.
discord-invite-in-dm = Only you and pakka are in this DM, so { $who } cannot join here: play them in a group DM or a server, or add computer players with `bots`.

# /scores and /rules.
discord-players = { $exact ->
    [yes] { $min }
   *[no] { $min }–{ $max }
} players
discord-rules-title = **{ $name }** — `{ $id }`, { $players }
discord-rules-title-aliases = **{ $name }** — `{ $id }` (also { $aliases }), { $players }
discord-rules-alias = `{ $alias }`
discord-rules-option = `{ $name }={ $value }`
discord-rules-options = Options (defaults): { $options }

# The slash commands as Discord lists them (at most 100 characters each).
discord-cmd-play = Start a card game in this channel and invite friends to it.
discord-cmd-scores = Show this server's leaderboard.
discord-cmd-rules = A short summary of a game's rules.
discord-cmd-abandon = End the table in this channel (asks to confirm).
discord-cmd-pause = Pause the match in this channel; its players can take it up again later with /resume.
discord-cmd-resume = Take up your paused match in this channel where it stopped.
discord-param-play-game = The game, e.g. pisha-pasha
discord-param-player = A player to invite
discord-param-another-player = Another player
discord-param-seats = Number of seats (open seats can be joined by anyone)
discord-param-seed = Deal a known deck again: the seed shown when a table starts
discord-param-options = Game options as name=value, e.g. stop_rule=true
discord-param-bots = Computer players to fill seats
discord-param-level = How well the computer players play (default normal)
discord-param-turn-timer = Minutes per turn before a computer player stands in (default: no timer)
discord-param-scores-game = Only this game
discord-param-rules-game = The game
discord-back = { $who } is back in **{ $game }**.

# Tables in a thread of their own (/play thread:true, or the server's default).
discord-param-thread = Play in a thread of its own, so the channel keeps one line per game
# The thread's name (at most 100 characters; no mentions work there).
discord-thread-name = { $game } · { $who }
discord-thread-opened = 🧵 { $creator } opened **{ $game }**{ $others ->
    [0] {""}
   *[other] {" "}with { $with }
} — the table is in the thread.
discord-thread-failed = I could not open a thread here (I may lack the permission to create threads), so no table was opened. Try again with `thread:false`.

# Commands' and their parameters' names (Discord: 1–32 lower-case letters, digits, - or _; the
# English names are the code's, other languages' are offered beside them).
discord-name-play = play
discord-name-scores = scores
discord-name-rules = rules
discord-name-abandon = abandon
discord-name-pause = pause
discord-name-resume = resume
discord-name-invite = invite
discord-name-settings = settings
discord-name-game = game
discord-name-player = player
discord-name-player-n = player{ $n }
discord-name-seats = seats
discord-name-seed = seed
discord-name-options = options
discord-name-bots = bots
discord-name-level = level
discord-name-turn-timer = turn_timer
discord-name-thread = thread
discord-name-threads = threads
discord-name-images = images
discord-name-language = language

# /invite and /settings.
discord-cmd-invite = Invite someone to an open seat of the lobby in this channel.
discord-cmd-settings = This server's settings for pakka (changing them needs Manage Server).
discord-param-invite-player = The person to invite
discord-param-settings-threads = Play every new table in a thread of its own
discord-param-settings-images = Show a picture of the cards on table and hand messages
discord-param-settings-language = The language of the tables and other public messages
discord-invited = { $who }: { $creator } invites you to **{ $game }** — accept on the lobby message.
discord-settings = Tables in threads of their own by default: { $threads ->
    [yes] on
   *[no] off
}. Pictures of the cards on table and hand messages: { $images ->
    [yes] on
   *[no] off
}. Language of tables and public messages: { $language }. Change them with `/settings threads:`, `/settings images:` and `/settings language:`.
discord-settings-changed = From now on, new tables are played { $threads ->
    [yes] in threads of their own (`/play … thread:false` still plays one here).
   *[no] in the channel (`/play … thread:true` still opens a thread).
}
discord-settings-images-changed = From now on, table and hand messages { $images ->
    [yes] show a picture of the cards beside their text.
   *[no] are text only.
}
discord-settings-language-changed = From now on, tables and public messages are in { $language }; what only you see follows your own Discord language.
# A language offered to /settings language: its own name and its code.
discord-language-choice = { $name } ({ $code })
discord-settings-unknown-language = pakka does not speak "{ $language }"; it speaks { $languages }.
discord-settings-not-allowed = Only members who may manage this server can change its settings.

# The channel permissions a table needs, by their names in Discord's settings.
discord-missing-permissions = I cannot open a table in this channel: I lack { $count ->
    [one] this permission
   *[other] these permissions
} here: { $permissions }. A server manager can give { $count ->
    [one] it
   *[other] them
} to my role in the channel's settings (Edit Channel → Permissions), then try `/play` again.
discord-table-waits = This table is waiting: I can no longer post or edit its messages in this channel, as I lack { $count ->
    [one] this permission
   *[other] these permissions
} here: { $permissions }. A server manager can give { $count ->
    [one] it
   *[other] them
} back to my role in the channel's settings (Edit Channel → Permissions). Nothing is lost: the turn clocks and the computer players wait, and the game carries on by itself once { $count ->
    [one] it is
   *[other] they are
} back.
permission-view-channel = View Channel
permission-send-messages = Send Messages
permission-read-message-history = Read Message History
permission-embed-links = Embed Links
permission-attach-files = Attach Files
permission-create-public-threads = Create Public Threads
permission-send-messages-in-threads = Send Messages in Threads

# Learning at the table (issue 30): `/play hints:` and `open_seats:`, the lines a lobby and a
# table show for them, 💡 in a hand and its private answer, and a computer's seat taken over.
discord-name-hints = hints
discord-param-hints = A 💡 in every hand names the move the normal computer player would make (the game is then unrated)
discord-name-open-seats = open_seats
discord-param-open-seats = Anyone not seated may take over a computer player's seat while the game runs
discord-hints-on = 💡 Hints are on: every hand has a 💡 button that names the move the normal computer player would make, and why. This game is unrated: it changes no rating and no record.
discord-open-seats-on = 🪑 Open seats: anyone who is not seated may take over a computer player's seat while the game runs.
discord-unrated-taken-over = This game is no longer rated: a person took over a computer player's seat.
discord-button-take-seat = 🪑 Take over { $who }
discord-button-hint = 💡 Hint
discord-hint = 💡 The normal computer player would choose **{ $action }**. { $why }

# The Activity's window (crates/web), opened from the table message.
discord-button-open-window = Open the table
discord-window-off = The table's window is not available on this bot.
discord-window-other-channel = This table is not the one open in this channel; its window opens from its own channel.
discord-launch-description = Open the window on this channel's table
