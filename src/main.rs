//! The `pakka` binary: parses the command line, reads configuration, sets up logging and calls
//! into the library. With no subcommand it runs the Discord bot (`serve`).

use std::io;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context as _;
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
    /// Play a game in the terminal against computer players.
    Play {
        /// The game id or alias.
        game: String,
        /// Number of seats (default: the fewest the game allows).
        #[arg(long)]
        seats: Option<usize>,
        /// The computer players' level: easy, normal or hard.
        #[arg(long, default_value = "normal")]
        level: pakka::ai::Level,
        /// Deal a known deck.
        #[arg(long)]
        seed: Option<u64>,
        /// Game options as name=value words, e.g. "stop_rule=true".
        #[arg(long, default_value = "")]
        options: String,
    },
    /// Computer players against each other: win shares, mean scores and decision times.
    Arena {
        /// The game id or alias.
        game: String,
        /// Number of seats (default: one per player).
        #[arg(long)]
        seats: Option<usize>,
        /// One level per seat, comma-separated, e.g. hard,normal,easy.
        #[arg(long, value_delimiter = ',', required = true)]
        players: Vec<pakka::ai::Level>,
        /// Seeded deals to play (each once per rotation of the players).
        #[arg(long, default_value_t = 100)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Game options as name=value words.
        #[arg(long, default_value = "")]
        options: String,
        /// Worker threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
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
        Command::Play {
            game,
            seats,
            level,
            seed,
            options,
        } => {
            let config = pakka::cli::play::PlayConfig {
                game,
                seats,
                level,
                seed,
                options,
            };
            let stdin = io::stdin();
            match pakka::cli::play::run(&config, &mut stdin.lock(), &mut io::stdout().lock()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e:#}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Arena {
            game,
            seats,
            players,
            games,
            seed,
            options,
            threads,
        } => {
            let config = pakka::cli::arena::ArenaConfig {
                game,
                seats,
                players,
                games,
                seed,
                options,
                threads,
            };
            match pakka::cli::arena::run(&config) {
                Ok(report) => {
                    println!("{}", report.table());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e:#}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Games => {
            println!("{}", pakka::cli::games());
            ExitCode::SUCCESS
        }
    }
}

fn serve() -> ExitCode {
    let config = match pakka::config::Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{}", pakka::catalog::en(&e.msg()));
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
    match runtime.block_on(serve_discord(&config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e:#}");
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Wires the parts: opens the store, builds the table service and restores every unfinished
/// table, then runs Discord on it until Ctrl-C.
async fn serve_discord(config: &pakka::config::Config) -> anyhow::Result<()> {
    let store = pakka::store::Store::open(&config.database_url)
        .await
        .with_context(|| format!("cannot open the database {}", config.database_url))?;
    let service = Arc::new(pakka::table::TableService::new(store));
    let restored = service.restore().await?;
    tracing::info!(restored, "restored unfinished tables");
    pakka::discord::run(config, service).await
}
