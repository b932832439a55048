//! Card primitives that know nothing of any game: suits, ranks, the one `Card` type that covers
//! the standard deck, the Red7 deck and the 22 tarot trumps, a bitset `CardSet`, the
//! game-neutral decks (`standard52`, `tarot22`; a deck of one game lives in that game's folder),
//! and the notation of `docs/rules/README.md` (`10H`, `R7`, `Fool`) with Unicode
//! suit symbols for display. Game rules (which card beats which) live in `rules`, not here.

mod card;
mod deck;
mod set;

pub use card::{Card, CardKind, Colour, ParseCardError, Rank, Suit};
pub use deck::{shuffled, standard52, tarot22, validate_deck, DeckError};
pub use set::CardSet;

/// Parses a whitespace- or comma-separated list of cards, e.g. `"5H 5S, 10D"`.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, ParseCardError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .map(str::parse)
        .collect()
}

/// Writes cards in canonical notation separated by spaces.
pub fn format_cards(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
