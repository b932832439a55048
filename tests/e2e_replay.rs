//! `/replay` end to end on the fake Discord: a game played to its end through buttons, then
//! stepped through with ⏮ ◀ ▶ ⏭ — privately (the asker's own ephemeral message, updated in
//! place) and shared with the channel (stepped by the one who shared it; anyone else gets a
//! private copy) — each step showing what the table message showed at that move, the hands
//! only at the end; the buttons working across a restart; a running game, an unknown number
//! and another server's game refused; and `pakka replay` printing the same game from the
//! database.

use serde_json::json;

use crate::support::fake_discord::{FakeMessage, FakeUser};
use crate::support::harness::*;
use crate::support::ids::{self, ComponentId, Nav};

/// A button of a replay by which one it is (⏮ ◀ ▶ ⏭): its custom id and whether it is greyed
/// out.
fn nav(message: &FakeMessage, which: Nav) -> (String, bool) {
    message
        .buttons()
        .into_iter()
        .find(|(id, _, _)| {
            matches!(ids::parse(id), Some(ComponentId::Replay { nav, .. }) if nav == which)
        })
        .map(|(id, _, disabled)| (id, disabled))
        .unwrap_or_else(|| panic!("no replay button {which:?} on {:?}", message.buttons()))
}

/// Presses a replay's button (which must be enabled) and answers the message shown.
async fn press(h: &Harness, user: &FakeUser, message: &FakeMessage, which: Nav) -> FakeMessage {
    let (id, disabled) = nav(message, which);
    assert!(!disabled, "{which:?} is greyed out on {}", message.content);
    let outcome = h.fake.click(user, message.id, &id).await.unwrap();
    assert_eq!(
        outcome.callback_type, 7,
        "a step replaces the replay in place"
    );
    outcome.message().unwrap().clone()
}

/// `/replay game:<table>` by `user`, with `public` when given.
async fn replay(
    h: &Harness,
    user: &FakeUser,
    channel: u64,
    table: i64,
    public: Option<bool>,
) -> FakeMessage {
    let mut options = vec![json!({"name": "game", "value": table})];
    if let Some(public) = public {
        options.push(json!({"name": "public", "value": public}));
    }
    let outcome = h
        .fake
        .slash(user, channel, "replay", serde_json::Value::Array(options))
        .await
        .unwrap();
    outcome.message().unwrap().clone()
}

/// The number of moves a replay's message names ("Move k of n", "… · n moves").
fn position(content: &str) -> (usize, usize) {
    let last = content.lines().last().unwrap_or_default();
    if let Some(rest) = last.strip_prefix("Move ") {
        let (k, n) = rest.split_once(" of ").unwrap();
        return (k.parse().unwrap(), n.parse().unwrap());
    }
    let line = content
        .lines()
        .find(|l| l.starts_with("Before the first move · "))
        .unwrap_or_else(|| panic!("no position in {content}"));
    let n = line.trim_start_matches("Before the first move · ");
    (0, n.trim_end_matches(" moves").parse().unwrap())
}

/// The public view the table message showed at move `k` (its title and the view's lines,
/// without what happened and whose turn it was), if a version of it showed that move.
fn table_at(h: &Harness, k: usize) -> Option<String> {
    h.fake
        .channel_messages(CHANNEL)
        .iter()
        .flat_map(|m| {
            m.history
                .iter()
                .map(|v| v.content.clone())
                .chain([m.content.clone()])
                .collect::<Vec<_>>()
        })
        .find(|c| {
            let title = c.lines().next().unwrap_or_default();
            title.starts_with("**") && move_of(title) == Some(k as u64)
        })
        .map(|c| {
            c.lines()
                .take_while(|l| !["›", "▶", "🏁", "🤖"].iter().any(|m| l.starts_with(m)))
                .collect::<Vec<_>>()
                .join("\n")
        })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_steps_back_and_forth_privately_and_in_public() {
    let mut h = Harness::start().await;
    let bots = [json!({"name": "bots", "value": 3})];
    let (table, _) = h.open_table("matapesa", &[&h.alice], 2, &bots).await;

    // Not while it is played: a replay shows the hands.
    let early = replay(&h, &h.alice, CHANNEL, table, None).await;
    assert!(early.ephemeral, "a refusal is private");
    assert!(
        early.content.contains("is still being played"),
        "{}",
        early.content
    );
    assert!(early.buttons().is_empty());

    let clicks = h
        .play(
            table,
            &[&h.alice],
            |_, _| 0,
            |t| t.contains("Game over"),
            500,
        )
        .await;
    assert!(clicks >= 13, "Alice played her hand ({clicks} clicks)");

    // Privately, from the start.
    let first = replay(&h, &h.alice, CHANNEL, table, None).await;
    assert!(first.ephemeral && first.visible_to == Some(h.alice.id));
    let (k, n) = position(&first.content);
    assert_eq!(k, 0);
    assert!(n >= 52, "{n} moves");
    assert!(first.content.contains("The cards are dealt"));
    assert!(
        nav(&first, Nav::First).1 && nav(&first, Nav::Previous).1,
        "nothing before the start"
    );
    assert!(!nav(&first, Nav::Next).1 && !nav(&first, Nav::Last).1);
    assert_eq!(
        first.attachments.len(),
        1,
        "the table's picture at that move"
    );
    assert!(!first.content.contains("as dealt"));

    let one = press(&h, &h.alice, &first, Nav::Next).await;
    assert_eq!(one.id, first.id);
    assert!(one.ephemeral);
    assert_eq!(position(&one.content), (1, n));
    assert!(
        one.content.contains("› Computer 2 (normal) played"),
        "{}",
        one.content
    );
    if let Some(shown) = table_at(&h, 1) {
        assert!(
            one.content.contains(&shown),
            "{shown}\n---\n{}",
            one.content
        );
    }

    let end = press(&h, &h.alice, &one, Nav::Last).await;
    assert_eq!(position(&end.content), (n, n));
    assert!(end.content.contains("🏁 The game is over."));
    assert!(
        end.content.contains("The hands as dealt"),
        "{}",
        end.content
    );
    assert!(
        nav(&end, Nav::Next).1 && nav(&end, Nav::Last).1,
        "nothing after the end"
    );
    let shown = table_at(&h, n).expect("the table message showed the last move");
    assert!(
        end.content.contains(&shown),
        "{shown}\n---\n{}",
        end.content
    );

    // The buttons need nothing the bot remembers: they work after a restart.
    h.restart().await;
    let back = press(&h, &h.alice, &end, Nav::Previous).await;
    assert_eq!(position(&back.content), (n - 1, n));
    assert!(
        !back.content.contains("as dealt"),
        "the hands only at the end"
    );
    let start = press(&h, &h.alice, &back, Nav::First).await;
    assert_eq!(position(&start.content), (0, n));
    assert_eq!(start.content, first.content);

    // Shared with the channel: stepped by Alice; Bob's click gets him his own copy.
    let shared = replay(&h, &h.alice, CHANNEL, table, Some(true)).await;
    assert!(!shared.ephemeral, "a public replay is for the channel");
    assert!(shared.pinged.is_empty(), "it notifies nobody");
    assert_eq!(position(&shared.content), (0, n));
    let stepped = press(&h, &h.alice, &shared, Nav::Next).await;
    assert_eq!(stepped.id, shared.id);
    assert!(!stepped.ephemeral);
    assert_eq!(position(&stepped.content), (1, n));
    let (next, _) = nav(&stepped, Nav::Next);
    let bobs = h.fake.click(&h.bob, stepped.id, &next).await.unwrap();
    assert_eq!(bobs.callback_type, 4, "a new message, not the shared one");
    let copy = bobs.message().unwrap().clone();
    assert!(copy.ephemeral && copy.visible_to == Some(h.bob.id));
    assert!(
        copy.content.starts_with(&format!(
            "Only {} steps this shared replay",
            h.alice.mention()
        )),
        "{}",
        copy.content
    );
    assert_eq!(position(&copy.content), (2, n));
    assert_eq!(
        h.fake.message(shared.id).unwrap().content,
        stepped.content,
        "the shared replay stays where Alice left it"
    );
    // Bob steps his copy on his own.
    let bob_end = press(&h, &h.bob, &copy, Nav::Last).await;
    assert_eq!(position(&bob_end.content), (n, n));
    assert_eq!(
        position(&h.fake.message(shared.id).unwrap().content),
        (1, n)
    );

    // Refused: a number no game has, and a game of another server.
    let unknown = replay(&h, &h.alice, CHANNEL, 424_242, None).await;
    assert!(unknown.ephemeral);
    assert!(
        unknown.content.contains("There is no game number 424242"),
        "{}",
        unknown.content
    );
    const OTHER_GUILD: u64 = 7_777 << 22;
    const OTHER_CHANNEL: u64 = 7_777_001;
    h.fake.add_guild(OTHER_GUILD, &[OTHER_CHANNEL]);
    let elsewhere = replay(&h, &h.bob, OTHER_CHANNEL, table, None).await;
    assert!(
        elsewhere.content.contains("was played in another server"),
        "{}",
        elsewhere.content
    );
    assert_eq!(h.fake.violations(), Vec::<String>::new());

    // The terminal prints the same game from the database.
    let pakka = env!("CARGO_BIN_EXE_pakka");
    let out = std::process::Command::new(pakka)
        .args(["--lang", "en-US", "replay", &h.url, &table.to_string()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with(&format!("Mätäpesä · game {table} · {n} moves")));
    assert_eq!(text.matches("── ").count(), n + 1, "every step");
    assert!(text.contains(&format!("── Move {n} of {n} ──")));
    let hands = text.split_once("🂠 The hands as dealt:").unwrap().1;
    assert_eq!(
        hands.lines().filter(|l| !l.is_empty()).count(),
        4,
        "{hands}"
    );
    let refused = std::process::Command::new(pakka)
        .args(["--lang", "en-US", "replay", &h.url, "424242"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(1));
    assert!(refused.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&refused.stderr).trim(),
        "error: There is no game number 424242. `/history` lists the finished games."
    );
    h.bot.unwrap().shutdown().await;
}
