# Mätäpesä (src/rules/matapesa): the table, refusals and events.

matapesa-name = Mätäpesä
matapesa-summary = The Finnish Cucumber, for 3 to 8 players: the whole deck is dealt evenly, leftovers face up. Suits never matter. The leader plays any card; everyone else plays a card at least as high as the highest so far, or one of their lowest rank. The highest card wins the trick (among equals, the last one played) and leads the next. Whoever wins the last trick loses.

matapesa-over = Game over: { $loser } won the last trick and loses (and deals next).
matapesa-turn = Turn: { $who } · { $tricks ->
    [one] { $tricks } trick
   *[other] { $tricks } tricks
} to play
matapesa-seat = { $who } — { $hand } in hand · { $tricks ->
    [one] { $tricks } trick
   *[other] { $tricks } tricks
} · played: { $played }
matapesa-leftovers = Face up, out of play: { $cards }

# The picture of the table.
matapesa-picture-leftovers = Out of play
matapesa-picture-played = Played
matapesa-picture-loser = Loses

matapesa-not-held = You do not hold { $card }; play { $instead } instead.
matapesa-none-of-rank = You hold no { $rank ->
    [J] jacks
    [Q] queens
    [K] kings
    [A] aces
   *[other] { $rank }s
}.
matapesa-why-too-low = Only a card of rank { $high } or higher, or one of your lowest rank ({ $lowest }), may follow now.
matapesa-too-low = Play a card of rank { $high } or higher, or one of your lowest rank ({ $lowest }); { $card } is neither.


# The game's own words, one line each (the table's ❔ button).
matapesa-word-lowest = Your lowest rank: when you cannot (or will not) play as high as the highest card so far, play one of your lowest cards instead.
matapesa-word-leftovers = Out of play: the cards left over when the deck does not divide evenly, shown face up.

matapesa-event-over = Game over: { $loser } won the last trick, and whoever wins the last trick loses the game. Everyone else is safe; { $loser } deals the next game.

# Why the normal computer player chooses a move (rules::Why), for a hint.
why-matapesa-shed-high = More than two tricks are left: get rid of your highest card now, since only the last trick loses.
why-matapesa-low-late = Two tricks or fewer are left: play your lowest card to keep clear of the last trick.
