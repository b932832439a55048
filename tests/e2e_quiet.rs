//! A quiet channel, measured: a full game of each of the nine on the fake Discord, played
//! through the players' hands, checking after every click that at most one turn ping of the
//! table is alive, and at the end that the game's result is a new message, that no turn ping
//! is left, and that no enabled button remains anywhere (public messages and every player's
//! hands) but the result's "Play again". Prints, per game, the moves, the new public messages
//! per move and the messages left alive (the figures of BENCHMARKS.md):
//! `cargo test --test tests e2e_quiet -- --nocapture` (with pictures, the default), and with
//! `QUIET_PICTURES=off` the same games with the server's pictures turned off.

use std::collections::{BTreeMap, HashSet};

use futures_util::StreamExt;
use serde_json::json;

use pakka::discord::Held;

use crate::support::fake_discord::{exempt, route_of, FakeMessage, FakeUser};
use crate::support::harness::*;
use crate::support::ids::ComponentId;

/// Plays the first offer that neither surrenders nor knocks the player out.
fn steady(labels: &[String]) -> usize {
    labels
        .iter()
        .position(|l| !l.contains("not winning") && !l.starts_with("Surrender"))
        .unwrap_or(0)
}

/// The channel's messages that notify someone of their turn, alive now.
fn live_pings(h: &Harness) -> Vec<FakeMessage> {
    h.fake
        .channel_messages(CHANNEL)
        .into_iter()
        .filter(|m| m.content.contains("your move"))
        .collect()
}

/// Every enabled button on a message not deleted, in the channel or in anyone's hand.
fn live_buttons(h: &Harness) -> Vec<(u64, String, String)> {
    h.fake
        .all_messages()
        .into_iter()
        .filter(|m| m.channel_id == CHANNEL && !m.deleted)
        .flat_map(|m| {
            let id = m.id;
            m.buttons()
                .into_iter()
                .filter(|(_, _, disabled)| !disabled)
                .map(move |(custom, label, _)| (id, custom, label))
        })
        .collect()
}

struct Measured {
    game: &'static str,
    moves: usize,
    public_created: usize,
    alive_at_end: usize,
    /// Dispatch → answer of every interaction of the game.
    latencies: Vec<std::time::Duration>,
    /// The requests that count against Discord's global limit, by route.
    counted: BTreeMap<String, usize>,
}

/// Opens `game` for the people named (and `bots` computer players), plays it to its end, and
/// measures the channel.
async fn measure(game: &'static str, people: usize, bots: usize, seed: u64) -> Measured {
    let h = Harness::start_paced().await;
    let all = [&h.alice, &h.bob, &h.carol];
    let players: Vec<&FakeUser> = all[..people].to_vec();
    let extra: Vec<serde_json::Value> = if bots > 0 {
        vec![json!({"name": "bots", "value": bots})]
    } else {
        Vec::new()
    };
    if std::env::var("QUIET_PICTURES").is_ok_and(|p| p == "off") {
        // The figures without pictures: a server manager turns them off first.
        h.fake
            .set_permissions(h.alice.id, crate::support::fake_discord::permissions::ALL);
        h.fake
            .slash(
                &h.alice,
                CHANNEL,
                "settings",
                json!([{"name": "images", "value": false}]),
            )
            .await
            .unwrap();
    }
    let before: HashSet<u64> = h.fake.all_messages().iter().map(|m| m.id).collect();
    let requests_before = h.fake.requests().len();
    h.fake.enforce_limits(PACED_LIMITS);
    let (table, _) = h.open_table(game, &players, seed, &extra).await;
    let mut hands: Vec<(FakeUser, Option<u64>)> =
        players.iter().map(|p| ((*p).clone(), None)).collect();
    let mut clicks = 0;
    loop {
        assert!(clicks < 20_000, "{game} does not end");
        let pings = live_pings(&h);
        assert!(
            pings.len() <= 1,
            "{game}: {} live turn pings: {:?}",
            pings.len(),
            pings.iter().map(|m| &m.content).collect::<Vec<_>>()
        );
        let current = h.current_table(table).await;
        if current.content.contains("Game over") {
            break;
        }
        let live = hands.iter().find_map(|(user, id)| {
            let message = h.fake.message((*id)?)?;
            (!message.buttons().is_empty()).then(|| (user.clone(), message))
        });
        if let Some((user, message)) = live {
            let buttons = message.buttons();
            let labels: Vec<String> = buttons.iter().map(|(_, l, _)| l.clone()).collect();
            let outcome = h
                .fake
                .click(&user, message.id, &buttons[steady(&labels)].0)
                .await
                .unwrap();
            assert!(outcome.is_ephemeral());
            clicks += 1;
            continue;
        }
        h.await_hands_in(CHANNEL, table, &current, &mut hands).await;
    }
    let result = h.result_message(table).await.expect("a result message");
    assert!(result.content.contains(" is over."), "{}", result.content);
    // The bot edits the hands after posting the result; give it a moment to finish.
    let fake = h.fake.clone();
    let again = ComponentId::Again(table).to_string();
    let settled = h
        .fake
        .wait_until(WAIT, move |_| {
            fake.all_messages()
                .into_iter()
                .filter(|m| m.channel_id == CHANNEL && !m.deleted)
                .flat_map(|m| m.buttons())
                .all(|(id, _, disabled)| disabled || id == again)
        })
        .await;
    let left: Vec<_> = live_buttons(&h)
        .into_iter()
        .filter(|(_, id, _)| *id != ComponentId::Again(table).to_string())
        .map(|(m, id, label)| (id, label, h.fake.message(m).unwrap().content))
        .collect();
    assert!(
        settled.is_ok() && left.is_empty(),
        "{game}: buttons left that could only refuse: {left:?}"
    );
    assert!(
        live_pings(&h).is_empty(),
        "{game}: a ping outlived the game"
    );
    let moves = h
        .store()
        .await
        .table(table)
        .await
        .unwrap()
        .unwrap()
        .moves
        .len();
    let created: Vec<FakeMessage> = h
        .fake
        .all_messages()
        .into_iter()
        .filter(|m| m.channel_id == CHANNEL && !m.ephemeral && !before.contains(&m.id))
        .collect();
    let alive = created.iter().filter(|m| !m.deleted).count();
    // Every computer player reads as one name inside a sentence, its level in brackets, in
    // every version of every public message and in every hand.
    let texts = h
        .fake
        .channel_versions(CHANNEL)
        .into_iter()
        .map(|v| v.content)
        .chain(
            h.fake
                .all_messages()
                .into_iter()
                .filter(|m| m.channel_id == CHANNEL)
                .map(|m| m.content),
        );
    for text in texts {
        assert!(computers_named_whole(&text), "{game}: {text}");
        assert!(
            results_keep_list_dots_off_computers(&text),
            "{game}: {text}"
        );
    }
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    assert!(
        h.fake.limited().is_empty(),
        "{game}: requests Discord's rate limits refused: {:?}",
        h.fake.limited()
    );
    assert_eq!(h.fake.invalid_requests(), 0, "{game}: invalid requests");
    let mut counted = BTreeMap::new();
    for r in &h.fake.requests()[requests_before..] {
        if !exempt(r) {
            *counted.entry(route_of(r)).or_default() += 1;
        }
    }
    let latencies = h.fake.latencies();
    // The game is over: the bot keeps nothing of it in memory.
    let bot = h.bot.unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while bot.held() != Held::default() && std::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(
        bot.held(),
        Held::default(),
        "{game}: what the bot holds after the game"
    );
    bot.shutdown().await;
    Measured {
        game,
        moves,
        public_created: created.len(),
        alive_at_end: alive,
        latencies,
        counted,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_keeps_the_channel_quiet_and_ends_with_a_result() {
    // Most of a game's time is the channel's pacing: three games at a time overlap those
    // waits. The figures BENCHMARKS.md quotes are measured one game at a time (`QUIET_GAMES`
    // names them), where the answer times are not shared with other games.
    let (chosen, at_once) = measured_games(EVERY_GAME, |(game, ..)| game, 3);
    let mut rows: Vec<Measured> = futures_util::stream::iter(chosen)
        .map(|&(game, people, bots, seed)| measure(game, people, bots, seed))
        .buffered(at_once)
        .collect()
        .await;
    eprintln!("| Game | Moves | New public messages | Per move | Alive at the end | Interactions | Median | p99 | Counted per interaction | By route |");
    eprintln!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    let mut all = Vec::new();
    for r in &mut rows {
        r.latencies.sort();
        let interactions = r.latencies.len().max(1) as f64;
        let total: usize = r.counted.values().sum();
        let routes: Vec<String> = r
            .counted
            .iter()
            .map(|(route, n)| format!("{route} {:.3}", *n as f64 / interactions))
            .collect();
        eprintln!(
            "| {} | {} | {} | {:.3} | {} | {} | {:.1?} | {:.1?} | {:.3} | {} |",
            r.game,
            r.moves,
            r.public_created,
            r.public_created as f64 / r.moves as f64,
            r.alive_at_end,
            r.latencies.len(),
            percentile(&r.latencies, 0.5),
            percentile(&r.latencies, 0.99),
            total as f64 / interactions,
            routes.join(", "),
        );
        all.extend(r.latencies.iter().copied());
    }
    all.sort();
    if !all.is_empty() {
        eprintln!(
            "interactions: {}, dispatch → answer median {:.1?}, p99 {:.1?}, max {:.1?}",
            all.len(),
            percentile(&all, 0.5),
            percentile(&all, 0.99),
            all[all.len() - 1]
        );
    }
}

/// Not a check: plays `TRANSCRIPT_GAME` (default Paskahousu) for a while and prints what the
/// channel and Alice's hand showed, every version of every message in order, to read as a player
/// does: `TRANSCRIPT_GAME=kop TRANSCRIPT_BOTS=2 cargo test --test tests e2e_quiet::transcript -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn transcript() {
    let game = std::env::var("TRANSCRIPT_GAME").unwrap_or_else(|_| "paskahousu".into());
    let clicks: usize = std::env::var("TRANSCRIPT_CLICKS")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(12);
    let h = Harness::start().await;
    let players = [&h.alice, &h.bob];
    let bots: u64 = std::env::var("TRANSCRIPT_BOTS")
        .ok()
        .and_then(|b| b.parse().ok())
        .unwrap_or(1);
    let extra = [json!({"name": "bots", "value": bots})];
    let (table, _) = h.open_table(&game, &players, 11, &extra).await;
    h.play(
        table,
        &players,
        |_, labels| steady(labels),
        |t| t.contains("Game over"),
        clicks,
    )
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let mut all = h.fake.all_messages();
    all.sort_by_key(|m| m.id);
    for m in all {
        if m.ephemeral && m.visible_to != Some(h.alice.id) {
            continue;
        }
        let kind = if m.ephemeral {
            "ALICE'S HAND"
        } else {
            "CHANNEL"
        };
        let gone = if m.deleted { " (deleted)" } else { "" };
        eprintln!("==== {kind} message {}{gone}", m.id);
        for v in m
            .history
            .iter()
            .map(|v| v.content.clone())
            .chain([m.content.clone()])
        {
            eprintln!("---- {v}");
        }
        eprintln!("     buttons: {:?}", m.button_labels());
    }
}

/// Whether every "Computer N" in `text` is followed by its level in brackets ("Computer 2
/// (normal)"): a name no list separator can split, as "Computer 2 · normal" was in lines such
/// as "Trick: Computer 3 · normal 20 · alice 9".
fn computers_named_whole(text: &str) -> bool {
    text.match_indices("Computer ").all(|(at, word)| {
        let rest = &text[at + word.len()..];
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        digits == 0
            || ["easy", "normal", "hard"]
                .iter()
                .any(|level| rest[digits..].starts_with(&format!(" ({level})")))
    })
}

/// Whether a result (a deal's or the game's: a message whose first line says "… is over.")
/// keeps every line naming a computer player free of the list separator " · ": its sentences
/// list seats with commas, so "Computer 2 (normal)" never stands next to a dot. Other messages
/// pass.
pub(crate) fn results_keep_list_dots_off_computers(text: &str) -> bool {
    !text
        .lines()
        .next()
        .is_some_and(|l| l.ends_with(" is over."))
        || text
            .lines()
            .all(|line| !(line.contains("Computer ") && line.contains(" · ")))
}

#[test]
fn a_computer_name_split_by_a_separator_is_caught() {
    assert!(results_keep_list_dots_off_computers(
        "📋 **Whist 22** · deal 1 is over.\nScores: @alice 14 points, Computer 2 (normal) 12 points"
    ));
    assert!(!results_keep_list_dots_off_computers(
        "📋 **Whist 22** · deal 1 is over.\nScores: @alice 14 points · Computer 2 (normal) 12 points"
    ));
    assert!(computers_named_whole(
        "Trick: Computer 3 (normal) 20 · alice 9 · A computer player is moving"
    ));
    assert!(!computers_named_whole(
        "Trick: Computer 3 · normal 20 · alice 9"
    ));
    assert!(!computers_named_whole(
        "Teams: @alice & Computer 3 0 points"
    ));
}
