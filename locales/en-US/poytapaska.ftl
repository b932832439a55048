# Pöytäpaska (src/rules/poytapaska): its name, the table cards, refusals and events of its own;
# the rest is shared with Paskahousu in shedding.ftl.

poytapaska-name = Pöytäpaska
poytapaska-summary = Paskahousu with table cards, for 2–3. Besides a five-card hand, everyone has four face-down and four face-up cards on the table. Play one or more cards of a rank onto the pile, equal to or higher than its top (3 low … K, A, 2 high); court cards need a 6 or higher below them, an ace goes only on a court card or an ace, only a 10 on a 10 and only a 2 on a 2. A 10 on a lower card, an ace on a court card, or four of a rank on top clear the pile, and you play again. Cannot or will not play? Take the pile, or draw and try the stock's top card. With the stock and your hand gone, play your face-up cards, then your face-down ones blind. The last player holding cards loses.

poytapaska-seat = { $who } — hand { $hand } · face up { $up } · face down { $down }
poytapaska-none = none
poytapaska-face-down = 🂠{ $position }
poytapaska-sep-space = { " " }
poytapaska-your-table = Your table cards: face up { $up } · { $down } face down{ $from ->
    [face-up] {" "}— playing your face-up cards
    [face-down] {" "}— playing your face-down cards
   *[hand] {""}
}
poytapaska-play-face-up = { $play } (face up)

poytapaska-face-down-now = Your hand and face-up cards are gone: try a face-down card (or take the pile).
poytapaska-face-up-too-early = Face-up cards may be played only once the stock and your hand are empty.
poytapaska-hand-and-face-up = Hand and face-up cards are never played together.
poytapaska-not-face-up = { $card } is not one of your face-up cards.
poytapaska-no-such-position = Face-down positions are numbered 1 to 4.
poytapaska-face-down-too-early = Face-down cards are tried only once the stock, your hand and your face-up cards are all gone.
poytapaska-face-up-first = Play your face-up cards before trying a face-down one.
poytapaska-already-tried = Your face-down card { $position } has already been played.

poytapaska-event-tried = { $who } turns face-down card { $position }: { $card }.

# The game's own words, one line each (the table's ❔ button).
poytapaska-word-face-up = Face up: your four open table cards, played once the stock and your hand are empty.
poytapaska-word-face-down = 🂠1 🂠2 🂠3 🂠4: your face-down table cards by position, played blind one at a time once your hand and face-up cards are gone.

# The end of the game (the table's own line is shedding-over-loser).
poytapaska-event-over = Game over — { $loser } is left holding cards and loses: Pöytäpaska has one loser and no winner. The others went out: { $order }.

# The picture: captions of a seat's table cards.
poytapaska-picture-face-up = Face up
poytapaska-picture-face-down = Face down
