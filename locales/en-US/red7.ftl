# Red7 (src/rules/red7): colours and their rules, the table, buttons, confirm questions,
# refusals and events. Card notation (R7) is not a word and comes from the code.

red7-name = Red7
red7-summary = Each player builds a face-up palette, and the colour on top of the canvas says who is winning: Red the highest card, Orange most cards of one number, Yellow most of one colour, Green most even cards, Blue most different colours, Indigo the longest run, Violet most cards below 4 (ties: the higher card, number first, then colour R O Y G B I V). On your turn play a card to your palette, a card to the canvas to change the rule, or both — if you are not winning when your turn ends, you are out. The last player standing wins. Advanced game: a canvas card above your palette's size draws a card, and each round's winner scores the numbers of their qualifying cards, to 40 (2 players), 35 (3) or 30 (4) points.

red7-colour-red = Red
red7-colour-orange = Orange
red7-colour-yellow = Yellow
red7-colour-green = Green
red7-colour-blue = Blue
red7-colour-indigo = Indigo
red7-colour-violet = Violet

red7-rule-red = highest card
red7-rule-orange = most cards of one number
red7-rule-yellow = most cards of one colour
red7-rule-green = most even cards
red7-rule-blue = most different colours
red7-rule-indigo = most cards in a run
red7-rule-violet = most cards below 4

red7-score = { $who } { $points }
red7-round-scores = Round { $round } · scores: { $scores } (match to { $target } points)
red7-last-round = Round { $round }: { $who } won and scored { $points } ({ $cards })
red7-canvas = Canvas: { $colour }: { $rule } ({ $top })
red7-canvas-top = top { $card }
red7-canvas-start = the starting Red card
red7-seat = { $who } — palette { $palette } · { $hand ->
    [one] { $hand } card
   *[other] { $hand } cards
} in hand{ $winning ->
    [yes] {" · winning"}
   *[no] {""}
}
red7-seat-out = { $who } — out of the round, the { $place ->
    [1] first
    [2] second
    [3] third
   *[other] { $place }th
} to drop out · { $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
} face down
red7-scored = {"  "}scored: { $cards }
red7-winning = Winning now: { $who }
red7-winning-nobody = Winning now: nobody
red7-draw-pile = Draw pile: { $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
}
red7-turn = Turn: { $who }{ $played ->
    [yes] {" (has played to the palette)"}
   *[no] {""}
}
red7-over = Game over: { $winners } won.
red7-over-target = Game over: { $winners } won the match by reaching { $target } points first ({ $points } in all). Each round's winner scores the numbers of their palette cards that follow the last rule.
red7-over-cards = Game over: too few cards are left for another round, so { $winners } won the match with the most points: { $points ->
    [one] { $points } point
   *[other] { $points } points
} (the target was { $target }). Each round's winner scores the numbers of their palette cards that follow the last rule.

# The picture of the table.
red7-picture-round = Round { $round } · to { $target } points
red7-picture-canvas = Canvas: { $colour }
red7-picture-draw-pile = Draw pile
red7-picture-palette = Palette
red7-picture-palette-out = Palette (out)

red7-action-palette = { $card } → palette · { $winning ->
    [yes] winning
   *[no] not winning
}
red7-action-canvas = { $card } → canvas ({ $colour }) · { $winning ->
    [yes] winning
   *[no] not winning
}{ $draws ->
    [yes] {" · draw 1"}
   *[no] {""}
}
red7-action-end-winning = End turn · winning
red7-action-end-not-winning = End turn · not winning: out
red7-action-end-nothing-played = End turn · nothing played: out
red7-action-end-no-cards = End turn · no cards left: out

red7-confirm-canvas = With { $card } on the canvas ({ $colour }) you are not winning: play it and be out?
red7-confirm-end-not-winning = You are not winning: end your turn and be out?
red7-confirm-end-nothing-played = You have played nothing: end your turn and be out?

red7-end-is-legal = You may end your turn now.
red7-not-a-card = { $card } is not a Red7 card.
red7-palette-done = You have already played to your palette this turn: play a card to the canvas or end your turn.
red7-no-cards = You have no cards left: you can only end your turn.
red7-not-held = You do not hold { $card }.

red7-event-round-started = Round { $round }: the palettes show { $palettes }; { $who } starts.
red7-event-palette = { $who } plays { $card } to their palette.
red7-event-canvas = { $who } plays { $card } to the canvas: the rule is now { $colour }.
red7-event-drew = { $who } draws a card.
red7-event-out-nothing-played = { $who } played nothing and is out.
red7-event-out-not-winning = { $who } is not winning at the end of their turn and is out.
red7-event-round-won = { $who } is the last player standing (everyone else is out) and wins round { $round }.
red7-event-round-scored = { $who } is the last player standing (everyone else is out) and wins round { $round }, scoring { $points ->
    [one] { $points } point
   *[other] { $points } points
}: the numbers of their palette cards that follow the last rule ({ $cards }).

# The game's own words, one line each (the table's ❔ button).
red7-word-palette = Palette: your face-up cards in front of you; the rule counts only them.
red7-word-canvas = Canvas: the middle pile; the colour of its top card is the rule that says who is winning.
red7-word-out = Out: a player not winning when their turn ends drops out of the round; the last one standing wins it.

# Why the normal computer player chooses a move (rules::Why), for a hint.
why-red7-end-winning = You are winning after your palette card: end the turn and keep your other cards.
why-red7-palette = With this card in your palette you are winning under the current rule, and no weaker card does that.
why-red7-canvas = On the canvas its colour becomes a rule under which you are winning, and no weaker card does that.
why-red7-palette-then-canvas = With it in your palette, a card left in your hand can change the rule so that you are winning.
why-red7-no-win = Nothing you may play leaves you winning: you are out whatever you do.
