//! What people are told about Mätäpesä: the table from a view (whose turn, the trick, the last
//! trick, every player's face-up played cards and the leftovers) in words and as a picture (the
//! leftovers in the middle, the trick by seat and the card taking it, each seat's played cards
//! in front of it, the own hand by rank with its playable cards), the play buttons, refusals
//! and the sentence for each event. Words live in `locales/<lang>/matapesa.ftl`.

use super::{Action, Event, Matapesa, Refusal, View};
use crate::picture::{trick_leader, Pile, Scene};
use crate::present::{self, by_rank, last_trick, play_label, plays, rank, trick_line};
use crate::{Observer, Present};
use pakka_cards::{Card, Suit};
use pakka_text::msg;
use pakka_text::{seat, Msg};

impl Present for Matapesa {
    /// Whose turn and the tricks left (or the loser) at the top; the leftovers face up in the
    /// middle; the trick by seat with the card taking it marked; in front of each seat the
    /// cards it played before this trick, its cards in hand and its tricks; a seat's own hand
    /// by rank, low to high.
    fn picture(view: &View) -> Scene {
        let viewer = view.observer.seat();
        let mut scene = Scene::new(view.hand_sizes.len(), viewer);
        scene.notes.extend(status(view));
        if !view.leftovers.is_empty() {
            scene.middle.push(Pile::up_row(
                Some(msg!("matapesa-picture-leftovers")),
                &view.leftovers,
            ));
        }
        scene.trick = view.trick.clone();
        // The highest rank takes the trick; among equals the last one played.
        scene.trick_leader = trick_leader(&view.trick, |c, w, _| c.rank() >= w.rank());
        for part in &mut scene.seats {
            let s = part.seat;
            part.hand = Some(view.hand_sizes[s]);
            part.to_act = view.turn == Some(s);
            // The card a seat has in the trick is shown there, not in front of it.
            let in_trick = view.trick.iter().filter(|&&(p, _)| p == s).count();
            let played = &view.played[s];
            let before = &played[..played.len().saturating_sub(in_trick)];
            if !before.is_empty() {
                part.piles
                    .push(Pile::up_row(Some(msg!("matapesa-picture-played")), before));
            }
            part.lines
                .push(msg!("picture-tricks", n = view.tricks_won[s]));
            if view.loser == Some(s) {
                part.lines.push(msg!("matapesa-picture-loser"));
            }
        }
        if viewer.is_some() {
            scene.set_hand(by_rank(&view.hand, |c| c.rank().number()), &[], false);
        }
        scene
    }

    /// A play names one card of a rank and any card of that rank is accepted for it.
    fn action_cards(action: &Action) -> Vec<Card> {
        let Action::Play(card) = *action;
        Suit::ALL
            .iter()
            .map(|&s| Card::new(card.rank(), s))
            .collect()
    }

    fn name() -> Msg {
        msg!("matapesa-name")
    }

    fn summary() -> Msg {
        msg!("matapesa-summary")
    }

    fn describe(view: &View) -> Vec<Msg> {
        let mut lines: Vec<Msg> = status(view).into_iter().collect();
        if view.loser.is_none() {
            let now = (!view.trick.is_empty()).then(|| plays(&view.trick));
            lines.push(trick_line(view.leader, now));
        }
        if let Some(last) = &view.last_trick {
            lines.push(last_trick(last));
        }
        for (s, played) in view.played.iter().enumerate() {
            lines.push(msg!(
                "matapesa-seat",
                who = seat(s),
                hand = view.hand_sizes[s],
                tricks = view.tricks_won[s],
                played = played
            ));
        }
        if !view.leftovers.is_empty() {
            lines.push(msg!("matapesa-leftovers", cards = &view.leftovers));
        }
        if let Observer::Seat(_) = view.observer {
            lines.push(present::hand(by_rank(&view.hand, |c| c.rank().number())));
        }
        lines
    }

    /// While some held cards may not follow: which ones may.
    fn why(view: &View, legal: &[Action]) -> Option<Msg> {
        let high = view.trick.iter().map(|(_, c)| c.rank()).max()?;
        let lowest = view.hand.iter().map(|c| c.rank()).min()?;
        (legal.len() < view.hand.len()).then(|| {
            msg!(
                "matapesa-why-too-low",
                high = rank(high),
                lowest = rank(lowest)
            )
        })
    }

    fn glossary() -> Vec<Msg> {
        vec![
            msg!("matapesa-word-lowest"),
            msg!("matapesa-word-leftovers"),
        ]
    }

    fn label(_view: &View, action: &Action) -> Msg {
        let Action::Play(card) = *action;
        play_label(&[card])
    }

    fn reason(refusal: &Refusal) -> Msg {
        match *refusal {
            Refusal::NotACard(card) => msg!("refusal-not-a-card", card = card),
            Refusal::NotHeld { card, instead } => {
                msg!("matapesa-not-held", card = card, instead = instead)
            }
            Refusal::NoneOfRank(r) => msg!("matapesa-none-of-rank", rank = rank(r)),
            Refusal::TooLow { card, high, lowest } => msg!(
                "matapesa-too-low",
                card = card,
                high = rank_or_none(high),
                lowest = rank_or_none(lowest)
            ),
        }
    }

    /// One deal, dealt when the game is made: no event deals.
    fn deals(_event: &Event) -> bool {
        false
    }

    fn event(event: &Event) -> Msg {
        match *event {
            Event::Played { seat: s, card } => {
                msg!("event-card-played", who = seat(s), card = card)
            }
            Event::TrickWon { seat: s, trick } => {
                msg!("event-trick-won", who = seat(s), trick = trick)
            }
            Event::GameOver { loser, .. } => msg!("matapesa-event-over", loser = seat(loser)),
        }
    }
}

/// Whose turn it is and how many tricks are left, or who lost.
fn status(view: &View) -> Option<Msg> {
    match (view.turn, view.loser) {
        (_, Some(loser)) => Some(msg!("matapesa-over", loser = seat(loser))),
        (Some(turn), None) => Some(msg!(
            "matapesa-turn",
            who = seat(turn),
            tricks = view.tricks_left
        )),
        (None, None) => None,
    }
}

fn rank_or_none(r: Option<pakka_cards::Rank>) -> pakka_text::Arg {
    r.map_or_else(|| pakka_text::verbatim(""), rank)
}
