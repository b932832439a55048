//! The terminal front ends of the `pakka` binary that need no Discord: the `engine` console
//! (line-oriented JSON, `shared/rules/engine-protocol.md`), `play` (a game against computer
//! players) and `arena` (computer players against each other). Argument parsing lives in
//! `main.rs`.

pub mod arena;
pub mod engine;
pub mod play;
