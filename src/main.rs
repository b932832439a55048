//! The `pakka` binary: parses the command line, reads configuration, sets up logging and calls
//! into the library. With no subcommand it runs the Discord bot (`serve`).

use std::io;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "pakka",
    version,
    about = "Nine traditional card games for Discord, and their rules engine"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (the default). Reads DISCORD_TOKEN and friends from the environment or .env.
    Serve,
    /// Drive the rules engine with one JSON object per line on stdin (see README.md).
    Engine,
    /// List the games, their ids, aliases and seat counts.
    Games,
}

fn main() -> ExitCode {
    match Cli::parse().command.unwrap_or(Command::Serve) {
        Command::Serve => serve(),
        Command::Engine => {
            let stdin = io::stdin();
            match pakka::cli::engine::run(stdin.lock(), io::stdout().lock()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
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
            ExitCode::SUCCESS
        }
    }
}

fn serve() -> ExitCode {
    let config = match pakka::config::Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .init();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(pakka::discord::run(&config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e:#}");
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
