//! Shared helpers for the integration tests: the fake Discord (`fake_discord`) and the bot on
//! top of it (`harness`, in process; `bot_process`, the binary as a child process), pakka's
//! button ids built and read by the edge's own `ComponentId` (`ids`), a fresh database of each
//! backend (`backends`, `postgres`) and the faults a test puts under one (`faulty_vfs`,
//! `proxy`, `small_disk`), `pakka engine` as a subprocess (`console`), plain HTTP (`http`), the
//! workspace's own source (`source`) and the Activity's windows (`windows`).
//!
//! The one integration binary (`tests/tests.rs`) declares `mod support;`; each module uses only
//! part of what is here.
#![allow(dead_code, unused_imports)]

pub mod backends;
pub mod bot_process;
pub mod console;
pub mod fake_discord;
pub mod faulty_vfs;
pub mod hand_history;
pub mod harness;
pub mod http;
pub mod ids;
pub mod postgres;
pub mod proxy;
pub mod small_disk;
pub mod source;
pub mod windows;

pub use fake_discord::{
    FakeDiscord, FakeMessage, FakeUser, InteractionOutcome, MessageOrigin, MessageVersion,
};
