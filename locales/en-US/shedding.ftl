# The two shedding games, Paskahousu and Pöytäpaska (src/rules/shedding.rs): the table, the
# buttons, the refusals and the events they share.

# The table.
shedding-turn = Turn: { $who }{ $opening ->
    [yes] {" "}(opening with all the lowest cards)
   *[no] {""}
}{ $free ->
    [yes] {" "}(nobody can move: any card may be played)
   *[no] {""}
}
shedding-pile-empty = Pile: empty
shedding-pile = Pile: { $count } — { $hidden ->
    [0] {""}
   *[other] {"… "}
}{ $cards } (top { $top })
shedding-stock = Stock: { $stock } · out of the game: { $cleared }
shedding-out = Out: { $seats }
shedding-out-place = { $who } ({ $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
})
shedding-over-loser = Game over — { $loser } is left holding cards and loses.
shedding-went-out-nth = { $who } { $place ->
    [1] first
    [2] second
    [3] third
    [4] fourth
    [5] fifth
   *[other] { $place }th
}
shedding-over-stalemate = Game over — stalemate: nothing changed for { $moves } moves; { $still } share the last place.

# The buttons.
shedding-play-group = Play { $rank ->
    [J] jacks
    [Q] queens
    [K] kings
    [A] aces
   *[other] { $rank }s
}
shedding-take = Take the pile
shedding-draw = Draw and try
shedding-flip = Try face-down card { $position }

# Refusals.
shedding-opening = The game opens with all your { $rank ->
    [J] jacks
    [Q] queens
    [K] kings
    [A] aces
   *[other] { $rank }s
}: play { $cards }.
shedding-nothing-to-take = The pile is empty: there is nothing to take.
shedding-nothing-to-draw = The stock is empty: there is nothing to draw.
shedding-no-card = Name at least one card to play.
shedding-not-standard = Those are not cards of this game.
shedding-mixed-ranks = Cards played together must all be of one rank.
shedding-twice = You named the same card twice.
shedding-not-held = You do not hold { $card }.
shedding-court-opening = A new pile may not start with a jack, queen or king.
shedding-only-on-itself = { $rank ->
    [A] Only an ace may go on an ace.
   *[other] Only a { $rank } may go on a { $rank }.
}
shedding-ace-on-courts = An ace may only go on a jack, queen or king.
shedding-ten-not-on-courts = A 10 may not go on a jack, queen or king.
shedding-courts-need = Jacks, queens and kings need a { $min } or higher on top of the pile, not a { $top }.
shedding-low-not-on-courts = { $rank ->
    [J] Jacks
    [Q] Queens
    [K] Kings
    [A] Aces
   *[other] { $rank }s
} may not go on a jack, queen or king.
shedding-lower = { $rank ->
    [J] Jacks
    [Q] Queens
    [K] Kings
    [A] Aces
   *[other] { $rank }s
} are lower than the { $top } on top of the pile.

# Events.
shedding-event-played = { $who } plays { $cards }{ $from ->
    [stock] {" "}from the stock
    [face-up] {" "}from the face-up cards
    [face-down] {" "}from the face-down cards
   *[hand] {""}
}.
shedding-event-drew = { $who } draws and turns { $card }.
shedding-event-refilled = { $who } draws { $cards } from the stock.
shedding-event-took = { $who } takes the pile: { $cards }.
shedding-event-cleared = { $who } clears the pile: { $cards } out of the game.
shedding-event-passed = { $who } has no move and passes.
shedding-event-free-play = Nobody can move: { $who } may play any card.
shedding-event-out = { $who } goes out in { $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
} place.

# Why a choice is narrower than the hand suggests (shedding::why), and the words both games
# share for the table's ❔ button.
shedding-why-two = Only a 2 may go on a 2.
shedding-why-none = Nothing in your hand may go on { $top }: take the pile or try your luck.
shedding-word-take = Take the pile: when you cannot or will not play, the whole pile goes to your hand and the turn passes.
shedding-word-draw = Draw and try: turn the stock's top card instead; if it may go on the pile it is played, else it goes to your hand with the pile.
shedding-word-loser = Out: once the stock is gone, whoever empties their cards is out; the last player left holding cards loses.
