//! The `Card` value type and its parts. One byte covers every card of every deck pakka uses:
//! indices 0–51 are the standard cards (suit-major in the order S, H, D, C, ranks 2…A), 52–100
//! the Red7 cards (colour-major R…V, numbers 1…7) and 101–122 the tarot trumps 1…21 and the Fool.
//! Canonical notation is parsed and printed here; nothing here knows a game.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A suit of the standard deck, in notation order (which is also the card index order).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn letter(self) -> char {
        ['S', 'H', 'D', 'C'][self.index()]
    }

    pub fn symbol(self) -> char {
        ['♠', '♥', '♦', '♣'][self.index()]
    }

    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'S' | '♠' => Some(Suit::Spades),
            'H' | '♥' => Some(Suit::Hearts),
            'D' | '♦' => Some(Suit::Diamonds),
            'C' | '♣' => Some(Suit::Clubs),
            _ => None,
        }
    }

    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A rank of the standard deck; the discriminant is the rank's number with A = 14.
/// Games that rank cards differently (A low, 2 high, …) map ranks to their own order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    Two = 2,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    pub const ALL: [Rank; 13] = [
        Rank::Two,
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
    ];

    /// 2…14 (ace high).
    pub fn number(self) -> u8 {
        self as u8
    }

    /// 1…13 with the ace low (A=1, J=11, Q=12, K=13), as foundations count.
    pub fn ace_low(self) -> u8 {
        if self == Rank::Ace {
            1
        } else {
            self as u8
        }
    }

    pub fn from_number(n: u8) -> Option<Rank> {
        Rank::ALL.get(n.checked_sub(2)? as usize).copied()
    }

    pub fn from_ace_low(n: u8) -> Option<Rank> {
        if n == 1 {
            Some(Rank::Ace)
        } else if (2..=13).contains(&n) {
            Rank::from_number(n)
        } else {
            None
        }
    }

    pub fn notation(self) -> &'static str {
        [
            "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
        ][(self as usize) - 2]
    }

    fn parse(s: &str) -> Option<Rank> {
        Some(match s.to_ascii_uppercase().as_str() {
            "2" => Rank::Two,
            "3" => Rank::Three,
            "4" => Rank::Four,
            "5" => Rank::Five,
            "6" => Rank::Six,
            "7" => Rank::Seven,
            "8" => Rank::Eight,
            "9" => Rank::Nine,
            "10" | "T" => Rank::Ten,
            "J" => Rank::Jack,
            "Q" => Rank::Queen,
            "K" => Rank::King,
            "A" => Rank::Ace,
            _ => return None,
        })
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

/// A Red7 colour, in the rainbow's order (R, O, Y, G, B, I, V): the order of `ALL`, of the
/// Red7 cards' indices and of `Ord`. Which colour beats which is Red7's rule, kept in `rules`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Red,
    Orange,
    Yellow,
    Green,
    Blue,
    Indigo,
    Violet,
}

impl Colour {
    pub const ALL: [Colour; 7] = [
        Colour::Red,
        Colour::Orange,
        Colour::Yellow,
        Colour::Green,
        Colour::Blue,
        Colour::Indigo,
        Colour::Violet,
    ];

    pub fn letter(self) -> char {
        ['R', 'O', 'Y', 'G', 'B', 'I', 'V'][self as usize]
    }

    pub fn name(self) -> &'static str {
        [
            "Red", "Orange", "Yellow", "Green", "Blue", "Indigo", "Violet",
        ][self as usize]
    }

    /// The colour as people see it beside a number: one coloured symbol per colour, distinct
    /// on light and dark backgrounds, in the order of the rainbow (❤️ 🧡 💛 💚 🩵 💙 💜).
    pub fn symbol(self) -> &'static str {
        [
            "\u{2764}\u{fe0f}",
            "\u{1f9e1}",
            "\u{1f49b}",
            "\u{1f49a}",
            "\u{1fa75}",
            "\u{1f499}",
            "\u{1f49c}",
        ][self as usize]
    }

    pub fn from_letter(c: char) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|col| col.letter() == c.to_ascii_uppercase())
    }
}

/// Which deck a card belongs to, with its parts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CardKind {
    Standard(Rank, Suit),
    Red7(Colour, u8),
    /// A tarot trump 1…21.
    Trump(u8),
    Fool,
}

/// `Rank::ALL[i % 13]` and `Suit::ALL[(i / 13) % 4]` for every byte `i`, made once: a card's
/// rank and suit are one load (rules ask them in every step of a search's playouts).
const RANK_OF: [Rank; 256] = {
    let mut table = [Rank::Two; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = Rank::ALL[i % 13];
        i += 1;
    }
    table
};
const SUIT_OF: [Suit; 256] = {
    let mut table = [Suit::Spades; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = Suit::ALL[(i / 13) % 4];
        i += 1;
    }
    table
};

const RED7_BASE: u8 = 52;
const TRUMP_BASE: u8 = 101;
const FOOL: u8 = 122;

/// One card of any deck pakka uses. `Copy`, one byte, ordered by its index (standard cards in
/// suit order S, H, D, C, each suit 2…A).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// Number of distinct cards over all decks; every index is below this.
    pub const COUNT: usize = 123;

    pub const FOOL: Card = Card(FOOL);

    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + (rank as u8 - 2))
    }

    /// A Red7 card; `number` must be 1…7.
    pub fn red7(colour: Colour, number: u8) -> Card {
        assert!((1..=7).contains(&number), "Red7 numbers are 1–7");
        Card(RED7_BASE + colour as u8 * 7 + (number - 1))
    }

    /// A tarot trump; `n` must be 1…21.
    pub fn trump(n: u8) -> Card {
        assert!((1..=21).contains(&n), "tarot trumps are 1–21");
        Card(TRUMP_BASE + n - 1)
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn from_index(i: usize) -> Option<Card> {
        (i < Card::COUNT).then_some(Card(i as u8))
    }

    pub fn kind(self) -> CardKind {
        let i = self.0;
        if i < RED7_BASE {
            CardKind::Standard(Rank::ALL[(i % 13) as usize], Suit::ALL[(i / 13) as usize])
        } else if i < TRUMP_BASE {
            let j = i - RED7_BASE;
            CardKind::Red7(Colour::ALL[(j / 7) as usize], j % 7 + 1)
        } else if i < FOOL {
            CardKind::Trump(i - TRUMP_BASE + 1)
        } else {
            CardKind::Fool
        }
    }

    pub fn is_standard(self) -> bool {
        self.0 < RED7_BASE
    }

    /// The rank of a standard card. Calling it on another kind of card is a bug (checked in
    /// debug builds); it then answers `Two`.
    pub fn rank(self) -> Rank {
        debug_assert!(self.is_standard(), "rank() of a non-standard card {self}");
        RANK_OF[usize::from(self.0)]
    }

    /// The suit of a standard card (see [`Card::rank`]).
    pub fn suit(self) -> Suit {
        debug_assert!(self.is_standard(), "suit() of a non-standard card {self}");
        SUIT_OF[usize::from(self.0)]
    }

    /// Red7 colour and number, if this is a Red7 card.
    pub fn red7_parts(self) -> Option<(Colour, u8)> {
        match self.kind() {
            CardKind::Red7(c, n) => Some((c, n)),
            _ => None,
        }
    }

    /// Tarot value 1…21, or `None` for the Fool and other decks.
    pub fn trump_value(self) -> Option<u8> {
        match self.kind() {
            CardKind::Trump(n) => Some(n),
            _ => None,
        }
    }

    /// The card for display to people: `10♥`, `❤️7` (a Red7 card by its colour's symbol),
    /// `21`, `Fool`. Never the notation of the engine console and JSON, which is `Display`.
    pub fn pretty(self) -> String {
        match self.kind() {
            CardKind::Standard(r, s) => format!("{}{}", r.notation(), s.symbol()),
            CardKind::Red7(c, n) => format!("{}{}", c.symbol(), n),
            _ => self.to_string(),
        }
    }
}

impl Card {
    /// The card's notation ("10♥", "R7", "21", "Fool"): what `Display` writes and JSON holds,
    /// written once per card for the whole process (serializing a state names many cards).
    pub fn notation(self) -> &'static str {
        static NAMES: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
            (0..Card::COUNT)
                .filter_map(Card::from_index)
                .map(|c| match c.kind() {
                    CardKind::Standard(r, s) => format!("{}{}", r.notation(), s.letter()),
                    CardKind::Red7(c, n) => format!("{}{}", c.letter(), n),
                    CardKind::Trump(n) => n.to_string(),
                    CardKind::Fool => "Fool".to_string(),
                })
                .collect()
        });
        &NAMES[self.index()]
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A string that names no card.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown card \"{0}\"")]
pub struct ParseCardError(pub String);

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let t = s.trim();
        let err = || ParseCardError(s.to_string());
        if t.eq_ignore_ascii_case("fool") {
            return Ok(Card::FOOL);
        }
        if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            return match t.parse::<u8>() {
                Ok(n) if (1..=21).contains(&n) && !t.starts_with('0') => Ok(Card::trump(n)),
                _ => Err(err()),
            };
        }
        let mut chars = t.chars();
        let last = chars.next_back().ok_or_else(err)?;
        let head = chars.as_str();
        if let (Some(suit), Some(rank)) = (Suit::from_letter(last), Rank::parse(head)) {
            return Ok(Card::new(rank, suit));
        }
        let mut chars = t.chars();
        if let (Some(first), Some(digit), None) = (chars.next(), chars.next(), chars.next()) {
            if let (Some(colour), Some(n)) = (Colour::from_letter(first), digit.to_digit(10)) {
                if (1..=7).contains(&n) {
                    return Ok(Card::red7(colour, n as u8));
                }
            }
        }
        Err(err())
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.notation())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    //! Card notation: every card's index round-trips through its notation; aliases and any case
    //! parse; what is no card is refused; a card's parts read back; and serde writes and reads the
    //! notation.

    use super::*;

    #[test]
    fn every_index_round_trips_through_notation() {
        for i in 0..Card::COUNT {
            let c = Card::from_index(i).unwrap();
            assert_eq!(c.to_string().parse::<Card>(), Ok(c), "card {c}");
        }
        assert_eq!(Card::from_index(Card::COUNT), None);
    }

    #[test]
    fn parses_aliases_and_case() {
        let ten = Card::new(Rank::Ten, Suit::Hearts);
        assert_eq!("10H".parse(), Ok(ten));
        assert_eq!("th".parse(), Ok(ten));
        assert_eq!("10♥".parse(), Ok(ten));
        assert_eq!("fool".parse(), Ok(Card::FOOL));
        assert_eq!("v1".parse(), Ok(Card::red7(Colour::Violet, 1)));
        assert_eq!("21".parse(), Ok(Card::trump(21)));
        assert_eq!(ten.pretty(), "10♥");
    }

    #[test]
    fn refuses_what_is_no_card() {
        for bad in [
            "", "1H", "11S", "ZZ", "R8", "R0", "0", "22", "01", "AX", "KHH",
        ] {
            assert!(bad.parse::<Card>().is_err(), "{bad} parsed");
        }
    }

    #[test]
    fn parts() {
        let c: Card = "QS".parse().unwrap();
        assert_eq!((c.rank(), c.suit()), (Rank::Queen, Suit::Spades));
        assert_eq!(Rank::Ace.ace_low(), 1);
        assert_eq!(Rank::from_ace_low(13), Some(Rank::King));
        assert_eq!(
            "B5".parse::<Card>().unwrap().red7_parts(),
            Some((Colour::Blue, 5))
        );
        assert_eq!("7".parse::<Card>().unwrap().trump_value(), Some(7));
        assert_eq!(Card::FOOL.trump_value(), None);
    }

    #[test]
    fn serde_uses_notation() {
        let c: Card = "10D".parse().unwrap();
        assert_eq!(serde_json::to_string(&c).unwrap(), "\"10D\"");
        assert_eq!(serde_json::from_str::<Card>("\"td\"").unwrap(), c);
        assert!(serde_json::from_str::<Card>("\"XX\"").is_err());
    }
}
