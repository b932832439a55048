//! Pishe Pasha, exactly as `docs/rules/pisha-pasha.md`: the standard two-player game in strict
//! mode (§3.2), the stop-rule mode (§3.3, option `stop_rule`), the three-player game and the
//! single-foundation two-player game (§3.4; `seats: 3`, `variant: "single_foundation"`) and the
//! simple book version (§3.5, `variant: "book"`). Options: `variant` = `standard` (default) |
//! `single_foundation` | `book`, ignored with three seats; `stop_rule` = false (default) | true,
//! meaningless in the book version.
//!
//! Nobody holds a hand: stocks are face down to everyone, their owners included; discard piles,
//! foundations and a turned (pending) card are face up. In strict mode every compulsory step runs
//! inside `apply` (foundation plays, the discard of a card that fits nowhere, the flip of an
//! exhausted stock); a seat is only asked when it has a real choice or must turn a card.
//!
//! This folder: `mod.rs` the rules (state, actions, views), `present.rs` what people are told,
//! `heuristic.rs` the rule of thumb, `tests.rs` the rules file's acceptance cases.

mod heuristic;
pub use heuristic::PisheWhy;
mod present;

use std::collections::{HashMap, VecDeque};

use rand::RngCore;
use serde::{Deserialize, Serialize};

use super::options::{OptionSpec, OptionsSpec};

use super::{
    deal_batches, redeal_unseen, seats_from, DeckSource, Events, Game, Observer, Seat, Seen, Setup,
    SetupError, Status, Zone,
};
use pakka_cards::{standard52, Card, Suit};

/// The two-player game's layout (§3.1); three seats always play the three-player game.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    #[default]
    Standard,
    SingleFoundation,
    Book,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    pub variant: Variant,
    pub stop_rule: bool,
}

impl OptionsSpec for Options {
    const SPEC: &'static [OptionSpec] = &[
        OptionSpec::choice("variant", &["standard", "single_foundation", "book"]),
        OptionSpec::flag("stop_rule", false),
    ];
}

/// The game actually played, settled from the options and the seat count.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    Standard,
    SingleFoundation,
    ThreePlayer,
    Book,
}

impl Mode {
    /// One foundation built up regardless of suit with the K→A→2 wrap.
    fn single_pile(self) -> bool {
        matches!(self, Mode::SingleFoundation | Mode::ThreePlayer)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Turn the top stock card (flipping an exhausted stock first).
    Turn,
    /// Put the pending card — or, with none pending, the own discard top — on that seat's pile.
    Give(Seat),
    /// Put the pending card on the own discard pile, ending the turn.
    Discard,
    /// Stop mode: play the pending card, or with none the discard top, to a foundation.
    Foundation,
    /// Stop mode: call a breach.
    Stop,
    /// Stop mode, after Stop: undo the breach and make the compulsory play.
    Correct,
    /// Stop mode, after Stop: end the offender's turn and begin the stopper's.
    TakeOver,
    /// Book version: flip the own top stock card.
    Flip,
}

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A seat emptied its stock and discard pile.
    WentOut,
    /// Book version: a seat has no cards left.
    NoCards,
    /// Book version: the position repeated.
    Repetition,
    /// Book version: the safety cap of flip steps.
    StepCap,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Turned {
        seat: Seat,
        card: Card,
    },
    /// The discard pile was turned over to form a new stock.
    StockRenewed {
        seat: Seat,
        cards: usize,
    },
    ToFoundation {
        seat: Seat,
        card: Card,
    },
    Gave {
        seat: Seat,
        to: Seat,
        card: Card,
    },
    Discarded {
        seat: Seat,
        card: Card,
    },
    TurnPassed {
        seat: Seat,
    },
    Breach {
        seat: Seat,
    },
    Stopped {
        seat: Seat,
        offender: Seat,
    },
    Corrected {
        seat: Seat,
        offender: Seat,
    },
    TookOver {
        seat: Seat,
        offender: Seat,
    },
    Flipped {
        seat: Seat,
        card: Card,
    },
    Captured {
        seat: Seat,
        from: Seat,
        cards: usize,
    },
    GameOver {
        reason: EndReason,
        winner: Option<Seat>,
        points: Option<i64>,
    },
}

/// An open breach in stop mode: who made it and the position just before it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Breach {
    pub offender: Seat,
    before: Box<PishePasha>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub reason: EndReason,
    pub ranking: Vec<Vec<Seat>>,
}

#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct PishePasha {
    options: Options,
    mode: Mode,
    dealer: Seat,
    /// Per seat, the stock with its top card first.
    stocks: Vec<VecDeque<Card>>,
    /// Per seat, the discard pile from the earliest card to the top.
    discards: Vec<Vec<Card>>,
    /// Standard game: one pile per suit (S, H, D, C); otherwise one pile. Bottom first.
    foundations: Foundations,
    turn: Seat,
    pending: Option<Card>,
    /// Match points per seat (the winner's score).
    points: Vec<i64>,
    breach: Option<Breach>,
    stopper: Option<Seat>,
    /// Book version: which seats have flipped in the current step.
    flipped: Vec<bool>,
    /// Book version: complete flip steps so far.
    steps: u64,
    /// Book version: the step after which the position repeats (or the cap), found at the deal.
    book_end: Option<u64>,
    outcome: Option<Outcome>,
    source: DeckSource,
    /// Per seat, a bit (1 << seat): its stock has been renewed from its discard pile (§3.2
    /// step 1c). A renewed stock is the face-up pile everyone saw, in its order, so a search's
    /// sample (`determinize`) keeps it and redeals only the stocks still as dealt. Written only
    /// once a stock has been renewed; a state stored before it existed reads as none renewed.
    #[serde(default, skip_serializing_if = "none_renewed")]
    renewed: u8,
}

/// `card.rank().ace_low()` of a standard card, read off its index (A = 1, 2 … K = 2 … 13).
fn ace_low(card: Card) -> u8 {
    // Per card index (the modulo made once, not in every step of a playout).
    const LOW: [u8; Card::COUNT] = {
        const BY_RANK: [u8; 13] = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1];
        let mut low = [0; Card::COUNT];
        let mut i = 0;
        while i < Card::COUNT {
            low[i] = BY_RANK[i % 13];
            i += 1;
        }
        low
    };
    LOW[card.index()]
}

/// The foundation piles (bottom first) and, per pile, the ace-low value (`ace_low`) of the
/// card it takes next, kept beside them so that `fits_foundation` — several times in every
/// step of a playout — is one comparison instead of a walk to the pile's top. Serialized as the
/// piles alone; the next values are worked out again when read back.
#[derive(Debug, PartialEq)]
struct Foundations {
    piles: Vec<Vec<Card>>,
    /// 1 for an empty pile (an ace starts it); after a king 14 (nothing) on a suit's pile and
    /// 1 on the single pile, which wraps K→A→2; otherwise the top's value + 1.
    next: [u8; 4],
}

impl Foundations {
    fn new(piles: Vec<Vec<Card>>) -> Foundations {
        let mut foundations = Foundations {
            piles,
            next: [1; 4],
        };
        for pile in 0..foundations.piles.len().min(4) {
            foundations.sync(pile);
        }
        foundations
    }

    /// One pile (the single foundation, whose king is followed by an ace) or one per suit.
    fn sync(&mut self, pile: usize) {
        let wraps = self.piles.len() == 1;
        self.next[pile] = match self.piles[pile].last() {
            None => 1,
            Some(&top) if wraps => ace_low(top) % 13 + 1,
            Some(&top) => ace_low(top) + 1,
        };
    }

    fn push(&mut self, pile: usize, card: Card) {
        self.piles[pile].push(card);
        self.sync(pile);
    }

    /// Changes every pile with `f`, then works the next values out again.
    fn each_mut(&mut self, f: impl FnMut(&mut Vec<Card>)) {
        self.piles.iter_mut().for_each(f);
        for pile in 0..self.piles.len().min(4) {
            self.sync(pile);
        }
    }

    /// A copy whose piles have room for `room` cards each (see `PishePasha`'s `Clone`).
    fn with_room(&self, room: usize) -> Foundations {
        Foundations {
            piles: self.piles.iter().map(|p| with_room(p, room)).collect(),
            next: self.next,
        }
    }
}

impl std::ops::Deref for Foundations {
    type Target = Vec<Vec<Card>>;

    fn deref(&self) -> &Vec<Vec<Card>> {
        &self.piles
    }
}

impl Serialize for Foundations {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.piles.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Foundations {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Foundations, D::Error> {
        Vec::<Vec<Card>>::deserialize(deserializer).map(Foundations::new)
    }
}

/// A copy of `pile` with room for `room` cards.
fn with_room(pile: &[Card], room: usize) -> Vec<Card> {
    let mut copy = Vec::with_capacity(room.max(pile.len()));
    copy.extend_from_slice(pile);
    copy
}

/// Whether no stock has been renewed yet (`PishePasha::renewed`), which the state then omits.
fn none_renewed(renewed: &u8) -> bool {
    *renewed == 0
}

/// The book version's safety cap of complete flip steps.
pub const BOOK_STEP_CAP: u64 = 100_000;

impl PishePasha {
    pub fn mode(&self) -> Mode {
        self.mode
    }

    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    fn n(&self) -> usize {
        self.stocks.len()
    }

    /// The other seats in turn order after `seat`.
    fn opponents(&self, seat: Seat) -> impl Iterator<Item = Seat> {
        // Wrapped by a subtraction: a division per seat is most of a playout's step here.
        let n = self.n();
        (seat + 1..seat + n).map(move |s| if s >= n { s - n } else { s })
    }

    /// Whether `seat` is among `to_act` (without listing them).
    fn may_act(&self, seat: Seat) -> bool {
        if self.outcome.is_some() || seat >= self.n() {
            return false;
        }
        if self.mode == Mode::Book {
            return !self.flipped[seat];
        }
        if let Some(s) = self.stopper {
            return s == seat;
        }
        seat == self.turn || self.breach.as_ref().is_some_and(|b| b.offender != seat)
    }

    /// The foundation pile `card` may go on now, if any (`fitsFoundation`).
    fn fits_foundation(&self, card: Card) -> Option<usize> {
        let pile = if self.mode.single_pile() {
            0
        } else {
            card.suit().index()
        };
        (self.foundations.next[pile] == ace_low(card)).then_some(pile)
    }

    /// Whether `card` may go on seat `o`'s discard pile (`fitsOpponent`).
    fn fits_opponent(&self, card: Card, o: Seat) -> bool {
        let Some(top) = self.discards.get(o).and_then(|d| d.last()) else {
            return false;
        };
        let diff = ace_low(card).abs_diff(ace_low(*top));
        diff == 1 || (self.mode.single_pile() && diff == 12)
    }

    /// The card a Give or Foundation moves now: the pending card, else the discard top.
    fn card_in_hand(&self) -> Option<Card> {
        self.pending
            .or_else(|| self.discards[self.turn].last().copied())
    }

    fn remaining(&self, seat: Seat) -> usize {
        self.stocks[seat].len()
            + self.discards[seat].len()
            + usize::from(self.turn == seat && self.pending.is_some())
    }

    // ---- dealing -------------------------------------------------------------------------

    fn deal(options: Options, seats: usize, setup: Setup) -> Result<PishePasha, SetupError> {
        let mode = match (seats, options.variant) {
            (3, _) => Mode::ThreePlayer,
            (_, Variant::Standard) => Mode::Standard,
            (_, Variant::SingleFoundation) => Mode::SingleFoundation,
            (_, Variant::Book) => Mode::Book,
        };
        let full = standard52();
        let (mut source, dealer) = DeckSource::new(setup, &full, seats)?;
        let deck = source.next_deck(&full);
        let first = (dealer + 1) % seats;
        let batches: &[usize] = if seats == 3 {
            &[2, 3, 3, 3, 3, 3]
        } else {
            &[2, 3, 3, 3, 3, 3, 3, 3, 3]
        };
        let mut cards = deck.into_iter();
        let piles = deal_batches(&mut cards, &seats_from(first, seats), seats, batches);
        let foundations = Foundations::new(match mode {
            Mode::Standard => vec![Vec::new(); 4],
            Mode::ThreePlayer => vec![cards.collect()],
            _ => vec![Vec::new()],
        });
        let mut game = PishePasha {
            options,
            mode,
            dealer,
            stocks: piles.into_iter().map(VecDeque::from).collect(),
            discards: vec![Vec::new(); seats],
            foundations,
            turn: first,
            pending: None,
            points: vec![0; seats],
            breach: None,
            stopper: None,
            flipped: vec![false; seats],
            steps: 0,
            book_end: None,
            outcome: None,
            source,
            renewed: 0,
        };
        if mode == Mode::Book {
            game.book_end = game.find_book_end();
        }
        Ok(game)
    }

    // ---- card movements --------------------------------------------------------------------

    fn take_moving_card(&mut self) -> Option<Card> {
        self.pending
            .take()
            .or_else(|| self.discards[self.turn].pop())
    }

    fn play_to_foundation(&mut self, events: &mut Events<'_, Event>) {
        if let Some(card) = self.card_in_hand() {
            let pile = self.fits_foundation(card).unwrap_or(0);
            self.play_to_pile(pile, events);
        }
    }

    /// Moves the card in hand (`card_in_hand`) onto foundation `pile`.
    fn play_to_pile(&mut self, pile: usize, events: &mut Events<'_, Event>) {
        let seat = self.turn;
        if let Some(card) = self.take_moving_card() {
            self.foundations.push(pile, card);
            events.tell(|| Event::ToFoundation { seat, card });
            self.check_out(events);
        }
    }

    fn give(&mut self, to: Seat, events: &mut Events<'_, Event>) {
        let seat = self.turn;
        if let Some(card) = self.take_moving_card() {
            self.discards[to].push(card);
            events.tell(|| Event::Gave { seat, to, card });
            self.check_out(events);
        }
    }

    fn turn_card(&mut self, events: &mut Events<'_, Event>) {
        let seat = self.turn;
        if self.stocks[seat].is_empty() {
            // Drained rather than moved, so both piles keep their buffers.
            let cards = self.discards[seat].len();
            events.tell(|| Event::StockRenewed { seat, cards });
            let (stock, discard) = (&mut self.stocks[seat], &mut self.discards[seat]);
            stock.extend(discard.drain(..));
            self.renewed |= 1 << seat;
        }
        if let Some(card) = self.stocks[seat].pop_front() {
            self.pending = Some(card);
            events.tell(|| Event::Turned { seat, card });
        }
    }

    fn discard_pending(&mut self, events: &mut Events<'_, Event>) {
        let seat = self.turn;
        if let Some(card) = self.pending.take() {
            self.discards[seat].push(card);
            events.tell(|| Event::Discarded { seat, card });
            self.pass_turn(events);
        }
    }

    fn pass_turn(&mut self, events: &mut Events<'_, Event>) {
        self.turn = if self.turn + 1 == self.n() {
            0
        } else {
            self.turn + 1
        };
        events.tell(|| Event::TurnPassed { seat: self.turn });
    }

    /// The win check after every card movement (§3.2 step 3).
    fn check_out(&mut self, events: &mut Events<'_, Event>) {
        let seat = self.turn;
        if self.outcome.is_some() || self.remaining(seat) > 0 {
            return;
        }
        let points: usize = self.opponents(seat).map(|o| self.remaining(o)).sum();
        let points = points as i64;
        self.points[seat] = points;
        let mut others: Vec<Seat> = self.opponents(seat).collect();
        others.sort_unstable();
        self.finish(
            EndReason::WentOut,
            vec![vec![seat], others],
            events,
            Some(seat),
            Some(points),
        );
    }

    fn finish(
        &mut self,
        reason: EndReason,
        ranking: Vec<Vec<Seat>>,
        events: &mut Events<'_, Event>,
        winner: Option<Seat>,
        points: Option<i64>,
    ) {
        self.outcome = Some(Outcome { reason, ranking });
        self.breach = None;
        self.stopper = None;
        events.tell(|| Event::GameOver {
            reason,
            winner,
            points,
        });
    }

    /// Strict mode: runs every compulsory step until a seat must decide (§3.2 steps 1a, 2a, 2c).
    fn settle(&mut self, events: &mut Events<'_, Event>) {
        while self.outcome.is_none() {
            // The card in hand: the pending card, else the discard top.
            let Some(card) = self.card_in_hand() else {
                return;
            };
            if let Some(pile) = self.fits_foundation(card) {
                self.play_to_pile(pile, events);
                continue;
            }
            if self.pending.is_none()
                || self
                    .opponents(self.turn)
                    .any(|o| self.fits_opponent(card, o))
            {
                return;
            }
            self.discard_pending(events);
        }
    }

    // ---- stop mode ----------------------------------------------------------------------------

    /// Whether P's action is a breach (§3.3: B1 Turn or Give while the discard top fits a
    /// foundation; B2 placing a card that fits a foundation anywhere else).
    fn is_breach(&self, action: &Action) -> bool {
        let top_fits = self.discards[self.turn]
            .last()
            .is_some_and(|&c| self.fits_foundation(c).is_some());
        let moving_fits = self
            .card_in_hand()
            .is_some_and(|c| self.fits_foundation(c).is_some());
        match action {
            Action::Turn => top_fits,
            Action::Give(_) => top_fits || moving_fits,
            Action::Discard => moving_fits,
            _ => false,
        }
    }

    fn correct(&mut self, seat: Seat, events: &mut Events<'_, Event>) {
        let Some(breach) = self.breach.take() else {
            return;
        };
        *self = *breach.before;
        events.tell(|| Event::Corrected {
            seat,
            offender: breach.offender,
        });
        // The compulsory play the breach skipped.
        let pending_fits = self
            .pending
            .is_some_and(|c| self.fits_foundation(c).is_some());
        let top_fits = self.discards[self.turn]
            .last()
            .is_some_and(|&c| self.fits_foundation(c).is_some());
        if pending_fits {
            self.play_to_foundation(events);
        } else if top_fits {
            // Only after a literal B1 breach with a card pending: the discard top still goes up.
            if let Some(card) = self.discards[self.turn].pop() {
                let pile = self.fits_foundation(card).unwrap_or(0);
                self.foundations.push(pile, card);
                events.tell(|| Event::ToFoundation {
                    seat: self.turn,
                    card,
                });
                self.check_out(events);
            }
        }
    }

    fn take_over(&mut self, seat: Seat, events: &mut Events<'_, Event>) {
        let offender = self.breach.take().map_or(self.turn, |b| b.offender);
        self.stopper = None;
        if let Some(card) = self.pending.take() {
            self.discards[self.turn].push(card);
            events.tell(|| Event::Discarded {
                seat: self.turn,
                card,
            });
        }
        events.tell(|| Event::TookOver { seat, offender });
        self.turn = seat;
        events.tell(|| Event::TurnPassed { seat });
    }

    // ---- book version ----------------------------------------------------------------------

    fn book_flip(
        stocks: &mut [VecDeque<Card>],
        discards: &mut [Vec<Card>],
        seat: Seat,
    ) -> (Option<usize>, Option<Card>) {
        let mut renewed = None;
        if stocks[seat].is_empty() {
            renewed = Some(discards[seat].len());
            stocks[seat].extend(discards[seat].drain(..));
        }
        let card = stocks[seat].pop_front();
        if let Some(c) = card {
            discards[seat].push(c);
        }
        (renewed, card)
    }

    /// Resolves a complete step: the owner of the higher card of a suit takes the other pile.
    fn book_capture(
        stocks: &mut [VecDeque<Card>],
        discards: &mut [Vec<Card>],
    ) -> Option<(Seat, Seat, usize)> {
        let (a, b) = (*discards[0].last()?, *discards[1].last()?);
        if a.suit() != b.suit() {
            return None;
        }
        let (taker, from) = if a.rank() > b.rank() { (0, 1) } else { (1, 0) };
        let n = discards[from].len();
        stocks[taker].extend(discards[from].drain(..));
        Some((taker, from, n))
    }

    fn position_key(stocks: &[VecDeque<Card>], discards: &[Vec<Card>]) -> Vec<u8> {
        let mut key = Vec::with_capacity(56);
        for (s, d) in stocks.iter().zip(discards) {
            key.extend(s.iter().map(|c| c.index() as u8));
            key.push(u8::MAX);
            key.extend(d.iter().map(|c| c.index() as u8));
            key.push(u8::MAX);
        }
        key
    }

    /// Plays the book game out from the current position (it has no decisions) and answers the
    /// step count at which a position repeats or the cap is reached; `None` when a seat runs out
    /// of cards first (detected live).
    fn find_book_end(&self) -> Option<u64> {
        let mut stocks = self.stocks.clone();
        let mut discards = self.discards.clone();
        let mut seen: HashMap<Vec<u8>, u64> = HashMap::new();
        let mut step = self.steps;
        loop {
            for seat in 0..2 {
                Self::book_flip(&mut stocks, &mut discards, seat);
            }
            Self::book_capture(&mut stocks, &mut discards);
            step += 1;
            if (0..2).any(|s| stocks[s].is_empty() && discards[s].is_empty()) {
                return None;
            }
            if step >= BOOK_STEP_CAP {
                return Some(step);
            }
            if seen
                .insert(Self::position_key(&stocks, &discards), step)
                .is_some()
            {
                return Some(step);
            }
        }
    }

    fn book_apply(&mut self, seat: Seat, events: &mut Events<'_, Event>) {
        let (renewed, card) = Self::book_flip(&mut self.stocks, &mut self.discards, seat);
        if let Some(cards) = renewed {
            events.tell(|| Event::StockRenewed { seat, cards });
        }
        if let Some(card) = card {
            events.tell(|| Event::Flipped { seat, card });
        }
        self.flipped[seat] = true;
        if !self.flipped.iter().all(|&f| f) {
            return;
        }
        self.flipped.fill(false);
        if let Some((taker, from, cards)) = Self::book_capture(&mut self.stocks, &mut self.discards)
        {
            events.tell(|| Event::Captured {
                seat: taker,
                from,
                cards,
            });
        }
        self.steps += 1;
        let count = |s: Seat| self.stocks[s].len() + self.discards[s].len();
        if let Some(loser) = (0..2).find(|&s| count(s) == 0) {
            let winner = 1 - loser;
            self.finish(
                EndReason::NoCards,
                vec![vec![winner], vec![loser]],
                events,
                Some(winner),
                None,
            );
        } else if Some(self.steps) == self.book_end {
            let reason = if self.steps >= BOOK_STEP_CAP {
                EndReason::StepCap
            } else {
                EndReason::Repetition
            };
            let (c0, c1) = (count(0), count(1));
            let (ranking, winner) = match c0.cmp(&c1) {
                std::cmp::Ordering::Greater => (vec![vec![0], vec![1]], Some(0)),
                std::cmp::Ordering::Less => (vec![vec![1], vec![0]], Some(1)),
                std::cmp::Ordering::Equal => (vec![vec![0, 1]], None),
            };
            self.finish(reason, ranking, events, winner, None);
        }
    }

    /// `Game::advance`: runs a listed action and every compulsory step after it, telling
    /// `events` what happened (a playout's quiet sink builds nothing).
    fn run(&mut self, seat: Seat, action: &Action, events: &mut Events<'_, Event>) {
        match action {
            Action::Flip => return self.book_apply(seat, events),
            Action::Stop => {
                let offender = self.breach.as_ref().map_or(self.turn, |b| b.offender);
                self.stopper = Some(seat);
                events.tell(|| Event::Stopped { seat, offender });
                return;
            }
            Action::Correct => return self.correct(seat, events),
            Action::TakeOver => return self.take_over(seat, events),
            _ => {}
        }
        if self.options.stop_rule {
            if self.breach.as_ref().is_some_and(|b| b.offender != seat) {
                self.breach = None; // an opponent moved on: the breach can no longer be stopped
            }
            if self.breach.is_none() && self.is_breach(action) {
                let mut before = self.clone();
                before.breach = None;
                self.breach = Some(Breach {
                    offender: seat,
                    before: Box::new(before),
                });
                events.tell(|| Event::Breach { seat });
            }
        }
        match action {
            Action::Turn => self.turn_card(events),
            Action::Give(to) => self.give(*to, events),
            Action::Discard => self.discard_pending(events),
            Action::Foundation => self.play_to_foundation(events),
            _ => {}
        }
        if !self.options.stop_rule {
            self.settle(events);
        }
    }

    // ---- helpers for determinization --------------------------------------------------------

    /// All the cards in play: the room every pile of a clone gets (`Clone`).
    fn cards_in_play(&self) -> usize {
        self.stocks.iter().map(VecDeque::len).sum::<usize>()
            + self
                .discards
                .iter()
                .chain(self.foundations.iter())
                .map(Vec::len)
                .sum::<usize>()
            + usize::from(self.pending.is_some())
    }

    fn map_cards(&mut self, f: &impl Fn(Card) -> Card) {
        for s in &mut self.stocks {
            s.iter_mut().for_each(|c| *c = f(*c));
        }
        for pile in &mut self.discards {
            pile.iter_mut().for_each(|c| *c = f(*c));
        }
        self.foundations
            .each_mut(|pile| pile.iter_mut().for_each(|c| *c = f(*c)));
        self.pending = self.pending.map(f);
        if let Some(b) = &mut self.breach {
            b.before.map_cards(f);
        }
    }

    fn give_refusal(&self, seat: Seat, to: Seat) -> Refusal {
        if to >= self.n() {
            return Refusal::NoSuchSeat { seat: to };
        }
        if to == seat {
            return Refusal::GiveToSelf;
        }
        let Some(card) = self.card_in_hand() else {
            return Refusal::NoCardToGive;
        };
        match self.discards[to].last() {
            None => Refusal::NoDiscardPile { seat: to },
            Some(&top) => Refusal::DoesNotFit {
                card,
                seat: to,
                top,
            },
        }
    }
}

/// Why an action is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Flip outside the book version.
    FlipOutsideBook,
    /// Anything but Flip in the book version.
    OnlyFlip,
    /// Stop was called: only Correct or Take over remain.
    StopCalled,
    /// Stop, Correct or Take over at a table without the stop rule.
    NoStopRule,
    /// Stop with no breach open.
    NoBreach,
    /// Stop by the offender of the breach.
    OwnBreach,
    /// Correct or Take over before anyone called Stop.
    NobodyStopped,
    /// A move out of turn, when only Stop could be (the turn is this seat's).
    OnlyStop { turn: Seat },
    /// Turn while a turned card waits to be placed.
    PlaceTurnedCard,
    /// Discard with no turned card.
    NothingToDiscard,
    /// Foundation in strict mode, where foundation plays are automatic.
    FoundationAutomatic,
    /// Foundation with a card that fits no foundation.
    NoFoundation { card: Card },
    /// Foundation with no card to move.
    NoCardToPlay,
    /// Give to a seat that is not at the table.
    NoSuchSeat { seat: Seat },
    /// Give to oneself.
    GiveToSelf,
    /// Give with no card to move.
    NoCardToGive,
    /// Give to a seat with an empty discard pile.
    NoDiscardPile { seat: Seat },
    /// Give a card that is not one rank above or below the seat's discard top.
    DoesNotFit { card: Card, seat: Seat, top: Card },
}

/// What an observer sees of a Pishe Pasha table. Nobody sees any stock card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// Always empty: stocks are face down to their owners too.
    pub hand: Vec<Card>,
    pub observer: Observer,
    pub mode: Mode,
    pub stop_rule: bool,
    pub dealer: Seat,
    pub turn: Seat,
    pub pending: Option<Card>,
    pub stock_sizes: Vec<usize>,
    /// Each seat's face-up discard pile, earliest first.
    pub discards: Vec<Vec<Card>>,
    /// Top card of each foundation (one per suit S, H, D, C, or the one single pile).
    pub foundation_tops: Vec<Option<Card>>,
    pub foundation_sizes: Vec<usize>,
    /// Stop mode: the offender of the open breach.
    pub breach: Option<Seat>,
    pub stopper: Option<Seat>,
    /// Book version: seats that flipped in the current step, and complete steps so far.
    pub flipped: Vec<bool>,
    pub steps: u64,
}

/// A copy whose every pile has room for all the cards in play, so that moving cards never grows
/// one: a search plays each copy out (a determinized sample, or the oracle's true state), and a
/// pile copied at its length would be reallocated again and again in the playout.
impl Clone for PishePasha {
    fn clone(&self) -> PishePasha {
        let room = self.cards_in_play();
        PishePasha {
            options: self.options.clone(),
            mode: self.mode,
            dealer: self.dealer,
            stocks: self
                .stocks
                .iter()
                .map(|stock| {
                    let mut copy = VecDeque::with_capacity(room.max(stock.len()));
                    copy.extend(stock.iter().copied());
                    copy
                })
                .collect(),
            discards: self.discards.iter().map(|d| with_room(d, room)).collect(),
            foundations: self.foundations.with_room(room),
            turn: self.turn,
            pending: self.pending,
            points: self.points.clone(),
            breach: self.breach.clone(),
            stopper: self.stopper,
            flipped: self.flipped.clone(),
            steps: self.steps,
            book_end: self.book_end,
            outcome: self.outcome.clone(),
            source: self.source.clone(),
            renewed: self.renewed,
        }
    }
}

impl Game for PishePasha {
    crate::game_head! {
        id: "pisha-pasha", aliases: ["pishe-pasha", "pisha-paysha"], seats: (2, 3), seed: 7;
        arena_seats: 2, replay_seats: 2, people: 2, computers: 0, load_people: 2;
        picture seats: 2, options: "", moves: 12, hand: 0
    }

    fn configurations() -> Vec<(Options, usize)> {
        let mut all = Vec::new();
        for stop_rule in [false, true] {
            for variant in [Variant::Standard, Variant::SingleFoundation] {
                all.push((Options { variant, stop_rule }, 2));
            }
            all.push((
                Options {
                    variant: Variant::Standard,
                    stop_rule,
                },
                3,
            ));
        }
        all.push((
            Options {
                variant: Variant::Book,
                stop_rule: false,
            },
            2,
        ));
        all
    }

    fn new(options: Options, seats: usize, setup: Setup) -> Result<Self, SetupError> {
        Self::deal(options, seats, setup)
    }

    crate::game_accessors!(seats: |g| g.n(), over: |g| g.outcome.is_some());

    // Inlined into the playout loop (`AnyGame::rollout`), which calls it at every step.
    #[inline]
    fn to_act_into(&self, out: &mut Vec<Seat>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        if self.mode == Mode::Book {
            out.extend((0..2).filter(|&s| !self.flipped[s]));
            return;
        }
        if let Some(s) = self.stopper {
            out.push(s);
            return;
        }
        out.push(self.turn);
        if let Some(b) = &self.breach {
            for s in self.opponents(self.turn) {
                if s != b.offender {
                    out.push(s);
                }
            }
        }
    }

    // Inlined into the playout loop (`AnyGame::rollout`), which calls it at every step.
    #[inline]
    fn legal_into(&self, seat: Seat, actions: &mut Vec<Action>) {
        actions.clear();
        if !self.may_act(seat) {
            return;
        }
        if self.mode == Mode::Book {
            actions.push(Action::Flip);
            return;
        }
        if self.stopper == Some(seat) {
            actions.extend([Action::Correct, Action::TakeOver]);
            return;
        }
        if seat == self.turn {
            let moving = self.card_in_hand();
            if self.options.stop_rule && moving.is_some_and(|c| self.fits_foundation(c).is_some()) {
                actions.push(Action::Foundation);
            }
            if let Some(card) = moving {
                for o in self.opponents(seat) {
                    if self.fits_opponent(card, o) {
                        actions.push(Action::Give(o));
                    }
                }
            }
            actions.push(if self.pending.is_some() {
                Action::Discard
            } else {
                Action::Turn
            });
        }
        if self.breach.as_ref().is_some_and(|b| b.offender != seat) {
            actions.push(Action::Stop);
        }
    }

    fn refusal(&self, seat: Seat, action: &Action) -> Refusal {
        let stop_mode = self.options.stop_rule;
        match action {
            Action::Flip => Refusal::FlipOutsideBook,
            _ if self.mode == Mode::Book => Refusal::OnlyFlip,
            _ if self.stopper.is_some() => Refusal::StopCalled,
            Action::Stop | Action::Correct | Action::TakeOver if !stop_mode => Refusal::NoStopRule,
            Action::Stop if self.breach.is_none() => Refusal::NoBreach,
            Action::Stop => Refusal::OwnBreach,
            Action::Correct | Action::TakeOver => Refusal::NobodyStopped,
            _ if seat != self.turn => Refusal::OnlyStop { turn: self.turn },
            Action::Turn => Refusal::PlaceTurnedCard,
            Action::Discard => Refusal::NothingToDiscard,
            Action::Foundation if !stop_mode => Refusal::FoundationAutomatic,
            Action::Foundation => match self.card_in_hand() {
                Some(card) => Refusal::NoFoundation { card },
                None => Refusal::NoCardToPlay,
            },
            Action::Give(to) => self.give_refusal(seat, *to),
        }
    }

    // Inlined into the playout loop (`AnyGame::rollout`), which calls it at every step.
    #[inline]
    fn advance(&mut self, seat: Seat, action: &Action, events: &mut Events<'_, Event>) {
        self.run(seat, action, events);
    }

    fn view(&self, observer: Observer) -> View {
        View {
            hand: Vec::new(),
            observer,
            mode: self.mode,
            stop_rule: self.options.stop_rule,
            dealer: self.dealer,
            turn: self.turn,
            pending: self.pending,
            stock_sizes: self.stocks.iter().map(VecDeque::len).collect(),
            discards: self.discards.clone(),
            foundation_tops: self.foundations.iter().map(|f| f.last().copied()).collect(),
            foundation_sizes: self.foundations.iter().map(Vec::len).collect(),
            breach: self.breach.as_ref().map(|b| b.offender),
            stopper: self.stopper,
            flipped: self.flipped.clone(),
            steps: self.steps,
        }
    }

    fn status(&self) -> Status {
        Status::of(
            self,
            (self.mode != Mode::Book).then(|| self.points.clone()),
            self.outcome.as_ref().map(|o| o.ranking.clone()),
        )
    }

    fn zones(&self) -> Vec<Zone> {
        let mut zones = Vec::new();
        for s in 0..self.n() {
            zones.push(Zone::new(
                format!("stock {s}"),
                self.stocks[s].iter().copied(),
                Seen::Nobody,
            ));
            zones.push(Zone::new(
                format!("discard {s}"),
                self.discards[s].iter().copied(),
                Seen::All,
            ));
        }
        for (i, f) in self.foundations.iter().enumerate() {
            let name = if self.mode.single_pile() {
                "foundation".to_string()
            } else {
                format!("foundation {}", Suit::ALL[i])
            };
            zones.push(Zone::new(name, f.iter().copied(), Seen::All));
        }
        zones.push(Zone::new("pending", self.pending, Seen::All));
        zones
    }

    fn hands(&self) -> Vec<Vec<Card>> {
        (0..self.n())
            .map(|s| {
                let pending = self.pending.filter(|_| self.turn == s);
                pending
                    .into_iter()
                    .chain(self.stocks[s].iter().copied())
                    .chain(self.discards[s].iter().copied())
                    .collect()
            })
            .collect()
    }

    fn action_space(&self) -> Vec<Action> {
        let mut all = vec![
            Action::Turn,
            Action::Discard,
            Action::Foundation,
            Action::Stop,
            Action::Correct,
            Action::TakeOver,
            Action::Flip,
        ];
        all.extend((0..=self.n()).map(Action::Give));
        all
    }

    fn determinize(&self, _seat: Seat, rng: &mut dyn RngCore) -> Self {
        // The stocks still as dealt are hidden from every seat alike (a renewed one is the
        // discard pile everyone saw): permute their cards among them and apply the same
        // permutation everywhere (the stop-mode snapshot included). The book version, which
        // has no choices to search, marks no renewal and redeals every stock.
        let hidden: Vec<Card> = self
            .stocks
            .iter()
            .enumerate()
            .filter(|&(s, _)| self.renewed & (1 << s) == 0)
            .flat_map(|(_, stock)| stock.iter().copied())
            .collect();
        let mut shuffled = hidden.clone();
        redeal_unseen(&mut [&mut shuffled], rng);
        let mut map = [None; Card::COUNT];
        for (a, b) in hidden.iter().zip(&shuffled) {
            map[a.index()] = Some(*b);
        }
        let mut game = self.clone();
        game.map_cards(&|c| map[c.index()].unwrap_or(c));
        game.source.reseed(rng);
        if game.mode == Mode::Book && game.outcome.is_none() {
            game.book_end = game.find_book_end();
        }
        game
    }
}

#[cfg(test)]
mod tests;
