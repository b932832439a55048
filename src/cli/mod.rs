//! The terminal front ends of the `pakka` binary that need no Discord: the `engine` console
//! (line-oriented JSON, `shared/rules/engine-protocol.md`). Argument parsing lives in `main.rs`.

pub mod engine;
