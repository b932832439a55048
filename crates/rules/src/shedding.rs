//! What Paskahousu and Pöytäpaska really share (`shared/rules/paskahousu.md` §2.2 and
//! `shared/rules/poytapaska.md` §1.2): the rank order 3 < 4 < … < K < A < 2, which rank may go
//! on which top card, the pile and its clearing (a 10 on 3–9, an ace on a court card, four of a
//! rank on top counted across plays), refilling hands to five from the stock, taking the pile,
//! revealing the stock's top card for draw-and-try, the start-player rule, the one action
//! vocabulary of the engine protocol, and the turn engine around it: players going out in a
//! finishing order, the loser, the no-move pass, and the stalemate bound that makes every game
//! end. Table cards (Pöytäpaska) and the empty-pile ace/ten pick-up (Paskahousu) live in the
//! games' own folders.
//!
//! **Words** (the end of this file): what both games say, as catalog messages worded from
//! `locales/<lang>/shedding.ftl` — the reasons for refusals both games share ([`Refusal`], which
//! each game's own `Refusal` wraps), the table's first lines, the buttons and their "Play 5s"
//! groups, the finishing order and the event sentences both games share ([`told`]), and the
//! picture both games draw ([`picture`]: the pile, stock and cleared cards, hand sizes, who is
//! out, the own hand), to which Pöytäpaska adds its table cards.
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
//! **The rule of thumb** (`Heuristic::rule_of_thumb` of both games, the `normal` computer player
//! and the rollout policy of `hard`): each game reads a [`Position`] for the seat off its state
//! (what the seat may see only, without allocating) and
//! [`choose`] answers the legal action of least [`action_cost`], a rough count of the cards the
//! action leaves the seat holding. Low cards go first, all of a rank at once; 10s, aces and 2s
//! are kept for high or big piles, where clearing (or a 2) beats taking; draw-and-try beats
//! taking the pile unless the pile is tiny and the draw hopeless; the pile is taken only when
//! nothing else is cheaper; going out beats everything. The weights ([`Weights`]) were tuned
//! per game by self-play (the `tuning` test module).

use serde::{Deserialize, Serialize};

use super::present::{rank, seat_list};
use super::{seats_from, Events, Observer, Seat, Seen, Status, Zone};
use pakka_cards::{Card, CardSet, Rank, Suit};
use pakka_text::{key, msg};
use pakka_text::{list, seat, verbatim, Arg, Msg};

/// Cards in a full hand while the stock lasts.
pub const HAND_SIZE: usize = 5;

/// Actions in a row without progress after which the game ends as a draw (see the module
/// documentation).
pub const STALEMATE_ACTIONS: u32 = 1_000;

/// The games' rank order, lowest first.
pub const ORDER: [Rank; 13] = [
    Rank::Three,
    Rank::Four,
    Rank::Five,
    Rank::Six,
    Rank::Seven,
    Rank::Eight,
    Rank::Nine,
    Rank::Ten,
    Rank::Jack,
    Rank::Queen,
    Rank::King,
    Rank::Ace,
    Rank::Two,
];

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

/// The four cards of a rank (from a table made once: the rule of thumb asks it per rank).
pub fn rank_cards(rank: Rank) -> CardSet {
    static BY_NUMBER: std::sync::LazyLock<[CardSet; 13]> = std::sync::LazyLock::new(|| {
        Rank::ALL.map(|rank| Suit::ALL.iter().map(|&s| Card::new(rank, s)).collect())
    });
    BY_NUMBER[usize::from(rank.number() - 2)]
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

    /// Adds a card to an inline list of fewer than four (the four cards of a rank at most).
    fn push_inline(&mut self, card: Card) {
        if let CardsRepr::Inline { len, cards } = &mut self.0 {
            if let Some(slot) = cards.get_mut(usize::from(*len)) {
                *slot = card;
                *len += 1;
            }
        }
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
    for rank in ORDER {
        let of_rank = zone.intersection(rank_cards(rank));
        if of_rank.is_empty() || !allowed(rank) {
            continue;
        }
        let mut cards = Cards::EMPTY;
        for card in of_rank {
            cards.push_inline(card);
            out.push(Action::Play(cards.clone()));
        }
    }
}

/// Whether `zone` holds a rank `allowed` lets through.
pub fn any_play(zone: CardSet, allowed: impl Fn(Rank) -> bool) -> bool {
    ORDER
        .iter()
        .any(|&r| !zone.intersection(rank_cards(r)).is_empty() && allowed(r))
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
    /// `passed` the seats that passed on the way, in order (the no-move rule). When no active seat
    /// has a move, the first of them moves anyway with a free play of any card.
    pub fn advance(
        &mut self,
        start: Seat,
        has_move: impl Fn(&Core, Seat) -> bool,
        mut passed: impl FnMut(Seat),
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
                order.take_while(|&s| s != turn).for_each(&mut passed);
                self.turn = turn;
            }
            None => {
                self.turn = order.clone().next().unwrap_or(start);
                self.free_play = true;
            }
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

    /// Counts the action against the stalemate bound; tells `events` the end (`game_over`
    /// builds it from the loser and the ranking) when the game is over after it.
    pub fn after_action<E>(
        &mut self,
        measure: usize,
        events: &mut Events<'_, E>,
        game_over: impl FnOnce(Option<Seat>, Vec<Vec<Seat>>) -> E,
    ) {
        self.tick(measure);
        if self.is_over() {
            events.tell(|| game_over(self.loser(), self.ranking().unwrap_or_default()));
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

// ---- the rule of thumb (`Heuristic::rule_of_thumb`) --------------------------------------

/// The weights of the shared rule of thumb (see [`choose`]), in "cards held at the end" units.
/// Each game plays with its own constant (`Weights::PASKAHOUSU`, `Weights::POYTAPASKA`).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Weights {
    /// What holding one card of a rank is worth, by `order` (3 … A, 2): a low card is worth
    /// nothing (it only goes on low piles), a 10, an ace or a 2 a lot (they clear a pile or
    /// survive a high one).
    pub keep: [f64; 13],
    /// What a card leaving the hand is worth while the stock refills it (it only makes room for
    /// a random card); once the stock is gone every card shed counts in full (1).
    pub shed_with_stock: f64,
    /// The cost per step of `order` of leaving a pile topped by a card of 3–K: the higher the
    /// top, the fewer of our own cards we can play on it next time.
    pub height: f64,
    /// Clearing the pile: the same player plays again.
    pub play_again: f64,
    /// Per card of the pile we would leave on the table, times the share of the deck the next
    /// player cannot play on our top card: the pile he is likely to swallow.
    pub pressure: f64,
    /// Once the stock is gone and the next player is this close to going out (cards left to
    /// shed), how much a card he cannot beat is worth.
    pub block: f64,
    pub block_near: usize,
    /// Per card of the pile we would leave, when the next player's only cards are known
    /// (Pöytäpaska's face-up cards) and none of them may go on our top card: he must take it.
    pub known_block: f64,
    /// Per card taken, the share of its keep value that makes up for taking it.
    pub take_keep: f64,
    /// Paskahousu: a 10 or an ace on an empty pile is picked up by the next player, who is
    /// skipped; worth this much per card he takes.
    pub pickup: f64,
}

impl Weights {
    /// Pöytäpaska's weights (tuned by self-play).
    pub const POYTAPASKA: Weights = Weights {
        //     3    4     5     6     7     8     9     10   J    Q     K    A    2
        keep: [
            0.0, 0.02, 0.04, 0.06, 0.08, 0.1, 0.12, 1.2, 0.3, 0.35, 0.4, 0.8, 1.5,
        ],
        shed_with_stock: 0.3,
        height: 0.06,
        play_again: 0.5,
        pressure: 0.0,
        block: 1.0,
        block_near: 2,
        known_block: 0.5,
        take_keep: 0.5,
        pickup: 0.5,
    };

    /// Paskahousu's weights (tuned by self-play): no height, but pressure on the next player.
    pub const PASKAHOUSU: Weights = Weights {
        height: 0.0,
        pressure: 0.1,
        ..Weights::POYTAPASKA
    };
}

/// A position as the rule of thumb sees it: the compact observation each game reads off its
/// state for one seat without allocating (its `heuristic.rs`), of what that seat may see only.
#[derive(Clone, Debug, PartialEq)]
pub struct Position<'a> {
    /// The cards plays come from now: the hand, or Pöytäpaska's face-up cards.
    pub zone: CardSet,
    /// Every card whose place the seat knows (its hand, the pile, face-up table cards): the
    /// others may be the stock's top card.
    pub seen: CardSet,
    /// The pile, bottom first.
    pub pile: &'a [Card],
    /// Cards left in the stock.
    pub stock: usize,
    pub legality: Legality,
    /// Any card may be played (nobody had a move).
    pub free_play: bool,
    /// Cards the seat still has to shed once the zone is empty (Pöytäpaska's table cards).
    pub after_zone: usize,
    /// Cards the next active player still has to shed (hand and table cards).
    pub next_left: usize,
    /// The next player's only playable cards when everyone can see them (Pöytäpaska: his
    /// face-up cards once his hand and the stock are gone).
    pub next_known: Option<CardSet>,
    /// Paskahousu: a lone 10 or ace on an empty pile is picked up by the next player.
    pub empty_pickup: bool,
}

impl Position<'_> {
    fn top(&self) -> Option<Rank> {
        self.pile.last().map(|c| c.rank())
    }

    fn allows(&self, rank: Rank) -> bool {
        self.free_play || self.legality.allows(rank, self.top())
    }

    /// The share of the cards the seat cannot see that may be played on the pile now: the
    /// chance that draw-and-try succeeds.
    pub fn draw_odds(&self) -> f64 {
        let unseen = 52usize.saturating_sub(self.seen.len());
        if unseen == 0 {
            return 0.0;
        }
        let playable: usize = ORDER
            .iter()
            .filter(|&&r| self.allows(r))
            .map(|&r| 4 - self.seen.intersection(rank_cards(r)).len())
            .sum();
        playable as f64 / unseen as f64
    }

    /// What one card shed is worth now.
    fn shed(&self, w: &Weights) -> f64 {
        if self.stock > 0 {
            w.shed_with_stock
        } else {
            1.0
        }
    }

    /// What taking the pile costs: every card counts, less a share of what it is worth.
    fn take_cost(&self, w: &Weights) -> f64 {
        self.pile
            .iter()
            .map(|c| 1.0 - w.take_keep * w.keep[usize::from(order(c.rank()))])
            .sum()
    }

    /// Whether `k` cards of `rank` clear the pile.
    fn clears(&self, rank: Rank, k: usize) -> bool {
        let run = self
            .pile
            .iter()
            .rev()
            .take_while(|c| c.rank() == rank)
            .count();
        if run + k >= 4 {
            return true;
        }
        match self.top() {
            Some(t) => (rank == Rank::Ten && is_low(t)) || (rank == Rank::Ace && is_court(t)),
            None => false,
        }
    }
}

/// The seat a view belongs to (the seat to move for the public view) and the next active seat
/// after it: whom the rule of thumb plays for and whom it plays against, as the games' tests read
/// them from a view for the reference their observations must equal.
#[cfg(test)]
pub(crate) fn me_and_next(
    observer: Observer,
    turn: Option<Seat>,
    seats: usize,
    out: &[Seat],
) -> (Seat, Seat) {
    let me = match observer {
        Observer::Seat(s) => s,
        Observer::Public => turn.unwrap_or(0),
    };
    let next = (1..seats)
        .map(|i| (me + i) % seats)
        .find(|s| !out.contains(s))
        .unwrap_or(me);
    (me, next)
}

/// The share of the deck that may NOT be played on a pile topped by `top`: how hard the
/// next player finds it to go on.
pub fn blocking(legality: Legality, top: Rank) -> f64 {
    1.0 - open_on(legality, top) as f64 / 13.0
}

/// How many ranks may be played on `top`: `Legality::allows` counted in closed form (the rule
/// of thumb asks it for every play it weighs).
fn open_on(legality: Legality, top: Rank) -> usize {
    let o = usize::from(order(top));
    if is_low(top) {
        // 3–9 from the top up, 10 and 2, and J, Q, K from `court_min_top`.
        (7 - o) + 2 + if top >= legality.court_min_top { 3 } else { 0 }
    } else if is_court(top) {
        // The court cards from the top up, A and 2.
        (11 - o) + 2
    } else {
        1
    }
}

/// What an action costs (lower is better) in cards held at the end, roughly.
///
/// - **A play** costs the keep value of the cards spent, less what shedding them is worth
///   (little while the stock refills the hand, a full card once it is gone), plus the height of
///   the pile it leaves (`height` per step: lowest first keeps our other cards playable). So the
///   lowest rank goes first with all its cards, while a 10, an ace or a 2 is spent one at a
///   time and only when it beats the alternatives. Clearing the pile earns `play_again`; a lone
///   10 or ace on an empty pile in Paskahousu earns `pickup` (the next player takes it). Once
///   the stock is gone and the next player is about to go out, a top card he is unlikely to
///   beat earns `block`. Going out beats everything.
/// - **Taking the pile** costs each of its cards, less a share of its keep value.
/// - **Draw and try** fails with the share of unseen cards that may not be played, and then
///   costs the pile and the card turned.
pub fn action_cost(pos: &Position<'_>, action: &Action, w: &Weights) -> f64 {
    match action {
        Action::Play(cards) => {
            let Some(rank) = cards.first().map(|c| c.rank()) else {
                return f64::MAX;
            };
            let k = cards.len();
            if pos.stock == 0 && pos.after_zone == 0 && k >= pos.zone.len() {
                return -1_000.0;
            }
            let o = usize::from(order(rank));
            let mut cost = k as f64 * (w.keep[o] - pos.shed(w));
            if pos.clears(rank, k) {
                return cost - w.play_again;
            }
            if pos.pile.is_empty() && pos.empty_pickup && matches!(rank, Rank::Ten | Rank::Ace) {
                return cost - w.pickup * k as f64;
            }
            if rank != Rank::Two {
                cost += w.height * o as f64;
            }
            let blocked = blocking(pos.legality, rank);
            cost -= w.pressure * blocked * (pos.pile.len() + k) as f64;
            if pos.stock == 0 && pos.next_left <= w.block_near {
                cost -= w.block * blocked;
            }
            if let Some(next) = pos.next_known {
                if !ORDER.iter().any(|&r| {
                    !next.intersection(rank_cards(r)).is_empty()
                        && pos.legality.allows(r, Some(rank))
                }) {
                    cost -= w.known_block * (pos.pile.len() + k) as f64;
                }
            }
            cost
        }
        Action::Take => pos.take_cost(w),
        Action::Draw => (1.0 - pos.draw_odds()) * (pos.take_cost(w) + 1.0),
        // Pöytäpaska picks its face-down cards itself; never preferred here.
        Action::Flip(_) => f64::MAX,
    }
}

/// The shared rule of thumb: the legal action of least [`action_cost`], the first on a tie.
pub fn choose(pos: &Position<'_>, legal: &[Action], w: &Weights) -> usize {
    let mut best = (f64::MAX, 0);
    for (i, action) in legal.iter().enumerate() {
        let cost = action_cost(pos, action, w);
        if cost < best.0 {
            best = (cost, i);
        }
    }
    best.1
}

// ---- text for people (words in `locales/<lang>/shedding.ftl`) --------------------------------

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

impl Source {
    /// The catalog's selector for this source.
    fn selector(self) -> Arg {
        verbatim(match self {
            Source::Hand => "hand",
            Source::FaceUp => "face-up",
            Source::FaceDown => "face-down",
            Source::Stock => "stock",
        })
    }
}

fn yes_no(b: bool) -> Arg {
    verbatim(if b { "yes" } else { "no" })
}

/// Why a shared refusal was given, for the player.
pub fn reason(refusal: &Refusal) -> Msg {
    match refusal {
        Refusal::Opening { rank: r, cards } => {
            msg!("shedding-opening", rank = rank(*r), cards = cards)
        }
        Refusal::NothingToTake => msg!("shedding-nothing-to-take"),
        Refusal::NothingToDraw => msg!("shedding-nothing-to-draw"),
        Refusal::NoCard => msg!("shedding-no-card"),
        Refusal::NotStandard => msg!("shedding-not-standard"),
        Refusal::MixedRanks => msg!("shedding-mixed-ranks"),
        Refusal::Twice => msg!("shedding-twice"),
        Refusal::NotHeld(card) => msg!("shedding-not-held", card = *card),
        Refusal::CourtOpening => msg!("shedding-court-opening"),
        Refusal::OnlyOnItself(top) => msg!("shedding-only-on-itself", rank = rank(*top)),
        Refusal::AceOnCourts => msg!("shedding-ace-on-courts"),
        Refusal::TenNotOnCourts => msg!("shedding-ten-not-on-courts"),
        Refusal::CourtsNeed { min, top } => {
            msg!("shedding-courts-need", min = rank(*min), top = rank(*top))
        }
        Refusal::LowNotOnCourts(r) => msg!("shedding-low-not-on-courts", rank = rank(*r)),
        Refusal::Lower { rank: r, top } => {
            msg!("shedding-lower", rank = rank(*r), top = rank(*top))
        }
    }
}

/// The first lines of both games' table: whose turn (while it runs), the pile, the stock.
pub fn table_lines(
    turn: Option<Seat>,
    opening: bool,
    free_play: bool,
    pile: &[Card],
    stock: usize,
    cleared: usize,
) -> Vec<Msg> {
    let mut lines: Vec<Msg> = turn
        .map(|t| turn_line(t, opening, free_play))
        .into_iter()
        .collect();
    lines.push(pile_line(pile));
    lines.push(stock_line(stock, cleared));
    lines
}

/// "Turn: Ann", with the forced opening or the free play noted.
fn turn_line(turn: Seat, opening: bool, free_play: bool) -> Msg {
    msg!(
        "shedding-turn",
        who = seat(turn),
        opening = yes_no(opening),
        free = yes_no(free_play)
    )
}

/// The pile as its size and its last few cards, top last.
pub fn pile_line(pile: &[Card]) -> Msg {
    const SHOWN: usize = 6;
    match pile.last() {
        None => msg!("shedding-pile-empty"),
        Some(&top) => {
            let start = pile.len().saturating_sub(SHOWN);
            msg!(
                "shedding-pile",
                count = msg!("count-cards", n = pile.len()),
                hidden = start,
                cards = &pile[start..],
                top = top
            )
        }
    }
}

/// "Stock: 43 cards · out of the game: 0 cards".
fn stock_line(stock: usize, cleared: usize) -> Msg {
    msg!(
        "shedding-stock",
        stock = msg!("count-cards", n = stock),
        cleared = msg!("count-cards", n = cleared)
    )
}

/// The observer's hand as a player holds it: one group per rank, from the lowest of the games'
/// order (3) up to the 2.
pub fn hand(hand: &[Card]) -> Msg {
    crate::present::hand(crate::present::by_rank(hand, |c| order(c.rank())))
}

/// What the action means to the player: taking the pile and drawing are the alternatives to
/// playing.
pub fn tone(action: &Action) -> crate::Tone {
    match action {
        Action::Play(_) | Action::Flip(_) => crate::Tone::Main,
        Action::Take | Action::Draw => crate::Tone::Other,
    }
}

/// The button label of every action, a play as `2× 5♠ 5♥`.
pub fn label(action: &Action) -> Msg {
    match action {
        Action::Play(cards) => msg!("shedding-play", n = cards.len(), cards = &cards[..]),
        Action::Take => msg!("shedding-take"),
        Action::Draw => msg!("shedding-draw"),
        Action::Flip(p) => msg!("shedding-flip", position = *p),
    }
}

/// The first-step button of plays of one rank: `Play 5s`.
pub fn group(action: &Action) -> Option<Msg> {
    let Action::Play(cards) = action else {
        return None;
    };
    let first = cards.first().filter(|c| c.is_standard())?;
    Some(msg!("shedding-play-group", rank = rank(first.rank())))
}

/// The closing lines: who went out in which place and, once over, who lost.
pub fn outcome_lines(out: &[Seat], loser: Option<Seat>, over: bool, seats: usize) -> Vec<Msg> {
    let mut lines = Vec::new();
    if !out.is_empty() {
        let gone = out
            .iter()
            .enumerate()
            .map(|(i, &s)| msg!("shedding-out-place", who = seat(s), place = i + 1))
            .collect();
        lines.push(msg!("shedding-out", seats = list(gone, key!("sep-comma"))));
    }
    if over {
        let still: Vec<Seat> = (0..seats).filter(|s| !out.contains(s)).collect();
        lines.push(game_over(loser, &still));
    }
    lines
}

/// "Game over — Bo is left holding cards and loses.", or the stalemate shared by `still`.
pub fn game_over(loser: Option<Seat>, still: &[Seat]) -> Msg {
    match loser {
        Some(l) => msg!("shedding-over-loser", loser = seat(l)),
        None => msg!(
            "shedding-over-stalemate",
            moves = STALEMATE_ACTIONS,
            still = seat_list(still)
        ),
    }
}

/// The event sentences both games share.
pub mod told {
    use super::{game_over, Source};
    use crate::Seat;
    use pakka_cards::Card;
    use pakka_text::msg;
    use pakka_text::{seat, Msg};

    pub fn played(s: Seat, cards: &[Card], from: Source) -> Msg {
        msg!(
            "shedding-event-played",
            who = seat(s),
            cards = cards,
            from = from.selector()
        )
    }

    pub fn drew(s: Seat, card: Card) -> Msg {
        msg!("shedding-event-drew", who = seat(s), card = card)
    }

    pub fn refilled(s: Seat, n: usize) -> Msg {
        msg!(
            "shedding-event-refilled",
            who = seat(s),
            cards = msg!("count-cards", n = n)
        )
    }

    pub fn took(s: Seat, cards: &[Card]) -> Msg {
        msg!("shedding-event-took", who = seat(s), cards = cards)
    }

    pub fn cleared(s: Seat, n: usize) -> Msg {
        msg!(
            "shedding-event-cleared",
            who = seat(s),
            cards = msg!("count-cards", n = n)
        )
    }

    pub fn passed(s: Seat) -> Msg {
        msg!("shedding-event-passed", who = seat(s))
    }

    pub fn free_play(s: Seat) -> Msg {
        msg!("shedding-event-free-play", who = seat(s))
    }

    pub fn out(s: Seat, place: usize) -> Msg {
        msg!("shedding-event-out", who = seat(s), place = place)
    }

    /// The end: the loser, or after a stalemate the last place shared.
    pub fn over(loser: Option<Seat>, ranking: &[Vec<Seat>]) -> Msg {
        game_over(loser, ranking.last().map_or(&[][..], Vec::as_slice))
    }
}

/// What the shedding games' pictures share, from the fields their views have in common.
pub struct PictureOf<'a> {
    pub observer: Observer,
    pub turn: Option<Seat>,
    pub opening: bool,
    pub free_play: bool,
    /// The pile, bottom first.
    pub pile: &'a [Card],
    pub stock: usize,
    pub cleared: usize,
    pub over: bool,
    /// Seats that went out, first out first.
    pub out: &'a [Seat],
    pub loser: Option<Seat>,
    pub hand_sizes: &'a [usize],
    /// The observer's own hand (empty for the public).
    pub hand: &'a [Card],
}

/// How many cards of the pile a picture shows, top last.
const PILE_SHOWN: usize = 6;

/// The picture both shedding games share: whose turn (or how the game ended) at the top; the
/// pile's last cards with its count, the stock and the cards out of the game face down in the
/// middle; each seat's hand size, those out marked with their place; a seat's own hand by
/// rank, low to high. Pöytäpaska adds its table cards in front of each seat.
pub fn picture(t: &PictureOf) -> crate::Scene {
    use crate::picture::{Mark, Pile, Scene};
    let seats = t.hand_sizes.len();
    let viewer = match t.observer {
        Observer::Seat(s) => Some(s),
        Observer::Public => None,
    };
    let mut scene = Scene::new(seats, viewer);
    // The table's first line says whose turn it is (and a forced opening or free play).
    if t.turn.is_some() {
        let lines = table_lines(t.turn, t.opening, t.free_play, t.pile, t.stock, t.cleared);
        scene.notes.extend(lines.into_iter().next());
    }
    if t.over {
        let still: Vec<Seat> = (0..seats).filter(|s| !t.out.contains(s)).collect();
        scene.notes.push(game_over(t.loser, &still));
    }
    let shown = &t.pile[t.pile.len().saturating_sub(PILE_SHOWN)..];
    let mut top = Pile::up_row(Some(msg!("picture-pile")), shown);
    top.count = Some(t.pile.len());
    scene.middle = vec![
        top,
        Pile::backs(Some(msg!("picture-stock")), t.stock),
        Pile::backs(Some(msg!("picture-cleared")), t.cleared),
    ];
    for part in &mut scene.seats {
        let s = part.seat;
        part.hand = Some(t.hand_sizes[s]);
        part.to_act = t.turn == Some(s);
        if let Some(place) = t.out.iter().position(|&o| o == s) {
            part.mark = Mark::Out;
            part.lines
                .push(msg!("picture-out-place", place = place + 1));
        }
    }
    if viewer.is_some() {
        scene.set_hand(
            super::present::by_rank(t.hand, |c| order(c.rank())),
            &[],
            false,
        );
    }
    scene
}

#[cfg(test)]
mod tests {
    use super::*;
    use pakka_cards::parse_cards;
    use pakka_catalog::en;

    fn rank(s: &str) -> Rank {
        s.parse::<Card>().map(|c| c.rank()).unwrap()
    }

    const PASKA: Legality = Legality {
        court_min_top: Rank::Seven,
        courts_on_empty: false,
    };
    const POYTA: Legality = Legality {
        court_min_top: Rank::Six,
        courts_on_empty: true,
    };

    #[test]
    fn the_order_runs_from_three_to_two() {
        for (i, r) in ORDER.iter().enumerate() {
            assert_eq!(order(*r) as usize, i);
        }
        assert!(order(Rank::Two) > order(Rank::Ace));
    }

    #[test]
    fn the_legality_table() {
        let ok = |l: Legality, r: &str, t: Option<&str>| l.allows(rank(r), t.map(rank));
        // Empty pile.
        assert!(ok(POYTA, "KS", None) && !ok(PASKA, "KS", None));
        assert!(ok(PASKA, "10S", None) && ok(PASKA, "AS", None) && ok(PASKA, "2S", None));
        // 3–9 on 3–9, equal or higher.
        assert!(ok(PASKA, "5S", Some("5H")) && ok(PASKA, "9S", Some("5H")));
        assert!(!ok(PASKA, "4S", Some("5H")));
        // Courts from court_min_top.
        assert!(ok(POYTA, "JS", Some("6H")) && !ok(POYTA, "JS", Some("5H")));
        assert!(ok(PASKA, "JS", Some("7H")) && !ok(PASKA, "JS", Some("6H")));
        // Aces only on courts (and aces), tens not on courts.
        assert!(ok(PASKA, "AS", Some("QH")) && !ok(PASKA, "AS", Some("9H")));
        assert!(!ok(PASKA, "10S", Some("JH")) && ok(PASKA, "10S", Some("9H")));
        assert!(ok(POYTA, "AS", Some("AH")) && !ok(POYTA, "KS", Some("AH")));
        // Courts rise; 2s on anything but 10 and A; only 2 on 2; only 10 on 10.
        assert!(ok(PASKA, "KS", Some("QH")) && !ok(PASKA, "JS", Some("QH")));
        assert!(ok(PASKA, "2S", Some("KH")) && ok(PASKA, "2S", Some("3H")));
        assert!(!ok(POYTA, "2S", Some("AH")) && !ok(POYTA, "2S", Some("10H")));
        assert!(ok(POYTA, "2S", Some("2H")) && !ok(POYTA, "AS", Some("2H")));
        assert!(ok(POYTA, "10S", Some("10H")) && !ok(POYTA, "JS", Some("10H")));
    }

    #[test]
    fn the_closed_form_count_of_open_ranks_is_the_legality_table() {
        for court_min_top in [Rank::Six, Rank::Seven] {
            for courts_on_empty in [false, true] {
                let l = Legality {
                    court_min_top,
                    courts_on_empty,
                };
                for top in ORDER {
                    let open = ORDER.iter().filter(|&&r| l.allows(r, Some(top))).count();
                    assert_eq!(open_on(l, top), open, "{top:?}");
                }
            }
        }
        for rank in Rank::ALL {
            let four: CardSet = Suit::ALL.iter().map(|&s| Card::new(rank, s)).collect();
            assert_eq!(rank_cards(rank), four);
        }
    }

    #[test]
    fn clearing_counts_four_of_a_kind_across_plays() {
        let table = |pile: &str| {
            let mut core = Core::new(vec![vec![], vec![]], vec![], 0);
            core.pile = parse_cards(pile).unwrap();
            core
        };
        let mut c = table("4D 8S 8H");
        assert_eq!(c.land(&parse_cards("8D 8C").unwrap()), Some(5));
        assert!(c.pile.is_empty() && c.cleared.len() == 5);
        let mut c = table("7H");
        assert_eq!(c.land(&parse_cards("10S").unwrap()), Some(2));
        let mut c = table("QS");
        assert_eq!(c.land(&parse_cards("AH").unwrap()), Some(2));
        let mut c = table("AH");
        assert_eq!(c.land(&parse_cards("AD").unwrap()), None);
        let mut c = table("");
        assert_eq!(c.land(&parse_cards("10H").unwrap()), None);
        assert_eq!(c.land(&parse_cards("10C").unwrap()), None);
        let mut c = table("");
        assert_eq!(c.land(&parse_cards("5S 5H 5D 5C").unwrap()), Some(4));
    }

    #[test]
    fn start_player_counts_the_lowest_rank_and_breaks_ties_clockwise() {
        let hands: Vec<CardSet> = ["5S 6S", "3S 3H 7C", "3C 3D 4S"]
            .iter()
            .map(|h| parse_cards(h).unwrap().into_iter().collect())
            .collect();
        assert_eq!(start_player(&hands, 1), (1, Rank::Three));
        assert_eq!(start_player(&hands, 2), (2, Rank::Three));
        let no_threes: Vec<CardSet> = ["5S 6S", "4H 7C", "4C 4D"]
            .iter()
            .map(|h| parse_cards(h).unwrap().into_iter().collect())
            .collect();
        assert_eq!(start_player(&no_threes, 0), (2, Rank::Four));
    }

    #[test]
    fn plays_are_listed_by_rank_and_count_and_normalized() {
        let zone: CardSet = parse_cards("5D 5H 2C KS").unwrap().into_iter().collect();
        let mut out = Vec::new();
        push_plays(&mut out, zone, |r| r != Rank::King);
        let want: Vec<Action> = ["5H", "5H 5D", "2C"]
            .iter()
            .map(|s| Action::Play(parse_cards(s).unwrap().into()))
            .collect();
        assert_eq!(out, want);
        let spelled = parse_cards("5D").unwrap();
        assert_eq!(normalize_play(zone, &spelled), Some(want[0].clone()));
        assert_eq!(normalize_play(zone, &parse_cards("5S").unwrap()), None);
        assert_eq!(normalize_play(zone, &parse_cards("5D 2C").unwrap()), None);
        assert_eq!(normalize_play(zone, &parse_cards("5D 5D").unwrap()), None);
        let group_text =
            |text: &str| group(&Action::Play(parse_cards(text).unwrap().into())).map(|m| en(&m));
        assert_eq!(group_text("5D").as_deref(), Some("Play 5s"));
        assert_eq!(group_text("AS").as_deref(), Some("Play aces"));
        assert_eq!(group(&Action::Take), None);
        assert_eq!(en(&label(&want[1])), "2× 5♥ 5♦");
        assert_eq!(en(&pile_line(&[])), "Pile: empty");
        let pile = parse_cards("3S 4S 5S 6S 7S 8S 9S 10S").unwrap();
        assert_eq!(
            en(&pile_line(&pile)),
            "Pile: 8 cards — … 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ (top 10♠)"
        );
    }
}
