//! Shared helpers for the integration tests.
//!
//! The one integration binary (`tests/tests.rs`) declares `mod support;`; each module uses only
//! part of what is here.
#![allow(dead_code, unused_imports)]

pub mod backends;
pub mod bot_process;
pub mod console;
pub mod fake_discord;
pub mod faulty_vfs;
pub mod harness;
pub mod http;
pub mod postgres;
pub mod proxy;
pub mod small_disk;
pub mod source;
pub mod windows;

pub use fake_discord::{
    FakeDiscord, FakeMessage, FakeUser, InteractionOutcome, MessageOrigin, MessageVersion,
};
