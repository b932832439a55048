//! End-to-end abuse limits on the fake Discord: open tables per person and per server, click
//! and `/play` throttles (and a quick player who never meets them), every malformed or
//! forged input refused with its own sentence, and a property test that sends random and
//! malformed interactions to a running table and checks that each is answered, nothing
//! panics and nothing changes.

use std::time::Duration;

use proptest::prelude::*;
use proptest::test_runner::{Config as ProptestConfig, TestRunner};
use serde_json::{json, Value};

use pakka::config::Config;
use pakka::store::{Phase, Store};

use crate::support::fake_discord::{permissions, FakeDiscord, FakeUser, InteractionOutcome};
use crate::support::harness::*;
use crate::support::ids::{ComponentId, HandStep};

fn answered_privately(outcome: &InteractionOutcome, words: &str) {
    assert_eq!(outcome.callback_type, 4, "{}", outcome.content());
    assert!(outcome.is_ephemeral(), "{}", outcome.content());
    assert!(
        outcome.content().contains(words),
        "expected {words:?} in {:?}",
        outcome.content()
    );
}

async fn play(h: &Harness, user: &FakeUser, channel: u64, options: Value) -> InteractionOutcome {
    h.fake.slash(user, channel, "play", options).await.unwrap()
}

fn limits(config: &mut Config) {
    config.max_tables_per_person = 2;
    config.max_tables_per_server = 3;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_and_a_server_have_at_most_their_limit_of_open_tables() {
    let h = Harness::start_tweaked(limits).await;
    let lobby = |who: &FakeUser| json!([{"name": "game", "value": "kop"}, {"name": "player", "value": who.id.to_string()}]);
    for channel in [CHANNEL, CHANNEL + 1] {
        let opened = play(&h, &h.alice, channel, lobby(&h.bob)).await;
        assert!(!opened.is_ephemeral(), "{}", opened.content());
    }
    let third = play(&h, &h.alice, CHANNEL + 2, lobby(&h.bob)).await;
    answered_privately(
        &third,
        "You already have 2 open tables in this server, the most one person may have",
    );
    assert!(h.fake.channel_messages(CHANNEL + 2).is_empty());
    // Bob is invited to both; an invitation does not count, so he opens his own.
    let bobs = play(&h, &h.bob, CHANNEL + 2, lobby(&h.carol)).await;
    assert!(!bobs.is_ephemeral(), "{}", bobs.content());
    // The server has three open tables now: the fourth is refused, whoever opens it.
    let fourth = play(&h, &h.carol, CHANNEL + 3, lobby(&h.alice)).await;
    answered_privately(
        &fourth,
        "This server already has 3 open tables, the most it may have",
    );
    // Bob sits at his own table; accepting one of Alice's makes two; the other is refused.
    let first = h.fake.channel_messages(CHANNEL)[0].clone();
    let second = h.fake.channel_messages(CHANNEL + 1)[0].clone();
    let accepted = h
        .fake
        .click(&h.bob, first.id, &button(&first, "Accept"))
        .await
        .unwrap();
    assert_eq!(accepted.callback_type, 7, "{}", accepted.content());
    let refused = h
        .fake
        .click(&h.bob, second.id, &button(&second, "Accept"))
        .await
        .unwrap();
    answered_privately(&refused, "You already have 2 open tables");
    let store = h.store().await;
    assert_eq!(store.open_tables().await.unwrap().len(), 3);
    assert!(h.fake.violations().is_empty(), "{:?}", h.fake.violations());
}

fn slow_clicks(config: &mut Config) {
    config.click_burst = 5;
    config.clicks_per_second = 1;
    config.play_burst = 2;
    config.plays_per_minute = 6;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn button_and_play_spam_is_slowed_down_and_changes_nothing() {
    let h = Harness::start_tweaked(slow_clicks).await;
    let (table, message) = h.start_game(7).await;
    let store = h.store().await;
    let before = store.table(table).await.unwrap().unwrap();
    let show = button(&message, "Show my hand");
    // Eight clicks at once: the burst of five is answered with the hand, the rest are slowed
    // (sent together, so a slow machine cannot stretch them past the one second that brings
    // the next click back).
    let clicks = (0..8).map(|_| h.fake.click(&h.alice, message.id, &show));
    let answers: Vec<InteractionOutcome> = futures_util::future::join_all(clicks)
        .await
        .into_iter()
        .map(Result::unwrap)
        .collect();
    let (slowed, hands): (Vec<_>, Vec<_>) = answers
        .iter()
        .partition(|a| a.content().contains("Slow down"));
    assert!(hands.len() >= 5, "{} hands of 8 clicks", hands.len());
    assert!(!slowed.is_empty(), "none of 8 clicks at once was slowed");
    for hand in &hands {
        assert!(hand.is_ephemeral(), "{}", hand.content());
    }
    for slowed in slowed {
        answered_privately(slowed, "Slow down: you can click again in 1 second.");
        assert!(slowed.latency < Duration::from_secs(3));
    }
    // Others are not slowed down by Alice's clicks.
    let bobs = h.fake.click(&h.bob, message.id, &show).await.unwrap();
    assert!(!bobs.content().contains("Slow down"), "{}", bobs.content());
    let after = store.table(table).await.unwrap().unwrap();
    assert_eq!(
        (after.move_number, after.moves),
        (before.move_number, before.moves.clone())
    );
    // A second later Alice may click again.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let hand = h.fake.click(&h.alice, message.id, &show).await.unwrap();
    assert!(!hand.content().contains("Slow down"), "{}", hand.content());

    // /play: a refused request costs nothing (three unknown games in a row)…
    for _ in 0..3 {
        let refused = play(
            &h,
            &h.carol,
            CHANNEL + 1,
            json!([{"name": "game", "value": "chess"}]),
        )
        .await;
        answered_privately(&refused, "There is no game called \"chess\"");
    }
    // …while tables opened do: two at once, then one every ten seconds.
    for channel in [CHANNEL + 1, CHANNEL + 2] {
        let opened = play(
            &h,
            &h.carol,
            channel,
            json!([{"name": "game", "value": "kop"}]),
        )
        .await;
        assert!(
            !opened.content().contains("Slow down"),
            "{}",
            opened.content()
        );
    }
    let slowed = play(
        &h,
        &h.carol,
        CHANNEL + 3,
        json!([{"name": "game", "value": "kop"}]),
    )
    .await;
    // Ten seconds after the first table, less the time the two openings took.
    answered_privately(
        &slowed,
        "Slow down: you can open a table with `/play` again in ",
    );
    let wait: String = slowed
        .content()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    assert!(
        (1..=10).contains(&wait.parse::<u32>().unwrap_or(0)),
        "{}",
        slowed.content()
    );
    assert!(h.fake.channel_messages(CHANNEL + 3).is_empty());
    assert!(h.fake.violations().is_empty(), "{:?}", h.fake.violations());
}

fn defaults(config: &mut Config) {
    use pakka::config::*;
    config.max_tables_per_person = DEFAULT_MAX_TABLES_PER_PERSON;
    config.max_tables_per_server = DEFAULT_MAX_TABLES_PER_SERVER;
    config.click_burst = DEFAULT_CLICK_BURST;
    config.clicks_per_second = DEFAULT_CLICKS_PER_SECOND;
    config.play_burst = DEFAULT_PLAY_BURST;
    config.plays_per_minute = DEFAULT_PLAYS_PER_MINUTE;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quick_player_never_meets_the_default_throttle() {
    let h = Harness::start_tweaked(defaults).await;
    let (_, message) = h.start_game(7).await;
    let show = button(&message, "Show my hand");
    // Six clicks a second for four seconds, as a quick player taps through a hand.
    for i in 0..24 {
        let started = tokio::time::Instant::now();
        let hand = h.fake.click(&h.alice, message.id, &show).await.unwrap();
        assert!(
            !hand.content().contains("Slow down"),
            "click {i}: {}",
            hand.content()
        );
        tokio::time::sleep_until(started + Duration::from_millis(160)).await;
    }
    assert!(h.fake.violations().is_empty(), "{:?}", h.fake.violations());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_bad_input_of_play_is_refused_with_its_own_sentence() {
    let h = Harness::start().await;
    let dave = h.fake.user(1_000_000_000_000_004, "dave");
    h.fake.set_permissions(
        dave.id,
        permissions::PLAIN_MEMBER & !permissions::VIEW_CHANNEL,
    );
    let robot = h.fake.bot_user(1_000_000_000_000_005, "robot");
    let game = |extra: Value| {
        let mut options = vec![json!({"name": "game", "value": "kop"})];
        options.extend(extra.as_array().unwrap().iter().cloned());
        Value::Array(options)
    };
    let player = |name: &str, who: u64| json!({"name": name, "value": who.to_string()});
    let cases: Vec<(Value, &str)> = vec![
        (
            json!([{"name": "game", "value": "x".repeat(3000)}]),
            "There is no game called \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…\"",
        ),
        (
            game(json!([{"name": "seed", "value": 1u64 << 60}])),
            "The seed must be a whole number from 0 to 9007199254740991.",
        ),
        (
            game(json!([{"name": "turn_timer", "value": 0}])),
            "The turn timer must be from 1 to 1440 minutes.",
        ),
        (
            game(json!([{"name": "turn_timer", "value": 100000}])),
            "The turn timer must be from 1 to 1440 minutes.",
        ),
        (
            game(json!([{"name": "options", "value": "a=b ".repeat(60)}])),
            "The options are too long: at most 200 characters.",
        ),
        (
            json!([{"name": "game", "value": "red7"}, {"name": "options", "value": "colour=pink"}]),
            "colour",
        ),
        (
            game(json!([player("player", FakeDiscord::BOT_USER_ID)])),
            "I deal the cards and cannot take a seat myself",
        ),
        (
            game(json!([player("player", robot.id)])),
            "is a bot and cannot play",
        ),
        (
            game(json!([player("player", h.alice.id)])),
            "You are already at this table",
        ),
        (
            game(json!([
                player("player", h.bob.id),
                player("player2", h.bob.id)
            ])),
            "is named twice",
        ),
        (
            game(json!([
                player("player", h.bob.id),
                player("player2", dave.id)
            ])),
            "cannot see this channel",
        ),
        (
            game(json!([{"name": "seats", "value": 200}])),
            "Kop is played by",
        ),
        (
            game(json!([{"name": "bots", "value": 200}])),
            "Kop is played by",
        ),
        (
            game(json!([{"name": "seats", "value": 300}])),
            "option of `/play`",
        ),
        (
            game(json!([{"name": "seed", "value": -5}])),
            "option of `/play`",
        ),
    ];
    for (options, words) in cases {
        let outcome = play(&h, &h.alice, CHANNEL, options.clone()).await;
        answered_privately(&outcome, words);
        assert!(
            outcome.content().chars().count() < 600,
            "{options}: a long echo: {}",
            outcome.content()
        );
    }
    // A person who is not a member: Discord resolves the user but no member.
    let stranger = h.fake.user(1_000_000_000_000_006, "stranger");
    let id = stranger.id.to_string();
    let data = json!({
        "id": command_id(&h, "play"),
        "name": "play",
        "type": 1,
        "guild_id": FakeDiscord::GUILD_ID.to_string(),
        "options": [
            {"name": "game", "type": 3, "value": "kop"},
            {"name": "player", "type": 6, "value": id},
        ],
        "resolved": {"users": {id.clone(): {
            "id": id, "username": "stranger", "discriminator": "0", "global_name": null,
            "avatar": null, "bot": false,
        }}},
    });
    let outcome = h
        .fake
        .raw_interaction(&h.alice, CHANNEL, 2, data, None)
        .await
        .unwrap();
    answered_privately(&outcome, "is not a member of this server");
    // Options of another type than declared, a missing game, a command pakka does not have.
    for (data, words) in [
        (
            json!({"name": "play", "options": [{"name": "game", "type": 3, "value": "kop"}, {"name": "seats", "type": 3, "value": "many"}]}),
            "An option of `/play` has a value of the wrong kind",
        ),
        (
            json!({"name": "play", "options": [{"name": "seats", "type": 4, "value": 3}]}),
            "An option of `/play` has a value of the wrong kind",
        ),
        (
            json!({"name": "chess", "options": []}),
            "pakka has no such command",
        ),
    ] {
        let mut data = data;
        data["id"] = json!(command_id(&h, "play"));
        data["type"] = json!(1);
        data["guild_id"] = json!(FakeDiscord::GUILD_ID.to_string());
        let outcome = h
            .fake
            .raw_interaction(&h.alice, CHANNEL, 2, data, None)
            .await
            .unwrap();
        answered_privately(&outcome, words);
    }
    // /invite checks its person the same way.
    let invite = h
        .fake
        .slash(
            &h.alice,
            CHANNEL,
            "invite",
            json!([player("player", FakeDiscord::BOT_USER_ID)]),
        )
        .await
        .unwrap();
    answered_privately(&invite, "I deal the cards");
    let store = h.store().await;
    assert!(
        store.open_tables().await.unwrap().is_empty(),
        "nothing opened"
    );
    assert!(
        h.fake.channel_messages(CHANNEL).is_empty(),
        "nothing public"
    );
    assert!(h.fake.violations().is_empty(), "{:?}", h.fake.violations());
}

fn command_id(h: &Harness, name: &str) -> String {
    h.fake
        .commands()
        .iter()
        .find(|c| c["name"] == name)
        .and_then(|c| c["id"].as_str())
        .unwrap_or("1")
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_buttons_and_menus_are_refused_and_change_nothing() {
    let h = Harness::start().await;
    let (table, message) = h.start_game(7).await;
    let store = h.store().await;
    let before = store.table(table).await.unwrap().unwrap();
    // Malformed ids, written by hand: no `ComponentId` writes them.
    for id in [
        "",
        "pk",
        "pk:h:0",
        "pk:a:1:x:0",
        "pk:h:99999999999999999999",
        "ä:ö",
        "pk:a:1:2:3:4",
    ] {
        let outcome = h
            .fake
            .click_unchecked(&h.alice, message.id, id)
            .await
            .unwrap();
        answered_privately(&outcome, "That button is not one pakka knows");
    }
    // A menu, even one carrying a real button's id, is not a button.
    let act = ComponentId::Act {
        table,
        mv: before.move_number,
        index: 0,
    }
    .to_string();
    for values in [
        json!([]),
        json!(["0"]),
        json!(["-1", "x", "99999999999999999999"]),
    ] {
        let data = json!({"custom_id": act, "component_type": 3, "values": values});
        let outcome = h
            .fake
            .raw_interaction(&h.alice, CHANNEL, 3, data, Some(message.id))
            .await
            .unwrap();
        answered_privately(&outcome, "That menu is not one pakka sent");
    }
    let after = store.table(table).await.unwrap().unwrap();
    assert_eq!(
        (after.move_number, after.moves),
        (before.move_number, before.moves)
    );
    assert!(h.fake.violations().is_empty(), "{:?}", h.fake.violations());
}

// ----- the property test ---------------------------------------------------------------------

/// Who sends a random interaction.
#[derive(Clone, Copy, Debug)]
enum Who {
    Alice,
    Bob,
    Carol,
    Robot,
}

/// A random or malformed interaction against a running table whose move number is `mv`.
#[derive(Clone, Debug)]
enum Case {
    Click {
        who: Who,
        on_hand: bool,
        id: String,
    },
    Select {
        who: Who,
        id: String,
        values: Vec<String>,
    },
    Slash {
        who: Who,
        name: String,
        options: Vec<Value>,
    },
    Autocomplete {
        who: Who,
        partial: String,
    },
}

fn who() -> impl Strategy<Value = Who> {
    prop_oneof![
        Just(Who::Alice),
        Just(Who::Bob),
        Just(Who::Carol),
        Just(Who::Robot)
    ]
}

fn stranger() -> impl Strategy<Value = Who> {
    prop_oneof![Just(Who::Carol), Just(Who::Robot)]
}

/// Custom ids: garbage, our prefixes with junk, and well-formed ids naming the wrong table or
/// move (never the current move of the table: that would be a legal move).
fn custom_id(table: i64, mv: u64) -> impl Strategy<Value = String> {
    let tables = prop_oneof![Just(table), Just(table + 1), 1..i64::MAX];
    let wrong_mv = prop_oneof![Just(mv + 1), (mv + 2)..u64::MAX, Just(u64::MAX)];
    let small = prop_oneof![0..30usize, Just(usize::MAX)];
    let kinds = prop_oneof![
        Just("h"),
        Just("a"),
        Just("p"),
        Just("g"),
        Just("q"),
        Just("acc"),
        Just("join"),
        Just("dec"),
        Just("again"),
        Just("bot"),
        Just("back"),
        Just("close"),
        Just("ab")
    ];
    let by_table: [fn(i64) -> ComponentId; 7] = [
        ComponentId::Hand,
        ComponentId::Accept,
        ComponentId::Join,
        ComponentId::Decline,
        ComponentId::Again,
        ComponentId::Bot,
        ComponentId::Back,
    ];
    prop_oneof![
        "\\PC{0,120}",
        // Our prefixes with junk after them, written by hand: mostly ids no `ComponentId`
        // writes, to reach every refusal of the parser.
        (kinds, "(:(-?[0-9]{0,25}|\\PC{0,4})){0,5}").prop_map(|(k, rest)| format!("pk:{k}{rest}")),
        (tables.clone(), wrong_mv.clone(), small.clone())
            .prop_map(|(table, mv, index)| ComponentId::Act { table, mv, index }.to_string()),
        (tables.clone(), any::<u64>(), small.clone(), 0..3usize).prop_map(|(table, mv, i, k)| {
            let step = match k {
                0 => HandStep::Page(i),
                1 => HandStep::Group(i),
                _ => HandStep::Ask(i),
            };
            ComponentId::Step { table, mv, step }.to_string()
        }),
        (tables.clone(), 0..by_table.len()).prop_map(move |(t, k)| by_table[k](t).to_string()),
        tables.prop_map(|table| ComponentId::Abandon {
            table,
            confirm: false
        }
        .to_string()),
    ]
}

/// A slash option of any name `/play` has (or not) with a value of any type, the type said
/// matching the value as Discord's schema requires.
fn option() -> impl Strategy<Value = Value> {
    let names = prop_oneof![
        Just("game"),
        Just("seats"),
        Just("seed"),
        Just("options"),
        Just("bots"),
        Just("level"),
        Just("turn_timer"),
        Just("language"),
        Just("junk")
    ];
    let value = prop_oneof![
        "\\PC{0,80}".prop_map(|s| (3, json!(s))),
        any::<i64>().prop_map(|n| (4, json!(n))),
        (-1e18f64..1e18).prop_map(|x| (10, json!(x))),
        any::<bool>().prop_map(|b| (5, json!(b))),
        prop_oneof![
            Just("kop"),
            Just("paston"),
            Just("pisha-pasha"),
            Just("hard")
        ]
        .prop_map(|s| (3, json!(s))),
    ];
    (names, value)
        .prop_map(|(name, (kind, value))| json!({"name": name, "type": kind, "value": value}))
}

fn case(table: i64, mv: u64) -> impl Strategy<Value = Case> {
    prop_oneof![
        4 => (who(), any::<bool>(), custom_id(table, mv))
            .prop_map(|(who, on_hand, id)| Case::Click { who, on_hand, id }),
        // Only people not at the table may try to end it.
        1 => (stranger(), prop_oneof![
                Just(ComponentId::Abandon { table, confirm: true }.to_string()),
                Just(ComponentId::Close(table).to_string())
            ])
            .prop_map(|(who, id)| Case::Click { who, on_hand: false, id }),
        2 => (who(), custom_id(table, mv), prop::collection::vec("\\PC{0,30}", 0..30))
            .prop_map(|(who, id, values)| Case::Select { who, id, values }),
        // In the table's channel, which is busy; never `thread` (a new thread is a new table)
        // nor a seated person's /pause (a pause is a legal change).
        3 => (who(), prop_oneof![
                Just("play".to_string()), Just("rules".to_string()), Just("scores".to_string()),
                Just("abandon".to_string()), Just("resume".to_string()),
                Just("settings".to_string()), "[a-z]{1,12}"
            ], prop::collection::vec(option(), 0..6))
            .prop_map(|(who, name, options)| Case::Slash { who, name, options }),
        1 => (stranger(), prop::collection::vec(option(), 0..3))
            .prop_map(|(who, options)| Case::Slash { who, name: "pause".into(), options }),
        1 => (who(), "\\PC{0,40}").prop_map(|(who, partial)| Case::Autocomplete { who, partial }),
    ]
}

struct Scene {
    h: Harness,
    robot: FakeUser,
    store: Store,
    table: i64,
    table_message: u64,
    hand_message: u64,
}

impl Scene {
    fn user(&self, who: Who) -> &FakeUser {
        match who {
            Who::Alice => &self.h.alice,
            Who::Bob => &self.h.bob,
            Who::Carol => &self.h.carol,
            Who::Robot => &self.robot,
        }
    }

    fn command_data(&self, name: &str, options: &[Value]) -> Value {
        json!({
            "id": command_id(&self.h, name),
            "name": name,
            "type": 1,
            "guild_id": FakeDiscord::GUILD_ID.to_string(),
            "options": options,
        })
    }

    async fn send(&self, case: &Case) -> anyhow::Result<InteractionOutcome> {
        let fake = &self.h.fake;
        match case {
            Case::Click { who, on_hand, id } => {
                let on = if *on_hand {
                    self.hand_message
                } else {
                    self.table_message
                };
                let data = json!({"custom_id": id, "component_type": 2});
                fake.raw_interaction(self.user(*who), CHANNEL, 3, data, Some(on))
                    .await
            }
            Case::Select { who, id, values } => {
                let data = json!({"custom_id": id, "component_type": 3, "values": values});
                fake.raw_interaction(self.user(*who), CHANNEL, 3, data, Some(self.table_message))
                    .await
            }
            Case::Slash { who, name, options } => {
                let data = self.command_data(name, options);
                fake.raw_interaction(self.user(*who), CHANNEL, 2, data, None)
                    .await
            }
            Case::Autocomplete { who, partial } => {
                let options =
                    [json!({"name": "game", "type": 3, "value": partial, "focused": true})];
                let data = self.command_data("play", &options);
                fake.raw_interaction(self.user(*who), CHANNEL, 4, data, None)
                    .await
            }
        }
    }
}

#[test]
fn random_and_malformed_interactions_are_answered_and_change_nothing() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let scene = rt.block_on(async {
        let h = Harness::start().await;
        let robot = h.fake.bot_user(1_000_000_000_000_007, "robot");
        let (table, message) = h.start_game(7).await;
        let hand = h.open_hand(&h.alice, message.id).await;
        let store = h.store().await;
        Scene {
            robot,
            store,
            table,
            table_message: message.id,
            hand_message: hand.id,
            h,
        }
    });
    let before = rt
        .block_on(scene.store.table(scene.table))
        .unwrap()
        .unwrap();
    assert_eq!(before.phase, Phase::Playing);
    let public = scene.h.fake.message(scene.table_message).unwrap();
    let sent = scene.h.fake.interaction_count();
    let mut runner = TestRunner::new(ProptestConfig {
        cases: 96,
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    let result = runner.run(&case(scene.table, before.move_number), |case| {
        rt.block_on(async {
            let outcome = scene.send(&case).await;
            prop_assert!(outcome.is_ok(), "{case:?} was not answered: {outcome:?}");
            let after = scene.store.table(scene.table).await.unwrap().unwrap();
            prop_assert_eq!(after.phase, Phase::Playing, "{:?}", case);
            prop_assert_eq!(after.move_number, before.move_number, "{:?}", case);
            prop_assert_eq!(&after.moves, &before.moves, "{:?}", case);
            prop_assert_eq!(
                scene.store.open_tables().await.unwrap().len(),
                1,
                "{:?}",
                case
            );
            // The public table message is never replaced (by a hand, say).
            let now = scene.h.fake.message(scene.table_message).unwrap();
            prop_assert_eq!(&now.content, &public.content, "{:?}", case);
            prop_assert_eq!(now.buttons(), public.buttons(), "{:?}", case);
            Ok(())
        })
    });
    rt.block_on(async {
        let h = &scene.h;
        if let Err(e) = result {
            panic!("{e}");
        }
        assert!(h.fake.interaction_count() >= sent + 96);
        // The bot still answers a normal click with the hand.
        let hand = h.open_hand(&h.alice, scene.table_message).await;
        assert!(!hand.content.contains("Slow down"), "{}", hand.content);
        assert!(!hand.content.contains("not one pakka"), "{}", hand.content);
        assert!(h.fake.violations().is_empty(), "{:?}", h.fake.violations());
    });
    rt.block_on(async move { drop(scene) });
}
