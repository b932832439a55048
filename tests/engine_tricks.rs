//! `pakka engine` as a subprocess for Kop, Mätäpesä and Whist 22: their action shapes as the
//! protocol writes them, the refusals with their codes, and whole games played through the
//! console to the end.

use serde_json::{json, Value};

use crate::support::console::{code, ok, Console};

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

fn deck(cards: Vec<pakka::cards::Card>) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}

#[test]
fn matapesa_plays_by_rank_and_ends_with_one_loser() {
    let mut c = Console::start();
    let a = c.cmd(
        json!({"cmd":"new","game":"mätäpesä","seats":3,"deck":deck(pakka::cards::standard52())}),
    );
    assert_eq!(ok(&a)["scores"], Value::Null);
    assert_eq!(ok(&a)["to_act"], json!([1]));
    // Seat 1 holds 2S 5S 8S …: one action per rank, the first card of the rank in S, H, D, C.
    let legal = c.cmd(json!({"cmd":"legal","seat":1}));
    let actions = legal["actions"].as_array().unwrap().clone();
    assert!(actions.iter().all(|a| a["play"].is_string()));
    let view = c.cmd(json!({"cmd":"view","seat":1}));
    assert_eq!(view["view"]["hand"].as_array().unwrap().len(), 17);
    assert_eq!(view["view"]["leftovers"], json!(["AC"]));
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":1,"action":{"play":"3S"}}))),
        "illegal_action"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":1,"action":"play"}))),
        "bad_request"
    );
    // Any held card of a listed rank is accepted: 5C where `legal` names 5S.
    assert!(actions.contains(&json!({"play":"5S"})));
    let a = c.cmd(json!({"cmd":"act","seat":1,"action":{"play":"5C"}}));
    ok(&a);
    assert_eq!(
        a["events"][0],
        json!({"type":"played","seat":1,"card":"5C"})
    );
    let status = play_out(
        &mut c,
        json!({"cmd":"new","game":"matapesa","seats":5,"seed":3}),
    );
    let ranking = status["ranking"].as_array().unwrap();
    assert_eq!(ranking.len(), 2);
    assert_eq!(ranking[0].as_array().unwrap().len(), 4);
    assert_eq!(ranking[1].as_array().unwrap().len(), 1);
    assert_eq!(c.finish(), 0);
}

#[test]
fn kop_declarations_then_plays_and_victory_cards() {
    let mut c = Console::start();
    let a = c.cmd(json!({"cmd":"new","game":"baska","seats":4,"seed":5}));
    let status = ok(&a).clone();
    assert_eq!(status["scores"], json!([5, 5, 5, 5]));
    assert_eq!(
        status["to_act"].as_array().unwrap().len(),
        4,
        "everyone declares, so nobody learns who holds both black queens"
    );
    let seat = status["to_act"][0].as_u64().unwrap();
    let legal = c.cmd(json!({"cmd":"legal","seat":seat}));
    assert!(legal["actions"]
        .as_array()
        .unwrap()
        .contains(&json!("silent")));
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":seat,"action":"pass"}))),
        "bad_request"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":seat,"action":{"play":"AH"}}))),
        "illegal_action"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"new","game":"kop","seats":3,"seed":1}))),
        "bad_request"
    );
    let status = play_out(&mut c, json!({"cmd":"new","game":"kop","seats":4,"seed":9}));
    let scores: Vec<i64> = status["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    assert!(scores.iter().any(|&v| v <= 0));
    assert_eq!(scores.iter().sum::<i64>(), 20, "victory cards only move");
    assert!(status["deal"].as_u64().unwrap() >= 1);
    assert_eq!(c.finish(), 0);
}

#[test]
fn whist22_fool_needs_a_value_and_games_end() {
    let mut c = Console::start();
    let tarot = deck(pakka::cards::tarot22());
    // Dealer 0: seat 1 gets 1, 4, 7, …; seat 2 gets 2, 5, …, 20; seat 0 gets 3, 6, …, 21.
    let a = c.cmd(json!({"cmd":"new","game":"whist22","seats":3,"deck":tarot}));
    assert_eq!(ok(&a)["scores"], json!([14, 14, 14]));
    for (seat, bid) in [(1, 0), (2, 0), (0, 0)] {
        ok(&c.cmd(json!({"cmd":"act","seat":seat,"action":{"bid":bid}})));
    }
    let view = c.cmd(json!({"cmd":"view","seat":1}));
    assert_eq!(
        view["view"]["hand"],
        json!(["1", "4", "7", "10", "13", "16", "19"])
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":1,"action":{"play":"7","value":0}}))),
        "bad_request"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":1,"action":{"play":"Fool"}}))),
        "bad_request"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":1,"action":{"play":"Fool","value":22}}))),
        "illegal_action",
        "seat 1 does not hold the Fool"
    );
    let a = c.cmd(json!({"cmd":"act","seat":1,"action":{"play":"19"}}));
    ok(&a);
    assert_eq!(
        a["events"][0],
        json!({"type":"played","seat":1,"card":"19","value":19})
    );
    for options in [
        json!({}),
        json!({"bga_sequence":true,"blind_one_card_round":true}),
        json!({"bga_seats":true,"blind_one_card_round":true}),
    ] {
        let seats = if options["bga_seats"] == true { 6 } else { 4 };
        let status = play_out(
            &mut c,
            json!({"cmd":"new","game":"whist-22","seats":seats,"seed":2,"options":options}),
        );
        assert!(status["scores"]
            .as_array()
            .unwrap()
            .iter()
            .any(|v| v.as_i64().unwrap() <= 0));
        assert!(status["deal"].as_u64().unwrap() > 1);
    }
    assert_eq!(
        code(&c.cmd(json!({"cmd":"new","game":"whist22","seats":2,"seed":1}))),
        "bad_request"
    );
    assert_eq!(
        code(&c.cmd(
            json!({"cmd":"new","game":"whist22","seats":3,"seed":1,"options":{"blind":true}})
        )),
        "bad_request"
    );
    assert_eq!(c.finish(), 0);
}
