//! `pakka engine` as a subprocess for the two shedding games, Paskahousu and Pöytäpaska: the
//! action shapes of `docs/engine-protocol.md` (`{"play":[cards]}`, `"take"`, `"draw"`,
//! `{"flip":P}`), plays named in any suits, refusals with their codes, views that hide what
//! they must, and whole games played to a ranking through the console.

use serde_json::{json, Value};

use crate::support::console::{code, ok, Console};

/// A deck, first card on top, from a space-separated list followed by every other card in new
/// deck order.
fn deck(first: &str) -> Vec<String> {
    let named: Vec<String> = first.split_whitespace().map(str::to_string).collect();
    let rest = pakka::cards::standard52()
        .into_iter()
        .map(|c| c.to_string())
        .filter(|c| !named.contains(c));
    named.iter().cloned().chain(rest).collect()
}

#[test]
fn paskahousu_speaks_the_protocols_action_shapes() {
    let mut c = Console::start();
    // Dealer 0, two seats: seat 1 gets the 1st, 3rd, … card; seat 0 the 2nd, 4th, ….
    let cards = deck("3S 4S 3H 4H 5S 4D 5H 9C 6D 9D 7C");
    let status =
        ok(&c.cmd(json!({"cmd":"new","game":"paskahousu","seats":2,"deck":cards}))).clone();
    assert_eq!(status["to_act"], json!([1]), "seat 1 holds the 3s");
    assert_eq!(status["scores"], Value::Null);
    assert_eq!(status["deal"], 1);
    let legal = c.cmd(json!({"cmd":"legal"}));
    assert_eq!(legal["seat"], 1);
    assert_eq!(legal["actions"], json!([{"play": ["3S", "3H"]}]));
    let view = c.cmd(json!({"cmd":"view","seat":1}));
    assert_eq!(view["view"]["hand"], json!(["3S", "3H", "5S", "5H", "6D"]));
    let view = c.cmd(json!({"cmd":"view","seat":0}));
    assert_eq!(view["view"]["hand"], json!(["4S", "4H", "4D", "9D", "9C"]));
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":1,"action":{"play":["3S"]}}))),
        "illegal_action",
        "the opening plays all the 3s"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":1,"action":{"flip":1}}))),
        "illegal_action"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":1,"action":{"play":["ZZ"]}}))),
        "bad_request"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":0,"action":"take"}))),
        "not_your_turn"
    );
    // Any spelling of the cards is accepted.
    let a = c.cmd(json!({"cmd":"act","seat":1,"action":{"play":["3h","3s"]}}));
    assert_eq!(ok(&a)["to_act"], json!([0]));
    assert_eq!(a["events"][0]["type"], "played");
    let legal = c.cmd(json!({"cmd":"legal","seat":0}));
    assert_eq!(
        legal["actions"],
        json!([
            {"play": ["4S"]}, {"play": ["4S", "4H"]}, {"play": ["4S", "4H", "4D"]},
            {"play": ["9D"]}, {"play": ["9D", "9C"]}, "take", "draw"
        ])
    );
    let a = c.cmd(json!({"cmd":"act","seat":0,"action":{"play":["4D","4H"]}}));
    ok(&a);
    let state = c.cmd(json!({"cmd":"state"}));
    assert_eq!(
        state["state"]["core"]["pile"],
        json!(["3H", "3S", "4D", "4H"])
    );
    assert_eq!(state["state"]["hands"][0].as_array().unwrap().len(), 5);
    let a = c.cmd(json!({"cmd":"act","seat":1,"action":"take"}));
    assert_eq!(ok(&a)["to_act"], json!([0]));
    let a = c.cmd(json!({"cmd":"act","seat":0,"action":"draw"}));
    ok(&a);
    assert_eq!(a["events"][0]["type"], "drew");
    assert_eq!(c.finish(), 0);
}

#[test]
fn poytapaska_offers_face_down_positions_and_hides_them() {
    let mut c = Console::start();
    let a = c.cmd(json!({"cmd":"new","game":"pöytäpaska","seats":2,"seed":11}));
    ok(&a);
    for seat in 0..2 {
        let view = c.cmd(json!({"cmd":"view","seat":seat}));
        assert_eq!(
            view["view"]["face_down"],
            json!([[1, 2, 3, 4], [1, 2, 3, 4]])
        );
        assert_eq!(view["view"]["hand"].as_array().unwrap().len(), 5);
        assert_eq!(view["view"]["face_up"][seat].as_array().unwrap().len(), 4);
    }
    let state = c.cmd(json!({"cmd":"state"}));
    assert_eq!(state["state"]["hands"][0].as_array().unwrap().len(), 13);
    let seat = ok(&a)["to_act"][0].clone();
    for bad in [json!({"flip": 0}), json!({"flip": 5}), json!({"flip": 1})] {
        assert_eq!(
            code(&c.cmd(json!({"cmd":"act","seat":seat,"action":bad}))),
            "illegal_action"
        );
    }
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":seat,"action":{"flip":"one"}}))),
        "bad_request"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"new","game":"poytapaska","seats":4,"seed":1}))),
        "bad_request"
    );
    assert_eq!(
        code(&c.cmd(
            json!({"cmd":"new","game":"poytapaska","seats":2,"seed":1,"options":{"court_min_top":"5"}})
        )),
        "bad_request"
    );
    assert_eq!(c.finish(), 0);
}

/// Plays a whole game through the console, always taking the first listed action (the lowest
/// play), and answers the final status.
fn play_out(c: &mut Console, new: Value) -> Value {
    ok(&c.cmd(new));
    for _ in 0..100_000 {
        let legal = c.cmd(json!({"cmd":"legal"}));
        let seat = legal["seat"].as_u64().expect("a seat to act until the end");
        let action = legal["actions"][0].clone();
        let a = c.cmd(json!({"cmd":"act","seat":seat,"action":action}));
        if ok(&a)["over"] == true {
            return a["status"].clone();
        }
    }
    panic!("the game did not end");
}

#[test]
fn whole_games_end_with_a_finishing_order() {
    let mut c = Console::start();
    for (game, seats, seed) in [
        ("paskahousu", 2, 1),
        ("paskahousu", 4, 2),
        ("paskahousu", 6, 3),
        ("poytapaska", 2, 4),
        ("poytapaska", 3, 5),
    ] {
        let status = play_out(
            &mut c,
            json!({"cmd":"new","game":game,"seats":seats,"seed":seed}),
        );
        assert_eq!(status["scores"], Value::Null);
        assert_eq!(status["to_act"], json!([]));
        let mut ranked: Vec<u64> = status["ranking"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|place| {
                place
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s.as_u64().unwrap())
            })
            .collect();
        ranked.sort_unstable();
        assert_eq!(ranked, (0..seats).collect::<Vec<u64>>(), "{game} {status}");
        assert_eq!(c.cmd(json!({"cmd":"legal"}))["actions"], json!([]));
    }
    assert_eq!(c.finish(), 0);
}
