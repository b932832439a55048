//! Snapshots of rendered messages (insta) and Discord's limits on every one of them: the lobby;
//! the table message while playing and at the end, with "Open the table" when the Activity is
//! served; hands (25 actions to a message and more paged, grouped actions in two steps, confirm
//! questions, Teka's raises in their own row, none for a paused match); long content and labels
//! clipped, and a long message cut at a whole line; the leaderboard's pages, stats, history and
//! rules; the abandon confirm; computer players; the story, the turn ping and the end of a deal;
//! the ❔ words; an event's message; and the same messages in Finnish, with the notices while pakka
//! stops or its database is away.

use super::*;
use crate::words::DEFAULT;
use pakka_catalog::DEFAULT_LANG;

const EN: Lang = DEFAULT_LANG;
// A game made from the registry gives the views real hands; the edge itself never names it.
use crate::words::Plain;
use pakka_rules::registry;
use pakka_rules::{Observer, Setup};
use pakka_table::{
    HandAction, HandView, Phase, PlaceView, Record, Roster, Row, SeatView, Status, Tone,
};

/// Text that stands for what a game would say (a label, a line of a view).
fn words(text: &str) -> Msg {
    msg!("discord-who", who = verbatim(text))
}

fn table_view(phase: Phase, status: Option<Status>, public: Option<Vec<Msg>>) -> TableView {
    TableView {
        id: 42,
        guild_id: 1,
        channel_id: 2,
        game_id: "pisha-pasha",
        phase,
        seats: vec![
            SeatView::taken(0, Some(100), None),
            SeatView {
                accepted: false,
                ..SeatView::taken(1, Some(200), None)
            },
            SeatView {
                accepted: false,
                ..SeatView::taken(2, None, None)
            },
        ],
        creator: 100,
        seed: 7,
        options: pakka_table::games::OptionValues::defaults(
            pakka_table::games::find("pisha-pasha").unwrap().options(),
        ),
        move_number: 12,
        status,
        public,
        picture: None,
        story: Vec::new(),
        scores: None,
        deals: Vec::new(),
        places: Vec::new(),
        to_act: vec![200],
        paused: false,
        turn_timer: None,
        open_choice: None,
        learning: Default::default(),
        rated: true,
    }
}

/// A real Pishe Pasha position a few moves in, seen by the public.
fn playing() -> TableView {
    let info = registry::find("pisha-pasha").unwrap();
    let mut game = info
        .create(serde_json::Value::Null, 2, Setup::seeded(7))
        .unwrap();
    for _ in 0..9 {
        let seat = game.to_act()[0];
        let action = game.legal_json(seat)[0].clone();
        game.act_json(seat, &action).unwrap();
    }
    let mut view = table_view(
        Phase::Playing,
        Some(game.status()),
        Some(game.describe(Observer::Public)),
    );
    view.seats.truncate(2);
    view.seats[1].accepted = true;
    view.to_act = game.to_act().iter().map(|&s| [100, 200][s]).collect();
    view
}

fn assert_within_limits(reply: &Reply) {
    assert!(reply.content.chars().count() <= MAX_CONTENT);
    assert!(reply.rows.len() <= 5);
    assert!(reply.button_count() <= MAX_BUTTONS);
    let mut ids = std::collections::HashSet::new();
    for row in &reply.rows {
        assert!(!row.is_empty() && row.len() <= 5);
        for b in row {
            assert!(b.label.chars().count() <= MAX_LABEL);
            if let Some(url) = &b.url {
                assert!(b.id.is_empty() && b.style == Style::Link);
                assert!(url.starts_with("https://") && url.chars().count() <= MAX_URL);
                continue;
            }
            assert!(b.id.len() <= crate::ids::MAX_CUSTOM_ID);
            assert!(ids.insert(b.id.clone()), "duplicate custom_id {}", b.id);
            assert!(b.id.parse::<ComponentId>().is_ok());
        }
    }
}

#[test]
fn lobby_message() {
    let reply = lobby(&table_view(Phase::Lobby, None, None), EN);
    assert_within_limits(&reply);
    assert_eq!(reply.ping, vec![200], "the invited friend is notified");
    insta::assert_json_snapshot!(reply);
}

#[test]
fn the_table_message_offers_the_window_when_it_is_served() {
    let ids = |reply: &Reply| -> Vec<String> {
        reply.rows.iter().flatten().map(|b| b.id.clone()).collect()
    };
    let without = table(&playing(), EN, false);
    let with = table(&playing(), EN, true);
    assert_within_limits(&with);
    let is_window = |id: &str| matches!(id.parse(), Ok(ComponentId::Window(_)));
    assert!(!ids(&without).iter().any(|id| is_window(id)));
    let window = with
        .rows
        .iter()
        .flatten()
        .find(|b| is_window(&b.id))
        .expect("Open the table");
    assert_eq!(window.label, "Open the table");
    assert_eq!(ids(&with)[0], ids(&without)[0], "Show my hand stays first");
}

#[test]
fn table_message_while_playing() {
    let reply = table(&playing(), EN, false);
    assert_within_limits(&reply);
    assert!(
        reply.ping.is_empty(),
        "edits of the table message notify nobody"
    );
    insta::assert_json_snapshot!(reply);
}

#[test]
fn table_message_at_the_end() {
    let status = Status {
        to_act: vec![],
        over: true,
        deal: 1,
        scores: Some(vec![0, 17, 0]),
        ranking: Some(vec![vec![1], vec![0, 2]]),
    };
    let mut view = table_view(
        Phase::Finished,
        Some(status),
        Some(vec![words("Turn: <@200>")]),
    );
    view.seats[2].user = Some(300);
    let score = |points: i64| msg!("score-points", points = points);
    view.places = vec![
        PlaceView {
            place: 1,
            seats: vec![1],
            score: Some(score(17)),
        },
        PlaceView {
            place: 2,
            seats: vec![0, 2],
            score: Some(score(0)),
        },
    ];
    let record = |user, wins, games| Record { user, wins, games };
    assert!(
        table(&view, EN, false).rows.is_empty(),
        "the table message of a finished game keeps no button"
    );
    let reply = game_over(
        &view,
        &[words("<@200> goes out and scores 17 points.")],
        &[],
        &[
            record(100, 1, 3),
            record(200, 2, 3),
            record(300, 0, 3),
            record(999, 5, 5),
        ],
        true,
        EN,
    );
    assert_within_limits(&reply);
    assert_eq!(
        reply.button_count(),
        1,
        "only Play again on the result of a finished game"
    );
    assert!(reply.content.contains("<@300> won 0 of 3"));
    assert!(
        !reply.content.contains("<@999>"),
        "only this table's players"
    );
    insta::assert_json_snapshot!(reply);
}

/// A table's roster with no seat: the hands here name none.
fn roster() -> Roster {
    Roster {
        table: 42,
        guild_id: 1,
        channel_id: 2,
        game_id: "pisha-pasha",
        seats: Vec::new(),
    }
}

fn hand_view(actions: usize) -> HandView {
    HandView {
        table: 42,
        roster: roster(),
        seat: 1,
        move_number: 12,
        lines: vec![words("Turn: Bob")],
        picture: None,
        story: Vec::new(),
        actions: (0..actions)
            .map(|index| HandAction {
                index,
                label: words(&format!("Action {index}")),
                group: None,
                confirm: None,
                tone: Tone::Main,
                row: Row::Cards,
                cards: Vec::new(),
            })
            .collect(),
        over: false,
        hints: false,
    }
}

#[test]
fn hand_message() {
    let reply = hand(&hand_view(3), HandStep::Page(0), &DEFAULT);
    assert!(reply.ephemeral);
    assert_within_limits(&reply);
    insta::assert_json_snapshot!(reply);
    let waiting = hand(&hand_view(0), HandStep::Page(0), &DEFAULT);
    assert!(
        waiting.rows.is_empty(),
        "no buttons when it is not your turn"
    );
    assert!(waiting.content.contains("Not your turn"));
}

#[test]
fn exactly_25_actions_fit_one_message_and_more_are_paged() {
    let full = hand(&hand_view(25), HandStep::Page(0), &DEFAULT);
    assert_eq!(full.button_count(), 25);
    assert_within_limits(&full);
    let many = hand_view(61);
    let mut seen = Vec::new();
    for page in 0..4 {
        let reply = hand(&many, HandStep::Page(page), &DEFAULT);
        assert_within_limits(&reply);
        for b in reply.rows.iter().flatten() {
            if let Ok(ComponentId::Act { index, .. }) = b.id.parse() {
                seen.push(index);
            }
        }
    }
    assert_eq!(
        seen,
        (0..61).collect::<Vec<_>>(),
        "every action is on exactly one page"
    );
    insta::assert_json_snapshot!(hand(&many, HandStep::Page(1), &DEFAULT));
}

#[test]
fn long_content_and_labels_are_clipped() {
    let mut view = hand_view(1);
    view.lines = vec![words(&"x".repeat(5000))];
    view.actions[0].label = words(&"y".repeat(200));
    let reply = hand(&view, HandStep::Page(0), &DEFAULT);
    assert_within_limits(&reply);
}

#[test]
fn a_long_message_is_cut_at_a_whole_line() {
    let lines: Vec<String> = (1..=200)
        .map(|n| format!("Deal {n}: Computer 3 (normal) 20 points"))
        .collect();
    let cut = clip(&lines.join("\n"), MAX_CONTENT);
    assert!(cut.chars().count() <= MAX_CONTENT);
    assert!(cut.ends_with("points\n…"), "{cut}");
    // One line with no break is still cut to the limit.
    assert_eq!(clip(&"x".repeat(50), 10).chars().count(), 10);
}

#[test]
fn leaderboard_pages_stats_history_and_rules() {
    use pakka_table::ratings::{Player, Rating};
    use pakka_table::records::{
        Finish, GameStats, PastGame, PastSeat, Period, PlayerStats, ScoreLine, ScoresPage,
    };
    let line = |place, player, mu, provisional, points| ScoreLine {
        place,
        player,
        rating: Rating { mu, sigma: 2.0 },
        provisional,
        games: 7,
        wins: 3,
        points,
    };
    let page = ScoresPage {
        game: Some("pisha-pasha"),
        period: Period::Month,
        season: None,
        page: 1,
        pages: 4,
        lines: vec![
            line(11, Player::Person(200), 31.25, false, Some(41)),
            line(12, Player::Computer("hard".into()), 27.0, false, None),
            line(13, Player::Person(100), 22.0, true, Some(-12)),
        ],
    };
    let board = scores(&page, EN);
    assert_within_limits(&board);
    insta::assert_json_snapshot!(board);
    // On the second of four pages: ◀ ▶ ⏭, and no ⏮ (it would be ◀'s page).
    let labels: Vec<&str> = board.rows[0].iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["◀", "▶", "⏭"]);
    let single = ScoresPage {
        game: None,
        period: Period::All,
        season: None,
        page: 0,
        pages: 1,
        lines: Vec::new(),
    };
    let empty = scores(&single, EN);
    assert!(
        empty.content.contains("Nobody has finished"),
        "{}",
        empty.content
    );
    assert!(empty.rows.is_empty());
    let finnish = scores(&page, "fi");
    assert!(finnish.content.contains("25,3"), "{}", finnish.content);

    let finish = |place, score| Finish {
        table: 42,
        place,
        seats: 4,
        score,
        finished_at: "2026-11-20T10:00:00.000Z".to_string(),
    };
    let trend = [20.0, 21.0, 20.5, 23.0]
        .map(|mu| Rating { mu, sigma: 2.0 })
        .to_vec();
    let stats_view = PlayerStats {
        user: 200,
        games: vec![GameStats {
            game: Some("teka"),
            games: 9,
            wins: 5,
            places: vec![(1, 5), (3, 4)],
            average: Some(17.25),
            rating: Some((
                Rating {
                    mu: 23.0,
                    sigma: 2.0,
                },
                false,
            )),
            trend,
            best: Some(finish(1, Some(52))),
            worst: Some(finish(3, None)),
        }],
        favourite: Some("teka"),
    };
    let reply = stats(&stats_view, None, false, EN);
    assert_within_limits(&reply);
    insta::assert_json_snapshot!(reply);
    // In a DM or a group DM, the record is the chat's.
    let chat = stats(&stats_view, None, true, EN);
    assert!(
        chat.content
            .starts_with("📊 **<@200>** — record in this chat"),
        "{}",
        chat.content
    );
    // Every game at once: the whole record, then a line per game, within one message.
    let mut all = stats_view.clone();
    let mut every = stats_view.games[0].clone();
    every.game = None;
    all.games = std::iter::once(every)
        .chain(pakka_table::games::all().map(|info| GameStats {
            game: Some(info.id()),
            ..stats_view.games[0].clone()
        }))
        .collect();
    let reply = stats(&all, None, false, EN);
    assert_within_limits(&reply);
    assert!(!reply.content.ends_with('…'), "{}", reply.content);
    assert!(
        reply.content.contains("Per game (`/stats game:…`"),
        "{}",
        reply.content
    );
    assert!(
        reply
            .content
            .contains("**Whist 22** — 9 games, 5 wins (56 %) · rating **17.0** (+3.0)"),
        "{}",
        reply.content
    );

    let past = PastGame {
        table: 42,
        game: "red7".to_string(),
        channel_id: 20,
        finished_at: "2026-11-20T10:00:00.000Z".to_string(),
        forfeit: false,
        seats: vec![
            PastSeat {
                seat: 0,
                player: Some(Player::Person(100)),
                place: Some(2),
                score: Some(12),
            },
            PastSeat {
                seat: 1,
                player: Some(Player::Computer("hard".into())),
                place: Some(1),
                score: Some(30),
            },
        ],
    };
    let reply = history(std::slice::from_ref(&past), HistoryOf::Channel, EN);
    assert_within_limits(&reply);
    insta::assert_json_snapshot!(reply);
    // A forfeit names who gave up (the one seat with a place), not a ranking.
    let forfeit = PastGame {
        table: 43,
        forfeit: true,
        seats: vec![
            PastSeat {
                place: None,
                ..past.seats[1].clone()
            },
            PastSeat {
                place: Some(2),
                score: None,
                ..past.seats[0].clone()
            },
        ],
        ..past
    };
    let reply = history(&[forfeit], HistoryOf::Channel, EN);
    assert!(
        reply
            .content
            .ends_with("— <@100> gave up\nStep through one with `/replay` and its number."),
        "{}",
        reply.content
    );

    let info = pakka_table::games::find("pisha-pasha");
    let r = rules(info.unwrap(), EN);
    assert_within_limits(&r);
    assert_eq!(
        r.rows[0][0].url.as_deref(),
        Some("https://github.com/pakka-cards/pakka/blob/main/docs/rules/pisha-pasha.md"),
        "the full rules are the game's page, named by its id"
    );
    insta::assert_json_snapshot!(r);
}

#[test]
fn abandon_asks_to_confirm() {
    let reply = abandon_confirm(&playing(), true, false, EN);
    assert!(reply.ephemeral);
    let labels: Vec<&str> = reply.rows[0].iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, vec!["Give up (a loss for me)", "Keep playing"]);
    let moderator = abandon_confirm(&playing(), true, true, EN);
    assert_eq!(moderator.button_count(), 3, "forfeit, close, keep playing");
    assert_within_limits(&reply);
    insta::assert_json_snapshot!(reply);
}

#[test]
fn grouped_actions_take_two_steps_and_confirms_ask_first() {
    // Shedding-style: 13 ranks × up to 4 counts would be 52 buttons; grouped by rank instead.
    let mut view = hand_view(0);
    let mut index = 0;
    for rank in 2..=14 {
        for count in 1..=4 {
            view.actions.push(HandAction {
                index,
                label: words(&format!("{count}× {rank}")),
                group: Some(words(&format!("Play {rank}s"))),
                confirm: None,
                tone: Tone::Main,
                row: Row::Cards,
                cards: Vec::new(),
            });
            index += 1;
        }
    }
    view.actions.push(HandAction {
        index,
        label: words("Take the pile"),
        group: None,
        confirm: Some(words("Take all 30 cards?")),
        tone: Tone::Other,
        row: Row::Cards,
        cards: Vec::new(),
    });
    let top = hand(&view, HandStep::Page(0), &DEFAULT);
    assert_within_limits(&top);
    assert_eq!(top.button_count(), 14, "13 groups and one action");
    let ids: Vec<ComponentId> = top
        .rows
        .iter()
        .flatten()
        .map(|b| b.id.parse().unwrap())
        .collect();
    assert!(matches!(
        ids[0],
        ComponentId::Step {
            step: HandStep::Group(0),
            ..
        }
    ));
    assert!(matches!(
        ids[13],
        ComponentId::Step {
            step: HandStep::Ask(52),
            ..
        }
    ));
    let second = hand(&view, HandStep::Group(3), &DEFAULT);
    assert_within_limits(&second);
    let labels: Vec<&str> = second
        .rows
        .iter()
        .flatten()
        .map(|b| b.label.as_str())
        .collect();
    assert_eq!(labels, vec!["1× 5", "2× 5", "3× 5", "4× 5", "◀ Back"]);
    let ask = hand(&view, HandStep::Ask(52), &DEFAULT);
    assert!(ask.content.contains("Take all 30 cards?"));
    let ids: Vec<ComponentId> = ask
        .rows
        .iter()
        .flatten()
        .map(|b| b.id.parse().unwrap())
        .collect();
    assert!(matches!(ids[0], ComponentId::Act { index: 52, .. }));
    insta::assert_json_snapshot!(second);
}

#[test]
fn a_paused_match_offers_no_hand() {
    let mut view = playing();
    view.paused = true;
    let reply = table(&view, EN, false);
    assert!(reply.rows.is_empty());
    assert!(reply.content.contains("/resume"));
}

#[test]
fn computer_players_in_the_lobby_and_at_the_table() {
    let mut view = table_view(Phase::Lobby, None, None);
    view.seats[2].computer = Some(pakka_table::Level::Hard);
    view.seats[2].accepted = true;
    let reply = lobby(&view, EN);
    assert!(
        reply.content.contains("Seat 3: 🤖 Computer 3 (hard)"),
        "one name everywhere: {}",
        reply.content
    );
    assert!(
        reply
            .content
            .contains("<@100> opened a table of **Pishe Pasha** for 3 players."),
        "{}",
        reply.content
    );
    assert!(!reply.content.contains("open —"), "no open seat is left");
    assert!(!reply
        .rows
        .iter()
        .flatten()
        .any(|b| b.label == "Add computer player"));
    let open = lobby(&table_view(Phase::Lobby, None, None), EN);
    assert!(open
        .rows
        .iter()
        .flatten()
        .any(|b| b.label == "Add computer player"));
    let mut playing = playing();
    playing.seats[1].stand_in = true;
    playing.to_act.clear();
    let reply = table(&playing, EN, false);
    assert!(reply.content.contains("stands in for <@200>"));
    assert!(reply.content.contains("A computer player is moving"));
    let away = away(&playing, &[200], EN);
    assert_eq!(away.ping, vec![200]);
    assert_eq!(away.rows[0][0].label, "I'm back");
    assert_within_limits(&away);
}

#[test]
fn the_story_the_ping_and_the_end_of_a_deal() {
    let mut view = playing();
    view.story = vec![
        words("<@100> plays 7♥ to a foundation."),
        words("<@200> takes the pile (12 cards)."),
    ];
    let reply = table(&view, EN, false);
    assert_within_limits(&reply);
    assert!(
        reply
            .content
            .contains("› <@200> takes the pile (12 cards)."),
        "{}",
        reply.content
    );
    insta::assert_json_snapshot!("table_message_with_its_story", reply);

    let ping = your_turn(&view, &[200], EN);
    assert_within_limits(&ping);
    assert_eq!(ping.ping, vec![200], "the ping notifies the player to act");
    assert_eq!(
        ping.rows[0][0].id,
        ComponentId::Hand(42).to_string(),
        "the ping carries Show my hand"
    );
    insta::assert_json_snapshot!("turn_ping", ping);

    let score = |points: i64| msg!("score-points", points = points);
    view.scores = Some(vec![score(12), score(-3)]);
    // The table's deals end with the one just over; the result lists those before it.
    let ended = |deal: u32| pakka_table::DealScores {
        deal,
        scores: vec![score(12), score(-3)],
    };
    view.deals = vec![ended(1), ended(2)];
    let deal = deal_over(&view, 2, &[words("<@100> goes out.")], EN);
    view.deals.clear();
    assert_within_limits(&deal);
    assert!(deal.rows.is_empty(), "a deal's result has no button");
    assert!(
        deal.content.contains("<@100> 12 points, <@200> −3 points"),
        "{}",
        deal.content
    );
    assert!(
        deal.content
            .contains("Earlier deals:\nDeal 1: <@100> 12 points"),
        "the earlier deals, one line each: {}",
        deal.content
    );
    insta::assert_json_snapshot!("deal_over", deal);

    // Kop's "No announcement" while the four declare: on the ping, beside Show my hand.
    view.open_choice = Some(words("No announcement"));
    let ping = your_turn(&view, &[200], EN);
    assert_within_limits(&ping);
    assert_eq!(
        ping.rows[0][1].id,
        ComponentId::Open { table: 42, deal: 1 }.to_string(),
        "the ping offers the choice everyone may take alike"
    );
    view.open_choice = None;

    let line = thread_line(100, &view.game_name(), &[200], EN);
    assert!(line.ping.is_empty(), "the channel's line notifies nobody");
    insta::assert_json_snapshot!("thread_opened", line);
}

#[test]
fn a_line_the_table_already_shows_is_not_told_again_in_its_story() {
    // A deal's scoring stays on the table while the next deal is played, and is also the
    // story's latest event: the message says it once, where it stays.
    let scored = words("Deal 1 is scored: <@100> loses 2 points.");
    let mut view = playing();
    view.public = Some(vec![words("Deal 2 · 4 cards each"), scored.clone()]);
    view.story = vec![
        words("<@200> took the trick."),
        scored.clone(),
        words("Deal 2: 4 cards each."),
    ];
    let reply = table(&view, EN, false);
    assert_eq!(
        reply.content.matches("Deal 1 is scored").count(),
        1,
        "{}",
        reply.content
    );
    assert!(
        reply
            .content
            .contains("› <@200> took the trick.\n› Deal 2: 4 cards each."),
        "{}",
        reply.content
    );
    let mut mine = hand_view(1);
    mine.lines.push(scored.clone());
    mine.story = vec![scored, words("<@100> plays K♠.")];
    let reply = hand(&mine, HandStep::Page(0), &DEFAULT);
    assert_eq!(
        reply.content.matches("Deal 1 is scored").count(),
        1,
        "{}",
        reply.content
    );
    assert!(
        reply.content.contains("› <@100> plays K♠."),
        "{}",
        reply.content
    );
}

#[test]
fn a_hand_tells_its_story_and_colours_its_moves() {
    let mut view = hand_view(3);
    view.story = vec![
        words("<@100> plays K♠."),
        msg!(
            "table-new-in-hand",
            cards = vec![pakka_cards::Card::FOOL],
            n = 1
        ),
    ];
    view.actions[1].tone = Tone::Other;
    view.actions[2].tone = Tone::Danger;
    view.actions[2].confirm = Some(words("Really?"));
    let reply = hand(&view, HandStep::Page(0), &DEFAULT);
    assert_within_limits(&reply);
    let styles: Vec<Style> = reply.rows.iter().flatten().map(|b| b.style).collect();
    assert_eq!(
        styles,
        vec![Style::Primary, Style::Secondary, Style::Danger]
    );
    assert!(
        reply.content.contains("New in your hand"),
        "{}",
        reply.content
    );
    insta::assert_json_snapshot!("hand_with_story_and_tones", reply);
    let ask = hand(&view, HandStep::Ask(2), &DEFAULT);
    assert_eq!(
        ask.rows[0][0].style,
        Style::Danger,
        "confirming a move that costs the player stays red"
    );
    assert_eq!(hand_moved(EN).rows.len(), 0);
}

/// The same messages in Finnish: a lobby, a table, a real hand with its buttons, settings.
#[test]
fn finnish_messages() {
    const FI: Lang = "fi";
    let lobby_fi = lobby(&table_view(Phase::Lobby, None, None), FI);
    assert_within_limits(&lobby_fi);
    insta::assert_json_snapshot!("finnish_lobby", lobby_fi);
    let table_fi = table(&playing(), FI, false);
    assert_within_limits(&table_fi);
    insta::assert_json_snapshot!("finnish_table", table_fi);
    let info = registry::find("matapesa").unwrap();
    let game = info
        .create(serde_json::Value::Null, 3, Setup::seeded(2))
        .unwrap();
    let seat = game.to_act()[0];
    let view = HandView {
        table: 42,
        roster: roster(),
        seat,
        move_number: 0,
        lines: game.describe(Observer::Seat(seat)),
        picture: None,
        story: Vec::new(),
        actions: HandAction::offered(game.as_ref(), seat),
        over: false,
        hints: false,
    };
    let hand_fi = hand(&view, HandStep::Page(0), &Plain(FI));
    assert_within_limits(&hand_fi);
    insta::assert_json_snapshot!("finnish_hand", hand_fi);
    let english = hand(&view, HandStep::Page(0), &DEFAULT);
    assert_ne!(hand_fi.content, english.content);
    let settings_fi = settings(
        Settings {
            threads: false,
            images: true,
            language: FI,
            seasons: None,
        },
        &[],
        FI,
    );
    insta::assert_json_snapshot!("finnish_settings", settings_fi);
}

/// What a person reads while pakka stops or its database is away, in English and Finnish:
/// private notices that say nothing changed and to try again.
#[test]
fn stopping_and_outage_notices() {
    let restarting = msg!("discord-restarting");
    let unsaved = pakka_table::TableError::Unsaved.msg();
    let unavailable = pakka_table::TableError::Unavailable.msg();
    for lang in [EN, "fi"] {
        for (name, text) in [
            ("restarting", &restarting),
            ("unsaved", &unsaved),
            ("unavailable", &unavailable),
        ] {
            let reply = notice(text, &Plain(lang));
            assert!(reply.ephemeral, "{name} is private");
            assert!(reply.rows.is_empty());
            assert_within_limits(&reply);
            insta::assert_json_snapshot!(format!("{name}_{lang}"), reply);
        }
    }
}

/// A hand built from a real game's view and choices, as the table service builds it.
fn real_hand(game: &dyn pakka_rules::AnyGame, seat: usize) -> HandView {
    HandView {
        table: 42,
        roster: roster(),
        seat,
        move_number: 7,
        lines: game.describe(Observer::Seat(seat)),
        picture: None,
        story: Vec::new(),
        actions: HandAction::offered(game, seat),
        over: false,
        hints: false,
    }
}

/// Teka's declarer at a turn to play: the cards first, the raises in their own row after
/// them; a raise asks "Raise to N?" with Confirm (the move) and Cancel (the hand again,
/// nothing applied). In English and Finnish.
#[test]
fn calls_sit_in_their_own_row_and_a_raise_asks_first() {
    use rand::SeedableRng;
    let info = registry::find("teka").unwrap();
    let mut game = info
        .create(serde_json::Value::Null, 4, Setup::seeded(5))
        .unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
    let raising = |g: &dyn pakka_rules::AnyGame, seat| {
        g.legal_json(seat)
            .iter()
            .any(|action| action.get("raise").is_some())
    };
    let mut seat = None;
    for _ in 0..400 {
        let s = game.to_act()[0];
        if raising(game.as_ref(), s) {
            seat = Some(s);
            break;
        }
        let i = game.heuristic_index(s, &mut rng);
        game.act_index(s, i).unwrap();
    }
    let seat = seat.expect("a declarer's turn with raises within 400 moves");
    let view = real_hand(game.as_ref(), seat);
    let reply = hand(&view, HandStep::Page(0), &DEFAULT);
    assert_within_limits(&reply);
    let rows: Vec<Vec<String>> = reply
        .rows
        .iter()
        .map(|r| r.iter().map(|b| b.label.clone()).collect())
        .collect();
    let last = rows.last().unwrap();
    assert!(
        last.iter().all(|l| l.starts_with("Raise to ")),
        "the raises alone in the last row: {rows:?}"
    );
    assert!(
        rows[..rows.len() - 1]
            .iter()
            .flatten()
            .all(|l| !l.starts_with("Raise")),
        "no raise among the cards: {rows:?}"
    );
    let raise = view.actions.iter().find(|a| a.row == Row::Calls).unwrap();
    for (lang, question, buttons) in [
        (EN, "❓ Raise to ", ["✔ Confirm", "✖ Cancel"]),
        ("fi", "❓ Korotetaanko tasolle ", ["✔ Vahvista", "✖ Peru"]),
    ] {
        let ask = hand(&view, HandStep::Ask(raise.index), &Plain(lang));
        assert!(ask.content.contains(question), "{}", ask.content);
        let labels: Vec<String> = ask.rows.concat().iter().map(|b| b.label.clone()).collect();
        assert_eq!(labels, buttons);
        let ids: Vec<String> = ask.rows.concat().iter().map(|b| b.id.clone()).collect();
        assert_eq!(
            ids,
            vec![
                ComponentId::Act {
                    table: 42,
                    mv: 7,
                    index: raise.index
                }
                .to_string(),
                ComponentId::Step {
                    table: 42,
                    mv: 7,
                    step: HandStep::Page(0)
                }
                .to_string(),
            ],
            "Confirm applies the raise, Cancel only shows the hand again"
        );
    }
}

/// The table's "❔" answers privately with the game's own words, in the presser's language.
#[test]
fn the_words_button_explains_the_games_words() {
    let en = words_privately("paston", EN).unwrap();
    assert!(en.ephemeral);
    assert!(
        en.content.contains("• Prikup: the two cards"),
        "{}",
        en.content
    );
    assert!(en.content.contains("• (×3): "), "{}", en.content);
    let fi = words_privately("paston", "fi").unwrap();
    assert!(fi.content.contains("• Prikup: kaksi"), "{}", fi.content);
    insta::assert_json_snapshot!("words_paston", en);
    assert!(words_privately("chess", EN).is_none());
}

/// An event's view as the table service would hand it: eight players, a Swiss of Paskahousu
/// at tables of two, after round 1 (one table a walkover for a no-show's opponent) and in
/// the check-in of round 2.
fn event_in_round_two() -> pakka_table::tournaments::EventView {
    use pakka_table::tournaments::{
        game_points, EventView, Format, Halves, Left, Occupant, Phase, Player, Quarters, RoundPlan,
        RoundTableView, RoundView, Standing, TablePlan, TableResult, Tiebreak, Why,
    };
    use pakka_table::Level;
    let players: Vec<u64> = (1..=8).map(|i| 100 + i).collect();
    let pair = |a: u64, b: u64, places: [u32; 2]| TablePlan {
        seats: vec![Occupant::Player(a), Occupant::Player(b)],
        why: Why::FirstRound {
            slices: 2,
            places: places.to_vec(),
        },
    };
    let won = |first: usize| TableResult {
        ranking: vec![vec![first], vec![1 - first]],
        ..TableResult::default()
    };
    let plan = RoundPlan {
        round: 1,
        tables: vec![
            pair(101, 105, [1, 5]),
            pair(102, 106, [2, 6]),
            pair(103, 107, [3, 7]),
            pair(104, 108, [4, 8]),
        ],
        byes: vec![],
        deal_seed: None,
        walkovers: vec![],
    };
    let walkover = TableResult {
        absent: vec![108],
        walkover: true,
        ..TableResult::default()
    };
    let results = [won(0), won(1), won(0), walkover];
    let tables = results
        .iter()
        .zip(&plan.tables)
        .enumerate()
        .map(|(i, (r, p))| RoundTableView {
            table_id: (i < 3).then_some(i as i64 + 1),
            result: Some(r.clone()),
            points: game_points(r, &p.seats),
        })
        .collect();
    let standing = |id: u64, rank: usize, points: u32, buchholz: u32| Standing {
        id,
        rank,
        points: Halves(points),
        tiebreaks: vec![
            Tiebreak::Buchholz(Halves(buchholz)),
            Tiebreak::SonnebornBerger(Quarters(0)),
        ],
        played: 1,
        byes: 0,
        walkovers: 0,
        out: false,
        absences: 0,
    };
    EventView {
        id: 7,
        guild_id: 1,
        channel_id: 2,
        message_id: Some(3),
        organiser: 101,
        game: "paskahousu",
        format: Format::Swiss,
        seats: 2,
        rounds: 3,
        max_players: 16,
        round_minutes: 30,
        checkin_minutes: 5,
        level: Level::Easy,
        phase: Phase::Checkin,
        paused: false,
        round: 2,
        deadline: Some(1_800_000_000),
        players: players
            .iter()
            .enumerate()
            .map(|(i, &id)| Player {
                user_id: id,
                joined: i as u32 + 1,
                rating: 0.0,
                checked_in: if id == 108 { 0 } else { 2 },
                missed: u32::from(id == 108),
                withdrawn: Left::No,
            })
            .collect(),
        standings: vec![
            standing(101, 1, 2, 0),
            standing(103, 1, 2, 0),
            standing(104, 1, 2, 0),
            standing(106, 1, 2, 0),
            standing(102, 5, 0, 2),
            standing(105, 5, 0, 2),
            standing(107, 5, 0, 2),
            standing(108, 5, 0, 2),
        ],
        played: vec![RoundView {
            round: 1,
            plan,
            absent: vec![108],
            tables,
        }],
    }
}

#[test]
fn an_event_message_shows_its_standings_round_and_buttons() {
    let view = event_in_round_two();
    let reply = event(&view, EN);
    assert_within_limits(&reply);
    insta::assert_json_snapshot!(reply);
    let finnish = event(&view, "fi");
    assert_within_limits(&finnish);
    insta::assert_json_snapshot!("finnish_event", finnish);
    let mut over = view;
    over.phase = pakka_table::tournaments::Phase::Finished;
    let done = event(&over, EN);
    assert!(done.rows.is_empty(), "an event over keeps no button");
    insta::assert_json_snapshot!("event_champions", champions(&over, EN));
}

#[test]
fn standings_under_way_say_so_and_a_knockout_names_its_champion() {
    use pakka_table::tournaments::{Format, Phase, RoundTableView, Tiebreak};
    // Round 2 paired, one game over and one still going: its result already counts.
    let mut view = event_in_round_two();
    view.phase = Phase::Playing;
    let mut second = view.played[0].clone();
    second.round = 2;
    second.plan.round = 2;
    second.tables = vec![
        second.tables[0].clone(),
        RoundTableView {
            table_id: Some(9),
            result: None,
            points: vec![None, None],
        },
    ];
    view.played.push(second);
    let text = event(&view, EN).content;
    assert!(
        text.contains("**Standings during round 2** (its byes, walkovers"),
        "{text}"
    );
    assert!(!text.contains("Standings after"), "{text}");
    // Nothing of round 2 counted yet: the standings are those after round 1.
    view.played[1].tables[0].result = None;
    let text = event(&view, EN).content;
    assert!(text.contains("**Standings after 1 round**"), "{text}");

    // A three-round knockout over: its winner reached past the final.
    let mut view = event_in_round_two();
    view.format = Format::Knockout;
    view.phase = Phase::Finished;
    for (i, s) in view.standings.iter_mut().enumerate() {
        s.out = i > 0;
        s.tiebreaks = vec![
            Tiebreak::RoundReached(if i == 0 { 4 } else { 3 }),
            Tiebreak::Seed(i as u32 + 1),
        ];
    }
    let text = event(&view, EN).content;
    assert!(
        text.contains("1. <@101> — champion (won the final, seed 1)"),
        "{text}"
    );
    assert!(text.contains("— out (reached round 3, seed 2)"), "{text}");
    assert!(
        !text.contains("round 4") && !text.contains("still in"),
        "{text}"
    );
    // While it runs, those not out are still in, and say the round they reached.
    view.phase = Phase::Playing;
    view.standings[0].tiebreaks[0] = Tiebreak::RoundReached(3);
    let text = event(&view, EN).content;
    assert!(
        text.contains("— still in (reached round 3, seed 1)"),
        "{text}"
    );
}
