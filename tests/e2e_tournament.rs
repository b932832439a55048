//! Tournaments on the fake Discord, end to end, with the real binary: `/tournament`, the
//! event message's buttons (sign up, check in, start, begin the round), each round's tables in
//! threads of the channel played through their hands' buttons, a player who never checks in
//! (a computer plays their seat, the game scored as their loss, withdrawn after two rounds),
//! the bot killed with SIGKILL in the middle of a round and started again (the round goes on
//! from where it was), and the standings the event message shows checked against a hand
//! computation from the stored results. Each round's games are played at once through their
//! hands, and every hand message's versions are checked (`support::hand_history`): none goes
//! back to an older position or comes alive again once retired or ended; no game of the event
//! offers a rematch; the standings of a round under way say so.

use std::collections::BTreeMap;
use std::time::Duration;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

use crate::support::bot_process::{BotCommand, BotProcess};
use crate::support::fake_discord::{permissions, FakeMessage, FakeUser};
use crate::support::hand_history;
use crate::support::ids::{self, ComponentId, EventAct};
use crate::support::FakeDiscord;

const CHANNEL: u64 = FakeDiscord::CHANNEL_ID;
const WAIT: Duration = Duration::from_secs(30);

struct Event {
    fake: FakeDiscord,
    dir: tempfile::TempDir,
    url: String,
    bot: Option<BotProcess>,
    people: Vec<FakeUser>,
    /// One minute of the bot's clocks (`TIMER_MINUTE_MS`).
    minute_ms: u64,
}

impl Event {
    /// A bot on a fresh database and `players` people; a minute of the bot's clocks lasts
    /// `minute_ms`.
    async fn start(players: usize, minute_ms: u64) -> Event {
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("pakka.db").display());
        let people = (0..players)
            .map(|i| fake.user(9_000 + i as u64, &format!("player{}", i + 1)))
            .collect();
        let mut event = Event {
            fake,
            dir,
            url,
            bot: None,
            people,
            minute_ms,
        };
        event.boot().await;
        event
    }

    /// The first person opens an event with `options` (after turning the server's pictures
    /// off: the tests play many games, and the pictures have tests of their own); answers
    /// its message and its id.
    async fn create(&self, options: Value) -> (FakeMessage, i64) {
        let organiser = &self.people[0];
        self.fake.set_permissions(organiser.id, permissions::ALL);
        self.fake
            .slash(
                organiser,
                CHANNEL,
                "settings",
                json!([{"name": "images", "value": false}]),
            )
            .await
            .unwrap();
        let created = self
            .fake
            .slash(organiser, CHANNEL, "tournament", options)
            .await
            .unwrap();
        let message = created.message().unwrap().clone();
        assert!(!message.ephemeral, "the event message is public");
        let Some(ComponentId::Event { event: id, .. }) =
            ids::parse(&event_button(&message, EventAct::SignUp))
        else {
            panic!("the sign-up button names no event");
        };
        (message, id)
    }

    async fn boot(&mut self) {
        let log = self.dir.path().join("bot.log");
        let bot = BotCommand::new(&self.fake, &self.url, self.dir.path(), &log)
            .env("TIMER_MINUTE_MS", &self.minute_ms.to_string())
            .env("CLICK_BURST", "0")
            .env("CLICKS_PER_SECOND", "0")
            .env("RUST_LOG", "warn,pakka_table=info")
            .start(&self.fake)
            .await;
        self.bot = Some(bot);
    }

    /// SIGKILL, then a new process on the same database.
    async fn kill_and_restart(&mut self) {
        if let Some(mut bot) = self.bot.take() {
            bot.kill();
        }
        self.fake.disconnect_bot().await;
        self.boot().await;
    }

    fn log(&self) -> String {
        self.bot.as_ref().map(|b| b.log()).unwrap_or_default()
    }

    async fn store(&self) -> pakka::store::Store {
        pakka::store::Store::open(&self.url).await.unwrap()
    }

    async fn click(&self, who: &FakeUser, message: u64, custom_id: &str) -> String {
        let outcome = self
            .fake
            .click(who, message, custom_id)
            .await
            .unwrap_or_else(|e| panic!("{e}; the bot's log:\n{}", self.log()));
        outcome.content().to_string()
    }
}

/// Whether a custom id is the event message's button that does `act`.
fn does(id: &str, act: EventAct) -> bool {
    matches!(ids::parse(id), Some(ComponentId::Event { act: a, .. }) if a == act)
}

/// The event message's button that does `act`.
fn event_button(message: &FakeMessage, act: EventAct) -> String {
    message
        .buttons()
        .into_iter()
        .map(|(id, _, _)| id)
        .find(|id| does(id, act))
        .unwrap_or_else(|| panic!("no {act:?} button: {:?}", message.buttons()))
}

/// The event message once it shows the button that does `act` (its edits follow the clicks'
/// answers).
async fn with_button(e: &Event, message: u64, act: EventAct) -> FakeMessage {
    let fake = e.fake.clone();
    let shown = e
        .fake
        .wait_until(WAIT, move |_| {
            fake.message(message)
                .is_some_and(|m| m.buttons().iter().any(|(id, _, _)| does(id, act)))
        })
        .await;
    if shown.is_err() {
        panic!(
            "the event message never showed {act:?}: {}\nthe log:\n{}",
            e.fake.message(message).unwrap().content,
            e.log()
        );
    }
    e.fake.message(message).unwrap()
}

/// Waits until the event message says `text` (its edits follow the event's steps); fails with
/// the message and the bot's log when it never does.
async fn saying(e: &Event, message: u64, text: &str) {
    let (fake, wanted) = (e.fake.clone(), text.to_string());
    let said = e
        .fake
        .wait_until(WAIT, move |_| {
            fake.message(message)
                .is_some_and(|m| m.content.contains(&wanted))
        })
        .await;
    if said.is_err() {
        panic!(
            "the event message never said {text:?}:\n{}\nthe log:\n{}",
            e.fake.message(message).unwrap().content,
            e.log()
        );
    }
}

/// Plays the table of a round's thread to its end: each player to act opens their hand and
/// presses one of its buttons at random (red ones only when nothing else is offered), until
/// the stored table is finished. Answers the moves made.
async fn play_thread(e: &Event, thread: u64, rng: &mut ChaCha8Rng) -> usize {
    let fake = e.fake.clone();
    fake.wait_until(WAIT, {
        let fake = fake.clone();
        move |_| {
            fake.latest_button(thread, |id| ids::hand_table(id).is_some())
                .is_some()
        }
    })
    .await
    .unwrap_or_else(|_| {
        panic!(
            "no table in thread {thread}: {:?}; the log:\n{}",
            e.fake
                .channel_messages(thread)
                .iter()
                .map(|m| (m.content.clone(), m.buttons()))
                .collect::<Vec<_>>(),
            e.log()
        )
    });
    let (_, hand_button) = fake
        .latest_button(thread, |id| ids::hand_table(id).is_some())
        .unwrap();
    let table: i64 = ids::hand_table(&hand_button).unwrap();
    let store = e.store().await;
    let seated: Vec<u64> = store
        .table(table)
        .await
        .unwrap()
        .unwrap()
        .setup
        .seat_rows
        .iter()
        .filter(|s| s.computer.is_none())
        .filter_map(|s| s.user_id)
        .collect();
    let players: Vec<&FakeUser> = e.people.iter().filter(|p| seated.contains(&p.id)).collect();
    let mut moves = 0;
    for _ in 0..20_000 {
        let stored = store.table(table).await.unwrap().unwrap();
        if stored.phase != pakka::store::Phase::Playing {
            return moves;
        }
        let mut acted = false;
        for who in &players {
            // A fresh hand from the table message (the latest one of the thread).
            let Some((message, button)) =
                fake.latest_button(thread, |id| ids::hand_table(id).is_some())
            else {
                break;
            };
            let Ok(outcome) = fake.click(who, message, &button).await else {
                continue;
            };
            let Ok(mut hand) = outcome.message().cloned() else {
                continue;
            };
            // Steps (pages, groups, a confirmation) until a move is made.
            for _ in 0..6 {
                let offered: Vec<(String, String, bool)> = hand
                    .buttons()
                    .into_iter()
                    .filter(|(id, _, _)| {
                        matches!(
                            ids::parse(id),
                            Some(
                                ComponentId::Act { .. }
                                    | ComponentId::Step { .. }
                                    | ComponentId::Back(_)
                            )
                        )
                    })
                    .collect();
                if offered.is_empty() {
                    break;
                }
                let styles: Vec<u64> = offered
                    .iter()
                    .map(|(id, _, _)| {
                        hand.component(id)
                            .and_then(|c| c["style"].as_u64())
                            .unwrap_or(2)
                    })
                    .collect();
                let calm: Vec<usize> = (0..offered.len()).filter(|&i| styles[i] != 4).collect();
                let pick = if calm.is_empty() {
                    rng.random_range(0..offered.len())
                } else {
                    calm[rng.random_range(0..calm.len())]
                };
                let id = offered[pick].0.clone();
                let Ok(outcome) = fake.click(who, hand.id, &id).await else {
                    break;
                };
                if matches!(
                    ids::parse(&id),
                    Some(ComponentId::Act { .. } | ComponentId::Back(_))
                ) {
                    moves += 1;
                    acted = true;
                    break;
                }
                match outcome.message() {
                    Ok(next) => hand = next.clone(),
                    Err(_) => break,
                }
            }
            if acted {
                break;
            }
        }
        if !acted {
            // A computer player's turn (or the bot still answering): a moment.
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    panic!("table {table} did not end; the log:\n{}", e.log());
}

/// The threads of `round` (named "… · round N · table M"), waited for until there are `tables`.
async fn round_threads(e: &Event, round: u32, tables: usize) -> Vec<u64> {
    let marker = format!("round {round} ·");
    let fake = e.fake.clone();
    let probe = marker.clone();
    e.fake
        .wait_until(WAIT, move |_| {
            fake.threads()
                .iter()
                .filter(|t| t.parent_id == CHANNEL && t.name.contains(&probe))
                .count()
                >= tables
        })
        .await
        .unwrap_or_else(|_| {
            panic!(
                "round {round} did not open {tables} threads: {:?}; the log:\n{}",
                e.fake
                    .threads()
                    .iter()
                    .map(|t| t.name.clone())
                    .collect::<Vec<_>>(),
                e.log()
            )
        });
    let mut threads: Vec<(String, u64)> = e
        .fake
        .threads()
        .into_iter()
        .filter(|t| t.parent_id == CHANNEL && t.name.contains(&marker))
        .map(|t| (t.name, t.id))
        .collect();
    threads.sort();
    threads.into_iter().map(|(_, id)| id).collect()
}

/// One stored round as the hand computations read it: who was absent, the byes, and each
/// table's seats (a player's id, None for a computer), whether it was a walkover, and its
/// result rows (none for a walkover).
struct HandRound {
    absent: Vec<u64>,
    byes: Vec<u64>,
    tables: Vec<(Vec<Option<u64>>, bool, Vec<pakka::store::ResultRow>)>,
}

/// Every player who signed up at 0, and every stored round of the event.
async fn stored_rounds(e: &Event, event: i64) -> (BTreeMap<u64, f64>, Vec<HandRound>) {
    let store = e.store().await;
    let zero = store
        .tournament_players(event)
        .await
        .unwrap()
        .into_iter()
        .map(|p| (p.user_id, 0.0))
        .collect();
    let mut rounds = Vec::new();
    for round in store.tournament_rounds(event).await.unwrap() {
        let plan = &round.plan["plan"];
        let mut tables = Vec::new();
        for (idx, table) in plan["tables"].as_array().unwrap().iter().enumerate() {
            let seats: Vec<Option<u64>> = table["seats"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| o.get("Player").and_then(Value::as_u64))
                .collect();
            let stored = &round.tables[idx];
            let result = stored.result.as_ref().expect("every table has its result");
            let walkover = result["walkover"].as_bool() == Some(true);
            let rows = match stored.table_id {
                Some(table) if !walkover => store.results(table).await.unwrap(),
                _ => Vec::new(),
            };
            tables.push((seats, walkover, rows));
        }
        rounds.push(HandRound {
            absent: serde_json::from_value(round.plan["absent"].clone()).unwrap(),
            byes: serde_json::from_value(plan["byes"].clone()).unwrap(),
            tables,
        });
    }
    (zero, rounds)
}

/// Each player's points from the stored rounds, computed here by hand: at a table of two, the
/// better place wins a point and a tie is half each; an absent player (a computer in their
/// seat) scores nothing, the other player plays the computer as anyone; a walkover is a
/// point; a bye is a point.
async fn points_by_hand(e: &Event, event: i64) -> BTreeMap<u64, f64> {
    let (mut points, rounds) = stored_rounds(e, event).await;
    for round in rounds {
        for bye in &round.byes {
            *points.get_mut(bye).unwrap() += 1.0;
        }
        for (seats, walkover, rows) in &round.tables {
            for (seat, who) in seats.iter().enumerate() {
                let Some(who) = who else { continue };
                if round.absent.contains(who) {
                    continue;
                }
                *points.get_mut(who).unwrap() += if *walkover {
                    1.0
                } else {
                    assert_eq!(rows.len(), 2);
                    match rows[seat].place.cmp(&rows[1 - seat].place) {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    }
                };
            }
        }
    }
    points
}

/// The standings lines of the event message: each player's points.
fn points_shown(content: &str) -> BTreeMap<u64, f64> {
    let mut shown = BTreeMap::new();
    for line in content.lines() {
        // "3. <@9002> — 2.5 pts (Buchholz 4, Sonneborn–Berger 3.5)", or "1 pt"
        let Some((_, rest)) = line.split_once(". <@") else {
            continue;
        };
        let Some((id, rest)) = rest.split_once("> — ") else {
            continue;
        };
        let Some((points, _)) = rest.split_once(" pt") else {
            continue;
        };
        shown.insert(id.parse().unwrap(), points.parse().unwrap());
    }
    shown
}

/// An 8-person Swiss of Paskahousu over 3 rounds at tables of two: the eighth player never
/// checks in, and the bot is killed with SIGKILL in the middle of round 2.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_eight_person_swiss_survives_a_no_show_and_a_sigkill() {
    // Real minutes: no turn timer (two minutes) runs out while the test plays.
    let mut e = Event::start(8, 60_000).await;
    // Each edit of a hand takes its own time, as on Discord: two edits of one hand sent at once
    // by two tasks may land in either order.
    e.fake.set_webhook_jitter(Duration::from_millis(30));
    let mut rng = ChaCha8Rng::seed_from_u64(46);
    let organiser = e.people[0].clone();
    let no_show = e.people[7].clone();
    let (message, id) = e
        .create(json!([
            {"name": "game", "value": "paskahousu"},
            {"name": "format", "value": 0},
            {"name": "rounds", "value": 3},
            {"name": "seats", "value": 2},
            {"name": "level", "value": 0},
            {"name": "seed", "value": 5},
        ]))
        .await;
    assert!(
        message.content.contains("Paskahousu tournament") && message.content.contains("Swiss"),
        "{}",
        message.content
    );

    for p in &e.people {
        let answer = e
            .click(p, message.id, &event_button(&message, EventAct::SignUp))
            .await;
        assert!(answer.contains("You are signed up"), "{answer}");
    }
    let twice = e
        .click(
            &e.people[1],
            message.id,
            &event_button(&message, EventAct::SignUp),
        )
        .await;
    assert!(twice.contains("already signed up"), "{twice}");
    let not_theirs = e
        .click(
            &e.people[1],
            message.id,
            &event_button(&message, EventAct::Start),
        )
        .await;
    assert!(
        not_theirs.contains("Only the tournament's organiser"),
        "{not_theirs}"
    );

    let mut killed = false;
    for round in 1..=3u32 {
        // The check-in: the organiser's start opens the first; each later one opens by itself
        // when the round before it ends. Everyone but the no-show checks in.
        if round == 1 {
            let opened = e
                .click(
                    &organiser,
                    message.id,
                    &event_button(&message, EventAct::Start),
                )
                .await;
            assert!(opened.contains("check-in for round 1"), "{opened}");
        }
        let shown = with_button(&e, message.id, EventAct::CheckIn).await;
        for p in e.people.iter().filter(|p| p.id != no_show.id) {
            let answer = e
                .click(p, message.id, &event_button(&shown, EventAct::CheckIn))
                .await;
            assert!(answer.contains("checked in"), "{answer}");
        }
        let begun = e
            .click(
                &organiser,
                message.id,
                &event_button(&shown, EventAct::Start),
            )
            .await;
        assert!(begun.contains(&format!("Round {round} begins")), "{begun}");
        // Three games a round: in rounds 1 and 2 the no-show's table is a walkover (no game,
        // no thread), and in round 3 (seven players, the no-show withdrawn) one has a bye.
        let began = std::time::Instant::now();
        let threads = round_threads(&e, round, 3).await;
        eprintln!("round {round}: threads after {:?}", began.elapsed());
        // The round's walkover (rounds 1 and 2) or bye (round 3) counts at once: the standings
        // say they are those of the round under way, not of the rounds before it.
        saying(&e, message.id, &format!("Standings during round {round}**")).await;
        if round == 1 {
            // A thread has no threads for an event's tables: refused, nothing made.
            let inside = e
                .fake
                .slash(
                    &organiser,
                    threads[0],
                    "tournament",
                    json!([{"name": "game", "value": "paskahousu"}, {"name": "format", "value": 0}]),
                )
                .await
                .unwrap();
            assert!(
                inside.is_ephemeral() && inside.content().contains("not in a thread"),
                "{}",
                inside.content()
            );
        }
        let round_view = e.store().await.tournament_rounds(id).await.unwrap();
        let plan = &round_view[round as usize - 1].plan["plan"];
        assert_eq!(
            plan["tables"].as_array().unwrap().len(),
            if round < 3 { 4 } else { 3 }
        );
        assert_eq!(
            plan["byes"].as_array().unwrap().len(),
            if round < 3 { 0 } else { 1 }
        );
        // The round's games are played at once, as its players would; in round 2 the bot
        // is killed once the first game has ended, and the other two are played after its
        // restart.
        let mut rngs: Vec<ChaCha8Rng> = (0..threads.len())
            .map(|i| ChaCha8Rng::seed_from_u64(rng.random::<u64>() ^ i as u64))
            .collect();
        let mut games: Vec<(u64, &mut ChaCha8Rng)> =
            threads.iter().copied().zip(rngs.iter_mut()).collect();
        if round == 2 {
            let (thread, first) = games.remove(0);
            play_thread(&e, thread, first).await;
            e.kill_and_restart().await;
            killed = true;
        }
        let played = futures_util::future::join_all(
            games
                .into_iter()
                .map(|(thread, rng)| play_thread(&e, thread, rng)),
        )
        .await;
        eprintln!("round {round}: {played:?} moves, at {:?}", began.elapsed());
        // The event moves on by itself once the round's last game ends.
        let next = if round < 3 {
            format!("Check in for round {}", round + 1)
        } else {
            "The tournament is over".to_string()
        };
        saying(&e, message.id, &next).await;
    }
    assert!(killed);

    let store = e.store().await;
    let players = store.tournament_players(id).await.unwrap();
    let left = players.iter().find(|p| p.user_id == no_show.id).unwrap();
    assert_eq!(
        left.withdrawn,
        pakka::store::Withdrawn::Absent,
        "absent twice in a row"
    );
    let final_message = e.fake.message(message.id).unwrap();
    println!("the event message at the end:\n{}", final_message.content);
    let shown = points_shown(&final_message.content);
    let by_hand = points_by_hand(&e, id).await;
    assert_eq!(
        shown, by_hand,
        "the standings shown against the hand computation:\n{}",
        final_message.content
    );
    assert!(
        final_message.buttons().is_empty(),
        "an event over has no buttons"
    );
    // ("The winner is …" or "The winners are …", posted after the message's last edit.)
    let announced = |fake: &FakeDiscord| {
        fake.channel_messages(CHANNEL)
            .into_iter()
            .filter(|m| m.content.contains("tournament is over. The winner"))
            .count()
    };
    let fake = e.fake.clone();
    let _ = e.fake.wait_until(WAIT, move |_| announced(&fake) > 0).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let champions = announced(&e.fake);
    assert_eq!(champions, 1, "the winners are announced once");
    // No game of the event offers a rematch, not even one whose result is shown after the
    // winners were announced.
    let threads: Vec<u64> = e
        .fake
        .threads()
        .into_iter()
        .filter(|t| t.parent_id == CHANNEL)
        .map(|t| t.id)
        .collect();
    for thread in threads {
        for m in e.fake.channel_messages(thread) {
            assert!(
                !m.buttons()
                    .iter()
                    .any(|(id, _, _)| matches!(ids::parse(id), Some(ComponentId::Again(_)))),
                "a tournament game's result offers Play again: {}",
                m.content
            );
        }
    }
    // Every hand was played through its buttons, three tables at once: none ever went back to
    // an older position or came alive again after it was retired or its game ended.
    let gone_back = hand_history::hands_gone_back(&e.fake);
    assert!(gone_back.is_empty(), "{}", gone_back.join("\n"));
    // The buttons of an event that is over (a stale click) change nothing.
    let late = e
        .fake
        .click_unchecked(
            &e.people[2],
            message.id,
            &event_button(&message, EventAct::SignUp),
        )
        .await
        .unwrap();
    assert!(
        late.is_ephemeral() && late.content().contains("This tournament is over"),
        "{}",
        late.content()
    );
    // A "Play again" of one of its games, forged (none was offered), opens no table: the
    // tournament pairs its own rounds.
    let rounds = e.store().await.tournament_rounds(id).await.unwrap();
    let last = rounds.last().unwrap();
    let table = last.tables.iter().find_map(|t| t.table_id).unwrap();
    let stored = e.store().await.table(table).await.unwrap().unwrap();
    let player = e
        .people
        .iter()
        .find(|p| {
            stored
                .setup
                .seat_rows
                .iter()
                .any(|s| s.user_id == Some(p.id) && s.computer.is_none())
        })
        .expect("a person who played the table")
        .clone();
    let before = e.store().await.open_tables().await.unwrap().len();
    let forged = e
        .fake
        .click_unchecked(&player, message.id, &ComponentId::Again(table).to_string())
        .await
        .unwrap();
    assert!(
        forged.is_ephemeral() && forged.content().contains("has no rematch"),
        "{}",
        forged.content()
    );
    assert_eq!(e.store().await.open_tables().await.unwrap().len(), before);
}

/// Match points of a duplicate round by hand: each seat's result (its score where the game
/// keeps one, higher better; else its place, lower better) against the same seat at the other
/// tables: a point for each it beat, half for each it equalled; an absent player none.
async fn match_points_by_hand(e: &Event, event: i64) -> BTreeMap<u64, f64> {
    let (mut points, rounds) = stored_rounds(e, event).await;
    for round in rounds {
        // Higher is better: the score, or the place turned around.
        let values: Vec<Vec<i64>> = round
            .tables
            .iter()
            .map(|(_, _, rows)| {
                if rows.iter().all(|r| r.score.is_some()) {
                    rows.iter().map(|r| r.score.unwrap()).collect()
                } else {
                    rows.iter().map(|r| -(r.place as i64)).collect()
                }
            })
            .collect();
        for (t, (seats, _, _)) in round.tables.iter().enumerate() {
            for (s, who) in seats.iter().enumerate() {
                let Some(who) = who else { continue };
                if round.absent.contains(who) {
                    continue;
                }
                for (u, others) in values.iter().enumerate() {
                    if u != t {
                        *points.get_mut(who).unwrap() += match values[t][s].cmp(&others[s]) {
                            std::cmp::Ordering::Greater => 1.0,
                            std::cmp::Ordering::Equal => 0.5,
                            std::cmp::Ordering::Less => 0.0,
                        };
                    }
                }
            }
        }
    }
    points
}

/// A duplicate round of Kop at two tables: both play the same deal (the same seed), one
/// player never checks in (the event's easy computer plays their seat), the others let their
/// turn timers run out (computers stand in for them), and every seat is scored against the
/// same seat at the other table, as computed here by hand.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_duplicate_round_of_kop_scores_each_seat_against_the_same_cards() {
    // A minute of 100 ms: a turn left alone for 0.2 s is played by a computer standing in.
    let e = Event::start(8, 100).await;
    let organiser = e.people[0].clone();
    let no_show = e.people[5].clone();
    let (message, id) = e
        .create(json!([
            {"name": "game", "value": "kop"},
            {"name": "format", "value": 3},
            {"name": "rounds", "value": 1},
            {"name": "level", "value": 0},
            {"name": "checkin_minutes", "value": 60},
            {"name": "round_minutes", "value": 600},
            {"name": "seed", "value": 21},
        ]))
        .await;
    assert!(message.content.contains("duplicate"), "{}", message.content);
    for p in &e.people {
        e.click(p, message.id, &event_button(&message, EventAct::SignUp))
            .await;
    }
    e.click(
        &organiser,
        message.id,
        &event_button(&message, EventAct::Start),
    )
    .await;
    let shown = with_button(&e, message.id, EventAct::CheckIn).await;
    for p in e.people.iter().filter(|p| p.id != no_show.id) {
        e.click(p, message.id, &event_button(&shown, EventAct::CheckIn))
            .await;
    }
    e.click(
        &organiser,
        message.id,
        &event_button(&shown, EventAct::Start),
    )
    .await;
    let threads = round_threads(&e, 1, 2).await;
    assert_eq!(threads.len(), 2);
    let fake = e.fake.clone();
    let mid = message.id;
    e.fake
        .wait_until(Duration::from_secs(120), move |_| {
            fake.message(mid)
                .is_some_and(|m| m.content.contains("The tournament is over"))
        })
        .await
        .unwrap_or_else(|_| {
            panic!(
                "the round did not end:\n{}\nthe log:\n{}",
                e.fake.message(message.id).unwrap().content,
                e.log()
            )
        });

    let store = e.store().await;
    let rounds = store.tournament_rounds(id).await.unwrap();
    let seeds: Vec<u64> = {
        let mut seeds = Vec::new();
        for t in &rounds[0].tables {
            seeds.push(
                store
                    .table(t.table_id.unwrap())
                    .await
                    .unwrap()
                    .unwrap()
                    .setup
                    .seed,
            );
        }
        seeds
    };
    assert_eq!(seeds.len(), 2);
    assert_eq!(seeds[0], seeds[1], "both tables play the same deal");
    assert_eq!(rounds[0].plan["plan"]["deal_seed"].as_u64(), Some(seeds[0]));
    let final_message = e.fake.message(message.id).unwrap();
    println!("the duplicate event at the end:\n{}", final_message.content);
    let shown = points_shown(&final_message.content);
    let by_hand = match_points_by_hand(&e, id).await;
    assert_eq!(shown, by_hand, "{}", final_message.content);
    assert_eq!(by_hand[&no_show.id], 0.0, "an absent player earns nothing");
}
