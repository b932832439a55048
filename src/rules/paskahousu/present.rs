//! What people are told about Paskahousu: the table from a view (whose turn, the pile, the
//! stock, every player's hand size, the observer's hand, the finishing order) in words and as a
//! picture (the pile's last cards, the stock and the cleared cards in the middle, hand sizes,
//! who is out, the own hand by rank with its playable cards), the buttons (a
//! play per rank and count behind a "Play 5s" group), refusals and the sentence for each event.
//! Words live in `locales/<lang>/paskahousu.ftl` and, shared with Pöytäpaska, `shedding.ftl`.

use super::{Action, Event, Paskahousu, Refusal, View};
use crate::cards::Card;
use crate::msg;
use crate::rules::picture::{Mark, Pile, Scene};
use crate::rules::present::by_rank;
use crate::rules::shedding::{self, told, Source};
use crate::rules::{Observer, Present, Tone};
use crate::text::{seat, Msg};

impl Present for Paskahousu {
    /// Whose turn (or how the game ended) at the top; the pile's last cards, the stock and the
    /// cards out of the game in the middle; each seat's hand size, those out marked with their
    /// place; a seat's own hand by rank, low to high.
    fn picture(view: &View) -> Scene {
        let seats = view.hand_sizes.len();
        let viewer = match view.observer {
            Observer::Seat(s) => Some(s),
            Observer::Public => None,
        };
        let mut scene = Scene::new(seats, viewer);
        // The table's first line says whose turn it is (and a forced opening or free play).
        if view.turn.is_some() {
            let lines = shedding::table_lines(
                view.turn,
                view.opening,
                view.free_play,
                &view.pile,
                view.stock,
                view.cleared,
            );
            scene.notes.extend(lines.into_iter().next());
        }
        if view.over {
            let still: Vec<usize> = (0..seats).filter(|s| !view.out.contains(s)).collect();
            scene.notes.push(shedding::game_over(view.loser, &still));
        }
        scene.middle = middle(&view.pile, view.stock, view.cleared);
        for part in &mut scene.seats {
            let s = part.seat;
            part.hand = Some(view.hand_sizes[s]);
            part.to_act = view.turn == Some(s);
            if let Some(place) = view.out.iter().position(|&o| o == s) {
                part.mark = Mark::Out;
                part.lines
                    .push(msg!("picture-out-place", place = place + 1));
            }
        }
        if viewer.is_some() {
            scene.set_hand(
                by_rank(&view.hand, |c| shedding::order(c.rank())),
                &[],
                false,
            );
        }
        scene
    }

    fn action_cards(action: &Action) -> Vec<Card> {
        match action {
            Action::Play(cards) => cards.clone(),
            _ => Vec::new(),
        }
    }

    fn name() -> Msg {
        msg!("paskahousu-name")
    }

    fn summary() -> Msg {
        msg!("paskahousu-summary")
    }

    fn describe(view: &View) -> Vec<Msg> {
        let mut lines = shedding::table_lines(
            view.turn,
            view.opening,
            view.free_play,
            &view.pile,
            view.stock,
            view.cleared,
        );
        for (s, &held) in view.hand_sizes.iter().enumerate() {
            if !view.out.contains(&s) {
                lines.push(msg!(
                    "paskahousu-seat",
                    who = seat(s),
                    cards = msg!("count-cards", n = held)
                ));
            }
        }
        if let Observer::Seat(_) = view.observer {
            lines.push(shedding::hand(&view.hand));
        }
        if view.courts_dead && !view.open_any_card {
            lines.push(msg!("paskahousu-courts-dead"));
        }
        lines.extend(shedding::outcome_lines(
            &view.out,
            view.loser,
            view.over,
            view.hand_sizes.len(),
        ));
        lines
    }

    fn label(_view: &View, action: &Action) -> Msg {
        shedding::label(action)
    }

    fn tone(_view: &View, action: &Action) -> Tone {
        shedding::tone(action)
    }

    fn group(_view: &View, action: &Action) -> Option<Msg> {
        shedding::group(action)
    }

    fn reason(refusal: &Refusal) -> Msg {
        match refusal {
            Refusal::Shedding(r) => shedding::reason(r),
            Refusal::NoFaceDown => msg!("paskahousu-no-face-down"),
            Refusal::NoDrawAndTry => msg!("paskahousu-no-draw-and-try"),
        }
    }

    fn event(event: &Event) -> Msg {
        match event {
            Event::Played { seat, cards, drawn } => {
                let from = if *drawn { Source::Stock } else { Source::Hand };
                told::played(*seat, cards, from)
            }
            Event::Drew { seat, card } => told::drew(*seat, *card),
            Event::Refilled { seat, cards } => told::refilled(*seat, *cards),
            Event::Took {
                seat: s,
                cards,
                forced: true,
            } => msg!("paskahousu-event-picked-up", who = seat(*s), cards = cards),
            Event::Took { seat, cards, .. } => told::took(*seat, cards),
            Event::Cleared { seat, cards } => told::cleared(*seat, *cards),
            Event::Passed { seat } => told::passed(*seat),
            Event::FreePlay { seat } => told::free_play(*seat),
            Event::Out { seat, place } => told::out(*seat, *place),
            Event::GameOver { loser, ranking } => told::over(*loser, ranking),
        }
    }
}

/// How many cards of the pile its picture shows, top last.
const SHOWN: usize = 6;

/// The middle of a shedding table: the pile's last few cards (with the pile's count), the stock
/// face down and the cards cleared out of the game.
fn middle(pile: &[Card], stock: usize, cleared: usize) -> Vec<Pile> {
    let shown = &pile[pile.len().saturating_sub(SHOWN)..];
    let mut top = Pile::up_row(Some(msg!("picture-pile")), shown);
    top.count = Some(pile.len());
    vec![
        top,
        Pile::backs(Some(msg!("picture-stock")), stock),
        Pile::backs(Some(msg!("picture-cleared")), cleared),
    ]
}
