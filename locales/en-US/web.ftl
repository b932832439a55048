# The Activity's window (crates/web): what a window shows and its refusals.

# A seat as a window names it: a person by their Discord name, a computer player as
# `seat-computer` (common.ftl) says.
web-seat = { $who }

# Notices.
web-no-table = No table is open in this channel yet. Start one with `/play`; it appears here at once.
web-restarting = pakka is restarting. This window comes back by itself in a moment.

# Refusals (nothing changed).
web-bad-session = This window's sign-in is not valid any more. Close the window and open it again.
web-bad-instance = This window does not belong to this channel's activity. Close it and open the table again from its channel.
web-other-process = This window reached a part of the bot that does not serve this server. Close it and open it again; if it keeps happening, tell the bot's owner.
web-discord-unwell = Discord did not answer. Try again in a moment.
web-other-table = That move was for another table than this window shows.
web-bad-frame = The window sent something pakka does not understand. Reload the window.
web-too-fast = Slow down a little: that was too many moves at once.
web-flood = Too many requests from this window; it was closed. Reload it to play on.

# Before a table arrives, and the window's own buttons.
web-signing-in = Signing in with Discord…
web-reconnecting = Connection lost. Reconnecting…
web-confirm-yes = Yes, do it
web-confirm-no = Cancel
web-failed = The window could not start. Close it and open it again.

# The game's rules in brief, under a button of the window: its summary, then its own words.
web-rules = 📖 Rules
web-rules-words = The words of the game
web-rules-word = • { $word }

# Taking over a computer player's seat (a table with open seats), and hints (a table with hints).
web-take-seat = 🪑 Take over { $who }
web-hint = 💡 Hint
web-hint-says = 💡 The normal computer player would choose { $action }. { $why }

# The table drawn in the window: its regions as a screen reader names them, a face-down card,
# choosing cards for a move of several, and the people in the activity.
web-hand-region = Your hand
web-table-region = The table
web-story-region = What happened
web-trick-region = The trick
web-card-back = Face-down card
web-clear-selection = Clear the choice
web-choose-cards = Tap cards to choose them, then a move below.
web-participants = In this activity
# A move that plays cards, as a screen reader says it: a plain play by its cards, another move
# (Red7's palette or canvas) by its button's label, then its cards.
web-play-spoken = Play { $cards }
web-act-spoken = { $action }: { $cards }

# A lobby in the window: how many seats wait, and the table's controls.
web-lobby-waiting = { $open ->
    [0] { $invited ->
        [0] Every seat is taken.
        [one] Waiting for { $invited } invited player to accept.
       *[other] Waiting for { $invited } invited players to accept.
    }
    [one] { $open } seat is open: anyone here may take it.
   *[other] { $open } seats are open: anyone here may take one.
}
web-control-join = Take a seat
web-control-accept = Accept
web-control-decline = Decline
web-control-leave = Leave the table
web-control-add-computer = Add a computer player
web-control-back = I'm back
web-control-rematch = Play again
web-control-forfeit = Give up
web-control-forfeit-confirm = Give up this game? It ends for everyone at the table.
web-control-pause = Pause the match
web-control-resume = Resume the match
web-control-leaderboard = Leaderboard

# Opening a table from the window, in a channel without one.
web-setup-title = Start a table
web-setup-text = No table is open in this channel yet. Choose a game and open one here, or use `/play`.
web-setup-game = Game
web-setup-seats = Seats
web-setup-computers = Computer players
web-setup-level = Their level
web-setup-open = Open the table
web-setup-option-on = On
web-setup-option-off = Off
web-board-title = Leaderboard: { $game }
web-unknown-game = pakka has no game "{ $game }".
web-board-someone = a player
web-board-empty = No results yet.
