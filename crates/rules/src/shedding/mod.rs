//! What Paskahousu and Pöytäpaska really share (`docs/rules/paskahousu.md` §2.2 and
//! `docs/rules/poytapaska.md` §1.2): the rank order 3 < 4 < … < K < A < 2, which rank may go
//! on which top card, the pile and its clearing (a 10 on 3–9, an ace on a court card, four of a
//! rank on top counted across plays), refilling hands to five from the stock, taking the pile,
//! revealing the stock's top card for draw-and-try, the start-player rule, the one action
//! vocabulary of the engine protocol, and the turn engine around it: players going out in a
//! finishing order, the loser, the no-move pass, and the stalemate bound that makes every game
//! end. The events of all that (`Event`: drawing, refilling, clearing, passing, going out, the
//! end) are told by the core itself, into each game's own `Event`, which holds them untagged;
//! so is the redeal of the unseen cards a determinization starts from. Table cards (Pöytäpaska) and the empty-pile ace/ten pick-up (Paskahousu) live in the
//! games' own folders.
//!
//! **Stalemate [C]** (`STALEMATE_ACTIONS`): nothing in the rules stops two players from taking
//! the pile back and forth for ever (one plays a 5, the other takes it, plays it, …). A game's
//! progress measure — cards in the stock, cards still in the game, players still in, plus
//! Pöytäpaska's unturned face-down cards — never grows, and it shrinks in at most 69 actions
//! (Paskahousu for two: 42 stock cards, at most 26 clears of two or more cards, one player out;
//! Pöytäpaska for two: 26 + 26 + 8 face-down cards + 1). When `STALEMATE_ACTIONS` actions in a
//! row leave it unchanged, the game ends as a draw: the players still holding cards share the
//! last place. So every game ends within 70 × 1,000 actions. Random play ends by itself within a
//! few thousand actions; the bound catches a few percent of random Pöytäpaska games, whose big
//! hands lock the table cards away, and no sensible game.
//!
//! Beside the rules: `heuristic.rs`, the rule of thumb both games play with; `present.rs`,
//! what both games say and draw; `tests.rs`, the shared core's tests. Their items are
//! re-exported here, so the games name them `shedding::…`.

use rand::RngCore;
use serde::{Deserialize, Serialize};

use super::{redeal_unseen, seats_from, Events, Seat, Seen, Status, Zone};
use pakka_cards::{Card, CardSet, Rank, Suit};

mod heuristic;
mod present;
#[cfg(test)]
mod tests;

#[cfg(test)]
pub(crate) use heuristic::me_and_next;
pub use heuristic::{
    action_cost, blocking, choose, why as hint_why, Position, SheddingWhy, Weights,
};
pub use present::{
    game_over, group, hand, label, outcome_lines, picture, pile_line, reason, table_lines, told,
    tone, why, PictureOf,
};

/// Cards in a full hand while the stock lasts.
pub const HAND_SIZE: usize = 5;

/// Actions in a row without progress after which the game ends as a draw (see the module
/// documentation).
pub const STALEMATE_ACTIONS: u32 = 1_000;

/// The games' rank order, lowest first: 3…A, then the two above the ace (`Rank::ALL` with the
/// two moved to the top).
pub const ORDER: [Rank; 13] = {
    let mut order = [Rank::Two; 13];
    let mut i = 1;
    while i < 13 {
        order[i - 1] = Rank::ALL[i];
        i += 1;
    }
    order
};

/// A rank's place in `ORDER` (3 → 0, …, A → 11, 2 → 12).
pub fn order(rank: Rank) -> u8 {
    match rank {
        Rank::Two => 12,
        r => r.number() - 3,
    }
}

/// J, Q and K.
pub fn is_court(rank: Rank) -> bool {
    matches!(rank, Rank::Jack | Rank::Queen | Rank::King)
}

/// 3 to 9.
fn is_low(rank: Rank) -> bool {
    (Rank::Three..=Rank::Nine).contains(&rank)
}

/// The four cards of a rank (read off the card set's bits: the rule of thumb asks it per rank).
pub fn rank_cards(rank: Rank) -> CardSet {
    CardSet::of_rank(rank)
}

/// The ranks `zone` holds, as bits by rank number (bit 14: the ace).
fn ranks_held(zone: CardSet) -> u16 {
    Suit::ALL
        .iter()
        .fold(0, |bits, &suit| bits | zone.suit_ranks(suit))
}

/// The first `k` cards of `rank` in `set`, in suit order S, H, D, C.
pub fn first_of_rank(set: CardSet, rank: Rank, k: usize) -> Vec<Card> {
    Suit::ALL
        .iter()
        .map(|&s| Card::new(rank, s))
        .filter(|&c| set.contains(c))
        .take(k)
        .collect()
}

/// The cards of `set` in the games' order: by rank 3 … A, 2, then suit S, H, D, C.
pub fn in_game_order(set: CardSet) -> Vec<Card> {
    let mut cards = Vec::with_capacity(set.len());
    for rank in ORDER {
        cards.extend(first_of_rank(set, rank, 4));
    }
    cards
}

/// The option `court_min_top`: the lowest top card on which J, Q and K may be played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CourtMinTop {
    #[serde(rename = "6")]
    Six,
    #[serde(rename = "7")]
    Seven,
}

impl CourtMinTop {
    pub fn rank(self) -> Rank {
        match self {
            CourtMinTop::Six => Rank::Six,
            CourtMinTop::Seven => Rank::Seven,
        }
    }
}

/// Which rank may go on which top card (poytapaska.md §1.2's table, paskahousu.md §2.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Legality {
    /// `court_min_top`: J, Q, K go on this rank up to 9, or on a court card.
    pub court_min_top: Rank,
    /// Whether J, Q, K may start a pile (always in Pöytäpaska; in Paskahousu with
    /// `open_any_card` or once the court cards are dead).
    pub courts_on_empty: bool,
}

impl Legality {
    /// May cards of `rank` be played on a pile topped by `top` (`None`: empty)?
    pub fn allows(self, rank: Rank, top: Option<Rank>) -> bool {
        let Some(top) = top else {
            return !is_court(rank) || self.courts_on_empty;
        };
        match top {
            t if is_low(t) => match rank {
                r if is_low(r) => r >= t,
                Rank::Ten | Rank::Two => true,
                r if is_court(r) => t >= self.court_min_top,
                _ => false,
            },
            t if is_court(t) => {
                (is_court(rank) && rank >= t) || matches!(rank, Rank::Ace | Rank::Two)
            }
            // 10, A and 2: only the same rank.
            t => rank == t,
        }
    }

    /// Why cards of `rank` may not go on `top`.
    pub fn refusal(self, rank: Rank, top: Option<Rank>) -> Refusal {
        let Some(t) = top else {
            return Refusal::CourtOpening;
        };
        match t {
            Rank::Ten | Rank::Ace | Rank::Two => Refusal::OnlyOnItself(t),
            _ if rank == Rank::Ace => Refusal::AceOnCourts,
            _ if rank == Rank::Ten => Refusal::TenNotOnCourts,
            _ if is_court(rank) && is_low(t) => Refusal::CourtsNeed {
                min: self.court_min_top,
                top: t,
            },
            _ if is_low(rank) && is_court(t) => Refusal::LowNotOnCourts(rank),
            _ => Refusal::Lower { rank, top: t },
        }
    }
}

/// Why a play, a take or a draw is refused in either game: the reasons the two games share
/// (each game's own `Refusal` wraps these), worded by [`reason`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The forced opening: the opener plays all its cards of the deciding rank, these.
    Opening { rank: Rank, cards: Vec<Card> },
    /// Take with an empty pile.
    NothingToTake,
    /// Draw with an empty stock.
    NothingToDraw,
    /// A play that names no card.
    NoCard,
    /// A play that names a card outside the standard deck.
    NotStandard,
    /// A play of more than one rank.
    MixedRanks,
    /// A play that names a card twice.
    Twice,
    /// A card the seat does not hold.
    NotHeld(Card),
    /// J, Q or K on an empty pile.
    CourtOpening,
    /// Only a 10 on a 10, an ace on an ace, a 2 on a 2: the top's rank.
    OnlyOnItself(Rank),
    /// An ace on a low card.
    AceOnCourts,
    /// A 10 on a court card.
    TenNotOnCourts,
    /// J, Q or K on a low card under `court_min_top`.
    CourtsNeed { min: Rank, top: Rank },
    /// A low card on a court card.
    LowNotOnCourts(Rank),
    /// A lower rank than the top's.
    Lower { rank: Rank, top: Rank },
}

/// The start-player rule: the most cards of the lowest rank anybody holds (3s, else 4s, …);
/// a tie goes to the tied seat reached first from `first`. Answers the seat and the rank.
pub fn start_player(hands: &[CardSet], first: Seat) -> (Seat, Rank) {
    let seats = seats_from(first, hands.len());
    for rank in ORDER {
        let cards = rank_cards(rank);
        let count = |s: &Seat| hands[*s].intersection(cards).len();
        let most = seats.iter().map(count).max().unwrap_or(0);
        if most > 0 {
            if let Some(&seat) = seats.iter().find(|s| count(s) == most) {
                return (seat, rank);
            }
        }
    }
    (first, Rank::Three)
}

/// The cards a play names, in order: up to four inline (every listed play, so listing and
/// playing allocate nothing), more on the heap (only a malformed play someone typed). Compares,
/// hashes, prints and serializes as the plain list it holds.
#[derive(Clone)]
pub struct Cards(CardsRepr);

#[derive(Clone)]
enum CardsRepr {
    Inline { len: u8, cards: [Card; 4] },
    Heap(Vec<Card>),
}

impl Cards {
    /// No card.
    pub const EMPTY: Cards = Cards(CardsRepr::Inline {
        len: 0,
        cards: [Card::new(Rank::Two, Suit::Spades); 4],
    });

    /// The cards of `set` in card order (for one rank: suit order S, H, D, C).
    pub fn of_set(set: CardSet) -> Cards {
        set.iter().collect()
    }
}

impl std::ops::Deref for Cards {
    type Target = [Card];
    fn deref(&self) -> &[Card] {
        match &self.0 {
            CardsRepr::Inline { len, cards } => &cards[..usize::from(*len)],
            CardsRepr::Heap(v) => v,
        }
    }
}

impl From<&[Card]> for Cards {
    fn from(cards: &[Card]) -> Cards {
        if cards.len() <= 4 {
            let mut inline = Cards::EMPTY;
            if let CardsRepr::Inline { len, cards: slots } = &mut inline.0 {
                slots[..cards.len()].copy_from_slice(cards);
                *len = cards.len() as u8;
            }
            inline
        } else {
            Cards(CardsRepr::Heap(cards.to_vec()))
        }
    }
}

impl From<Vec<Card>> for Cards {
    fn from(cards: Vec<Card>) -> Cards {
        if cards.len() <= 4 {
            Cards::from(&cards[..])
        } else {
            Cards(CardsRepr::Heap(cards))
        }
    }
}

impl FromIterator<Card> for Cards {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Cards {
        let mut inline = Cards::EMPTY;
        let mut iter = iter.into_iter();
        if let CardsRepr::Inline { len, cards } = &mut inline.0 {
            for slot in cards.iter_mut() {
                match iter.next() {
                    Some(c) => {
                        *slot = c;
                        *len += 1;
                    }
                    None => return inline,
                }
            }
        }
        match iter.next() {
            None => inline,
            Some(fifth) => {
                let mut all = inline.to_vec();
                all.push(fifth);
                all.extend(iter);
                Cards(CardsRepr::Heap(all))
            }
        }
    }
}

impl PartialEq for Cards {
    fn eq(&self, other: &Cards) -> bool {
        **self == **other
    }
}

impl Eq for Cards {}

impl std::hash::Hash for Cards {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

impl std::fmt::Debug for Cards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

impl Serialize for Cards {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Cards {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Cards, D::Error> {
        Vec::<Card>::deserialize(d).map(Cards::from)
    }
}

/// The engine protocol's actions of both games.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Cards of one rank from the zone in use (the hand, else Pöytäpaska's face-up cards).
    Play(Cards),
    /// Take the whole pile into the hand.
    Take,
    /// Draw and try: turn the stock's top card and play it if it may be played.
    Draw,
    /// Pöytäpaska: try the face-down card at this position (1–4).
    Flip(u8),
}

/// The rank of a well-formed play: at least one card, all standard, one rank, none twice.
pub fn play_rank(cards: &[Card]) -> Result<Rank, Refusal> {
    let first = cards.first().ok_or(Refusal::NoCard)?;
    if cards.iter().any(|c| !c.is_standard()) {
        return Err(Refusal::NotStandard);
    }
    let rank = first.rank();
    if cards.iter().any(|c| c.rank() != rank) {
        return Err(Refusal::MixedRanks);
    }
    let set: CardSet = cards.iter().collect();
    if set.len() != cards.len() {
        return Err(Refusal::Twice);
    }
    Ok(rank)
}

/// The listed form of a play from `zone`: the first cards of its rank in suit order. `None`
/// when the play is malformed or names a card not in `zone`.
pub fn normalize_play(zone: CardSet, cards: &[Card]) -> Option<Action> {
    let rank = play_rank(cards).ok()?;
    cards
        .iter()
        .all(|&c| zone.contains(c))
        .then(|| Action::Play(first_of_rank(zone, rank, cards.len()).into()))
}

/// Lists one play per rank and count from `zone` (ranks in the games' order, counts rising)
/// for every rank `allowed` lets through.
pub fn push_plays(out: &mut Vec<Action>, zone: CardSet, allowed: impl Fn(Rank) -> bool) {
    let held = ranks_held(zone);
    for rank in ORDER {
        if held & (1 << rank.number()) == 0 || !allowed(rank) {
            continue;
        }
        // Each play built inline as a copy of the slots so far (not a clone of the enum).
        let mut slots = [Card::new(Rank::Two, Suit::Spades); 4];
        for (len, card) in (1..).zip(zone.intersection(rank_cards(rank))) {
            slots[usize::from(len) - 1] = card;
            out.push(Action::Play(Cards(CardsRepr::Inline { len, cards: slots })));
        }
    }
}

/// Whether `zone` holds a rank `allowed` lets through.
pub fn any_play(zone: CardSet, allowed: impl Fn(Rank) -> bool) -> bool {
    let held = ranks_held(zone);
    ORDER
        .iter()
        .any(|&r| held & (1 << r.number()) != 0 && allowed(r))
}

/// Every action shape a table of either game could see, legal or not: every single card, the
/// first two, three and four of each rank, malformed plays, take, draw and positions 0–5.
pub fn action_space() -> Vec<Action> {
    let mut all = Vec::with_capacity(100);
    all.push(Action::Take);
    all.push(Action::Draw);
    all.extend((0..=5).map(Action::Flip));
    all.push(Action::Play(Cards::EMPTY));
    let every = CardSet::from_iter(pakka_cards::standard52());
    for rank in ORDER {
        let four = first_of_rank(every, rank, 4);
        all.extend(four.iter().map(|&c| Action::Play(Cards::from(&[c][..]))));
        all.extend((2..=4).map(|k| Action::Play(Cards::from(&four[..k]))));
        all.push(Action::Play(Cards::from(&[four[0], four[0]][..])));
    }
    let mixed = [Rank::Five, Rank::Six].map(|r| Card::new(r, Suit::Spades));
    all.push(Action::Play(Cards::from(&mixed[..])));
    all
}

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum End {
    /// One player was left holding cards.
    Loser(Seat),
    /// `STALEMATE_ACTIONS` actions in a row without progress: a draw among those still in.
    Stalemate,
}

/// What happened, told alike in both games: each game's `Event` holds these untagged beside its
/// own plays and takes, so every one keeps its JSON shape (`{"type": "drew", …}`). Every card
/// named was face up (or just turned face up).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// Draw-and-try turned the stock's top card.
    Drew { seat: Seat, card: Card },
    /// The seat drew this many cards from the stock to refill its hand.
    Refilled { seat: Seat, cards: usize },
    /// The pile fell: this many cards left the game.
    Cleared { seat: Seat, cards: usize },
    /// The seat had no move and passed.
    Passed { seat: Seat },
    /// No active player had a move: this seat may play any card.
    FreePlay { seat: Seat },
    /// The seat went out, in this place (1 = first).
    Out { seat: Seat, place: usize },
    /// The game ended; `loser` is `None` after a stalemate.
    GameOver {
        loser: Option<Seat>,
        ranking: Vec<Vec<Seat>>,
    },
}

/// What every observer sees of the middle of a shedding table and of how the game stands, the
/// same in both games' views (flattened into them, so their fields keep their places).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableView {
    /// The pile, bottom first.
    pub pile: Vec<Card>,
    pub stock: usize,
    /// Cards cleared out of the game so far.
    pub cleared: usize,
    /// Seats that went out, first out first.
    pub out: Vec<Seat>,
    pub over: bool,
    pub loser: Option<Seat>,
    /// The forced opening play is pending.
    pub opening: bool,
    /// Nobody had a move: the player to move may play any card.
    pub free_play: bool,
}

/// The state both games share: hands, stock, pile, cleared cards, who is out, whose turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Core {
    /// Per seat, the cards in hand.
    pub hands: Vec<CardSet>,
    /// The face-down stock, the next card LAST.
    pub stock: Vec<Card>,
    /// The play pile, bottom first.
    pub pile: Vec<Card>,
    /// Cards cleared out of the game (face up).
    pub cleared: CardSet,
    /// Seats that went out, first out first.
    pub out: Vec<Seat>,
    pub turn: Seat,
    /// The deciding rank while the forced opening play is pending.
    #[serde(with = "opt_rank")]
    pub opening: Option<Rank>,
    /// No active player had a move: the player to move may play any card.
    pub free_play: bool,
    /// Actions in a row without progress, and the progress measure after the last action.
    pub quiet: u32,
    pub measure: usize,
    pub end: Option<End>,
}

impl Core {
    /// A fresh table: the hands dealt, the stock with its next card FIRST, and the opening
    /// player found by the start-player rule from `first`.
    pub fn new(hands: Vec<Vec<Card>>, stock_top_first: Vec<Card>, first: Seat) -> Core {
        let hands: Vec<CardSet> = hands.iter().map(|h| h.iter().collect()).collect();
        let (turn, rank) = start_player(&hands, first);
        let mut stock = stock_top_first;
        stock.reverse();
        Core {
            hands,
            stock,
            pile: Vec::new(),
            cleared: CardSet::new(),
            out: Vec::new(),
            turn,
            opening: Some(rank),
            free_play: false,
            quiet: 0,
            measure: usize::MAX,
            end: None,
        }
    }

    pub fn seats(&self) -> usize {
        self.hands.len()
    }

    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// The rank of the pile's top card.
    pub fn top(&self) -> Option<Rank> {
        self.pile.last().map(|c| c.rank())
    }

    pub fn is_active(&self, seat: Seat) -> bool {
        !self.out.contains(&seat)
    }

    /// The next seat after `seat` that has not gone out (`seat` itself if it is the only one).
    pub fn next_active(&self, seat: Seat) -> Seat {
        let n = self.seats();
        (1..=n)
            .map(|i| (seat + i) % n)
            .find(|&s| self.is_active(s))
            .unwrap_or(seat)
    }

    /// Draws the seat's hand back up to five while the stock lasts; answers how many.
    pub fn refill(&mut self, seat: Seat) -> usize {
        let mut drawn = 0;
        while self.hands[seat].len() < HAND_SIZE {
            let Some(card) = self.stock.pop() else { break };
            self.hands[seat].insert(card);
            drawn += 1;
        }
        drawn
    }

    /// Turns the stock's top card (draw-and-try).
    pub fn reveal(&mut self) -> Option<Card> {
        self.stock.pop()
    }

    /// The whole pile goes into the seat's hand (the pile keeps its buffer).
    pub fn take_pile(&mut self, seat: Seat) {
        for &c in &self.pile {
            self.hands[seat].insert(c);
        }
        self.pile.clear();
    }

    /// Puts a group of one rank on the pile and runs the clearing test; answers how many
    /// cards left the game if the pile was cleared.
    pub fn land(&mut self, cards: &[Card]) -> Option<usize> {
        let before = self.top();
        let rank = cards.first()?.rank();
        self.pile.extend_from_slice(cards);
        let four = self.pile.len() >= 4
            && self.pile[self.pile.len() - 4..]
                .iter()
                .all(|c| c.rank() == rank);
        let clears = match before {
            Some(t) if rank == Rank::Ten && is_low(t) => true,
            Some(t) if rank == Rank::Ace && is_court(t) => true,
            _ => four,
        };
        if !clears {
            return None;
        }
        let n = self.pile.len();
        self.cleared = self.cleared.union(self.pile.iter().collect());
        self.pile.clear();
        Some(n)
    }

    /// The seat has gone out; the game ends when one player is left. Answers its place (1 =
    /// first out).
    pub fn go_out(&mut self, seat: Seat) -> usize {
        self.out.push(seat);
        let mut left = (0..self.seats()).filter(|&s| self.is_active(s));
        if let (Some(loser), None) = (left.next(), left.next()) {
            self.end = Some(End::Loser(loser));
        }
        self.out.len()
    }

    /// Gives the turn to the first active seat from `start` (inclusive) that has a move, telling
    /// `events` the seats that passed on the way, in order (the no-move rule). When no active seat
    /// has a move, the first of them moves anyway with a free play of any card, and that is told.
    pub fn advance<E: From<Event>>(
        &mut self,
        start: Seat,
        has_move: impl Fn(&Core, Seat) -> bool,
        events: &mut Events<'_, E>,
    ) {
        self.free_play = false;
        if self.is_over() {
            return;
        }
        let n = self.seats();
        let order = (start..start + n)
            .map(|s| if s >= n { s - n } else { s })
            .filter(|&s| self.is_active(s));
        match order.clone().find(|&s| has_move(self, s)) {
            Some(turn) => {
                for seat in order.take_while(|&s| s != turn) {
                    events.tell(|| Event::Passed { seat }.into());
                }
                self.turn = turn;
            }
            None => {
                let seat = order.clone().next().unwrap_or(start);
                self.turn = seat;
                self.free_play = true;
                events.tell(|| Event::FreePlay { seat }.into());
            }
        }
    }

    /// What follows cards landing on the pile (the play itself already told): the seat refills
    /// its hand, the clear (`cleared`, from [`Core::land`]) is told, and the seat goes out when
    /// its hand and the stock are empty and it holds no `other` cards (Pöytäpaska's table cards).
    pub fn after_landing<E: From<Event>>(
        &mut self,
        seat: Seat,
        cleared: Option<usize>,
        other: bool,
        events: &mut Events<'_, E>,
    ) {
        let refilled = self.refill(seat);
        if refilled > 0 {
            events.tell(|| {
                Event::Refilled {
                    seat,
                    cards: refilled,
                }
                .into()
            });
        }
        if let Some(n) = cleared {
            events.tell(|| Event::Cleared { seat, cards: n }.into());
        }
        if self.hands[seat].is_empty() && self.stock.is_empty() && !other {
            let place = self.go_out(seat);
            events.tell(|| Event::Out { seat, place }.into());
        }
    }

    /// The shared part of the progress measure: cards in the stock, cards still in the game and
    /// players still in. Each only ever shrinks.
    pub fn base_measure(&self) -> usize {
        self.stock.len() + (52 - self.cleared.len()) + (self.seats() - self.out.len())
    }

    /// Counts one action against the stalemate bound given the game's progress measure; ends
    /// the game as a draw when the bound is reached. Answers whether it did.
    pub fn tick(&mut self, measure: usize) -> bool {
        if measure < self.measure {
            self.quiet = 0;
        } else {
            self.quiet += 1;
        }
        self.measure = measure;
        if self.is_over() || self.quiet < STALEMATE_ACTIONS {
            return false;
        }
        self.end = Some(End::Stalemate);
        true
    }

    /// Finishing order best first, the loser last; after a stalemate those still in share the
    /// last place. `None` while the game runs.
    pub fn ranking(&self) -> Option<Vec<Vec<Seat>>> {
        let end = self.end?;
        let mut ranking: Vec<Vec<Seat>> = self.out.iter().map(|&s| vec![s]).collect();
        match end {
            End::Loser(loser) => ranking.push(vec![loser]),
            End::Stalemate => {
                ranking.push((0..self.seats()).filter(|&s| self.is_active(s)).collect());
            }
        }
        Some(ranking)
    }

    pub fn loser(&self) -> Option<Seat> {
        match self.end {
            Some(End::Loser(s)) => Some(s),
            _ => None,
        }
    }

    /// How many cards each seat holds in hand.
    pub fn hand_sizes(&self) -> Vec<usize> {
        self.hands.iter().map(|h| h.len()).collect()
    }

    /// The seat to move, none once over.
    pub fn to_act(&self) -> Vec<Seat> {
        let mut seats = Vec::with_capacity(1);
        self.to_act_into(&mut seats);
        seats
    }

    /// `to_act` into `out` (cleared first).
    pub fn to_act_into(&self, out: &mut Vec<Seat>) {
        out.clear();
        if !self.is_over() {
            out.push(self.turn);
        }
    }

    /// Both games' status: one deal, no scores, the finishing order once over.
    pub fn status(&self) -> Status {
        Status {
            to_act: self.to_act(),
            over: self.is_over(),
            deal: 1,
            scores: None,
            ranking: self.ranking(),
        }
    }

    /// The forced opening play while it is pending: all the opener's cards of the rank.
    pub fn opening_cards(&self) -> Option<Cards> {
        self.opening.map(|_| Cards::of_set(self.opening_keep()))
    }

    /// Why anything but the pending forced opening is refused.
    pub fn opening_refusal(&self) -> Option<Refusal> {
        let rank = self.opening?;
        let cards = self.opening_cards()?.to_vec();
        Some(Refusal::Opening { rank, cards })
    }

    /// The cards a determinization leaves with the opener: its forced opening is decided.
    pub fn opening_keep(&self) -> CardSet {
        match self.opening {
            Some(rank) => self.hands[self.turn].intersection(rank_cards(rank)),
            None => CardSet::new(),
        }
    }

    /// The start of both games' `legal_into`: clears `actions` and answers whether the seat's
    /// own moves are still to list. None are for a seat not to move, nor for the opener while
    /// its forced opening is pending: that play alone is listed.
    pub fn legal_start(&self, seat: Seat, actions: &mut Vec<Action>) -> bool {
        actions.clear();
        if self.is_over() || seat != self.turn {
            return false;
        }
        if let Some(cards) = self.opening_cards() {
            actions.push(Action::Play(cards));
            return false;
        }
        true
    }

    /// Take while there is a pile, draw-and-try (`draw`: the table plays it) while the stock
    /// lasts.
    pub fn push_take_draw(&self, actions: &mut Vec<Action>, draw: bool) {
        if !self.pile.is_empty() {
            actions.push(Action::Take);
        }
        if draw && !self.stock.is_empty() {
            actions.push(Action::Draw);
        }
    }

    /// Counts the action against the stalemate bound; tells `events` the end when the game is
    /// over after it.
    pub fn after_action<E: From<Event>>(&mut self, measure: usize, events: &mut Events<'_, E>) {
        self.tick(measure);
        if self.is_over() {
            events.tell(|| {
                Event::GameOver {
                    loser: self.loser(),
                    ranking: self.ranking().unwrap_or_default(),
                }
                .into()
            });
        }
    }

    /// The core of both games' determinization for `seat`: the other seats' hands (less the
    /// opener's forced opening cards, whose play is already decided), the stock and the game's
    /// own hidden piles `more` are redealt among themselves, each keeping its size. Answers
    /// `more` redealt.
    pub fn redeal_unseen(
        &mut self,
        seat: Seat,
        more: Vec<Vec<Card>>,
        rng: &mut dyn RngCore,
    ) -> Vec<Vec<Card>> {
        let others: Vec<Seat> = (0..self.seats()).filter(|&s| s != seat).collect();
        let keep = self.opening_keep();
        let mut piles: Vec<Vec<Card>> = others
            .iter()
            .map(|&s| self.hands[s].difference(keep).to_vec())
            .collect();
        piles.push(std::mem::take(&mut self.stock));
        piles.extend(more);
        redeal_unseen(&mut piles.iter_mut().collect::<Vec<_>>(), rng);
        let mut piles = piles.into_iter();
        for &s in &others {
            let kept = self.hands[s].intersection(keep);
            self.hands[s] = piles
                .next()
                .unwrap_or_default()
                .iter()
                .collect::<CardSet>()
                .union(kept);
        }
        self.stock = piles.next().unwrap_or_default();
        piles.collect()
    }

    /// The part of a view both games show alike.
    pub fn table_view(&self) -> TableView {
        TableView {
            pile: self.pile.clone(),
            stock: self.stock.len(),
            cleared: self.cleared.len(),
            out: self.out.clone(),
            over: self.is_over(),
            loser: self.loser(),
            opening: self.opening.is_some(),
            free_play: self.free_play,
        }
    }

    /// The zones of the middle of the table: the stock, the pile and the cards out of the game.
    pub fn table_zones(&self) -> Vec<Zone> {
        vec![
            Zone::new("stock", self.stock.iter().rev().copied(), Seen::Nobody),
            Zone::new("pile", self.pile.clone(), Seen::All),
            Zone::new("out of the game", self.cleared.iter(), Seen::All),
        ]
    }
}

/// The `Game` methods both games answer from their [`Core`] alone, written once: called inside
/// each game's `impl Game`, whose state keeps its options in `options` and the core in `core`.
macro_rules! from_core {
    () => {
        fn options(&self) -> &Self::Options {
            &self.options
        }

        fn seats(&self) -> usize {
            self.core.seats()
        }

        fn is_over(&self) -> bool {
            self.core.is_over()
        }

        fn to_act_into(&self, out: &mut Vec<$crate::Seat>) {
            self.core.to_act_into(out);
        }

        fn status(&self) -> $crate::Status {
            self.core.status()
        }

        fn action_space(&self) -> Vec<$crate::shedding::Action> {
            $crate::shedding::action_space()
        }
    };
}
pub(crate) use from_core;

/// The conversions into a game's own `Event` and `Refusal` from the shared ones they hold (as
/// `Event::Shared` and `Refusal::Shedding`), written once: called beside each game's two enums,
/// so the core tells shared events and refusals with `.into()`.
macro_rules! wraps_shared {
    () => {
        impl From<$crate::shedding::Event> for Event {
            fn from(e: $crate::shedding::Event) -> Event {
                Event::Shared(e)
            }
        }

        impl From<$crate::shedding::Refusal> for Refusal {
            fn from(r: $crate::shedding::Refusal) -> Refusal {
                Refusal::Shedding(r)
            }
        }
    };
}
pub(crate) use wraps_shared;

/// `Option<Rank>` as its notation ("3", "10", "A") in the stored state.
mod opt_rank {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use pakka_cards::Rank;

    pub fn serialize<S: Serializer>(rank: &Option<Rank>, s: S) -> Result<S::Ok, S::Error> {
        rank.map(Rank::notation).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Rank>, D::Error> {
        let Some(name) = Option::<String>::deserialize(d)? else {
            return Ok(None);
        };
        Rank::ALL
            .iter()
            .find(|r| r.notation() == name)
            .copied()
            .map(Some)
            .ok_or_else(|| D::Error::custom(format!("unknown rank {name:?}")))
    }
}

/// Where played cards came from (Pöytäpaska's `from`; Paskahousu's `drawn` is `Stock`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    Hand,
    FaceUp,
    FaceDown,
    /// Draw-and-try.
    Stock,
}
