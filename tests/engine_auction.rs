//! `pakka engine` as a subprocess for the two auction games, Paston and Teka: the exact JSON
//! shapes of their actions as `legal` lists them and `act` takes them (the reverse spelling of a
//! Paston discard included), their refusals, and a scripted deal of each through the console.

use serde_json::{json, Value};

use crate::support::console::{code, Console};

/// Strict helpers of these tests: every act and legal must succeed.
trait Strict {
    fn act(&mut self, seat: usize, action: Value) -> Value;
    fn legal(&mut self) -> (usize, Vec<Value>);
}

impl Strict for Console {
    fn act(&mut self, seat: usize, action: Value) -> Value {
        let answer = self.cmd(json!({"cmd":"act","seat":seat,"action":action}));
        assert_eq!(answer["ok"], true, "{action} by {seat}: {answer}");
        answer["status"].clone()
    }

    fn legal(&mut self) -> (usize, Vec<Value>) {
        let answer = self.cmd(json!({"cmd":"legal"}));
        assert_eq!(answer["ok"], true, "{answer}");
        let seat = answer["seat"].as_u64().unwrap() as usize;
        (seat, answer["actions"].as_array().unwrap().clone())
    }
}

fn names(cards: Vec<pakka::cards::Card>) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}

#[test]
fn paston_actions_and_a_scripted_deal() {
    let mut c = Console::start();
    // The new-deck order with dealer 0: seat 0 receives the third pair, J♠ Q♠, and bids first.
    let deck = names(pakka::rules::paston::deck());
    let a = c.cmd(json!({"cmd":"new","game":"paston","seats":3,"dealer":0,"deck":deck}));
    assert_eq!(
        a["status"],
        json!({"to_act":[0],"over":false,"deal":1,"scores":[0,0,0],"ranking":null})
    );
    assert_eq!(c.legal(), (0, vec![json!("pass"), json!({"bid":"paston"})]));
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":0,"action":{"bid":"glitch"}}))),
        "illegal_action"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":0,"action":{"bid":"clubs"}}))),
        "bad_request"
    );
    c.act(0, json!("pass"));
    c.act(1, json!({"bid":"paston"}));
    c.act(2, json!("pass"));
    // Seat 1 declares and has taken the prikup (K♠ A♠).
    let view = c.cmd(json!({"cmd":"view","seat":1}));
    assert_eq!(view["view"]["hand"].as_array().unwrap().len(), 12);
    let (seat, discards) = c.legal();
    assert_eq!((seat, discards.len()), (1, 66));
    assert!(discards.contains(&json!({"discard":["7S","8S"]})));
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":1,"action":{"discard":["7S"]}}))),
        "bad_request"
    );
    c.act(1, json!({"discard":["8S","7S"]}));
    let view = c.cmd(json!({"cmd":"view","seat":1}));
    assert_eq!(view["view"]["discards"], json!(["7S", "8S"]));
    let other = c.cmd(json!({"cmd":"view","seat":0}));
    assert_eq!(other["view"]["discards"], json!([]));
    assert_eq!(
        c.legal().1,
        vec![
            json!({"trump":"paston"}),
            json!({"trump":"glitch"}),
            json!({"trump":"dineri"}),
            json!({"trump":"gupa"}),
            json!("surrender")
        ]
    );
    c.act(1, json!({"trump":"glitch"}));
    assert_eq!(c.legal(), (2, vec![json!("whist"), json!("pass")]));
    c.act(2, json!("whist"));
    c.act(0, json!("pass"));
    // Ten two-card tricks between seats 1 and 2, then deal 2.
    let mut status = Value::Null;
    for _ in 0..20 {
        let (seat, actions) = c.legal();
        assert!(seat == 1 || seat == 2, "the passer sits out");
        assert!(actions.iter().all(|a| a.get("play").is_some()));
        status = c.act(seat, actions[0].clone());
    }
    assert_eq!(status["deal"], 2);
    let scores: Vec<i64> = status["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_i64().unwrap())
        .collect();
    assert_eq!(scores[0], 0, "the passer scores nothing");
    assert!(scores[1] == 20 || scores[1] == -20, "{scores:?}");
    assert_eq!(c.finish(), 0);
}

#[test]
fn teka_actions_and_a_scripted_deal() {
    let mut c = Console::start();
    assert_eq!(
        code(
            &c.cmd(
                json!({"cmd":"new","game":"teka","seats":4,"seed":1,"options":{"shuffle":true}})
            )
        ),
        "bad_request"
    );
    let a = c.cmd(
        json!({"cmd":"new","game":"teka","seats":4,"seed":1,"options":{"shuffle_every_deal":true}}),
    );
    assert_eq!(a["ok"], true, "{a}");
    // The new-deck order with dealer 0: seat 1 the spades, 2 the hearts, 3 the diamonds, 0 the
    // clubs.
    let deck = names(pakka::cards::standard52());
    let a = c.cmd(json!({"cmd":"new","game":"teka","seats":4,"deck":deck}));
    assert_eq!(
        a["status"],
        json!({"to_act":[1],"over":false,"deal":1,"scores":[0,0,0,0],"ranking":null})
    );
    let mut calls: Vec<Value> = (8..=13).map(|n| json!({ "bid": n })).collect();
    calls.extend([json!({"bid":"double13"}), json!("pass"), json!("ter")]);
    assert_eq!(c.legal(), (1, calls));
    c.act(1, json!({"bid":10}));
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":2,"action":{"bid":9}}))),
        "illegal_action"
    );
    c.act(2, json!("ter"));
    c.act(3, json!("pass"));
    c.act(0, json!("pass"));
    assert_eq!(
        c.legal(),
        (
            1,
            vec![
                json!({"trump":"S"}),
                json!({"trump":"H"}),
                json!({"trump":"D"}),
                json!({"trump":"C"})
            ]
        )
    );
    c.act(1, json!({"trump":"S"}));
    let (seat, actions) = c.legal();
    assert_eq!(seat, 1);
    assert_eq!(actions.len(), 13 + 3, "13 spades and raises to 11, 12, 13");
    assert_eq!(
        actions[13..],
        [
            json!({"raise":11}),
            json!({"raise":12}),
            json!({"raise":13})
        ]
    );
    c.act(1, json!({"raise":11}));
    // Seat 1 wins every trick with its spades; the hand stops at 11.
    let mut status = Value::Null;
    for _ in 0..44 {
        let (seat, actions) = c.legal();
        let play = actions.iter().find(|a| a.get("play").is_some()).unwrap();
        status = c.act(seat, play.clone());
    }
    assert_eq!(status["deal"], 2);
    assert_eq!(status["scores"], json!([0, 11, 0, 11]));
    assert_eq!(c.finish(), 0);
}
