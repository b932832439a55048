# Paston (src/rules/paston): the table, the buttons, refusals and events.

paston-name = Paston
paston-summary = An Armenian relative of Preference for three, with 32 cards. Bid up one step at a time — Paston ♠, Glitch ♣, Dineri ♦, Gupa ♥, Grkha (best ♠) — or pass for good. The declarer takes the two-card prikup, discards two, names trumps at the bid level or higher (or surrenders) and must win 6 of 10 tricks. Each opponent whists (plays against the declarer for tricks of their own) or sits out. Higher suits multiply the scores; first to 121 wins, and a score that falls to −121 starts again from 0.

# The bidding levels, by their id.
paston-level = { $level ->
    [glitch] Glitch
    [dineri] Dineri
    [gupa] Gupa
    [grkha] Grkha
   *[paston] Paston
}
paston-level-suit = { $level } { $suit }
paston-nothing = nothing
# The game's own words, one line each (the table's ❔ button).
paston-word-levels = Paston ♠, Glitch ♣, Dineri ♦, Gupa ♥, Grkha: the bidding levels from lowest to highest, each with its trump suit; Grkha has spades as trumps and is the highest bid.
paston-word-multiplier = (×3): a level's multiplier — a deal's points are multiplied by it (Paston ×1, Glitch ×2, Dineri ×3, Gupa and Grkha ×4).
paston-word-prikup = Prikup: the two cards dealt face down to the middle; the declarer takes them and then discards two.
paston-word-whist = Whist: an opponent who whists plays against the declarer for tricks of their own; one who passes sits the deal out.
paston-word-surrender = Surrender: instead of naming trumps the declarer may give up the deal: −10 for the declarer, +2 to each opponent.

# The table.
paston-header = Deal { $deal } · dealer { $dealer } · match score (first to { $target } points): { $scores }
paston-seat-score = { $who } { $score }
paston-over = The match is over: { $winners } won with the highest score.
paston-redealt = Redealt { $n }× (a hand held the spades 7 to Q without K or A).
paston-first-bidder = { $who } bids first{ $why ->
    [jack] {" "}(holds { $jack })
    [seven] {" "}(holds { $seven }; { $jack } is in the prikup)
   *[other] {""}
}.
paston-call = { $who } { $call }
paston-call-pass = { $who } pass
paston-auction = Auction: { $count ->
    [0] no calls yet
   *[other] { $calls }
} — { $who } to speak: pass or bid { $next }.
paston-how = { $forced ->
    [jack] {" "}(everybody passed; holds { $jack })
    [seven] {" "}(everybody passed; holds { $seven })
    [seat] {" "}(everybody passed; first bidder)
   *[other] , bid { $bid }
}
paston-declarer-discards = { $who } is declarer{ $how }, has taken the prikup and discards two cards.
paston-declarer-trumps = { $who } is declarer{ $how } and names trumps ({ $bid } or higher) or surrenders.
paston-contract = Contract: { $who } declares { $level } (×{ $multiplier }), needs 6 tricks.
paston-contract-answers = Contract: { $who } declares { $level } (×{ $multiplier }), needs 6 tricks. { $answers }.
paston-answer = { $who } { $whist ->
    [yes] whist
   *[no] passes
}
paston-whist-turn = { $who } to answer: whist or pass.
paston-tricks = Tricks: { $tricks }
paston-seat-tricks = { $who } { $n }
paston-your-discards = Your discards: { $cards }

# The picture of the table.
paston-picture-header = Deal { $deal } · dealer { $dealer } · to { $target } points
paston-picture-prikup = Prikup
paston-picture-bid = Bid { $level }
paston-picture-pass = Passed
paston-picture-whist = Whist
paston-picture-sits-out = Sits out
paston-picture-discards = Discards

# The last hand.
paston-surrendered = { $who } gave up the contract (bid { $bid }) without playing
paston-no-whist = { $who } declared { $level } and both opponents passed (nobody called whist against it), so { $who } won without play
paston-played = { $who } declared { $level } and took { $tricks ->
    [one] { $tricks } trick
   *[other] { $tricks } tricks
}
paston-seat-points = { $who } { $points }
paston-last-hand = Last hand (deal { $deal }): { $what }. Points this deal: { $points }
paston-last-hand-reset = Last hand (deal { $deal }): { $what }. Points this deal: { $points }; { $resets }
paston-reset = { $who } fell to { $floor } or below: reset to 0
paston-sep-semicolon = {"; "}

# Buttons and questions.
paston-action-sit-out = Pass (sit out)
paston-action-pass = Pass
paston-action-bid = Bid { $level }
paston-action-discard = Discard { $first } and { $second }
paston-action-grkha = Trumps: { $level } (best spades, ×{ $multiplier })
paston-action-trump = Trumps: { $level } (×{ $multiplier })
paston-action-surrender = Surrender (−10, opponents +2)
paston-action-whist = Whist
# The first step of the discard: the button adds its own " …" (discord-button-group).
paston-discard-group = Discard { $first } and
paston-confirm-surrender = Surrender? You lose 10 points and each opponent gets 2.

# Refusals.
paston-bid-too-low = The bid stands at { $high }: bid { $next } or pass.
paston-one-step = Bids go up one level at a time: the next bid is { $next }.
paston-grkha-highest = Grkha is the highest bid.
paston-auction-over = The auction is over.
paston-same-card-twice = Choose two different cards to discard.
paston-not-discard-time = Only the declarer discards, right after taking the prikup.
paston-discard-first = Discard two cards first (the prikup is now in your hand).
paston-grkha-not-bid = You may name Grkha only if you bid it.
paston-below-bid = You bid { $bid }: name { $bid } or a higher suit.
paston-name-trumps = Name trumps or surrender.
paston-not-trump-time = Only the declarer names trumps or surrenders, after discarding.
paston-answer-whist = Answer whist or pass.
paston-not-whist-time = Whist is answered by the declarer's opponents once trumps are named.
paston-must-trump = You cannot follow suit, so you must trump: play a { $suit }.
paston-play-a-card = Play a card.
paston-not-play-time = Cards are played once the contract is settled.
paston-nothing-to-pass = There is nothing to pass on now.

# Events.
paston-event-redeal = { $who } holds the spades 7 to Q without K or A: the same dealer redeals.
paston-event-dealt = Deal { $deal }, dealt by { $dealer }. { $first }
paston-event-bid = { $who } bids { $level }.
paston-event-pass = { $who } passes.
paston-event-declarer = { $who } is declarer{ $how } and takes the prikup.
paston-event-discarded = { $who } discards two cards.
paston-event-trump = { $who } names trumps: { $level } (×{ $multiplier }).
paston-event-surrender = { $who } surrenders: −10, each opponent +2.
paston-event-whist = { $who } whists.
paston-event-sits-out = { $who } passes and sits out.
paston-event-scored = { $result }. Match score: { $scores }.

# Why the normal computer player chooses a move (rules::Why), for a hint.
why-paston-bid = Counting the prikup, your hand is strong enough for the next level: bid it.
why-paston-pass = Even counting the prikup, your hand is too weak for the next level: pass.
why-paston-discard = Of all the pairs you may discard, these two leave your hand the best contract.
why-paston-trump = Of the trumps you may name, these promise your best score.
why-paston-surrender = Every trump you may name is likely to cost you more than surrendering.
why-paston-whist = Your hand holds enough tricks against the declarer to whist.
why-paston-sit-out = Your hand holds too few tricks against the declarer to whist: pass and sit out.
