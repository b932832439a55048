//! `CardSet`: a set of cards as a 128-bit bitset (every card index is below 123). Copy, cheap
//! set algebra, iteration in card order; serialized as a list of card notations.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Card, Rank, Suit};

#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u128);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    pub fn new() -> CardSet {
        CardSet(0)
    }

    fn bit(card: Card) -> u128 {
        // Split by halves: a standard card's bit is in the low word, and a 64-bit shift is
        // cheaper than a 128-bit one.
        let i = card.index();
        if i < 64 {
            u128::from(1u64 << i)
        } else {
            u128::from(1u64 << (i - 64)) << 64
        }
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
        // Every standard card is in the low word.
        ((((self.0 as u64) >> (13 * suit.index())) & 0x1fff) as u16) << 2
    }

    /// The standard cards of `suit` in the set, read straight off its bits (see
    /// [`CardSet::suit_ranks`]).
    pub fn of_suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & u128::from(0x1fffu64 << (13 * suit.index())))
    }

    /// The four standard cards of `rank` (one in each suit).
    pub fn of_rank(rank: Rank) -> CardSet {
        // Bits 0, 13, 26 and 39: the two of each suit.
        CardSet(u128::from(0x80_0400_2001u64 << (rank.number() - 2)))
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
        Iter {
            low: self.0 as u64,
            high: (self.0 >> 64) as u64,
        }
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

/// Iterator over a `CardSet` in card order (the set's two 64-bit words, low first: cheaper
/// steps than on one 128-bit word).
pub struct Iter {
    low: u64,
    high: u64,
}

impl Iterator for Iter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        let i = if self.low != 0 {
            let i = self.low.trailing_zeros() as usize;
            self.low &= self.low - 1;
            i
        } else if self.high != 0 {
            let i = self.high.trailing_zeros() as usize;
            self.high &= self.high - 1;
            64 + i
        } else {
            return None;
        };
        Card::from_index(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.low.count_ones() + self.high.count_ones()) as usize;
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
    //! `CardSet` as bits: a suit's ranks, a suit's and a rank's cards read off the bits, set
    //! algebra, and (a property) iteration in order agreeing with membership for any bits.

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
    fn a_suit_and_a_rank_are_read_off_the_bits() {
        let all: CardSet = crate::standard52().into_iter().collect();
        for suit in Suit::ALL {
            let want: CardSet = all.iter().filter(|c| c.suit() == suit).collect();
            assert_eq!(all.of_suit(suit), want, "{suit:?}");
        }
        for rank in Rank::ALL {
            let want: CardSet = all.iter().filter(|c| c.rank() == rank).collect();
            assert_eq!(CardSet::of_rank(rank), want, "{rank:?}");
        }
        for i in 0..52 {
            let c = Card::from_index(i).unwrap();
            assert_eq!(c.rank(), Rank::ALL[i % 13]);
            assert_eq!(c.suit(), Suit::ALL[(i / 13) % 4]);
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
