//! Pöytäpaska ("table Paskahousu"), exactly as `docs/rules/poytapaska.md` §1.2, on the pile
//! engine the two shedding games share (`shedding.rs`). Option: `court_min_top` (`"6"` by
//! default as the source says, or `"7"`). Draw-and-try is always part of the game.
//!
//! Each player has a five-card hand (refilled after every play while the stock lasts [C]), four
//! face-down table cards (positions 1–4, which keep their numbers [C]) and four face-up ones. The
//! hand is played first; face-up cards once the stock and the hand are empty; face-down cards,
//! tried blind one at a time, once the face-up ones are gone too [S]. Choices and literal
//! readings: the deal gives the table cards one at a time starting with the first seat (the
//! dealer's left), like the hands [C]; the start player counts hand cards only and must open
//! with all of the deciding rank [C, A]; a card turned by draw-and-try or from the face-down row
//! is played alone when it may be, else it and the whole pile go to the hand and the turn passes
//! [A]; a player with no cards anywhere once the stock is empty is out at once, also right after
//! a clear [C]; the no-move rule of paskahousu.md is implemented but can never trigger here (any
//! card may start a pile, and a non-empty pile can always be taken), and for the same reason
//! court cards can never be dead (paskahousu.md's dead court cards rule has nothing to do). The
//! game has no scores (`scores: null`); the ranking is the finishing order with the loser last;
//! the shared stalemate bound (see `shedding.rs`) ends a game in which nothing happens for
//! `STALEMATE_ACTIONS` actions [C]. The engine's `hands` lists every card a seat still owns:
//! its hand, then its face-up cards, then its face-down cards by position.
//!
//! The `normal` computer player tries face-down cards in position order and otherwise plays the
//! shared rule of thumb of `shedding.rs` with `Weights::POYTAPASKA` (see `heuristic.rs`).
//!
//! This folder: `mod.rs` the rules (state, actions, views), `present.rs` what people are told,
//! `heuristic.rs` the rule of thumb, `tests.rs` the rules file's acceptance cases.

mod heuristic;
mod present;

use rand::RngCore;
use serde::{Deserialize, Serialize};

use super::options::{OptionSpec, OptionsSpec};

use super::shedding::{
    self, any_play, in_game_order, normalize_play, play_rank, push_plays, Action, Core,
    CourtMinTop, Legality, TableView,
};
use super::{
    deal_batches, seats_from, DeckSource, Events, Game, Observer, Seat, Seen, Setup, SetupError,
    Zone,
};
use pakka_cards::{standard52, Card, CardSet, Rank};

/// Face-down table cards per seat.
pub const TABLE_CARDS: usize = 4;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The lowest top card on which J, Q and K may be played.
    pub court_min_top: CourtMinTop,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            court_min_top: CourtMinTop::Six,
        }
    }
}

impl OptionsSpec for Options {
    const SPEC: &'static [OptionSpec] = &[OptionSpec::choice("court_min_top", &["6", "7"])];
}

/// Where a seat plays from now.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The hand (while it holds cards or the stock lasts).
    Hand,
    /// The face-up table cards (stock and hand empty).
    FaceUp,
    /// The face-down table cards (stock, hand and face-up cards gone).
    FaceDown,
}

/// Where played cards came from (the shedding games share the type).
pub use super::shedding::Source;

/// What happened, for everyone: Pöytäpaska's plays, face-down tries and takes, and what both
/// shedding games tell alike. Every card named was face up (or just turned face up).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Played {
        seat: Seat,
        cards: Vec<Card>,
        from: Source,
    },
    /// The seat turned its face-down card at this position.
    TriedFaceDown {
        seat: Seat,
        position: u8,
        card: Card,
    },
    /// The pile (and a turned card that could not be played) went into the seat's hand.
    Took { seat: Seat, cards: Vec<Card> },
    /// Drawing, refilling, clearing, passing, going out and the end, in their own shapes.
    #[serde(untagged)]
    Shared(shedding::Event),
}

/// Why an action is refused: the reasons both shedding games share, and Pöytäpaska's own
/// about its table cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    Shedding(shedding::Refusal),
    /// A play in the face-down phase: only face-down cards (or the pile) are left.
    FaceDownNow,
    /// Face-up cards played while the stock or the hand lasts.
    FaceUpTooEarly,
    /// Hand and face-up cards in one play.
    HandAndFaceUp,
    /// A card not among the seat's face-up cards, in the face-up phase.
    NotFaceUp(Card),
    /// A face-down position outside 1–4.
    NoSuchPosition(u8),
    /// A face-down card tried while the stock or the hand lasts.
    FaceDownTooEarly,
    /// A face-down card tried while face-up cards remain.
    FaceUpFirst,
    /// A face-down position already turned.
    AlreadyTried(u8),
}

shedding::wraps_shared!();

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Poytapaska {
    options: Options,
    dealer: Seat,
    core: Core,
    /// Per seat, the face-up table cards.
    face_up: Vec<CardSet>,
    /// Per seat, the face-down table cards by position 1–4 (`None` once tried).
    face_down: Vec<[Option<Card>; TABLE_CARDS]>,
    source: DeckSource,
}

impl Poytapaska {
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    pub fn core(&self) -> &Core {
        &self.core
    }

    /// Where the seat plays from now.
    pub fn phase(&self, seat: Seat) -> Phase {
        phase(&self.core, &self.face_up, seat)
    }

    fn legality(&self) -> Legality {
        Legality {
            court_min_top: self.options.court_min_top.rank(),
            courts_on_empty: true,
        }
    }

    fn may_play(&self, rank: Rank) -> bool {
        self.core.free_play || self.legality().allows(rank, self.core.top())
    }

    /// The cards the seat's plays come from now (empty in the face-down phase).
    fn zone_cards(&self, seat: Seat) -> CardSet {
        match self.phase(seat) {
            Phase::Hand => self.core.hands[seat],
            Phase::FaceUp => self.face_up[seat],
            Phase::FaceDown => CardSet::new(),
        }
    }

    /// The turn goes to the first seat from `start` with a move (see `Core::advance`).
    fn next_turn(&mut self, start: Seat, events: &mut Events<'_, Event>) {
        let legality = self.legality();
        let (face_up, face_down) = (&self.face_up, &self.face_down);
        self.core.advance(
            start,
            |core, s| {
                !core.pile.is_empty()
                    || !core.stock.is_empty()
                    || match phase(core, face_up, s) {
                        Phase::Hand => any_play(core.hands[s], |r| legality.allows(r, core.top())),
                        Phase::FaceUp => any_play(face_up[s], |r| legality.allows(r, core.top())),
                        Phase::FaceDown => face_down[s].iter().any(Option::is_some),
                    }
            },
            events,
        );
    }

    /// Puts cards (already out of their zone) on the pile and runs everything after it:
    /// refill, clearing, going out, the next turn.
    fn play(&mut self, seat: Seat, cards: &[Card], from: Source, events: &mut Events<'_, Event>) {
        let cleared = self.core.land(cards);
        events.tell(|| Event::Played {
            seat,
            cards: cards.to_vec(),
            from,
        });
        let table_cards =
            !self.face_up[seat].is_empty() || self.face_down[seat].iter().any(Option::is_some);
        self.core.after_landing(seat, cleared, table_cards, events);
        let start = if cleared.is_some() && self.core.is_active(seat) {
            seat
        } else {
            self.core.next_active(seat)
        };
        self.next_turn(start, events);
    }

    /// The pile (and a turned card that may not be played) goes to the hand; the turn passes.
    fn take(&mut self, seat: Seat, turned: Option<Card>, events: &mut Events<'_, Event>) {
        events.tell(|| Event::Took {
            seat,
            cards: self.core.pile.iter().copied().chain(turned).collect(),
        });
        self.core.take_pile(seat);
        if let Some(card) = turned {
            self.core.hands[seat].insert(card);
        }
        let start = self.core.next_active(seat);
        self.next_turn(start, events);
    }

    /// A turned card (draw-and-try or face-down) is played if it may be, else it fails.
    fn try_card(&mut self, seat: Seat, card: Card, from: Source, events: &mut Events<'_, Event>) {
        if self.may_play(card.rank()) {
            self.play(seat, &[card], from, events);
        } else {
            self.take(seat, Some(card), events);
        }
    }

    /// `Game::advance`: runs a listed action and every automatic step after it, telling
    /// `events` what happened (a playout's quiet sink builds nothing).
    fn run(&mut self, seat: Seat, action: &Action, events: &mut Events<'_, Event>) {
        match action {
            Action::Play(cards) => {
                self.core.opening = None;
                let from = match self.phase(seat) {
                    Phase::FaceUp => Source::FaceUp,
                    _ => Source::Hand,
                };
                let zone = match from {
                    Source::FaceUp => &mut self.face_up[seat],
                    _ => &mut self.core.hands[seat],
                };
                for &c in cards.iter() {
                    zone.remove(c);
                }
                self.play(seat, cards, from, events);
            }
            Action::Take => self.take(seat, None, events),
            Action::Draw => {
                if let Some(card) = self.core.reveal() {
                    events.tell(|| shedding::Event::Drew { seat, card }.into());
                    self.try_card(seat, card, Source::Stock, events);
                }
            }
            Action::Flip(position) => {
                let slot = usize::from(*position) - 1;
                if let Some(card) = self.face_down[seat][slot].take() {
                    let position = *position;
                    events.tell(|| Event::TriedFaceDown {
                        seat,
                        position,
                        card,
                    });
                    self.try_card(seat, card, Source::FaceDown, events);
                }
            }
        }
        self.core.after_action(self.measure(), events);
    }

    fn face_down_count(&self) -> usize {
        self.face_down.iter().flatten().flatten().count()
    }

    fn measure(&self) -> usize {
        self.core.base_measure() + self.face_down_count()
    }

    fn play_refusal(&self, seat: Seat, cards: &[Card]) -> Refusal {
        let rank = match play_rank(cards) {
            Ok(rank) => rank,
            Err(why) => return why.into(),
        };
        let zone = self.zone_cards(seat);
        let Some(&missing) = cards.iter().find(|&&c| !zone.contains(c)) else {
            return self.legality().refusal(rank, self.core.top()).into();
        };
        let hand = self.core.hands[seat];
        let up = self.face_up[seat];
        match self.phase(seat) {
            Phase::FaceDown => Refusal::FaceDownNow,
            Phase::Hand if cards.iter().all(|&c| up.contains(c)) => Refusal::FaceUpTooEarly,
            Phase::Hand if cards.iter().any(|&c| hand.contains(c)) => Refusal::HandAndFaceUp,
            Phase::FaceUp if cards.iter().any(|&c| up.contains(c)) => Refusal::HandAndFaceUp,
            Phase::Hand => shedding::Refusal::NotHeld(missing).into(),
            Phase::FaceUp => Refusal::NotFaceUp(missing),
        }
    }

    fn flip_refusal(&self, seat: Seat, position: u8) -> Refusal {
        if !(1..=TABLE_CARDS as u8).contains(&position) {
            return Refusal::NoSuchPosition(position);
        }
        match self.phase(seat) {
            Phase::Hand => Refusal::FaceDownTooEarly,
            Phase::FaceUp => Refusal::FaceUpFirst,
            Phase::FaceDown => Refusal::AlreadyTried(position),
        }
    }
}

fn phase(core: &Core, face_up: &[CardSet], seat: Seat) -> Phase {
    if !core.hands[seat].is_empty() || !core.stock.is_empty() {
        Phase::Hand
    } else if !face_up[seat].is_empty() {
        Phase::FaceUp
    } else {
        Phase::FaceDown
    }
}

/// What one observer may see of a Pöytäpaska table: no face-down card, not even one's own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The observer's hand in the games' order; empty for the public.
    pub hand: Vec<Card>,
    pub observer: Observer,
    /// Where the observing seat plays from now; `None` for the public.
    pub playing_from: Option<Phase>,
    pub dealer: Seat,
    /// Whose turn it is; `None` once over.
    pub turn: Option<Seat>,
    pub hand_sizes: Vec<usize>,
    /// Per seat, the face-up table cards.
    pub face_up: Vec<Vec<Card>>,
    /// Per seat, the face-down positions (1–4) still on the table.
    pub face_down: Vec<Vec<u8>>,
    /// The pile, the stock, who is out and how the game stands, as both games show them.
    #[serde(flatten)]
    pub table: TableView,
    /// 6 or 7.
    pub court_min_top: u8,
}

impl Game for Poytapaska {
    crate::game_head! {
        id: "poytapaska", aliases: ["pöytäpaska"], seats: (2, 3), seed: 3;
        arena_seats: 2, replay_seats: 2, people: 2, computers: 0, load_people: 2;
        picture seats: 3, options: "", moves: 9, hand: 0
    }

    fn configurations() -> Vec<(Options, usize)> {
        let seven = Options {
            court_min_top: CourtMinTop::Seven,
        };
        vec![(Options::default(), 2), (Options::default(), 3), (seven, 3)]
    }

    fn new(options: Options, seats: usize, setup: Setup) -> Result<Self, SetupError> {
        let full = standard52();
        let (mut source, dealer) = DeckSource::new(setup, &full, seats)?;
        let deck = source.next_deck(&full);
        let first = (dealer + 1) % seats;
        let order = seats_from(first, seats);
        let mut cards = deck.into_iter();
        let hands = deal_batches(&mut cards, &order, seats, &[2, 2, 1]);
        let down = deal_batches(&mut cards, &order, seats, &[1; TABLE_CARDS]);
        let up = deal_batches(&mut cards, &order, seats, &[1; TABLE_CARDS]);
        let core = Core::new(hands, cards.collect(), first);
        let face_down = down
            .into_iter()
            .map(|row| {
                let mut slots = [None; TABLE_CARDS];
                for (slot, c) in slots.iter_mut().zip(row) {
                    *slot = Some(c);
                }
                slots
            })
            .collect();
        let mut game = Poytapaska {
            options,
            dealer,
            core,
            face_up: up.iter().map(|row| row.iter().collect()).collect(),
            face_down,
            source,
        };
        game.core.measure = game.measure();
        Ok(game)
    }

    shedding::from_core!();

    fn legal_into(&self, seat: Seat, actions: &mut Vec<Action>) {
        if !self.core.legal_start(seat, actions) {
            return;
        }
        match self.phase(seat) {
            Phase::Hand | Phase::FaceUp => {
                push_plays(actions, self.zone_cards(seat), |r| self.may_play(r))
            }
            Phase::FaceDown => actions.extend(
                (1..=TABLE_CARDS as u8)
                    .filter(|&p| self.face_down[seat][usize::from(p) - 1].is_some())
                    .map(Action::Flip),
            ),
        }
        self.core.push_take_draw(actions, true);
    }

    fn normalize(&self, seat: Seat, action: &Action) -> Action {
        match action {
            Action::Play(cards) if seat < self.seats() => {
                normalize_play(self.zone_cards(seat), cards).unwrap_or_else(|| action.clone())
            }
            other => other.clone(),
        }
    }

    fn refusal(&self, seat: Seat, action: &Action) -> Refusal {
        if let Some(why) = self.core.opening_refusal() {
            return why.into();
        }
        match action {
            Action::Flip(p) => self.flip_refusal(seat, *p),
            Action::Take => shedding::Refusal::NothingToTake.into(),
            Action::Draw => shedding::Refusal::NothingToDraw.into(),
            Action::Play(cards) => self.play_refusal(seat, cards),
        }
    }

    fn advance(&mut self, seat: Seat, action: &Action, events: &mut Events<'_, Event>) {
        self.run(seat, action, events);
    }

    fn view(&self, observer: Observer) -> View {
        let (hand, playing_from) = match observer {
            Observer::Seat(s) if s < self.seats() => {
                (in_game_order(self.core.hands[s]), Some(self.phase(s)))
            }
            _ => (Vec::new(), None),
        };
        View {
            hand,
            observer,
            playing_from,
            dealer: self.dealer,
            turn: (!self.core.is_over()).then_some(self.core.turn),
            hand_sizes: self.core.hand_sizes(),
            face_up: self.face_up.iter().map(|&u| in_game_order(u)).collect(),
            face_down: self
                .face_down
                .iter()
                .map(|row| {
                    (1..=TABLE_CARDS as u8)
                        .filter(|&p| row[usize::from(p) - 1].is_some())
                        .collect()
                })
                .collect(),
            table: self.core.table_view(),
            court_min_top: self.options.court_min_top.rank().number(),
        }
    }

    fn zones(&self) -> Vec<Zone> {
        let mut zones = Vec::new();
        for s in 0..self.seats() {
            zones.push(Zone::new(
                format!("hand {s}"),
                in_game_order(self.core.hands[s]),
                Seen::Only(s),
            ));
            zones.push(Zone::new(
                format!("face up {s}"),
                in_game_order(self.face_up[s]),
                Seen::All,
            ));
            zones.push(Zone::new(
                format!("face down {s}"),
                self.face_down[s].iter().flatten().copied(),
                Seen::Nobody,
            ));
        }
        zones.extend(self.core.table_zones());
        zones
    }

    fn hands(&self) -> Vec<Vec<Card>> {
        (0..self.seats())
            .map(|s| {
                let mut cards = in_game_order(self.core.hands[s]);
                cards.extend(in_game_order(self.face_up[s]));
                cards.extend(self.face_down[s].iter().flatten().copied());
                cards
            })
            .collect()
    }

    fn determinize(&self, seat: Seat, rng: &mut dyn RngCore) -> Self {
        let mut game = self.clone();
        // Every face-down card is hidden from everyone, its owner included.
        let face_down = self
            .face_down
            .iter()
            .map(|row| row.iter().flatten().copied().collect())
            .collect();
        let mut face_down = game.core.redeal_unseen(seat, face_down, rng).into_iter();
        for row in game.face_down.iter_mut() {
            let mut cards = face_down.next().unwrap_or_default().into_iter();
            for slot in row.iter_mut().filter(|slot| slot.is_some()) {
                *slot = cards.next();
            }
        }
        game.source.reseed(rng);
        game
    }
}

#[cfg(test)]
mod tests;
