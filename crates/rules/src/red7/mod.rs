//! Red7, exactly as `docs/rules/red7.md` (§8.2): palettes, the canvas (starting with the "You
//! are playing Red" card), the seven rules by canvas colour with their tie-breaks, elimination at
//! the end of a turn, the starting player, the basic game (default: one round, last player
//! standing wins, ranked in reverse order of elimination, no scores) and the advanced game
//! (option `advanced` = false (default) | true: the canvas draw rule, scoring the round winner's
//! qualifying cards, next rounds, the match to 40/35/30 points and the end when fewer than `8·n`
//! unscored cards remain). The action rules of odd cards are out of scope (§8.2).
//!
//! The "who is winning" evaluation — the qualifying set [`qualifying`] `Q(p)`, the [`score`] and
//! the [`leader`] of a table — is public: the elimination rule, the Discord labels and the
//! computer players all use it. The deck ([`deck`]) and which colour beats which
//! ([`colour_strength`]) are Red7's own and live here, not in `cards`.
//!
//! Readings taken where the rules file leaves room (all literal):
//! - A turn is `{"palette":c}` (at most once, first), then `{"canvas":c}` (which ends the turn at
//!   once) or `"end"`. Ending a turn with nothing played puts the player out even if they happen
//!   to be winning (a previous player's elimination can make them so); a player who starts the
//!   turn with an empty hand can only `"end"` and is out.
//! - A canvas discard that leaves the player not winning is legal and puts them out (§8.2 step
//!   3); the Discord layer asks for confirmation first, as for `"end"` while not winning.
//! - The whole canvas pile is face up. An eliminated player's hand and palette are face down to
//!   everyone, the player included; their palette no longer counts.
//! - Advanced draw (§8.2): mandatory, made before the end-of-turn check; the drawn card joins the
//!   hand even if the player is then out. Scored cards leave the game face up (one pile per
//!   seat). A later round takes the next explicit deck (else a shuffle of the full deck from the
//!   seed) and leaves the scored cards out; same dealer, same start rule. The match ends after a
//!   round when its winner has reached the target, or when fewer than `8·n` unscored cards
//!   remain; seats are ranked by points, ties sharing a place.
//!
//! This folder: `mod.rs` the rules (state, actions, views), `present.rs` what people are told,
//! `heuristic.rs` the rule of thumb, `tests.rs` the rules file's acceptance cases.

mod heuristic;
pub use heuristic::Red7Why;
mod present;

use std::cmp::Ordering;
use std::ops::{Deref, DerefMut};

use rand::RngCore;
use serde::{Deserialize, Serialize, Serializer};

use super::options::{OptionSpec, OptionsSpec};

use super::{
    deal_batches, rank_by_score, redeal_unseen, seats_from, DeckSource, Events, Game, Observer,
    Seat, Seen, Setup, SetupError, Status, Zone,
};
use pakka_cards::{Card, CardSet, Colour};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The advanced game: canvas draws, scoring and a match of several rounds.
    pub advanced: bool,
}

impl OptionsSpec for Options {
    const SPEC: &'static [OptionSpec] = &[OptionSpec::flag("advanced", false)];
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Play a hand card to the own palette (step 1, at most once a turn).
    Palette(Card),
    /// Discard a hand card to the canvas: its colour becomes the rule and the turn ends.
    Canvas(Card),
    /// End the turn; with nothing played, or while not winning, the seat is out.
    End,
}

/// Why a seat went out.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OutReason {
    /// The turn ended with nothing played (an empty hand included).
    NothingPlayed,
    /// The turn ended while another player was winning, or nobody was.
    NotWinning,
}

/// The result of one round of the advanced game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundEnd {
    pub round: u32,
    pub winner: Seat,
    /// The winner's qualifying cards, now out of the game.
    pub cards: Vec<Card>,
    pub points: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A round was dealt: each seat's face-up palette card, and who starts.
    RoundStarted {
        round: u32,
        palettes: Vec<Card>,
        starts: Seat,
    },
    ToPalette {
        seat: Seat,
        card: Card,
    },
    ToCanvas {
        seat: Seat,
        card: Card,
    },
    /// Advanced game: the seat drew a card (face down) after its canvas play.
    Drew {
        seat: Seat,
    },
    Out {
        seat: Seat,
        reason: OutReason,
    },
    TurnPassed {
        seat: Seat,
    },
    /// The last player standing won the round; in the advanced game it scored these cards
    /// (the basic game: none, 0 points).
    RoundWon {
        seat: Seat,
        round: u32,
        cards: Vec<Card>,
        points: i64,
    },
    GameOver {
        ranking: Vec<Vec<Seat>>,
        /// The advanced game: how the match was decided (none in the basic game, won by the
        /// last player standing). Worded for people only: not in the event's JSON, so the
        /// engine console's events stay as the protocol has always given them.
        #[serde(skip)]
        scoring: Option<MatchEnd>,
    },
}

/// How an advanced match ended: the winners' points against the target. A winner at or over
/// the target reached it first (only a round's winner scores, one at a time); one below it won
/// with the most points when too few cards were left for another round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchEnd {
    pub points: i64,
    pub target: i64,
}

/// Red7's 49 cards in their new-deck order: colour by colour in the rainbow's order
/// (`Colour::ALL`), numbers 1…7.
pub fn deck() -> Vec<Card> {
    Colour::ALL
        .into_iter()
        .flat_map(|c| (1..=7).map(move |n| Card::red7(c, n)))
        .collect()
}

// ---- the "who is winning" evaluation -------------------------------------------------------

fn parts(card: Card) -> (Colour, u8) {
    // Only Red7 cards ever reach a hand or a palette (the deck is validated at the deal).
    card.red7_parts().unwrap_or((Colour::Violet, 1))
}

/// A Red7 card's number, 1–7.
pub fn number(card: Card) -> u8 {
    parts(card).1
}

/// A Red7 card's colour.
pub fn colour(card: Card) -> Colour {
    parts(card).0
}

/// Which colour beats which: Red > Orange > Yellow > Green > Blue > Indigo > Violet, as 6
/// for Red down to 0 for Violet.
pub fn colour_strength(colour: Colour) -> u8 {
    match colour {
        Colour::Red => 6,
        Colour::Orange => 5,
        Colour::Yellow => 4,
        Colour::Green => 3,
        Colour::Blue => 2,
        Colour::Indigo => 1,
        Colour::Violet => 0,
    }
}

/// The strength of a card: number first, then colour (`colour_strength`). Distinct cards have
/// distinct strengths.
pub fn strength(card: Card) -> u8 {
    let (c, n) = parts(card);
    n * 7 + colour_strength(c)
}

/// The strongest card of a set.
pub fn strongest(cards: CardSet) -> Option<Card> {
    cards.iter().max_by_key(|&c| strength(c))
}

/// Among non-empty groups, the largest; equal sizes → the one whose strongest card is strongest.
fn best_group(groups: impl IntoIterator<Item = CardSet>) -> CardSet {
    groups
        .into_iter()
        .filter(|g| !g.is_empty())
        .max_by_key(|&g| (g.len(), strongest(g).map(strength)))
        .unwrap_or_default()
}

/// The qualifying set `Q(p)` of a palette under a canvas rule (§8.2 table, with the tie-break
/// for Orange, Yellow and Indigo: the group or run whose strongest card is strongest).
pub fn qualifying(rule: Colour, palette: CardSet) -> CardSet {
    match rule {
        Colour::Red => strongest(palette).into_iter().collect(),
        Colour::Orange | Colour::Yellow => {
            let mut groups = [CardSet::EMPTY; 8];
            for c in palette {
                let key = match rule {
                    Colour::Orange => number(c) as usize,
                    _ => colour(c) as usize,
                };
                groups[key].insert(c);
            }
            best_group(groups)
        }
        Colour::Green => palette.iter().filter(|&c| number(c) % 2 == 0).collect(),
        Colour::Blue => {
            let mut best: [Option<Card>; 7] = [None; 7];
            for c in palette {
                let slot = &mut best[colour(c) as usize];
                if slot.is_none_or(|b| strength(c) > strength(b)) {
                    *slot = Some(c);
                }
            }
            best.into_iter().flatten().collect()
        }
        Colour::Indigo => {
            // The strongest card of each number, then the longest run (ties: the higher run).
            let mut top: [Option<Card>; 8] = [None; 8];
            for c in palette {
                let slot = &mut top[number(c) as usize];
                if slot.is_none_or(|b| strength(c) > strength(b)) {
                    *slot = Some(c);
                }
            }
            let (mut best_len, mut best_end, mut run) = (0, 0, 0);
            for (n, card) in top.iter().enumerate().skip(1) {
                run = if card.is_some() { run + 1 } else { 0 };
                if run > 0 && run >= best_len {
                    (best_len, best_end) = (run, n);
                }
            }
            top[best_end + 1 - best_len..=best_end]
                .iter()
                .flatten()
                .copied()
                .collect()
        }
        Colour::Violet => palette.iter().filter(|&c| number(c) <= 3).collect(),
    }
}

/// `score(p) = (|Q(p)|, strongest card in Q(p))`, compared in that order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Score {
    pub count: usize,
    pub best: Card,
}

impl Score {
    fn key(self) -> (usize, u8) {
        (self.count, strength(self.best))
    }
}

impl Ord for Score {
    fn cmp(&self, other: &Score) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Score) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// A palette's score under a rule; `None` when no card qualifies (such a palette never wins).
pub fn score(rule: Colour, palette: CardSet) -> Option<Score> {
    let q = qualifying(rule, palette);
    strongest(q).map(|best| Score {
        count: q.len(),
        best,
    })
}

/// The seat that is winning among the given (active) palettes: the one whose non-empty score is
/// greater than every other's. Cards are unique, so non-empty scores never tie.
pub fn leader(rule: Colour, palettes: impl IntoIterator<Item = (Seat, CardSet)>) -> Option<Seat> {
    palettes
        .into_iter()
        .filter_map(|(s, p)| score(rule, p).map(|sc| (sc, s)))
        .max_by_key(|&(sc, _)| sc)
        .map(|(_, s)| s)
}

// ---- the same evaluation on bit masks, for the rules' turns and the playouts ------------------

/// A set of Red7 cards as bits by strength: bit `strength(c) - 7`, so number `n` holds bits
/// `7(n-1)` to `7(n-1)+6` and a higher bit is a stronger card.
pub(crate) fn strength_bits(cards: CardSet) -> u64 {
    cards
        .iter()
        .fold(0, |m, c| m | 1 << (u32::from(strength(c)) - 7))
}

/// The strength bit of one card.
pub(crate) fn strength_bit(card: Card) -> u64 {
    1 << (u32::from(strength(card)) - 7)
}

/// The cards of one number, as strength bits.
const NUMBER: u64 = 0x7F;

/// The cards of each colour, as strength bits (red is the strongest of each number).
const COLOUR_BITS: [u64; 7] = {
    let mut masks = [0u64; 7];
    let mut c = 0;
    while c < 7 {
        let mut n = 0;
        while n < 7 {
            masks[c] |= 1 << (n * 7 + 6 - c);
            n += 1;
        }
        c += 1;
    }
    masks
};

/// The even numbers (green) and the numbers up to 3 (violet), as strength bits.
const EVEN: u64 = NUMBER << 7 | NUMBER << 21 | NUMBER << 35;
const UP_TO_3: u64 = (1 << 21) - 1;

/// `score(rule, palette)` as one comparable number, from the palette's strength bits: the count
/// of qualifying cards above the strongest one's bit; 0 when no card qualifies. Greater keys
/// are greater scores.
pub(crate) fn score_key(rule: Colour, bits: u64) -> u32 {
    let top = |m: u64| 63 - m.leading_zeros();
    let pack = |q: u64| {
        if q == 0 {
            0
        } else {
            q.count_ones() << 6 | top(q)
        }
    };
    if bits == 0 {
        return 0;
    }
    match rule {
        Colour::Red => 1 << 6 | top(bits),
        Colour::Orange => (0..7)
            .map(|n| pack(bits & NUMBER << (7 * n)))
            .max()
            .unwrap_or(0),
        Colour::Yellow => COLOUR_BITS
            .iter()
            .map(|&c| pack(bits & c))
            .max()
            .unwrap_or(0),
        Colour::Green => pack(bits & EVEN),
        Colour::Blue => {
            let colours = COLOUR_BITS.iter().filter(|&&c| bits & c != 0).count() as u32;
            colours << 6 | top(bits)
        }
        Colour::Indigo => {
            // The longest run of numbers present (ties: the higher run), scored by its length
            // and the strongest card of its top number.
            let (mut best_len, mut best_end, mut run) = (0, 0, 0);
            for n in 0..7 {
                run = if bits & NUMBER << (7 * n) != 0 {
                    run + 1
                } else {
                    0
                };
                if run > 0 && run >= best_len {
                    (best_len, best_end) = (run, n);
                }
            }
            best_len << 6 | top(bits & NUMBER << (7 * best_end))
        }
        Colour::Violet => pack(bits & UP_TO_3),
    }
}

/// The canvas rule with this pile on the canvas (empty: the starting Red card).
pub fn canvas_rule(canvas: &[Card]) -> Colour {
    canvas.last().map_or(Colour::Red, |&c| colour(c))
}

/// Points a player of a match of `seats` seats must reach in the advanced game.
pub fn target(seats: usize) -> i64 {
    match seats {
        2 => 40,
        3 => 35,
        _ => 30,
    }
}

// ---- the state -------------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Red7 {
    options: Options,
    dealer: Seat,
    /// The current round, from 1.
    round: u32,
    hands: Vec<CardSet>,
    palettes: Vec<CardSet>,
    active: Vec<bool>,
    /// Seats out this round, first out first.
    out_order: Roomy<Seat, 4>,
    /// The draw pile, top card last.
    draw: Vec<Card>,
    /// The canvas, bottom first; empty means the starting Red card shows.
    canvas: Roomy<Card, 49>,
    turn: Seat,
    /// The turn's seat has played to its palette this turn.
    played_palette: bool,
    /// Advanced game: match points per seat.
    points: Vec<i64>,
    /// Advanced game: the cards each seat scored, out of the game.
    scored: Vec<Vec<Card>>,
    last_round: Option<RoundEnd>,
    ranking: Option<Vec<Vec<Seat>>>,
    source: DeckSource,
}

/// A list that keeps room for `N` entries through clones, so that a playout on a cloned state
/// grows it without allocating (a plain `Vec`'s clone has no spare room). Serialized as the list.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
struct Roomy<T, const N: usize>(Vec<T>);

impl<T: Clone, const N: usize> Clone for Roomy<T, N> {
    fn clone(&self) -> Self {
        let mut list = Vec::with_capacity(N.max(self.0.len()));
        list.extend_from_slice(&self.0);
        Roomy(list)
    }
}

impl<T, const N: usize> Deref for Roomy<T, N> {
    type Target = Vec<T>;
    fn deref(&self) -> &Vec<T> {
        &self.0
    }
}

impl<T, const N: usize> DerefMut for Roomy<T, N> {
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.0
    }
}

impl Red7 {
    fn n(&self) -> usize {
        self.hands.len()
    }

    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    pub fn round(&self) -> u32 {
        self.round
    }

    pub fn turn(&self) -> Seat {
        self.turn
    }

    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    pub fn palette(&self, seat: Seat) -> CardSet {
        self.palettes[seat]
    }

    pub fn is_active(&self, seat: Seat) -> bool {
        self.active[seat]
    }

    pub fn draw_pile_len(&self) -> usize {
        self.draw.len()
    }

    pub fn canvas(&self) -> &[Card] {
        &self.canvas
    }

    /// The current canvas rule.
    pub fn rule(&self) -> Colour {
        canvas_rule(&self.canvas)
    }

    /// The seat winning now under the current rule, among the active seats (`leader`, on bit
    /// masks).
    pub fn winning(&self) -> Option<Seat> {
        let rule = self.rule();
        (0..self.n())
            .filter(|&s| self.active[s])
            .map(|s| (score_key(rule, strength_bits(self.palettes[s])), s))
            .filter(|&(key, _)| key > 0)
            .max()
            .map(|(_, s)| s)
    }

    fn hand_seen(&self, seat: Seat) -> Seen {
        if self.active[seat] {
            Seen::Only(seat)
        } else {
            Seen::Nobody
        }
    }

    fn palette_seen(&self, seat: Seat) -> Seen {
        if self.active[seat] {
            Seen::All
        } else {
            Seen::Nobody
        }
    }

    // ---- dealing -----------------------------------------------------------------------------

    /// Deals a round from the next deck, leaving the scored cards out (§8.2, README deal order:
    /// 7 each one at a time from the dealer's left, then 1 palette card each, the rest the draw
    /// pile with the next card on top).
    fn deal_round(&mut self, events: &mut Events<'_, Event>) {
        let n = self.n();
        let full = deck();
        let scored: CardSet = self.scored.iter().flatten().copied().collect();
        let deck = self.source.next_deck(&full);
        let mut cards = deck.into_iter().filter(|&c| !scored.contains(c));
        let order = seats_from((self.dealer + 1) % n, n);
        let hands = deal_batches(&mut cards, &order, n, &[1; 7]);
        let palettes = deal_batches(&mut cards, &order, n, &[1]);
        let mut draw: Vec<Card> = cards.collect();
        draw.reverse();
        self.hands = hands.into_iter().map(CardSet::from_iter).collect();
        self.palettes = palettes.iter().map(|p| p.iter().collect()).collect();
        self.active.fill(true);
        self.out_order.clear();
        self.draw = draw;
        self.canvas.clear();
        self.played_palette = false;
        let starts = self.winning().map_or(0, |w| (w + 1) % n);
        self.turn = starts;
        events.tell(|| Event::RoundStarted {
            round: self.round,
            palettes: palettes.into_iter().flatten().collect(),
            starts,
        });
    }

    // ---- the turn ----------------------------------------------------------------------------

    fn end_turn(&mut self, seat: Seat, played: bool, events: &mut Events<'_, Event>) {
        let reason = if !played {
            Some(OutReason::NothingPlayed)
        } else if self.winning() != Some(seat) {
            Some(OutReason::NotWinning)
        } else {
            None
        };
        if let Some(reason) = reason {
            self.active[seat] = false;
            self.out_order.push(seat);
            events.tell(|| Event::Out { seat, reason });
        }
        self.played_palette = false;
        let mut left = (0..self.n()).filter(|&s| self.active[s]);
        match (left.next(), left.next()) {
            (Some(winner), None) => self.end_round(winner, events),
            _ => {
                let n = self.n();
                self.turn = (1..=n)
                    .map(|i| (seat + i) % n)
                    .find(|&s| self.active[s])
                    .unwrap_or(seat);
                events.tell(|| Event::TurnPassed { seat: self.turn });
            }
        }
    }

    fn end_round(&mut self, winner: Seat, events: &mut Events<'_, Event>) {
        let n = self.n();
        if !self.options.advanced {
            let mut ranking = Vec::with_capacity(n);
            ranking.push(vec![winner]);
            ranking.extend(self.out_order.iter().rev().map(|&s| vec![s]));
            events.tell(|| Event::RoundWon {
                seat: winner,
                round: self.round,
                cards: Vec::new(),
                points: 0,
            });
            self.finish(ranking, None, events);
            return;
        }
        let q = qualifying(self.rule(), self.palettes[winner]);
        let points: i64 = q.iter().map(|c| i64::from(number(c))).sum();
        self.palettes[winner] = self.palettes[winner].difference(q);
        self.scored[winner].extend(q.iter());
        self.points[winner] += points;
        let cards = q.to_vec();
        events.tell(|| Event::RoundWon {
            seat: winner,
            round: self.round,
            cards: cards.clone(),
            points,
        });
        self.last_round = Some(RoundEnd {
            round: self.round,
            winner,
            cards,
            points,
        });
        let unscored = deck().len() - self.scored.iter().map(Vec::len).sum::<usize>();
        if self.points[winner] >= target(n) || unscored < 8 * n {
            let ranking = rank_by_score(&self.points);
            let scoring = MatchEnd {
                points: self.points.iter().copied().max().unwrap_or(0),
                target: target(n),
            };
            self.finish(ranking, Some(scoring), events);
        } else {
            self.round += 1;
            self.deal_round(events);
        }
    }

    fn finish(
        &mut self,
        ranking: Vec<Vec<Seat>>,
        scoring: Option<MatchEnd>,
        events: &mut Events<'_, Event>,
    ) {
        events.tell(|| Event::GameOver {
            ranking: ranking.clone(),
            scoring,
        });
        self.ranking = Some(ranking);
    }

    /// Applies a listed action and what follows it automatically, telling `events`.
    fn step(&mut self, seat: Seat, action: &Action, events: &mut Events<'_, Event>) {
        match *action {
            Action::Palette(card) => {
                self.hands[seat].remove(card);
                self.palettes[seat].insert(card);
                self.played_palette = true;
                events.tell(|| Event::ToPalette { seat, card });
            }
            Action::Canvas(card) => {
                self.hands[seat].remove(card);
                self.canvas.push(card);
                events.tell(|| Event::ToCanvas { seat, card });
                if self.options.advanced && usize::from(number(card)) > self.palettes[seat].len() {
                    if let Some(drawn) = self.draw.pop() {
                        self.hands[seat].insert(drawn);
                        events.tell(|| Event::Drew { seat });
                    }
                }
                self.end_turn(seat, true, events);
            }
            Action::End => self.end_turn(seat, self.played_palette, events),
        }
    }
}

/// Why an action is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// `"end"` is always legal for the seat to act (never refused as illegal).
    EndIsLegal,
    /// Not a card of the Red7 deck.
    NotARed7Card(Card),
    /// A second palette play in one turn.
    PaletteDone,
    /// A card play with an empty hand: only `"end"` remains.
    NoCards,
    /// A card the seat does not hold.
    NotHeld(Card),
}

// ---- what people see -------------------------------------------------------------------------

fn colour_name<S: Serializer>(colour: &Colour, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(colour.name())
}

/// What one observer sees of a Red7 table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// The observer's hand (empty for the public and for a seat that is out: face down).
    pub hand: Vec<Card>,
    pub observer: Observer,
    pub advanced: bool,
    pub dealer: Seat,
    pub round: u32,
    /// Whose turn it is; `None` once the game is over.
    pub turn: Option<Seat>,
    /// The turn's seat has already played to its palette this turn.
    pub played_palette: bool,
    /// Each seat's palette, strongest card first; empty for a seat that is out (face down).
    pub palettes: Vec<Vec<Card>>,
    pub active: Vec<bool>,
    /// Seats out this round, first out first.
    pub out_order: Vec<Seat>,
    /// Hand sizes of the seats still in.
    pub hand_sizes: Vec<usize>,
    /// Cards face down in front of each seat that is out (its hand and palette).
    pub face_down: Vec<usize>,
    /// The canvas, bottom first (empty: the starting Red card).
    pub canvas: Vec<Card>,
    #[serde(serialize_with = "colour_name")]
    pub rule: Colour,
    /// The seat winning now.
    pub winning: Option<Seat>,
    pub draw_pile: usize,
    /// Advanced game: match points, the target, and the cards each seat scored.
    pub scores: Option<Vec<i64>>,
    pub target: Option<i64>,
    pub scored: Vec<Vec<Card>>,
    pub last_round: Option<RoundEnd>,
    pub ranking: Option<Vec<Vec<Seat>>>,
}

impl Game for Red7 {
    crate::game_head! {
        id: "red7", aliases: [], seats: (2, 4), seed: 21;
        arena_seats: 3, replay_seats: 3, people: 3, computers: 0, load_people: 3;
        picture seats: 4, options: "", moves: 5, hand: 1
    }

    fn configurations() -> Vec<(Options, usize)> {
        [false, true]
            .into_iter()
            .flat_map(|advanced| (2..=4).map(move |n| (Options { advanced }, n)))
            .collect()
    }

    fn new(options: Options, seats: usize, setup: Setup) -> Result<Self, SetupError> {
        let (source, dealer) = DeckSource::new(setup, &deck(), seats)?;
        let mut game = Red7 {
            options,
            dealer,
            round: 1,
            hands: vec![CardSet::EMPTY; seats],
            palettes: vec![CardSet::EMPTY; seats],
            active: vec![true; seats],
            out_order: Roomy(Vec::new()),
            draw: Vec::new(),
            canvas: Roomy(Vec::new()),
            turn: 0,
            played_palette: false,
            points: vec![0; seats],
            scored: vec![Vec::new(); seats],
            last_round: None,
            ranking: None,
            source,
        };
        game.deal_round(&mut Events::quiet());
        Ok(game)
    }

    crate::game_accessors!(
        seats: |g| g.n(), over: |g| g.ranking.is_some(),
        deal: |g| g.round, turn: turn
    );

    fn legal_into(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if self.ranking.is_some() || seat != self.turn {
            return;
        }
        let hand = self.hands[seat];
        if !self.played_palette {
            out.extend(hand.iter().map(Action::Palette));
        }
        out.extend(hand.iter().map(Action::Canvas));
        out.push(Action::End);
    }

    fn refusal(&self, seat: Seat, action: &Action) -> Refusal {
        let card = match *action {
            Action::Palette(c) | Action::Canvas(c) => c,
            Action::End => return Refusal::EndIsLegal,
        };
        if card.red7_parts().is_none() {
            return Refusal::NotARed7Card(card);
        }
        if matches!(action, Action::Palette(_)) && self.played_palette {
            return Refusal::PaletteDone;
        }
        if self.hands[seat].is_empty() {
            return Refusal::NoCards;
        }
        Refusal::NotHeld(card)
    }

    fn advance(&mut self, seat: Seat, action: &Action, events: &mut Events<'_, Event>) {
        self.step(seat, action, events);
    }

    fn view(&self, observer: Observer) -> View {
        let n = self.n();
        let hand = observer.own_hand(&self.hands, |s| self.hand_seen(s));
        let palettes = (0..n)
            .map(|s| {
                if !self.active[s] {
                    return Vec::new();
                }
                let mut cards = self.palettes[s].to_vec();
                cards.sort_by_key(|&c| std::cmp::Reverse(strength(c)));
                cards
            })
            .collect();
        let advanced = self.options.advanced;
        View {
            hand,
            observer,
            advanced,
            dealer: self.dealer,
            round: self.round,
            turn: self.ranking.is_none().then_some(self.turn),
            played_palette: self.played_palette,
            palettes,
            active: self.active.clone(),
            out_order: self.out_order.to_vec(),
            hand_sizes: (0..n)
                .map(|s| {
                    if self.active[s] {
                        self.hands[s].len()
                    } else {
                        0
                    }
                })
                .collect(),
            face_down: (0..n)
                .map(|s| {
                    if self.active[s] {
                        0
                    } else {
                        self.hands[s].len() + self.palettes[s].len()
                    }
                })
                .collect(),
            canvas: self.canvas.to_vec(),
            rule: self.rule(),
            winning: self.winning(),
            draw_pile: self.draw.len(),
            scores: advanced.then(|| self.points.clone()),
            target: advanced.then(|| target(n)),
            scored: self.scored.clone(),
            last_round: self.last_round.clone(),
            ranking: self.ranking.clone(),
        }
    }

    fn status(&self) -> Status {
        Status::of(
            self,
            self.options.advanced.then(|| self.points.clone()),
            self.ranking.clone(),
        )
    }

    fn zones(&self) -> Vec<Zone> {
        let mut zones = Vec::with_capacity(3 * self.n() + 2);
        for s in 0..self.n() {
            zones.push(Zone::new(
                format!("hand {s}"),
                self.hands[s],
                self.hand_seen(s),
            ));
            zones.push(Zone::new(
                format!("palette {s}"),
                self.palettes[s],
                self.palette_seen(s),
            ));
            zones.push(Zone::new(
                format!("scored {s}"),
                self.scored[s].iter().copied(),
                Seen::All,
            ));
        }
        zones.push(Zone::new(
            "draw pile",
            self.draw.iter().copied(),
            Seen::Nobody,
        ));
        zones.push(Zone::new("canvas", self.canvas.iter().copied(), Seen::All));
        zones
    }

    fn hands(&self) -> Vec<Vec<Card>> {
        self.hands.iter().map(|h| h.to_vec()).collect()
    }

    fn action_space(&self) -> Vec<Action> {
        let deck = deck();
        let mut all: Vec<Action> = deck.iter().map(|&c| Action::Palette(c)).collect();
        all.extend(deck.iter().map(|&c| Action::Canvas(c)));
        all.push(Action::End);
        all
    }

    fn determinize(&self, seat: Seat, rng: &mut dyn RngCore) -> Self {
        // Every pile `seat` cannot see (other hands, face-down piles of seats that are out, the
        // draw pile) is redealt among those piles, each keeping its size.
        let me = Observer::Seat(seat);
        let mut game = self.clone();
        let mut hidden_hands = Vec::new();
        let mut hidden_palettes = Vec::new();
        let mut piles: Vec<Vec<Card>> = Vec::new();
        for s in 0..self.n() {
            if !me.sees(self.hand_seen(s)) {
                hidden_hands.push(s);
                piles.push(self.hands[s].to_vec());
            }
        }
        for s in 0..self.n() {
            if !me.sees(self.palette_seen(s)) {
                hidden_palettes.push(s);
                piles.push(self.palettes[s].to_vec());
            }
        }
        piles.push(self.draw.clone());
        {
            let mut refs: Vec<&mut Vec<Card>> = piles.iter_mut().collect();
            redeal_unseen(&mut refs, rng);
        }
        let mut piles = piles.into_iter();
        for s in hidden_hands {
            game.hands[s] = piles.next().unwrap_or_default().into_iter().collect();
        }
        for s in hidden_palettes {
            game.palettes[s] = piles.next().unwrap_or_default().into_iter().collect();
        }
        game.draw = piles.next().unwrap_or_default();
        game.source.reseed(rng);
        game
    }
}

#[cfg(test)]
mod tests;
