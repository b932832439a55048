//! What people are told about Teka: the table from a view (the teams and their match score, the
//! redeal question, the calls, the contract and its raises, the tricks per team, the last hand),
//! the buttons, the double-thirteen question, refusals and the sentence for each event. Words
//! live in `locales/<lang>/teka.ftl`.

use super::{team, Action, Bid, CallKind, Event, HandResult, Phase, Refusal, Teka, View, TARGET};
use crate::picture::{trick_leader, Mark, Scene};
use crate::present::{self, by_suit, last_trick, numbered_trick, play_label, plays, suit};
use crate::tricks::{ace_high, suit_beats};
use crate::{Observer, Present, Row, Seat, Tone};
use pakka_text::{key, msg};
use pakka_text::{list, seat, verbatim, Arg, Msg};

/// A partnership by its first seat (0 or 1): "Ann & Cid".
fn team_of(t: usize) -> Msg {
    msg!("teka-team", first = seat(t), second = seat(t + 2))
}

/// A call of tricks: "9", "double thirteen".
fn bid(b: Bid) -> Msg {
    match b {
        Bid::Tricks(n) => msg!("teka-bid-number", n = n),
        Bid::Double13 => msg!("teka-bid-double13"),
    }
}

fn yes(b: bool) -> Arg {
    verbatim(if b { "yes" } else { "no" })
}

/// The deal's result in a sentence: who bid what, made or lost and why (by how many tricks,
/// or that it could no longer be made when play stopped early), and who scores how much:
/// "Ann bid 10 and lost: after 6 of 13 tricks the opponents had 4, so 10 could no longer be
/// made. Bob & Dan score 20 points (a lost contract gives the opponents twice its value)."
fn hand_result(r: &HandResult) -> Msg {
    let (Some(d), Some(contract), Some(made)) = (r.declarer, r.contract, r.made) else {
        return msg!("teka-hand-passed");
    };
    let t = team(d);
    let winner = if made { t } else { 1 - t };
    let (ours, theirs) = (r.team_tricks[t], r.team_tricks[1 - t]);
    let played = ours + theirs;
    let needed = match contract {
        Bid::Tricks(n) => u32::from(n),
        Bid::Double13 => 13,
    };
    let how = match (made, played) {
        (true, _) => "made",
        (false, 13) => "short",
        (false, _) => "early",
    };
    msg!(
        "teka-hand-result",
        how = verbatim(how),
        who = seat(d),
        contract = bid(contract),
        ours = ours,
        theirs = theirs,
        played = played,
        short = needed.saturating_sub(ours),
        team = team_of(winner),
        points = Teka::score(r.points[winner])
    )
}

/// "Last hand (deal 2): …" with the deal's result, on the table until the next one.
fn last_hand(r: &HandResult) -> Msg {
    msg!("teka-last-hand", deal = r.deal, result = hand_result(r))
}

/// The contract line: "Contract: Ann 9 for Ann & Cid, trumps ♥."
fn contract(view: &View, d: Seat, contract: Bid) -> Msg {
    msg!(
        "teka-contract",
        who = seat(d),
        contract = bid(contract),
        team = team_of(team(d)),
        raised = yes(view.bid != view.contract),
        bid = view.bid.map_or_else(|| msg!("teka-bid-none"), bid),
        named = yes(view.trump.is_some()),
        trump = view.trump.map_or_else(|| verbatim(""), |t| suit(t.suit())),
        turn = seat(view.to_act.unwrap_or(d)),
        out = yes(view.sits_out.is_some()),
        sitter = seat(view.sits_out.unwrap_or(d))
    )
}

impl Present for Teka {
    /// The deal, the contract and trumps at the top; the trick by seat with the card taking
    /// it marked; each seat's cards in hand, its team's score and its tricks this hand, the
    /// declarer named and a partner who sits out double thirteen marked out; a seat's own
    /// hand by suit, trumps first.
    fn picture(view: &View) -> Scene {
        let viewer = view.observer.seat();
        let mut scene = Scene::new(view.hand_sizes.len(), viewer);
        scene.notes.push(msg!(
            "teka-header",
            deal = view.deal,
            dealer = seat(view.dealer)
        ));
        if let (Some(d), Some(c)) = (view.declarer, view.contract) {
            scene.notes.push(contract(view, d, c));
        }
        let trump = view.trump.map(|t| t.suit());
        scene.trick = view.trick.clone();
        scene.trick_leader = trick_leader(&view.trick, |c, w, led| {
            suit_beats(c, w, led, trump, ace_high)
        });
        for part in &mut scene.seats {
            let s = part.seat;
            part.hand = Some(view.hand_sizes[s]);
            part.to_act = view.to_act == Some(s);
            part.lines.push(msg!(
                "picture-team-score",
                score = Self::score(view.team_scores[team(s)])
            ));
            if view.phase == Phase::Play {
                part.lines.push(msg!("picture-tricks", n = view.tricks[s]));
            }
            if view.declarer == Some(s) {
                part.lines.push(msg!("picture-declarer"));
            }
            if view.sits_out == Some(s) {
                part.mark = Mark::Out;
            }
        }
        if viewer.is_some() {
            scene.set_hand(by_suit(&view.hand, trump, ace_high), &[], false);
        }
        scene
    }

    fn name() -> Msg {
        msg!("teka-name")
    }

    fn summary() -> Msg {
        msg!("teka-summary")
    }

    fn describe(view: &View) -> Vec<Msg> {
        let mut lines = vec![
            msg!("teka-header", deal = view.deal, dealer = seat(view.dealer)),
            msg!(
                "teka-teams",
                first = team_of(0),
                a = Self::score(view.team_scores[0]),
                second = team_of(1),
                b = Self::score(view.team_scores[1]),
                target = TARGET
            ),
        ];
        if let Some(ranking) = &view.ranking {
            lines.push(msg!("teka-over", team = team_of(team(ranking[0][0]))));
            lines.extend(view.last_hand.as_ref().map(last_hand));
            lines.extend(own_hand(view));
            return lines;
        }
        let turn = view.to_act.unwrap_or(view.dealer);
        if view.redeals > 0 {
            lines.push(msg!("teka-redealt", n = view.redeals));
        }
        match view.phase {
            Phase::Redeal => lines.push(msg!("teka-redeal-turn", who = seat(turn))),
            Phase::Bidding => {
                let calls: Vec<Msg> = view
                    .calls
                    .iter()
                    .map(|c| call(c.seat, c.call, false))
                    .collect();
                lines.push(msg!(
                    "teka-calls",
                    count = calls.len(),
                    calls = list(calls, key!("sep-comma")),
                    who = seat(turn)
                ));
            }
            _ => {}
        }
        if let (Some(d), Some(c)) = (view.declarer, view.contract) {
            lines.push(contract(view, d, c));
        }
        if view.phase == Phase::Play {
            let t = view.declarer.map_or(0, team);
            lines.push(msg!(
                "teka-tricks",
                first = team_of(t),
                a = view.team_tricks[t],
                second = team_of(1 - t),
                b = view.team_tricks[1 - t]
            ));
            lines.extend(view.last_trick.as_ref().map(last_trick));
            lines.push(numbered_trick(view.trick_number, &view.trick, turn));
        }
        lines.extend(own_hand(view));
        lines.extend(view.last_hand.as_ref().map(last_hand));
        lines
    }

    fn tone(_view: &View, action: &Action) -> Tone {
        match action {
            Action::Keep | Action::Pass | Action::Ter | Action::Raise(_) => Tone::Other,
            Action::Redeal | Action::Bid(_) | Action::Trump(_) | Action::Play(_) => Tone::Main,
        }
    }

    fn label(_view: &View, action: &Action) -> Msg {
        match *action {
            Action::Redeal => msg!("teka-action-redeal"),
            Action::Keep => msg!("teka-action-keep"),
            Action::Bid(Bid::Tricks(n)) => msg!("teka-action-bid", n = n),
            Action::Bid(Bid::Double13) => msg!("teka-action-double13"),
            Action::Pass => msg!("teka-action-pass"),
            Action::Ter => msg!("teka-action-ter"),
            Action::Trump(t) => msg!("teka-action-trump", suit = suit(t.suit())),
            Action::Raise(n) => msg!("teka-action-raise", n = n),
            Action::Play(card) => play_label(&[card]),
        }
    }

    /// Bids, passes, raises and the trump call sit in the row of calls, after the cards.
    fn row(_view: &View, action: &Action) -> Row {
        match action {
            Action::Play(_) | Action::Redeal | Action::Keep => Row::Cards,
            Action::Bid(_) | Action::Pass | Action::Ter | Action::Trump(_) | Action::Raise(_) => {
                Row::Calls
            }
        }
    }

    /// A raise binds the declarer's side for the rest of the hand, so it is asked first.
    fn confirm(view: &View, action: &Action) -> Option<Msg> {
        match *action {
            Action::Bid(Bid::Double13) => Some(msg!("teka-confirm-double13")),
            Action::Raise(n) => {
                let side = view.declarer.map_or(0, team);
                Some(msg!(
                    "teka-confirm-raise",
                    n = n,
                    won = view.team_tricks.get(side).copied().unwrap_or(0),
                    lost = 2 * u32::from(n)
                ))
            }
            _ => None,
        }
    }

    /// The declarer's first lead offers trumps only (teka.md: "First lead: a trump if the
    /// declarer holds one").
    fn why(view: &View, legal: &[Action]) -> Option<Msg> {
        let trump = view.trump?.suit();
        let first_lead = view.phase == Phase::Play
            && view.trick_number == 1
            && view.trick.is_empty()
            && view.observer == Observer::Seat(view.declarer?);
        let holds_other = view.hand.iter().any(|c| c.suit() != trump);
        let only_trumps = legal
            .iter()
            .all(|a| !matches!(a, Action::Play(c) if c.suit() != trump));
        (first_lead && holds_other && only_trumps)
            .then(|| msg!("teka-why-lead-trump", suit = suit(trump)))
    }

    fn glossary() -> Vec<Msg> {
        vec![
            msg!("teka-word-call"),
            msg!("teka-word-ter"),
            msg!("teka-word-double13"),
            msg!("teka-word-declarer"),
            msg!("teka-word-raise"),
        ]
    }

    fn reason(refusal: &Refusal) -> Msg {
        match *refusal {
            Refusal::RedealOrKeep => msg!("teka-redeal-or-keep"),
            Refusal::NoRedeal => msg!("teka-no-redeal"),
            Refusal::Double13Called => msg!("teka-double13-called"),
            Refusal::NotANumber => msg!("teka-not-a-number"),
            Refusal::CallHigher { than } => msg!("teka-call-higher", than = than),
            Refusal::MakeACall => msg!("teka-make-a-call"),
            Refusal::CallsOver => msg!("teka-calls-over"),
            Refusal::NameTrumps => msg!("teka-name-trumps"),
            Refusal::TrumpsNamed => msg!("teka-trumps-named"),
            Refusal::NoRaiseInDouble13 => msg!("teka-no-raise-double13"),
            Refusal::OnlyDeclarerRaises => msg!("teka-only-declarer-raises"),
            Refusal::RaiseAbove { contract } => msg!("teka-raise-above", contract = contract),
            Refusal::RaiseAtMost { opponents, most } => {
                msg!("teka-raise-at-most", opponents = opponents, most = most)
            }
            Refusal::NotHeld(card) => msg!("refusal-not-held", card = card),
            Refusal::MustFollow { suit: s } => msg!("refusal-must-follow", suit = suit(s)),
            Refusal::LeadTrump { trump } => msg!("teka-lead-trump", suit = suit(trump)),
            Refusal::NotNow(card) => msg!("teka-not-now", card = card),
            Refusal::NotPlayTime => msg!("teka-not-play-time"),
        }
    }

    fn deals(event: &Event) -> bool {
        matches!(event, Event::Dealt { .. })
    }

    fn event(event: &Event) -> Msg {
        match event {
            Event::Dealt { deal, dealer, cut } => msg!(
                "teka-event-dealt",
                deal = *deal,
                dealer = seat(*dealer),
                cut = yes(*cut)
            ),
            Event::RedealAsked { seat: s } => msg!("teka-event-redeal", who = seat(*s)),
            Event::Kept { seat: s } => msg!("teka-event-kept", who = seat(*s)),
            Event::Called { seat: s, call: c } => call(*s, *c, true),
            Event::AllPassed => msg!("teka-event-all-passed"),
            Event::Declarer {
                seat: s,
                bid: b,
                sits_out,
            } => msg!(
                "teka-event-declarer",
                who = seat(*s),
                bid = bid(*b),
                team = team_of(team(*s)),
                out = yes(sits_out.is_some()),
                sitter = seat(sits_out.unwrap_or(*s))
            ),
            Event::Trump { seat: s, suit: t } => {
                msg!("teka-event-trump", who = seat(*s), suit = suit(t.suit()))
            }
            Event::Raised { seat: s, to } => msg!("teka-event-raised", who = seat(*s), to = *to),
            Event::Played { seat: s, card } => {
                msg!("event-card-played", who = seat(*s), card = *card)
            }
            Event::TrickWon { seat: s, plays: p } => {
                msg!("event-trick-taken", who = seat(*s), plays = plays(p))
            }
            Event::HandScored {
                result,
                team_scores,
            } => msg!(
                "teka-event-scored",
                deal = result.deal,
                result = hand_result(result),
                first = team_of(0),
                a = Teka::score(team_scores[0]),
                second = team_of(1),
                b = Teka::score(team_scores[1]),
                target = TARGET
            ),
            Event::GameOver {
                ranking,
                team_scores,
            } => {
                let w = team(ranking[0][0]);
                msg!(
                    "teka-event-over",
                    team = team_of(w),
                    points = Teka::score(team_scores[w]),
                    others = team_of(1 - w),
                    theirs = Teka::score(team_scores[1 - w]),
                    target = TARGET
                )
            }
        }
    }
}

/// The seat's own hand, trumps first once named, aces high; nothing for the public.
fn own_hand(view: &View) -> Option<Msg> {
    let Observer::Seat(_) = view.observer else {
        return None;
    };
    let trump = view.trump.map(|t| t.suit());
    Some(present::hand(by_suit(&view.hand, trump, |c| {
        c.rank().number()
    })))
}

/// One call, in the table's list ("Ann 9", "Bob pass") or as an event ("Ann calls 9.").
fn call(who: Seat, c: CallKind, event: bool) -> Msg {
    let (kind, called) = match c {
        CallKind::Bid(b) => ("bid", bid(b)),
        CallKind::Pass => ("pass", msg!("teka-bid-none")),
        CallKind::Ter => ("ter", msg!("teka-bid-none")),
    };
    let (who, kind) = (seat(who), verbatim(kind));
    if event {
        msg!("teka-event-call", who = who, kind = kind, bid = called)
    } else {
        msg!("teka-call", who = who, kind = kind, bid = called)
    }
}
