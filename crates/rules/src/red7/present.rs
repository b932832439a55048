//! What people are told about Red7: the table from a view (scores and the last round in the
//! advanced game, the canvas and its rule, every palette, who is winning, the draw pile, whose
//! turn, the own hand) in words and as a picture (the canvas with its rule, the draw pile, every
//! palette with the winning one marked, the seats that are out, the own hand by colour with its
//! playable cards), the action buttons that say whether a play keeps the player winning,
//! the confirm questions before a play that puts the player out, refusals and the sentence for
//! each event. Colour names and each colour's rule are words of the catalog; card notation
//! (`R7`) is not. Words live in `locales/<lang>/red7.ftl`.

use super::heuristic::{end_outcome, viewer, would_win, EndOutcome};
use super::{
    colour, colour_strength, number, Action, Event, MatchEnd, OutReason, Red7, Refusal, View,
};
use crate::picture::{Face, Mark, Pile, Scene};
use crate::present::{self, grouped, seat_list};
use crate::{Observer, Present, Seat, Tone};
use pakka_cards::{Card, Colour};
use pakka_text::{key, msg};
use pakka_text::{list, list_of, seat, verbatim, Msg};

impl Present for Red7 {
    /// The round and the target (advanced game) and whose turn at the top (the winners once
    /// over); the canvas in the middle with the rule its colour sets written on it, and the
    /// draw pile; each seat's palette strongest first, the winning one marked, a seat that is
    /// out marked with its cards face down; match scores in the advanced game; a seat's own
    /// hand by colour, Red first, high to low (none once it is out).
    fn picture(view: &View) -> Scene {
        let me = view.observer.seat();
        let mut scene = Scene::new(view.palettes.len(), me);
        if let Some(target) = view.target {
            scene.notes.push(msg!(
                "red7-picture-round",
                round = view.round,
                target = target
            ));
        }
        match (&view.ranking, view.turn) {
            // The picture's caption stays short: who won.
            (Some(ranking), _) => scene.notes.push(game_over(ranking, None)),
            (None, Some(t)) => scene.notes.push(msg!(
                "red7-turn",
                who = seat(t),
                played = yes_no(view.played_palette)
            )),
            (None, None) => {}
        }
        // An empty canvas is the starting Red card, which is no card of the deck.
        let canvas = Pile::stack(
            Some(msg!("red7-picture-canvas", colour = colour_name(view.rule))),
            view.canvas.iter().map(|&c| Face::Up(c)).collect(),
        );
        scene.middle.push(
            canvas
                .with_words(rule_text(view.rule))
                .marked(Mark::Leading),
        );
        scene.middle.push(Pile::backs(
            Some(msg!("red7-picture-draw-pile")),
            view.draw_pile,
        ));
        for part in &mut scene.seats {
            let s = part.seat;
            part.to_act = view.turn == Some(s);
            if view.active[s] {
                part.hand = Some(view.hand_sizes[s]);
                let palette = Pile::up_row(Some(msg!("red7-picture-palette")), &view.palettes[s]);
                if view.winning == Some(s) {
                    part.piles.push(palette.marked(Mark::Leading));
                    part.mark = Mark::Leading;
                } else {
                    part.piles.push(palette);
                }
            } else {
                part.piles.push(
                    Pile::backs(Some(msg!("red7-picture-palette-out")), view.face_down[s])
                        .marked(Mark::Out),
                );
                part.mark = Mark::Out;
                if let Some(place) = view.out_order.iter().position(|&o| o == s) {
                    part.lines
                        .push(msg!("picture-out-place", place = place + 1));
                }
            }
            if let Some(scores) = &view.scores {
                part.lines
                    .push(msg!("picture-score", score = Self::score(scores[s])));
            }
        }
        // A seat that is out has its cards face down: no hand of its own to see.
        if me.is_some_and(|s| view.active[s]) {
            scene.set_hand(hand_groups(&view.hand), &[], false);
        }
        scene
    }

    fn action_cards(action: &Action) -> Vec<Card> {
        match *action {
            Action::Palette(c) | Action::Canvas(c) => vec![c],
            Action::End => Vec::new(),
        }
    }

    fn name() -> Msg {
        msg!("red7-name")
    }

    fn summary() -> Msg {
        msg!("red7-summary")
    }

    fn describe(view: &View) -> Vec<Msg> {
        let seats = view.palettes.len();
        let mut lines = Vec::new();
        if let (Some(scores), Some(target)) = (&view.scores, view.target) {
            let totals = (0..seats)
                .map(|s| msg!("red7-score", who = seat(s), points = Self::score(scores[s])))
                .collect();
            lines.push(msg!(
                "red7-round-scores",
                round = view.round,
                scores = list(totals, key!("sep-dot")),
                target = target
            ));
            if let Some(last) = &view.last_round {
                lines.push(msg!(
                    "red7-last-round",
                    round = last.round,
                    who = seat(last.winner),
                    points = last.points,
                    cards = &last.cards
                ));
            }
        }
        let top = match view.canvas.last() {
            Some(&c) => msg!("red7-canvas-top", card = c),
            None => msg!("red7-canvas-start"),
        };
        lines.push(msg!(
            "red7-canvas",
            colour = colour_name(view.rule),
            rule = rule_text(view.rule),
            top = top
        ));
        for s in 0..seats {
            if view.active[s] {
                lines.push(msg!(
                    "red7-seat",
                    who = seat(s),
                    palette = &view.palettes[s],
                    hand = view.hand_sizes[s],
                    winning = yes_no(view.winning == Some(s))
                ));
            } else {
                let place = view
                    .out_order
                    .iter()
                    .position(|&o| o == s)
                    .map_or(0, |i| i + 1);
                lines.push(msg!(
                    "red7-seat-out",
                    who = seat(s),
                    place = place,
                    cards = view.face_down[s]
                ));
            }
            if view.scores.is_some() && !view.scored[s].is_empty() {
                lines.push(msg!("red7-scored", cards = &view.scored[s]));
            }
        }
        lines.push(match view.winning {
            Some(w) => msg!("red7-winning", who = seat(w)),
            None => msg!("red7-winning-nobody"),
        });
        lines.push(msg!("red7-draw-pile", cards = view.draw_pile));
        match (&view.ranking, view.turn) {
            (Some(ranking), _) => {
                let scoring = view
                    .scores
                    .as_ref()
                    .zip(view.target)
                    .map(|(scores, target)| MatchEnd {
                        points: scores.iter().copied().max().unwrap_or(0),
                        target,
                    });
                lines.push(game_over(ranking, scoring))
            }
            (None, Some(t)) => lines.push(msg!(
                "red7-turn",
                who = seat(t),
                played = yes_no(view.played_palette)
            )),
            (None, None) => {}
        }
        if let Observer::Seat(_) = view.observer {
            lines.push(present::hand(hand_groups(&view.hand)));
        }
        lines
    }

    fn tone(view: &View, action: &Action) -> Tone {
        match *action {
            Action::Palette(_) => Tone::Main,
            Action::Canvas(c) if would_win(view, viewer(view), None, colour(c)) => Tone::Main,
            Action::Canvas(_) => Tone::Danger,
            Action::End => match end_outcome(view) {
                EndOutcome::Stays => Tone::Other,
                EndOutcome::NotWinning | EndOutcome::NothingPlayed | EndOutcome::NoCards => {
                    Tone::Danger
                }
            },
        }
    }

    fn glossary() -> Vec<Msg> {
        vec![
            msg!("red7-word-palette"),
            msg!("red7-word-canvas"),
            msg!("red7-word-out"),
        ]
    }

    fn label(view: &View, action: &Action) -> Msg {
        let me = viewer(view);
        match *action {
            Action::Palette(c) => msg!(
                "red7-action-palette",
                card = c,
                winning = yes_no(would_win(view, me, Some(c), view.rule))
            ),
            Action::Canvas(c) => {
                let rule = colour(c);
                let draws = view.advanced
                    && view.draw_pile > 0
                    && usize::from(number(c)) > view.palettes.get(me).map_or(0, Vec::len);
                msg!(
                    "red7-action-canvas",
                    card = c,
                    colour = colour_name(rule),
                    winning = yes_no(would_win(view, me, None, rule)),
                    draws = yes_no(draws)
                )
            }
            Action::End => match end_outcome(view) {
                EndOutcome::Stays => msg!("red7-action-end-winning"),
                EndOutcome::NotWinning => msg!("red7-action-end-not-winning"),
                EndOutcome::NothingPlayed => msg!("red7-action-end-nothing-played"),
                EndOutcome::NoCards => msg!("red7-action-end-no-cards"),
            },
        }
    }

    fn confirm(view: &View, action: &Action) -> Option<Msg> {
        match *action {
            Action::Palette(_) => None,
            Action::Canvas(c) => {
                let rule = colour(c);
                (!would_win(view, viewer(view), None, rule))
                    .then(|| msg!("red7-confirm-canvas", card = c, colour = colour_name(rule)))
            }
            Action::End => match end_outcome(view) {
                EndOutcome::Stays | EndOutcome::NoCards => None,
                EndOutcome::NotWinning => Some(msg!("red7-confirm-end-not-winning")),
                EndOutcome::NothingPlayed => Some(msg!("red7-confirm-end-nothing-played")),
            },
        }
    }

    fn reason(refusal: &Refusal) -> Msg {
        match *refusal {
            Refusal::EndIsLegal => msg!("red7-end-is-legal"),
            Refusal::NotARed7Card(card) => msg!("red7-not-a-card", card = card),
            Refusal::PaletteDone => msg!("red7-palette-done"),
            Refusal::NoCards => msg!("red7-no-cards"),
            // In notation ("R7"): the engine console answers with this sentence to the letter.
            Refusal::NotHeld(card) => msg!("red7-not-held", card = verbatim(card.to_string())),
        }
    }

    fn deals(event: &Event) -> bool {
        matches!(event, Event::RoundStarted { .. })
    }

    fn event(event: &Event) -> Msg {
        match event {
            Event::RoundStarted {
                round,
                palettes,
                starts,
            } => msg!(
                "red7-event-round-started",
                round = *round,
                palettes = list_of(palettes.iter().copied(), key!("sep-comma")),
                who = seat(*starts)
            ),
            Event::ToPalette { seat: s, card } => {
                msg!("red7-event-palette", who = seat(*s), card = *card)
            }
            Event::ToCanvas { seat: s, card } => msg!(
                "red7-event-canvas",
                who = seat(*s),
                card = *card,
                colour = colour_name(colour(*card))
            ),
            Event::Drew { seat: s } => msg!("red7-event-drew", who = seat(*s)),
            Event::Out {
                seat: s,
                reason: OutReason::NothingPlayed,
            } => msg!("red7-event-out-nothing-played", who = seat(*s)),
            Event::Out {
                seat: s,
                reason: OutReason::NotWinning,
            } => msg!("red7-event-out-not-winning", who = seat(*s)),
            Event::TurnPassed { seat: s } => msg!("event-turn", who = seat(*s)),
            Event::RoundWon {
                seat: s,
                round,
                cards,
                ..
            } if cards.is_empty() => msg!("red7-event-round-won", who = seat(*s), round = *round),
            Event::RoundWon {
                seat: s,
                round,
                cards,
                points,
            } => msg!(
                "red7-event-round-scored",
                who = seat(*s),
                round = *round,
                points = *points,
                // Commas: the sentence begins with a seat's name, maybe a computer's.
                cards = list_of(cards.iter().copied(), key!("sep-comma"))
            ),
            Event::GameOver { ranking, scoring } => game_over(ranking, *scoring),
        }
    }
}

/// A hand by colour, the strongest (Red) first, each colour's numbers high to low.
fn hand_groups(hand: &[Card]) -> Vec<Vec<Card>> {
    use std::cmp::Reverse;
    grouped(hand, |c| {
        (Reverse(colour_strength(colour(c))), Reverse(number(c)))
    })
}

/// "Game over: Ann won." (everyone sharing the first place); the advanced game says how the
/// match was decided: the target reached first, or the most points when the cards ran short.
fn game_over(ranking: &[Vec<Seat>], scoring: Option<MatchEnd>) -> Msg {
    let first = ranking.first().map_or(&[][..], Vec::as_slice);
    match scoring {
        None => msg!("red7-over", winners = seat_list(first)),
        Some(MatchEnd { points, target }) if points >= target => msg!(
            "red7-over-target",
            winners = seat_list(first),
            points = points,
            target = target
        ),
        Some(MatchEnd { points, target }) => msg!(
            "red7-over-cards",
            winners = seat_list(first),
            points = points,
            target = target
        ),
    }
}

/// A colour's name.
pub fn colour_name(c: Colour) -> Msg {
    match c {
        Colour::Red => msg!("red7-colour-red"),
        Colour::Orange => msg!("red7-colour-orange"),
        Colour::Yellow => msg!("red7-colour-yellow"),
        Colour::Green => msg!("red7-colour-green"),
        Colour::Blue => msg!("red7-colour-blue"),
        Colour::Indigo => msg!("red7-colour-indigo"),
        Colour::Violet => msg!("red7-colour-violet"),
    }
}

/// The rule of a canvas colour in words.
pub fn rule_text(rule: Colour) -> Msg {
    match rule {
        Colour::Red => msg!("red7-rule-red"),
        Colour::Orange => msg!("red7-rule-orange"),
        Colour::Yellow => msg!("red7-rule-yellow"),
        Colour::Green => msg!("red7-rule-green"),
        Colour::Blue => msg!("red7-rule-blue"),
        Colour::Indigo => msg!("red7-rule-indigo"),
        Colour::Violet => msg!("red7-rule-violet"),
    }
}

/// A yes/no selector argument (not a word: the catalog picks the words by it).
fn yes_no(b: bool) -> pakka_text::Arg {
    pakka_text::verbatim(if b { "yes" } else { "no" })
}
