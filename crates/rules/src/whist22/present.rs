//! What people are told about Whist 22: the table from a view (the hand size and dealer, whose
//! turn, bids, tricks and scores, the cards seen in the blind round, the trick, the last trick,
//! the last hand's scoring) in words and as a picture (the trick by seat and the card taking
//! it, each seat's score, bid and tricks, the cards seen in the blind round face up in front of
//! their holders, the own hand strongest first with its playable cards), the bid and play
//! buttons, refusals and the sentence for each event. Trumps are written by number, the Fool by
//! its catalog name (`card-fool`) and, once played, with the value it counts for. Words live in
//! `locales/<lang>/whist22.ftl`.

use super::{Action, Event, HandResult, Phase, Play, Refusal, View, Whist22};
use crate::picture::{trick_leader, Pile, Scene};
use crate::present::{self, grouped, play_label, seat_list, trick_line};
use crate::{Observer, Present, Row, Seat};
use pakka_cards::Card;
use pakka_text::{key, msg};
use pakka_text::{list, seat, verbatim, Arg, Msg};

impl Present for Whist22 {
    /// The hand, its size and dealer and whose turn (the winners once over) at the top; the
    /// trick by seat with the card taking it marked (the Fool by its declared value); each
    /// seat's cards in hand, score, bid and tricks. In the blind round a seat sees the others'
    /// cards face up in front of them and its own only as backs (no hand of its own).
    fn picture(view: &View) -> Scene {
        let viewer = view.observer.seat();
        let mut scene = Scene::new(view.hand_sizes.len(), viewer);
        scene.notes.push(head(view));
        scene.notes.extend(turn(view));
        scene.trick = view.trick.iter().map(|p| (p.seat, p.card)).collect();
        let value = |c: Card| {
            view.trick
                .iter()
                .find(|p| p.card == c)
                .map_or(0, |p| p.value)
        };
        scene.trick_leader = trick_leader(&scene.trick, |c, w, _| value(c) > value(w));
        for part in &mut scene.seats {
            let s = part.seat;
            let seen = &view.others_cards[s];
            part.hand = Some(view.hand_sizes[s].saturating_sub(seen.len()));
            if !seen.is_empty() {
                part.piles
                    .push(Pile::up_row(Some(msg!("whist22-picture-seen")), seen));
            }
            part.to_act = view.turn == Some(s);
            part.lines
                .push(msg!("picture-score", score = Self::score(view.scores[s])));
            if let Some(bid) = view.bids[s] {
                part.lines.push(msg!("whist22-picture-bid", n = bid));
            }
            if view.phase == Phase::Playing {
                part.lines.push(msg!("picture-tricks", n = view.tricks[s]));
            }
        }
        if let Some(me) = viewer {
            if !view.hand.is_empty() || view.hand_sizes.get(me).copied().unwrap_or(0) == 0 {
                scene.set_hand(hand_groups(&view.hand), &[], false);
            }
        }
        scene
    }

    fn action_cards(action: &Action) -> Vec<Card> {
        match *action {
            Action::Play(card) => vec![card],
            Action::Fool(_) => vec![Card::FOOL],
            Action::Bid(_) | Action::PlayUnseen => Vec::new(),
        }
    }

    fn name() -> Msg {
        msg!("whist22-name")
    }

    fn summary() -> Msg {
        msg!("whist22-summary")
    }

    fn describe(view: &View) -> Vec<Msg> {
        let mut lines = vec![head(view)];
        lines.extend(turn(view));
        let scores = (0..view.scores.len())
            .map(|s| {
                msg!(
                    "whist22-seat-score",
                    who = seat(s),
                    score = Self::score(view.scores[s]),
                    bid = view.bids[s].map_or_else(|| Arg::from(msg!("whist22-no-bid")), Arg::from),
                    took = view.tricks[s]
                )
            })
            .collect();
        lines.push(msg!(
            "whist22-scores",
            seats = list(scores, key!("sep-dot"))
        ));
        let seen: Vec<Msg> = view
            .others_cards
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.is_empty())
            .map(|(s, c)| msg!("whist22-seat-cards", who = seat(s), cards = c))
            .collect();
        if !seen.is_empty() {
            lines.push(msg!(
                "whist22-cards-seen",
                seats = list(seen, key!("sep-dot"))
            ));
        }
        if view.phase == Phase::Playing {
            let now = (!view.trick.is_empty()).then(|| plays(&view.trick));
            lines.push(trick_line(view.leader, now));
        }
        if let Some(last) = &view.last_trick {
            lines.push(msg!(
                "trick-last",
                plays = plays(&last.plays),
                winner = seat(last.winner)
            ));
        }
        if let Some(hand) = &view.last_hand {
            lines.push(scored(hand));
        }
        if let Observer::Seat(me) = view.observer {
            let held = view.hand_sizes.get(me).copied().unwrap_or(0);
            lines.push(if view.hand.is_empty() && held > 0 {
                msg!("whist22-hand-hidden", n = held)
            } else {
                present::hand(hand_groups(&view.hand))
            });
        }
        lines
    }

    /// Bids sit in the row of calls.
    fn row(_view: &View, action: &Action) -> Row {
        match action {
            Action::Bid(_) => Row::Calls,
            Action::Play(_) | Action::Fool(_) | Action::PlayUnseen => Row::Cards,
        }
    }

    fn glossary() -> Vec<Msg> {
        vec![
            msg!("whist22-word-bid"),
            msg!("whist22-word-dealer"),
            msg!("whist22-word-fool"),
            msg!("whist22-word-blind"),
        ]
    }

    fn label(_view: &View, action: &Action) -> Msg {
        match *action {
            Action::Bid(n) => msg!("whist22-label-bid", n = n),
            Action::Play(card) => play_label(&[card]),
            Action::Fool(v) => msg!("whist22-label-fool", card = Card::FOOL, value = v.value()),
            Action::PlayUnseen => msg!("whist22-label-unseen"),
        }
    }

    fn reason(refusal: &Refusal) -> Msg {
        match *refusal {
            Refusal::BiddingOver => msg!("whist22-bidding-over"),
            Refusal::BidTooHigh { max } => msg!("whist22-bid-too-high", max = max),
            Refusal::DealerBid { bid, tricks } => {
                msg!("whist22-dealer-bid", bid = bid, tricks = tricks)
            }
            Refusal::BidFirst => msg!("whist22-bid-first"),
            Refusal::FoolRevealed => msg!("whist22-fool-revealed", card = Card::FOOL),
            Refusal::Blind => msg!("whist22-blind"),
            Refusal::FoolNeedsValue => msg!("whist22-fool-needs-value", card = Card::FOOL),
            Refusal::NotACard(card) => msg!("whist22-not-a-card", card = card),
            Refusal::NotHeld(card) => msg!("whist22-not-held", card = card),
            Refusal::CanSee => msg!("whist22-can-see"),
        }
    }

    fn deals(event: &Event) -> bool {
        matches!(event, Event::HandDealt { .. })
    }

    fn event(event: &Event) -> Msg {
        match event {
            Event::HandDealt {
                deal,
                dealer,
                hand_size,
                blind,
            } => msg!(
                "whist22-event-dealt",
                deal = *deal,
                cards = *hand_size,
                dealer = seat(*dealer),
                blind = verbatim(if *blind { "yes" } else { "no" })
            ),
            Event::Bid { seat: s, bid } => msg!("whist22-event-bid", who = seat(*s), bid = *bid),
            Event::Revealed { seat: s, card } => {
                msg!("whist22-event-revealed", who = seat(*s), card = *card)
            }
            Event::Played {
                seat: s,
                card,
                value,
            } if *card == Card::FOOL => msg!(
                "whist22-event-fool",
                who = seat(*s),
                card = *card,
                value = *value
            ),
            Event::Played { seat: s, card, .. } => {
                msg!("event-card-played", who = seat(*s), card = *card)
            }
            Event::TrickWon { seat: s } => msg!("whist22-event-trick", who = seat(*s)),
            Event::HandScored(hand) => scored(hand),
            Event::GameOver { ranking } => match ranking.first() {
                Some(best) => msg!("whist22-over", winners = seat_list(best)),
                None => msg!("whist22-event-over"),
            },
        }
    }
}

/// The hand's first line: its number, cards each, dealer, and whether it is the blind round.
fn head(view: &View) -> Msg {
    msg!(
        "whist22-head",
        deal = view.deal,
        cards = view.hand_size,
        dealer = seat(view.dealer),
        blind = verbatim(if view.blind { "yes" } else { "no" })
    )
}

/// Whose turn it is and to do what (the dealer's forbidden bid named), or who won.
fn turn(view: &View) -> Option<Msg> {
    match (view.phase, view.turn) {
        (Phase::Over, _) => view
            .ranking
            .as_ref()
            .and_then(|r| r.first())
            .map(|best| msg!("whist22-over", winners = seat_list(best))),
        (Phase::Bidding, Some(turn)) => {
            Some(match view.forbidden_bid.filter(|&f| f <= view.hand_size) {
                Some(f) => msg!("whist22-turn-bid-not", who = seat(turn), not = f),
                None => msg!("whist22-turn-bid", who = seat(turn)),
            })
        }
        (Phase::Playing, Some(turn)) if view.revealed == Some(turn) => {
            Some(msg!("whist22-turn-fool", who = seat(turn)))
        }
        (Phase::Playing, Some(turn)) => Some(msg!("whist22-turn-play", who = seat(turn))),
        _ => None,
    }
}

/// A hand as it is held: strongest first, the Fool (it may count 22), then 21 down to 1.
fn hand_groups(hand: &[Card]) -> Vec<Vec<Card>> {
    grouped(hand, |c| {
        ((), std::cmp::Reverse(c.trump_value().unwrap_or(22)))
    })
}

/// The plays of a trick in order, the Fool with the value it counts for: "Ann 17, Bob Fool=22".
fn plays(plays: &[Play]) -> Msg {
    let items = plays
        .iter()
        .map(|p| {
            if p.card == Card::FOOL {
                msg!(
                    "whist22-play-fool",
                    who = seat(p.seat),
                    card = p.card,
                    value = p.value
                )
            } else {
                msg!("trick-play", who = seat(p.seat), card = p.card)
            }
        })
        .collect();
    msg!("trick-plays", plays = list(items, key!("sep-comma")))
}

/// The scoring of a hand in sentences: each seat's bid and tricks and what it cost ("@ann bid 2
/// and took exactly 2: no points lost; Bob bid 1 but took 3: loses 2 points"), then every
/// score now, with commas, so no list dot stands beside a computer's name.
fn scored(hand: &HandResult) -> Msg {
    let parts = (0..hand.scores.len())
        .map(|s: Seat| {
            msg!(
                "whist22-seat-result",
                who = seat(s),
                bid = hand.bids[s],
                took = hand.tricks[s],
                lost = -hand.changes[s]
            )
        })
        .collect();
    let scores = (0..hand.scores.len())
        .map(|s: Seat| msg!("whist22-seat-now", who = seat(s), score = hand.scores[s]))
        .collect();
    msg!(
        "whist22-hand",
        deal = hand.deal,
        seats = list(parts, key!("whist22-sep-semicolon")),
        scores = list(scores, key!("sep-comma"))
    )
}
