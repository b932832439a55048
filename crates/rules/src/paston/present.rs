//! What people are told about Paston: the table from a view (the match score, who bids first and
//! why, the auction, the declarer and the contract, whist answers, the tricks, the last hand) in
//! words and as a picture (the prikup, the trick by seat and the card taking it, each seat's
//! score, call, whist answer and tricks, the own hand by suit with its playable cards), the
//! buttons (the discard in two steps), the surrender question, refusals and the sentence for
//! each event. Words live in `locales/<lang>/paston.ftl`.

use super::{
    Action, Event, HandEnd, HandResult, Level, Paston, Phase, Refusal, View, Why, JS, RESET_AT,
    SEVEN_S, TARGET,
};
use crate::picture::{trick_leader, Mark, Pile, Scene};
use crate::present::{
    self, by_suit, last_trick, numbered_trick, play_label, plays, seat_list, suit,
};
use crate::tricks::{ace_high, suit_beats};
use crate::{Observer, Present, Row, Seat, Tone};
use pakka_cards::Card;
use pakka_text::{key, msg};
use pakka_text::{list, seat, signed, verbatim, Msg};

/// A level's name: "Dineri".
fn level(l: Level) -> Msg {
    let id = match l {
        Level::Paston => "paston",
        Level::Glitch => "glitch",
        Level::Dineri => "dineri",
        Level::Gupa => "gupa",
        Level::Grkha => "grkha",
    };
    msg!("paston-level", level = verbatim(id))
}

/// A level with its trump suit: "Dineri ♦".
fn level_suit(l: Level) -> Msg {
    msg!(
        "paston-level-suit",
        level = level(l),
        suit = suit(l.trump())
    )
}

/// Why a seat bids first or declares after all passed, as the catalog selects it.
fn why(w: Option<Why>) -> pakka_text::Arg {
    verbatim(match w {
        Some(Why::JackOfSpades) => "jack",
        Some(Why::SevenOfSpades) => "seven",
        Some(Why::Seat) => "seat",
        None => "none",
    })
}

/// "Ann bids first (holds J♠)."
fn first_bidder(who: Seat, w: Why) -> Msg {
    msg!(
        "paston-first-bidder",
        who = seat(who),
        why = why(Some(w)),
        jack = JS,
        seven = SEVEN_S
    )
}

/// How the declarer came to declare: " (everybody passed; holds J♠)" or ", bid Dineri ♦".
fn how(forced: Option<Why>, bid: Level) -> Msg {
    msg!(
        "paston-how",
        forced = why(forced),
        bid = level_suit(bid),
        jack = JS,
        seven = SEVEN_S
    )
}

/// "Ann 0, Bob 20, Cid −18" (commas, so no list dot stands beside a computer's name).
fn scores(scores: &[i64]) -> pakka_text::Arg {
    list(
        (0..scores.len())
            .map(|s| {
                msg!(
                    "paston-seat-score",
                    who = seat(s),
                    score = Paston::score(scores[s])
                )
            })
            .collect(),
        key!("sep-comma"),
    )
}

/// The winners of the match: "Ann and Bob".
fn winners(ranking: &[Vec<Seat>]) -> Msg {
    let first = ranking.first().map_or(&[][..], Vec::as_slice);
    msg!("paston-over", winners = seat_list(first))
}

/// "Last hand (deal 3): Ann declared Glitch ♣ and took 6 tricks — Ann +20, Bob +20, Cid −18".
fn hand_result(r: &HandResult) -> Msg {
    let who = seat(r.declarer);
    let declared = level_suit(r.trump.unwrap_or(r.bid));
    let what = match r.end {
        HandEnd::Surrendered => msg!("paston-surrendered", who = who, bid = level(r.bid)),
        HandEnd::NoWhist => msg!("paston-no-whist", who = who, level = declared),
        HandEnd::Played => msg!(
            "paston-played",
            who = who,
            level = declared,
            tricks = r.tricks[r.declarer]
        ),
    };
    let points = list(
        (0..r.points.len())
            .map(|s| {
                msg!(
                    "paston-seat-points",
                    who = seat(s),
                    points = signed(r.points[s])
                )
            })
            .collect(),
        key!("sep-comma"),
    );
    if r.reset.is_empty() {
        msg!(
            "paston-last-hand",
            deal = r.deal,
            what = what,
            points = points
        )
    } else {
        let resets = r
            .reset
            .iter()
            .map(|&s| msg!("paston-reset", who = seat(s), floor = signed(RESET_AT)))
            .collect();
        msg!(
            "paston-last-hand-reset",
            deal = r.deal,
            what = what,
            points = points,
            resets = list(resets, key!("paston-sep-semicolon"))
        )
    }
}

/// The seat's own hand, trumps first once named, aces high; nothing for the public.
fn own_hand(view: &View) -> Option<Msg> {
    let Observer::Seat(_) = view.observer else {
        return None;
    };
    let trump = view.trump.map(Level::trump);
    Some(present::hand(by_suit(&view.hand, trump, |c| {
        c.rank().number()
    })))
}

/// The declarer's line while discarding, naming trumps, and once the contract is settled.
fn contract(view: &View, d: Seat, bid: Level, lines: &mut Vec<Msg>) {
    match (view.phase, view.trump) {
        (Phase::Discard, _) => lines.push(msg!(
            "paston-declarer-discards",
            who = seat(d),
            how = how(view.forced, bid)
        )),
        (Phase::Trump, _) => lines.push(msg!(
            "paston-declarer-trumps",
            who = seat(d),
            how = how(view.forced, bid),
            bid = level(bid)
        )),
        (_, Some(l)) => {
            let answers: Vec<Msg> = (0..view.whist.len())
                .filter_map(|s| {
                    view.whist[s].map(|w| {
                        msg!(
                            "paston-answer",
                            who = seat(s),
                            whist = verbatim(if w { "yes" } else { "no" })
                        )
                    })
                })
                .collect();
            let (who, level, multiplier) = (seat(d), level_suit(l), l.multiplier());
            lines.push(if answers.is_empty() {
                msg!(
                    "paston-contract",
                    who = who,
                    level = level,
                    multiplier = multiplier
                )
            } else {
                msg!(
                    "paston-contract-answers",
                    who = who,
                    level = level,
                    multiplier = multiplier,
                    answers = list(answers, key!("sep-comma"))
                )
            });
            if let (Phase::Whist, Some(turn)) = (view.phase, view.to_act) {
                lines.push(msg!("paston-whist-turn", who = seat(turn)));
            }
        }
        _ => {}
    }
}

impl Present for Paston {
    /// The deal and, once named, the contract at the top (the winners once over); the prikup
    /// face down in the middle while it lies there; the trick by seat with the card taking it
    /// marked; each seat's cards in hand, match score, last call in the auction, its answer to
    /// whist (a seat sitting out is marked out) and its tricks, the declarer named and, in the
    /// declarer's own picture, its two discards; a seat's own hand by suit, trumps first.
    fn picture(view: &View) -> Scene {
        let viewer = view.observer.seat();
        let mut scene = Scene::new(view.hand_sizes.len(), viewer);
        scene.notes.push(msg!(
            "paston-picture-header",
            deal = view.deal,
            dealer = seat(view.dealer),
            target = TARGET
        ));
        if let Some(ranking) = &view.ranking {
            scene.notes.push(winners(ranking));
        } else if let (Some(d), Some(l)) = (view.declarer, view.trump) {
            scene.notes.push(msg!(
                "paston-contract",
                who = seat(d),
                level = level_suit(l),
                multiplier = l.multiplier()
            ));
        }
        if view.prikup > 0 {
            scene.middle.push(Pile::backs(
                Some(msg!("paston-picture-prikup")),
                view.prikup,
            ));
        }
        let trump = view.trump.map(Level::trump);
        scene.trick = view.trick.clone();
        scene.trick_leader = trick_leader(&view.trick, |c, w, led| {
            suit_beats(c, w, led, trump, ace_high)
        });
        for part in &mut scene.seats {
            let s = part.seat;
            part.hand = Some(view.hand_sizes[s]);
            part.to_act = view.to_act == Some(s);
            part.lines
                .push(msg!("picture-score", score = Self::score(view.scores[s])));
            if view.phase == Phase::Auction {
                if let Some(call) = view.calls.iter().rev().find(|c| c.seat == s) {
                    part.lines.push(match call.bid {
                        Some(l) => msg!("paston-picture-bid", level = level_suit(l)),
                        None => msg!("paston-picture-pass"),
                    });
                }
            }
            if view.declarer == Some(s) {
                part.lines.push(msg!("picture-declarer"));
                if viewer == Some(s) && !view.discards.is_empty() {
                    part.piles.push(Pile::up_row(
                        Some(msg!("paston-picture-discards")),
                        &view.discards,
                    ));
                }
            }
            match view.whist[s] {
                Some(true) => part.lines.push(msg!("paston-picture-whist")),
                Some(false) => {
                    part.lines.push(msg!("paston-picture-sits-out"));
                    part.mark = Mark::Out;
                }
                None => {}
            }
            if view.phase == Phase::Play
                && (view.declarer == Some(s) || view.whist[s] == Some(true))
            {
                part.lines.push(msg!("picture-tricks", n = view.tricks[s]));
            }
        }
        if viewer.is_some() {
            scene.set_hand(by_suit(&view.hand, trump, ace_high), &[], false);
        }
        scene
    }

    fn action_cards(action: &Action) -> Vec<Card> {
        match *action {
            Action::Play(c) => vec![c],
            Action::Discard(pair) => pair.to_vec(),
            _ => Vec::new(),
        }
    }

    fn name() -> Msg {
        msg!("paston-name")
    }

    fn summary() -> Msg {
        msg!("paston-summary")
    }

    fn describe(view: &View) -> Vec<Msg> {
        let mut lines = vec![msg!(
            "paston-header",
            deal = view.deal,
            dealer = seat(view.dealer),
            target = TARGET,
            scores = scores(&view.scores)
        )];
        if let Some(ranking) = &view.ranking {
            lines.push(winners(ranking));
            lines.extend(view.last_hand.as_ref().map(hand_result));
            lines.extend(own_hand(view));
            if !view.discards.is_empty() {
                lines.push(msg!("paston-your-discards", cards = &view.discards));
            }
            return lines;
        }
        if view.redeals > 0 {
            lines.push(msg!("paston-redealt", n = view.redeals));
        }
        let turn = view.to_act.unwrap_or(view.first_bidder);
        if view.phase == Phase::Auction {
            lines.push(first_bidder(view.first_bidder, view.first_why));
            let calls: Vec<Msg> = view
                .calls
                .iter()
                .map(|c| match c.bid {
                    Some(l) => msg!("paston-call", who = seat(c.seat), call = level_suit(l)),
                    None => msg!("paston-call-pass", who = seat(c.seat)),
                })
                .collect();
            let next = match view.high {
                None => Level::Paston,
                Some((_, l)) => l.next().unwrap_or(Level::Grkha),
            };
            lines.push(msg!(
                "paston-auction",
                count = calls.len(),
                calls = list(calls, key!("sep-comma")),
                who = seat(turn),
                next = level_suit(next)
            ));
        }
        if let (Some(d), Some(bid)) = (view.declarer, view.bid) {
            contract(view, d, bid, &mut lines);
        }
        if view.phase == Phase::Play {
            let tricks: Vec<Msg> = (0..view.tricks.len())
                .filter(|&s| view.declarer == Some(s) || view.whist[s] == Some(true))
                .map(|s| msg!("paston-seat-tricks", who = seat(s), n = view.tricks[s]))
                .collect();
            lines.push(msg!(
                "paston-tricks",
                tricks = list(tricks, key!("sep-dot"))
            ));
            lines.extend(view.last_trick.as_ref().map(last_trick));
            lines.push(numbered_trick(view.trick_number, &view.trick, turn));
        }
        lines.extend(own_hand(view));
        if !view.discards.is_empty() {
            lines.push(msg!("paston-your-discards", cards = &view.discards));
        }
        lines.extend(view.last_hand.as_ref().map(hand_result));
        lines
    }

    fn label(view: &View, action: &Action) -> Msg {
        match *action {
            Action::Pass if view.phase == Phase::Whist => msg!("paston-action-sit-out"),
            Action::Pass => msg!("paston-action-pass"),
            Action::Bid(l) => msg!("paston-action-bid", level = level_suit(l)),
            Action::Discard([a, b]) => msg!("paston-action-discard", first = a, second = b),
            Action::Trump(Level::Grkha) => msg!(
                "paston-action-grkha",
                level = level_suit(Level::Grkha),
                multiplier = Level::Grkha.multiplier()
            ),
            Action::Trump(l) => msg!(
                "paston-action-trump",
                level = level_suit(l),
                multiplier = l.multiplier()
            ),
            Action::Surrender => msg!("paston-action-surrender"),
            Action::Whist => msg!("paston-action-whist"),
            Action::Play(card) => play_label(&[card]),
        }
    }

    fn tone(_view: &View, action: &Action) -> Tone {
        match action {
            Action::Surrender => Tone::Danger,
            Action::Pass => Tone::Other,
            Action::Bid(_)
            | Action::Discard(_)
            | Action::Trump(_)
            | Action::Whist
            | Action::Play(_) => Tone::Main,
        }
    }

    /// The auction's bids and passes, the trump call and surrender, whist or sitting out sit
    /// in the row of calls, after the cards.
    fn row(_view: &View, action: &Action) -> Row {
        match action {
            Action::Play(_) | Action::Discard(_) => Row::Cards,
            Action::Pass
            | Action::Bid(_)
            | Action::Trump(_)
            | Action::Surrender
            | Action::Whist => Row::Calls,
        }
    }

    fn glossary() -> Vec<Msg> {
        vec![
            msg!("paston-word-levels"),
            msg!("paston-word-multiplier"),
            msg!("paston-word-prikup"),
            msg!("paston-word-whist"),
            msg!("paston-word-surrender"),
        ]
    }

    fn group(_view: &View, action: &Action) -> Option<Msg> {
        match *action {
            Action::Discard([a, _]) => Some(msg!("paston-discard-group", first = a)),
            _ => None,
        }
    }

    fn confirm(_view: &View, action: &Action) -> Option<Msg> {
        match action {
            Action::Surrender => Some(msg!("paston-confirm-surrender")),
            _ => None,
        }
    }

    fn reason(refusal: &Refusal) -> Msg {
        match *refusal {
            Refusal::BidTooLow { high, next } => msg!(
                "paston-bid-too-low",
                high = high.map_or_else(|| msg!("paston-nothing"), level),
                next = level(next)
            ),
            Refusal::OneStep { next } => msg!("paston-one-step", next = level(next)),
            Refusal::GrkhaIsHighest => msg!("paston-grkha-highest"),
            Refusal::AuctionOver => msg!("paston-auction-over"),
            Refusal::SameCardTwice => msg!("paston-same-card-twice"),
            Refusal::NotHeld(card) => msg!("refusal-not-held", card = card),
            Refusal::NotDiscardTime => msg!("paston-not-discard-time"),
            Refusal::DiscardFirst => msg!("paston-discard-first"),
            Refusal::GrkhaNotBid => msg!("paston-grkha-not-bid"),
            Refusal::BelowBid { bid } => msg!("paston-below-bid", bid = level(bid)),
            Refusal::NameTrumps => msg!("paston-name-trumps"),
            Refusal::NotTrumpTime => msg!("paston-not-trump-time"),
            Refusal::AnswerWhist => msg!("paston-answer-whist"),
            Refusal::NotWhistTime => msg!("paston-not-whist-time"),
            Refusal::MustFollow { suit: s } => msg!("refusal-must-follow", suit = suit(s)),
            Refusal::MustTrump { trump } => msg!("paston-must-trump", suit = suit(trump)),
            Refusal::PlayACard => msg!("paston-play-a-card"),
            Refusal::NotPlayTime => msg!("paston-not-play-time"),
            Refusal::NothingToPass => msg!("paston-nothing-to-pass"),
        }
    }

    fn deals(event: &Event) -> bool {
        matches!(event, Event::Dealt { .. })
    }

    fn event(event: &Event) -> Msg {
        match event {
            Event::Redeal { seat: s } => msg!("paston-event-redeal", who = seat(*s)),
            Event::Dealt {
                deal,
                dealer,
                first_bidder: first,
                why: w,
            } => msg!(
                "paston-event-dealt",
                deal = *deal,
                dealer = seat(*dealer),
                first = first_bidder(*first, *w)
            ),
            Event::Bid { seat: s, level: l } => {
                msg!("paston-event-bid", who = seat(*s), level = level_suit(*l))
            }
            Event::Passed { seat: s } => msg!("paston-event-pass", who = seat(*s)),
            Event::Declarer {
                seat: s,
                bid,
                forced,
            } => msg!(
                "paston-event-declarer",
                who = seat(*s),
                how = how(*forced, *bid)
            ),
            Event::Discarded { seat: s } => msg!("paston-event-discarded", who = seat(*s)),
            Event::Trump { seat: s, level: l } => msg!(
                "paston-event-trump",
                who = seat(*s),
                level = level_suit(*l),
                multiplier = l.multiplier()
            ),
            Event::Surrendered { seat: s } => msg!("paston-event-surrender", who = seat(*s)),
            Event::Whist { seat: s } => msg!("paston-event-whist", who = seat(*s)),
            Event::SitsOut { seat: s } => msg!("paston-event-sits-out", who = seat(*s)),
            Event::Played { seat: s, card } => {
                msg!("event-card-played", who = seat(*s), card = *card)
            }
            Event::TrickWon { seat: s, plays: p } => {
                msg!("event-trick-taken", who = seat(*s), plays = plays(p))
            }
            Event::HandScored {
                result,
                scores: totals,
            } => msg!(
                "paston-event-scored",
                result = hand_result(result),
                scores = scores(totals)
            ),
            Event::GameOver { ranking, .. } => winners(ranking),
        }
    }
}
