//! Long matches keep their channel quiet: a whole match of Teka, Paston, Kop and Whist 22 with
//! two people and computer players on the fake Discord, the channel's live bot messages
//! counted at every change the bot makes (never more than three: the table message, the
//! latest result, one turn ping) and at the end (at most two: the final table message and the
//! result with "Play again"), the match's story still in that result, one line per deal.
//! Prints, per game, the deals, the new public messages per deal and the messages alive at the
//! end (the figures of BENCHMARKS.md, issue 30):
//! `cargo test --test tests e2e_matches -- --nocapture`.

use std::collections::HashSet;

use futures_util::StreamExt;
use serde_json::json;

use crate::support::fake_discord::{FakeMessage, FakeUser};
use crate::support::harness::*;

/// The matches: game, computer players beside Alice and Bob, seed.
const MATCHES: &[(&str, usize, u64)] = &[
    ("teka", 2, 9),
    ("paston", 1, 5),
    ("kop", 2, 3),
    ("whist22", 1, 6),
];

/// Plays the first offer that neither surrenders nor knocks the player out.
fn steady(_: &FakeUser, labels: &[String]) -> usize {
    labels
        .iter()
        .position(|l| !l.contains("not winning") && !l.starts_with("Surrender"))
        .unwrap_or(0)
}

struct Measured {
    game: &'static str,
    deals: u32,
    created: usize,
    most_alive: usize,
    at_most: Vec<String>,
    alive_at_end: Vec<FakeMessage>,
    result: String,
}

async fn measure(game: &'static str, bots: usize, seed: u64) -> Measured {
    let h = Harness::start().await;
    let players = [&h.alice, &h.bob];
    let before: HashSet<u64> = h.fake.all_messages().iter().map(|m| m.id).collect();
    h.fake.watch_live(CHANNEL);
    let extra = [json!({"name": "bots", "value": bots})];
    let (table, _) = h.open_table(game, &players, seed, &extra).await;
    h.play(table, &players, steady, |t| t.contains("Game over"), 20_000)
        .await;
    let result = h.result_message(table).await.expect("a result message");
    // The bot may still be closing the hands; give the channel a moment to settle.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let (deals, _) = h
        .store()
        .await
        .match_totals(table)
        .await
        .unwrap()
        .expect("a match keeps its totals");
    let created: Vec<FakeMessage> = h
        .fake
        .all_messages()
        .into_iter()
        .filter(|m| m.channel_id == CHANNEL && !m.ephemeral && !before.contains(&m.id))
        .collect();
    // Every deal's result and the match's read as sentences: no list dot beside a computer.
    for text in h
        .fake
        .channel_versions(CHANNEL)
        .into_iter()
        .map(|v| v.content)
    {
        assert!(
            crate::e2e_quiet::results_keep_list_dots_off_computers(&text),
            "{game}: {text}"
        );
    }
    let (most_alive, at_most) = h.fake.live_peak(CHANNEL);
    assert_eq!(h.fake.violations(), Vec::<String>::new(), "{game}");
    h.bot.unwrap().shutdown().await;
    Measured {
        game,
        deals,
        created: created.len(),
        most_alive,
        at_most,
        alive_at_end: created.into_iter().filter(|m| !m.deleted).collect(),
        result: result.content,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn long_matches_keep_at_most_three_messages_and_leave_two() {
    // Two matches at a time, or the ones `QUIET_GAMES` names one at a time.
    let (chosen, at_once) = measured_games(MATCHES, |(game, ..)| game, 2);
    let rows: Vec<Measured> = futures_util::stream::iter(chosen)
        .map(|&(game, bots, seed)| measure(game, bots, seed))
        .buffered(at_once)
        .collect()
        .await;
    eprintln!("| Game (2 people + computers) | Deals | New public messages | Per deal | Most alive at once | Alive at the end |");
    eprintln!("|---|---:|---:|---:|---:|---:|");
    for r in &rows {
        eprintln!(
            "| {} | {} | {} | {:.2} | {} | {} |",
            r.game,
            r.deals,
            r.created,
            r.created as f64 / f64::from(r.deals.max(1)),
            r.most_alive,
            r.alive_at_end.len()
        );
    }
    for r in &rows {
        assert!(
            r.most_alive <= 3,
            "{}: {} live messages at once: {:#?}",
            r.game,
            r.most_alive,
            r.at_most
        );
        assert!(
            r.result.contains("Deal by deal:") && r.result.contains("Deal 1: "),
            "{}: the result tells the match deal by deal: {}",
            r.game,
            r.result
        );
        assert!(
            r.alive_at_end.len() <= 2,
            "{}: alive at the end: {:#?}",
            r.game,
            r.alive_at_end
                .iter()
                .map(|m| &m.content)
                .collect::<Vec<_>>()
        );
    }
}
