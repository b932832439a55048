//! `CardSet`: a set of cards as a 128-bit bitset (every card index is below 123). Copy, cheap
//! set algebra, iteration in card order; serialized as a list of card notations.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Card, Suit};

#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u128);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    pub fn new() -> CardSet {
        CardSet(0)
    }

    fn bit(card: Card) -> u128 {
        1u128 << card.index()
    }

    pub fn contains(self, card: Card) -> bool {
        self.0 & Self::bit(card) != 0
    }

    /// Adds a card; answers whether it was absent.
    pub fn insert(&mut self, card: Card) -> bool {
        let absent = !self.contains(card);
        self.0 |= Self::bit(card);
        absent
    }

    /// Removes a card; answers whether it was present.
    pub fn remove(&mut self, card: Card) -> bool {
        let present = self.contains(card);
        self.0 &= !Self::bit(card);
        present
    }

    /// The standard cards of `suit` in the set as bits by rank number (bit 2: the two … bit
    /// 14: the ace), read straight off the set's bits (a standard card's index is its suit's
    /// times 13 plus its rank's from the two).
    pub fn suit_ranks(self, suit: Suit) -> u16 {
        (((self.0 >> (13 * suit.index())) & 0x1fff) as u16) << 2
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    pub fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    pub fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    pub fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The cards in card order.
    pub fn iter(self) -> Iter {
        Iter(self.0)
    }

    pub fn to_vec(self) -> Vec<Card> {
        self.iter().collect()
    }

    /// The lowest card by index, if any.
    pub fn first(self) -> Option<Card> {
        self.iter().next()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::new();
        for c in iter {
            set.insert(c);
        }
        set
    }
}

impl<'a> FromIterator<&'a Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = &'a Card>>(iter: I) -> CardSet {
        iter.into_iter().copied().collect()
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

/// Iterator over a `CardSet` in card order.
pub struct Iter(u128);

impl Iterator for Iter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Card::from_index(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter {}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        Ok(Vec::<Card>::deserialize(d)?.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_cards;
    use proptest::prelude::*;

    #[test]
    fn suit_ranks_reads_the_bits_of_each_suit() {
        let all: CardSet = crate::standard52().into_iter().collect();
        for suit in Suit::ALL {
            assert_eq!(all.suit_ranks(suit), 0x7ffc);
        }
        let some: CardSet = parse_cards("2S AS 10H QD 7C KC")
            .unwrap()
            .into_iter()
            .collect();
        for suit in Suit::ALL {
            let want = some
                .iter()
                .filter(|c| c.suit() == suit)
                .fold(0u16, |m, c| m | 1 << c.rank().number());
            assert_eq!(some.suit_ranks(suit), want, "{suit:?}");
        }
    }

    #[test]
    fn set_algebra() {
        let a: CardSet = parse_cards("AS 10H Fool R7").unwrap().into_iter().collect();
        let b: CardSet = parse_cards("10H 2C").unwrap().into_iter().collect();
        assert_eq!(a.len(), 4);
        assert_eq!(a.intersection(b).to_vec(), parse_cards("10H").unwrap());
        assert_eq!(a.union(b).len(), 5);
        assert_eq!(a.difference(b).len(), 3);
        assert!(b.intersection(a).is_subset(a));
        let json = serde_json::to_string(&b).unwrap();
        assert_eq!(json, r#"["10H","2C"]"#);
        assert_eq!(serde_json::from_str::<CardSet>(&json).unwrap(), b);
    }

    proptest! {
        #[test]
        fn iteration_is_sorted_and_matches_membership(bits in any::<u128>()) {
            let set = CardSet(bits & ((1u128 << Card::COUNT) - 1));
            let cards = set.to_vec();
            prop_assert_eq!(cards.len(), set.len());
            prop_assert!(cards.windows(2).all(|w| w[0] < w[1]));
            prop_assert!(cards.iter().all(|&c| set.contains(c)));
            let rebuilt: CardSet = cards.iter().collect();
            prop_assert_eq!(rebuilt, set);
        }
    }
}
