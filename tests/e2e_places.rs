//! pakka where only its interactions reach (issue 65): the DM with the bot, a group DM of three
//! people and a server where only one person added pakka to their account. In each, a whole
//! game of Pishe Pasha and a deal of Kop with computer players are played with the buttons on
//! the fake Discord; after every move the table message is read back and must show that move;
//! the results and records are kept under the place; the bot calls no channel route there (the
//! fake refuses and records any), and costs no request against the global limit beyond the
//! interactions' own routes. A group DM left quiet past the tokens' 15 minutes (the fake's
//! clock) is brought up to date by the next click, and `/scores` there lists its own games.
//!
//! In the DM with the bot only its one person can click, so its "two people" are that person
//! and a computer player (Kop: the person and three computer players).
//!
//! `SHOW_PLACES=1` prints every message a place's games left (hands included), to read them as
//! the players do: `SHOW_PLACES=1 cargo test --test tests e2e_places::a_kop -- --nocapture`.

use std::time::Duration;

use serde_json::json;

use crate::support::fake_discord::{FakeDiscord, FakeMessage, FakeUser};
use crate::support::harness::*;
use crate::support::ids;

/// A server the bot is not in, where Alice added pakka to her account, and its channel.
const GUILD_WITHOUT_BOT: u64 = FakeDiscord::GUILD_ID + (9 << 22);
const CHANNEL_WITHOUT_BOT: u64 = FakeDiscord::CHANNEL_ID + 9;

/// The three places a person brings pakka to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// The DM between Alice and the bot.
    BotDm,
    /// A group DM of Alice, Bob and Carol (Alice added pakka to her account).
    GroupDm,
    /// A server without the bot, where Alice added pakka to her account.
    ServerWithoutBot,
}

impl Place {
    const ALL: [Place; 3] = [Place::BotDm, Place::GroupDm, Place::ServerWithoutBot];

    /// Opens the place on the harness's fake; answers its channel.
    fn open(self, h: &Harness) -> u64 {
        match self {
            Place::BotDm => h.fake.open_dm(&h.alice),
            Place::GroupDm => h.fake.open_group_dm(&[&h.alice, &h.bob, &h.carol]),
            Place::ServerWithoutBot => {
                h.fake
                    .add_guild_without_bot(GUILD_WITHOUT_BOT, &[CHANNEL_WITHOUT_BOT], &h.alice);
                CHANNEL_WITHOUT_BOT
            }
        }
    }

    /// The people at a two-person table here, and the computer players beside them.
    fn two(self, h: &Harness) -> (Vec<&FakeUser>, u64) {
        match self {
            Place::BotDm => (vec![&h.alice], 1),
            _ => (vec![&h.alice, &h.bob], 0),
        }
    }
}

/// The first offered choice.
fn first_choice(_: &FakeUser, _: &[String]) -> usize {
    0
}

/// The move number a table message shows on its first line ("**Game** · move 12").
fn move_shown(content: &str) -> Option<u64> {
    let first = content.lines().next()?;
    let number = first.rsplit(" · move ").next()?;
    number
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// Waits until the table message in `channel` shows the move the store has reached, and
/// answers it. A computer player may move meanwhile: the store is read again on every look.
async fn table_caught_up(h: &Harness, channel: u64, table: i64) -> FakeMessage {
    let store = h.store().await;
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let stored = store.table(table).await.unwrap().unwrap().move_number;
        let current = h.current_table_in(channel, table).await;
        if move_shown(&current.content) == Some(stored) {
            return current;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the table message shows move {:?}, the table is at move {stored}: {}",
            move_shown(&current.content),
            current.content
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

/// Plays with the first choice of whichever hand has buttons until `done` says so of the table
/// message, checking after every click that the table message caught up with the table.
/// Answers the number of clicks.
async fn play_watched(
    h: &Harness,
    channel: u64,
    table: i64,
    players: &[&FakeUser],
    done: impl Fn(&str) -> bool,
    limit: usize,
) -> usize {
    h.play_in_then(
        channel,
        table,
        players,
        first_choice,
        done,
        limit,
        async || {
            table_caught_up(h, channel, table).await;
        },
    )
    .await
}

/// `/play` of `game` in `channel` by the first of `people`, the others invited (they accept),
/// with `bots` computer players; answers the table.
async fn open(
    h: &Harness,
    channel: u64,
    game: &str,
    people: &[&FakeUser],
    bots: u64,
    seed: u64,
) -> i64 {
    let extra: Vec<_> = (bots > 0)
        .then(|| json!({"name": "bots", "value": bots}))
        .into_iter()
        .collect();
    let (table, first, _) = open_table_in(&h.fake, channel, game, people, seed, &extra).await;
    assert!(
        first.content.contains(" · move "),
        "the answer to /play (or the last Accept) is the table message: {}",
        first.content
    );
    table
}

/// Nothing was asked of a channel or server route the bot cannot use, nothing broke Discord's
/// rules, and in the DM with the bot (where the channel routes would work) none was used.
fn only_interactions(h: &Harness, place: Place, channel: u64) {
    assert_eq!(h.fake.refused_channel_calls(), Vec::<String>::new());
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    if place == Place::BotDm {
        assert_eq!(h.fake.channel_calls_in(channel), Vec::<String>::new());
    }
}

/// The counted requests (those against the global limit) since `from` requests and
/// `interactions_before` interactions, the interactions since, and their ratio.
fn counted_per_interaction(h: &Harness, from: usize, interactions_before: usize) -> Cost {
    let counted = h.fake.counted_requests().len().saturating_sub(from);
    let interactions = h.fake.interaction_count() - interactions_before;
    Cost {
        counted,
        interactions,
        per: counted as f64 / interactions.max(1) as f64,
    }
}

/// What a game cost against Discord's global limit.
struct Cost {
    counted: usize,
    interactions: usize,
    per: f64,
}

impl std::fmt::Display for Cost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} interactions, {} counted requests, {:.3} per interaction",
            self.interactions, self.counted, self.per
        )
    }
}

async fn a_whole_pishe_pasha_game(place: Place) {
    let h = Harness::start().await;
    let channel = place.open(&h);
    let (counted, interactions) = (h.fake.counted_requests().len(), h.fake.interaction_count());
    let (people, bots) = place.two(&h);
    let table = open(&h, channel, "pisha-pasha", &people, bots, 7).await;
    let clicks = play_watched(
        &h,
        channel,
        table,
        &people,
        |t| t.contains("Game over"),
        2_000,
    )
    .await;
    assert!(clicks > 10, "{clicks} clicks");
    let end = table_caught_up(&h, channel, table).await;
    assert!(end.content.contains("Game over"), "{}", end.content);
    let result = h
        .result_message_in(channel, table)
        .await
        .expect("the game's result, as a follow-up");
    assert!(
        result.interaction_metadata.is_object(),
        "the result is a follow-up of an interaction: {:?}",
        result.interaction_metadata
    );

    // The results are kept, under the place: its server, or the private channel itself.
    let store = h.store().await;
    let stored = store.table(table).await.unwrap().unwrap();
    assert_eq!(stored.phase, pakka::store::Phase::Finished);
    let expected_place = match place {
        Place::ServerWithoutBot => GUILD_WITHOUT_BOT,
        _ => channel,
    };
    assert_eq!(stored.setup.guild_id, expected_place);
    let results = store.results(table).await.unwrap();
    assert_eq!(results.len(), 2);
    assert_eq!(results.iter().filter(|r| r.won).count(), 1, "{results:?}");

    if std::env::var("SHOW_PLACES").is_ok() {
        for m in h.fake.channel_messages(channel) {
            println!(
                "--- {} {:?} eph={} {:?}\n{}",
                m.id,
                m.visible_to,
                m.ephemeral,
                m.button_labels(),
                m.content
            );
        }
    }
    only_interactions(&h, place, channel);
    let cost = counted_per_interaction(&h, counted, interactions);
    println!("{place:?}: Pishe Pasha, {clicks} clicks, {cost}");
    assert!(cost.per <= 0.05, "{cost}");
    h.bot.unwrap().shutdown().await;
}

async fn a_kop_deal(place: Place) {
    let h = Harness::start().await;
    let channel = place.open(&h);
    let (counted, interactions) = (h.fake.counted_requests().len(), h.fake.interaction_count());
    let (people, bots) = match place {
        Place::BotDm => (vec![&h.alice], 3),
        _ => (vec![&h.alice, &h.bob], 2),
    };
    let table = open(&h, channel, "kop", &people, bots, 3).await;
    let clicks = play_watched(
        &h,
        channel,
        table,
        &people,
        |t| deal_of(t) >= 2 || t.contains("Game over"),
        3_000,
    )
    .await;
    assert!(clicks >= 4, "{clicks} clicks");
    // The deal's end came as a follow-up, and a fresh table message for the next deal.
    let messages = h.fake.channel_messages(channel);
    assert!(
        messages.iter().any(|m| m.content.starts_with("📋")),
        "the end of the deal is told"
    );
    let store = h.store().await;
    let (deal, totals) = store
        .match_totals(table)
        .await
        .unwrap()
        .expect("the match's victory cards are kept");
    assert!(deal >= 2 && totals.len() == 4, "{deal} {totals:?}");
    if std::env::var("SHOW_PLACES").is_ok() {
        for m in h
            .fake
            .all_messages()
            .into_iter()
            .filter(|m| m.channel_id == channel)
        {
            println!(
                "--- {} deleted={} to={:?} eph={} {:?}\n{}",
                m.id,
                m.deleted,
                m.visible_to,
                m.ephemeral,
                m.button_labels(),
                m.content
            );
        }
    }
    only_interactions(&h, place, channel);
    let cost = counted_per_interaction(&h, counted, interactions);
    println!("{place:?}: a Kop deal, {clicks} clicks, {cost}");
    assert!(cost.per <= 0.05, "{cost}");
    h.bot.unwrap().shutdown().await;
}

/// For comparison (BENCHMARKS.md): the same game in a channel of a server that added the bot,
/// where the table message and the pings go through the channel's routes. Prints the counted
/// requests per interaction: `cargo test --test tests e2e_places::counted_requests_in_a_server
/// -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: run it by name"]
async fn counted_requests_in_a_server_that_added_the_bot() {
    let h = Harness::start().await;
    let (counted, interactions) = (h.fake.counted_requests().len(), h.fake.interaction_count());
    let people = [&h.alice, &h.bob];
    let table = open(&h, CHANNEL, "pisha-pasha", &people, 0, 7).await;
    let clicks = play_watched(
        &h,
        CHANNEL,
        table,
        &people,
        |t| t.contains("Game over"),
        2_000,
    )
    .await;
    let cost = counted_per_interaction(&h, counted, interactions);
    println!("a server with the bot: Pishe Pasha, {clicks} clicks, {cost}");
    h.bot.unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pishe_pasha_in_the_dm_with_the_bot() {
    a_whole_pishe_pasha_game(Place::BotDm).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pishe_pasha_in_a_group_dm() {
    a_whole_pishe_pasha_game(Place::GroupDm).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pishe_pasha_in_a_server_without_the_bot() {
    a_whole_pishe_pasha_game(Place::ServerWithoutBot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kop_deal_in_the_dm_with_the_bot() {
    a_kop_deal(Place::BotDm).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kop_deal_in_a_group_dm() {
    a_kop_deal(Place::GroupDm).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kop_deal_in_a_server_without_the_bot() {
    a_kop_deal(Place::ServerWithoutBot).await;
}

/// A group DM's table left alone for longer than a token lives (the fake's clock moved on 16
/// minutes), when a move is made that nobody pressed a button for (as a window makes one):
/// every token the bot holds is dead, so the table message stays as it was and nothing is sent
/// to the channel's routes. The next click ("Show my hand", as the table message says) gives
/// the bot a live token again: a fresh table message shows the table as it stands, and play
/// goes on to the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_dm_left_quiet_past_the_tokens_lifetime_is_brought_up_to_date_by_a_click() {
    let h = Harness::start().await;
    let channel = Place::GroupDm.open(&h);
    let people = [&h.alice, &h.bob];
    let table = open(&h, channel, "pisha-pasha", &people, 0, 7).await;
    play_watched(&h, channel, table, &people, |_| false, 4).await;
    let before = table_caught_up(&h, channel, table).await;
    assert!(
        before
            .content
            .contains("press **Show my hand**: the table comes up to date"),
        "the table message says how to carry on: {}",
        before.content
    );

    h.fake.advance_clock(Duration::from_secs(16 * 60));
    // A move nobody clicked for, as a window makes it.
    let service = h.service.clone().unwrap();
    let view = service.view(table).await.unwrap();
    service
        .act(
            table,
            view.to_act[0],
            view.move_number,
            0,
            pakka::table::Edge::Window,
        )
        .await
        .unwrap();
    let fake = h.fake.clone();
    h.fake
        .wait_until(WAIT, move |_| fake.expired_token_calls().len() >= 2)
        .await
        .expect("the bot met the dead tokens");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let stale = h.current_table_in(channel, table).await;
    assert_eq!(stale.id, before.id);
    assert_eq!(
        move_shown(&stale.content),
        move_shown(&before.content),
        "the table message is left as it was"
    );
    assert_eq!(h.fake.refused_channel_calls(), Vec::<String>::new());

    // "Show my hand" brings it up to date, through the click's own token.
    let show = stale
        .buttons()
        .into_iter()
        .find(|(_, label, _)| label == "Show my hand")
        .unwrap_or_else(|| panic!("no Show my hand on {:?}", stale.button_labels()))
        .0;
    h.fake.click(&h.alice, stale.id, &show).await.unwrap();
    let fresh = table_caught_up(&h, channel, table).await;
    assert_ne!(
        fresh.id, before.id,
        "a fresh table message, through a live token"
    );

    let clicks = play_watched(
        &h,
        channel,
        table,
        &people,
        |t| t.contains("Game over"),
        2_000,
    )
    .await;
    assert!(clicks > 5);
    let end = table_caught_up(&h, channel, table).await;
    assert!(end.content.contains("Game over"), "{}", end.content);
    assert_eq!(h.fake.refused_channel_calls(), Vec::<String>::new());
    // The bot's own clock did not move: it could not know the tokens had died, and tried them
    // once each (the fake counts those calls apart); nothing else broke Discord's rules.
    let others: Vec<String> = h
        .fake
        .violations()
        .into_iter()
        .filter(|v| !v.contains("Invalid Webhook Token"))
        .collect();
    assert_eq!(others, Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

/// `/scores` in a group DM lists the games played there, not those of the server the same
/// people share.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn scores_in_a_group_dm_list_the_groups_games_only() {
    let h = Harness::start().await;
    let group = Place::GroupDm.open(&h);
    let extra = [json!({"name": "bots", "value": 1})];
    // In the server: Bob and Carol; in the group DM: Alice and a computer player.
    let (in_server, _) = h
        .open_table("pisha-pasha", &[&h.bob, &h.carol], 7, &[])
        .await;
    h.play(
        in_server,
        &[&h.bob, &h.carol],
        first_choice,
        |t| t.contains("Game over"),
        2_000,
    )
    .await;
    let (in_group, _, _) =
        open_table_in(&h.fake, group, "pisha-pasha", &[&h.alice], 7, &extra).await;
    play_watched(
        &h,
        group,
        in_group,
        &[&h.alice],
        |t| t.contains("Game over"),
        2_000,
    )
    .await;

    let scores = h
        .fake
        .slash(&h.alice, group, "scores", json!([]))
        .await
        .unwrap();
    let text = scores.content();
    assert!(text.contains(&h.alice.mention()), "{text}");
    assert!(!text.contains(&h.bob.mention()), "{text}");
    assert!(!text.contains(&h.carol.mention()), "{text}");
    // /stats and /history there speak of the chat, and know its game.
    let stats = h
        .fake
        .slash(&h.alice, group, "stats", json!([]))
        .await
        .unwrap();
    let text = stats.content();
    assert!(text.contains("— record in this chat"), "{text}");
    assert!(text.contains("Pishe Pasha"), "{text}");
    let history = h
        .fake
        .slash(
            &h.alice,
            group,
            "history",
            json!([{"name": "server", "value": true}]),
        )
        .await
        .unwrap();
    let text = history.content();
    assert!(
        text.starts_with("🕰️ **The last games in this chat**"),
        "{text}"
    );
    assert!(text.contains(&format!("`{in_group}`")), "{text}");
    assert!(!text.contains(&format!("`{in_server}`")), "{text}");
    let in_server = h
        .fake
        .slash(&h.bob, CHANNEL, "scores", json!([]))
        .await
        .unwrap();
    let text = in_server.content();
    assert!(text.contains(&h.bob.mention()), "{text}");
    assert!(!text.contains(&h.alice.mention()), "{text}");
    assert_eq!(h.fake.refused_channel_calls(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

/// `/settings` and `/tournament` are for servers that added the bot: registered for them alone,
/// and refused, with a word of why, if used elsewhere all the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_carry_their_installation_and_interaction_contexts() {
    // With the window served, so that the Entry Point is registered too.
    let h = Harness::start_tweaked(|c| {
        c.activity_addr = Some(([127, 0, 0, 1], 0).into());
        c.client_secret = Some(FakeDiscord::CLIENT_SECRET.into());
    })
    .await;
    let everywhere = [
        "play", "invite", "abandon", "pause", "resume", "scores", "stats", "history", "replay",
        "rules",
    ];
    for name in everywhere {
        let cmd = h
            .fake
            .command_named(name)
            .unwrap_or_else(|| panic!("/{name} is registered"));
        assert_eq!(cmd["integration_types"], json!([0, 1]), "/{name}: {cmd}");
        assert_eq!(cmd["contexts"], json!([0, 1, 2]), "/{name}: {cmd}");
    }
    for name in ["settings", "tournament"] {
        let cmd = h.fake.command_named(name).unwrap();
        assert_eq!(cmd["integration_types"], json!([0]), "/{name}: {cmd}");
        assert_eq!(cmd["contexts"], json!([0]), "/{name}: {cmd}");
    }
    // The Entry Point (type 4) too.
    let entry = h
        .fake
        .commands()
        .into_iter()
        .find(|c| c["type"] == 4)
        .expect("the Entry Point");
    assert_eq!(entry["integration_types"], json!([0, 1]), "{entry}");
    assert_eq!(entry["contexts"], json!([0, 1, 2]), "{entry}");

    // In each place a player command works, and the server's own commands are not offered.
    for place in Place::ALL {
        let channel = place.open(&h);
        let rules = h
            .fake
            .slash(
                &h.alice,
                channel,
                "rules",
                json!([{"name": "game", "value": "kop"}]),
            )
            .await
            .unwrap();
        assert!(
            rules.content().contains("Kop"),
            "{place:?}: {}",
            rules.content()
        );
        assert!(
            h.fake
                .slash(&h.alice, channel, "settings", json!([]))
                .await
                .is_err(),
            "{place:?}: /settings is not offered"
        );
        // Sent all the same (a stale client, a forged payload), the server's commands are
        // refused there with a word of why, and change nothing.
        let tournament = json!([{"name": "game", "type": 3, "value": "paskahousu"},
                                {"name": "format", "type": 4, "value": 0}]);
        for (name, options) in [("settings", json!([])), ("tournament", tournament)] {
            let forged = h
                .fake
                .raw_interaction(
                    &h.alice,
                    channel,
                    2,
                    json!({"id": "1", "name": name, "type": 1, "options": options}),
                    None,
                )
                .await
                .unwrap();
            assert!(
                forged.is_ephemeral(),
                "{place:?} /{name}: {:?}",
                forged.body
            );
            assert!(
                forged
                    .content()
                    .contains("only in a server that has added pakka itself"),
                "{place:?} /{name}: {}",
                forged.content()
            );
        }
        // The Entry Point opens the Activity there (LAUNCH_ACTIVITY).
        let launched = h.fake.launch(&h.alice, channel).await.unwrap();
        assert_eq!(launched.callback_type, 12, "{place:?}: {:?}", launched.body);
    }
    assert_eq!(h.fake.refused_channel_calls(), Vec::<String>::new());
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

/// In the DM with pakka nobody else can join: naming a person there is refused, privately and
/// with a word of why, and opens nothing; computer players are the way to play there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn naming_a_person_in_the_dm_with_pakka_is_refused_with_a_word_of_why() {
    let h = Harness::start().await;
    let dm = Place::BotDm.open(&h);
    let refused = h
        .fake
        .slash(
            &h.alice,
            dm,
            "play",
            json!([{"name": "game", "value": "pisha-pasha"},
                   {"name": "player", "value": h.bob.id.to_string()}]),
        )
        .await
        .unwrap();
    assert!(refused.is_ephemeral());
    assert!(
        refused
            .content()
            .contains("Only you and pakka are in this DM"),
        "{}",
        refused.content()
    );
    assert_eq!(h.service.clone().unwrap().table_in(dm), None);
    // Finnish, for a person whose Discord speaks it.
    h.fake.set_locale(h.alice.id, "fi");
    let refused = h
        .fake
        .slash(
            &h.alice,
            dm,
            "play",
            json!([{"name": "game", "value": "pisha-pasha"},
                   {"name": "player", "value": h.bob.id.to_string()}]),
        )
        .await
        .unwrap();
    assert!(
        refused.content().contains("olette vain sinä ja pakka"),
        "{}",
        refused.content()
    );
    only_interactions(&h, Place::BotDm, dm);
    h.bot.unwrap().shutdown().await;
}

/// A group DM's game through a restart of the bot: the tokens it held are gone with it, so the
/// restored table waits for a click (nothing is sent to the group DM's routes meanwhile); "Show
/// my hand" brings the table message up to date at the move it stopped at, and the game goes on
/// to its end. Then a paused match there: `/pause` frees the group DM and `/resume` answers
/// with the table message where it stopped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_dm_game_survives_a_restart_and_a_pause() {
    let mut h = Harness::start().await;
    let channel = Place::GroupDm.open(&h);
    let (alice, bob) = (h.alice.clone(), h.bob.clone());
    let people = [&alice, &bob];
    let table = open(&h, channel, "pisha-pasha", &people, 0, 7).await;
    play_watched(&h, channel, table, &people, |_| false, 6).await;
    let before = table_caught_up(&h, channel, table).await;

    h.restart().await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(h.fake.refused_channel_calls(), Vec::<String>::new());
    let show = button(&before, "Show my hand");
    h.fake.click(&bob, before.id, &show).await.unwrap();
    let fresh = table_caught_up(&h, channel, table).await;
    assert_eq!(move_shown(&fresh.content), move_shown(&before.content));
    play_watched(&h, channel, table, &people, |_| false, 6).await;
    let now = table_caught_up(&h, channel, table).await;

    // Bob has not added pakka to his account: its commands are not his to use there.
    assert!(h
        .fake
        .slash(&bob, channel, "pause", json!([]))
        .await
        .is_err());
    // /pause frees the group DM; /resume brings the match back where it stopped.
    let paused = h
        .fake
        .slash(&alice, channel, "pause", json!([]))
        .await
        .unwrap();
    assert!(!paused.is_ephemeral());
    assert!(paused.content().contains("/resume"), "{}", paused.content());
    assert_eq!(h.service.clone().unwrap().table_in(channel), None);
    let resumed = h
        .fake
        .slash(&alice, channel, "resume", json!([]))
        .await
        .unwrap();
    let resumed = resumed.message().unwrap().clone();
    assert!(!resumed.ephemeral);
    let back = table_caught_up(&h, channel, table).await;
    assert_eq!(move_shown(&back.content), move_shown(&now.content));
    let clicks = play_watched(
        &h,
        channel,
        table,
        &people,
        |t| t.contains("Game over"),
        2_000,
    )
    .await;
    assert!(clicks > 5);
    assert_eq!(h.fake.refused_channel_calls(), Vec::<String>::new());
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

/// A turn timer in a group DM: the late player's seat goes to a computer player, and the notice
/// saying so (with its "I'm back") comes as a follow-up of the table's freshest token, since
/// the bot cannot post there. Had it not reached them (no live token left), a move from their
/// hand is refused with the reason and "I'm back" in the hand's place; pressed there, the seat
/// and the hand are theirs again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_timer_in_a_group_dm_tells_of_the_stand_in_through_a_follow_up() {
    let mut h = Harness::start().await;
    // A turn timer's minute of 1.5 s: time enough to press a button on the other's turn.
    h.restart_with_timer_minute(Duration::from_millis(1_500))
        .await;
    let channel = Place::GroupDm.open(&h);
    let lobby = h
        .fake
        .slash(
            &h.alice,
            channel,
            "play",
            json!([{"name": "game", "value": "pisha-pasha"},
                   {"name": "player", "value": h.bob.id.to_string()},
                   {"name": "turn_timer", "value": 1}, {"name": "seed", "value": 2}]),
        )
        .await
        .unwrap();
    let lobby = lobby.message().unwrap().clone();
    h.fake
        .click(&h.bob, lobby.id, &button(&lobby, "Accept"))
        .await
        .unwrap();
    // Nobody moves: the player to act runs out of time.
    let fake = h.fake.clone();
    h.fake
        .wait_until(WAIT, move |_| {
            fake.channel_messages(channel)
                .iter()
                .any(|m| m.content.contains("ran out of time"))
        })
        .await
        .expect("the turn timer runs out, and the group DM is told");
    let notice = h
        .fake
        .channel_messages(channel)
        .into_iter()
        .find(|m| m.content.contains("ran out of time"))
        .unwrap();
    assert!(
        notice.interaction_metadata.is_object(),
        "a follow-up of an interaction, not a channel message"
    );
    let late = if notice.content.contains(&h.alice.mention()) {
        h.alice.clone()
    } else {
        h.bob.clone()
    };
    // Had the notice not reached them (no live token left), their hand says why a move is
    // refused, with "I'm back" in its place: pressed there, it gives the hand back.
    let Some(ids::ComponentId::Back(table)) = ids::parse(&button(&notice, "I'm back")) else {
        panic!("no I'm back on the notice: {:?}", notice.buttons());
    };
    let current = h.current_table_in(channel, table).await;
    let hand = h
        .fake
        .click(&late, current.id, &button(&current, "Show my hand"))
        .await
        .unwrap();
    let hand = hand.message().unwrap().clone();
    // A move of theirs, made while the other person is to act (their clock runs a while): the
    // button as the hand showed it on their turn, at the table's move now.
    let service = h.service.clone().unwrap();
    let deadline = std::time::Instant::now() + WAIT;
    let refused = loop {
        let view = service.view(table).await.unwrap();
        if view.to_act.first() != Some(&late.id) {
            let act = ids::ComponentId::Act {
                table,
                mv: view.move_number,
                index: 0,
            };
            h.fake
                .raw_interaction(
                    &late,
                    channel,
                    3,
                    json!({"custom_id": act.to_string(), "component_type": 2}),
                    Some(hand.id),
                )
                .await
                .unwrap();
            break h.fake.message(hand.id).unwrap();
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the other never came to act"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let fake = h.fake.clone();
    let id = refused.id;
    h.fake
        .wait_until(WAIT, move |_| {
            fake.message(id).is_some_and(|m| {
                m.content
                    .contains("A computer player is standing in for you")
            })
        })
        .await
        .expect("the refusal says why");
    let refused = h.fake.message(refused.id).unwrap();
    assert_eq!(refused.button_labels(), vec!["I'm back"]);
    let back = h
        .fake
        .click(&late, refused.id, &button(&refused, "I'm back"))
        .await
        .unwrap();
    assert_eq!(
        back.callback_type,
        7,
        "the hand, in place: {}",
        back.content()
    );
    assert!(back.is_ephemeral());
    let store = h.store().await;
    let stored = store.table(table).await.unwrap().unwrap();
    let seat = stored
        .setup
        .seat_rows
        .iter()
        .position(|r| r.user_id == Some(late.id))
        .unwrap();
    assert!(
        !stored.setup.seat_rows[seat].stand_in,
        "the seat is theirs again"
    );
    assert_eq!(h.fake.refused_channel_calls(), Vec::<String>::new());
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}
