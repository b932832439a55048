# Words on the pictures of a table and of a hand (src/render, and every game's `picture` in
# src/rules/<game>/present.rs): captions, a seat's short lines, the hand's title.

picture-team-score = Joukkue { $score }
picture-score = { $score }
picture-tricks = { $n ->
    [one] { $n } tikki
   *[other] { $n } tikkiä
}
picture-declarer = Pelinviejä
picture-seat = { $who }
# A seat's short lines on one line, joined by the catalog's separator.
picture-lines = { $lines }
picture-in-front-of-you = Edessäsi
picture-your-hand = Korttisi · { $n ->
    [one] { $n } kortti
   *[other] { $n } korttia
}
picture-stock = Pakka
picture-pile = Pino
picture-cleared = Pois pelistä
picture-out-place = Pois { $place ->
    [1] 1.
    [2] 2.
    [3] 3.
   *[other] { $place }.
}
picture-hand = Käsi
picture-hidden-hand = Piilossa sinulta
picture-your-cards = Korttisi · { $n ->
    [one] { $n } kortti
   *[other] { $n } korttia
}
