//! Mätäpesä (the Finnish Cucumber), exactly as `docs/rules/matapesa.md`: 3–8 seats, the 52-card
//! deck dealt `floor(52/n)` each with the leftovers face up and out of play; a follower plays a
//! card of rank equal to or higher than the highest so far in the trick, or a card of the lowest
//! rank in their hand; the last of the highest cards wins the trick and leads the next; the
//! winner of the last trick loses the game (and deals next). No options.
//!
//! Suits never matter, so `legal_actions` lists one `{"play":card}` per legal rank, naming the
//! first card of that rank the seat holds in suit order S, H, D, C, and `normalize` maps any held
//! card of that rank to it; the card played is the one named (a card the seat does not hold is
//! refused, even when it holds another of that rank).
//! Played cards stay face up in front of their players for the whole game (the zone `played s`
//! holds them, the current trick included). Literal readings: one deal is one game (the status
//! keeps no scores, the ranking is everyone else together, then the loser); the next dealer is
//! reported in the final event and view but no second game is dealt.
//!
//! This folder: `mod.rs` the rules (state, actions, views), `present.rs` what people are told,
//! `heuristic.rs` the rule of thumb, `tests.rs` the rules file's acceptance cases.

mod heuristic;
pub use heuristic::MatapesaWhy;
mod present;

use rand::RngCore;
use serde::{Deserialize, Serialize};

use super::tricks::{FixedTrick, LastTrick, Stack, TrickLog};
use super::{
    redeal_unseen, DeckSource, Events, Game, Observer, Seat, Seen, Setup, SetupError, Status, Zone,
};
use pakka_cards::{standard52, Card, CardSet, Rank, Suit};

/// Mätäpesä has no options.
pub type Options = crate::NoOptions;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Play a card (any card of its rank that the seat holds).
    Play(Card),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Played {
        seat: Seat,
        card: Card,
    },
    TrickWon {
        seat: Seat,
        /// The trick's number, from 1.
        trick: usize,
    },
    /// The last trick's winner loses and deals the next game.
    GameOver {
        loser: Seat,
        next_dealer: Seat,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Matapesa {
    options: Options,
    dealer: Seat,
    hands: Vec<CardSet>,
    /// Per seat, every card it has played, in order (face up in front of it); at most 17.
    played: Vec<Stack<Card, 17>>,
    /// The cards left over after the deal, face up and out of play.
    leftovers: Vec<Card>,
    trick: FixedTrick,
    won: TrickLog,
    turn: Seat,
    loser: Option<Seat>,
    source: DeckSource,
}

impl Matapesa {
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The loser once the game is over (also the next dealer).
    pub fn loser(&self) -> Option<Seat> {
        self.loser
    }

    fn n(&self) -> usize {
        self.hands.len()
    }

    fn deal(options: Options, seats: usize, setup: Setup) -> Result<Matapesa, SetupError> {
        let full = standard52();
        let (mut source, dealer) = DeckSource::new(setup, &full, seats)?;
        let deck = source.next_deck(&full);
        let first = (dealer + 1) % seats;
        let each = full.len() / seats;
        let mut hands = vec![CardSet::new(); seats];
        for (i, &card) in deck[..each * seats].iter().enumerate() {
            hands[(first + i) % seats].insert(card);
        }
        Ok(Matapesa {
            options,
            dealer,
            hands,
            played: vec![Stack::new(); seats],
            leftovers: deck[each * seats..].to_vec(),
            trick: FixedTrick::new(first),
            won: TrickLog::new(seats),
            turn: first,
            loser: None,
            source,
        })
    }

    /// The highest rank played so far in the current trick.
    fn highest(&self) -> Option<Rank> {
        self.trick.cards().map(Card::rank).max()
    }

    /// The first card of `rank` in `hand` in suit order S, H, D, C.
    fn first_of_rank(hand: CardSet, rank: Rank) -> Option<Card> {
        Suit::ALL
            .into_iter()
            .map(|s| Card::new(rank, s))
            .find(|&c| hand.contains(c))
    }

    /// The ranks held in `hand`, as bits by rank number.
    fn ranks_held(hand: CardSet) -> u16 {
        hand.iter().fold(0, |m, c| m | 1 << c.rank().number())
    }

    /// Plays `card` for `seat` and every automatic step after it, telling `events` what happened
    /// (`apply_checked` collects them, a playout builds none).
    fn play(&mut self, seat: Seat, card: Card, events: &mut Events<'_, Event>) {
        self.hands[seat].remove(card);
        self.played[seat].push(card);
        self.trick.play(seat, card);
        events.tell(|| Event::Played { seat, card });
        if self.trick.len() == self.n() {
            self.finish_trick(events);
        } else {
            self.turn = (seat + 1) % self.n();
        }
    }

    fn finish_trick(&mut self, events: &mut Events<'_, Event>) {
        let Some((winner, _)) = self.trick.winning(|c, w, _| c.rank() >= w.rank()) else {
            return;
        };
        self.won.record(winner, &self.trick.plays);
        events.tell(|| Event::TrickWon {
            seat: winner,
            trick: self.won.len(),
        });
        self.trick = FixedTrick::new(winner);
        self.turn = winner;
        if self.hands.iter().all(|h| h.is_empty()) {
            self.loser = Some(winner);
            events.tell(|| Event::GameOver {
                loser: winner,
                next_dealer: winner,
            });
        }
    }

    fn illegal_play(&self, seat: Seat, card: Card) -> Refusal {
        let hand = self.hands[seat];
        if !card.is_standard() {
            return Refusal::NotACard(card);
        }
        if !hand.contains(card) {
            return match Self::first_of_rank(hand, card.rank()) {
                Some(held) => Refusal::NotHeld {
                    card,
                    instead: held,
                },
                None => Refusal::NoneOfRank(card.rank()),
            };
        }
        Refusal::TooLow {
            card,
            high: self.highest(),
            lowest: hand.iter().map(Card::rank).min(),
        }
    }
}

/// Why a play is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not a card of the 52-card deck.
    NotACard(Card),
    /// The seat does not hold this card but holds `instead`, of the same rank.
    NotHeld { card: Card, instead: Card },
    /// The seat holds no card of this rank.
    NoneOfRank(Rank),
    /// Neither at least the highest rank of the trick nor of the seat's lowest rank.
    TooLow {
        card: Card,
        high: Option<Rank>,
        lowest: Option<Rank>,
    },
}

/// What an observer sees of a Mätäpesä table: the own hand, every played card per player, the
/// face-up leftovers, the trick in play and the last one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The observer's hand (empty for the public).
    pub hand: Vec<Card>,
    pub observer: Observer,
    pub dealer: Seat,
    /// Whose turn it is, until the game is over.
    pub turn: Option<Seat>,
    pub leader: Seat,
    /// The current trick in play order.
    pub trick: Vec<(Seat, Card)>,
    pub last_trick: Option<LastTrick>,
    /// Every card each player has played, in order (they stay face up in front of them).
    pub played: Vec<Vec<Card>>,
    /// The cards left over from the deal, face up and out of play.
    pub leftovers: Vec<Card>,
    pub hand_sizes: Vec<usize>,
    pub tricks_won: Vec<u32>,
    pub tricks_left: usize,
    /// The winner of the last trick, who loses and deals next.
    pub loser: Option<Seat>,
}

impl Game for Matapesa {
    crate::game_head! {
        id: "matapesa", aliases: ["mätäpesä"], seats: (3, 8), seed: 2;
        arena_seats: 3, replay_seats: 4, people: 3, computers: 0, load_people: 3;
        picture seats: 5, options: "", moves: 11, hand: 3
    }
    const DUPLICATE: bool = true;

    fn new(options: Options, seats: usize, setup: Setup) -> Result<Self, SetupError> {
        Self::deal(options, seats, setup)
    }

    crate::game_accessors!(seats: |g| g.n(), over: |g| g.loser.is_some(), turn: turn);

    /// One action per rank the seat may play, low to high: any rank when leading, else a rank
    /// at least the highest so far in the trick, or the lowest rank held.
    fn legal_into(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if self.loser.is_some() || seat != self.turn {
            return;
        }
        let hand = self.hands[seat];
        let held = Self::ranks_held(hand);
        let lowest = held.trailing_zeros() as u8;
        let high = self.highest();
        for r in Rank::ALL {
            if held & 1 << r.number() == 0 {
                continue;
            }
            if high.is_some_and(|h| r < h && r.number() != lowest) {
                continue;
            }
            if let Some(c) = Self::first_of_rank(hand, r) {
                out.push(Action::Play(c));
            }
        }
    }

    fn normalize(&self, seat: Seat, action: &Action) -> Action {
        let Action::Play(card) = *action;
        match self.hands.get(seat) {
            Some(&hand) if hand.contains(card) => {
                Action::Play(Self::first_of_rank(hand, card.rank()).unwrap_or(card))
            }
            _ => *action,
        }
    }

    fn card_play(card: Card) -> Option<Action> {
        Some(Action::Play(card))
    }

    fn refusal(&self, seat: Seat, action: &Action) -> Refusal {
        let Action::Play(card) = *action;
        self.illegal_play(seat, card)
    }

    fn advance(&mut self, seat: Seat, action: &Action, events: &mut Events<'_, Event>) {
        let Action::Play(card) = *action;
        self.play(seat, card, events);
    }

    fn view(&self, observer: Observer) -> View {
        let hand = match observer {
            Observer::Seat(s) if s < self.n() => self.hands[s].to_vec(),
            _ => Vec::new(),
        };
        let hand_sizes: Vec<usize> = self.hands.iter().map(|h| h.len()).collect();
        View {
            hand,
            observer,
            dealer: self.dealer,
            turn: self.loser.is_none().then_some(self.turn),
            leader: self.trick.leader,
            trick: self.trick.plays.to_vec(),
            last_trick: self.won.last_trick(),
            played: self.played.iter().map(|p| p.to_vec()).collect(),
            leftovers: self.leftovers.clone(),
            tricks_left: hand_sizes.iter().copied().max().unwrap_or(0),
            hand_sizes,
            tricks_won: self.won.counts.to_vec(),
            loser: self.loser,
        }
    }

    fn status(&self) -> Status {
        Status::of(
            self,
            None,
            self.loser
                .map(|loser| vec![(0..self.n()).filter(|&s| s != loser).collect(), vec![loser]]),
        )
    }

    fn zones(&self) -> Vec<Zone> {
        let mut zones = Vec::with_capacity(2 * self.n() + 1);
        for s in 0..self.n() {
            zones.push(Zone::new(format!("hand {s}"), self.hands[s], Seen::Only(s)));
            zones.push(Zone::new(
                format!("played {s}"),
                self.played[s].iter().copied(),
                Seen::All,
            ));
        }
        zones.push(Zone::new(
            "leftovers",
            self.leftovers.iter().copied(),
            Seen::All,
        ));
        zones
    }

    fn hands(&self) -> Vec<Vec<Card>> {
        self.hands.iter().map(|h| h.to_vec()).collect()
    }

    fn action_space(&self) -> Vec<Action> {
        standard52().into_iter().map(Action::Play).collect()
    }

    fn determinize(&self, seat: Seat, rng: &mut dyn RngCore) -> Self {
        let mut game = self.clone();
        game.source.reseed(rng);
        let others: Vec<Seat> = (0..self.n()).filter(|&s| s != seat).collect();
        let mut piles: Vec<Vec<Card>> = others.iter().map(|&s| self.hands[s].to_vec()).collect();
        let mut refs: Vec<&mut Vec<Card>> = piles.iter_mut().collect();
        redeal_unseen(&mut refs, rng);
        for (&s, pile) in others.iter().zip(piles) {
            game.hands[s] = pile.into_iter().collect();
        }
        game
    }
}

#[cfg(test)]
mod tests;
