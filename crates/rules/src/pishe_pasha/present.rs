//! What people are told about Pishe Pasha: the table from a view (whose turn or who must flip,
//! every seat's stock and discard pile, the foundations, the turned card, an open breach or a
//! called Stop) and as a picture (the foundations in the middle, every seat's stock and discard
//! pile in front of it, the turned card), the action buttons, refusals and the sentence for
//! each event. Words live in `locales/<lang>/pishe_pasha.ftl`.

use super::{Action, EndReason, Event, Mode, PishePasha, Refusal, View};
use crate::picture::{Face, Pile, Scene};
use crate::present::seat_list;
use crate::{Observer, Present, Seat, Tone};
use pakka_cards::{Card, Suit};
use pakka_text::{key, msg};
use pakka_text::{list, seat, verbatim, Msg};

/// How many cards of a discard pile the table shows, top last.
const SHOWN: usize = 6;

impl Present for PishePasha {
    /// The turn (or the book step) at the top; the foundations in the middle, each its top
    /// card and count; in front of every seat its stock as backs and its discard pile as a row
    /// of its top cards, the turned card in front of the seat at turn, a breach or a Stop
    /// named. Nobody holds a hand: a seat's own picture has none either.
    fn picture(view: &View) -> Scene {
        let seats = view.stock_sizes.len();
        let mut scene = Scene::new(seats, view.observer.seat());
        scene.notes.push(match view.mode {
            Mode::Book => msg!(
                "pishe-book-step",
                step = view.steps + 1,
                waiting = seat_list(&waiting(view))
            ),
            _ => msg!("pishe-turn", who = seat(view.turn)),
        });
        let single = view.foundation_tops.len() != 4;
        for (i, &top) in view.foundation_tops.iter().enumerate() {
            let label = if single {
                msg!("pishe-picture-foundation")
            } else {
                msg!(
                    "pishe-picture-foundation-suit",
                    suit = verbatim(Suit::ALL[i].symbol())
                )
            };
            let mut pile = Pile::stack(Some(label), top.map(Face::Up).into_iter().collect());
            pile.count = Some(view.foundation_sizes[i]);
            scene.middle.push(pile);
        }
        let acting = to_act(view);
        for part in &mut scene.seats {
            let s = part.seat;
            part.to_act = acting.contains(&s);
            part.piles.push(Pile::backs(
                Some(msg!("picture-stock")),
                view.stock_sizes[s],
            ));
            let discards = &view.discards[s];
            let shown = &discards[discards.len().saturating_sub(SHOWN)..];
            let mut pile = Pile::up_row(Some(msg!("pishe-picture-discards")), shown);
            pile.count = Some(discards.len());
            part.piles.push(pile);
            if view.turn == s && view.mode != Mode::Book {
                if let Some(card) = view.pending {
                    part.piles.push(Pile::stack(
                        Some(msg!("pishe-picture-turned")),
                        vec![Face::Up(card)],
                    ));
                }
            }
            if view.breach == Some(s) {
                part.lines.push(msg!("pishe-picture-breach"));
            }
            if view.stopper == Some(s) {
                part.lines.push(msg!("pishe-picture-stop"));
            }
        }
        scene
    }

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
            lines.push(msg!(
                "pishe-book-step",
                step = view.steps + 1,
                waiting = seat_list(&waiting(view))
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

    fn glossary() -> Vec<Msg> {
        vec![
            msg!("pishe-word-foundation"),
            msg!("pishe-word-give"),
            msg!("pishe-word-discard"),
        ]
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

    /// One deal, dealt when the game is made: no event deals.
    fn deals(_event: &Event) -> bool {
        false
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

/// The seats still to flip in the book version's step.
fn waiting(view: &View) -> Vec<Seat> {
    (0..view.stock_sizes.len())
        .filter(|&s| !view.flipped[s])
        .collect()
}

/// The seats the view waits for: those still to flip in the book version; else the seat that
/// called Stop, or the seat at turn and, after a breach, every other seat but the offender
/// (who may call Stop). Nobody once a seat has run out of cards (the game is over).
fn to_act(view: &View) -> Vec<Seat> {
    let seats = view.stock_sizes.len();
    let holds = |s: Seat| {
        view.stock_sizes[s]
            + view.discards[s].len()
            + usize::from(s == view.turn && view.pending.is_some())
    };
    let out = (0..seats).any(|s| holds(s) == 0);
    if out {
        return Vec::new();
    }
    if view.mode == Mode::Book {
        return waiting(view);
    }
    if let Some(s) = view.stopper {
        return vec![s];
    }
    (0..seats)
        .filter(|&s| s == view.turn || view.breach.is_some_and(|b| s != b))
        .collect()
}
