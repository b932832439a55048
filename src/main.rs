//! The `pakka` binary: parses the command line and calls into the library. The Discord bot will
//! be the default `serve` subcommand; today the binary offers the engine console.

use std::io;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "pakka",
    version,
    about = "Nine traditional card games for Discord, and their rules engine"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Drive the rules engine with one JSON object per line on stdin (see README.md).
    Engine,
    /// List the games, their ids, aliases and seat counts.
    Games,
}

fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Engine => {
            let stdin = io::stdin();
            pakka::cli::engine::run(stdin.lock(), io::stdout().lock())?;
        }
        Command::Games => {
            for g in pakka::rules::registry::GAMES {
                let (lo, hi) = g.seats;
                let aliases = if g.aliases.is_empty() {
                    String::new()
                } else {
                    format!(" (also {})", g.aliases.join(", "))
                };
                println!("{:<14} {}{aliases}, {lo}–{hi} players", g.id, g.name);
            }
        }
    }
    Ok(())
}
