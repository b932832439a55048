//! The Discord front end, and the only place serenity and poise appear. Slash commands (`/play`,
//! `/scores`, `/rules`, `/abandon`, `/pause`, `/resume`, `/replay`) and every button are turned
//! into table-service calls; table and hand views come back and are rendered by `render` into
//! messages, worded by `words` (the catalog, with seats named the Discord way: mentions built here,
//! computer players and open seats as the catalog says). Buttons are routed from the one global
//! event handler by their parsed `custom_id` (`ids`), so they keep working after a restart.
//! People's mistakes get a clear ephemeral sentence (`TableError::msg`); bugs are logged with
//! `tracing` and answered generically. One person's clicks and `/play` commands are throttled
//! (`throttle`), every input from Discord is checked before it reaches the table service, and a
//! refused one gets its own sentence and changes nothing. On SIGTERM or Ctrl-C the bot stops
//! cleanly (`stopping`): what arrives is told pakka is restarting, what was let in runs to its end,
//! then the gateway closes. The binary hands `start`/`run` a ready table service; this layer opens
//! no database and imports nothing from `store`.
//!
//! The files stand in layers, each importing only from its own layer and those below it (no
//! loop; `tests/architecture.rs` checks both):
//! 1. **The transport floor**: `rest` (one call, its refusal read whole), `pace` (the queue
//!    below Discord's limits), `retry`, `message` (what a message is) and `send` (it as
//!    serenity's builders), and `public` (posting, editing and deleting a table's messages in
//!    its channel); beside them the leaves that know nothing of the bot (`ids`, `input`,
//!    `throttle`, `permissions`, `invite`, `startup`, `progress`, `handled`, `gate`, and
//!    `place`: whether an interaction's channel is reached through its own routes or, in a DM,
//!    a group DM or a server that did not add the bot, by interactions alone).
//! 2. **The words**: `command_names`, `words` (the catalog in the reader's language, seats
//!    named the Discord way, command mentions), `render` (messages from views) and `actions`
//!    (the button or command that offers each of the table's actions).
//! 3. **The edge's state**: `tables` (one record per table), `languages`, and `data`, whose
//!    `Data` holds every part and answers every question asked of them in one `impl`.
//! 4. **What the handlers share**: `reply` (answering a person), `pictures`, `health`,
//!    `stopping`, `shown` (what a handler's own answer put in the chat: an open hand, a first
//!    table message), the subscriber `listen` and `upkeep` (showing each published event in
//!    its channel, every hand included), and `tournaments` (each event's message and its
//!    rounds' threads). No handler names the subscriber's files, and the two share no wait.
//! 5. **The handlers**: `replay`, then `commands` and `components`, which route to it.
//!
//! This file only declares them, starts the bot (`start`, `run`) and stops it (`Bot`).

pub mod actions;
mod admission;
mod command_names;
mod commands;
mod components;
mod data;
mod gate;
mod handled;
mod health;
pub mod ids;
pub mod input;
pub mod invite;
mod languages;
mod listen;
mod message;
mod pace;
mod permissions;
mod pictures;
mod place;
mod progress;
mod public;
pub mod render;
mod replay;
mod reply;
mod rest;
mod retry;
mod send;
mod shown;
mod startup;
mod stopping;
mod tables;
pub mod throttle;
mod tournaments;
mod upkeep;
pub mod words;

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use poise::serenity_prelude as serenity;

pub use data::{Context, Data, Error};
use pakka_config::Config;
use pakka_edge::People;
use pakka_table::TableService;
pub use startup::StartError;
pub use throttle::Throttles;

/// A running bot, for tests and for a clean shutdown.
pub struct Bot {
    pub shard_manager: Arc<serenity::ShardManager>,
    pub task: tokio::task::JoinHandle<()>,
    data: Data,
    /// The metrics and health endpoints, when `METRICS_ADDR` is set.
    health: Option<health::Serving>,
}

/// What the bot holds in memory for tables, counted by kind: a finished or closed table leaves
/// none of it behind (checked by the end-to-end tests).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Held {
    /// Tables in the table service.
    pub tables: usize,
    /// Tables the edge keeps a record of (whatever it holds).
    pub records: usize,
    /// Open hands remembered to bring them alive.
    pub hands: usize,
    pub pings: usize,
    pub orders: usize,
    pub away: usize,
    /// Tables whose events the edge is still working through.
    pub queues: usize,
    /// Tables whose computer players the table service is driving.
    pub driving: usize,
}

impl Bot {
    /// What the bot holds for tables now.
    pub fn held(&self) -> Held {
        let kept = self.data.tables.counted();
        Held {
            tables: self.data.service.tables_in_memory(),
            records: kept.records,
            hands: kept.hands,
            pings: kept.pings,
            orders: kept.orders,
            away: kept.away,
            queues: kept.queues,
            driving: self.data.service.driving(),
        }
    }

    /// What the table service has done since the bot started (views built, locks taken,
    /// store writes).
    pub fn counts(&self) -> pakka_table::Counts {
        self.data.service.counts()
    }

    /// How many clicks the bot has handled to their end (their answer and the messages
    /// brought up to date after it).
    pub fn clicks_handled(&self) -> u64 {
        self.data.handled.count()
    }

    /// The number of the last event of the table service up to which the edge has shown every
    /// event in its channels.
    pub fn events_shown(&self) -> u64 {
        self.data.progress.through()
    }

    /// The table service the bot drives (the tests reach its store through it).
    pub fn table_service(&self) -> &Arc<TableService> {
        &self.data.service
    }

    /// Where `/metrics`, `/healthz` and `/readyz` are served, when they are.
    pub fn metrics_addr(&self) -> Option<std::net::SocketAddr> {
        self.health.as_ref().map(|h| h.addr)
    }

    /// Disconnects from Discord and waits for the client to stop; the table service it was
    /// given stops its tables' own life too (a restart's new service takes them up).
    pub async fn shutdown(self) {
        if let Some(health) = &self.health {
            health.task.abort();
        }
        self.data.service.halt(Duration::from_secs(1)).await;
        self.shard_manager.shutdown_all().await;
        let _ = tokio::time::timeout(Duration::from_secs(5), self.task).await;
    }

    /// The first half of a clean stop: new clicks and commands are answered "pakka is
    /// restarting" from now on and the table service's own life (computer players, clocks)
    /// halts; this waits (at most `stopping::DRAIN` in all) for the work already let in to end
    /// and for every event it published to be shown. Answers how many pieces of work were
    /// still running when the time ran out.
    pub async fn drain(&self) -> usize {
        let started = tokio::time::Instant::now();
        let (clicks, moves) = tokio::join!(
            self.data.gate.close(stopping::DRAIN),
            self.data.service.halt(stopping::DRAIN)
        );
        let left = stopping::DRAIN.saturating_sub(started.elapsed());
        let last = self.data.service.last_event();
        let shown = self.data.progress.shown_through(last, left).await;
        let cut_off = clicks + moves + usize::from(!shown);
        if cut_off > 0 {
            tracing::warn!(
                cut_off,
                "stopping before every click was handled to its end"
            );
        }
        cut_off
    }

    /// A clean stop (see `stopping`): new clicks and commands are answered "pakka is
    /// restarting", the work already let in ends (at most `stopping::DRAIN`), then the
    /// gateway closes. Answers how many pieces of work were cut off by the drain's time.
    pub async fn stop(self) -> usize {
        let cut_off = self.drain().await;
        let closed = tokio::time::timeout(stopping::GATEWAY_CLOSE, async {
            self.shard_manager.shutdown_all().await;
            let _ = self.task.await;
        })
        .await;
        if closed.is_err() {
            tracing::warn!("the gateway did not close in time");
        }
        cut_off
    }
}

pub use stopping::{HeldSignals, Stop, STOP_WITHIN};

/// Connects to Discord with a ready table service (its tables restored by the caller) and
/// registers the commands. Returns once the client runs in the background.
pub async fn start(config: &Config, service: Arc<TableService>) -> anyhow::Result<Bot> {
    start_with(config, service, People::default()).await
}

/// As [`start`], naming people from (and telling) `people`, the display names the process's
/// other edges share.
pub async fn start_with(
    config: &Config,
    service: Arc<TableService>,
    people: People,
) -> anyhow::Result<Bot> {
    // One client for serenity's calls and the channel routes (`rest`): one pool of connections.
    let client = rest::Rest::client(config.proxy_speaks_http2())?;
    let mut http = serenity::HttpBuilder::new(&config.token).client(client.clone());
    if let Some(proxy) = &config.http_proxy {
        // serenity only honours a proxy with its own rate limiter disabled; the proxy limits.
        http = http.proxy(proxy.as_str()).ratelimiter_disabled(true);
    }
    let http = http.build();
    // An unreachable Discord or a rejected token is told as such (`StartError`), not as
    // whatever the gateway's start would fail with.
    startup::check(&http, config.http_proxy.as_deref()).await?;

    let dev_guild = config.dev_guild_id;
    let served = config.activity_addr.is_some() && config.client_secret.is_some();
    let mut data = Data::new(service, Throttles::from_config(config));
    data.names = people;
    data.gateway = data::Gateway::new(config.shards);
    // (The binary leaves `activity_addr` unset when the window did not start.)
    data.window = served;
    // The processes of one bot token share Discord's global limit by their share of the shards.
    let share = config.shards.map_or(1.0, |shards| {
        f64::from(shards.last - shards.first + 1) / f64::from(shards.total)
    });
    let window = config.channel_window.unwrap_or(pace::CHANNEL_WINDOW);
    data.channels = public::Channels::paced(share, window, rest::Rest::new(client));
    tracing::info!(
        per_second = data.channels.pacer.per_second(),
        "channel calls paced below Discord's global limit"
    );
    let held = data.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            command_check: Some(|ctx| {
                Box::pin(async move {
                    stopping::let_in(ctx).await?;
                    commands::on_our_shards(ctx).await
                })
            }),
            event_handler: |framework, event| Box::pin(components::on_event(framework, event)),
            on_error: |error| Box::pin(commands::on_error(error)),
            pre_command: health::pre_command,
            post_command: health::post_command,
            ..Default::default()
        })
        .setup(move |ctx, _ready, framework| {
            Box::pin(async move {
                let mut commands =
                    poise::builtins::create_application_commands(&framework.options().commands);
                // With the window served, the app's Entry Point command (global only, as
                // Discord has it): a bulk update without it would be refused once Discord has
                // made one, and a press opens the window on the channel's table.
                if served && dev_guild.is_none() {
                    commands.push(commands::entry_point());
                }
                // Discord answers the registered commands with their ids: messages in other
                // languages than English name commands by mention (see `words`).
                let registered = match dev_guild {
                    Some(guild) => {
                        serenity::GuildId::new(guild)
                            .set_commands(ctx, commands)
                            .await?
                    }
                    None => serenity::Command::set_global_commands(ctx, commands).await?,
                };
                words::commands_registered(registered.into_iter().map(|c| (c.name, c.id.get())));
                tracing::info!("commands registered");
                upkeep::start_background(ctx, &data);
                listen::start(ctx, &data);
                tournaments::start(ctx, &data);
                Ok(data)
            })
        })
        .build();

    let mut client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .framework(framework)
        .await
        .context("cannot build the Discord client")?;
    let shard_manager = client.shard_manager.clone();
    let health = match config.metrics_addr {
        Some(addr) => Some(health::serve(addr, held.clone(), shard_manager.clone()).await?),
        None => None,
    };
    let shards = config.shards;
    let task = tokio::spawn(async move {
        let ended = match shards {
            // As many shards as Discord recommends (`GET /gateway/bot`), all in this process.
            None => client.start_autosharded().await,
            // serenity counts the range's end as a shard to run: `first..last` runs first to
            // last, both included.
            Some(r) => client.start_shard_range(r.first..r.last, r.total).await,
        };
        if let Err(e) = ended {
            tracing::error!(error = %e, "the Discord client stopped");
        }
    });
    Ok(Bot {
        shard_manager,
        task,
        data: held,
        health,
    })
}

/// Runs the bot until `stop` hears SIGTERM or Ctrl-C, then stops it cleanly (see
/// [`Bot::stop`]); or until the client stops by itself (a rejected token, say). A signal while
/// Discord is still being reached ends the start there, as cleanly.
pub async fn run(config: &Config, service: Arc<TableService>, stop: Stop) -> anyhow::Result<()> {
    run_telling(config, service, People::default(), stop, || {}).await
}

/// As [`run`], sharing `people` with the other edges (see [`start_with`]), and calling
/// `stopping` as the stop begins (before the drain): the other edges are told then, as this
/// one's clicks are.
pub async fn run_telling(
    config: &Config,
    service: Arc<TableService>,
    people: People,
    mut stop: Stop,
    stopping: impl FnOnce(),
) -> anyhow::Result<()> {
    let mut bot = tokio::select! {
        bot = start_with(config, service, people) => bot?,
        signal = stop.signalled() => {
            tracing::info!(signal, "stopped while reaching Discord; nothing was started");
            return Ok(());
        }
    };
    tokio::select! {
        signal = stop.signalled() => {
            tracing::info!(signal, "stopping: new clicks are refused, those under way finish");
            stopping();
            bot.stop().await;
            tracing::info!("the gateway is closed");
            Ok(())
        }
        _ = &mut bot.task => anyhow::bail!("the Discord client stopped; see the log above"),
    }
}
