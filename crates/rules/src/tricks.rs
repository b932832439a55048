//! The trick-taking toolkit the trick games share (Paston, Teka, Kop, Mätäpesä, Whist 22): a
//! trick in play order, who leads, following suit, trumps, the winner of a trick under a game's
//! own "beats" relation, tricks won per seat and per side, the zones of a trick table, and a
//! match kept by running totals that ends when someone runs out. Small and general: each game
//! decides its own card order and legality on top of these pieces. The in-place forms
//! (`Stack`, `FixedTrick`, `TrickLog`) hold the same as `Vec`, `Trick` and `TricksWon` in fixed
//! arrays and serialize exactly like them, for the games whose playouts must not allocate.

use serde::{Deserialize, Serialize};

use super::{rank_by_score, Seat, Seen, Zone};
use pakka_cards::{Card, CardSet, Rank, Suit};

/// A trick: the leader and the cards played so far, in play order.
pub type Trick = TrickOf<Vec<(Seat, Card)>>;

/// A [`Trick`] kept in place (at most eight plays): serialized exactly as a `Trick`.
pub type FixedTrick = TrickOf<Stack<(Seat, Card), 8>>;

/// A trick whose plays are kept in `P`: a `Vec` ([`Trick`]) or a [`Stack`] in place
/// ([`FixedTrick`]). Both answer the same questions and serialize alike.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrickOf<P> {
    pub leader: Seat,
    pub plays: P,
}

/// A list a trick keeps its plays in: read as a slice, added to in play order.
pub trait Plays: Default + std::ops::Deref<Target = [(Seat, Card)]> {
    fn push_play(&mut self, play: (Seat, Card));
}

impl Plays for Vec<(Seat, Card)> {
    fn push_play(&mut self, play: (Seat, Card)) {
        self.push(play);
    }
}

impl<const N: usize> Plays for Stack<(Seat, Card), N> {
    fn push_play(&mut self, play: (Seat, Card)) {
        self.push(play);
    }
}

impl<P: Plays> TrickOf<P> {
    pub fn new(leader: Seat) -> Self {
        TrickOf {
            leader,
            plays: P::default(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.plays.is_empty()
    }

    pub fn len(&self) -> usize {
        self.plays.len()
    }

    /// The card led, if any.
    pub fn led(&self) -> Option<Card> {
        self.plays.first().map(|&(_, c)| c)
    }

    pub fn play(&mut self, seat: Seat, card: Card) {
        self.plays.push_play((seat, card));
    }

    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.plays.iter().map(|&(_, c)| c)
    }

    /// The play winning so far: the first card, replaced by every later card that `beats` the
    /// current winner (`beats(challenger, winner, led)`).
    pub fn winning(&self, beats: impl Fn(Card, Card, Card) -> bool) -> Option<(Seat, Card)> {
        winning_play(&self.plays, beats)
    }
}

/// The winning play of `plays` (in play order): the first card, replaced by every later card
/// that `beats` the current winner (`beats(challenger, winner, led)`).
fn winning_play(
    plays: &[(Seat, Card)],
    beats: impl Fn(Card, Card, Card) -> bool,
) -> Option<(Seat, Card)> {
    let (&first, rest) = plays.split_first()?;
    let led = first.1;
    let mut best = first;
    for &(seat, card) in rest {
        if beats(card, best.1, led) {
            best = (seat, card);
        }
    }
    Some(best)
}

/// The usual rule: a trump beats any non-trump, a higher trump beats a lower one, a card of the
/// led suit beats a lower card of the led suit, and nothing else beats. `rank` orders the cards
/// within a suit (higher is stronger).
pub fn suit_beats(
    challenger: Card,
    winner: Card,
    led: Card,
    trump: Option<Suit>,
    rank: impl Fn(Card) -> u8,
) -> bool {
    let is_trump = |c: Card| Some(c.suit()) == trump;
    match (is_trump(challenger), is_trump(winner)) {
        (true, false) => true,
        (false, true) => false,
        (true, true) => rank(challenger) > rank(winner),
        (false, false) => {
            challenger.suit() == led.suit()
                && winner.suit() == led.suit()
                && rank(challenger) > rank(winner)
                || challenger.suit() == led.suit() && winner.suit() != led.suit()
        }
    }
}

/// Ace-high rank within a suit.
pub fn ace_high(card: Card) -> u8 {
    card.rank().number()
}

/// The ranks of `suit` in `cards`, as bits by rank number (bit 14: the ace).
pub fn rank_bits(cards: CardSet, suit: Suit) -> u16 {
    cards.suit_ranks(suit)
}

/// The ranks of a deck (`deck_ranks`: bits by rank number) above `rank`.
pub fn ranks_above(deck_ranks: u16, rank: Rank) -> u16 {
    deck_ranks & !((1u16 << (rank.number() + 1)) - 1)
}

/// Whether every higher card of `c`'s suit in a deck of `deck_ranks` is in `known`.
pub fn is_master(deck_ranks: u16, known: CardSet, c: Card) -> bool {
    ranks_above(deck_ranks, c.rank()) & !rank_bits(known, c.suit()) == 0
}

/// The lowest card of `hand` worth as much as `c`: walks down `c`'s suit to the deck's lowest
/// rank through own cards and cards in sight (`known`), as long as `keep` holds.
pub fn equal_low(
    deck_ranks: u16,
    hand: CardSet,
    known: CardSet,
    c: Card,
    keep: impl Fn(Card) -> bool,
) -> Card {
    let lowest = deck_ranks.trailing_zeros() as u8;
    let mut best = c;
    for n in (lowest..c.rank().number()).rev() {
        let Some(r) = Rank::from_number(n) else {
            break;
        };
        let lower = Card::new(r, c.suit());
        if hand.contains(lower) {
            if !keep(lower) {
                break;
            }
            best = lower;
        } else if !known.contains(lower) {
            break;
        }
    }
    best
}

/// Cards of `suit` in `hand` (a hand of standard cards).
pub fn of_suit(hand: CardSet, suit: Suit) -> CardSet {
    hand.of_suit(suit)
}

/// Must follow suit when able, else any card.
pub fn follow_suit(hand: CardSet, led: Option<Card>) -> CardSet {
    match led {
        Some(led) => {
            let same = of_suit(hand, led.suit());
            if same.is_empty() {
                hand
            } else {
                same
            }
        }
        None => hand,
    }
}

/// Must follow suit when able, else trump when able, else any card.
pub fn follow_or_trump(hand: CardSet, led: Option<Card>, trump: Option<Suit>) -> CardSet {
    let Some(led) = led else {
        return hand;
    };
    let same = of_suit(hand, led.suit());
    if !same.is_empty() {
        return same;
    }
    match trump {
        Some(t) if !of_suit(hand, t).is_empty() => of_suit(hand, t),
        _ => hand,
    }
}

/// The next seat after `seat` that `plays` (skipping seats sitting out), if any seat plays.
pub fn next_seat(seat: Seat, seats: usize, plays: impl Fn(Seat) -> bool) -> Option<Seat> {
    (1..=seats).map(|i| (seat + i) % seats).find(|&s| plays(s))
}

/// A completed trick as shown to everyone, until the next one is complete.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastTrick {
    pub winner: Seat,
    pub plays: Vec<(Seat, Card)>,
}

/// Tricks won per seat, with each trick's cards kept in the order the tricks were won.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TricksWon {
    pub counts: Vec<u32>,
    /// Every completed trick in order: its winner and its plays.
    pub history: Vec<(Seat, Vec<(Seat, Card)>)>,
}

impl TricksWon {
    pub fn new(seats: usize) -> TricksWon {
        TricksWon {
            counts: vec![0; seats],
            history: Vec::new(),
        }
    }

    /// Records a completed trick won by `winner`.
    pub fn record(&mut self, winner: Seat, trick: &Trick) {
        self.counts[winner] += 1;
        self.history.push((winner, trick.plays.clone()));
    }

    /// Tricks won by a side (a set of seats).
    pub fn side(&self, seats: &[Seat]) -> u32 {
        seats.iter().map(|&s| self.counts[s]).sum()
    }

    /// The cards won by each seat.
    pub fn cards_won(&self, seat: Seat) -> Vec<Card> {
        self.history
            .iter()
            .filter(|(w, _)| *w == seat)
            .flat_map(|(_, plays)| plays.iter().map(|&(_, c)| c))
            .collect()
    }

    /// The last completed trick, for showing after it is gathered.
    pub fn last(&self) -> Option<&(Seat, Vec<(Seat, Card)>)> {
        self.history.last()
    }
}

/// Tricks won per seat as counts and cards, with only the last completed trick kept in play
/// order: what a game needs that shows the last trick and the cards won but no earlier trick
/// (Whist 22, Paston). Its buffers are reused from trick to trick and hand to hand, so a
/// playout's tricks allocate nothing (unlike `TricksWon`, which keeps every trick).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TricksTaken {
    pub counts: Vec<u32>,
    /// The cards won by each seat.
    pub cards: Vec<CardSet>,
    /// The winner of the last completed trick this hand, if one is complete.
    pub last_winner: Option<Seat>,
    /// The last completed trick (empty before the first one of a hand).
    pub last: Trick,
}

impl TricksTaken {
    pub fn new(seats: usize) -> TricksTaken {
        TricksTaken {
            counts: vec![0; seats],
            cards: vec![CardSet::new(); seats],
            last_winner: None,
            last: Trick::new(0),
        }
    }

    /// Forgets the hand's tricks for a new hand, keeping the buffers.
    pub fn reset(&mut self) {
        self.counts.fill(0);
        self.cards.fill(CardSet::new());
        self.last_winner = None;
        self.last.plays.clear();
        self.last.leader = 0;
    }

    /// Tricks completed this hand.
    pub fn total(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// Records the completed `trick` for `winner`, keeps it as the last trick and leaves
    /// `trick` empty, led by `winner` (the two tricks' buffers trade places).
    pub fn take(&mut self, winner: Seat, trick: &mut Trick) {
        self.counts[winner] += 1;
        for c in trick.cards() {
            self.cards[winner].insert(c);
        }
        self.last_winner = Some(winner);
        std::mem::swap(&mut self.last, trick);
        trick.plays.clear();
        trick.leader = winner;
    }

    /// Every card won so far this hand.
    pub fn all_cards(&self) -> CardSet {
        self.cards.iter().fold(CardSet::new(), |a, &c| a.union(c))
    }

    /// The last completed trick as views show it.
    pub fn last_trick(&self) -> Option<LastTrick> {
        self.last_winner.map(|winner| LastTrick {
            winner,
            plays: self.last.plays.clone(),
        })
    }
}

/// `table_zones` for a table that keeps `TricksTaken`.
pub fn taken_zones(
    hands: &[CardSet],
    seen: impl Fn(Seat) -> Seen,
    won: &TricksTaken,
    trick: &Trick,
) -> Vec<Zone> {
    zones_with_won(hands, seen, |s| won.cards[s], trick)
}

/// The zones of a trick table: per seat its hand (`hand s`, seen as `seen` says) and the cards
/// it has won (`won s`, face up: everyone saw them played), then the trick in play (`trick`).
pub fn table_zones(
    hands: &[CardSet],
    seen: impl Fn(Seat) -> Seen,
    won: &TricksWon,
    trick: &Trick,
) -> Vec<Zone> {
    zones_with_won(hands, seen, |s| won.cards_won(s), trick)
}

/// The zones `table_zones` lists, with each seat's won cards as `won` answers them.
fn zones_with_won<W: IntoIterator<Item = Card>>(
    hands: &[CardSet],
    seen: impl Fn(Seat) -> Seen,
    won: impl Fn(Seat) -> W,
    trick: &Trick,
) -> Vec<Zone> {
    let mut zones = Vec::with_capacity(2 * hands.len() + 2);
    for (s, &hand) in hands.iter().enumerate() {
        zones.push(Zone::new(format!("hand {s}"), hand, seen(s)));
        zones.push(Zone::new(format!("won {s}"), won(s), Seen::All));
    }
    zones.push(Zone::new("trick", trick.cards(), Seen::All));
    zones
}

/// Adds a deal's changes to the running totals of a match that ends after the deal in which
/// someone's total reaches 0 or less (Kop's victory cards, Whist 22's points): answers the
/// final ranking, highest total first, once it has ended.
pub fn add_to_totals(totals: &mut [i64], changes: &[i64]) -> Option<Vec<Vec<Seat>>> {
    for (total, change) in totals.iter_mut().zip(changes) {
        *total += change;
    }
    totals
        .iter()
        .any(|&t| t <= 0)
        .then(|| rank_by_score(totals))
}

/// The partner of a seat in the fixed partnerships (0,2) and (1,3).
pub fn partner(seat: Seat) -> Seat {
    (seat + 2) % 4
}

/// A suit as a bit (by suit index), for sets of suits a seat has shown to be void in.
pub fn suit_bit(suit: Suit) -> u8 {
    1 << suit.index()
}

/// Deals `pool` at random into piles of the given sizes, each card only into a pile that
/// `allowed(card, pile)` accepts and the whole deal only if `accept` agrees; `None` when a few
/// random tries find no such deal. Most constrained cards go first. The determinization of the
/// trick games that know more than the pile sizes (shown voids, announced cards: Paston, Teka).
pub fn constrained_deal(
    pool: &[Card],
    sizes: &[usize],
    allowed: impl Fn(Card, usize) -> bool,
    accept: impl Fn(&[Vec<Card>]) -> bool,
    rng: &mut dyn rand::RngCore,
) -> Option<Vec<Vec<Card>>> {
    use rand::seq::SliceRandom;
    use rand::Rng;
    const TRIES: usize = 40;
    // Sorted first: the result must depend only on which cards are hidden, never on where
    // they really are (a computer player must not peek).
    let mut order = pool.to_vec();
    order.sort_unstable();
    for _ in 0..TRIES {
        order.shuffle(rng);
        order.sort_by_key(|&c| (0..sizes.len()).filter(|&z| allowed(c, z)).count());
        let mut piles: Vec<Vec<Card>> = sizes.iter().map(|&n| Vec::with_capacity(n)).collect();
        let mut ok = true;
        for &c in &order {
            let room = |z: usize, piles: &[Vec<Card>]| {
                if allowed(c, z) {
                    sizes[z] - piles[z].len()
                } else {
                    0
                }
            };
            let total: usize = (0..sizes.len()).map(|z| room(z, &piles)).sum();
            if total == 0 {
                ok = false;
                break;
            }
            let mut pick = rng.random_range(0..total);
            for z in 0..sizes.len() {
                let r = room(z, &piles);
                if pick < r {
                    piles[z].push(c);
                    break;
                }
                pick -= r;
            }
        }
        if ok && accept(&piles) {
            return Some(piles);
        }
    }
    None
}

/// A trick in play among the seats that take part in it, under the usual rule (`suit_beats`,
/// aces high) with a game's trump, kept in place: what Paston and Teka play their cards into.
pub struct TrickPlay<'a> {
    pub trick: &'a mut FixedTrick,
    pub won: &'a mut TrickLog,
    /// The seat to play next; the winner once a trick is complete.
    pub turn: &'a mut Seat,
    /// Per seat, whether it plays this hand's tricks.
    pub playing: &'a [bool],
    pub trump: Option<Suit>,
}

impl TrickPlay<'_> {
    /// Plays `card` for `seat` and passes the turn on. Once every playing seat has played, the
    /// trick is recorded for its winner, who leads the next one: answers the winner and the
    /// trick as it was played.
    pub fn play(self, seat: Seat, card: Card) -> Option<(Seat, FixedTrick)> {
        let playing = self.playing;
        self.trick.play(seat, card);
        if self.trick.len() < playing.iter().filter(|&&p| p).count() {
            *self.turn = next_seat(seat, playing.len(), |s| playing[s]).unwrap_or(seat);
            return None;
        }
        let trump = self.trump;
        let (winner, _) = self
            .trick
            .winning(|c, w, led| suit_beats(c, w, led, trump, ace_high))
            .unwrap_or((seat, card));
        let done = std::mem::replace(self.trick, FixedTrick::new(winner));
        self.won.record(winner, &done.plays);
        *self.turn = winner;
        Some((winner, done))
    }
}

impl TricksWon {
    /// The last completed trick as views show it.
    pub fn last_trick(&self) -> Option<LastTrick> {
        self.last().map(|(w, plays)| LastTrick {
            winner: *w,
            plays: plays.clone(),
        })
    }
}

/// The face-up zones of a trick game: the trick in play and the tricks won.
pub fn trick_zones(trick: &Trick, won: &TricksWon) -> [super::Zone; 2] {
    [
        super::Zone::new("trick", trick.cards(), super::Seen::All),
        super::Zone::new(
            "tricks won",
            won.history
                .iter()
                .flat_map(|(_, plays)| plays.iter().map(|&(_, c)| c)),
            super::Seen::All,
        ),
    ]
}

// ---- in place: what playouts use, serialized as the types above --------------------------------

/// What fills the unused room of a [`Stack`].
pub trait Blank: Copy {
    const BLANK: Self;
}

impl Blank for Card {
    const BLANK: Card = Card::new(Rank::Two, Suit::Spades);
}

impl Blank for usize {
    const BLANK: usize = 0;
}

impl Blank for u32 {
    const BLANK: u32 = 0;
}

impl Blank for i64 {
    const BLANK: i64 = 0;
}

impl<A: Blank, B: Blank> Blank for (A, B) {
    const BLANK: (A, B) = (A::BLANK, B::BLANK);
}

/// A short list kept in place: at most `N` items in a fixed array, so pushing never allocates
/// and cloning is a copy. Serialized as a list, exactly like a `Vec`; pushing past `N` panics
/// (the games size it for their largest deal).
#[derive(Clone, Copy)]
pub struct Stack<T: Blank, const N: usize> {
    len: usize,
    items: [T; N],
}

impl<T: Blank, const N: usize> Stack<T, N> {
    pub const fn new() -> Self {
        Stack {
            len: 0,
            items: [T::BLANK; N],
        }
    }

    pub fn push(&mut self, item: T) {
        self.items[self.len] = item;
        self.len += 1;
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    pub fn extend_from(&mut self, items: &[T]) {
        self.items[self.len..self.len + items.len()].copy_from_slice(items);
        self.len += items.len();
    }

    /// Removes the item at `index`, keeping the order of the rest.
    pub fn remove(&mut self, index: usize) -> T {
        let item = self.items[index];
        self.items.copy_within(index + 1..self.len, index);
        self.len -= 1;
        item
    }

    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len]
    }

    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.items[..self.len]
    }
}

impl<T: Blank, const N: usize> Default for Stack<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Blank, const N: usize> std::ops::Deref for Stack<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Blank, const N: usize> std::ops::DerefMut for Stack<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

impl<T: Blank + PartialEq, const N: usize> PartialEq for Stack<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Blank + Eq, const N: usize> Eq for Stack<T, N> {}

impl<T: Blank + PartialEq, const N: usize> PartialEq<Vec<T>> for Stack<T, N> {
    fn eq(&self, other: &Vec<T>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Blank + std::fmt::Debug, const N: usize> std::fmt::Debug for Stack<T, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Blank, const N: usize> FromIterator<T> for Stack<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut s = Stack::new();
        for x in iter {
            s.push(x);
        }
        s
    }
}

impl<T: Blank + Serialize, const N: usize> Serialize for Stack<T, N> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

impl<'de, T: Blank + Deserialize<'de>, const N: usize> Deserialize<'de> for Stack<T, N> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let items = Vec::<T>::deserialize(d)?;
        if items.len() > N {
            return Err(serde::de::Error::custom(format!(
                "at most {N} items, not {}",
                items.len()
            )));
        }
        Ok(items.into_iter().collect())
    }
}

impl FixedTrick {
    /// The same trick as a `Trick` (for zones and views).
    pub fn to_trick(&self) -> Trick {
        Trick {
            leader: self.leader,
            plays: self.plays.to_vec(),
        }
    }
}

/// [`TricksWon`] kept in place (up to eight seats, 52 cards): the completed tricks of a deal
/// as one list of plays with each trick's winner and end. Serialized exactly as `TricksWon`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "TricksWon", into = "TricksWon")]
pub struct TrickLog {
    pub counts: Stack<u32, 8>,
    /// Every card of the completed tricks, in play order.
    plays: Stack<(Seat, Card), 52>,
    /// Per completed trick: its winner and where its plays end in `plays`.
    tricks: Stack<(Seat, usize), 26>,
}

impl TrickLog {
    pub fn new(seats: usize) -> TrickLog {
        let mut counts = Stack::new();
        for _ in 0..seats {
            counts.push(0);
        }
        TrickLog {
            counts,
            plays: Stack::new(),
            tricks: Stack::new(),
        }
    }

    /// Records a completed trick won by `winner`.
    pub fn record(&mut self, winner: Seat, plays: &[(Seat, Card)]) {
        self.counts[winner] += 1;
        self.plays.extend_from(plays);
        self.tricks.push((winner, self.plays.len()));
    }

    /// How many tricks are complete.
    pub fn len(&self) -> usize {
        self.tricks.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tricks.is_empty()
    }

    /// Every card of the completed tricks and who played it, in play order.
    pub fn plays(&self) -> &[(Seat, Card)] {
        &self.plays
    }

    /// The completed tricks in order: the winner and the plays of each.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &[(Seat, Card)])> + '_ {
        self.tricks.iter().enumerate().map(|(k, &(winner, end))| {
            let start = if k == 0 { 0 } else { self.tricks[k - 1].1 };
            (winner, &self.plays[start..end])
        })
    }

    /// The last completed trick: its winner and its plays.
    pub fn last(&self) -> Option<(Seat, &[(Seat, Card)])> {
        let k = self.tricks.len().checked_sub(1)?;
        let start = if k == 0 { 0 } else { self.tricks[k - 1].1 };
        let (winner, end) = self.tricks[k];
        Some((winner, &self.plays[start..end]))
    }

    /// Tricks won by a side (a set of seats).
    pub fn side(&self, seats: &[Seat]) -> u32 {
        seats.iter().map(|&s| self.counts[s]).sum()
    }

    /// The last completed trick as views show it.
    pub fn last_trick(&self) -> Option<LastTrick> {
        self.last().map(|(winner, plays)| LastTrick {
            winner,
            plays: plays.to_vec(),
        })
    }
}

impl From<TrickLog> for TricksWon {
    fn from(log: TrickLog) -> TricksWon {
        TricksWon {
            counts: log.counts.to_vec(),
            history: log.iter().map(|(w, plays)| (w, plays.to_vec())).collect(),
        }
    }
}

impl TryFrom<TricksWon> for TrickLog {
    type Error = String;

    fn try_from(won: TricksWon) -> Result<TrickLog, String> {
        let cards: usize = won.history.iter().map(|(_, p)| p.len()).sum();
        if won.counts.len() > 8 || cards > 52 || won.history.len() > 26 {
            return Err(format!(
                "{} seats and {cards} cards in {} tricks is more than a deal holds",
                won.counts.len(),
                won.history.len()
            ));
        }
        let mut log = TrickLog {
            counts: won.counts.iter().copied().collect(),
            plays: Stack::new(),
            tricks: Stack::new(),
        };
        for (winner, plays) in &won.history {
            log.plays.extend_from(plays);
            log.tricks.push((*winner, log.plays.len()));
        }
        Ok(log)
    }
}

#[cfg(test)]
mod tests {
    //! The trick-taking toolkit: masters and equal low cards in a piquet suit; the winner of a
    //! trick (the highest trump, else the highest of the led suit; a custom order deciding ties
    //! too); following suit; tricks won per seat and per side, the next seat and partners; a trick
    //! table's zones; and a match's running totals ending when someone runs out.

    use super::*;
    use pakka_cards::parse_cards;

    fn set(text: &str) -> CardSet {
        parse_cards(text).unwrap().into_iter().collect()
    }

    #[test]
    fn masters_and_equal_low_cards_in_a_piquet_suit() {
        const PIQUET: u16 = 0x7F80;
        let hand = set("AS KS 9S 7S");
        let known = hand.union(set("QS JS TS"));
        let c = |t: &str| t.parse::<Card>().unwrap();
        assert!(is_master(PIQUET, known, c("9S")));
        assert!(!is_master(PIQUET, hand, c("9S")));
        assert_eq!(equal_low(PIQUET, hand, known, c("AS"), |_| true), c("9S"));
        assert_eq!(
            equal_low(PIQUET, hand, known, c("AS"), |x| x != c("9S")),
            c("KS")
        );
        assert_eq!(equal_low(PIQUET, hand, hand, c("AS"), |_| true), c("KS"));
        assert_eq!(rank_bits(hand, Suit::Spades).count_ones(), 4);
    }

    fn trick(leader: Seat, text: &str) -> Trick {
        let mut t = Trick::new(leader);
        for (i, c) in parse_cards(text).unwrap().into_iter().enumerate() {
            t.play((leader + i) % 4, c);
        }
        t
    }

    #[test]
    fn the_highest_trump_else_the_highest_of_the_led_suit_wins() {
        let hearts = |t: &Trick, trump| {
            t.winning(|c, w, l| suit_beats(c, w, l, trump, ace_high))
                .map(|(s, _)| s)
        };
        assert_eq!(
            hearts(&trick(1, "KH AH 2C QH"), Some(Suit::Clubs)),
            Some(3),
            "2C trumps"
        );
        assert_eq!(
            hearts(&trick(1, "KH AH 2C QH"), None),
            Some(2),
            "no trump: AH"
        );
        assert_eq!(
            hearts(&trick(0, "9S AD 10S 3S"), Some(Suit::Hearts)),
            Some(2),
            "off-suit aces lose"
        );
        assert_eq!(
            hearts(&trick(0, "9S 2H 3H 10S"), Some(Suit::Hearts)),
            Some(2),
            "the higher trump wins"
        );
    }

    #[test]
    fn a_custom_order_decides_ties_too() {
        // Mätäpesä: the highest rank wins; among equals the last played.
        let t = trick(0, "9H 10S 10D");
        let w = t.winning(|c, w, _| c.rank() >= w.rank());
        assert_eq!(w, Some((2, "10D".parse().unwrap())));
        assert_eq!(Trick::new(3).winning(|_, _, _| true), None);
    }

    #[test]
    fn following() {
        let hand = set("7C 9S 8D");
        let led = Some("KH".parse().unwrap());
        assert_eq!(follow_suit(hand, led), hand, "void: any card");
        assert_eq!(
            follow_or_trump(hand, led, Some(Suit::Clubs)),
            set("7C"),
            "void: must trump"
        );
        assert_eq!(
            follow_or_trump(set("9S 8D"), led, Some(Suit::Clubs)),
            set("9S 8D")
        );
        assert_eq!(
            follow_suit(set("KS 2S 3H"), Some("AS".parse().unwrap())),
            set("KS 2S")
        );
        assert_eq!(follow_suit(hand, None), hand);
    }

    #[test]
    fn counting_and_seats() {
        let mut won = TricksWon::new(4);
        won.record(1, &trick(0, "2S 3S 4S 5S"));
        won.record(3, &trick(1, "2H 3H 4H 5H"));
        assert_eq!(won.side(&[1, 3]), 2);
        assert_eq!(won.side(&[0, 2]), 0);
        assert_eq!(won.cards_won(1).len(), 4);
        assert_eq!(won.last().unwrap().0, 3);
        assert_eq!(next_seat(3, 4, |s| s != 0), Some(1));
        assert_eq!(next_seat(1, 4, |_| false), None);
        assert_eq!(partner(1), 3);
    }

    #[test]
    fn table_zones_and_running_totals() {
        let mut won = TricksWon::new(2);
        won.record(1, &trick(0, "2S 3S"));
        let zones = table_zones(&[set("AS"), set("KS")], Seen::Only, &won, &trick(1, "4S"));
        let names: Vec<&str> = zones.iter().map(|z| z.name.as_str()).collect();
        assert_eq!(names, ["hand 0", "won 0", "hand 1", "won 1", "trick"]);
        assert_eq!((zones[1].cards.len(), zones[3].cards.len()), (0, 2));
        assert_eq!(zones[2].seen, Seen::Only(1));
        let mut totals = vec![2, 5, 3];
        assert_eq!(add_to_totals(&mut totals, &[-1, 1, 0]), None);
        assert_eq!(
            add_to_totals(&mut totals, &[-1, 0, 3]),
            Some(vec![vec![1, 2], vec![0]])
        );
        assert_eq!(totals, [0, 6, 6]);
    }
}
