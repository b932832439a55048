//! The rules core: the one `Game` trait every game implements, the types the trait speaks in
//! (`Seat`, `Observer`, `Status`, `Zone`, `RuleError`, `Setup`), dealing from a seed or an
//! explicit deck (`DeckSource`), the type-erased `AnyGame` the registry, the engine console and
//! the table service drive, and one module per game. Everything here is pure and deterministic:
//! no I/O, no clock, no global random number generator; randomness comes from the seed a game was
//! created with (and, for determinization, from the caller's generator).
//!
//! ## Contents
//! - [`game`]: the contract of a game state, method by method (the [`Game`] trait), the types
//!   it speaks in, and a whole game written out and played to its end (Nim over five cards).
//! - [`setup`]: a game's first deal, its deck source, the seat check and the dealing helpers.
//! - [`events`]: the sink a game tells its events through.
//! - [`present`] and [`picture`]: what people are told and shown ([`Present`], [`Scene`]).
//! - [`heuristic`] and [`reasons`]: the rule of thumb ([`Heuristic`], [`Search`]) and why it
//!   chose a move ([`Why`]).
//! - `AnyGame` and its parts: one game behind a trait object, as the engine, the table service,
//!   the computer players and conformance drive it.
//! - [`registry`] and [`showcase`]: the games by id, and the tables every suite plays them at.
//! - The toolkits the games share ([`tricks`], [`trick_play`], [`shedding`]) and one folder per
//!   game.

mod dyngame;
pub mod events;
pub mod game;
mod hash_key;
pub mod heuristic;
pub mod kop;
pub mod matapesa;
pub mod options;
pub mod paskahousu;
pub mod paston;
pub mod picture;
pub mod pishe_pasha;
pub mod poytapaska;
pub mod present;
pub mod reasons;
pub mod red7;
pub mod registry;
pub mod setup;
pub mod shedding;
pub mod showcase;
pub mod teka;
#[cfg(test)]
mod testing;
pub mod trick_play;
pub mod tricks;
pub mod whist22;

#[cfg(test)]
mod hint_tests;

pub use dyngame::{
    ActError, AnyGame, Choice, Engine, Limit, Policy, Presentation, Searchable, Told,
};
pub use events::Events;
pub use game::{Game, Observer, RuleError, Seat, Seen, Status, Zone};
pub use heuristic::{Heuristic, Search};
pub use picture::Scene;
pub use present::{Present, Row, Tone};
pub use reasons::{NoReason, Why};
pub use setup::{
    check_seats, deal_batches, rank_by_score, redeal_unseen, seats_from, DeckSource, NoOptions,
    Setup, SetupError,
};
pub use showcase::{Pictured, Showcase};

pub(crate) use game::{game_accessors, game_head};
pub(crate) use reasons::reasons;
