//! pakka: nine traditional card games for Discord, with a rules engine you can drive from a
//! terminal. The layers, from the bottom: `cards` (primitives), `rules` (one pure module per game
//! behind one trait, and the registry) and `cli` (the `pakka engine` console). See
//! ARCHITECTURE.md for the layers and their invariants.

pub mod cards;
pub mod cli;
pub mod rules;
