# Pishe Pasha (src/rules/pishe_pasha): the table, buttons, refusals and events.

pishe-name = Pishe Pasha
pishe-summary = A two-player race to get rid of a face-down stock. Turn cards one at a time: aces start the foundations (one per suit, built up A to K) and any card that fits a foundation must go there; a card one rank above or below an opponent's discard top may be given to them; the first card you cannot or will not place goes on your own discard pile and ends your turn. Empty your stock and discard pile first to win a point for every card your opponent still holds. Variants: three players with one centre foundation, a single foundation for two, the stop rule, and the book version (pure chance).

pishe-book-step = Step { $step } · waiting for { $waiting } to flip
pishe-turn = Turn: { $who }
pishe-seat = { $who } — stock { $stock } · discard pile { $pile }
pishe-pile-empty = empty
pishe-pile = { $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
}: { $more ->
    [yes] …{" "}
   *[no] {""}
}{ $shown } (top { $top })
pishe-yours = Your cards: { $stock ->
    [one] { $stock } card
   *[other] { $stock } cards
} in your stock, face down (nobody sees them) · your discard pile { $pile }
pishe-foundations = Foundations: { $piles }
pishe-foundation-suit = { $suit } { $top }
pishe-foundation-single = { $top } ({ $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
})
pishe-turned-card = Turned card: { $card }
pishe-breach = { $who } broke a rule: an opponent may call Stop!
pishe-stop-called = { $who } called Stop: correct the play or take over the turn.

# The picture of the table.
pishe-picture-foundation = Foundation
pishe-picture-foundation-suit = { $suit }
pishe-picture-discards = Discard pile
pishe-picture-turned = Turned card
pishe-picture-breach = Broke a rule
pishe-picture-stop = Called Stop

pishe-action-turn = Turn a card
pishe-action-give = Give { $card } to { $to }
pishe-action-discard = Discard { $card }
pishe-action-foundation = { $card } to the foundation
pishe-action-stop = Stop!
pishe-action-correct = Correct the play
pishe-action-take-over = Take over the turn
pishe-action-flip = Flip

pishe-flip-outside-book = Flip belongs to the book version of Pishe Pasha.
pishe-only-flip = In the book version the only move is Flip.
pishe-stop-was-called = Stop was called: choose Correct or Take over.
pishe-no-stop-rule = This table does not play the stop rule.
pishe-no-breach = There is no breach to stop.
pishe-own-breach = You cannot stop your own breach.
pishe-nobody-stopped = Nobody has called Stop.
pishe-only-stop = It is seat { $turn }'s turn; you may only call Stop.
pishe-place-turned-card = Place the turned card first.
pishe-nothing-to-discard = There is no turned card to discard: turn one first.
pishe-foundation-automatic = Foundation plays are made for you in this game.
pishe-no-foundation = { $card } does not fit a foundation.
pishe-no-card-to-play = You have no card to play.
pishe-no-such-seat = There is no seat { $seat } at this table.
pishe-give-to-self = You cannot give a card to yourself.
pishe-no-card-to-give = You have no card to give: turn a card first.
pishe-no-discard-pile = Seat { $seat } has no discard pile to give to yet.
pishe-does-not-fit = { $card } does not fit on seat { $seat }'s discard pile: it must be one rank above or below { $top }.

pishe-event-turned = { $who } turns { $card }.
pishe-event-stock-renewed = { $who } turns the discard pile over as a new stock ({ $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
}).
pishe-event-to-foundation = { $who } plays { $card } to a foundation.
pishe-event-gave = { $who } gives { $card } to { $to }.
pishe-event-discarded = { $who } discards { $card }.
pishe-event-stopped = { $who } calls Stop on { $offender }.
pishe-event-corrected = { $who } corrects { $offender }'s play.
pishe-event-took-over = { $who } takes over the turn from { $offender }.
pishe-event-flipped = { $who } flips { $card }.
pishe-event-captured = { $who } captures { $from }'s discard pile ({ $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
}).
pishe-event-went-out = Game over: { $who } emptied their stock and discard pile first and wins, scoring { $points ->
    [one] { $points } point
   *[other] { $points } points
}: one for each card the others still hold in their stock and discard pile.
pishe-event-no-cards = Game over: { $who } wins, because the other player has no cards left.
pishe-event-repetition = Game over: the position repeats, so whoever holds more cards wins: { $who }.
pishe-event-repetition-draw = Game over: the position repeats and both hold as many cards, so it is a draw.
pishe-event-step-cap = Game over: the step limit is reached, so whoever holds more cards wins: { $who }.
pishe-event-step-cap-draw = Game over: the step limit is reached and both hold as many cards, so it is a draw.
pishe-event-over = The game is over.

# The game's own words, one line each (the table's ❔ button).
pishe-word-foundation = Foundation: a pile in the middle, one per suit, started by an ace and built up to the king; a card that fits must go there.
pishe-word-give = Give: put a card one rank above or below an opponent's discard top onto their discard pile.
pishe-word-discard = Discard pile: where the card you cannot or will not place goes; it ends your turn.

# Why the normal computer player chooses a move (rules::Why), for a hint.
why-pishe-foundation = It fits a foundation, and a card that fits one must go there.
why-pishe-give = It fits an opponent's discard pile: giving it away empties your piles and fills theirs.
why-pishe-stop = An opponent broke a rule: call Stop.
why-pishe-take-over = After your Stop, take the turn: the offender's turn ends at once, and yours begins.
