//! Red7 through `pakka engine` as a subprocess: the action shapes `{"palette":card}`,
//! `{"canvas":card}` and `"end"`, the options, the status (`scores` null in the basic game,
//! points and the round in the advanced one), a scripted game from an explicit deck, and whole
//! seeded games played to the end through the console.

use serde_json::{json, Value};

use crate::support::console::{code, ok, Console};

/// The 49 cards in new-deck order (R1…R7, O1…O7, …, V1…V7).
fn new_deck() -> Vec<String> {
    "ROYGBIV"
        .chars()
        .flat_map(|c| (1..=7).map(move |n| format!("{c}{n}")))
        .collect()
}

/// A deck for two seats, dealer 1: seat 0 gets `hand0` first (then filler), seat 1 `hand1`;
/// the palettes are `p0` and `p1`. Hands are dealt one card at a time, seat 0 first.
fn deck_two(hand0: &[&str], hand1: &[&str], p0: &str, p1: &str) -> Vec<String> {
    let mut slots: Vec<Option<String>> = vec![None; 49];
    let mut used: Vec<String> = Vec::new();
    let mut place = |pos: usize, c: &str| {
        slots[pos] = Some(c.to_string());
        used.push(c.to_string());
    };
    for (j, c) in hand0.iter().enumerate() {
        place(2 * j, c);
    }
    for (j, c) in hand1.iter().enumerate() {
        place(2 * j + 1, c);
    }
    place(14, p0);
    place(15, p1);
    let mut rest = new_deck().into_iter().filter(|c| !used.contains(c));
    slots
        .into_iter()
        .map(|s| s.or_else(|| rest.next()).unwrap())
        .collect()
}

#[test]
fn action_shapes_and_status_follow_the_protocol() {
    let mut c = Console::start();
    // R7-7 from an explicit deck: s0 shows G2 and holds G4 G6; s1 shows R7 and is winning.
    let deck = deck_two(&["G4", "G6"], &["B1"], "G2", "R7");
    let a = c.cmd(json!({"cmd":"new","game":"red7","seats":2,"dealer":1,"deck":deck}));
    let status = ok(&a).clone();
    assert_eq!(status["to_act"], json!([0]));
    assert_eq!(status["deal"], 1);
    assert_eq!(
        status["scores"],
        Value::Null,
        "the basic game keeps no scores"
    );
    assert_eq!(status["ranking"], Value::Null);

    let legal = c.cmd(json!({"cmd":"legal"}));
    assert_eq!(legal["seat"], 0);
    let actions = legal["actions"].as_array().unwrap();
    assert_eq!(actions.len(), 15);
    assert!(actions.contains(&json!({"palette":"G4"})));
    assert!(actions.contains(&json!({"canvas":"G6"})));
    assert_eq!(actions.last(), Some(&json!("end")));

    let view = c.cmd(json!({"cmd":"view","seat":0}));
    let hand = view["view"]["hand"].as_array().unwrap();
    assert_eq!(hand.len(), 7);
    assert!(hand.contains(&json!("G4")));
    assert_eq!(view["view"]["palettes"][1], json!(["R7"]));
    assert_eq!(view["view"]["rule"], "Red");
    let other = c.cmd(json!({"cmd":"view","seat":1}));
    assert!(!other["view"]["hand"]
        .as_array()
        .unwrap()
        .contains(&json!("G4")));

    let before = c.cmd(json!({"cmd":"state"}));
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":1,"action":"end"}))),
        "not_your_turn"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":0,"action":{"palette":"B1"}}))),
        "illegal_action"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":0,"action":{"palette":"R8"}}))),
        "bad_request"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":0,"action":"pass"}))),
        "bad_request"
    );
    assert_eq!(
        c.cmd(json!({"cmd":"state"})),
        before,
        "refusals change nothing"
    );

    let a = c.cmd(json!({"cmd":"act","seat":0,"action":{"palette":"G4"}}));
    assert_eq!(
        ok(&a)["to_act"],
        json!([0]),
        "the turn goes on after a palette play"
    );
    let legal = c.cmd(json!({"cmd":"legal"}));
    let actions = legal["actions"].as_array().unwrap();
    assert_eq!(actions.len(), 7, "six canvas plays and the end");
    assert!(!actions.iter().any(|a| a.get("palette").is_some()));
    let a = c.cmd(json!({"cmd":"act","seat":0,"action":{"canvas":"G6"}}));
    assert_eq!(ok(&a)["to_act"], json!([1]), "a canvas play ends the turn");
    let view = c.cmd(json!({"cmd":"view","seat":1}));
    assert_eq!(view["view"]["rule"], "Green");
    assert_eq!(view["view"]["winning"], 0);

    // s1 ends with nothing played: out, and s0 wins the round and the game.
    let a = c.cmd(json!({"cmd":"act","seat":1,"action":"end"}));
    let status = ok(&a);
    assert_eq!(status["over"], true);
    assert_eq!(status["ranking"], json!([[0], [1]]));
    assert_eq!(status["to_act"], json!([]));
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":0,"action":"end"}))),
        "game_over"
    );
    let state = c.cmd(json!({"cmd":"state"}));
    assert_eq!(state["state"]["hands"].as_array().unwrap().len(), 2);

    // Options: `advanced` only, and of the right kind.
    assert_eq!(
        code(
            &c.cmd(json!({"cmd":"new","game":"red7","seats":2,"seed":1,"options":{"advanced":1}}))
        ),
        "bad_request"
    );
    assert_eq!(
        code(
            &c.cmd(
                json!({"cmd":"new","game":"red7","seats":2,"seed":1,"options":{"actions":true}})
            )
        ),
        "bad_request"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"new","game":"red7","seats":5,"seed":1}))),
        "bad_request"
    );
    let a =
        c.cmd(json!({"cmd":"new","game":"red7","seats":3,"seed":1,"options":{"advanced":true}}));
    assert_eq!(ok(&a)["scores"], json!([0, 0, 0]));
    assert_eq!(c.finish(), 0);
}

/// Plays a whole game through the console, always taking the first listed action.
fn play_out(c: &mut Console, new: Value) -> Value {
    ok(&c.cmd(new));
    for _ in 0..100_000 {
        let legal = c.cmd(json!({"cmd":"legal"}));
        let Some(seat) = legal["seat"].as_u64() else {
            break;
        };
        let action = legal["actions"][0].clone();
        let a = c.cmd(json!({"cmd":"act","seat":seat,"action":action}));
        if ok(&a)["over"] == true {
            return a["status"].clone();
        }
    }
    panic!("the game did not end");
}

#[test]
fn seeded_games_end_through_the_console() {
    let mut c = Console::start();
    for (seats, seed) in [(2, 1), (3, 2), (4, 3)] {
        let status = play_out(
            &mut c,
            json!({"cmd":"new","game":"red7","seats":seats,"seed":seed}),
        );
        assert_eq!(status["scores"], Value::Null);
        assert_eq!(status["deal"], 1);
        let ranking = status["ranking"].as_array().unwrap();
        assert_eq!(ranking.len(), seats, "one seat a place: {ranking:?}");
        let advanced = play_out(
            &mut c,
            json!({"cmd":"new","game":"red7","seats":seats,"seed":seed,"options":{"advanced":true}}),
        );
        let scores: Vec<i64> = advanced["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .collect();
        let best = *scores.iter().max().unwrap();
        for s in advanced["ranking"][0].as_array().unwrap() {
            assert_eq!(scores[s.as_u64().unwrap() as usize], best);
        }
        assert!(advanced["deal"].as_u64().unwrap() >= 1);
    }
    assert_eq!(c.finish(), 0);
}
