# Words every game and every front end shares: seats, cards, counts, separators, and the
# refusals of the rules core.

# The language's own name, as /settings shows it.
language-name = English
seat-fallback = Seat { $n }
# A computer player's seat, as every front end names it (crates/edge/src/seats.rs).
seat-computer = Computer { $n } ({ $level })
card-fool = Fool
# A Red7 card by its colour's name (letter R O Y G B I V) and number: "Indigo 5".
card-red7 = { $colour ->
    [R] Red
    [O] Orange
    [Y] Yellow
    [G] Green
    [B] Blue
    [I] Indigo
   *[V] Violet
} { $n }
# A card as it is said (a screen reader's name of a card in the window): rank (2…14, the ace 14) and suit (S, H, D, C) as letters.
card-spoken = { $rank ->
    [14] Ace
    [13] King
    [12] Queen
    [11] Jack
   *[other] { $rank }
} of { $suit ->
    [S] spades
    [H] hearts
    [D] diamonds
   *[C] clubs
}
card-trump-spoken = Trump { $n }
cards-none = —

sep-dot = { " · " }
sep-comma = {", "}
sep-or = { " or " }

count-cards = { $n ->
    [one] { $n } card
   *[other] { $n } cards
}

# The refusals of the rules core (src/rules/mod.rs, dyngame.rs).
rule-game-over = The game is over.
rule-seat = seat { $n }
rule-not-your-turn = It is { $waiting ->
    [0] nobody
   *[other] { $to_act }
}'s turn, not seat { $seat }'s.
act-not-an-action = { $action } is not an action of { $game }: { $detail }.
act-no-such-index = there is no action number { $index }
refusal-not-a-card = { $card } is not a card of this game.

# Setting a game up (src/rules/mod.rs, registry.rs).
setup-seats = { $game } is played by { $exact ->
    [yes] { $min }
   *[no] { $min } to { $max }
} players, not { $got }.
# A seat count that one of the game's yes/no options allows (GameInfo::refusal): the option named.
setup-seats-option = { $refusal } For { $got } players, set the option { $option }=true.
setup-options = Bad options: { $detail }
setup-deck-size = Bad deck: the deck has { $got } cards; this game uses { $want }
setup-deck-doubled = Bad deck: { $card } appears more than once in the deck
setup-deck-foreign = Bad deck: { $card } is not a card of this game's deck
setup-dealer = The dealer must be one of the seats 0–{ $last }, not { $dealer }.
game-unknown = { $id }
options-not-name-value = Write options as name=value, e.g. { $example }.
options-none = { $game } has no options.
options-unknown = { $game } has no option "{ $name }"; its options are { $known }.
options-not-bool = { $name } is true or false, not "{ $value }".
options-not-choice = { $name } is one of { $choices }, not "{ $value }".

# Tricks, shared by the trick-taking games (src/rules/present.rs).
trick-play = { $who } { $card }
trick-plays = { $plays }
trick-now = Trick: { $plays }
trick-last = Last trick: { $plays } — won by { $winner }
event-trick-won = { $who } won trick { $trick }.

# Seat lists and trick lines whose grammar suits any seat name, "You" included; the turn
# passing to a seat (Pishe Pasha, Red7, Kop, Whist 22).
sep-and = { " and " }
event-turn = Next to play: { $who }.
trick-to-lead = Trick: { $who } to lead
event-card-played = { $who } played { $card }.

# Shared by Paston and Teka (src/rules/present.rs and their present.rs).
trick-numbered-lead = Trick { $n }: { $who } to lead.
trick-numbered-play = Trick { $n }: { $plays } — { $who } to play.
hand-yours = Your hand: { $cards }
# A button that plays cards, the same in every game (present::play_label): the bare card
# or the set, "7♥" or "6♠ 6♥".
action-play = { $cards }
event-trick-taken = { $who } won the trick: { $plays }.
refusal-not-held = You do not hold { $card }.
refusal-must-follow = You must follow suit: play a { $suit }.

# A score as most games count it (Present::score); a game that counts otherwise has its own.
score-points = { $points ->
    [one] { $points } point
   *[other] { $points } points
}
sep-slash = { " / " }

# Issue 13, helper A: the seat's whole hand and scores as a game counts them
# (src/rules/present.rs: hand, scores).
hand-yours-empty = Your hand: no cards
seat-score = { $who } { $score }
# The decimal separator of numbers shown with a decimal (ratings).
decimal-separator = {"."}

# Why a rule of thumb chose a move (rules::Why), for a hint: one line each, true of the move.
why-only = It is the only move you have.
why-go-out = It plays your last cards: you go out.
why-clear-pile = It clears the pile, and you play again.
why-pick-up = A lone 10 or ace on an empty pile: the next player must pick it up and misses a turn.
why-shed-low = It gets rid of your lowest cards that may go; higher cards are worth more on higher piles later.
why-block = The next player is about to go out, and this card is hard for them to beat.
why-draw-and-try = Turning the stock's top card may save you from taking the pile: on average it costs less than taking it now.
why-take-pile = Nothing else you may do here leaves you better off than taking the pile.
why-blind = Face-down cards are tried blind, one after another.
why-weighed = The normal computer player weighs every move by what it leaves you with, and this one comes out best.
# The card play Teka and Paston share (rules::trick_play).
why-draw-trumps = You are the declarer and hold the highest trump still out: lead trumps to draw the opponents' trumps.
why-lead-trumps = You are the declarer with four or more trumps: lead trumps in the first tricks.
why-lead-master = Nobody else can hold a higher card of its suit.
why-lead-long-suit = Lead from your longest side suit.
why-lead-trumps-only = You have only trumps to lead.
why-cover-partner = A player still to come could beat your partner's card: go over it with a high card.
why-partner-wins = Your partner is winning the trick: keep your good cards and play your cheapest.
why-cannot-win = Nothing you may play takes this trick: play your cheapest card.
why-win-cheapest = No opponent plays after you: take the trick with the cheapest card that wins it.
why-ruff = You have none of the suit led: take the trick with the lowest trump that wins it.
why-second-hand-low = Your partner still plays after you: keep your high cards and play your cheapest.
why-win-high = An opponent still plays after you: play high to take the trick.
