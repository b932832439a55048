//! What people are told about Paskahousu: the table from a view (whose turn, the pile, the
//! stock, every player's hand size, the observer's hand, the finishing order) in words and as a
//! picture (the pile's last cards, the stock and the cleared cards in the middle, hand sizes,
//! who is out, the own hand by rank with its playable cards), the buttons (a
//! play per rank and count behind a "Play 5s" group), refusals and the sentence for each event.
//! Words live in `locales/<lang>/paskahousu.ftl` and, shared with Pöytäpaska, `shedding.ftl`.

use super::{Action, Event, Paskahousu, Refusal, View};
use crate::picture::Scene;
use crate::present::cards_count;
use crate::shedding::{self, told, Source};
use crate::{Observer, Present, Tone};
use pakka_cards::Card;
use pakka_text::msg;
use pakka_text::{seat, Msg};

impl Present for Paskahousu {
    /// Whose turn (or how the game ended) at the top; the pile's last cards, the stock and the
    /// cards out of the game in the middle; each seat's hand size, those out marked with their
    /// place; a seat's own hand by rank, low to high.
    fn picture(view: &View) -> Scene {
        shedding::picture(&shedding::PictureOf {
            observer: view.observer,
            turn: view.turn,
            table: &view.table,
            hand_sizes: &view.hand_sizes,
            hand: &view.hand,
        })
    }

    fn action_cards(action: &Action) -> Vec<Card> {
        match action {
            Action::Play(cards) => cards.to_vec(),
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
        let mut lines = shedding::table_lines(view.turn, &view.table);
        for (s, &held) in view.hand_sizes.iter().enumerate() {
            if !view.table.out.contains(&s) {
                lines.push(msg!(
                    "paskahousu-seat",
                    who = seat(s),
                    cards = cards_count(held)
                ));
            }
        }
        if let Observer::Seat(_) = view.observer {
            lines.push(shedding::hand(&view.hand));
        }
        if view.courts_dead && !view.open_any_card {
            lines.push(msg!("paskahousu-courts-dead"));
        }
        lines.extend(shedding::outcome_lines(&view.table, view.hand_sizes.len()));
        lines
    }

    fn glossary() -> Vec<Msg> {
        vec![
            msg!("paskahousu-word-ranks"),
            msg!("shedding-word-take"),
            msg!("shedding-word-draw"),
            msg!("paskahousu-word-empty-ace"),
            msg!("shedding-word-loser"),
        ]
    }

    fn label(_view: &View, action: &Action) -> Msg {
        shedding::label(action)
    }

    fn why(view: &View, legal: &[Action]) -> Option<Msg> {
        shedding::why(&view.table.pile, &view.hand, legal)
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

    /// One deal, dealt when the game is made: no event deals.
    fn deals(_event: &Event) -> bool {
        false
    }

    fn event(event: &Event) -> Msg {
        match event {
            Event::Played { seat, cards, drawn } => {
                let from = if *drawn { Source::Stock } else { Source::Hand };
                told::played(*seat, cards, from)
            }
            Event::Took {
                seat: s,
                cards,
                forced: true,
            } => msg!("paskahousu-event-picked-up", who = seat(*s), cards = cards),
            Event::Took { seat, cards, .. } => told::took(*seat, cards),
            Event::Shared(shedding::Event::GameOver {
                loser: Some(loser),
                ranking,
            }) => msg!(
                "paskahousu-event-over",
                loser = seat(*loser),
                order = told::out_order(ranking)
            ),
            Event::Shared(e) => told::shared(e),
        }
    }
}
