# Words on the pictures of a table and of a hand (src/render, and every game's `picture` in
# src/rules/<game>/present.rs): captions, a seat's short lines, the hand's title.

picture-team-score = Team { $score }
picture-score = { $score }
picture-tricks = { $n ->
    [one] { $n } trick
   *[other] { $n } tricks
}
picture-declarer = Declarer
picture-seat = { $who }
# A seat's short lines on one line, joined by the catalog's separator.
picture-lines = { $lines }
picture-in-front-of-you = In front of you
picture-your-hand = Your hand · { $n ->
    [one] { $n } card
   *[other] { $n } cards
}
picture-stock = Stock
picture-pile = Pile
picture-cleared = Out of the game
picture-out-place = Out { $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
}
picture-hand = Hand
picture-hidden-hand = Hidden from you
picture-your-cards = Your cards · { $n ->
    [one] { $n } card
   *[other] { $n } cards
}
