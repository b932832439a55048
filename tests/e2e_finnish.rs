//! Languages on the fake Discord: a Finnish server with Finnish players plays a whole game in
//! Finnish (every public message and every hand worded by the Finnish catalog, none by the
//! English one); a mixed table words each private hand in its own reader's language and the
//! public table in the server's; a server manager chooses the language of public messages; the
//! slash commands carry Finnish names and descriptions beside the English ones.

use serde_json::json;

use pakka::catalog::catalog;

use crate::support::fake_discord::{permissions, FakeMessage};
use crate::support::harness::*;
use crate::support::ids;

/// A key's words in a language, with no seat named.
fn words(lang: &str, key: &'static str) -> String {
    catalog().text(
        lang,
        &pakka::text::Msg::new(key, Vec::new()),
        &pakka::catalog::NoNames,
    )
}

/// The custom id of the message's "Show my hand" (found by its id: its label is in the
/// reader's language).
fn hand_button(message: &FakeMessage) -> String {
    message
        .buttons()
        .into_iter()
        .find(|(id, _, _)| ids::hand_table(id).is_some())
        .unwrap_or_else(|| panic!("no Show my hand button on {:?}", message.buttons()))
        .0
}

/// Words that only the English catalog writes on a table or a hand.
const ENGLISH: [&str; 6] = [
    "Show my hand",
    " · move ",
    "Your hand",
    "to play",
    "Trick",
    "tricks",
];

fn assert_no_english(what: &str, text: &str) {
    for word in ENGLISH {
        assert!(
            !text.contains(word),
            "{what} has the English {word:?}: {text}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finnish_server_plays_a_whole_game_in_finnish() {
    let h = Harness::start().await;
    h.fake.set_guild_locale("fi");
    for user in [&h.alice, &h.bob, &h.carol] {
        h.fake.set_locale(user.id, "fi");
    }
    let players = [&h.alice, &h.bob, &h.carol];
    let (_, table) = h.open_table("matapesa", &players, 2, &[]).await;
    let show = words("fi", "discord-button-show-hand");
    assert_ne!(show, words("en-US", "discord-button-show-hand"));
    assert_eq!(
        table.button_labels(),
        vec![
            show.clone(),
            words("fi", "discord-button-rules"),
            words("fi", "discord-button-words")
        ]
    );
    assert_no_english("the table message", &table.content);
    // Every player opens their hand and plays whatever is offered until the game is over.
    let mut clicks = 0;
    // Mätäpesä is one deal: its table message is the lobby's, edited; it keeps "Show my hand"
    // until the game is over.
    let offered = |m: &FakeMessage| {
        m.buttons()
            .iter()
            .any(|(id, _, _)| ids::hand_table(id).is_some())
    };
    loop {
        assert!(clicks < 400, "the game does not end");
        let current = h.fake.message(table.id).unwrap();
        if !offered(&current) {
            break;
        }
        assert_no_english("the table message", &current.content);
        let hand_id = hand_button(&current);
        let mut moved = false;
        for user in players {
            // The game's last move may have been the previous one: its table message loses the
            // button once the update after that move's answer lands, which can be now.
            let hand = match h.fake.click(user, current.id, &hand_id).await {
                Ok(hand) => hand,
                Err(_) if !h.fake.message(table.id).is_some_and(|m| offered(&m)) => break,
                Err(e) => panic!("opening a hand: {e:#}"),
            };
            let hand = hand.message().unwrap().clone();
            assert_no_english("a hand", &hand.content);
            if let Some((id, label, _)) = hand.buttons().into_iter().next() {
                assert_no_english("a button", &label);
                h.fake.click(user, hand.id, &id).await.unwrap();
                clicks += 1;
                moved = true;
                break;
            }
        }
        if !moved {
            let fake = h.fake.clone();
            let (id, content) = (current.id, current.content.clone());
            let _ = h
                .fake
                .wait_until(WAIT, move |_| {
                    fake.message(id).is_none_or(|m| m.content != content)
                })
                .await;
        }
    }
    // The result follows the table's last edit: wait for it, then every public message of the
    // game is Finnish.
    let again = words("fi", "discord-button-play-again");
    let fake = h.fake.clone();
    let wanted = again.clone();
    h.fake
        .wait_until(WAIT, move |_| {
            fake.channel_messages(CHANNEL)
                .iter()
                .any(|m| m.button_labels().contains(&wanted))
        })
        .await
        .unwrap_or_else(|_| panic!("the result offers {again:?}"));
    for m in h.fake.channel_messages(CHANNEL) {
        assert_no_english("a public message", &m.content);
    }
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mixed_table_words_each_hand_in_its_readers_language() {
    let h = Harness::start().await;
    // An English server; Alice's client is Finnish, Bob's and Carol's English.
    h.fake.set_locale(h.alice.id, "fi-FI");
    let players = [&h.alice, &h.bob, &h.carol];
    let (_, table) = h.open_table("matapesa", &players, 2, &[]).await;
    assert_eq!(
        table.button_labels(),
        vec!["Show my hand", "📖 Rules", "❔ Game words"]
    );
    let alice = h.open_hand(&h.alice, table.id).await;
    let bob = h.open_hand(&h.bob, table.id).await;
    assert_no_english("Alice's hand", &alice.content);
    assert!(
        bob.content.contains("Your hand"),
        "Bob reads English: {}",
        bob.content
    );

    // A server manager makes the public messages Finnish: the next table update is Finnish,
    // and Bob's hand stays English.
    h.fake.set_permissions(h.carol.id, permissions::ALL);
    let set = h
        .fake
        .slash(
            &h.carol,
            CHANNEL,
            "settings",
            json!([{"name": "language", "value": "fi"}]),
        )
        .await
        .unwrap();
    assert_no_english("the answer to /settings language", set.content());
    let unknown = h
        .fake
        .slash(
            &h.carol,
            CHANNEL,
            "settings",
            json!([{"name": "language", "value": "xx"}]),
        )
        .await
        .unwrap();
    assert!(unknown.content().contains("xx"), "{}", unknown.content());
    // Mätäpesä is one deal: the table message stays the same message.
    let current = h.fake.message(table.id).unwrap();
    let hand = h
        .fake
        .click(&h.bob, current.id, &hand_button(&current))
        .await
        .unwrap();
    let hand = hand.message().unwrap().clone();
    assert!(hand.content.contains("Your hand"), "{}", hand.content);
    if let Some((id, _, _)) = hand.buttons().into_iter().next() {
        h.fake.click(&h.bob, hand.id, &id).await.unwrap();
    } else {
        let alice_hand = h.fake.message(alice.id).unwrap();
        if let Some((id, _, _)) = alice_hand.buttons().into_iter().next() {
            h.fake.click(&h.alice, alice.id, &id).await.unwrap();
        }
    }
    let fake = h.fake.clone();
    let show = words("fi", "discord-button-show-hand");
    h.fake
        .wait_until(WAIT, move |_| {
            fake.channel_messages(CHANNEL)
                .iter()
                .any(|m| m.button_labels().contains(&show))
        })
        .await
        .expect("the table message turns Finnish");
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_commands_have_finnish_names_and_descriptions() {
    let h = Harness::start().await;
    let commands = h.fake.wait_for_commands(WAIT).await.unwrap();
    let play = commands
        .iter()
        .find(|c| c["name"] == "play")
        .expect("/play is registered");
    assert_eq!(
        play["name_localizations"]["fi"],
        words("fi", "discord-name-play")
    );
    assert_eq!(
        play["description_localizations"]["fi"],
        words("fi", "discord-cmd-play")
    );
    for command in &commands {
        let name = command["name_localizations"]["fi"]
            .as_str()
            .unwrap_or_default();
        assert!(
            !name.is_empty()
                && name.chars().count() <= 32
                && name
                    .chars()
                    .all(|c| c.is_lowercase() || c.is_ascii_digit() || c == '-' || c == '_'),
            "{}: Finnish name {name:?}",
            command["name"]
        );
        for option in command["options"].as_array().into_iter().flatten() {
            let name = option["name_localizations"]["fi"]
                .as_str()
                .unwrap_or_default();
            assert!(
                !name.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_lowercase() || c.is_ascii_digit() || c == '-' || c == '_'),
                "/{} {}: Finnish name {name:?}",
                command["name"],
                option["name"]
            );
        }
    }
    h.bot.unwrap().shutdown().await;
}

/// The table message's "Rules" answers whoever presses it (a player, or someone watching)
/// privately, with the game's summary in their own language and a link to the game's full
/// rules (its page in the repository); the table is unchanged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rules_button_answers_privately_with_the_games_summary() {
    let h = Harness::start().await;
    let (_, message) = h.start_game(7).await;
    h.fake.set_locale(h.carol.id, "fi");
    let rules = button(&message, "📖 Rules");
    let requests = h.fake.requests().len();
    let page = "https://github.com/pakka-cards/pakka/blob/main/docs/rules/pisha-pasha.md";
    for (user, summary, full) in [
        (&h.alice, words("en-US", "pishe-summary"), "📖 Full rules"),
        (
            &h.carol,
            words("fi", "pishe-summary"),
            "📖 Säännöt kokonaan",
        ),
    ] {
        let answer = h.fake.click(user, message.id, &rules).await.unwrap();
        assert!(answer.is_ephemeral(), "{}", answer.content());
        let text = answer.content();
        assert!(text.contains("Pishe Pasha"), "{text}");
        let start: String = summary.chars().take(40).collect();
        assert!(text.contains(&start), "{text}");
        assert_eq!(
            answer.message().unwrap().links(),
            vec![(full.to_string(), page.to_string())]
        );
    }
    // The table's own traffic (its picture, the turn ping) may still be going out; the answers
    // added nothing but their callbacks, and the table is where it was.
    let after: Vec<String> = h.fake.requests()[requests..].to_vec();
    let callbacks = after.iter().filter(|r| r.contains("/callback")).count();
    assert_eq!(callbacks, 2, "{after:?}");
    assert_eq!(
        move_of(&h.fake.message(message.id).unwrap().content),
        move_of(&message.content)
    );
    assert_eq!(h.fake.violations(), Vec::<String>::new());
}
