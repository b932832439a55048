//! The gateway split between processes, end to end: real `pakka` processes (the binary, as an
//! operator runs it) with different `SHARDS` against the fake Discord, one PostgreSQL database
//! shared by all, and one REST proxy (the fake plays it) in front of all.
//!
//! - `two_processes_on_two_shards_share_one_database`: each process gets only its shard's
//!   server, games in both servers are played to the end, `/scores` in each server reads the
//!   shared database; a process killed with SIGKILL leaves the other's table playing to its end,
//!   and restarted with the same `SHARDS` it restores its own table (and touches no other) and
//!   finishes it; a process without `SHARDS` runs every shard Discord recommends and answers
//!   `/scores` of both servers, results the other processes wrote included.
//! - `two_processes_share_one_rest_proxy_and_its_rate_limit`: every REST call of both processes
//!   goes through `DISCORD_HTTP_PROXY` with its own `Authorization`, and a global 429 served to
//!   each is waited out and tried again, without losing or doubling a move.
//! - `a_misrouted_server_gets_no_table`: a bot whose table service serves other shards than its
//!   gateway connection carries (a wiring mistake; Discord itself routes by shard) refuses that
//!   server's commands and clicks with a sentence and stores nothing.
//! - `windows_reach_the_process_of_their_server_through_the_documented_proxy`: the Activity
//!   across two processes behind nginx, configured as `deploy/nginx-activity.conf` says: windows
//!   on tables of servers on both shards sign in once, play and see each other's moves; a
//!   session one process signed is accepted by the other; a window sent to the wrong process is
//!   refused with its sentence; one process SIGKILLed mid-game leaves the other's windows
//!   playing, and restarted, its own windows come back with their sessions and play on.
//!   Skipped, saying why, where nginx is not installed (`.ci/run` installs it).
//! - `a_bad_shards_setting_stops_the_binary_with_its_sentence`: a bad `SHARDS` stops `pakka`
//!   at start (exit code 2) with the catalog's sentence in the terminal's language.
//!
//! The processes use different tokens only so that the fake's request log tells them apart (a
//! real deployment runs one bot, one token, in every process). The PostgreSQL tests are skipped,
//! saying why, without `PAKKA_TEST_POSTGRES` (`support::postgres`); CI always runs them.

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use tempfile::TempDir;

use pakka::store::{Phase, Store, StoredTable};

use crate::support::bot_process::{BotCommand, BotProcess};
use crate::support::fake_discord::{shard_of, FakeDiscord, FakeUser, Fault, ACK_DEADLINE};
use crate::support::hand_history;
use crate::support::harness::{dealt, open_table_in};
use crate::support::ids::{self, ComponentId};
use crate::support::postgres::{self, TestDb};
use crate::support::windows;

/// Two servers, one on each shard of two: `(guild >> 22) % 2` is 0 and 1.
const EVEN: u64 = 0x2_0000 << 22;
const ODD: u64 = (0x2_0001 << 22) | 7;
const EVEN_CHANNELS: [u64; 3] = [
    940_000_000_000_000_001,
    940_000_000_000_000_002,
    940_000_000_000_000_003,
];
const ODD_CHANNELS: [u64; 3] = [
    941_000_000_000_000_001,
    941_000_000_000_000_002,
    941_000_000_000_000_003,
];
const WAIT: Duration = Duration::from_secs(30);

/// The bot processes, the fake, and the database they share.
struct Cluster {
    fake: FakeDiscord,
    dir: TempDir,
    db: TestDb,
    bots: Vec<Option<BotProcess>>,
    /// How many shards each process runs.
    shard_counts: Vec<usize>,
    alice: FakeUser,
    bob: FakeUser,
    carol: FakeUser,
    dave: FakeUser,
}

/// The token of process `n` (so that the fake's log tells the processes apart).
fn token(n: usize) -> String {
    format!("fake-token-{n}")
}

impl Cluster {
    /// The fake with both servers and a fresh PostgreSQL database; None when skipped.
    async fn start(test: &str) -> Option<Cluster> {
        let db = postgres::fresh(test).await?;
        let fake = FakeDiscord::start().await;
        assert_eq!((shard_of(EVEN, 2), shard_of(ODD, 2)), (0, 1));
        fake.add_guild(EVEN, &EVEN_CHANNELS);
        fake.add_guild(ODD, &ODD_CHANNELS);
        Some(Cluster {
            alice: fake.user(1_000_000_000_000_001, "alice"),
            bob: fake.user(1_000_000_000_000_002, "bob"),
            carol: fake.user(1_000_000_000_000_003, "carol"),
            dave: fake.user(1_000_000_000_000_004, "dave"),
            fake,
            dir: tempfile::tempdir().unwrap(),
            db,
            bots: Vec::new(),
            shard_counts: Vec::new(),
        })
    }

    /// Starts process `n` with `SHARDS=shards` (every shard without) and waits until it has
    /// registered its commands and `ready` shards are connected.
    async fn boot(&mut self, n: usize, shards: Option<&str>, ready: &[[u32; 2]]) {
        self.boot_with(n, shards, ready, &[]).await;
    }

    /// [`Cluster::boot`] with more of the process's environment.
    async fn boot_with(
        &mut self,
        n: usize,
        shards: Option<&str>,
        ready: &[[u32; 2]],
        env: &[(&str, String)],
    ) {
        let log = self.dir.path().join(format!("bot{n}.log"));
        let mut command = BotCommand::new(&self.fake, &self.db.url, self.dir.path(), &log)
            .env("DISCORD_TOKEN", &token(n))
            .env("RUST_LOG", "warn,pakka=info")
            // The people here click as fast as the bot answers.
            .env("CLICK_BURST", "0")
            .env("PLAY_BURST", "0");
        if let Some(shards) = shards {
            command = command.env("SHARDS", shards);
        }
        for (name, value) in env {
            command = command.env(name, value);
        }
        let bot = command.start(&self.fake).await;
        if let Err(e) = self.fake.wait_for_shards(ready, WAIT).await {
            panic!("{e}; process {n} logged:\n{}", bot.log());
        }
        if self.bots.len() <= n {
            self.bots.resize_with(n + 1, || None);
            self.shard_counts.resize(n + 1, 0);
        }
        self.bots[n] = Some(bot);
        // "first-last/total" runs last - first + 1 shards; without SHARDS, every one expected.
        self.shard_counts[n] = shards
            .and_then(|s| {
                let (range, _) = s.split_once('/')?;
                let (first, last) = range.split_once('-')?;
                Some(last.parse::<usize>().ok()? - first.parse::<usize>().ok()? + 1)
            })
            .unwrap_or(ready.len());
    }

    /// SIGKILL to process `n`; waits until the fake has seen its connections close.
    async fn kill(&mut self, n: usize) {
        let live = |f: &FakeDiscord| {
            f.connections()
                .iter()
                .filter(|c| c.ready && c.shard.is_some())
                .count()
        };
        let before = live(&self.fake);
        let Some(mut bot) = self.bots[n].take() else {
            return;
        };
        bot.kill();
        // The fake notices the killed process's connections drop a moment later.
        let gone = self.shard_counts[n];
        let fake = self.fake.clone();
        fake.wait_until(WAIT, move |f| {
            live(f) + gone <= before && f.connections().iter().all(|c| c.ready || c.shard.is_none())
        })
        .await
        .unwrap_or_else(|_| panic!("process {n}'s shards stay connected"));
    }

    fn log(&self, n: usize) -> String {
        self.bots[n]
            .as_ref()
            .map(BotProcess::log)
            .unwrap_or_default()
    }

    async fn store(&self) -> Store {
        Store::open(&self.db.url).await.unwrap()
    }
}

/// `/play game` in `channel` by `players[0]` inviting the others (who accept), with `bots`
/// computer players. Answers the table and the shard that carried the command.
async fn open(
    fake: &FakeDiscord,
    channel: u64,
    game: &str,
    players: &[&FakeUser],
    bots: u64,
    seed: u64,
) -> (i64, [u32; 2]) {
    let extra: Vec<Value> = (bots > 0)
        .then(|| json!({"name": "bots", "value": bots}))
        .into_iter()
        .collect();
    let (table, _, shard) = open_table_in(fake, channel, game, players, seed, &extra).await;
    (table, shard)
}

/// What the people of one table did.
#[derive(Debug, Default)]
struct Played {
    /// Move clicks on a hand the bot acknowledged (a deferred update): the click's interaction
    /// and the hand message. Each was applied unless the hand was edited through that click's
    /// own token to a refusal (⚠), which is how a move is refused ([`Played::moves`]).
    acts: Vec<(u64, u64)>,
    clicks: usize,
    /// The shards that carried the clicks.
    shards: Vec<[u32; 2]>,
    /// The slowest answer.
    slowest: Duration,
    over: bool,
}

impl Played {
    /// The move clicks that were applied: every acknowledged one but those refused. (The click's
    /// answer alone does not tell: other edits of the same hand, the subscriber's for earlier
    /// moves, may land between the acknowledgement and the move's own edit.)
    async fn moves(&self, fake: &FakeDiscord) -> usize {
        // Refusals still on their way land first.
        tokio::time::sleep(Duration::from_millis(500)).await;
        self.acts
            .iter()
            .filter(|&&(interaction, message)| {
                let versions = fake
                    .message(message)
                    .map(|m| m.versions())
                    .unwrap_or_default();
                !versions
                    .iter()
                    .any(|v| v.made_by == Some(interaction) && v.content.contains('⚠'))
            })
            .count()
    }
}

/// Whether `id` is a step of table `table`'s hands: a move, a page, a group or a question.
fn is_step(id: &str, table: i64) -> bool {
    match ids::parse(id) {
        Some(ComponentId::Act { table: t, .. } | ComponentId::Step { table: t, .. }) => t == table,
        _ => false,
    }
}

/// Plays the table in `channel` with seeded random hand buttons (moves, pages, groups,
/// confirmations; never a forfeit) until its game is over or `clicks` clicks were made. A hand
/// that stays quiet for a second is opened again from the table message.
async fn play(
    fake: &FakeDiscord,
    channel: u64,
    table: i64,
    players: &[&FakeUser],
    clicks: usize,
    seed: u64,
) -> Played {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let again = ComponentId::Again(table).to_string();
    let mut hands: Vec<Option<u64>> = vec![None; players.len()];
    let mut played = Played::default();
    let mut quiet = Instant::now();
    let deadline = Instant::now() + Duration::from_secs(300);
    while played.clicks < clicks {
        assert!(Instant::now() < deadline, "table {table} never ended");
        if fake.latest_button(channel, |id| id == again).is_some() {
            played.over = true;
            break;
        }
        let live: Vec<(usize, u64, String)> = hands
            .iter()
            .enumerate()
            .filter_map(|(k, hand)| {
                let hand = (*hand)?;
                let buttons: Vec<String> = fake
                    .enabled_buttons(hand)?
                    .into_iter()
                    .map(|(id, _)| id)
                    .filter(|id| is_step(id, table))
                    .collect();
                (!buttons.is_empty())
                    .then(|| (k, hand, buttons[rng.random_range(0..buttons.len())].clone()))
            })
            .collect();
        if let Some((k, hand, custom_id)) = live.first().cloned() {
            let outcome = fake.click(players[k], hand, &custom_id).await.unwrap();
            played.clicks += 1;
            played.shards.push(outcome.shard);
            played.slowest = played.slowest.max(outcome.latency);
            // Acknowledged in place: applied, unless refused on the hand (see `Played::moves`).
            let act = matches!(
                ids::parse(&custom_id),
                Some(ComponentId::Act { table: t, .. }) if t == table
            );
            if act && outcome.callback_type == 6 {
                played.acts.push((outcome.interaction_id, hand));
            }
            quiet = Instant::now();
            continue;
        }
        if hands.iter().any(Option::is_none) || quiet.elapsed() > Duration::from_secs(1) {
            // Open every hand (again) from the table message. The bot may replace that message
            // between finding its button and pressing it: then the newer one is pressed next time.
            let show = ComponentId::Hand(table).to_string();
            if let Some((message, show)) = fake.latest_button(channel, |id| id == show) {
                for (k, user) in players.iter().enumerate() {
                    let outcome = match fake.click(user, message, &show).await {
                        Ok(outcome) => outcome,
                        Err(e) if e.to_string().contains("was deleted") => break,
                        Err(e) => panic!("{e}"),
                    };
                    played.shards.push(outcome.shard);
                    hands[k] = outcome
                        .message
                        .as_ref()
                        .filter(|m| m.ephemeral)
                        .map(|m| m.id);
                }
            }
            quiet = Instant::now();
            continue;
        }
        // Nothing to click: wait for a hand to come alive (its turn, the bot's edit after the
        // last click) or the end.
        let open: Vec<u64> = hands.iter().flatten().copied().collect();
        let again = again.clone();
        let _ = fake
            .wait_until(Duration::from_secs(1), move |f| {
                open.iter().any(|hand| {
                    f.enabled_buttons(*hand)
                        .is_some_and(|b| b.iter().any(|(id, _)| is_step(id, table)))
                }) || f.latest_button(channel, |id| id == again).is_some()
            })
            .await;
    }
    played
}

/// The table as stored, checked: its log replays to its state, and the moves of people's
/// seats are exactly the `moves` acknowledged to them (none lost, none applied twice).
async fn check_stored(store: &Store, table: i64, moves: usize) -> StoredTable {
    let stored = store.table(table).await.unwrap().unwrap();
    let mut game = dealt(&stored);
    for (i, m) in stored.moves.iter().enumerate() {
        assert_eq!(m.number, i as u64 + 1, "table {table}: moves in order");
        game.act_json(m.seat, &m.action)
            .unwrap_or_else(|e| panic!("table {table}: move {} replays: {e:?}", m.number));
    }
    let people = stored
        .moves
        .iter()
        .filter(|m| stored.setup.seat_rows[m.seat].computer.is_none())
        .count();
    assert_eq!(
        people, moves,
        "table {table}: every acknowledged move stored once"
    );
    stored
}

/// `/scores` in `channel` by `user`: its text and the shard that carried it.
async fn scores(fake: &FakeDiscord, user: &FakeUser, channel: u64) -> (String, [u32; 2]) {
    let out = fake
        .slash(user, channel, "scores", json!([]))
        .await
        .unwrap();
    (out.content().to_string(), out.shard)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_two_shards_share_one_database() {
    let Some(mut c) = Cluster::start("e2e_shards::two_processes_on_two_shards").await else {
        return;
    };
    c.boot(0, Some("0-0/2"), &[[0, 2]]).await;
    c.boot(1, Some("1-1/2"), &[[1, 2]]).await;
    // Each connection announced its own shard's server only.
    for conn in c.fake.connections() {
        match conn.shard {
            Some([0, 2]) => assert_eq!(conn.guilds, vec![EVEN]),
            Some([1, 2]) => assert!(conn.guilds.contains(&ODD) && !conn.guilds.contains(&EVEN)),
            other => panic!("a connection as {other:?}"),
        }
    }
    let fake = c.fake.clone();
    let (alice, bob, carol, dave) = (
        &c.alice.clone(),
        &c.bob.clone(),
        &c.carol.clone(),
        &c.dave.clone(),
    );
    let (evens, odds) = ([alice, bob], [carol, dave]);

    // A game in each server, both at once, each on its own process.
    let (even, even_shard) = open(&fake, EVEN_CHANNELS[0], "pisha-pasha", &evens, 0, 7).await;
    let (odd, odd_shard) = open(&fake, ODD_CHANNELS[0], "pisha-pasha", &odds, 0, 8).await;
    assert_eq!((even_shard, odd_shard), ([0, 2], [1, 2]));
    let (even_played, odd_played) = tokio::join!(
        play(&fake, EVEN_CHANNELS[0], even, &evens, 5_000, 1),
        play(&fake, ODD_CHANNELS[0], odd, &odds, 5_000, 2),
    );
    assert!(even_played.over && odd_played.over);
    assert!(even_played.shards.iter().all(|s| *s == [0, 2]));
    assert!(odd_played.shards.iter().all(|s| *s == [1, 2]));
    assert!(even_played.slowest.max(odd_played.slowest) < ACK_DEADLINE);
    let store = c.store().await;
    for (table, played) in [(even, &even_played), (odd, &odd_played)] {
        let stored = check_stored(&store, table, played.moves(&fake).await).await;
        assert_eq!(stored.phase, Phase::Finished);
    }
    // `/scores` of each server, from the process of its shard, from the one database.
    let (text, shard) = scores(&fake, bob, EVEN_CHANNELS[0]).await;
    assert_eq!(shard, [0, 2]);
    assert!(
        text.contains(&alice.mention()) && text.contains(&bob.mention()),
        "{text}"
    );
    assert!(!text.contains(&carol.mention()), "{text}");
    let (text, shard) = scores(&fake, dave, ODD_CHANNELS[0]).await;
    assert_eq!(shard, [1, 2]);
    assert!(
        text.contains(&carol.mention()) && text.contains(&dave.mention()),
        "{text}"
    );
    assert!(!text.contains(&alice.mention()), "{text}");

    // Second games with computer players, half played; then the odd process is killed.
    let (even, _) = open(&fake, EVEN_CHANNELS[1], "teka", &evens, 2, 9).await;
    let (odd, _) = open(&fake, ODD_CHANNELS[1], "teka", &odds, 2, 10).await;
    let (mut even_played, mut odd_played) = tokio::join!(
        play(&fake, EVEN_CHANNELS[1], even, &evens, 6, 3),
        play(&fake, ODD_CHANNELS[1], odd, &odds, 6, 4),
    );
    assert!(!even_played.over && !odd_played.over, "the games go on");
    c.kill(1).await;
    assert_eq!(c.fake.ready_shards(), vec![[0, 2]]);
    // The even server plays on, its table held by its own process; half of what is left now.
    let more = play(&fake, EVEN_CHANNELS[1], even, &evens, 6, 5).await;
    even_played.acts.extend(more.acts);
    assert!(more.shards.iter().all(|s| *s == [0, 2]));

    // Restarted with the same shards, the odd process restores its table and no other: since
    // its start it has sent nothing about the even server's channels.
    let before = c.fake.requests_with_auth().len();
    c.boot(1, Some("1-1/2"), &[[0, 2], [1, 2]]).await;
    let log = c.log(1);
    assert!(
        log.contains("restored the unfinished tables of this process's shards restored=1"),
        "{log}"
    );
    let more = play(&fake, ODD_CHANNELS[1], odd, &odds, 5_000, 6).await;
    odd_played.acts.extend(more.acts);
    assert!(more.over, "the restored table finishes");
    let more = play(&fake, EVEN_CHANNELS[1], even, &evens, 5_000, 7).await;
    even_played.acts.extend(more.acts);
    assert!(more.over);
    let odd_token = format!("Bot {}", token(1));
    for (line, auth) in &c.fake.requests_with_auth()[before..] {
        if auth.as_deref() == Some(odd_token.as_str()) {
            assert!(
                !EVEN_CHANNELS
                    .iter()
                    .any(|ch| line.contains(&ch.to_string())),
                "the odd process touched the even server: {line}"
            );
        }
    }
    for (table, played) in [(even, &even_played), (odd, &odd_played)] {
        let stored = check_stored(&store, table, played.moves(&fake).await).await;
        assert_eq!(stored.phase, Phase::Finished);
    }

    // Both processes go; one without SHARDS runs every shard Discord recommends (two) and
    // answers both servers' /scores from the database the others wrote.
    c.kill(0).await;
    c.kill(1).await;
    c.fake.set_gateway_shards(2);
    c.boot(2, None, &[[0, 2], [1, 2]]).await;
    assert!(c
        .fake
        .requests_with_auth()
        .iter()
        .any(|(line, auth)| line == "GET /api/v10/gateway/bot"
            && auth.as_deref() == Some(format!("Bot {}", token(2)).as_str())));
    let (text, shard) = scores(&fake, alice, EVEN_CHANNELS[2]).await;
    assert_eq!(shard, [0, 2]);
    assert!(
        text.contains(&alice.mention()) && text.contains(&bob.mention()),
        "{text}"
    );
    let (text, shard) = scores(&fake, carol, ODD_CHANNELS[2]).await;
    assert_eq!(shard, [1, 2]);
    assert!(
        text.contains(&carol.mention()) && text.contains(&dave.mention()),
        "{text}"
    );
    assert!(store.open_tables().await.unwrap().is_empty());
    assert_eq!(c.fake.violations(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_one_rest_proxy_and_its_rate_limit() {
    let Some(mut c) = Cluster::start("e2e_shards::two_processes_share_one_rest_proxy").await else {
        return;
    };
    c.boot(0, Some("0-0/2"), &[[0, 2]]).await;
    c.boot(1, Some("1-1/2"), &[[1, 2]]).await;
    let fake = c.fake.clone();
    let (alice, bob, carol, dave) = (
        &c.alice.clone(),
        &c.bob.clone(),
        &c.carol.clone(),
        &c.dave.clone(),
    );
    let (evens, odds) = ([alice, bob], [carol, dave]);
    let (even, _) = open(&fake, EVEN_CHANNELS[0], "pisha-pasha", &evens, 0, 11).await;
    let (odd, _) = open(&fake, ODD_CHANNELS[0], "pisha-pasha", &odds, 0, 12).await;

    // The proxy answers a global 429 to the next edits through the interaction webhook (the
    // table messages and the open hands), and to the next answers to clicks, whichever
    // process sends them.
    let limited = |retry_after: f64| Fault::RateLimited {
        retry_after,
        global: true,
    };
    fake.inject("PATCH /webhooks/*/*/messages/*", limited(0.2), 4);
    fake.inject("POST /interactions/*/*/callback", limited(0.1), 2);
    let (even_played, odd_played) = tokio::join!(
        play(&fake, EVEN_CHANNELS[0], even, &evens, 5_000, 21),
        play(&fake, ODD_CHANNELS[0], odd, &odds, 5_000, 22),
    );
    assert!(even_played.over && odd_played.over);
    assert!(even_played.slowest.max(odd_played.slowest) < ACK_DEADLINE);
    assert_eq!(fake.faults_pending(), 0, "every 429 was served");
    let store = c.store().await;
    for (table, played) in [(even, &even_played), (odd, &odd_played)] {
        let stored = check_stored(&store, table, played.moves(&fake).await).await;
        assert_eq!(stored.phase, Phase::Finished);
    }

    // Every REST call of both processes reached the proxy under /api/v10, each with its own
    // process's Authorization header.
    let requests = fake.requests_with_auth();
    let tokens = [format!("Bot {}", token(0)), format!("Bot {}", token(1))];
    for (line, auth) in &requests {
        assert!(
            line.split(' ')
                .nth(1)
                .is_some_and(|p| p.starts_with("/api/v10/")),
            "{line}"
        );
        assert!(
            auth.as_ref().is_some_and(|a| tokens.contains(a)),
            "{line}: Authorization {auth:?}"
        );
    }
    for n in [0, 1] {
        let mine: Vec<&String> = requests
            .iter()
            .filter(|(_, auth)| auth.as_ref() == Some(&tokens[n]))
            .map(|(line, _)| line)
            .collect();
        assert!(
            mine.iter().any(|l| l.starts_with("GET /api/v10/gateway")),
            "{n}"
        );
        assert!(mine.iter().any(|l| l.contains("/callback")), "{n}");
        // Its own server's table message and hands, through its clicks' webhooks.
        assert!(
            mine.iter()
                .any(|l| l.starts_with("PATCH /api/v10/webhooks/")),
            "process {n} edits its own server's messages"
        );
    }

    // Each 429 was waited out by the process it was served to: its next call of the same
    // request came no sooner than the retry_after.
    let served = fake.faults_served();
    assert_eq!(served.len(), 6);
    let timed = fake.request_times();
    for fault in &served {
        let Fault::RateLimited { retry_after, .. } = fault.fault else {
            unreachable!("only 429s were injected")
        };
        // The request the fault answered: the last one of its line before it was served.
        let (at, auth) = timed
            .iter()
            .filter(|(line, at, _)| *line == fault.request && *at <= fault.at)
            .map(|(_, at, auth)| (*at, auth.clone()))
            .next_back()
            .unwrap();
        let again = timed
            .iter()
            .find(|(line, next, by)| *line == fault.request && *next > at && *by == auth)
            .map(|(_, next, _)| *next)
            .unwrap_or_else(|| panic!("{} was never tried again", fault.request));
        assert!(
            again - at >= Duration::from_secs_f64(retry_after),
            "{} tried again after {:?}",
            fault.request,
            again - at
        );
    }
    assert_eq!(
        served
            .iter()
            .filter(|s| s.request.contains("/webhooks/"))
            .count(),
        4,
        "the webhook edits met their 429s"
    );
    // No hand went back to an older position, across restarts and 429s alike.
    let gone_back = hand_history::hands_gone_back(&fake);
    assert!(gone_back.is_empty(), "{}", gone_back.join("\n"));
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_misrouted_server_gets_no_table() {
    let fake = FakeDiscord::start().await;
    fake.add_guild(EVEN, &EVEN_CHANNELS);
    fake.add_guild(ODD, &ODD_CHANNELS);
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("pakka.db").display());
    let proxy = fake.base_url();
    let config = pakka::config::Config::from_vars(|name| {
        match name {
            "DISCORD_TOKEN" => Some(FakeDiscord::TOKEN),
            "DATABASE_URL" => Some(url.as_str()),
            "DISCORD_HTTP_PROXY" => Some(proxy.as_str()),
            "COMPUTER_PAUSE_MS" => Some("0"),
            _ => None,
        }
        .map(str::to_string)
    })
    .unwrap();
    // The gateway runs every shard (one of one), but the table service only the even half.
    assert_eq!(config.shards, None);
    let half = pakka::store::ShardRange {
        first: 0,
        last: 0,
        total: 2,
    };
    let store = Store::open(&url).await.unwrap();
    let service = pakka::table::TableService::new(store)
        .on_shards(half)
        .with_clocks(pakka::clocks(&config));
    let service = std::sync::Arc::new(service);
    service.start();
    let before = fake.command_registrations();
    let bot = pakka::discord::start(&config, service).await.unwrap();
    let probe = fake.clone();
    fake.wait_until(WAIT, move |_| probe.command_registrations() > before)
        .await
        .unwrap();
    let alice = fake.user(1_000_000_000_000_001, "alice");
    let bob = fake.user(1_000_000_000_000_002, "bob");

    // Its own server plays as always.
    let (table, _) = open(
        &fake,
        EVEN_CHANNELS[0],
        "pisha-pasha",
        &[&alice, &bob],
        0,
        3,
    )
    .await;
    // The other server's commands and clicks reach it, and are refused with a sentence.
    let play = fake
        .slash(
            &alice,
            ODD_CHANNELS[0],
            "play",
            json!([{"name": "game", "value": "pisha-pasha"}, {"name": "player", "value": bob.id.to_string()}]),
        )
        .await
        .unwrap();
    assert!(play.is_ephemeral(), "{}", play.content());
    assert!(
        play.content().contains("another pakka process"),
        "{}",
        play.content()
    );
    let scores = fake
        .slash(&bob, ODD_CHANNELS[0], "scores", json!([]))
        .await
        .unwrap();
    assert!(scores.content().contains("another pakka process"));
    let show = ComponentId::Hand(table).to_string();
    let (message, show) = fake
        .latest_button(EVEN_CHANNELS[0], |id| id == show)
        .unwrap();
    let data = json!({"custom_id": show, "component_type": 2});
    let click = fake
        .raw_interaction(&bob, ODD_CHANNELS[0], 3, data, Some(message))
        .await
        .unwrap();
    assert!(click.is_ephemeral());
    assert!(click.content().contains("another pakka process"));
    let store = Store::open(&url).await.unwrap();
    let open = store.open_tables().await.unwrap();
    assert_eq!(open.len(), 1, "nothing stored for the other server");
    assert_eq!(open[0].setup.guild_id, EVEN);
    assert!(fake.channel_messages(ODD_CHANNELS[0]).is_empty());
    bot.shutdown().await;
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[test]
fn a_bad_shards_setting_stops_the_binary_with_its_sentence() {
    let dir = tempfile::tempdir().unwrap();
    let run = |lang: &str, shards: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_pakka"))
            .args(["--lang", lang])
            .current_dir(dir.path())
            .env("DISCORD_TOKEN", "x")
            .env("SHARDS", shards)
            .env_remove("DATABASE_URL")
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, said) = run("en-US", "4-3/16");
    assert_eq!(code, Some(2), "{said}");
    assert!(
        said.contains("SHARDS \"4-3/16\" names its shards backwards"),
        "{said}"
    );
    let (code, said) = run("fi", "0-16/16");
    assert_eq!(code, Some(2), "{said}");
    assert!(said.contains("numeroitu 0–15"), "{said}");
    let (code, said) = run("en-US", "half");
    assert_eq!(code, Some(2), "{said}");
    assert!(said.contains("first-last/total"), "{said}");
    // Nothing was started: no database was created.
    assert!(!dir.path().join("pakka.db").exists());
}

/// A free port on 127.0.0.1 (for an address a process and the proxy's configuration share).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// nginx in front of the processes' web edges, with the project's documented configuration
/// (`deploy/nginx-activity.conf`), its upstreams pointed at `processes` and listening on
/// `listen`. None, saying why, where nginx is not installed.
struct Nginx {
    child: std::process::Child,
}

impl Nginx {
    fn start(dir: &std::path::Path, processes: [u16; 2], listen: u16) -> Option<Nginx> {
        let binary = ["/usr/sbin/nginx", "/usr/bin/nginx"]
            .into_iter()
            .find(|p| std::path::Path::new(p).exists());
        let Some(binary) = binary else {
            eprintln!(
                "skipped: nginx is not installed (apt-get install nginx; .ci/run installs it)"
            );
            return None;
        };
        let documented = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy/nginx-activity.conf"),
        )
        .unwrap();
        let site = documented
            .replace("10.0.0.1:8080", &format!("127.0.0.1:{}", processes[0]))
            .replace("10.0.0.2:8080", &format!("127.0.0.1:{}", processes[1]))
            .replace("listen 8443;", &format!("listen 127.0.0.1:{listen};"));
        assert_ne!(
            site, documented,
            "the documented addresses are where the test puts its own"
        );
        let root = dir.join("nginx");
        std::fs::create_dir_all(root.join("temp")).unwrap();
        std::fs::write(root.join("site.conf"), site).unwrap();
        let temp = root.join("temp");
        let main = format!(
            "worker_processes 1;\n\
             worker_rlimit_nofile 16384;\n\
             daemon off;\n\
             pid {root}/nginx.pid;\n\
             error_log {root}/error.log warn;\n\
             events {{ worker_connections 8192; }}\n\
             http {{\n\
               access_log {root}/access.log;\n\
               client_body_temp_path {temp}/body;\n\
               proxy_temp_path {temp}/proxy;\n\
               fastcgi_temp_path {temp}/fastcgi;\n\
               uwsgi_temp_path {temp}/uwsgi;\n\
               scgi_temp_path {temp}/scgi;\n\
               include {root}/site.conf;\n\
             }}\n",
            root = root.display(),
            temp = temp.display(),
        );
        std::fs::write(root.join("nginx.conf"), main).unwrap();
        let child = std::process::Command::new(binary)
            .arg("-p")
            .arg(&root)
            .arg("-e")
            .arg(root.join("error.log"))
            .arg("-c")
            .arg(root.join("nginx.conf"))
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("nginx starts");
        Some(Nginx { child })
    }
}

impl Drop for Nginx {
    /// Stops nginx as its service would (SIGTERM to the master, which stops its workers; a
    /// SIGKILL would leave them running), and waits for it.
    fn drop(&mut self) {
        let _ = std::process::Command::new("kill")
            .arg("-TERM")
            .arg(self.child.id().to_string())
            .status();
        let _ = self.child.wait();
    }
}

/// The Activity served by the cluster's two processes (`SHARDS=0-0/2` and `1-1/2`), each on a
/// port of its own, behind nginx: where nginx listens, and where each process does.
struct Windowed {
    proxy: std::net::SocketAddr,
    ports: [u16; 2],
    client: std::path::PathBuf,
    _nginx: Nginx,
}

impl Windowed {
    /// nginx in front of the web edges the cluster's processes will serve, and the client they
    /// serve (any `index.html`: the tests use the API); None, saying why, without nginx.
    fn start(c: &Cluster) -> Option<Windowed> {
        let client = c.dir.path().join("client");
        std::fs::create_dir_all(&client).unwrap();
        std::fs::write(client.join("index.html"), "<!doctype html>").unwrap();
        let ports = [free_port(), free_port()];
        let listen = free_port();
        let nginx = Nginx::start(c.dir.path(), ports, listen)?;
        Some(Windowed {
            proxy: ([127, 0, 0, 1], listen).into(),
            ports,
            client,
            _nginx: nginx,
        })
    }

    /// Where process `n`'s web edge listens.
    fn process(&self, n: usize) -> std::net::SocketAddr {
        ([127, 0, 0, 1], self.ports[n]).into()
    }

    /// Starts process `n` with `SHARDS=n-n/2` and its web edge, and waits until `ready` shards
    /// are connected.
    async fn boot(&self, c: &mut Cluster, n: usize, ready: &[[u32; 2]]) {
        let env = [
            ("ACTIVITY_ADDR", self.process(n).to_string()),
            ("ACTIVITY_CLIENT_DIR", self.client.display().to_string()),
            (
                "DISCORD_CLIENT_SECRET",
                FakeDiscord::CLIENT_SECRET.to_string(),
            ),
        ];
        c.boot_with(n, Some(&format!("{n}-{n}/2")), ready, &env)
            .await;
    }
}

/// A window's next frame of `kind` (others skipped, but never a notice: nothing tells a window
/// its table is gone or its bot restarting here unless the test says so).
async fn frame(socket: &mut windows::Socket, kind: &str) -> Value {
    use futures_util::StreamExt;
    loop {
        let next = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .unwrap_or_else(|_| panic!("no {kind} frame in 10 s"));
        let Some(Ok(tokio_tungstenite::tungstenite::Message::Text(text))) = next else {
            panic!("the window closed waiting for a {kind} frame: {next:?}");
        };
        let frame: Value = serde_json::from_str(text.as_str()).unwrap();
        assert_ne!(frame["type"], "notice", "{frame}");
        if frame["type"] == kind {
            return frame;
        }
    }
}

/// Whether a window's socket closes within 10 s.
async fn closes(socket: &mut windows::Socket) -> bool {
    use futures_util::StreamExt;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        match tokio::time::timeout_at(deadline, socket.next()).await {
            Err(_) => return false,
            Ok(None | Some(Err(_))) => return true,
            Ok(Some(Ok(tokio_tungstenite::tungstenite::Message::Close(_)))) => return true,
            Ok(Some(Ok(_))) => {}
        }
    }
}

/// The players' windows on `table`, opened through `proxy` with their sessions and `query`
/// (instance and shard), each with the hand it was last sent.
async fn windows_on(
    proxy: std::net::SocketAddr,
    table: i64,
    sessions: &[&str],
    query: &str,
) -> Vec<(windows::Socket, Value)> {
    let mut open = Vec::new();
    for session in sessions {
        let mut socket = windows::connect_with(proxy, session, query)
            .await
            .unwrap_or_else(|e| panic!("a window through the proxy: {e}"));
        let shown = frame(&mut socket, "table").await;
        assert_eq!(
            shown["table"], table,
            "the window shows its own server's table"
        );
        let hand = frame(&mut socket, "hand").await;
        open.push((socket, hand));
    }
    open
}

/// `moves` moves made in the windows of one table, each by the window whose hand offers one;
/// every window sees each move. Answers the move number the table shows then.
async fn play_in_windows(open: &mut [(windows::Socket, Value)], table: i64, moves: usize) -> u64 {
    use futures_util::SinkExt;
    let mut number = 0;
    for _ in 0..moves {
        let k = open
            .iter()
            .position(|(_, hand)| hand["actions"].as_array().is_some_and(|a| !a.is_empty()))
            .expect("a window whose hand offers a move");
        let hand = &open[k].1;
        number = hand["move_number"].as_u64().unwrap();
        let index = hand["actions"][0]["index"].clone();
        let sent = json!({"type": "move", "table": table, "move_number": number, "index": index});
        open[k]
            .0
            .send(tokio_tungstenite::tungstenite::Message::Text(
                sent.to_string().into(),
            ))
            .await
            .unwrap();
        let mut shown = number;
        for (socket, hand) in open.iter_mut() {
            loop {
                let at = frame(socket, "table").await["move_number"]
                    .as_u64()
                    .unwrap();
                if at > number {
                    shown = at;
                    break;
                }
            }
            *hand = frame(socket, "hand").await;
            assert!(hand["move_number"].as_u64() > Some(number), "{hand}");
        }
        number = shown;
    }
    number
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn windows_reach_the_process_of_their_server_through_the_documented_proxy() {
    let Some(mut c) = Cluster::start("e2e_shards::windows_reach_the_process_of_their_server").await
    else {
        return;
    };
    let Some(windowed) = Windowed::start(&c) else {
        return;
    };
    let proxy = windowed.proxy;
    windowed.boot(&mut c, 0, &[[0, 2]]).await;
    windowed.boot(&mut c, 1, &[[1, 2]]).await;
    let fake = c.fake.clone();
    let (alice, bob, carol, dave) = (
        &c.alice.clone(),
        &c.bob.clone(),
        &c.carol.clone(),
        &c.dave.clone(),
    );
    let (even, _) = open(&fake, EVEN_CHANNELS[0], "pisha-pasha", &[alice, bob], 0, 11).await;
    let (odd, _) = open(&fake, ODD_CHANNELS[0], "pisha-pasha", &[carol, dave], 0, 12).await;
    let even_instance = fake.open_activity(EVEN_CHANNELS[0], &[alice, bob]);
    let odd_instance = fake.open_activity(ODD_CHANNELS[0], &[carol, dave]);

    // Every process tells the windows the shard count.
    for addr in [proxy, windowed.process(1)] {
        let (status, body) = crate::support::http::get(addr, "/api/config")
            .await
            .unwrap();
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("\"shards\":2"), "{body}");
    }
    // Signed in once each: through the proxy (no shard: any process), and Bob at the odd
    // process directly; each session is accepted by the other process.
    let sessions = [
        windows::sign_in(&fake, proxy, alice).await,
        windows::sign_in(&fake, windowed.process(1), bob).await,
        windows::sign_in(&fake, proxy, carol).await,
        windows::sign_in(&fake, proxy, dave).await,
    ];
    let even_query = format!("instance={even_instance}&shard=0");
    let odd_query = format!("instance={odd_instance}&shard=1");
    let mut evens = windows_on(proxy, even, &[&sessions[0], &sessions[1]], &even_query).await;
    let mut odds = windows_on(proxy, odd, &[&sessions[2], &sessions[3]], &odd_query).await;

    // A window sent to the process that does not serve its server is refused, with why.
    let wrong = format!("instance={odd_instance}&shard=0");
    match windows::connect_with(proxy, &sessions[2], &wrong).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status().as_u16(), 421);
            let body = String::from_utf8_lossy(response.body().as_deref().unwrap_or_default())
                .into_owned();
            assert!(body.contains("does not serve this server"), "{body}");
        }
        other => panic!("a window on the wrong process: {:?}", other.map(|_| ())),
    }

    // Both tables played in their windows at once, each move seen by both windows.
    let (even_at, odd_at) = tokio::join!(
        play_in_windows(&mut evens, even, 3),
        play_in_windows(&mut odds, odd, 3),
    );
    assert!(even_at >= 3 && odd_at >= 3, "{even_at} {odd_at}");

    // The odd process is killed: its windows close; the even windows play on, told nothing.
    c.kill(1).await;
    for (socket, _) in odds.iter_mut() {
        assert!(closes(socket).await, "an odd window outlived its process");
    }
    let even_at = play_in_windows(&mut evens, even, 2).await;

    // Restarted, the odd process restores its table; its windows come back with the sessions
    // they had (no sign-in) and play on from where they were.
    windowed.boot(&mut c, 1, &[[0, 2], [1, 2]]).await;
    let mut back = None;
    for _ in 0..100 {
        match windows::connect_with(proxy, &sessions[2], &odd_query).await {
            Ok(socket) => {
                back = Some(socket);
                break;
            }
            // The restarted process's web edge may listen a moment after its shards connect.
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
    let mut carols = back.expect("Carol's window comes back with her session");
    let shown = frame(&mut carols, "table").await;
    assert_eq!(shown["table"], odd);
    assert_eq!(shown["move_number"], odd_at, "the table as it was: {shown}");
    let hand = frame(&mut carols, "hand").await;
    let mut odds = vec![(carols, hand)];
    odds.extend(windows_on(proxy, odd, &[&sessions[3]], &odd_query).await);
    assert!(play_in_windows(&mut odds, odd, 2).await > odd_at);
    assert!(play_in_windows(&mut evens, even, 1).await > even_at);
    assert_eq!(c.fake.violations(), Vec::<String>::new());
    // nginx's access log has every window's request, and no session's key.
    drop((evens, odds));
    drop(windowed);
    let log = std::fs::read_to_string(c.dir.path().join("nginx/access.log")).unwrap();
    assert!(
        log.contains("/api/ws?instance=") && log.contains(" 421 "),
        "{log}"
    );
    for session in &sessions {
        assert!(
            !log.contains(session.as_str()),
            "a session's key in the log:\n{log}"
        );
    }
}

/// What windows cost across two processes behind nginx (`deploy/nginx-activity.conf`):
/// `WINDOWS` (default 2,000) windows, half on a table of each process's server, signed in and
/// opened through the proxy; each process's resident memory before and after, per window; then
/// a move at each table, and the time until every window of that table has its frame. A
/// measurement for BENCHMARKS.md, run by name (PostgreSQL and nginx needed):
/// `cargo test --test tests e2e_shards::windows_across_two_processes -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: run it by name"]
async fn windows_across_two_processes() {
    use futures_util::SinkExt;
    let windows: usize = std::env::var("WINDOWS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    let Some(mut c) = Cluster::start("e2e_shards::windows_across_two_processes").await else {
        return;
    };
    let Some(windowed) = Windowed::start(&c) else {
        return;
    };
    let proxy = windowed.proxy;
    windowed.boot(&mut c, 0, &[[0, 2]]).await;
    windowed.boot(&mut c, 1, &[[0, 2], [1, 2]]).await;
    let fake = c.fake.clone();
    let sides = [
        (EVEN_CHANNELS[0], [c.alice.clone(), c.bob.clone()], 0u64),
        (ODD_CHANNELS[0], [c.carol.clone(), c.dave.clone()], 1u64),
    ];
    let mut report = Vec::new();
    let mut opened = Vec::new();
    for (channel, players, shard) in &sides {
        let [a, b] = players;
        let (table, _) = open(&fake, *channel, "pisha-pasha", &[a, b], 0, 20 + shard).await;
        let people: Vec<FakeUser> = (0..windows / 2)
            .map(|k| {
                fake.user(
                    8_000_000 + shard * 100_000 + k as u64,
                    &format!("w{shard}-{k}"),
                )
            })
            .collect();
        let mut everyone: Vec<&FakeUser> = people.iter().collect();
        everyone.extend([a, b]);
        let instance = fake.open_activity(*channel, &everyone);
        opened.push((table, people, instance, *shard));
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let resident = |n: usize| c.bots[n].as_ref().unwrap().resident_kib();
    let before = [resident(0), resident(1)];
    let mut watchers = Vec::new();
    for (table, people, instance, shard) in &opened {
        let query = format!("instance={instance}&shard={shard}");
        let mut sockets = Vec::new();
        for person in people {
            let session = windows::sign_in(&fake, proxy, person).await;
            let mut socket = windows::connect_with(proxy, &session, &query)
                .await
                .unwrap();
            assert_eq!(frame(&mut socket, "table").await["table"], *table);
            sockets.push(socket);
        }
        watchers.push(sockets);
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after = [resident(0), resident(1)];
    for (((table, _, instance, shard), (_, players, _)), sockets) in
        opened.iter().zip(&sides).zip(watchers.iter_mut())
    {
        let query = format!("instance={instance}&shard={shard}");
        let sessions = [
            windows::sign_in(&fake, proxy, &players[0]).await,
            windows::sign_in(&fake, proxy, &players[1]).await,
        ];
        let mut movers = windows_on(proxy, *table, &[&sessions[0], &sessions[1]], &query).await;
        let (mover, hand) = movers
            .iter_mut()
            .find(|(_, hand)| hand["actions"].as_array().is_some_and(|a| !a.is_empty()))
            .expect("someone is to act");
        let number = hand["move_number"].as_u64().unwrap();
        let sent = json!({"type": "move", "table": table, "move_number": number,
                          "index": hand["actions"][0]["index"]});
        let at = Instant::now();
        mover
            .send(tokio_tungstenite::tungstenite::Message::Text(
                sent.to_string().into(),
            ))
            .await
            .unwrap();
        let mut lags = Vec::new();
        for socket in sockets.iter_mut() {
            while frame(socket, "table").await["move_number"].as_u64() <= Some(number) {}
            lags.push(at.elapsed());
        }
        lags.sort();
        let p = |q: f64| lags[((lags.len() - 1) as f64 * q) as usize];
        let n = *shard as usize;
        report.push(format!(
            "process {n} (SHARDS={n}-{n}/2): {} windows, RSS {} KiB before, {} KiB after: {:.1} KiB \
             per window; a move reached every window of its table: p50 {:?}, p99 {:?}, last {:?}",
            sockets.len(),
            before[n],
            after[n],
            (after[n] as f64 - before[n] as f64) / sockets.len() as f64,
            p(0.5),
            p(0.99),
            lags.last().unwrap()
        ));
    }
    for line in report {
        println!("{line}");
    }
}
