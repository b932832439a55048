# Paskahousu (src/rules/paskahousu): its name, the table, refusals and events of its own; the
# rest is shared with Pöytäpaska in shedding.ftl.

paskahousu-name = Paskahousu
paskahousu-summary = The Finnish shedding game "shitty pants" for 2–6. Everyone holds five cards, refilled from the stock. Play one or more cards of a rank onto the pile, equal to or higher than its top (3 low … K, A, 2 high). Court cards need a 7 or higher below them, an ace goes only on a court card, a 2 goes on anything but only a 2 on a 2. A 10 burns a pile of 3–9, an ace burns a pile of court cards, and four of a rank on top burn it too — then you play again. Cannot or will not play? Take the pile, or draw and try the stock's top card. Once the stock is gone, empty your hand to go out; the last one holding cards is the paskahousu.

paskahousu-seat = { $who } — { $cards } in hand
paskahousu-courts-dead = Every low card is gone: J, Q and K may now start a pile.

paskahousu-no-face-down = Paskahousu has no face-down cards.
paskahousu-no-draw-and-try = This table plays without draw-and-try.

paskahousu-event-picked-up = { $who } picks up { $cards }, played on an empty pile, and misses a turn.

# The game's own words, one line each (the table's ❔ button).
paskahousu-word-ranks = Ranks: 3 is the lowest, then up to K and A, and 2 is the highest; a 2 goes on anything, but only a 2 on a 2.
paskahousu-word-empty-ace = An ace or a 10 on an empty pile: it does not clear the pile; the next player must pick it up and misses their turn.

# The end of the game (the table's own line is shedding-over-loser).
paskahousu-event-over = Game over — { $loser } is left holding cards and is the paskahousu, the game's one loser. The others went out: { $order }; the first one out wins.
