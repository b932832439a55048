//! `/scores`, `/stats` and `/history` on the fake Discord: after real games with computer
//! players the leaderboard ranks by rating (provisional "?" after one game, the computer level
//! listed as a player), `/stats` shows a player's record, `/history` lists the games with the
//! numbers `/replay` takes; a long leaderboard turns its pages with ⏮ ◀ ▶ ⏭ in place, also
//! after a restart; a period, an unknown game and a player with no games each get their line.

use serde_json::json;

use crate::ratings::{finish, Who};
use crate::support::harness::{Harness, CHANNEL};

fn first_choice(_: &crate::support::FakeUser, _: &[String]) -> usize {
    0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn scores_stats_and_history_after_games_with_computer_players() {
    let mut h = Harness::start().await;
    let extra = [
        json!({"name": "bots", "value": 1}),
        json!({"name": "level", "value": 2}),
    ];
    let mut tables = Vec::new();
    for seed in [2, 5] {
        let (table, _) = h
            .open_table("matapesa", &[&h.alice, &h.bob], seed, &extra)
            .await;
        let clicks = h
            .play(
                table,
                &[&h.alice, &h.bob],
                first_choice,
                |c| c.contains("Game over"),
                500,
            )
            .await;
        assert!(clicks > 0);
        tables.push(table);
    }

    let scores = h
        .fake
        .slash(
            &h.carol,
            CHANNEL,
            "scores",
            json!([{"name": "game", "value": "matapesa"}]),
        )
        .await
        .unwrap();
    let text = scores.content();
    assert!(!scores.is_ephemeral());
    assert!(
        text.starts_with("🏆 **Leaderboard — Mätäpesä** · all time"),
        "{text}"
    );
    assert!(
        text.contains("*Provisional — fewer than 5 rated games:*"),
        "{text}"
    );
    for who in [
        h.alice.mention(),
        h.bob.mention(),
        "🤖 Computer (hard)".to_string(),
    ] {
        assert!(text.contains(&format!("{who} — **")), "{who} in {text}");
    }
    assert!(text.contains("in 2 games"), "{text}");
    assert!(text.contains(" (new)** ·"), "{text}");
    assert!(text.contains("Page 1 of 1"), "{text}");
    assert!(
        scores.message().unwrap().buttons().is_empty(),
        "one page, no buttons"
    );

    let stats = h
        .fake
        .slash(
            &h.carol,
            CHANNEL,
            "stats",
            json!([{"name": "player", "value": h.alice.id.to_string()}]),
        )
        .await
        .unwrap();
    let text = stats.content();
    assert!(
        text.contains(&format!(
            "📊 **{}** — record on this server",
            h.alice.mention()
        )),
        "{text}"
    );
    assert!(text.contains("**Mätäpesä** — 2 games"), "{text}");
    assert!(text.contains("Rating **"), "{text}");
    assert!(text.contains("Places: "), "{text}");
    assert!(
        text.contains(&format!("in game `{}`", tables[0]))
            || text.contains(&format!("in game `{}`", tables[1])),
        "{text}"
    );
    assert!(text.contains("Favourite game: **Mätäpesä**"), "{text}");

    let mine = h
        .fake
        .slash(&h.carol, CHANNEL, "stats", json!([]))
        .await
        .unwrap();
    assert!(
        mine.content()
            .contains("has not finished a game on this server yet"),
        "{}",
        mine.content()
    );

    let history = h
        .fake
        .slash(&h.bob, CHANNEL, "history", json!([]))
        .await
        .unwrap();
    let text = history.content();
    assert!(
        text.starts_with("🕰️ **The last games in this channel**"),
        "{text}"
    );
    let newest = text
        .find(&format!("`{}` **Mätäpesä** <t:", tables[1]))
        .expect("the newest game");
    let older = text
        .find(&format!("`{}` **Mätäpesä** <t:", tables[0]))
        .expect("the older game");
    assert!(newest < older, "newest first: {text}");
    assert!(text.contains("Step through one with `/replay`"), "{text}");
    let elsewhere = h
        .fake
        .slash(&h.bob, CHANNEL + 1, "history", json!([]))
        .await
        .unwrap();
    assert!(
        elsewhere.content().contains("No finished games here yet"),
        "{}",
        elsewhere.content()
    );
    let server = h
        .fake
        .slash(
            &h.bob,
            CHANNEL + 1,
            "history",
            json!([{"name": "server", "value": true}]),
        )
        .await
        .unwrap();
    assert!(
        server.content().contains(&format!("`{}`", tables[0])),
        "{}",
        server.content()
    );

    let unknown = h
        .fake
        .slash(
            &h.bob,
            CHANNEL,
            "scores",
            json!([{"name": "game", "value": "snap"}]),
        )
        .await
        .unwrap();
    assert!(unknown.is_ephemeral(), "{}", unknown.content());
    assert!(unknown.content().contains("snap"), "{}", unknown.content());

    // The stored ratings are exactly what a recompute from the results gives.
    let store = h.store().await;
    assert_eq!(store.recompute_ratings(false).await.unwrap().differing, 0);
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.take().unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_leaderboard_turns_its_pages_in_place() {
    let mut h = Harness::start().await;
    let store = h.store().await;
    // 23 people, each beating the computer once at Red7: three pages of ten.
    for n in 0..23u64 {
        finish(
            &store,
            CHANNEL,
            "red7",
            &[(Who::P(9_000 + n), 1), (Who::C("easy"), 2)],
        )
        .await;
    }
    let scores = h
        .fake
        .slash(
            &h.alice,
            CHANNEL,
            "scores",
            json!([{"name": "period", "value": 3}]),
        )
        .await
        .unwrap();
    let message = scores.message().unwrap().clone();
    assert!(
        message.content.contains("Page 1 of 3"),
        "{}",
        message.content
    );
    // 23 people and the computer level: 24 lines.
    assert!(message.content.contains("10. "), "{}", message.content);
    let labels: Vec<String> = message.buttons().into_iter().map(|(_, l, _)| l).collect();
    assert_eq!(labels, ["▶", "⏭"]);

    let page = click(&h, "▶", message).await;
    assert!(page.content.contains("Page 2 of 3"), "{}", page.content);
    assert!(page.content.contains("11. "), "{}", page.content);
    let labels: Vec<String> = page.buttons().into_iter().map(|(_, l, _)| l).collect();
    assert_eq!(labels, ["◀", "▶"]);
    let last = click(&h, "▶", page).await;
    assert!(last.content.contains("Page 3 of 3"), "{}", last.content);
    assert!(last.content.contains("24. "), "{}", last.content);

    // The buttons outlive a restart: they name the game, period and page.
    h.restart().await;
    let first = click(&h, "⏮", last).await;
    assert!(first.content.contains("Page 1 of 3"), "{}", first.content);
    let end = click(&h, "⏭", first).await;
    assert!(end.content.contains("Page 3 of 3"), "{}", end.content);

    // Every game finished within the last 7 days: the week's board holds everyone.
    let week = h
        .fake
        .slash(
            &h.alice,
            CHANNEL,
            "scores",
            json!([{"name": "period", "value": 0}]),
        )
        .await
        .unwrap();
    assert!(
        week.content().contains("· the last 7 days"),
        "{}",
        week.content()
    );
    assert!(week.content().contains("Page 1 of 3"), "{}", week.content());
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.take().unwrap().shutdown().await;
}

/// Clicks the button labelled `label` on a leaderboard as Bob and answers the message after it.
async fn click(
    h: &Harness,
    label: &str,
    message: crate::support::FakeMessage,
) -> crate::support::FakeMessage {
    let (id, _, _) = message
        .buttons()
        .into_iter()
        .find(|(_, l, _)| l == label)
        .unwrap_or_else(|| panic!("no {label} on {:?}", message.buttons()));
    let outcome = h.fake.click(&h.bob, message.id, &id).await.unwrap();
    assert_eq!(
        outcome.callback_type, 7,
        "the page replaces the leaderboard"
    );
    h.fake.message(message.id).unwrap()
}

/// The leaderboards of a server after a few dozen games of each kind, played by computer
/// players: each table has one person (Alice, Bob or Carol in turn) and computer players of one
/// level (easy, normal, hard, each person meeting each level in turn); the person's one-minute turn timer (a few milliseconds
/// here) runs out at once and the `normal` computer stands in for them to the end, so the
/// results count for the person. Prints `/scores` of every game and of all games, and `/stats`
/// of each person (the figures of the closing note). `DEMO_GAMES` games per kind
/// (default 24). `cargo test --release --test tests e2e_records::demo -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a demonstration of a few minutes; run by hand"]
async fn demo_dozens_of_games_of_each_kind() {
    use crate::support::harness::EVERY_GAME;
    use pakka::store::Phase;
    use std::time::{Duration, Instant};
    let games: usize = std::env::var("DEMO_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24);
    let h = Harness::start_tweaked(|c| {
        c.timer_minute = Duration::from_millis(5);
        c.computer_pause = Duration::ZERO;
        c.play_burst = 10_000;
        c.plays_per_minute = 10_000;
    })
    .await;
    let store = h.store().await;
    // Text only: drawing a picture of every position would be most of the time.
    store
        .set_guild_setting(
            crate::support::FakeDiscord::GUILD_ID,
            &pakka::store::GuildSetting::Images(false),
        )
        .await
        .unwrap();
    let people = [&h.alice, &h.bob, &h.carol];
    let t0 = Instant::now();
    let mut seed = 0;
    for &(game, people_at, computers, _) in EVERY_GAME {
        let seats = people_at + computers;
        for n in 0..games {
            seed += 1;
            let person = people[n % 3];
            let extra = [
                json!({"name": "bots", "value": seats - 1}),
                json!({"name": "level", "value": (n / 3) % 3}),
                json!({"name": "turn_timer", "value": 1}),
            ];
            let (table, _) = h.open_table(game, &[person], seed, &extra).await;
            let started = Instant::now();
            loop {
                let t = store.table(table).await.unwrap().unwrap();
                if t.phase == Phase::Finished {
                    break;
                }
                assert!(
                    started.elapsed() < Duration::from_secs(600),
                    "{game} table {table} did not finish (move {})",
                    t.move_number
                );
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            // The move is stored before the table leaves the channel: the result message comes
            // after both.
            assert!(
                h.result_message(table).await.is_some(),
                "{game} {table}: no result"
            );
        }
        println!(
            "{game}: {games} games after {:.0} s",
            t0.elapsed().as_secs_f64()
        );
    }
    let mut out = String::new();
    let mut show = |title: String, text: &str| {
        println!("{title}\n{text}\n");
        out.push_str(&format!("{title}\n{text}\n\n"));
    };
    for &(game, ..) in EVERY_GAME {
        let reply = h
            .fake
            .slash(
                &h.alice,
                CHANNEL,
                "scores",
                json!([{"name": "game", "value": game}]),
            )
            .await
            .unwrap();
        show(format!("/scores game:{game}"), reply.content());
    }
    let reply = h
        .fake
        .slash(&h.alice, CHANNEL, "scores", json!([]))
        .await
        .unwrap();
    show("/scores".to_string(), reply.content());
    for person in people {
        let reply = h
            .fake
            .slash(
                &h.alice,
                CHANNEL,
                "stats",
                json!([{"name": "player", "value": person.id.to_string()}]),
            )
            .await
            .unwrap();
        show(
            format!("/stats player:{}", person.mention()),
            reply.content(),
        );
    }
    let reply = h
        .fake
        .slash(&h.alice, CHANNEL, "history", json!([]))
        .await
        .unwrap();
    show("/history".to_string(), reply.content());
    std::fs::write(std::env::temp_dir().join("pakka-demo-records.txt"), out).unwrap();
    assert_eq!(store.recompute_ratings(false).await.unwrap().differing, 0);
    assert_eq!(h.fake.violations(), Vec::<String>::new());
}
