//! Shared helpers for the integration tests.
//!
//! Each test binary that needs them declares `mod support;` and uses only part of what is here,
//! so unused items are expected.
#![allow(dead_code, unused_imports)]

pub mod fake_discord;
pub mod harness;

pub use fake_discord::{
    FakeDiscord, FakeMessage, FakeUser, InteractionOutcome, MessageOrigin, MessageVersion,
};
