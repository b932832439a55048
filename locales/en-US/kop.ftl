# Kop (src/rules/kop): the table, the declarations, refusals and events. Sentences never make a
# seat the subject of a present-tense verb, so they read well with any name ("You" included).

kop-name = Kop
kop-summary = A tiny trick-taking game for four with 16 cards (A, 10, Q, J). Twelve cards are trumps, from A♥ 10♥ Q♣ Q♠ down to A♦ 10♦; the black aces and tens are side suits. The holders of Q♣ and Q♠ are secret partners; a player with both may call a wedding, stay silent or play solo. Follow suit, else trump, and beat the trick when you can. A side needs 53 of the 104 card points; winners take victory cards from losers (2 each in a solo). Everyone starts with 5; the match ends when someone has none.

kop-deal = Deal { $deal } · dealer { $dealer }
kop-waiting = Before the first lead, waiting for { $seats } to declare (only the holder of both black queens may announce a wedding or a solo).
kop-turn = Turn: { $who }
kop-over = The match is over: { $winners } won, holding the most victory cards.
kop-announcement = { $declaration ->
    [wedding] { $who } announced a wedding: the partner is the holder of the highest jack not in the caller's hand.
   *[solo] { $who } announced a solo, alone against the other three.
}
kop-partner-of = You hold the called jack: you are { $caller }'s partner.
kop-silent-alone = You hold both black queens and play alone, unannounced.
kop-one-queen = You hold a black queen: your partner holds { $card }.
kop-last-trick = { $last } ({ $points ->
    [one] { $points } point
   *[other] { $points } points
})
kop-points-taken = Card points taken: { $seats }
kop-scores = Scores: { $seats }
kop-score = { $n ->
    [one] { $n } victory card
   *[other] { $n } victory cards
}
kop-seat-figure = { $who } { $n }
kop-seat-change = { $who } { $change } (now { $n })
kop-round = Deal { $deal }: { $contract }. { $outcome }
kop-round-even = Each side took 52 of the 104 card points, and a side needs 53 to win, so nobody won and no victory cards moved.
kop-round-won = { $winners } won with { $points } of the 104 card points (53 needed; the other side took { $others }). Victory cards: { $changes }.
kop-contract-queens = { $clubs } and { $spades } held the black queens and played together
kop-contract-wedding = { $caller } called a wedding and played with { $partner }
kop-contract-silent = { $who } held both black queens and played alone without saying so
kop-contract-solo = { $who } played a solo, alone against the other three

# The picture of the table.
kop-picture-announced = { $declaration ->
    [wedding] Wedding
    [solo] Solo
   *[silent] Silent
}
kop-picture-declared = Declared
kop-picture-points = { $n ->
    [one] { $n } card point
   *[other] { $n } card points
}

kop-label-wedding = Wedding (call the highest jack)
kop-label-solo = Solo (alone, announced)
kop-label-silent = Silent (alone, unannounced)
kop-label-no-announcement = No announcement

kop-only-queens-announce = Only the holder of both black queens may announce a wedding or a solo.
kop-declarations-over = Declarations are made before the first lead.
kop-declare-first = Before the first lead, make your declaration.
kop-not-held = You do not hold { $card }.
kop-cannot-lead = That card cannot be led now.
kop-must-beat = You must beat { $card } when you can.
kop-must-follow = You must follow { $class ->
    [trumps] trumps
    [clubs] clubs
   *[spades] spades
} when you can.
kop-must-beat-with-trump = You must beat { $card } with a trump when you can.
kop-must-trump = You have no { $class ->
    [trumps] trumps
    [clubs] clubs
   *[spades] spades
}, so you must trump.
kop-cannot-play = That card cannot be played now.

kop-event-dealt = Deal { $deal }, dealt by { $dealer }.
kop-event-declared = { $who } made a declaration.
kop-event-announced = { $declaration ->
    [wedding] { $who } announced a wedding.
    [solo] { $who } announced a solo.
   *[silent] { $who } made no announcement.
}
kop-event-trick = { $who } took the trick ({ $points ->
    [one] { $points } card point
   *[other] { $points } card points
}).
kop-event-over = Game over.

# The game's own words, one line each (the table's ❔ button).
kop-word-partners = Partners: the holders of Q♣ and Q♠ play together, and nobody is told who they are until the cards show it.
kop-word-wedding = Wedding: the holder of both black queens calls a partner: the holder of the highest jack not in the caller's hand.
kop-word-solo = Solo: the holder of both black queens plays alone against the other three, announced; victory cards move two at a time.
kop-word-silent = Silent: the holder of both black queens plays alone without telling anyone.
kop-word-points = Card points: A 11, 10 10, Q 3, J 2 — 104 in all; a side needs 53 to win the round.
kop-word-victory = Victory cards: everyone starts with 5; the winners of a round take them from the losers, and the match ends when someone has none.

# Why the normal computer player chooses a move (rules::Why), for a hint.
why-kop-solo = You hold both black queens and a strong hand (A♥, or only trumps with 10♥ or without A♦ and 10♦): play a solo, alone against the three others.
why-kop-wedding = You hold both black queens: announce a wedding, and the holder of the highest jack you lack plays with you.
why-kop-lead-top-trump = No card still unseen beats this trump: lead it.
why-kop-lead-cheap-trump = Lead your cheapest trump and keep the strong ones for later.
why-kop-lead-cheap = You have no trumps: lead your cheapest card.
why-kop-lead-rich-side = Lead your richest side card now: an ace or ten of clubs or spades is trumped as soon as someone lacks its suit, so it goes early while your high trumps wait.
why-kop-lead-weak-trump = You have no side cards: lead A♦ or 10♦, your lowest trumps, and keep the high ones for tricks worth taking.
why-kop-smear = Your side is sure to take this trick: put in as many points as you can.
why-kop-take-sure = Take the trick with your richest card that no possible opponent after you can beat.
why-kop-try-high = The trick holds 20 points or more: try to take it with your strongest card that wins it.
why-kop-give-little = Nothing you may play is sure to take this trick: give away as few points as you can.
