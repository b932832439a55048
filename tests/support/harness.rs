//! The pakka bot on top of the fake Discord: a harness that starts the real bot (library
//! client) against `FakeDiscord` on a temporary database, fake users, and helpers to play games
//! through buttons and to check what public messages show.

use std::time::Duration;

use serde_json::json;
use tempfile::TempDir;

use pakka::cards::CardSet;
use pakka::config::Config;
use pakka::discord::Bot;
use pakka::rules::{registry, Seen, Setup};
use pakka::store::Store;

use super::fake_discord::{FakeDiscord, FakeMessage, FakeUser, Limits};
use super::ids::{self, ComponentId};

pub const CHANNEL: u64 = FakeDiscord::CHANNEL_ID;

/// One table of each game to play through on the fake Discord: the game, the people at it
/// (Alice, Bob, Carol in that order), the computer players and the seed (each game's own,
/// `Showcase::people`, `computers` and `seed`).
pub const EVERY_GAME: &[(&str, usize, usize, u64)] =
    pakka::rules::showcases!(|id, s| (id, s.people, s.computers, s.seed));
pub const WAIT: Duration = Duration::from_secs(15);
/// The channel window the harness's bot paces by, where the fake enforces no limits.
pub const QUICK_WINDOW: Duration = Duration::from_millis(50);
/// The channel window of a paced harness's bot ([`Harness::start_paced`]) and of the limits its
/// fake enforces ([`PACED_LIMITS`]): Discord's bucket of 5 creates and edits per channel, in a
/// window of 1 s instead of Discord's 5 s. The pacer meets the same bucket in the same
/// proportions, and the tests that prove it wait a fifth as long.
pub const PACED_WINDOW: Duration = Duration::from_secs(1);
/// Discord's limits as a paced harness's fake enforces them: the global limit as Discord's,
/// the channel's bucket in [`PACED_WINDOW`].
pub const PACED_LIMITS: Limits = Limits {
    global_per_second: 50,
    channel_messages: 5,
    channel_window: PACED_WINDOW,
};

pub struct Harness {
    pub fake: FakeDiscord,
    pub bot: Option<Bot>,
    /// The running bot's table service (for the outage tests, which reach its store).
    pub service: Option<std::sync::Arc<pakka::table::TableService>>,
    pub url: String,
    _dir: TempDir,
    /// The PostgreSQL database of a harness on PostgreSQL, dropped with it.
    _postgres: Option<crate::support::postgres::TestDb>,
    pub alice: FakeUser,
    pub bob: FakeUser,
    pub carol: FakeUser,
    /// Changes the bot's configuration at every boot (the abuse limits of `e2e_abuse`).
    pub tweak: fn(&mut Config),
    /// Where the bot's REST calls go at its next boot, when not to the fake itself (a proxy of
    /// the test's own in front of it).
    pub http_proxy: Option<String>,
    /// How long [`Harness::play`] waits for a hand to come alive before it opens the hands
    /// again (2 s; less where the bot cannot edit a hand at all).
    pub hand_wait: Duration,
}

impl Harness {
    pub async fn start() -> Harness {
        Harness::start_tweaked(|_| {}).await
    }

    /// A harness whose bot's configuration `tweak` changes (at every boot and restart).
    /// A harness whose bot paces its channel calls by [`PACED_WINDOW`]: for the tests that
    /// have the fake enforce Discord's limits ([`PACED_LIMITS`]).
    pub async fn start_paced() -> Harness {
        Harness::start_tweaked(|c| c.channel_window = Some(PACED_WINDOW)).await
    }

    pub async fn start_tweaked(tweak: fn(&mut Config)) -> Harness {
        Harness::start_with(tweak, None).await
    }

    /// A harness whose bot keeps its tables in a fresh PostgreSQL database, or None when the
    /// PostgreSQL tests are skipped (see `support::postgres`).
    pub async fn start_on_postgres(test: &str) -> Option<Harness> {
        let db = crate::support::postgres::fresh(test).await?;
        Some(Harness::start_with(|_| {}, Some(db)).await)
    }

    /// A harness whose bot keeps its tables in the PostgreSQL database `db` (on a cluster of
    /// the test's own, say).
    pub async fn start_on_db(db: crate::support::postgres::TestDb) -> Harness {
        Harness::start_with(|_| {}, Some(db)).await
    }

    /// As [`Harness::start_on_db`], with the configuration tweaked.
    pub async fn start_on_db_tweaked(
        db: crate::support::postgres::TestDb,
        tweak: fn(&mut Config),
    ) -> Harness {
        Harness::start_with(tweak, Some(db)).await
    }

    /// A harness whose bot keeps its tables in the SQLite database file at `path`, which the
    /// caller owns (the upgrade test's copy of a committed fixture).
    pub async fn start_on_file(path: &std::path::Path) -> Harness {
        Harness::start_at(|_| {}, None, Some(format!("sqlite://{}", path.display()))).await
    }

    /// As [`Harness::start_on_file`], with the configuration tweaked.
    pub async fn start_on_file_tweaked(path: &std::path::Path, tweak: fn(&mut Config)) -> Harness {
        Harness::start_at(tweak, None, Some(format!("sqlite://{}", path.display()))).await
    }

    /// As [`Harness::start_on_file_tweaked`], on a SQLite URL of the test's own (a VFS of its
    /// own, say).
    pub async fn start_on_sqlite_url_tweaked(url: String, tweak: fn(&mut Config)) -> Harness {
        Harness::start_at(tweak, None, Some(url)).await
    }

    async fn start_with(
        tweak: fn(&mut Config),
        postgres: Option<crate::support::postgres::TestDb>,
    ) -> Harness {
        Harness::start_at(tweak, postgres, None).await
    }

    async fn start_at(
        tweak: fn(&mut Config),
        postgres: Option<crate::support::postgres::TestDb>,
        sqlite_url: Option<String>,
    ) -> Harness {
        // `PAKKA_TEST_LOG=pakka_discord=debug` shows the bot's log beside a failing test's.
        if let Ok(filter) = std::env::var("PAKKA_TEST_LOG") {
            let _ = tracing_subscriber::fmt()
                .with_env_filter(tracing_subscriber::EnvFilter::new(filter))
                .with_test_writer()
                .try_init();
        }
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().unwrap();
        let url = match (&postgres, sqlite_url) {
            (Some(db), _) => db.url.clone(),
            (None, Some(url)) => url,
            (None, None) => format!("sqlite://{}", dir.path().join("pakka.db").display()),
        };
        let alice = fake.user(1_000_000_000_000_001, "alice");
        let bob = fake.user(1_000_000_000_000_002, "bob");
        let carol = fake.user(1_000_000_000_000_003, "carol");
        let mut h = Harness {
            fake,
            bot: None,
            service: None,
            url,
            _dir: dir,
            _postgres: postgres,
            alice,
            bob,
            carol,
            tweak,
            http_proxy: None,
            hand_wait: Duration::from_secs(2),
        };
        h.boot().await;
        h
    }

    /// Starts a bot on the harness's database and waits until it has registered its commands.
    pub async fn boot(&mut self) {
        self.boot_with(Duration::from_secs(60)).await;
    }

    /// Starts a bot whose turn-timer minute lasts `timer_minute`.
    pub async fn boot_with(&mut self, timer_minute: Duration) {
        let before = self.fake.command_registrations();
        let config = Config {
            token: FakeDiscord::TOKEN.to_string(),
            database_url: self.url.clone(),
            http_proxy: Some(
                self.http_proxy
                    .clone()
                    .unwrap_or_else(|| self.fake.base_url()),
            ),
            http_proxy_http2: false,
            dev_guild_id: None,
            shards: None,
            computer_pause: Duration::ZERO,
            computer_think: None,
            lobby_timeout: Duration::from_secs(1800),
            timer_minute,
            // No abuse limit gets in the way of the suites, which click as fast as the bot
            // answers; `e2e_abuse` sets its own with `tweak`.
            max_tables_per_person: 0,
            max_tables_per_server: 0,
            click_burst: 0,
            clicks_per_second: 0,
            play_burst: 0,
            plays_per_minute: 0,
            metrics_addr: None,
            activity_addr: None,
            client_secret: None,
            activity_client: "web/dist".into(),
            // The fake enforces no limits unless a test asks it to (`enforce_limits`, with
            // `Harness::start_paced`): a restored table's channel calls need not wait out
            // Discord's 5 s window.
            channel_window: Some(QUICK_WINDOW),
        };
        let mut config = config;
        (self.tweak)(&mut config);
        // Wired as the binary wires it: the store, the table service with its tables restored,
        // then Discord.
        let store = Store::open(&config.database_url)
            .await
            .expect("the database opens");
        let limits = pakka::table::Limits {
            per_person: config.max_tables_per_person,
            per_server: config.max_tables_per_server,
        };
        let shards = config.shards.unwrap_or(pakka::store::ShardRange::ALL);
        let service = pakka::table::TableService::with_limits(store, limits)
            .on_shards(shards)
            .thinking(config.computer_think.unwrap_or(pakka::table::DEFAULT_THINK))
            .with_clocks(pakka::clocks(&config));
        let service = std::sync::Arc::new(service);
        service.restore().await.expect("the tables restore");
        service.start();
        self.service = Some(service.clone());
        self.bot = Some(
            pakka::discord::start(&config, service)
                .await
                .expect("the bot starts"),
        );
        let fake = self.fake.clone();
        self.fake
            .wait_until(WAIT, move |_| fake.command_registrations() > before)
            .await
            .expect("the bot registers its commands");
    }

    /// Starts the bot again with a turn timer's minute of `minute` (tests of turn timers).
    pub async fn restart_with_timer_minute(&mut self, minute: Duration) {
        if let Some(bot) = self.bot.take() {
            bot.shutdown().await;
        }
        self.fake.disconnect_bot().await;
        self.boot_with(minute).await;
    }

    /// Starts the bot again (the table service restores what it stored).
    pub async fn restart(&mut self) {
        self.restart_with_timer_minute(Duration::from_secs(60))
            .await;
    }

    /// The Activity's web edge beside the harness's bot, on `addr`, serving the client in
    /// `client`, asking the fake Discord.
    pub async fn web_edge(
        &self,
        client: std::path::PathBuf,
        addr: std::net::SocketAddr,
    ) -> pakka::web::Running {
        let settings = pakka::web::Settings {
            addr,
            client,
            api: pakka::web::DiscordApi::new(
                Some(&self.fake.base_url()),
                false,
                FakeDiscord::TOKEN,
                FakeDiscord::CLIENT_SECRET,
            ),
            shards: None,
        };
        pakka::web::start(settings, self.service.clone().expect("the bot runs"))
            .await
            .expect("the web edge starts")
    }

    pub async fn store(&self) -> Store {
        Store::open(&self.url).await.unwrap()
    }

    /// `/play pisha-pasha @bob` by Alice with a seed; Bob accepts. Answers the table message.
    pub async fn start_game(&self, seed: u64) -> (i64, FakeMessage) {
        let lobby = self
            .fake
            .slash(
                &self.alice,
                CHANNEL,
                "play",
                json!([
                    {"name": "game", "value": "pisha-pasha"},
                    {"name": "player", "value": self.bob.id.to_string()},
                    {"name": "seed", "value": seed},
                ]),
            )
            .await
            .unwrap();
        let lobby = lobby.message().unwrap().clone();
        assert!(!lobby.ephemeral, "the lobby is public");
        assert!(
            lobby.content.contains(&self.bob.mention()),
            "{}",
            lobby.content
        );
        let accept = button(&lobby, "Accept");
        let table: i64 = accept.rsplit(':').next().unwrap().parse().unwrap();
        // Only the invited friend may accept.
        let carol = self
            .fake
            .click(&self.carol, lobby.id, &accept)
            .await
            .unwrap();
        assert!(
            carol.is_ephemeral() && carol.content().contains("not for you"),
            "{}",
            carol.content()
        );
        let started = self.fake.click(&self.bob, lobby.id, &accept).await.unwrap();
        assert!(started.in_place(), "{}", started.callback_type);
        let message = started.message().unwrap().clone();
        assert!(message.content.contains("Pishe Pasha"));
        let mut labels = message.button_labels();
        // ("Open the table" too when the harness's bot serves the Activity's window.)
        labels.retain(|l| l != "Open the table");
        assert_eq!(labels, vec!["Show my hand", "📖 Rules", "❔ Game words"]);
        (table, message)
    }

    /// Alice and Bob open their hands from `table_message`: each with the id of their hand,
    /// as [`play_until_over`] takes them.
    pub async fn open_hands_of_alice_and_bob(&self, table_message: u64) -> Vec<(FakeUser, u64)> {
        let mut hands = vec![];
        for user in [&self.alice, &self.bob] {
            let hand = self.open_hand(user, table_message).await;
            hands.push((user.clone(), hand.id));
        }
        hands
    }

    /// Opens a player's hand from the table message.
    pub async fn open_hand(&self, user: &FakeUser, table_message: u64) -> FakeMessage {
        let id = button(&self.fake.message(table_message).unwrap(), "Show my hand");
        let hand = self.fake.click(user, table_message, &id).await.unwrap();
        let message = hand.message().unwrap().clone();
        assert!(
            message.ephemeral && message.flags & 64 == 64,
            "hands are ephemeral"
        );
        assert_eq!(message.visible_to, Some(user.id));
        message
    }
}

pub fn button(message: &FakeMessage, label: &str) -> String {
    message
        .buttons()
        .into_iter()
        .find(|(_, l, _)| l == label)
        .unwrap_or_else(|| panic!("no {label:?} button on {:?}", message.buttons()))
        .0
}

/// The move number a table message shows ("**Pishe Pasha** · move N").
pub fn move_of(content: &str) -> Option<u64> {
    let after = content.split(" · move ").nth(1)?;
    after
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// Every standard card written in a message ("10♥", "Q♠").
pub fn cards_in(text: &str) -> CardSet {
    let chars: Vec<char> = text.chars().collect();
    let mut set = CardSet::new();
    for (i, &c) in chars.iter().enumerate() {
        if !"♠♥♦♣".contains(c) || i == 0 {
            continue;
        }
        let rank: String = if i >= 2 && chars[i - 2] == '1' && chars[i - 1] == '0' {
            "10".into()
        } else {
            chars[i - 1].to_string()
        };
        if let Ok(card) = format!("{rank}{c}").parse() {
            set.insert(card);
        }
    }
    set
}

/// A stored table's game as it was dealt, before its first move (to replay its move log).
pub fn dealt(stored: &pakka::store::StoredTable) -> Box<dyn pakka::rules::AnyGame> {
    registry::find(&stored.setup.game)
        .unwrap()
        .create(
            stored.setup.options.clone(),
            stored.setup.seats,
            Setup::seeded(stored.setup.seed),
        )
        .unwrap()
}

/// A stored table's game as it stands: dealt from its seed, then its whole move log replayed.
pub fn replayed(stored: &pakka::store::StoredTable) -> Box<dyn pakka::rules::AnyGame> {
    let mut game = dealt(stored);
    for m in &stored.moves {
        game.act_json(m.seat, &m.action)
            .unwrap_or_else(|e| panic!("table {}: move {} replays: {e:?}", stored.id, m.number));
    }
    game
}

/// Checks that no public message ever showed a card the channel had not seen face up by the
/// move it shows, by replaying the table's stored move log.
pub async fn assert_public_messages_hide_hidden_cards(h: &Harness, table: i64) {
    let stored = h.store().await.table(table).await.unwrap().unwrap();
    let mut game = dealt(&stored);
    let mut public = vec![];
    let visible = |g: &dyn pakka::rules::AnyGame| -> CardSet {
        g.zones()
            .into_iter()
            .filter(|z| z.seen == Seen::All)
            .flat_map(|z| z.cards)
            .collect()
    };
    public.push(visible(game.as_ref()));
    for m in &stored.moves {
        game.act_json(m.seat, &m.action).unwrap();
        // What the channel has seen by this move: a card once shown face up (a play the story
        // tells later) was public.
        let seen = visible(game.as_ref()).union(public[public.len() - 1]);
        public.push(seen);
    }
    let last = public.len() - 1;
    let mut checked = 0;
    for message in h.fake.channel_messages(CHANNEL) {
        let versions = message
            .history
            .iter()
            .map(|v| v.content.clone())
            .chain([message.content.clone()]);
        for content in versions {
            let shown = cards_in(&content);
            if shown.is_empty() {
                continue;
            }
            // Deal and game results name no move: they come after the table's latest.
            let mv = move_of(&content).map_or(last, |m| m as usize);
            let hidden = shown.difference(public[mv]);
            assert!(
                hidden.is_empty(),
                "public message at move {mv} shows hidden {hidden:?}: {content}"
            );
            checked += 1;
        }
    }
    assert!(checked > 10, "the check saw the table messages ({checked})");
}

pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

/// Plays the first offered action in whichever hand has buttons. Without `reopen` a hand must
/// come alive by itself when its turn comes; with it, hands are reopened from the table message
/// when none is alive (after a restart the bot no longer knows the open hands). Returns the
/// number of moves made.
pub async fn play_until_over(
    h: &Harness,
    table_message: u64,
    hands: &mut [(FakeUser, u64)],
    limit: usize,
    reopen: bool,
) -> usize {
    let mut moves = 0;
    while moves < limit {
        let table = h.fake.message(table_message).unwrap();
        if table.content.contains("Game over") {
            return moves;
        }
        let mut acted = false;
        for (user, hand_id) in hands.iter_mut() {
            let hand = h.fake.message(*hand_id).unwrap();
            let Some((custom_id, _, _)) = hand.buttons().into_iter().next() else {
                continue;
            };
            let outcome = match h.fake.click(user, *hand_id, &custom_id).await {
                Ok(outcome) => outcome,
                // The bot edited the hand between the look and the click (a computer player's
                // move brought it up to date): nothing was played; look at the hands again.
                Err(e) if e.to_string().contains("has no button") => {
                    acted = true;
                    break;
                }
                Err(e) => panic!("{e:#}"),
            };
            assert!(
                outcome.in_place(),
                "a click updates the hand in place; answered {} {:?}",
                outcome.callback_type,
                outcome.content()
            );
            assert!(outcome.is_ephemeral());
            moves += 1;
            acted = true;
            break;
        }
        if !acted && reopen {
            let fake = h.fake.clone();
            let ids: Vec<u64> = hands.iter().map(|(_, id)| *id).collect();
            let alive = h
                .fake
                .wait_until(Duration::from_secs(2), move |_| {
                    ids.iter()
                        .any(|id| fake.message(*id).is_some_and(|m| !m.buttons().is_empty()))
                        || fake
                            .message(table_message)
                            .is_some_and(|m| m.content.contains("Game over"))
                })
                .await;
            if alive.is_err() {
                for (user, hand_id) in hands.iter_mut() {
                    *hand_id = h.open_hand(user, table_message).await.id;
                }
            }
        } else if !acted {
            // The bot edits hands and the table message after answering the click; wait for it.
            let fake = h.fake.clone();
            let ids: Vec<u64> = hands.iter().map(|(_, id)| *id).collect();
            let alive = h
                .fake
                .wait_until(WAIT, move |_| {
                    ids.iter()
                        .any(|id| fake.message(*id).is_some_and(|m| !m.buttons().is_empty()))
                        || fake
                            .message(table_message)
                            .is_some_and(|m| m.content.contains("Game over"))
                })
                .await;
            assert!(
                alive.is_ok(),
                "no hand came alive: {:?}",
                h.fake.message(table_message).unwrap().content
            );
        }
    }
    moves
}

/// `/play game` in `channel` by `players[0]` inviting the others (who accept), with a seed and
/// any extra options (`[{"name": "options", "value": "advanced=true"}]`). Answers the table
/// id, the first table message and the gateway shard that carried the command.
pub async fn open_table_in(
    fake: &FakeDiscord,
    channel: u64,
    game: &str,
    players: &[&FakeUser],
    seed: u64,
    extra: &[serde_json::Value],
) -> (i64, FakeMessage, [u32; 2]) {
    let mut options = vec![
        json!({"name": "game", "value": game}),
        json!({"name": "seed", "value": seed}),
    ];
    for (i, p) in players.iter().enumerate().skip(1) {
        let name = if i == 1 {
            "player".to_string()
        } else {
            format!("player{i}")
        };
        options.push(json!({"name": name, "value": p.id.to_string()}));
    }
    options.extend(extra.iter().cloned());
    let reply = fake
        .slash(
            players[0],
            channel,
            "play",
            serde_json::Value::Array(options),
        )
        .await
        .unwrap();
    assert!(!reply.is_ephemeral(), "/play {game}: {}", reply.content());
    let shard = reply.shard;
    let mut message = reply.message().unwrap().clone();
    for p in &players[1..] {
        // By its custom id: the button's label is in the reader's language.
        let accept = message
            .buttons()
            .into_iter()
            .find(|(id, _, _)| matches!(ids::parse(id), Some(ComponentId::Accept(_))))
            .unwrap_or_else(|| panic!("no Accept button on {:?}", message.buttons()))
            .0;
        message = fake
            .click(p, message.id, &accept)
            .await
            .unwrap()
            .message()
            .unwrap()
            .clone();
    }
    let table = message
        .buttons()
        .iter()
        .find_map(|(id, _, _)| ids::hand_table(id))
        .unwrap_or_else(|| panic!("no table started: {}", message.content));
    (table, message, shard)
}

impl Harness {
    /// `/play game` in the harness's channel (see [`open_table_in`]). Answers the table id and
    /// the first table message.
    pub async fn open_table(
        &self,
        game: &str,
        players: &[&FakeUser],
        seed: u64,
        extra: &[serde_json::Value],
    ) -> (i64, FakeMessage) {
        let (table, message, _) =
            open_table_in(&self.fake, CHANNEL, game, players, seed, extra).await;
        (table, message)
    }

    /// The table's current public message: the latest one with the table's title ("**Game** ·
    /// move N" on its first line; a match posts a fresh one per deal). Turn pings, deal results
    /// and the game's result are other messages.
    pub fn table_message(&self, table: i64) -> Option<FakeMessage> {
        let _ = table;
        self.fake
            .channel_messages(CHANNEL)
            .into_iter()
            .rev()
            .filter(|m| !m.deleted)
            .find(|m| {
                m.content
                    .lines()
                    .next()
                    .is_some_and(|l| l.contains(" · move "))
            })
    }

    /// The table's current public message, waited for: between two deals the old one says it
    /// is over and its result ("📋 … is over.") comes before the new deal's table message.
    pub async fn current_table(&self, table: i64) -> FakeMessage {
        self.current_table_in(CHANNEL, table).await
    }

    /// [`Harness::current_table`] of the table in `channel`.
    pub async fn current_table_in(&self, channel: u64, table: i64) -> FakeMessage {
        let _ = table;
        let current = move |fake: &FakeDiscord| {
            let messages = fake.channel_messages(channel);
            let table = messages.iter().rposition(|m| {
                m.content
                    .lines()
                    .next()
                    .is_some_and(|l| l.contains(" · move "))
            })?;
            let deal_over = messages.iter().rposition(|m| m.content.starts_with("📋"));
            deal_over
                .is_none_or(|d| table > d)
                .then(|| messages[table].clone())
        };
        let deadline = std::time::Instant::now() + WAIT;
        loop {
            if let Some(message) = current(&self.fake) {
                return message;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "no table message among {:#?}",
                self.fake
                    .channel_messages(channel)
                    .iter()
                    .map(|m| format!("{} {}", m.id, m.content.lines().next().unwrap_or_default()))
                    .collect::<Vec<_>>()
            );
            let _ = self
                .fake
                .wait_until(Duration::from_millis(200), move |f| current(f).is_some())
                .await;
        }
    }

    /// The message announcing the end of the table's game, with its "Play again" button
    /// (waited for: the bot posts it after editing the table message).
    pub async fn result_message(&self, table: i64) -> Option<FakeMessage> {
        self.result_message_in(CHANNEL, table).await
    }

    /// [`Harness::result_message`] of the table in `channel`.
    pub async fn result_message_in(&self, channel: u64, table: i64) -> Option<FakeMessage> {
        let again = ComponentId::Again(table).to_string();
        let find = {
            let fake = self.fake.clone();
            move || {
                fake.channel_messages(channel).into_iter().rev().find(|m| {
                    m.content.contains(" is over.")
                        && m.buttons().iter().any(|(id, _, _)| *id == again)
                })
            }
        };
        let probe = find.clone();
        let _ = self.fake.wait_until(WAIT, move |_| probe().is_some()).await;
        find()
    }

    /// Plays through the players' hands until `done` says so of the current table message:
    /// whichever hand has buttons clicks the one `policy` picks (given the player and the
    /// buttons' labels); a hand that does not come alive within [`Harness::hand_wait`] is
    /// opened again from the table message.
    /// Answers the number of clicks.
    pub async fn play(
        &self,
        table: i64,
        players: &[&FakeUser],
        policy: impl Fn(&FakeUser, &[String]) -> usize,
        done: impl Fn(&str) -> bool,
        limit: usize,
    ) -> usize {
        self.play_in(CHANNEL, table, players, policy, done, limit)
            .await
    }

    /// [`Harness::play`] at the table in `channel`.
    pub async fn play_in(
        &self,
        channel: u64,
        table: i64,
        players: &[&FakeUser],
        policy: impl Fn(&FakeUser, &[String]) -> usize,
        done: impl Fn(&str) -> bool,
        limit: usize,
    ) -> usize {
        self.play_in_then(channel, table, players, policy, done, limit, async || {})
            .await
    }

    /// [`Harness::play_in`], awaiting `after_click` after every click on a hand (a test checks
    /// there what the click showed).
    #[allow(clippy::too_many_arguments)]
    pub async fn play_in_then(
        &self,
        channel: u64,
        table: i64,
        players: &[&FakeUser],
        policy: impl Fn(&FakeUser, &[String]) -> usize,
        done: impl Fn(&str) -> bool,
        limit: usize,
        after_click: impl AsyncFn(),
    ) -> usize {
        let mut hands: Vec<(FakeUser, Option<u64>)> =
            players.iter().map(|p| ((*p).clone(), None)).collect();
        let mut clicks = 0;
        while clicks < limit {
            let current = self.current_table_in(channel, table).await;
            if done(&current.content) {
                return clicks;
            }
            let live = hands.iter().find_map(|(user, id)| {
                let message = self.fake.message((*id)?)?;
                (!message.buttons().is_empty()).then(|| (user.clone(), message))
            });
            match live {
                Some((user, message)) => {
                    let buttons = message.buttons();
                    let labels: Vec<String> = buttons.iter().map(|(_, l, _)| l.clone()).collect();
                    let choice = policy(&user, &labels).min(buttons.len() - 1);
                    let outcome = match self.fake.click(&user, message.id, &buttons[choice].0).await
                    {
                        Ok(outcome) => outcome,
                        // The bot edited the hand between the look and the click (for
                        // instance its answer to the click before came after the fake's 5 s
                        // wait, on a loaded machine): the fake refuses the click before it
                        // reaches the bot, so nothing was played; look at the hands again.
                        Err(e) if e.to_string().contains("has no button") => continue,
                        Err(e) => panic!("{e:#}"),
                    };
                    assert!(outcome.is_ephemeral(), "a hand stays ephemeral");
                    clicks += 1;
                    after_click().await;
                    if !outcome.edited {
                        // The bot could not edit the hand after the move's deferred update (a
                        // test that refuses every webhook): it is opened again.
                        for (u, id) in hands.iter_mut() {
                            if u.id == user.id {
                                *id = None;
                            }
                        }
                    }
                }
                None => {
                    self.await_hands_in(channel, table, &current, &mut hands)
                        .await
                }
            }
        }
        clicks
    }

    /// What a player loop does when no hand of `hands` (each player and their hand's message,
    /// if opened) has buttons: a hand never opened is opened at once; else a hand may come
    /// alive or the table message (`current`) move on within [`Harness::hand_wait`], and when
    /// neither happens every hand is opened again from the table message (a new deal).
    pub async fn await_hands_in(
        &self,
        channel: u64,
        table: i64,
        current: &FakeMessage,
        hands: &mut [(FakeUser, Option<u64>)],
    ) {
        let unopened = hands.iter().any(|(_, id)| id.is_none())
            && current
                .buttons()
                .iter()
                .any(|(_, l, _)| l == "Show my hand");
        if !unopened {
            let fake = self.fake.clone();
            let ids: Vec<u64> = hands.iter().filter_map(|(_, id)| *id).collect();
            let (current_id, content) = (current.id, current.content.clone());
            let woke = self
                .fake
                .wait_until(self.hand_wait, move |_| {
                    ids.iter()
                        .any(|id| fake.message(*id).is_some_and(|m| !m.buttons().is_empty()))
                        || fake
                            .message(current_id)
                            .is_some_and(|m| m.content != content)
                })
                .await;
            if woke.is_ok() {
                return;
            }
        }
        let current = self.current_table_in(channel, table).await;
        let Some(show) = current
            .buttons()
            .into_iter()
            .find(|(_, l, _)| l == "Show my hand")
        else {
            return;
        };
        for (user, id) in hands.iter_mut() {
            let hand = self.fake.click(user, current.id, &show.0).await.unwrap();
            *id = Some(hand.message().unwrap().id);
        }
    }
}

/// The games a measuring test plays, and how many at a time: those `QUIET_GAMES` names
/// (`QUIET_GAMES=teka,kop`), one at a time, so that their figures are not shared with other
/// games; else every game of `all` (`game` names a row's game), `at_once` at a time (each
/// game has its own fake Discord, bot and channel, so their waits overlap).
pub fn measured_games<T>(all: &[T], game: impl Fn(&T) -> &str, at_once: usize) -> (Vec<&T>, usize) {
    match std::env::var("QUIET_GAMES") {
        Ok(only) => {
            let named = |row: &&T| only.split(',').any(|g| g == game(row));
            (all.iter().filter(named).collect(), 1)
        }
        Err(_) => (all.iter().collect(), at_once),
    }
}

/// The deal number a table message shows (1 when it shows none).
pub fn deal_of(content: &str) -> u32 {
    content
        .split(" · deal ")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(1)
}
