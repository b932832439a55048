//! What people are told about Pöytäpaska: the table from a view (whose turn, the pile, the
//! stock, every player's hand size and face-up cards and which face-down positions are left —
//! never a face-down card — the observer's hand and where it plays from, the finishing order)
//! in words and as a picture (the pile's last cards, the stock and the cleared cards in the
//! middle, each seat's hand size, face-up cards and face-down backs, who is out, the own hand
//! by rank with its playable cards), the buttons, refusals and the sentence for each event.
//! Words live in `locales/<lang>/poytapaska.ftl` and, shared with Paskahousu, `shedding.ftl`.

use super::{Action, Event, Phase, Poytapaska, Refusal, View};
use crate::picture::{Face, Pile, Scene};
use crate::present::{by_rank, play_label};
use crate::shedding::{self, told};
use crate::{Observer, Present, Tone};
use pakka_cards::Card;
use pakka_text::{key, msg};
use pakka_text::{list, seat, verbatim, Arg, Msg};

impl Present for Poytapaska {
    /// Whose turn (or how the game ended) at the top; the pile's last cards, the stock and the
    /// cards out of the game in the middle; each seat's hand size, its face-up table cards and
    /// a back for every face-down position left, those out marked with their place; a seat's
    /// own hand by rank, low to high.
    fn picture(view: &View) -> Scene {
        let mut scene = shedding::picture(&shedding::PictureOf {
            observer: view.observer,
            turn: view.turn,
            table: &view.table,
            hand_sizes: &view.hand_sizes,
            hand: &view.hand,
        });
        // The table cards in front of each seat: face up by rank, and a back for every
        // face-down position left.
        for part in &mut scene.seats {
            let s = part.seat;
            if !view.face_up[s].is_empty() {
                part.piles.push(Pile::up_row(
                    Some(msg!("poytapaska-picture-face-up")),
                    &by_rank(&view.face_up[s], order).concat(),
                ));
            }
            if !view.face_down[s].is_empty() {
                part.piles.push(Pile::row(
                    Some(msg!("poytapaska-picture-face-down")),
                    view.face_down[s].iter().map(|_| Face::Down).collect(),
                ));
            }
        }
        scene
    }

    fn action_cards(action: &Action) -> Vec<Card> {
        match action {
            Action::Play(cards) => cards.to_vec(),
            _ => Vec::new(),
        }
    }

    fn name() -> Msg {
        msg!("poytapaska-name")
    }

    fn summary() -> Msg {
        msg!("poytapaska-summary")
    }

    fn describe(view: &View) -> Vec<Msg> {
        let mut lines = shedding::table_lines(view.turn, &view.table);
        for (s, &held) in view.hand_sizes.iter().enumerate() {
            if view.table.out.contains(&s) {
                continue;
            }
            let up: Arg = match &view.face_up[s] {
                up if up.is_empty() => msg!("poytapaska-none").into(),
                up => up.into(),
            };
            let down: Arg = if view.face_down[s].is_empty() {
                msg!("poytapaska-none").into()
            } else {
                list(
                    view.face_down[s]
                        .iter()
                        .map(|&p| msg!("poytapaska-face-down", position = p))
                        .collect(),
                    key!("poytapaska-sep-space"),
                )
            };
            lines.push(msg!(
                "poytapaska-seat",
                who = seat(s),
                hand = held,
                up = up,
                down = down
            ));
        }
        if let Observer::Seat(me) = view.observer {
            let from = match view.playing_from {
                Some(Phase::FaceUp) => "face-up",
                Some(Phase::FaceDown) => "face-down",
                _ => "hand",
            };
            lines.push(shedding::hand(&view.hand));
            let up: Arg = match view.face_up.get(me) {
                Some(up) if !up.is_empty() => by_rank(up, order).concat().into(),
                _ => msg!("poytapaska-none").into(),
            };
            lines.push(msg!(
                "poytapaska-your-table",
                up = up,
                down = view.face_down.get(me).map_or(0, Vec::len),
                from = verbatim(from)
            ));
        }
        lines.extend(shedding::outcome_lines(&view.table, view.hand_sizes.len()));
        lines
    }

    fn glossary() -> Vec<Msg> {
        vec![
            msg!("poytapaska-word-face-up"),
            msg!("poytapaska-word-face-down"),
            msg!("shedding-word-take"),
            msg!("shedding-word-loser"),
        ]
    }

    fn label(view: &View, action: &Action) -> Msg {
        match action {
            Action::Play(cards) if view.playing_from == Some(Phase::FaceUp) => {
                msg!("poytapaska-play-face-up", play = play_label(cards))
            }
            other => shedding::label(other),
        }
    }

    /// Only while playing from the hand: face-up cards are a choice of their own, face-down
    /// cards are played blind.
    fn why(view: &View, legal: &[Action]) -> Option<Msg> {
        match view.playing_from {
            Some(Phase::Hand) => shedding::why(&view.table.pile, &view.hand, legal),
            _ => None,
        }
    }

    fn tone(_view: &View, action: &Action) -> Tone {
        shedding::tone(action)
    }

    fn group(_view: &View, action: &Action) -> Option<Msg> {
        shedding::group(action)
    }

    fn reason(refusal: &Refusal) -> Msg {
        match *refusal {
            Refusal::Shedding(ref r) => shedding::reason(r),
            Refusal::FaceDownNow => msg!("poytapaska-face-down-now"),
            Refusal::FaceUpTooEarly => msg!("poytapaska-face-up-too-early"),
            Refusal::HandAndFaceUp => msg!("poytapaska-hand-and-face-up"),
            Refusal::NotFaceUp(card) => msg!("poytapaska-not-face-up", card = card),
            Refusal::NoSuchPosition(_) => msg!("poytapaska-no-such-position"),
            Refusal::FaceDownTooEarly => msg!("poytapaska-face-down-too-early"),
            Refusal::FaceUpFirst => msg!("poytapaska-face-up-first"),
            Refusal::AlreadyTried(p) => msg!("poytapaska-already-tried", position = p),
        }
    }

    /// One deal, dealt when the game is made: no event deals.
    fn deals(_event: &Event) -> bool {
        false
    }

    fn event(event: &Event) -> Msg {
        match event {
            Event::Played { seat, cards, from } => told::played(*seat, cards, *from),
            Event::TriedFaceDown {
                seat: s,
                position,
                card,
            } => msg!(
                "poytapaska-event-tried",
                who = seat(*s),
                position = *position,
                card = *card
            ),
            Event::Took { seat, cards } => told::took(*seat, cards),
            Event::Shared(shedding::Event::GameOver {
                loser: Some(loser),
                ranking,
            }) => msg!(
                "poytapaska-event-over",
                loser = seat(*loser),
                order = told::out_order(ranking)
            ),
            Event::Shared(e) => told::shared(e),
        }
    }
}

/// A card's place in the games' rank order, for holding and laying out cards by rank.
fn order(card: Card) -> u8 {
    shedding::order(card.rank())
}
