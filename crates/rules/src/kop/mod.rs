//! Kop (also called Baśka), the victory-card version, exactly as `docs/rules/kop.md`: four
//! seats, the 16 cards A, 10, Q, J of each suit dealt 4 each one at a time from the dealer's
//! left; twelve trumps `AH 10H QC QS QH QD JC JS JH JD AD 10D` (one suit, high to low) and two
//! side suits, clubs `AC 10C` and spades `AS 10S`; must follow, must trump, must beat the winning
//! card when able (§7.2); card points A 11, 10 10, Q 3, J 2 (104 in all), 53 to win a round,
//! 52–52 changes nothing; five victory cards (VC) each, moved per the rules (they may go
//! negative), the match ending after the round in which someone has 0 or fewer, ranked by VC
//! with ties shared. The dealer rotates to the left every round. No options.
//!
//! Partnerships are secret: the holders of `QC` and `QS` play together and nobody is told; a
//! queen played reveals its holder. A player holding both chooses privately: `"wedding"`
//! (announced; the partner is the holder of the highest jack not in the caller's hand, who is
//! told privately), `"silent"` (no announcement, alone against three, scored with the team
//! rule) or `"solo"` (announced, alone, 2 VC per opponent).
//!
//! Choice made here [C]: a step in which only the holder of both black queens acts would tell the
//! table who holds them (the status says whose decision the game waits for). So before the first
//! lead of every round all four seats declare at the same time: the holder of both black queens
//! chooses wedding, silent or solo; everyone else has the one action `"silent"` ("no
//! announcement"). Only wedding and solo are announced. Cards won in tricks stay face up (all of
//! them were seen when played), and each seat's card points are shown.
//!
//! This folder: `mod.rs` the rules (state, actions, views), `present.rs` what people are told,
//! `heuristic.rs` the rule of thumb, `tests.rs` the rules file's acceptance cases, `duel.rs` a
//! harness that measures the rule of thumb against random play (run by hand).

mod heuristic;
pub use heuristic::KopWhy;
mod present;

use rand::seq::SliceRandom;
use rand::RngCore;
use serde::{Deserialize, Serialize};

use super::tricks::{self, FixedTrick, Stack, TrickLog};
use super::{DeckSource, Events, Game, Observer, Seat, Seen, Setup, SetupError, Status, Zone};
use pakka_cards::{Card, CardSet, Rank, Suit};

/// Victory cards each player starts a match with.
pub const START_VC: i64 = 5;
/// Card points a side needs to win a round.
pub const TO_WIN: u32 = 53;

const SEATS: usize = 4;

/// Kop has no options.
pub type Options = crate::NoOptions;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Holder of both black queens: call the holder of the highest jack as partner (announced).
    Wedding,
    /// No announcement (the holder of both black queens then plays alone, unannounced).
    Silent,
    /// Holder of both black queens: play alone against three (announced).
    Solo,
    Play(Card),
}

/// A seat's declaration before the first lead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Declaration {
    Wedding,
    Silent,
    Solo,
}

/// Who plays with whom this round (hidden until the round is over, except what is announced).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Contract {
    /// The holders of the two black queens against the other two.
    Queens { clubs: Seat, spades: Seat },
    /// The caller (both black queens) and the holder of the highest jack not in the caller's hand.
    Wedding { caller: Seat, partner: Seat },
    /// The holder of both black queens alone, unannounced (team scoring).
    Silent { player: Seat },
    /// The holder of both black queens alone, announced (2 VC per opponent).
    Solo { player: Seat },
}

impl Contract {
    /// The side of the black queens.
    pub fn side(self) -> Stack<Seat, SEATS> {
        let mut side = Stack::new();
        match self {
            Contract::Queens {
                clubs: a,
                spades: b,
            }
            | Contract::Wedding {
                caller: a,
                partner: b,
            } => {
                side.push(a);
                side.push(b);
            }
            Contract::Silent { player } | Contract::Solo { player } => side.push(player),
        }
        side.sort_unstable();
        side
    }

    /// VC each loser pays each winner.
    fn stake(self) -> i64 {
        match self {
            Contract::Solo { .. } => 2,
            _ => 1,
        }
    }
}

/// A public announcement before the first lead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Announcement {
    pub seat: Seat,
    pub declaration: Declaration,
}

/// The settlement of one round, public once it is played (kept in place: settling a round in
/// a playout allocates nothing; serialized as lists).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    pub deal: u32,
    pub contract: Contract,
    /// The side of the black queens (the caller's, the soloist's).
    pub side: Stack<Seat, SEATS>,
    pub side_points: u32,
    pub other_points: u32,
    /// The winning seats, none on 52–52.
    pub winners: Stack<Seat, SEATS>,
    pub changes: Stack<i64, SEATS>,
    pub victory_cards: Stack<i64, SEATS>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Dealt {
        deal: u32,
        dealer: Seat,
    },
    /// A seat made its declaration (what it was is public only when announced).
    Declared {
        seat: Seat,
    },
    Announced(Announcement),
    Played {
        seat: Seat,
        card: Card,
    },
    TrickWon {
        seat: Seat,
        points: u32,
    },
    RoundScored(RoundResult),
    GameOver {
        ranking: Vec<Vec<Seat>>,
    },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Declaring,
    Playing,
    Over,
}

/// The cards in the order shown to players: the trumps high to low, then clubs, then spades.
pub const ORDER: [Card; 16] = [
    Card::new(Rank::Ace, Suit::Hearts),
    Card::new(Rank::Ten, Suit::Hearts),
    Card::new(Rank::Queen, Suit::Clubs),
    Card::new(Rank::Queen, Suit::Spades),
    Card::new(Rank::Queen, Suit::Hearts),
    Card::new(Rank::Queen, Suit::Diamonds),
    Card::new(Rank::Jack, Suit::Clubs),
    Card::new(Rank::Jack, Suit::Spades),
    Card::new(Rank::Jack, Suit::Hearts),
    Card::new(Rank::Jack, Suit::Diamonds),
    Card::new(Rank::Ace, Suit::Diamonds),
    Card::new(Rank::Ten, Suit::Diamonds),
    Card::new(Rank::Ace, Suit::Clubs),
    Card::new(Rank::Ten, Suit::Clubs),
    Card::new(Rank::Ace, Suit::Spades),
    Card::new(Rank::Ten, Suit::Spades),
];

const TRUMPS: usize = 12;
const QUEEN_CLUBS: Card = Card::new(Rank::Queen, Suit::Clubs);
const QUEEN_SPADES: Card = Card::new(Rank::Queen, Suit::Spades);
/// The jacks from the highest.
const JACKS: [Card; 4] = [
    Card::new(Rank::Jack, Suit::Clubs),
    Card::new(Rank::Jack, Suit::Spades),
    Card::new(Rank::Jack, Suit::Hearts),
    Card::new(Rank::Jack, Suit::Diamonds),
];

/// The Kop deck in its new-deck order (what a shuffle starts from): the standard deck's order,
/// suit by suit, keeping A, 10, Q and J.
const DECK: [Card; 16] = {
    let mut deck = [ORDER[0]; 16];
    let mut i = 0;
    let mut n = 0;
    while i < 52 {
        let rank = i % 13;
        // A (12), 10 (8), Q (10), J (9) of every suit, suit by suit.
        if rank == 12 || rank == 8 || rank == 10 || rank == 9 {
            deck[n] = Card::new(RANKS[rank], SUITS[i / 13]);
            n += 1;
        }
        i += 1;
    }
    deck
};
/// Kop's 16 cards (A, 10, Q, J of each suit) in their new-deck order.
pub fn deck() -> Vec<Card> {
    DECK.to_vec()
}

const RANKS: [Rank; 13] = Rank::ALL;
const SUITS: [Suit; 4] = Suit::ALL;

/// Every card's place in [`ORDER`] by card index (16 for a card not in the Kop deck).
const POSITIONS: [u8; Card::COUNT] = {
    // [`ORDER`] as (suit, rank) indices (S H D C; 2 is rank 0): a card's index is
    // 13 × suit + rank. Checked against the rules by a test.
    const PLACES: [(usize, usize); 16] = [
        (1, 12),
        (1, 8),
        (3, 10),
        (0, 10),
        (1, 10),
        (2, 10),
        (3, 9),
        (0, 9),
        (1, 9),
        (2, 9),
        (2, 12),
        (2, 8),
        (3, 12),
        (3, 8),
        (0, 12),
        (0, 8),
    ];
    let mut table = [ORDER.len() as u8; Card::COUNT];
    let mut i = 0;
    while i < PLACES.len() {
        table[PLACES[i].0 * 13 + PLACES[i].1] = i as u8;
        i += 1;
    }
    table
};

/// The card's place in [`ORDER`] (16 for a card not in the Kop deck).
fn position(card: Card) -> usize {
    POSITIONS[card.index()] as usize
}

/// [`position`] by its rules, the reference the table is checked against.
#[cfg(test)]
fn position_by_rules(card: Card) -> usize {
    if !card.is_standard() {
        return ORDER.len();
    }
    match (card.rank(), card.suit()) {
        (Rank::Ace, Suit::Hearts) => 0,
        (Rank::Ten, Suit::Hearts) => 1,
        (Rank::Queen, Suit::Clubs) => 2,
        (Rank::Queen, Suit::Spades) => 3,
        (Rank::Queen, Suit::Hearts) => 4,
        (Rank::Queen, Suit::Diamonds) => 5,
        (Rank::Jack, Suit::Clubs) => 6,
        (Rank::Jack, Suit::Spades) => 7,
        (Rank::Jack, Suit::Hearts) => 8,
        (Rank::Jack, Suit::Diamonds) => 9,
        (Rank::Ace, Suit::Diamonds) => 10,
        (Rank::Ten, Suit::Diamonds) => 11,
        (Rank::Ace, Suit::Clubs) => 12,
        (Rank::Ten, Suit::Clubs) => 13,
        (Rank::Ace, Suit::Spades) => 14,
        (Rank::Ten, Suit::Spades) => 15,
        _ => ORDER.len(),
    }
}

pub fn is_trump(card: Card) -> bool {
    position(card) < TRUMPS
}

/// The card's point value.
pub fn points(card: Card) -> u32 {
    if !card.is_standard() {
        return 0;
    }
    match card.rank() {
        Rank::Ace => 11,
        Rank::Ten => 10,
        Rank::Queen => 3,
        Rank::Jack => 2,
        _ => 0,
    }
}

/// Whether `challenger` beats the current winner `winner` of a trick led with `led` (§7.2).
pub fn beats(challenger: Card, winner: Card, led: Card) -> bool {
    match (is_trump(challenger), is_trump(winner)) {
        (true, false) => true,
        (false, true) => false,
        (true, true) => position(challenger) < position(winner),
        (false, false) => {
            challenger.suit() == led.suit()
                && winner.suit() == led.suit()
                && position(challenger) < position(winner)
        }
    }
}

/// What a card follows as: the twelve trumps are one suit, clubs and spades the side suits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Trumps,
    Clubs,
    Spades,
}

/// The suit class of a card: trumps are one suit.
pub fn class(card: Card) -> Class {
    if is_trump(card) {
        Class::Trumps
    } else if card.suit() == Suit::Clubs {
        Class::Clubs
    } else {
        Class::Spades
    }
}

fn same_class(a: Card, b: Card) -> bool {
    class(a) == class(b)
}

/// The winning play of a trick so far (its first card, replaced by every card that beats it).
fn winning(plays: &[(Seat, Card)]) -> Option<(Seat, Card)> {
    let (&first, rest) = plays.split_first()?;
    let led = first.1;
    Some(
        rest.iter()
            .fold(first, |w, &p| if beats(p.1, w.1, led) { p } else { w }),
    )
}

/// The cards of `hand` that may be played to a trick of `plays` so far (§7.2 "Legal play").
pub fn playable(hand: CardSet, plays: &[(Seat, Card)]) -> CardSet {
    let legal = playable_bits(bits(hand), plays);
    places(legal).map(|p| ORDER[p]).collect()
}

// ---- sets of places in ORDER (bit i = ORDER[i]; a lower place is a higher card): what the
// playouts' hot paths work on ----

/// The twelve trumps.
const TRUMP_BITS: u16 = 0x0fff;
/// Clubs' AC and 10C, spades' AS and 10S.
const CLUB_BITS: u16 = 0x3000;
const SPADE_BITS: u16 = 0xc000;

/// The card's bit (none for a card outside the Kop deck).
fn bit(card: Card) -> u16 {
    1u16.checked_shl(position(card) as u32).unwrap_or(0)
}

/// The set of a card set's places.
fn bits(cards: CardSet) -> u16 {
    cards.iter().fold(0, |m, c| m | bit(c))
}

/// The places in a set, from the highest card.
fn places(set: u16) -> impl Iterator<Item = usize> {
    let mut rest = set;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            p
        })
    })
}

/// The class (trumps, clubs or spades) of the card at `place`, as a set.
fn class_of(place: usize) -> u16 {
    match place {
        0..=11 => TRUMP_BITS,
        12 | 13 => CLUB_BITS,
        _ => SPADE_BITS,
    }
}

/// The cards that beat the card at `place` when it wins its trick (a side card wins only in
/// its led suit): the higher trumps, and for a side card also the higher card of its suit.
fn beaters(place: usize) -> u16 {
    let above = 1u16.checked_shl(place as u32).map_or(u16::MAX, |b| b - 1);
    if place < TRUMPS {
        above
    } else {
        TRUMP_BITS | (class_of(place) & above)
    }
}

/// [`beats`] by places: whether the card at `p` beats the winning card at `w` of a trick led
/// with the card at `led`.
fn beats_place(p: usize, w: usize, led: usize) -> bool {
    match (p < TRUMPS, w < TRUMPS) {
        (true, false) => true,
        (false, true) => false,
        (true, true) => p < w,
        (false, false) => class_of(p) == class_of(led) && class_of(w) == class_of(led) && p < w,
    }
}

/// The winning place of a trick so far (`None` before its lead).
fn winning_place(plays: &[(Seat, Card)]) -> Option<(Seat, usize)> {
    let (&(s0, led), rest) = plays.split_first()?;
    let led = position(led);
    Some(rest.iter().fold((s0, led), |(ws, w), &(s, c)| {
        let p = position(c);
        if beats_place(p, w, led) {
            (s, p)
        } else {
            (ws, w)
        }
    }))
}

/// [`playable`] on sets of places: follow the led class, else trump, and beat the winning card
/// with either when able.
fn playable_bits(hand: u16, plays: &[(Seat, Card)]) -> u16 {
    let (Some(&(_, led)), Some((_, winner))) = (plays.first(), winning_place(plays)) else {
        return hand;
    };
    let follow = hand & class_of(position(led));
    let pool = if follow != 0 {
        follow
    } else if hand & TRUMP_BITS != 0 {
        hand & TRUMP_BITS
    } else {
        return hand;
    };
    let beating = pool & beaters(winner);
    if beating != 0 {
        beating
    } else {
        pool
    }
}

/// Cards in display order.
fn ordered(cards: impl IntoIterator<Item = Card>) -> Vec<Card> {
    let mut v: Vec<Card> = cards.into_iter().collect();
    v.sort_by_key(|&c| position(c));
    v
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kop {
    options: Options,
    dealer: Seat,
    deal: u32,
    /// The hands as dealt this round (the partnerships follow from them).
    dealt: Vec<CardSet>,
    hands: Vec<CardSet>,
    phase: Phase,
    declarations: Vec<Option<Declaration>>,
    /// Settled once every seat has declared.
    contract: Option<Contract>,
    turn: Seat,
    trick: FixedTrick,
    won: TrickLog,
    victory_cards: Vec<i64>,
    last_round: Option<RoundResult>,
    ranking: Option<Vec<Vec<Seat>>>,
    source: DeckSource,
}

/// The seat holding both black queens in these hands, if any.
fn both_queens(hands: &[CardSet]) -> Option<Seat> {
    hands
        .iter()
        .position(|h| h.contains(QUEEN_CLUBS) && h.contains(QUEEN_SPADES))
}

fn holder(hands: &[CardSet], card: Card) -> Seat {
    hands.iter().position(|h| h.contains(card)).unwrap_or(0)
}

/// The highest jack not in `hand`.
fn partner_jack(hand: CardSet) -> Card {
    JACKS
        .into_iter()
        .find(|&j| !hand.contains(j))
        .unwrap_or(JACKS[3])
}

/// The wedding partner of `caller` in these dealt hands.
fn wedding_partner(dealt: &[CardSet], caller: Seat) -> Seat {
    holder(dealt, partner_jack(dealt[caller]))
}

/// The contract that follows from the dealt hands and the declarations.
fn settle_contract(dealt: &[CardSet], declarations: &[Option<Declaration>]) -> Contract {
    match both_queens(dealt) {
        Some(x) => match declarations[x] {
            Some(Declaration::Wedding) => Contract::Wedding {
                caller: x,
                partner: wedding_partner(dealt, x),
            },
            Some(Declaration::Solo) => Contract::Solo { player: x },
            _ => Contract::Silent { player: x },
        },
        None => Contract::Queens {
            clubs: holder(dealt, QUEEN_CLUBS),
            spades: holder(dealt, QUEEN_SPADES),
        },
    }
}

impl Kop {
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The contract once every seat has declared (hidden information: not for views).
    pub fn contract(&self) -> Option<Contract> {
        self.contract
    }

    fn first(&self) -> Seat {
        (self.dealer + 1) % SEATS
    }

    fn setup(options: Options, setup: Setup) -> Result<Kop, SetupError> {
        let (source, dealer) = DeckSource::new(setup, &DECK, SEATS)?;
        let mut game = Kop {
            options,
            dealer,
            deal: 0,
            dealt: vec![CardSet::new(); SEATS],
            hands: vec![CardSet::new(); SEATS],
            phase: Phase::Declaring,
            declarations: vec![None; SEATS],
            contract: None,
            turn: (dealer + 1) % SEATS,
            trick: FixedTrick::new((dealer + 1) % SEATS),
            won: TrickLog::new(SEATS),
            victory_cards: vec![START_VC; SEATS],
            last_round: None,
            ranking: None,
            source,
        };
        game.deal_round(&mut Events::quiet());
        Ok(game)
    }

    /// Deals a round with the current dealer: 4 cards each, one at a time from the left. A
    /// shuffle is `DeckSource::next_deck`'s, done in place.
    fn deal_round(&mut self, events: &mut Events<'_, Event>) {
        self.deal += 1;
        let first = self.first();
        self.hands.fill(CardSet::new());
        let deal = |hands: &mut [CardSet], deck: &[Card]| {
            for (i, &card) in deck.iter().enumerate() {
                hands[(first + i) % SEATS].insert(card);
            }
        };
        if self.source.has_explicit() {
            let deck = self.source.next_deck(&DECK);
            deal(&mut self.hands, &deck);
        } else {
            let mut deck = DECK;
            deck.shuffle(&mut self.source.rng());
            deal(&mut self.hands, &deck);
        }
        self.dealt.copy_from_slice(&self.hands);
        self.restart_round();
        events.tell(|| Event::Dealt {
            deal: self.deal,
            dealer: self.dealer,
        });
    }

    /// Back to the start of this round: the hands as dealt, nothing declared or played.
    fn restart_round(&mut self) {
        let first = self.first();
        self.hands.copy_from_slice(&self.dealt);
        self.phase = Phase::Declaring;
        self.declarations.fill(None);
        self.contract = None;
        self.turn = first;
        self.trick = FixedTrick::new(first);
        self.won = TrickLog::new(SEATS);
    }

    /// The public announcement of this round, if any.
    fn announcement(&self) -> Option<Announcement> {
        self.declarations
            .iter()
            .enumerate()
            .find_map(|(seat, d)| match d {
                Some(declaration @ (Declaration::Wedding | Declaration::Solo)) => {
                    Some(Announcement {
                        seat,
                        declaration: *declaration,
                    })
                }
                _ => None,
            })
    }

    /// The wedding's caller and partner, once a wedding is announced.
    fn wedding(&self) -> Option<(Seat, Seat)> {
        let a = self.announcement()?;
        (a.declaration == Declaration::Wedding)
            .then(|| (a.seat, wedding_partner(&self.dealt, a.seat)))
    }

    /// Card points each seat has taken this round.
    fn points_taken(&self) -> [u32; SEATS] {
        let mut taken = [0; SEATS];
        for (winner, plays) in self.won.iter() {
            taken[winner] += plays.iter().map(|&(_, c)| points(c)).sum::<u32>();
        }
        taken
    }

    fn declare(&mut self, seat: Seat, declaration: Declaration, events: &mut Events<'_, Event>) {
        self.declarations[seat] = Some(declaration);
        events.tell(|| Event::Declared { seat });
        if declaration != Declaration::Silent {
            events.tell(|| Event::Announced(Announcement { seat, declaration }));
        }
        if self.declarations.iter().all(Option::is_some) {
            self.contract = Some(settle_contract(&self.dealt, &self.declarations));
            self.phase = Phase::Playing;
            self.turn = self.first();
        }
    }

    /// Plays `card` for `seat` and every automatic step after it, telling `events` what happened
    /// (`apply_checked` collects them, a playout builds none).
    fn play(&mut self, seat: Seat, card: Card, events: &mut Events<'_, Event>) {
        self.hands[seat].remove(card);
        self.trick.play(seat, card);
        events.tell(|| Event::Played { seat, card });
        if self.trick.len() < SEATS {
            self.turn = (seat + 1) % SEATS;
            return;
        }
        let Some((winner, _)) = winning(&self.trick.plays) else {
            return;
        };
        let taken = self.trick.cards().map(points).sum();
        self.won.record(winner, &self.trick.plays);
        events.tell(|| Event::TrickWon {
            seat: winner,
            points: taken,
        });
        self.trick = FixedTrick::new(winner);
        self.turn = winner;
        if self.hands.iter().all(|h| h.is_empty()) {
            self.settle(events);
        }
    }

    fn settle(&mut self, events: &mut Events<'_, Event>) {
        let contract = self
            .contract
            .unwrap_or_else(|| settle_contract(&self.dealt, &self.declarations));
        let side = contract.side();
        let taken = self.points_taken();
        let side_points: u32 = side.iter().map(|&s| taken[s]).sum();
        let other_points: u32 = taken.iter().sum::<u32>() - side_points;
        let others: Stack<Seat, SEATS> = (0..SEATS).filter(|s| !side.contains(s)).collect();
        let (winners, losers) = if side_points >= TO_WIN {
            (side, others)
        } else if other_points >= TO_WIN {
            (others, side)
        } else {
            (Stack::new(), Stack::new())
        };
        let stake = contract.stake();
        let mut changes: Stack<i64, SEATS> = [0; SEATS].into_iter().collect();
        for &w in winners.iter() {
            changes[w] += stake * losers.len() as i64;
        }
        for &l in losers.iter() {
            changes[l] -= stake * winners.len() as i64;
        }
        let over = tricks::add_to_totals(&mut self.victory_cards, &changes);
        let result = RoundResult {
            deal: self.deal,
            contract,
            side,
            side_points,
            other_points,
            winners,
            changes,
            victory_cards: self.victory_cards.iter().copied().collect(),
        };
        self.last_round = Some(result.clone());
        events.tell(|| Event::RoundScored(result));
        if let Some(ranking) = over {
            self.phase = Phase::Over;
            self.ranking = Some(ranking);
            // Cloned only when someone listens (a playout's end allocates no more than it must).
            let ranking = &self.ranking;
            events.tell(|| Event::GameOver {
                ranking: ranking.clone().unwrap_or_default(),
            });
        } else {
            self.dealer = (self.dealer + 1) % SEATS;
            self.deal_round(events);
        }
    }

    fn illegal_play(&self, seat: Seat, card: Card) -> Refusal {
        if self.phase == Phase::Declaring {
            return Refusal::DeclareFirst;
        }
        let hand = self.hands[seat];
        if !hand.contains(card) {
            return Refusal::NotHeld(card);
        }
        let Some(led) = self.trick.led() else {
            return Refusal::CannotLead;
        };
        let winning = winning(&self.trick.plays).map_or(led, |(_, c)| c);
        if hand.iter().any(|c| same_class(c, led)) {
            if same_class(card, led) {
                Refusal::MustBeat { winning }
            } else {
                Refusal::MustFollow { led: class(led) }
            }
        } else if hand.iter().any(is_trump) {
            if is_trump(card) {
                Refusal::MustBeatWithTrump { winning }
            } else {
                Refusal::MustTrump { led: class(led) }
            }
        } else {
            Refusal::CannotPlay
        }
    }
}

/// Why an action is refused (§7.2 and the declarations).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Only the holder of both black queens may announce a wedding or a solo.
    OnlyQueensAnnounce,
    /// Declarations are made before the first lead.
    DeclarationsOver,
    /// A card played before the seat has declared.
    DeclareFirst,
    NotHeld(Card),
    CannotLead,
    /// A card of the led class that does not beat the winning card, when one would.
    MustBeat {
        winning: Card,
    },
    /// A card of another class while the seat holds the led class.
    MustFollow {
        led: Class,
    },
    /// A trump that does not beat the winning trump, when one would.
    MustBeatWithTrump {
        winning: Card,
    },
    /// A side card while void in the led class and holding trumps.
    MustTrump {
        led: Class,
    },
    CannotPlay,
}

/// A completed trick as shown to everyone, with the card points it held.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastTrick {
    #[serde(flatten)]
    pub trick: tricks::LastTrick,
    pub points: u32,
}

/// What an observer sees of a Kop table: the own hand and declaration, what was announced,
/// the wedding partnership if the observer is the partner, the trick, the last trick, the card
/// points taken and the victory cards. Nothing about the black queens beyond the played cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The observer's hand in display order (empty for the public).
    pub hand: Vec<Card>,
    pub observer: Observer,
    pub dealer: Seat,
    pub deal: u32,
    pub phase: Phase,
    /// The seats whose decision the game waits for.
    pub waiting: Vec<Seat>,
    /// Who has declared before the first lead.
    pub declared: Vec<bool>,
    /// The observer's own declaration.
    pub my_declaration: Option<Declaration>,
    pub announcement: Option<Announcement>,
    /// Set when the observer is the wedding partner: the caller.
    pub partner_of: Option<Seat>,
    pub leader: Seat,
    pub trick: Vec<(Seat, Card)>,
    /// Every card played this round and who played it, in order (all were seen when played).
    pub played: Vec<(Seat, Card)>,
    pub last_trick: Option<LastTrick>,
    pub points_taken: Vec<u32>,
    pub victory_cards: Vec<i64>,
    pub last_round: Option<RoundResult>,
    pub ranking: Option<Vec<Vec<Seat>>>,
}

impl Game for Kop {
    crate::game_head! {
        id: "kop", aliases: ["baska"], seats: (4, 4), seed: 3;
        arena_seats: 4, replay_seats: 4, people: 2, computers: 2, load_people: 4;
        picture seats: 4, options: "", moves: 10, hand: 2
    }
    const DUPLICATE: bool = true;

    fn new(options: Options, _seats: usize, setup: Setup) -> Result<Self, SetupError> {
        Self::setup(options, setup)
    }

    crate::game_accessors!(seats: |_| SEATS, over: |g| g.phase == Phase::Over, deal: |g| g.deal);

    fn to_act_into(&self, out: &mut Vec<Seat>) {
        out.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Playing => out.push(self.turn),
            Phase::Declaring => out.extend(
                (0..SEATS)
                    .map(|i| (self.first() + i) % SEATS)
                    .filter(|&s| self.declarations[s].is_none()),
            ),
        }
    }

    /// The declarations, or the playable cards in display order ([`ORDER`]).
    fn legal_into(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Declaring => {
                if seat >= SEATS || self.declarations[seat].is_some() {
                } else if both_queens(&self.hands) == Some(seat) {
                    out.extend([Action::Wedding, Action::Silent, Action::Solo]);
                } else {
                    out.push(Action::Silent);
                }
            }
            Phase::Playing if seat == self.turn => {
                let cards = playable_bits(bits(self.hands[seat]), &self.trick.plays);
                out.extend(places(cards).map(|p| Action::Play(ORDER[p])));
            }
            Phase::Playing => {}
        }
    }

    fn card_play(card: Card) -> Option<Action> {
        Some(Action::Play(card))
    }

    fn refusal(&self, seat: Seat, action: &Action) -> Refusal {
        match *action {
            Action::Wedding | Action::Solo if self.phase == Phase::Declaring => {
                Refusal::OnlyQueensAnnounce
            }
            Action::Wedding | Action::Silent | Action::Solo => Refusal::DeclarationsOver,
            Action::Play(card) => self.illegal_play(seat, card),
        }
    }

    fn advance(&mut self, seat: Seat, action: &Action, events: &mut Events<'_, Event>) {
        self.act(seat, action, events);
    }

    fn view(&self, observer: Observer) -> View {
        let me = match observer {
            Observer::Seat(s) if s < SEATS => Some(s),
            _ => None,
        };
        let partner_of = self
            .wedding()
            .and_then(|(caller, partner)| (me == Some(partner)).then_some(caller));
        View {
            hand: me.map_or_else(Vec::new, |s| ordered(self.hands[s])),
            observer,
            dealer: self.dealer,
            deal: self.deal,
            phase: self.phase,
            waiting: self.to_act(),
            declared: self.declarations.iter().map(Option::is_some).collect(),
            my_declaration: me.and_then(|s| self.declarations[s]),
            announcement: self.announcement(),
            partner_of,
            leader: self.trick.leader,
            trick: self.trick.plays.to_vec(),
            played: self
                .won
                .plays()
                .iter()
                .chain(self.trick.plays.iter())
                .copied()
                .collect(),
            last_trick: self.won.last().map(|(winner, plays)| LastTrick {
                trick: tricks::LastTrick {
                    winner,
                    plays: plays.to_vec(),
                },
                points: plays.iter().map(|&(_, c)| points(c)).sum(),
            }),
            points_taken: self.points_taken().to_vec(),
            victory_cards: self.victory_cards.clone(),
            last_round: self.last_round.clone(),
            ranking: self.ranking.clone(),
        }
    }

    fn status(&self) -> Status {
        Status::of(self, Some(self.victory_cards.clone()), self.ranking.clone())
    }

    fn zones(&self) -> Vec<Zone> {
        tricks::table_zones(
            &self.hands,
            Seen::Only,
            &self.won.into(),
            &self.trick.to_trick(),
        )
    }

    fn hands(&self) -> Vec<Vec<Card>> {
        self.hands.iter().map(|&h| ordered(h)).collect()
    }

    fn action_space(&self) -> Vec<Action> {
        let mut all = vec![Action::Wedding, Action::Silent, Action::Solo];
        all.extend(ORDER.iter().map(|&c| Action::Play(c)));
        all
    }

    fn determinize(&self, seat: Seat, rng: &mut dyn RngCore) -> Self {
        let mut base = self.clone();
        base.source.reseed(rng);
        if self.phase == Phase::Over {
            return base;
        }
        // Cards that must stay where they are, beyond the seat's own hand: an announced
        // wedding or solo tells everyone where the black queens are; the wedding partner also
        // knows that every jack above its own is in the caller's hand.
        let mut pinned = [CardSet::new(); SEATS];
        pinned[seat] = self.hands[seat];
        if let Some(a) = self.announcement() {
            if a.seat != seat {
                for q in [QUEEN_CLUBS, QUEEN_SPADES] {
                    if self.hands[a.seat].contains(q) {
                        pinned[a.seat].insert(q);
                    }
                }
            }
        }
        let wedding = self.wedding();
        if let Some((caller, partner)) = wedding {
            if partner == seat {
                let jack = partner_jack(self.dealt[caller]);
                for j in JACKS.into_iter().take_while(|&j| j != jack) {
                    if self.hands[caller].contains(j) {
                        pinned[caller].insert(j);
                    }
                }
            }
        }
        // Sorted, so that the redeal depends only on what the seat can see and the rng.
        let mut pool: Vec<Card> = (0..SEATS)
            .flat_map(|s| self.hands[s].difference(pinned[s]).iter())
            .collect();
        pool.sort_unstable();
        let played: Vec<CardSet> = (0..SEATS)
            .map(|s| self.dealt[s].difference(self.hands[s]))
            .collect();
        let mut game = base;
        // Redeals until one keeps the seat's partnership and could have made every play of
        // the round legally (a seat that did not follow, trump or beat had no card that would).
        // Only the first redeal keeping the partnership stands in for a miss (practically
        // never: the real deal satisfies both, and the pool holds at most twelve cards).
        let mut fallback: Option<Kop> = None;
        for _ in 0..256 {
            pool.shuffle(rng);
            let mut cards = pool.iter().copied();
            for s in 0..SEATS {
                let mut hand = pinned[s];
                let missing = self.hands[s].len() - hand.len();
                hand = hand.union(cards.by_ref().take(missing).collect());
                game.hands[s] = hand;
                game.dealt[s] = hand.union(played[s]);
            }
            if self.contract.is_some() {
                game.contract = Some(settle_contract(&game.dealt, &game.declarations));
            }
            let same_partner = match (wedding, game.wedding()) {
                (Some((_, p)), Some((_, q))) => (p == seat) == (q == seat),
                _ => true,
            };
            if !same_partner {
                continue;
            }
            if self.plays_fit(&game.hands) {
                return game;
            }
            if fallback.is_none() {
                fallback = Some(game.clone());
            }
        }
        fallback.unwrap_or(game)
    }
}

impl Kop {
    /// Whether seats holding `hands` now could have made every play of this round (§7.2):
    /// walking the plays backwards, each seat held its hand now plus every card it played
    /// since, and the card it played must have been playable from that.
    fn plays_fit(&self, hands: &[CardSet]) -> bool {
        let mut held: Vec<CardSet> = hands.to_vec();
        let tricks = self
            .won
            .iter()
            .map(|(_, plays)| plays)
            .chain(std::iter::once(self.trick.plays.as_slice()));
        let tricks: Vec<&[(Seat, Card)]> = tricks.collect();
        for plays in tricks.into_iter().rev() {
            for k in (0..plays.len()).rev() {
                let (s, c) = plays[k];
                held[s].insert(c);
                if !playable(held[s], &plays[..k]).contains(c) {
                    return false;
                }
            }
        }
        true
    }

    /// An action and every automatic step after it, telling `events` what happened.
    fn act(&mut self, seat: Seat, action: &Action, events: &mut Events<'_, Event>) {
        match *action {
            Action::Wedding => self.declare(seat, Declaration::Wedding, events),
            Action::Silent => self.declare(seat, Declaration::Silent, events),
            Action::Solo => self.declare(seat, Declaration::Solo, events),
            Action::Play(card) => self.play(seat, card, events),
        }
    }
}

#[cfg(test)]
mod duel;
#[cfg(test)]
mod tests;
