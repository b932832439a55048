# Teka (src/rules/teka): the table, the buttons, refusals and events.

teka-name = Teka
teka-summary = An Afghan trick-taking game for two partnerships (seats 1 & 3 against 2 & 4), 52 cards, aces high. Each player calls once: a number of tricks from 8 to 13 for their team (higher than any number before), double thirteen (all 13 tricks, playing alone), or pass. The declarer names trumps and must lead one; follow suit if you can. The declarer may raise the contract during play. A made contract scores its number (double thirteen 26); a lost one gives the opponents twice as much (52). First team to 104 wins. Later deals are only cut, not shuffled, unless the table says so.

teka-team = { $first } & { $second }
teka-bid-number = { $n }
teka-bid-double13 = double thirteen
teka-bid-none = {""}

# The table.
teka-header = Deal { $deal } · dealer { $dealer }
teka-teams = Teams: { $first } { $a } · { $second } { $b } (first to { $target } points)
teka-over = Game over: { $team } won.
teka-redealt = Redealt { $n }× on request this deal.
teka-redeal-turn = { $who } holds no ace, king, queen or jack and may ask for a new deal or keep.
teka-call = { $who } { $kind ->
    [pass] pass
    [ter] ter
   *[bid] { $bid }
}
teka-calls = Calls: { $count ->
    [0] none yet
   *[other] { $calls }
} — { $who } to call (one call each).
teka-contract = Contract: { $who } { $contract } for { $team }{ $raised ->
    [yes] {" "}(bid { $bid }, raised)
   *[no] {""}
}{ $named ->
    [yes] , trumps { $trump }
   *[no] {" "}— { $turn } names trumps
}.{ $out ->
    [yes] {" "}{ $sitter } sits out.
   *[no] {""}
}
teka-tricks = Tricks: { $first } { $a } · { $second } { $b }
teka-last-hand = Last hand (deal { $deal }): { $result }
teka-hand-passed = all four passed, so nobody scored.
teka-hand-result = { $how ->
    [made] { $who } bid { $contract } and made it: their team took { $ours } of the { $played } tricks played.
    [short] { $who } bid { $contract } and lost, { $short } { $short ->
        [one] trick
       *[other] tricks
    } short with { $ours } of 13.
   *[early] { $who } bid { $contract } and lost: after { $played } of 13 tricks the opponents had { $theirs }, so { $contract } could no longer be made.
} { $team } score { $points }{ $how ->
    [made] .
   *[other] {" "}(a lost contract gives the opponents twice its value).
}

# Buttons and questions.
teka-action-redeal = Ask for a new deal
teka-action-keep = Keep my hand
teka-action-bid = Bid { $n }
teka-action-double13 = Double thirteen
teka-action-pass = Pass
teka-action-ter = Ter (a pass)
teka-action-trump = Trumps { $suit }
teka-action-raise = Raise to { $n }
teka-confirm-raise = Raise to { $n }? Your side must then win { $n } tricks (it has { $won }); if it cannot, the opponents score { $lost }. A raise cannot be taken back.
teka-why-lead-trump = The declarer's first lead must be a trump when the declarer holds one: only your { $suit } may lead.
# The game's own words, one line each (the table's ❔ button).
teka-word-call = Call: each player calls once, in turn — a number of tricks from 8 to 13 for their side (higher than any call before), Double thirteen, or a pass.
teka-word-ter = Ter: another word for a pass; it means exactly the same.
teka-word-double13 = Double thirteen: the caller plays alone, the partner sits out, and must win all 13 tricks (26 points, or 52 to the opponents).
teka-word-declarer = Declarer: the highest caller; names trumps, leads a trump if holding one, and alone may raise.
teka-word-raise = Raise: at the declarer's own turn in play, the contract may go up (never back down, never to Double thirteen); the raised contract is what scores.
teka-confirm-double13 = Double thirteen: you play alone (your partner sits out) and must win all 13 tricks — 26 points, or 52 to the opponents at the first trick lost. Call it?

# Refusals.
teka-redeal-or-keep = Ask for a new deal or keep your hand.
teka-no-redeal = A new deal may only be asked for before the calls, with a hand without an ace, king, queen or jack.
teka-double13-called = Double thirteen has been called: only another double thirteen beats it.
teka-not-a-number = Call a number of tricks from 8 to 13.
teka-call-higher = Your call must be higher than { $than }.
teka-make-a-call = Make your call: a number, double thirteen, or pass.
teka-calls-over = Everybody has called: the calls are over.
teka-name-trumps = Name the trump suit.
teka-trumps-named = Trumps are named by the declarer, once.
teka-no-raise-double13 = Double thirteen cannot be raised.
teka-only-declarer-raises = Only the declarer may raise the contract.
teka-raise-above = The contract is already { $contract }: raise to more than that.
teka-raise-at-most = The opponents have { $opponents ->
    [one] { $opponents } trick
   *[other] { $opponents } tricks
}: you can raise to { $most } at most.
teka-lead-trump = The first lead must be a trump: play a { $suit }.
teka-not-now = That card cannot be played now.
teka-not-play-time = Cards are played once trumps are named.

# Events.
teka-event-dealt = Deal { $deal }, dealt by { $dealer }{ $cut ->
    [yes] {" "}from the last hand's cards, cut
   *[no] {""}
}.
teka-event-redeal = { $who } asks for a new deal.
teka-event-kept = { $who } keeps their hand.
teka-event-call = { $who } { $kind ->
    [pass] passes.
    [ter] says ter.
   *[bid] calls { $bid }.
}
teka-event-all-passed = All four passed: no score.
teka-event-declarer = { $who } declares { $bid } for { $team }.{ $out ->
    [yes] {" "}{ $sitter } sits out.
   *[no] {""}
}
teka-event-trump = { $who } names trumps: { $suit }.
teka-event-raised = { $who } raises the contract to { $to }.
teka-event-scored = Deal { $deal } is over: { $result } Match: { $first } { $a }, { $second } { $b }; the first team to { $target } wins.
teka-event-over = The match is over: { $team } won with { $points }, reaching { $target } first; { $others } had { $theirs }.

# Why the normal computer player chooses a move (rules::Why), for a hint.
why-teka-redeal = Your hand has no ace and no court card: ask for a new deal.
why-teka-double13 = Every card of your hand is a sure trick: call Double thirteen.
why-teka-partner-highest = Your partner's call is the highest: pass and let it stand.
why-teka-call = The tricks your hand is worth, with your partner's likely share, make this call with a little to spare.
why-teka-pass = The tricks your hand is worth, with your partner's likely share, do not make any call you may still make: pass.
why-teka-trump = Your hand is worth the most tricks with this suit as trumps.
why-teka-raise = Raise only as far as is certain: the tricks your side has taken and your trumps nobody can beat.
