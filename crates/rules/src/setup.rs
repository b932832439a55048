//! Setting a game up: the seat-count check every game runs (`check_seats`), the options of a
//! game without any (`NoOptions`), where its deals' cards come from (`Setup`, `DeckSource`),
//! why a setup is refused (`SetupError`), and the dealing helpers the games share (batches,
//! seat order, redealing unseen cards, ranking by score).

use std::collections::VecDeque;

use rand::seq::SliceRandom;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use pakka_cards::{shuffled, validate_deck, Card, DeckError};
use pakka_text::{msg, verbatim, Msg};

use crate::{registry, Game, Seat};

/// The options of a game that has none (Kop, Mätäpesä, Paston): the table's options object is
/// `{}`, and any field in it is refused.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NoOptions {}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{got} seats, not {min}–{max}")]
    Seats {
        game: &'static str,
        got: usize,
        min: usize,
        max: usize,
    },
    /// Options that do not read as the game's options (the reader's own words, verbatim).
    #[error("bad options: {0}")]
    Options(String),
    #[error("bad deck: {0}")]
    Deck(#[from] DeckError),
    #[error("dealer {dealer} of {seats} seats")]
    Dealer { dealer: Seat, seats: usize },
}

impl SetupError {
    /// The refusal as a message for people.
    pub fn msg(&self) -> Msg {
        match self {
            SetupError::Seats {
                game,
                got,
                min,
                max,
            } => msg!(
                "setup-seats",
                game = registry::name_of(game),
                got = *got,
                min = *min,
                max = *max,
                exact = verbatim(if min == max { "yes" } else { "no" })
            ),
            SetupError::Options(detail) => msg!("setup-options", detail = verbatim(detail.clone())),
            SetupError::Deck(DeckError::WrongSize { got, want }) => {
                msg!("setup-deck-size", got = *got, want = *want)
            }
            // Explicit decks are written in notation (`AS`), so their refusals name cards so too.
            SetupError::Deck(DeckError::Doubled(card)) => {
                msg!("setup-deck-doubled", card = verbatim(card.to_string()))
            }
            SetupError::Deck(DeckError::Foreign(card)) => {
                msg!("setup-deck-foreign", card = verbatim(card.to_string()))
            }
            SetupError::Dealer { dealer, seats } => {
                msg!(
                    "setup-dealer",
                    dealer = *dealer,
                    last = seats.saturating_sub(1)
                )
            }
        }
    }
}

/// Refuses a seat count the game does not allow with these options: the one seat-count check
/// of every game, run by the registry before `Game::new`.
pub fn check_seats<G: Game>(options: &G::Options, seats: usize) -> Result<(), SetupError> {
    let (min, max) = G::seat_range(options);
    if (min..=max).contains(&seats) {
        Ok(())
    } else {
        Err(SetupError::Seats {
            game: G::ID,
            got: seats,
            min,
            max,
        })
    }
}

/// How the first deal (and, in a match, later deals) get their cards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Seeds every shuffle and the random dealer.
    pub seed: u64,
    /// The dealer; drawn from the seed when not given.
    pub dealer: Option<Seat>,
    /// Explicit decks, first card on top, one per deal (redeals included) in order.
    pub decks: Vec<Vec<Card>>,
}

impl Setup {
    pub fn seeded(seed: u64) -> Setup {
        Setup {
            seed,
            ..Setup::default()
        }
    }

    /// One explicit deck, dealer as given.
    pub fn deck(dealer: Seat, deck: Vec<Card>) -> Setup {
        Setup {
            seed: 0,
            dealer: Some(dealer),
            decks: vec![deck],
        }
    }
}

/// The source of every deal of a match: the explicit decks first, then seeded shuffles. Kept in
/// a game's state so later deals stay deterministic and the state stays serializable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckSource {
    decks: VecDeque<Vec<Card>>,
    seed: u64,
    /// Random streams used so far; each draw of randomness takes the next stream of the seed.
    streams: u64,
}

impl DeckSource {
    /// Validates the explicit decks against `full_deck` and settles the dealer.
    pub fn new(
        setup: Setup,
        full_deck: &[Card],
        seats: usize,
    ) -> Result<(DeckSource, Seat), SetupError> {
        for deck in &setup.decks {
            validate_deck(deck, full_deck)?;
        }
        let mut source = DeckSource {
            decks: setup.decks.into(),
            seed: setup.seed,
            streams: 0,
        };
        let dealer = match setup.dealer {
            Some(d) if d >= seats => return Err(SetupError::Dealer { dealer: d, seats }),
            Some(d) => d,
            None if source.decks.is_empty() => source.rng().random_range(0..seats),
            None => 0,
        };
        Ok((source, dealer))
    }

    /// A fresh random generator for one random decision of the rules (a shuffle, a cut).
    pub fn rng(&mut self) -> ChaCha8Rng {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(self.streams);
        self.streams += 1;
        rng
    }

    /// The next deal's deck: the next explicit deck, else a shuffle of `full_deck`.
    pub fn next_deck(&mut self, full_deck: &[Card]) -> Vec<Card> {
        match self.decks.pop_front() {
            Some(deck) => deck,
            None => shuffled(full_deck, &mut self.rng()),
        }
    }

    /// [`DeckSource::next_deck`] without allocating for a shuffle: the same deck, as an array
    /// (what a playout's next deal draws; explicit decks are `full_deck`'s length, checked by
    /// `new`).
    pub fn next_deck_in_place<const N: usize>(&mut self, full_deck: &[Card; N]) -> [Card; N] {
        match self.decks.pop_front() {
            Some(deck) => deck.try_into().unwrap_or(*full_deck),
            None => {
                let mut deck = *full_deck;
                deck.shuffle(&mut self.rng());
                deck
            }
        }
    }

    /// Whether an explicit deck is still waiting.
    pub fn has_explicit(&self) -> bool {
        !self.decks.is_empty()
    }

    /// Forgets the explicit decks and reseeds: what a computer player's determinization does
    /// with deals nobody has seen yet.
    pub fn reseed(&mut self, rng: &mut dyn RngCore) {
        self.decks.clear();
        self.seed = rng.next_u64();
        self.streams = 0;
    }
}

/// Deals `cards` into piles following a batch plan: each batch size goes to every seat in
/// `order` before the next batch. Answers the piles in order of receipt, indexed by seat.
pub fn deal_batches(
    cards: &mut impl Iterator<Item = Card>,
    order: &[Seat],
    seats: usize,
    batches: &[usize],
) -> Vec<Vec<Card>> {
    let mut piles = vec![Vec::new(); seats];
    for &size in batches {
        for &seat in order {
            piles[seat].extend(cards.by_ref().take(size));
        }
    }
    piles
}

/// The seats in order of play starting with `first`.
pub fn seats_from(first: Seat, seats: usize) -> Vec<Seat> {
    (0..seats).map(|i| (first + i) % seats).collect()
}

/// Seats from the highest score to the lowest, equal scores sharing a place.
pub fn rank_by_score(scores: &[i64]) -> Vec<Vec<Seat>> {
    let mut order: Vec<Seat> = (0..scores.len()).collect();
    order.sort_by_key(|&s| std::cmp::Reverse(scores[s]));
    // Each place allocated once at its size (the end of a playout's game runs this too).
    let mut ranking: Vec<Vec<Seat>> = Vec::with_capacity(order.len());
    let mut start = 0;
    for end in 1..=order.len() {
        if end == order.len() || scores[order[end]] != scores[order[start]] {
            ranking.push(order[start..end].to_vec());
            start = end;
        }
    }
    ranking
}

/// Shuffles all the cards of the given piles among them, each pile keeping its size: the common
/// core of determinization, called with the piles the determinizing seat cannot see. The result
/// depends only on which cards are in the piles and their sizes, never on where the cards were:
/// the pool is sorted before it is shuffled, so two states that differ only in what the seat
/// cannot see determinize alike (computer players must not peek).
pub fn redeal_unseen(piles: &mut [&mut Vec<Card>], rng: &mut dyn RngCore) {
    use rand::seq::SliceRandom;
    let mut pool: Vec<Card> = piles.iter().flat_map(|p| p.iter().copied()).collect();
    pool.sort_unstable();
    pool.shuffle(rng);
    let mut it = pool.into_iter();
    for pile in piles.iter_mut() {
        for slot in pile.iter_mut() {
            if let Some(c) = it.next() {
                *slot = c;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pakka_cards::standard52;

    #[test]
    fn deck_source_takes_explicit_decks_then_shuffles() {
        let full = standard52();
        let mut reversed = full.clone();
        reversed.reverse();
        let setup = Setup {
            seed: 3,
            dealer: Some(1),
            decks: vec![reversed.clone()],
        };
        let (mut src, dealer) = DeckSource::new(setup, &full, 2).unwrap();
        assert_eq!(dealer, 1);
        assert_eq!(src.next_deck(&full), reversed);
        let a = src.next_deck(&full);
        let b = src.next_deck(&full);
        assert_ne!(a, b, "each later deal takes a fresh stream");
        assert_eq!(validate_deck(&a, &full), Ok(()));
    }

    #[test]
    fn deck_source_refuses_bad_decks_and_dealers() {
        let full = standard52();
        let short = Setup::deck(0, full[1..].to_vec());
        assert!(matches!(
            DeckSource::new(short, &full, 2),
            Err(SetupError::Deck(DeckError::WrongSize { .. }))
        ));
        assert!(matches!(
            DeckSource::new(Setup::deck(2, full.clone()), &full, 2),
            Err(SetupError::Dealer { .. })
        ));
    }

    #[test]
    fn seeded_dealer_is_deterministic() {
        let full = standard52();
        let d1 = DeckSource::new(Setup::seeded(9), &full, 3).unwrap().1;
        let d2 = DeckSource::new(Setup::seeded(9), &full, 3).unwrap().1;
        assert_eq!(d1, d2);
    }

    #[test]
    fn equal_scores_share_a_place() {
        assert_eq!(
            rank_by_score(&[3, 5, 3, 1]),
            vec![vec![1], vec![0, 2], vec![3]]
        );
    }

    #[test]
    fn batches_follow_the_order() {
        let deck = standard52();
        let piles = deal_batches(&mut deck.iter().copied(), &[1, 0], 2, &[2, 3]);
        assert_eq!(piles[1], vec![deck[0], deck[1], deck[4], deck[5], deck[6]]);
        assert_eq!(piles[0], vec![deck[2], deck[3], deck[7], deck[8], deck[9]]);
    }
}
