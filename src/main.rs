//! The `pakka` binary: parses the command line, reads configuration, sets up logging and calls
//! into the library. With no subcommand it runs the Discord bot (`serve`). What it prints is
//! worded in the terminal's language (`--lang`, else the locale variables: `pakka::cli::lang`).

use std::io;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use pakka::msg;
use pakka::text::{key, verbatim, Msg};

// Every help text is set from the catalog by `command()` (the `cli-help-*` keys of `cli.ftl`).
#[derive(Parser)]
#[command(name = "pakka", version)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    // Read by `pakka::cli::lang_arg` before clap runs; declared so clap accepts and lists it.
    #[arg(long, global = true, value_name = "LANG")]
    lang: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    Serve,
    Engine,
    Games,
    Play {
        game: String,
        #[arg(long)]
        seats: Option<usize>,
        #[arg(long, default_value = "normal", value_parser = pakka::cli::parse_level)]
        level: pakka::ai::Level,
        #[arg(long)]
        seed: Option<u64>,
        #[arg(long, default_value = "")]
        options: String,
    },
    Arena(pakka::cli::arena::ArenaConfig),
    Render(pakka::cli::render::RenderConfig),
    Ratings {
        database: String,
        #[arg(long)]
        check: bool,
    },
    Replay {
        db: String,
        id: i64,
    },
    Invite,
    Backup {
        file: std::path::PathBuf,
        #[arg(long)]
        database: Option<String>,
    },
    Restore {
        file: std::path::PathBuf,
        #[arg(long)]
        database: Option<String>,
    },
}

/// Every subcommand's help and its arguments' helps in the catalog: (subcommand, argument,
/// key); an empty argument is the subcommand's own help.
const HELPS: &[(&str, &str, &str)] = &[
    ("serve", "", key!("cli-help-serve")),
    ("engine", "", key!("cli-help-engine")),
    ("games", "", key!("cli-help-games")),
    ("play", "", key!("cli-help-play")),
    ("play", "game", key!("cli-help-game")),
    ("play", "seats", key!("cli-help-play-seats")),
    ("play", "level", key!("cli-help-level")),
    ("play", "seed", key!("cli-help-play-seed")),
    ("play", "options", key!("cli-help-options")),
    ("arena", "", key!("cli-help-arena")),
    ("arena", "game", key!("cli-help-game")),
    ("arena", "seats", key!("cli-help-arena-seats")),
    ("arena", "players", key!("cli-help-players")),
    ("arena", "games", key!("cli-help-games-count")),
    ("arena", "seed", key!("cli-help-arena-seed")),
    ("arena", "options", key!("cli-help-options")),
    ("arena", "iterations", key!("cli-help-iterations")),
    ("arena", "think_ms", key!("cli-help-think-ms")),
    ("arena", "threads", key!("cli-help-threads")),
    ("arena", "table", key!("cli-help-arena-table")),
    ("arena", "results", key!("cli-help-arena-results")),
    ("render", "", key!("cli-help-render")),
    ("render", "game", key!("cli-help-game")),
    ("render", "seats", key!("cli-help-play-seats")),
    ("render", "seed", key!("cli-help-render-seed")),
    ("render", "moves", key!("cli-help-render-moves")),
    ("render", "seat", key!("cli-help-render-seat")),
    ("render", "options", key!("cli-help-options")),
    ("render", "output", key!("cli-help-render-output")),
    ("ratings", "", key!("cli-help-ratings")),
    ("ratings", "database", key!("cli-help-database")),
    ("ratings", "check", key!("cli-help-ratings-check")),
    ("replay", "", key!("replay-help")),
    ("replay", "db", key!("replay-help-db")),
    ("replay", "id", key!("replay-help-id")),
    ("invite", "", key!("cli-help-invite")),
    ("backup", "", key!("cli-help-backup")),
    ("backup", "file", key!("cli-help-backup-file")),
    ("backup", "database", key!("cli-help-backup-database")),
    ("restore", "", key!("cli-help-restore")),
    ("restore", "file", key!("cli-help-restore-file")),
    ("restore", "database", key!("cli-help-backup-database")),
];

/// The command line with its help texts worded by the catalog.
fn command() -> clap::Command {
    let t = |key: &'static str| pakka::cli::text(&Msg::new(key, Vec::new()));
    let top = Cli::command()
        .about(t(key!("cli-help-about")))
        .mut_arg("lang", |a| a.help(t(key!("cli-help-lang"))));
    HELPS.iter().fold(top, |c, &(sub, arg, key)| {
        c.mut_subcommand(sub, |s| match arg {
            "" => s.about(t(key)),
            arg => s.mut_arg(arg, |a| a.help(t(key))),
        })
    })
}

/// SIGTERM and Ctrl-C held back before `main` runs (as the process's libraries are set up, the
/// first moment a program can act): a signal sent the instant the bot was started waits for
/// `main`, which lets it through at once for a command, or once listening for `serve`.
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static HOLD_SIGNALS_FROM_THE_START: extern "C" fn() = {
    extern "C" fn hold() {
        std::mem::forget(pakka::discord::HeldSignals::now());
    }
    hold
};

/// The allocator: jemalloc, with one arena and its freed pages given back to the system at
/// once. Under a burst of clicks glibc's allocator grows the async worker's arena and keeps the
/// pages afterwards, so the bot's resident memory stays at its busiest moment; jemalloc's
/// follows what is in use (BENCHMARKS.md, "Past 100 tables; fewer things at once with an
/// allocator that gives pages back", issue 44). An operator may change the settings with
/// jemalloc's own variable, `_RJEM_MALLOC_CONF` (read after these), for instance `narenas:8`
/// on a machine with many cores.
#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// jemalloc's settings as compiled in: its `malloc_conf` (prefixed `_rjem_` by the crate), a
/// C string that it reads once as it starts.
#[cfg(not(target_env = "msvc"))]
#[allow(non_upper_case_globals)]
#[export_name = "_rjem_malloc_conf"]
static malloc_conf: Option<&u8> = Some(&b"narenas:1,dirty_decay_ms:0,muzzy_decay_ms:0\0"[0]);

fn main() -> ExitCode {
    // SIGTERM and Ctrl-C held back from the first moment: `serve` listens for them before it
    // lets them through (a clean stop at any step of its start); every other command lets them
    // through as soon as it is known.
    let held = pakka::discord::HeldSignals::now();
    let args = std::env::args_os().skip(1);
    let flag = pakka::cli::lang_arg(args.map(|a| a.to_string_lossy().into_owned()));
    let lang = pakka::cli::set_lang(flag.as_deref());
    if flag.is_some() {
        pakka::cli::engine::set_lang(lang);
    }
    let cli = Cli::from_arg_matches(&command().get_matches()).unwrap_or_else(|e| e.exit());
    let command = cli.command.unwrap_or(Command::Serve);
    if !matches!(command, Command::Serve) {
        drop(held);
        return run(command);
    }
    serve(held)
}

/// Every command but `serve`.
fn run(command: Command) -> ExitCode {
    match command {
        Command::Serve => unreachable!("served by `serve`"),
        Command::Engine => {
            let stdin = io::stdin();
            match pakka::cli::engine::run(stdin.lock(), io::stdout().lock()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    fail(&e.to_string());
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
                lang: pakka::cli::lang(),
            };
            let stdin = io::stdin();
            match pakka::cli::play::run(&config, &mut stdin.lock(), &mut io::stdout().lock()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    fail(&format!("{e:#}"));
                    ExitCode::FAILURE
                }
            }
        }
        Command::Arena(config) if config.table => {
            match pakka::cli::arena_table::run(&config, &mut io::stdout().lock()) {
                Ok(_) => ExitCode::SUCCESS,
                Err(e) => {
                    fail(&format!("{e:#}"));
                    ExitCode::FAILURE
                }
            }
        }
        Command::Arena(config) => match pakka::cli::arena::run(&config) {
            Ok(report) => {
                println!("{}", report.table());
                ExitCode::SUCCESS
            }
            Err(e) => {
                fail(&format!("{e:#}"));
                ExitCode::FAILURE
            }
        },
        Command::Render(config) => match pakka::cli::render::run(&config) {
            Ok(line) => {
                println!("{line}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                fail(&format!("{e:#}"));
                ExitCode::FAILURE
            }
        },
        Command::Games => {
            println!("{}", pakka::cli::games());
            ExitCode::SUCCESS
        }
        Command::Ratings { database, check } => {
            match pakka::cli::ratings::run(&database, !check) {
                Ok(done) => {
                    println!("{}", pakka::cli::ratings::report(&done, !check));
                    // --check fails when the stored ratings are not what the results give.
                    if check && done.differing > 0 {
                        ExitCode::FAILURE
                    } else {
                        ExitCode::SUCCESS
                    }
                }
                Err(e) => {
                    fail(&format!("{e:#}"));
                    ExitCode::FAILURE
                }
            }
        }
        Command::Replay { db, id } => replay(&db, id),
        Command::Invite => invite(),
        Command::Backup { file, database } => {
            let database = database.unwrap_or_else(pakka::config::database_url);
            told(pakka::cli::backup::backup(&database, &file))
        }
        Command::Restore { file, database } => {
            let database = database.unwrap_or_else(pakka::config::database_url);
            told(pakka::cli::backup::restore(&database, &file))
        }
    }
}

/// `pakka invite`: the link that adds the bot of `DISCORD_TOKEN` to a server, with the scopes
/// and permissions pakka needs (its application id read from Discord).
fn invite() -> ExitCode {
    let config = match pakka::config::Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{}", pakka::cli::text(&e.msg()));
            return ExitCode::from(2);
        }
    };
    let Some(runtime) = runtime() else {
        return ExitCode::FAILURE;
    };
    match runtime.block_on(pakka::discord::invite::application_id(&config)) {
        Ok(app) => {
            let message = pakka::discord::invite::message(app);
            println!("{}", pakka::cli::text(&message));
            ExitCode::SUCCESS
        }
        Err(e) => {
            let why = msg!("cli-invite-failed", detail = verbatim(e.to_string()));
            fail(&pakka::cli::text(&why));
            ExitCode::FAILURE
        }
    }
}

/// Prints what a command did on stdout, or why it did not on stderr.
fn told(outcome: Result<Msg, Msg>) -> ExitCode {
    match outcome {
        Ok(done) => {
            println!("{}", pakka::cli::text(&done));
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!("{}", pakka::cli::text(&why));
            ExitCode::FAILURE
        }
    }
}

/// A tokio runtime, or None after saying on stderr why there is none.
fn runtime() -> Option<tokio::runtime::Runtime> {
    tokio::runtime::Runtime::new()
        .map_err(|e| {
            let why = msg!("cli-no-runtime", detail = verbatim(e.to_string()));
            eprintln!("{}", pakka::cli::text(&why));
        })
        .ok()
}

/// `pakka replay <db> <id>`: a finished game's steps on stdout, a refusal on stderr.
fn replay(db: &str, id: i64) -> ExitCode {
    let Some(runtime) = runtime() else {
        return ExitCode::FAILURE;
    };
    let lang = pakka::cli::lang();
    let mut out = io::stdout().lock();
    match runtime.block_on(pakka::cli::replay::run(db, id, lang, &mut out)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            fail(&pakka::cli::text(&e.msg()));
            ExitCode::FAILURE
        }
    }
}

/// The bot: SIGTERM and Ctrl-C (`held` back since the process began) stop it cleanly at any
/// step of its start, once the runtime listens for them.
fn serve(held: pakka::discord::HeldSignals) -> ExitCode {
    let config = match pakka::config::Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{}", pakka::cli::text(&e.msg()));
            return ExitCode::from(2);
        }
    };
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .init();
    let Some(runtime) = runtime() else {
        return ExitCode::FAILURE;
    };
    let stop = {
        let _in = runtime.enter();
        pakka::discord::Stop::listen_releasing(held)
    };
    let served = runtime.block_on(serve_discord(&config, stop));
    // A computer player's search or a picture still being drawn is not waited for.
    runtime.shutdown_timeout(Duration::from_millis(500));
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e:#}");
            // Discord unreachable or the token rejected: the catalog's sentence says what to do.
            match e.downcast_ref::<pakka::discord::StartError>() {
                Some(start) => eprintln!("{}", pakka::cli::text(&start.msg())),
                None => fail(&format!("{e:#}")),
            }
            ExitCode::FAILURE
        }
    }
}

/// Wires the parts: opens the store, builds the table service and restores every unfinished
/// table of the servers on this process's shards (`SHARDS`; every table without it), then runs
/// Discord on those shards until SIGTERM or Ctrl-C, and closes the store after a clean stop.
async fn serve_discord(
    config: &pakka::config::Config,
    mut stop: pakka::discord::Stop,
) -> anyhow::Result<()> {
    tracing::info!(
        database = %pakka::store::redacted(&config.database_url),
        "starting: opening the database"
    );
    let opened = tokio::select! {
        opened = pakka::store::Store::open(&config.database_url) => opened,
        signal = stop.signalled() => {
            // A migration is one transaction: it is rolled back, and the next start runs it.
            tracing::info!(signal, "stopped while opening the database");
            return Ok(());
        }
    };
    let store = opened.with_context(|| {
        format!(
            "cannot open the database {}",
            pakka::store::redacted(&config.database_url)
        )
    })?;
    let limits = pakka::table::Limits {
        per_person: config.max_tables_per_person,
        per_server: config.max_tables_per_server,
    };
    let shards = config.shards.unwrap_or(pakka::store::ShardRange::ALL);
    let closing = store.clone();
    let service = pakka::table::TableService::with_limits(store, limits)
        .on_shards(shards)
        .thinking(config.computer_think.unwrap_or(pakka::table::DEFAULT_THINK))
        .with_clocks(pakka::clocks(config));
    let service = Arc::new(service);
    let restored = tokio::select! {
        restored = service.restore() => restored?,
        signal = stop.signalled() => {
            // Restoring only reads and rebuilds in memory: the next start restores every table
            // again. (A table that no longer replays is closed in one statement as it is met;
            // a stop before the Discord edge starts leaves its channel untold of it.)
            tracing::info!(signal, "stopped while restoring the tables");
            close_store(&closing).await;
            return Ok(());
        }
    };
    match config.shards {
        Some(r) => tracing::info!(
            restored,
            first = r.first,
            last = r.last,
            total = r.total,
            "restored the unfinished tables of this process's shards"
        ),
        None => tracing::info!(restored, "restored unfinished tables"),
    }
    // The tables run themselves from here: computer players, turn timers, lobbies' expiry.
    service.start();
    let window = start_window(config, &service).await;
    // The table messages offer "Open the table" only while a window is served.
    let mut edge = config.clone();
    if window.is_none() {
        edge.activity_addr = None;
    }
    // The windows are told as the stop begins, as new clicks are.
    let web = window.as_ref().map(|w| w.web.clone());
    let tell = move || {
        if let Some(web) = web {
            web.stop();
        }
    };
    // One map of people's names for both edges: a name one hears, the other shows.
    let people = window
        .as_ref()
        .map(|w| w.web.people().clone())
        .unwrap_or_default();
    let ran = pakka::discord::run_telling(&edge, service, people, stop, tell).await;
    if let Some(window) = window {
        window.stop().await;
    }
    ran?;
    close_store(&closing).await;
    tracing::info!("stopped cleanly");
    Ok(())
}

/// The Activity's web edge, when `ACTIVITY_ADDR` asks for it and the application's secret is
/// there to sign people in; otherwise off, and the log says why. A web edge that cannot start
/// (its address taken, Discord not answering) leaves the bot running without it.
async fn start_window(
    config: &pakka::config::Config,
    service: &Arc<pakka::table::TableService>,
) -> Option<pakka::web::Running> {
    let addr = config.activity_addr?;
    let Some(secret) = config.client_secret.as_deref() else {
        tracing::warn!(
            "ACTIVITY_ADDR is set but DISCORD_CLIENT_SECRET is not: the Activity's window is off"
        );
        return None;
    };
    let settings = pakka::web::Settings {
        addr,
        client: config.activity_client.clone(),
        api: pakka::web::DiscordApi::new(
            config.http_proxy.as_deref(),
            config.proxy_speaks_http2(),
            &config.token,
            secret,
        ),
        shards: config.shards,
    };
    match pakka::web::start(settings, service.clone()).await {
        Ok(running) => Some(running),
        Err(e) => {
            tracing::error!(error = %e, "the Activity's window is off");
            None
        }
    }
}

/// Closes the store within `STORE_CLOSE`: every move stored is committed; closing lets SQLite
/// fold its write-ahead log back in.
async fn close_store(store: &pakka::store::Store) {
    if tokio::time::timeout(STORE_CLOSE, store.close())
        .await
        .is_err()
    {
        tracing::warn!("the database did not close in time");
    }
}

/// How long a stop waits for the store to close (after the gateway, within
/// `discord::STOP_WITHIN`).
const STORE_CLOSE: Duration = Duration::from_secs(1);

/// Tells the person at the terminal what stopped the command.
fn fail(detail: &str) {
    eprintln!(
        "{}",
        pakka::cli::text(&msg!("cli-error", detail = verbatim(detail)))
    );
}
