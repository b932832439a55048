//! `pakka play` without a terminal: scripted input, the words it prints.

use super::*;

fn config(game: &str, seats: Option<usize>, seed: u64) -> PlayConfig {
    PlayConfig {
        game: game.into(),
        seats,
        level: Level::Easy,
        seed: Some(seed),
        options: String::new(),
        lang: "en-US",
    }
}

/// Plays with `input` typed at the keyboard; answers what was printed.
fn play(config: &PlayConfig, input: &str) -> String {
    let mut out = Vec::new();
    run(config, &mut input.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn every_game_plays_to_its_end_taking_the_first_choice() {
    for info in registry::GAMES {
        let seats = info.seats.0.max(if info.id == "whist22" { 3 } else { 0 });
        // Enough "1"s (and "y"s for questions) for the longest match.
        let input = "1\ny\n".repeat(6_000);
        let out = play(&config(info.id, Some(seats), 3), &input);
        assert!(
            out.contains("Game over."),
            "{}: {}",
            info.id,
            &out[out.len().saturating_sub(600)..]
        );
        assert!(out.contains("\n1. "), "{}: a final ranking", info.id);
        assert!(!out.contains("You is"), "{}", info.id);
        assert!(out.contains("› "), "{}: the story is told", info.id);
    }
}

#[test]
fn a_grouped_choice_takes_two_steps_as_on_discord() {
    // Paston: a declarer discards two cards: the first step offers "Discard 7♠ and …" groups.
    let mut seed = 0;
    let out = loop {
        seed += 1;
        assert!(seed < 200, "no seed lets seat 0 discard");
        let out = play(&config("paston", None, seed), &"1\n".repeat(40));
        if out.contains(" …\n") {
            break out;
        }
    };
    let first = out.find(" …\n").unwrap();
    let after = &out[first..];
    assert!(
        after.contains(":\n"),
        "the group's title after choosing it: {after}"
    );
    assert!(after.contains("◀ Back"), "and a way back: {after}");
}

/// A Red7 deal where seat 0 opens with a question among ungrouped choices: (seed, the number
/// typed to choose it).
fn red7_question() -> (u64, usize) {
    for seed in 1..60 {
        let info = registry::find("red7").unwrap();
        let game = info
            .create(serde_json::Value::Null, 2, Setup::seeded(seed))
            .unwrap();
        if game.status().to_act[0] != 0 {
            continue;
        }
        let choices = game.choices(0);
        if choices.iter().any(|c| c.group.is_some()) {
            continue;
        }
        if let Some(k) = choices.iter().position(|c| c.confirm.is_some()) {
            return (seed, k + 1);
        }
    }
    panic!("no seed where seat 0 opens with a question");
}

#[test]
fn a_question_is_asked_and_no_plays_nothing() {
    // Red7: ending the turn while not winning asks first; "n" plays nothing.
    let (seed, n) = red7_question();
    let out = play(&config("red7", Some(2), seed), &format!("{n}\nn\nq\n"));
    assert!(out.contains("(y/n)"), "{out}");
    assert!(out.contains("Not played; choose again."), "{out}");
    assert!(
        out.contains("(!)"),
        "a move that puts you out is marked: {out}"
    );
}

#[test]
fn the_first_screens_of_whist22_and_kop() {
    let whist = play(&config("whist22", Some(3), 7), "q\n");
    assert!(whist.contains("Your hand:"), "{whist}");
    let kop = play(&config("kop", None, 7), "q\n");
    assert!(kop.contains("Your hand:"), "{kop}");
    insta::assert_snapshot!("whist22_first_screen", whist);
    insta::assert_snapshot!("kop_first_screen", kop);
}

#[test]
fn the_terminal_speaks_finnish() {
    // Every game to its end in Finnish: the prompt, the questions (answered "k"), the games'
    // screens and stories and the ranking, with no English left (a key missing from `fi` would
    // fall back to English).
    for info in registry::GAMES {
        let seats = info.seats.0.max(if info.id == "whist22" { 3 } else { 0 });
        let config = PlayConfig {
            lang: "fi",
            ..config(info.id, Some(seats), 3)
        };
        let out = play(&config, &"1\nk\n".repeat(6_000));
        let tail: String = out
            .chars()
            .skip(out.chars().count().saturating_sub(400))
            .collect();
        assert!(out.contains("Sinun siirtosi (1–"), "{}: {tail}", info.id);
        assert!(out.contains("Pelaaja 1 (sinä)"), "{}: {tail}", info.id);
        assert!(out.contains("Peli päättyi."), "{}: {tail}", info.id);
        for english in [
            "Your move",
            "to quit",
            "Type a number",
            "Game over",
            "(y/n)",
            "(you)",
            "Computer ",
            "Your hand",
            "Turn:",
            "Trick",
            " the ",
            " plays ",
            " cards",
            "After deal",
        ] {
            let line = out.lines().find(|l| l.contains(english));
            assert_eq!(line, None, "{}: {english:?} in Finnish", info.id);
        }
    }
    // A question in Finnish, answered "e" (ei): nothing is played; "k" (kyllä) plays it.
    let (seed, n) = red7_question();
    let finnish = PlayConfig {
        lang: "fi",
        ..config("red7", Some(2), seed)
    };
    let out = play(&finnish, &format!("{n}\ne\nq\n"));
    assert!(out.contains("Red7 · 2 pelaajaa · sinä olet pelaaja 1 · tietokoneen taso helppo"));
    assert!(
        out.contains("(k/e): Ei pelattu; valitse uudelleen."),
        "{out}"
    );
    let out = play(&finnish, &format!("{n}\nk\nq\n"));
    assert!(out.contains("(k/e): › Pelaaja 1 (sinä)"), "{out}");
}
