//! The one integration test binary, as ripgrep builds its own: every integration suite is a
//! module here, so serenity, sqlx and axum are linked once. Run one suite with
//! `cargo test --test tests engine::` (the module name is the filter's first segment).

mod support;

mod architecture;
mod catalog;
mod e2e;
mod e2e_abuse;
mod e2e_browser;
mod e2e_costs;
mod e2e_faults;
mod e2e_finnish;
mod e2e_games;
mod e2e_images;
mod e2e_invite;
mod e2e_kop;
mod e2e_learning;
mod e2e_limits;
mod e2e_lobby;
mod e2e_matches;
mod e2e_metrics;
mod e2e_outage;
mod e2e_owner_errors;
mod e2e_places;
mod e2e_quiet;
mod e2e_records;
mod e2e_replay;
mod e2e_seasons;
mod e2e_shards;
mod e2e_stop;
mod e2e_tournament;
mod e2e_tricks;
mod e2e_voice;
mod e2e_window;
mod engine;
mod engine_auction;
mod engine_red7;
mod engine_shedding;
mod engine_tricks;
mod events;
mod fake_discord_places;
mod fake_discord_smoke;
mod load;
mod pictures;
mod ratings;
mod rules_pages;
mod store;
mod upgrade;
