//! What people are told about Pishe Pasha: the table from a view (whose turn or who must flip,
//! every seat's stock and discard pile, the foundations, the turned card, an open breach or a
//! called Stop), the action buttons, refusals and the sentence for each event. Words live in
//! `locales/<lang>/pishe_pasha.ftl`.

use super::{Action, EndReason, Event, Mode, PishePasha, Refusal, View};
use crate::cards::{Card, Suit};
use crate::rules::present::seat_list;
use crate::rules::{Observer, Present, Seat, Tone};
use crate::text::{list, seat, verbatim, Msg};
use crate::{key, msg};

/// How many cards of a discard pile the table shows, top last.
const SHOWN: usize = 6;

impl Present for PishePasha {
    fn name() -> Msg {
        msg!("pishe-name")
    }

    fn summary() -> Msg {
        msg!("pishe-summary")
    }

    fn describe(view: &View) -> Vec<Msg> {
        let seats = view.stock_sizes.len();
        let mut lines = Vec::new();
        if view.mode == Mode::Book {
            let waiting: Vec<usize> = (0..seats).filter(|&s| !view.flipped[s]).collect();
            lines.push(msg!(
                "pishe-book-step",
                step = view.steps + 1,
                waiting = seat_list(&waiting)
            ));
        } else {
            lines.push(msg!("pishe-turn", who = seat(view.turn)));
        }
        for s in 0..seats {
            lines.push(msg!(
                "pishe-seat",
                who = seat(s),
                stock = view.stock_sizes[s],
                pile = pile(&view.discards[s])
            ));
        }
        let single = view.foundation_tops.len() != 4;
        let foundations = view
            .foundation_tops
            .iter()
            .enumerate()
            .map(|(i, &top)| {
                let top = Vec::from_iter(top);
                if single {
                    msg!(
                        "pishe-foundation-single",
                        top = top,
                        cards = view.foundation_sizes[i]
                    )
                } else {
                    msg!(
                        "pishe-foundation-suit",
                        suit = verbatim(Suit::ALL[i].symbol()),
                        top = top
                    )
                }
            })
            .collect();
        lines.push(msg!(
            "pishe-foundations",
            piles = list(foundations, key!("sep-dot"))
        ));
        if let Some(card) = view.pending {
            lines.push(msg!("pishe-turned-card", card = card));
        }
        if let Some(offender) = view.breach {
            lines.push(msg!("pishe-breach", who = seat(offender)));
        }
        if let Some(stopper) = view.stopper {
            lines.push(msg!("pishe-stop-called", who = seat(stopper)));
        }
        if let Observer::Seat(me) = view.observer {
            // Nobody holds a hand: the seat's cards are its face-down stock and its discards.
            lines.push(msg!(
                "pishe-yours",
                stock = view.stock_sizes.get(me).copied().unwrap_or(0),
                pile = pile(view.discards.get(me).map_or(&[][..], Vec::as_slice))
            ));
        }
        lines
    }

    fn tone(_view: &View, action: &Action) -> Tone {
        match action {
            Action::Discard => Tone::Other,
            _ => Tone::Main,
        }
    }

    fn label(view: &View, action: &Action) -> Msg {
        let moving: Vec<Card> = view
            .pending
            .or_else(|| view.discards[view.turn].last().copied())
            .into_iter()
            .collect();
        match *action {
            Action::Turn => msg!("pishe-action-turn"),
            Action::Give(to) => msg!("pishe-action-give", card = moving, to = seat(to)),
            Action::Discard => msg!("pishe-action-discard", card = moving),
            Action::Foundation => msg!("pishe-action-foundation", card = moving),
            Action::Stop => msg!("pishe-action-stop"),
            Action::Correct => msg!("pishe-action-correct"),
            Action::TakeOver => msg!("pishe-action-take-over"),
            Action::Flip => msg!("pishe-action-flip"),
        }
    }

    fn reason(refusal: &Refusal) -> Msg {
        match *refusal {
            Refusal::FlipOutsideBook => msg!("pishe-flip-outside-book"),
            Refusal::OnlyFlip => msg!("pishe-only-flip"),
            Refusal::StopCalled => msg!("pishe-stop-was-called"),
            Refusal::NoStopRule => msg!("pishe-no-stop-rule"),
            Refusal::NoBreach => msg!("pishe-no-breach"),
            Refusal::OwnBreach => msg!("pishe-own-breach"),
            Refusal::NobodyStopped => msg!("pishe-nobody-stopped"),
            Refusal::OnlyStop { turn } => msg!("pishe-only-stop", turn = turn),
            Refusal::PlaceTurnedCard => msg!("pishe-place-turned-card"),
            Refusal::NothingToDiscard => msg!("pishe-nothing-to-discard"),
            Refusal::FoundationAutomatic => msg!("pishe-foundation-automatic"),
            Refusal::NoFoundation { card } => msg!("pishe-no-foundation", card = card),
            Refusal::NoCardToPlay => msg!("pishe-no-card-to-play"),
            Refusal::NoSuchSeat { seat } => msg!("pishe-no-such-seat", seat = seat),
            Refusal::GiveToSelf => msg!("pishe-give-to-self"),
            Refusal::NoCardToGive => msg!("pishe-no-card-to-give"),
            Refusal::NoDiscardPile { seat } => msg!("pishe-no-discard-pile", seat = seat),
            Refusal::DoesNotFit { card, seat, top } => {
                msg!("pishe-does-not-fit", card = card, seat = seat, top = top)
            }
        }
    }

    fn event(event: &Event) -> Msg {
        match *event {
            Event::Turned { seat: s, card } => {
                msg!("pishe-event-turned", who = seat(s), card = card)
            }
            Event::StockRenewed { seat: s, cards } => {
                msg!("pishe-event-stock-renewed", who = seat(s), cards = cards)
            }
            Event::ToFoundation { seat: s, card } => {
                msg!("pishe-event-to-foundation", who = seat(s), card = card)
            }
            Event::Gave { seat: s, to, card } => {
                msg!(
                    "pishe-event-gave",
                    who = seat(s),
                    to = seat(to),
                    card = card
                )
            }
            Event::Discarded { seat: s, card } => {
                msg!("pishe-event-discarded", who = seat(s), card = card)
            }
            Event::TurnPassed { seat: s } => msg!("event-turn", who = seat(s)),
            Event::Breach { seat: s } => msg!("pishe-breach", who = seat(s)),
            Event::Stopped { seat: s, offender } => {
                msg!(
                    "pishe-event-stopped",
                    who = seat(s),
                    offender = seat(offender)
                )
            }
            Event::Corrected { seat: s, offender } => {
                msg!(
                    "pishe-event-corrected",
                    who = seat(s),
                    offender = seat(offender)
                )
            }
            Event::TookOver { seat: s, offender } => {
                msg!(
                    "pishe-event-took-over",
                    who = seat(s),
                    offender = seat(offender)
                )
            }
            Event::Flipped { seat: s, card } => {
                msg!("pishe-event-flipped", who = seat(s), card = card)
            }
            Event::Captured {
                seat: s,
                from,
                cards,
            } => msg!(
                "pishe-event-captured",
                who = seat(s),
                from = seat(from),
                cards = cards
            ),
            Event::GameOver {
                reason,
                winner,
                points,
            } => game_over(reason, winner, points),
        }
    }
}

/// The sentence for the end of the game.
fn game_over(reason: EndReason, winner: Option<Seat>, points: Option<i64>) -> Msg {
    match (reason, winner) {
        (EndReason::WentOut, Some(w)) => msg!(
            "pishe-event-went-out",
            who = seat(w),
            points = points.unwrap_or(0)
        ),
        (EndReason::NoCards, Some(w)) => msg!("pishe-event-no-cards", who = seat(w)),
        (EndReason::Repetition, Some(w)) => msg!("pishe-event-repetition", who = seat(w)),
        (EndReason::Repetition, None) => msg!("pishe-event-repetition-draw"),
        (EndReason::StepCap, Some(w)) => msg!("pishe-event-step-cap", who = seat(w)),
        (EndReason::StepCap, None) => msg!("pishe-event-step-cap-draw"),
        (EndReason::WentOut | EndReason::NoCards, None) => msg!("pishe-event-over"),
    }
}

/// A discard pile as its size and its last few cards, top last.
fn pile(cards: &[Card]) -> Msg {
    if cards.is_empty() {
        return msg!("pishe-pile-empty");
    }
    let start = cards.len().saturating_sub(SHOWN);
    let shown = &cards[start..];
    msg!(
        "pishe-pile",
        cards = cards.len(),
        more = verbatim(if start > 0 { "yes" } else { "no" }),
        shown = shown,
        top = shown[shown.len() - 1]
    )
}
