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
