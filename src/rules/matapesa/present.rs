//! What people are told about Mätäpesä: the table from a view (whose turn, the trick, the last
//! trick, every player's face-up played cards and the leftovers), the play buttons, refusals and
//! the sentence for each event. Words live in `locales/<lang>/matapesa.ftl`.

use super::{Action, Event, Matapesa, Refusal, View};
use crate::msg;
use crate::rules::present::{self, by_rank, last_trick, plays, rank, trick_line};
use crate::rules::{Observer, Present};
use crate::text::{seat, Msg};

impl Present for Matapesa {
    fn name() -> Msg {
        msg!("matapesa-name")
    }

    fn summary() -> Msg {
        msg!("matapesa-summary")
    }

    fn describe(view: &View) -> Vec<Msg> {
        let mut lines = Vec::new();
        match (view.turn, view.loser) {
            (_, Some(loser)) => lines.push(msg!("matapesa-over", loser = seat(loser))),
            (Some(turn), None) => lines.push(msg!(
                "matapesa-turn",
                who = seat(turn),
                tricks = view.tricks_left
            )),
            (None, None) => {}
        }
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

    fn label(_view: &View, action: &Action) -> Msg {
        let Action::Play(card) = *action;
        msg!("action-play-card", card = card)
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

fn rank_or_none(r: Option<crate::cards::Rank>) -> crate::text::Arg {
    r.map_or_else(|| crate::text::verbatim(""), rank)
}
