//! The game-neutral decks (the standard 52 and the 22 tarot trumps) in a fixed "new deck" order,
//! a deterministic shuffle driven by a caller's random number generator, and the check that a
//! given deck is exactly a game's deck. A deck that belongs to one game (Paston's 32, Kop's 16,
//! Red7's 49) lives in that game's folder in `rules`.

use rand::seq::SliceRandom;
use rand::Rng;

use super::{Card, CardSet};

/// The 52-card deck: suits S, H, D, C, each 2…A.
pub fn standard52() -> Vec<Card> {
    (0..52).filter_map(Card::from_index).collect()
}

/// The 22 tarot trumps: 1…21 and the Fool.
pub fn tarot22() -> Vec<Card> {
    (1..=21)
        .map(Card::trump)
        .chain(std::iter::once(Card::FOOL))
        .collect()
}

/// A shuffled copy of `deck`.
pub fn shuffled<R: Rng + ?Sized>(deck: &[Card], rng: &mut R) -> Vec<Card> {
    let mut cards = deck.to_vec();
    cards.shuffle(rng);
    cards
}

/// Why a given deck is not a game's deck.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeckError {
    #[error("the deck has {got} cards; this game uses {want}")]
    WrongSize { got: usize, want: usize },
    #[error("{0} appears more than once in the deck")]
    Doubled(Card),
    #[error("{0} is not a card of this game's deck")]
    Foreign(Card),
}

/// Checks that `given` holds every card of `deck` exactly once.
pub fn validate_deck(given: &[Card], deck: &[Card]) -> Result<(), DeckError> {
    let want: CardSet = deck.iter().collect();
    let mut seen = CardSet::new();
    for &c in given {
        if !want.contains(c) {
            return Err(DeckError::Foreign(c));
        }
        if !seen.insert(c) {
            return Err(DeckError::Doubled(c));
        }
    }
    if given.len() != deck.len() {
        return Err(DeckError::WrongSize {
            got: given.len(),
            want: deck.len(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! The decks: the size and contents of each (52 cards, Red7's, the tarot's 22, together every
    //! card once); validating a deck names its fault (wrong size, a card twice, a foreign card); a
    //! shuffle is a permutation, the same for the same seed.

    use super::*;
    use crate::{parse_cards, Colour, Rank, Suit};
    use rand::SeedableRng;

    #[test]
    fn deck_sizes_and_contents() {
        assert_eq!(standard52().len(), 52);
        assert_eq!(tarot22().len(), 22);
        assert_eq!(standard52()[0], Card::new(Rank::Two, Suit::Spades));
        let red7: Vec<Card> = Colour::ALL
            .into_iter()
            .flat_map(|c| (1..=7).map(move |n| Card::red7(c, n)))
            .collect();
        let all: CardSet = [standard52(), red7, tarot22()].concat().iter().collect();
        assert_eq!(all.len(), Card::COUNT);
    }

    #[test]
    fn validation_names_the_fault() {
        let deck = tarot22();
        assert_eq!(validate_deck(&deck, &deck), Ok(()));
        assert_eq!(
            validate_deck(&deck[1..], &deck),
            Err(DeckError::WrongSize { got: 21, want: 22 })
        );
        let mut doubled = deck.clone();
        doubled[1] = doubled[0];
        assert_eq!(
            validate_deck(&doubled, &deck),
            Err(DeckError::Doubled(deck[0]))
        );
        let foreign = parse_cards("2S").unwrap();
        assert_eq!(
            validate_deck(&foreign, &deck),
            Err(DeckError::Foreign(foreign[0]))
        );
    }

    #[test]
    fn shuffle_is_a_seeded_permutation() {
        let mut a = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut b = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let x = shuffled(&standard52(), &mut a);
        assert_eq!(x, shuffled(&standard52(), &mut b));
        assert_eq!(validate_deck(&x, &standard52()), Ok(()));
        assert_ne!(x, standard52());
    }
}
