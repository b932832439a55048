//! pakka: nine traditional card games for Discord, with a rules engine you can drive from a
//! terminal. The layers, from the bottom: `cards` (primitives), `rules` (one pure module per game
//! behind one trait, and the registry), `ai` (computer players), `store` (all SQL), `table` (the table service, free of
//! Discord types), `discord` (the only place serenity and poise appear), `cli` (the engine
//! console) and `config`. See ARCHITECTURE.md for the layers and their invariants.

pub mod ai;
pub mod cards;
pub mod catalog;
pub mod cli;
pub mod config;
pub mod discord;
pub mod ratings;
pub mod render;
pub mod rules;
pub mod store;
pub mod table;
pub mod text;
