//! pakka: nine traditional card games for Discord, with a rules engine you can drive from a
//! terminal. This crate is the top of the workspace: the `pakka` binary's subcommands (`cli`)
//! and, re-exported under their layer names, the crates it wires together, from the bottom:
//! `cards` (primitives), `text` (words before any language), `catalog` (every word, per
//! language), `rules` (one pure module per game behind one trait, and the registry), `ai`
//! (computer players), `ratings` (pure), `shards` (the gateway shards a process runs), `store` (all SQL), `table` (the table service, free of
//! Discord types), `render` (pictures), `config`, `metrics` (the Prometheus families the edges
//! record), `edge` (what the Discord and web edges share), `discord` (the only crate that knows
//! serenity and poise) and `web` (the Activity's windows). See ARCHITECTURE.md for the layers and their invariants.

pub mod cli;

pub use pakka_ai as ai;
pub use pakka_cards as cards;
pub use pakka_catalog as catalog;
pub use pakka_config as config;
pub use pakka_discord as discord;
pub use pakka_edge as edge;
pub use pakka_metrics as metrics;
pub use pakka_ratings as ratings;
pub use pakka_render as render;
pub use pakka_rules as rules;
pub use pakka_shards as shards;
pub use pakka_store as store;
pub use pakka_table as table;
pub use pakka_text as text;
pub use pakka_text::{key, msg};
pub use pakka_web as web;

/// The pace of the tables' own life as the operator configured it (`COMPUTER_PAUSE_MS`,
/// `TIMER_MINUTE_MS`, `LOBBY_TIMEOUT_MINUTES`).
pub fn clocks(config: &config::Config) -> table::Clocks {
    table::Clocks {
        computer_pause: config.computer_pause,
        timer_minute: config.timer_minute,
        lobby_timeout: config.lobby_timeout,
    }
}
