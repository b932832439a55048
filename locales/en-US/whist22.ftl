# Whist 22 (src/rules/whist22): the table, bids, refusals and events. Trumps are written by
# number and the Fool by `card-fool`; sentences read well with any seat name ("You" included).

whist22-name = Whist 22
whist22-summary = Exact bidding with the 22 tarot trumps, for 3 or 4 players (2 to 7 with an option). Hands shrink by one card each deal down to one, then grow back. Everyone bids how many tricks they will take; the dealer, bidding last, may not make the bids add up to the number of tricks. Play any card: the highest wins; the Fool counts 0 or 22, as you declare when you play it. Everyone starts with 14 points and loses one per trick over or under their bid; when someone reaches 0, the highest score wins.

whist22-head = Deal { $deal } · { $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
} each · dealer { $dealer }{ $blind ->
    [yes] { " · " }the blind round: everyone sees the others' cards, not their own
   *[no] {""}
}
whist22-over = Game over: { $winners } won with the highest score (the game ends once someone's score reaches 0).
whist22-turn-bid = Turn: { $who } to bid
whist22-turn-bid-not = Turn: { $who } to bid (not { $not })
whist22-turn-fool = Turn: { $who } to give the Fool its value
whist22-turn-play = Turn: { $who } to play
whist22-scores = Scores: { $seats }
whist22-seat-score = { $who } { $score } (bid { $bid }, took { $took })
whist22-no-bid = –
whist22-cards-seen = Cards you see: { $seats }
whist22-hand-hidden = Your hand: { $n ->
    [one] { $n } card, hidden from you in the blind round
   *[other] { $n } cards, hidden from you in the blind round
}
whist22-seat-cards = { $who } { $cards }
whist22-play-fool = { $who } { $card }={ $value }
whist22-hand = Deal { $deal } is scored (a point is lost for each trick over or under the bid): { $seats }. Scores now: { $scores }.
whist22-seat-result = { $who } { $lost ->
    [0] bid { $bid } and took { $took }, exactly as bid: no points lost
   *[other] bid { $bid } but took { $took }: loses { $lost ->
        [one] { $lost } point
       *[other] { $lost } points
    }
}
whist22-seat-now = { $who } { $score ->
    [one] { $score } point
   *[other] { $score } points
}
whist22-sep-semicolon = {"; "}

# The picture of the table.
whist22-picture-bid = Bid { $n }
whist22-picture-seen = In hand

whist22-label-bid = Bid { $n }
whist22-label-fool = { $card } = { $value }
whist22-label-unseen = Play my card

whist22-bidding-over = Bidding is over: play a card.
whist22-bid-too-high = You can bid at most { $max }, the number of tricks.
whist22-dealer-bid = As the dealer you may not bid { $bid }: the bids would add up to the { $tricks ->
    [one] { $tricks } trick
   *[other] { $tricks } tricks
}.
whist22-bid-first = Bidding comes first: bid how many tricks you will take.
whist22-fool-revealed = Your card is the { $card }: say whether it counts 0 or 22.
whist22-blind = You cannot see your own card in this round: play it unseen ("play").
whist22-fool-needs-value = Give the { $card } its value: 0 or 22.
whist22-not-a-card = { $card } is not a Whist 22 card.
whist22-not-held = You do not hold { $card }.
whist22-can-see = You can see your cards: name the card to play.

whist22-event-dealt = Deal { $deal }: { $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
} each, dealt by { $dealer }{ $blind ->
    [yes] { " " }(the blind round)
   *[no] {""}
}.
whist22-event-bid = { $who } bid { $bid }.
whist22-event-revealed = { $who } revealed the { $card }: its value comes next.
whist22-event-fool = { $who } played the { $card } as { $value }.
whist22-event-trick = { $who } took the trick.
whist22-event-over = Game over.

# The game's own words, one line each (the table's ❔ button).
whist22-word-bid = Bid: how many tricks you say you will take this deal, exactly; every trick over or under costs a point.
whist22-word-dealer = The dealer's bid: the dealer bids last and may not make the bids add up to the number of tricks, so someone always misses.
whist22-word-fool = Fool=22, Fool=0: the Fool counts 22 (the highest card) or 0 (the lowest), as its player says when playing it.
whist22-word-blind = The blind round: in the one-card deal you see everyone's card but your own, and play it unseen.

# Why the normal computer player chooses a move (rules::Why), for a hint.
why-whist22-bid = Bid how many of your cards are likely to take a trick: those of 17 or higher, and the Fool.
why-whist22-bid-nearest = As the dealer you may not bid how many of your cards are likely to take a trick (17 or higher, and the Fool): bid the nearest number allowed.
why-whist22-bid-unseen = You cannot see your own card: bid that it takes no trick.
why-whist22-need-tricks = You still need tricks to make your bid: play your highest card (the Fool as 22).
why-whist22-bid-made = You have taken the tricks you bid: play your lowest card (the Fool as 0) to take no more.
