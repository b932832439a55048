//! Discord misbehaving, on the fake Discord: REST 500/502/503 (before and after doing the
//! call), 429 per route and global, a call that hangs past 3 s, the gateway closing (RESUME)
//! and the session lost (IDENTIFY), an interaction token that expired (10015/10062), and
//! messages a person deleted (10008). Each test plays the same seeded Red7 (three people) as a run
//! without faults, injects its faults in the middle, plays on to the end and checks that the
//! stored moves are exactly the fault-free run's (none lost, none applied twice), that every
//! click was acknowledged within 3 s, that the table message shows the end, and that the bot
//! logged one warning line per fault served.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::Value;
use tokio::sync::OnceCell;

use crate::support::fake_discord::{permissions, FakeDiscord, Fault, ACK_DEADLINE};
use crate::support::harness::*;

const GAME: &str = "red7";
const SEED: u64 = 21;
/// Faults are injected once the table message shows this move.
const MIDDLE: u64 = 4;
const LIMIT: usize = 200;

/// The bot's warnings, as the lines a `tracing` subscriber writes.
#[derive(Clone, Default)]
struct Log(Arc<Mutex<Vec<u8>>>);

impl Write for Log {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Log {
    /// Collects pakka's warnings on this thread (the test's runtime is single-threaded, so
    /// the bot's tasks run here) until the guard goes.
    fn capture() -> (Log, tracing::subscriber::DefaultGuard) {
        let log = Log::default();
        let writer = log.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::new("pakka=warn"))
            .with_ansi(false)
            .with_writer(move || writer.clone())
            .finish();
        (log, tracing::subscriber::set_default(subscriber))
    }

    fn lines(&self) -> Vec<String> {
        String::from_utf8_lossy(&self.0.lock().unwrap())
            .lines()
            .map(str::to_string)
            .collect()
    }
}

/// The stored moves of a game: `(seat, action)` in order.
type Moves = Vec<(usize, Value)>;

/// The game played without faults: its moves and how many public messages it posted.
struct Baseline {
    moves: Moves,
    /// The public messages of a game without faults, as first posted.
    posts: Vec<String>,
}

async fn moves_of(h: &Harness, table: i64) -> Moves {
    let stored = h.store().await.table(table).await.unwrap().unwrap();
    stored
        .moves
        .into_iter()
        .map(|m| (m.seat, m.action))
        .collect()
}

fn is_over(content: &str) -> bool {
    content.contains("Game over")
}

/// Plays the first offer that does not give up (the same choices in every run).
fn steady(labels: &[String]) -> usize {
    labels
        .iter()
        .position(|l| !l.contains("not winning") && !l.starts_with("Surrender"))
        .unwrap_or(0)
}

async fn open(h: &Harness) -> i64 {
    h.open_table(GAME, &[&h.alice, &h.bob, &h.carol], SEED, &[])
        .await
        .0
}

async fn play_to(h: &Harness, table: i64, done: impl Fn(&str) -> bool) -> usize {
    let players = [&h.alice, &h.bob, &h.carol];
    h.play(table, &players, |_, labels| steady(labels), done, LIMIT)
        .await
}

/// The same game without faults, played once for every test.
async fn baseline() -> &'static Baseline {
    static BASELINE: OnceCell<Baseline> = OnceCell::const_new();
    BASELINE
        .get_or_init(|| async {
            let h = Harness::start().await;
            let table = open(&h).await;
            play_to(&h, table, is_over).await;
            let moves = moves_of(&h, table).await;
            assert!(moves.len() > MIDDLE as usize + 6, "a game long enough");
            settle().await;
            let posts = h.fake.public_posts(CHANNEL);
            Baseline { moves, posts }
        })
        .await
}

/// Lets the bot's last messages after a game land.
async fn settle() {
    tokio::time::sleep(Duration::from_millis(500)).await;
}

/// Clicks what `steady` picks in whichever player's latest hand has buttons (waiting for one
/// to come alive): one move, without looking at the table message.
async fn one_move(h: &Harness) {
    let live = |fake: &FakeDiscord, user: u64| {
        fake.ephemerals_for(user)
            .into_iter()
            .rev()
            .find(|m| !m.buttons().is_empty())
    };
    let users = [h.alice.id, h.bob.id, h.carol.id];
    h.fake
        .wait_until(WAIT, move |f| users.iter().any(|&u| live(f, u).is_some()))
        .await
        .expect("a hand comes alive");
    for user in [&h.alice, &h.bob, &h.carol] {
        if let Some(hand) = live(&h.fake, user.id) {
            let buttons = hand.buttons();
            let labels: Vec<String> = buttons.iter().map(|b| b.1.clone()).collect();
            let choice = &buttons[steady(&labels)].0;
            h.fake.click(user, hand.id, choice).await.unwrap();
            return;
        }
    }
}

/// A game on the fake Discord with the bot's warnings captured.
struct Faulty {
    h: Harness,
    table: i64,
    log: Log,
    _guard: tracing::subscriber::DefaultGuard,
}

impl Faulty {
    /// Opens the game and plays it to the middle.
    async fn start() -> Faulty {
        Faulty::start_after(|_| {}).await
    }

    /// Opens the game after `before` (injecting faults for the opening, say) and plays it to
    /// the middle.
    async fn start_after(before: impl FnOnce(&FakeDiscord)) -> Faulty {
        let expected = baseline().await;
        let (log, guard) = Log::capture();
        let h = Harness::start().await;
        before(&h.fake);
        let table = open(&h).await;
        play_to(&h, table, |c| move_of(c).is_some_and(|m| m >= MIDDLE)).await;
        assert!(expected.moves.len() > MIDDLE as usize);
        Faulty {
            h,
            table,
            log,
            _guard: guard,
        }
    }

    fn fake(&self) -> &FakeDiscord {
        &self.h.fake
    }

    /// Plays on to the end and checks the game, the answers, the table message and the log:
    /// `warnings` is how many lines the bot should have logged, each containing one of
    /// `words`.
    async fn finish(self, warnings: usize, words: &[&str]) -> Harness {
        let Faulty { h, table, log, .. } = self;
        play_to(&h, table, is_over).await;
        // The game's result is posted after the last move's table message.
        let served = h.fake.wait_until(WAIT, |f| f.faults_pending() == 0).await;
        assert!(served.is_ok(), "every injected fault was served");
        let moves = moves_of(&h, table).await;
        assert_eq!(
            moves,
            baseline().await.moves,
            "the same moves as without faults"
        );
        // The table message shows the end: the last move, no button.
        let fake = h.fake.clone();
        let shown =
            h.fake
                .wait_until(WAIT, move |_| {
                    fake.channel_messages(CHANNEL).iter().rev().any(|m| {
                        is_over(&m.content) && !m.deleted && m.buttons().iter().all(|b| b.2)
                    })
                })
                .await;
        assert!(shown.is_ok(), "the table message shows the end of the game");
        let latencies = h.fake.latencies();
        let slowest = latencies.iter().max().copied().unwrap_or_default();
        assert!(slowest < ACK_DEADLINE, "slowest answer {slowest:?}");
        assert_eq!(h.fake.violations(), Vec::<String>::new());
        eprintln!(
            "{} clicks answered, slowest in {slowest:?}; faults served: {:?}",
            latencies.len(),
            h.fake
                .faults_served()
                .iter()
                .map(|s| format!("{:?} to {}", s.fault, s.request))
                .collect::<Vec<_>>()
        );
        let lines = log.lines();
        for line in &lines {
            eprintln!("logged: {line}");
        }
        assert_eq!(lines.len(), warnings, "one line per fault: {lines:#?}");
        for line in &lines {
            assert!(
                line.contains(" WARN ") && words.iter().any(|w| line.contains(w)),
                "a clear warning: {line}"
            );
        }
        h
    }
}

/// The table message and the open hands are both edited through interaction webhooks (the
/// table message as the `@original` of the click that started the game, a hand as that of the
/// click that showed it), so a fault on this route meets whichever comes first.
const WEBHOOK_EDIT: &str = "PATCH /webhooks/*/*/messages/*";
const CALLBACK: &str = "POST /interactions/*/*/callback";
/// A table's public messages (pings, a deal's result) are follow-ups of its players' clicks.
const FOLLOWUP: &str = "POST /webhooks/*/*";

#[tokio::test(flavor = "current_thread")]
async fn server_errors_on_edits_and_posts_are_tried_again() {
    let f = Faulty::start().await;
    // Three in a row on one edit (it succeeds at its fourth attempt), and a follow-up that
    // met a 503 (Discord did nothing): not tried again blindly, looked for, then posted in
    // the channel.
    f.fake().inject(WEBHOOK_EDIT, Fault::Status(500), 1);
    f.fake().inject(WEBHOOK_EDIT, Fault::Status(502), 1);
    f.fake().inject(WEBHOOK_EDIT, Fault::Status(503), 1);
    f.fake().inject(FOLLOWUP, Fault::Status(503), 1);
    f.finish(4, &["trying again", "so it is not tried again"])
        .await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_post_discord_made_but_answered_with_500_is_not_made_twice() {
    let f = Faulty::start().await;
    f.fake().inject(FOLLOWUP, Fault::Applied(500), 1);
    f.fake().inject(WEBHOOK_EDIT, Fault::Applied(502), 1);
    let h = f
        .finish(2, &["trying again", "so it is not tried again"])
        .await;
    settle().await;
    // Every post is made once: a follow-up met by a 500 is looked for in the channel (it was
    // made), not posted again. The same messages as without the fault, turn pings aside: how
    // many pings a game posts depends on how its moves' updates fold together (one and none
    // have both been seen for this game), so they are only checked for repeats.
    let posts = h.fake.public_posts(CHANNEL);
    let expected = &baseline().await.posts;
    let lasting = |posts: &[String]| -> Vec<String> {
        posts
            .iter()
            .filter(|p| !p.starts_with("🔔"))
            .cloned()
            .collect()
    };
    assert_eq!(
        lasting(&posts),
        lasting(expected),
        "the same messages as without faults: posted {posts:#?}, without faults {expected:#?}"
    );
    assert!(
        posts.windows(2).all(|two| two[0] != two[1]),
        "no message posted twice: {posts:#?}"
    );
}

#[tokio::test(flavor = "current_thread")]
async fn a_click_answer_met_by_a_5xx_is_tried_again_within_3_seconds() {
    let f = Faulty::start().await;
    // Not taken, then taken but answered badly (the retry meets 40060: already acknowledged).
    f.fake().inject(CALLBACK, Fault::Status(503), 1);
    f.fake().inject(CALLBACK, Fault::Applied(500), 1);
    f.finish(2, &["trying again"]).await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_slash_command_answer_met_by_a_5xx_is_tried_again() {
    // `/play` meets a 503: its answer is tried again, and the lobby opens as usual.
    let f = Faulty::start_after(|fake| {
        fake.inject(CALLBACK, Fault::Status(503), 1);
    })
    .await;
    assert_eq!(f.fake().faults_served().len(), 1, "the /play answer met it");
    f.finish(1, &["trying again"]).await;
}

#[tokio::test(flavor = "current_thread")]
async fn rate_limits_per_route_and_global_are_waited_out() {
    let f = Faulty::start().await;
    let route = Fault::RateLimited {
        retry_after: 0.2,
        global: false,
    };
    let global = Fault::RateLimited {
        retry_after: 0.2,
        global: true,
    };
    f.fake().inject(WEBHOOK_EDIT, route.clone(), 2);
    f.fake().inject(CALLBACK, route, 1);
    f.fake().inject(FOLLOWUP, global.clone(), 1);
    f.fake().inject(WEBHOOK_EDIT, global, 1);
    f.finish(5, &["trying again"]).await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_call_that_hangs_past_3_seconds_holds_up_no_click() {
    let f = Faulty::start().await;
    let hang = Fault::Hang(Duration::from_secs(4));
    f.fake().inject(WEBHOOK_EDIT, hang.clone(), 1);
    f.fake().inject(CALLBACK, hang, 1);
    f.finish(2, &["no answer within"]).await;
}

#[tokio::test(flavor = "current_thread")]
async fn an_expired_hand_token_forgets_the_hand() {
    let f = Faulty::start().await;
    f.fake().inject(WEBHOOK_EDIT, Fault::Gone(10015), 1);
    f.fake().inject(WEBHOOK_EDIT, Fault::Gone(10062), 1);
    // A hand's token is forgotten; the table message's is given up for the channel's route.
    f.finish(2, &["the hand is forgotten", "editing it in the channel"])
        .await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_table_message_deleted_by_a_person_is_posted_again() {
    let f = Faulty::start().await;
    let moderator = f.fake().user(1_000_000_000_000_009, "moderator");
    f.fake().set_permissions(moderator.id, permissions::ALL);
    let old = f.h.table_message(f.table).expect("a table message");
    f.fake().delete_message_as(&moderator, old.id).unwrap();
    // The next move meets 404 Unknown Message, and a fresh table message takes its place,
    // remembered by the table.
    one_move(&f.h).await;
    let fake = f.fake().clone();
    fake.wait_until(WAIT, |f| {
        f.channel_messages(CHANNEL)
            .iter()
            .any(|m| m.content.contains(" · move ") && m.id != old.id)
    })
    .await
    .expect("a fresh table message");
    let fresh = f.h.table_message(f.table).unwrap();
    // The bot remembers it (once the post has come back to the bot).
    let store = f.h.store().await;
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let stored = store.message_ids(f.table).await.unwrap();
        if stored.message == Some(fresh.id) {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the bot remembers {} instead of the fresh {}",
            stored.message.unwrap_or_default(),
            fresh.id
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    f.finish(1, &["the table message is gone"]).await;
}

#[tokio::test(flavor = "current_thread")]
async fn the_gateway_closing_is_resumed_and_a_lost_session_identified_again() {
    let f = Faulty::start().await;
    let (identifies, resumes) = (f.fake().identify_count(), f.fake().resume_count());
    f.fake().close_gateway(4000).await;
    let fake = f.fake().clone();
    fake.wait_until(WAIT, |f| f.resume_count() > resumes && f.bot_connected())
        .await
        .expect("the bot resumes its session");
    play_to(&f.h, f.table, |c| {
        move_of(c).is_some_and(|m| m >= MIDDLE + 2)
    })
    .await;
    // Session timed out (4009): no resume, a fresh IDENTIFY.
    f.fake().close_gateway(4009).await;
    fake.wait_until(WAIT, |f| {
        f.identify_count() > identifies && f.bot_connected()
    })
    .await
    .expect("the bot identifies on a new session");
    play_to(&f.h, f.table, |c| {
        move_of(c).is_some_and(|m| m >= MIDDLE + 4)
    })
    .await;
    // Invalid session (op 9, not resumable): IDENTIFY again.
    f.fake().invalidate_session();
    fake.wait_until(WAIT, |f| {
        f.identify_count() > identifies + 1 && f.bot_connected()
    })
    .await
    .expect("the bot identifies after an invalid session");
    f.finish(3, &["resumed the session", "identified on a new one"])
        .await;
}

/// A click's answer (the clicker's new hand) slow on its way to Discord, while the computer
/// player moves at once and the turn comes back: the hand's edit for the new turn waits for the
/// answer, so the late answer never lands over the newer hand and leaves it without buttons.
/// The first 5 answers meet the delay; the hand comes alive for every turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_click_answer_never_covers_the_hand_of_the_next_turn() {
    let mut h = Harness::start().await;
    let options = serde_json::json!([
        {"name": "game", "value": "pisha-pasha"},
        {"name": "bots", "value": 1},
        {"name": "seed", "value": 5}
    ]);
    let started = h
        .fake
        .slash(&h.alice, CHANNEL, "play", options)
        .await
        .unwrap();
    let message = started.message().unwrap().clone();
    let hand = h.open_hand(&h.alice, message.id).await;
    h.fake
        .inject(CALLBACK, Fault::Late(Duration::from_millis(600)), 5);
    let mut hands = vec![(h.alice.clone(), hand.id)];
    // Each of the 5 late answers, and a few moves after them: every turn's hand comes alive.
    assert_eq!(
        play_until_over(&h, message.id, &mut hands, 8, false).await,
        8
    );
    assert_eq!(
        h.fake.faults_pending(),
        0,
        "each of the first 5 answers came late"
    );
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.take().unwrap().shutdown().await;
}

/// "Show my hand" pressed by the player who waits, its answer slow on its way to Discord, and
/// the other player's move made meanwhile: the move's update waits for that answer, and then
/// finds the new hand message, so the waiting player's new hand comes alive for their turn
/// (it would otherwise keep the position it was read at, and the older hand lose its buttons).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_shown_while_the_other_player_moves_comes_alive_for_its_turn() {
    let mut h = Harness::start().await;
    let (_, table) = h.start_game(7).await;
    let alice = h.open_hand(&h.alice, table.id).await;
    let bob = h.open_hand(&h.bob, table.id).await;
    let alive = |m: &crate::support::fake_discord::FakeMessage| !m.buttons().is_empty();
    let (mover, mover_hand, waiter) = if alive(&h.fake.message(alice.id).unwrap()) {
        (h.alice.clone(), alice.id, h.bob.clone())
    } else {
        (h.bob.clone(), bob.id, h.alice.clone())
    };
    // The waiting player asks for their hand again; its answer reaches Discord 600 ms late.
    h.fake
        .inject(CALLBACK, Fault::Late(Duration::from_millis(600)), 1);
    let show = button(&h.fake.message(table.id).unwrap(), "Show my hand");
    let fake = h.fake.clone();
    let shown = tokio::spawn(async move { fake.click(&waiter, table.id, &show).await });
    h.fake
        .wait_until(WAIT, |f| f.faults_pending() == 0)
        .await
        .expect("the answer to Show my hand is on its way");
    // Meanwhile the other player moves: the turn passes to the waiting player.
    let mover_message = h.fake.message(mover_hand).unwrap();
    let first = mover_message.buttons().into_iter().next().unwrap().0;
    let moved = h.fake.click(&mover, mover_hand, &first).await.unwrap();
    assert!(moved.in_place(), "{}", moved.content());
    let new_hand = shown.await.unwrap().unwrap().message().unwrap().id;
    let fake = h.fake.clone();
    let came_alive = h
        .fake
        .wait_until(WAIT, move |_| {
            fake.message(new_hand)
                .is_some_and(|m| !m.buttons().is_empty())
        })
        .await;
    assert!(
        came_alive.is_ok(),
        "the hand shown during the move never came alive: {:?}",
        h.fake.message(new_hand).unwrap().content
    );
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.take().unwrap().shutdown().await;
}

/// A permission taken from the bot's role mid-game (Send Messages in the table's channel):
/// the player who clicks is told privately which permission to ask for and nothing changes;
/// a table message Discord refuses to edit (403 Missing Permissions, here once the tokens of
/// the players' clicks have expired) makes the table wait, with no computer player moving
/// where nobody can see it; and once the permission is back the table carries on by itself
/// (its message tried again every half timer minute), and the player's click plays again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_permission_taken_mid_game_makes_the_table_wait_until_it_is_back() {
    let h = Harness::start_tweaked(|c| {
        c.computer_pause = Duration::from_millis(300);
        c.timer_minute = Duration::from_millis(600);
    })
    .await;
    let service = h.service.clone().unwrap();
    let store = h.store().await;
    let started = h
        .fake
        .slash(
            &h.alice,
            CHANNEL,
            "play",
            serde_json::json!([
                {"name": "game", "value": "paskahousu"},
                {"name": "bots", "value": 2},
                {"name": "seed", "value": 4}
            ]),
        )
        .await
        .unwrap();
    let table_message = started.message().unwrap().clone();
    let table = service.table_in(CHANNEL).expect("a table in the channel");
    let moves = || async { store.table(table).await.unwrap().unwrap().move_number };
    let live_hand = || async {
        for _ in 0..100 {
            let hand = h.open_hand(&h.alice, table_message.id).await;
            if !hand.buttons().is_empty() {
                return hand;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("Alice's turn never came");
    };
    let without_send = permissions::BOT & !permissions::SEND_MESSAGES;
    let bot = crate::support::FakeDiscord::BOT_USER_ID;

    // 1. Taken before Alice's click: she is told, and nothing changes.
    let hand = live_hand().await;
    let button = hand.buttons()[0].0.clone();
    let before = moves().await;
    h.fake.set_permissions(bot, without_send);
    let told = h.fake.click(&h.alice, hand.id, &button).await.unwrap();
    assert!(told.is_ephemeral(), "{}", told.content());
    assert!(
        told.content().contains("This table is waiting")
            && told.content().contains("Send Messages"),
        "{}",
        told.content()
    );
    assert_eq!(moves().await, before, "the refused click changed nothing");
    assert!(service.is_waiting(table).await);
    // Given back: the same button plays.
    h.fake.set_permissions(bot, permissions::BOT);
    let played = h.fake.click(&h.alice, hand.id, &button).await.unwrap();
    assert!(played.in_place(), "{}", played.content());
    assert!(!service.is_waiting(table).await);

    // 2. Taken while the computer players move, their clicks' tokens expired: Discord refuses
    // the table message's edit through the channel, and the table waits.
    let hand = live_hand().await;
    let button = hand.buttons()[0].0.clone();
    let played = h.fake.click(&h.alice, hand.id, &button).await.unwrap();
    assert!(played.in_place(), "{}", played.content());
    h.fake.set_permissions(bot, without_send);
    h.fake.inject(WEBHOOK_EDIT, Fault::Gone(10015), 1_000);
    let s = service.clone();
    h.fake
        .wait_until(WAIT, move |_| {
            futures_util::FutureExt::now_or_never(s.is_waiting(table)).unwrap_or(false)
        })
        .await
        .expect("the table waits once Discord refuses its message");
    let waiting_at = moves().await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(
        moves().await,
        waiting_at,
        "no computer move while the table waits"
    );
    // Given back, with nobody clicking: the table shows itself again and goes on.
    h.fake.set_permissions(bot, permissions::BOT);
    let s = service.clone();
    h.fake
        .wait_until(WAIT, move |_| {
            !futures_util::FutureExt::now_or_never(s.is_waiting(table)).unwrap_or(true)
        })
        .await
        .expect("the table carries on by itself");
    let hand = live_hand().await;
    assert!(moves().await > waiting_at, "the computer players moved on");
    let played = h
        .fake
        .click(&h.alice, hand.id, &hand.buttons()[0].0)
        .await
        .unwrap();
    assert!(played.in_place(), "{}", played.content());
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}
