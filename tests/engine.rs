//! `pakka engine` as a subprocess: one answer per line, flushed; every bad line gets its error
//! code and the console reads on; scripted full games reach the end through the console.

use serde_json::{json, Value};

use crate::support::console::{code, ok, Console};

#[test]
fn the_issue_example_answers_per_protocol() {
    let mut c = Console::start();
    let a = c.cmd(json!({"cmd":"new","game":"pisha-pasha","seats":2,"seed":7}));
    let status = ok(&a);
    assert_eq!(status["over"], false);
    assert_eq!(status["deal"], 1);
    assert_eq!(status["scores"], json!([0, 0]));
    assert_eq!(status["ranking"], Value::Null);
    assert_eq!(status["to_act"].as_array().unwrap().len(), 1);
    let legal = c.cmd(json!({"cmd":"legal"}));
    assert_eq!(legal["actions"], json!(["turn"]));
    assert_eq!(legal["seat"], status["to_act"][0]);
    let view = c.cmd(json!({"cmd":"view","seat":0}));
    assert_eq!(
        view["view"]["hand"],
        json!([]),
        "stocks are face down to their owners"
    );
    let state = c.cmd(json!({"cmd":"state"}));
    assert_eq!(state["state"]["hands"].as_array().unwrap().len(), 2);
    assert_eq!(c.finish(), 0);
}

#[test]
fn bad_lines_get_their_codes_and_the_console_reads_on() {
    let mut c = Console::start();
    assert_eq!(code(&c.send(r#"{"cmd":"legal"}"#)), "no_game");
    assert_eq!(
        code(&c.send(r#"{"cmd":"act","seat":0,"action":"turn"}"#)),
        "no_game"
    );
    assert_eq!(code(&c.send("this is not json")), "bad_request");
    assert_eq!(code(&c.send("")), "bad_request");
    assert_eq!(code(&c.send("[1,2]")), "bad_request");
    assert_eq!(code(&c.send(r#"{"cmd":"shuffle"}"#)), "bad_request");
    assert_eq!(code(&c.send(r#"{"no_cmd":1}"#)), "bad_request");
    assert_eq!(
        code(&c.cmd(json!({"cmd":"new","game":"snap","seats":2,"seed":1}))),
        "bad_request"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"new","game":"pisha-pasha","seats":5,"seed":1}))),
        "bad_request"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"new","game":"pisha-pasha","seed":1}))),
        "bad_request"
    );
    assert_eq!(
        code(&c.cmd(
            json!({"cmd":"new","game":"pisha-pasha","seats":2,"seed":1,"options":{"speed":"fast"}})
        )),
        "bad_request"
    );
    assert_eq!(
        code(&c.cmd(
            json!({"cmd":"new","game":"pisha-pasha","seats":2,"seed":1,"options":{"stop_rule":1}})
        )),
        "bad_request"
    );

    // Decks: a missing card, a doubled card, an unknown card, a card of another deck.
    let deck: Vec<String> = pakka::cards::standard52()
        .iter()
        .map(|c| c.to_string())
        .collect();
    let missing = &deck[1..];
    assert_eq!(
        code(&c.cmd(json!({"cmd":"new","game":"pisha-pasha","seats":2,"deck":missing}))),
        "bad_deck"
    );
    let mut doubled = deck.clone();
    doubled[5] = doubled[4].clone();
    assert_eq!(
        code(&c.cmd(json!({"cmd":"new","game":"pisha-pasha","seats":2,"deck":doubled}))),
        "bad_deck"
    );
    let mut unknown = deck.clone();
    unknown[0] = "ZZ".into();
    assert_eq!(
        code(&c.cmd(json!({"cmd":"new","game":"pisha-pasha","seats":2,"deck":unknown}))),
        "bad_deck"
    );
    let mut foreign = deck.clone();
    foreign[0] = "R7".into();
    assert_eq!(
        code(&c.cmd(json!({"cmd":"new","game":"pisha-pasha","seats":2,"deck":foreign}))),
        "bad_deck"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"legal"}))),
        "no_game",
        "refused news leave no game"
    );

    // A good explicit deck: dealer 0 by default, so seat 1 starts.
    let status =
        ok(&c.cmd(json!({"cmd":"new","game":"pisha-pasha","seats":2,"deck":deck}))).clone();
    assert_eq!(status["to_act"], json!([1]));
    let before = c.cmd(json!({"cmd":"state"}));
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":0,"action":"turn"}))),
        "not_your_turn"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":1,"action":"discard"}))),
        "illegal_action"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":1,"action":{"give":0}}))),
        "illegal_action"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":1,"action":"fly"}))),
        "bad_request"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":1,"action":{"give":"AS"}}))),
        "bad_request"
    );
    assert_eq!(code(&c.cmd(json!({"cmd":"act","seat":1}))), "bad_request");
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":9,"action":"turn"}))),
        "bad_request"
    );
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":-1,"action":"turn"}))),
        "bad_request"
    );
    assert_eq!(code(&c.cmd(json!({"cmd":"view"}))), "bad_request");
    assert_eq!(
        c.cmd(json!({"cmd":"state"})),
        before,
        "refusals change nothing"
    );

    let a = c.cmd(json!({"cmd":"act","seat":1,"action":"turn"}));
    ok(&a);
    assert!(!a["events"].as_array().unwrap().is_empty());
    assert_eq!(c.finish(), 0);
}

/// Plays a whole game through the console, always taking the first listed action.
fn play_out(c: &mut Console, new: Value) -> (Value, Value) {
    ok(&c.cmd(new));
    for _ in 0..100_000 {
        let legal = c.cmd(json!({"cmd":"legal"}));
        let Some(seat) = legal["seat"].as_u64() else {
            break;
        };
        let action = legal["actions"][0].clone();
        let a = c.cmd(json!({"cmd":"act","seat":seat,"action":action}));
        if ok(&a)["over"] == true {
            let state = c.cmd(json!({"cmd":"state"}));
            return (a["status"].clone(), state["state"].clone());
        }
    }
    panic!("the game did not end");
}

#[test]
fn scripted_full_games_end_with_the_winner_scoring_the_losers_cards() {
    let mut c = Console::start();
    for seed in [7, 8, 9] {
        let (status, state) = play_out(
            &mut c,
            json!({"cmd":"new","game":"pisha-pasha","seats":2,"seed":seed}),
        );
        let ranking = status["ranking"].as_array().unwrap();
        assert_eq!(ranking.len(), 2);
        let winner = ranking[0][0].as_u64().unwrap() as usize;
        let loser = ranking[1][0].as_u64().unwrap() as usize;
        let held = state["hands"][loser].as_array().unwrap().len() as i64;
        assert!(held > 0);
        assert_eq!(status["scores"][winner].as_i64(), Some(held), "seed {seed}");
        assert_eq!(status["scores"][loser].as_i64(), Some(0));
        assert_eq!(state["hands"][winner], json!([]));
        assert_eq!(
            code(&c.cmd(json!({"cmd":"act","seat":winner,"action":"turn"}))),
            "game_over"
        );
        assert_eq!(c.cmd(json!({"cmd":"legal"}))["actions"], json!([]));
    }
    // Three players: the winner scores both opponents' cards.
    let (status, state) = play_out(
        &mut c,
        json!({"cmd":"new","game":"pisha-pasha","seats":3,"seed":3}),
    );
    let winner = status["ranking"][0][0].as_u64().unwrap() as usize;
    let others: i64 = (0..3)
        .filter(|&s| s != winner)
        .map(|s| state["hands"][s].as_array().unwrap().len() as i64)
        .sum();
    assert_eq!(status["scores"][winner].as_i64(), Some(others));
    assert_eq!(status["ranking"][1].as_array().unwrap().len(), 2);
    // The book version: both seats flip; no scores.
    let (status, _) = play_out(
        &mut c,
        json!({"cmd":"new","game":"pishe-pasha","seats":2,"seed":4,"options":{"variant":"book"}}),
    );
    assert_eq!(status["scores"], Value::Null);
    assert_eq!(c.finish(), 0);
}

#[test]
fn book_version_lists_both_seats_until_they_flip() {
    let mut c = Console::start();
    let deck: Vec<String> = pakka::cards::standard52()
        .iter()
        .map(|c| c.to_string())
        .collect();
    let a = c.cmd(json!({"cmd":"new","game":"pisha-pasha","seats":2,"dealer":1,"deck":deck,"options":{"variant":"book"}}));
    assert_eq!(ok(&a)["to_act"], json!([0, 1]));
    let a = c.cmd(json!({"cmd":"act","seat":1,"action":"flip"}));
    assert_eq!(ok(&a)["to_act"], json!([0]));
    assert_eq!(
        code(&c.cmd(json!({"cmd":"act","seat":1,"action":"flip"}))),
        "not_your_turn"
    );
    let a = c.cmd(json!({"cmd":"act","seat":0,"action":"flip"}));
    assert_eq!(ok(&a)["to_act"], json!([0, 1]));
    assert_eq!(c.finish(), 0);
}

/// The console's own error sentences (now in `engine.ftl`) read exactly as the protocol has
/// always answered them.
#[test]
fn the_console_words_its_errors_as_before() {
    let mut c = Console::start();
    let error = |answer: Value| answer["error"].as_str().unwrap().to_string();
    assert_eq!(
        error(c.send(r#"{"cmd":"legal"}"#)),
        r#"No game yet: start one with "new"."#
    );
    assert_eq!(error(c.send("[1,2]")), "Each line must be a JSON object.");
    assert_eq!(error(c.send(r#"{"no_cmd":1}"#)), r#"Missing field "cmd"."#);
    assert_eq!(error(c.send(r#"{"cmd":1}"#)), r#""cmd" must be a string."#);
    assert_eq!(
        error(c.send(r#"{"cmd":"shuffle"}"#)),
        r#"Unknown command "shuffle"; the commands are new, legal, act, view and state."#
    );
    assert!(error(c.send("x")).starts_with("The line is not valid JSON: "));
    assert!(
        error(c.cmd(json!({"cmd":"new","game":"snap","seats":2,"seed":1})))
            .starts_with(r#"Unknown game "snap"; the games are pisha-pasha, "#)
    );
    assert_eq!(
        error(c.cmd(json!({"cmd":"new","game":"pisha-pasha","seats":"two","seed":1}))),
        r#""seats" must be a whole number."#
    );
    assert_eq!(
        error(c.cmd(json!({"cmd":"new","game":"pisha-pasha","seats":2,"seed":-1}))),
        r#""seed" must be a whole number ≥ 0."#
    );
    assert_eq!(
        error(c.cmd(json!({"cmd":"new","game":"pisha-pasha","seats":2}))),
        r#"Missing field "seed" (or "deck")."#
    );
    assert_eq!(
        error(c.cmd(json!({"cmd":"new","game":"pisha-pasha","seats":2,"deck":[],"decks":[]}))),
        r#"Give "deck" or "decks", not both."#
    );
    assert_eq!(
        error(c.cmd(json!({"cmd":"new","game":"pisha-pasha","seats":2,"deck":["ZZ"]}))),
        r#"Bad deck: unknown card "ZZ"."#
    );
    assert_eq!(
        error(c.cmd(json!({"cmd":"new","game":"pisha-pasha","seats":2,"deck":[7]}))),
        "Bad deck: 7 is not a card."
    );
    ok(&c.cmd(json!({"cmd":"new","game":"pisha-pasha","seats":2,"seed":1})));
    assert_eq!(
        error(c.cmd(json!({"cmd":"act","seat":9,"action":"turn"}))),
        r#""seat" must be a seat number from 0 to 1, not 9."#
    );
    assert_eq!(
        error(c.cmd(json!({"cmd":"act","seat":0}))),
        r#"Missing field "action"."#
    );
    assert_eq!(c.finish(), 0);
}

/// The error sentences are English for scripts, whatever the locale variables say; a language
/// named on the command line words them (the codes never change).
#[test]
fn error_sentences_follow_only_an_explicit_language() {
    let run = |args: &[&str], lang_var: &str| -> serde_json::Value {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_pakka"))
            .args(args)
            .env("LANG", lang_var)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                child
                    .stdin
                    .take()
                    .unwrap()
                    .write_all(b"{\"cmd\":\"legal\"}\n")?;
                child.wait_with_output()
            })
            .expect("pakka engine runs");
        serde_json::from_slice(&out.stdout).expect("one JSON answer")
    };
    let english = run(&["engine"], "fi_FI.UTF-8");
    assert_eq!(english["code"], "no_game");
    assert!(english["error"]
        .as_str()
        .unwrap()
        .starts_with("No game yet"));
    let finnish = run(&["--lang", "fi", "engine"], "C");
    assert_eq!(finnish["code"], "no_game");
    assert_ne!(finnish["error"], english["error"]);
}
