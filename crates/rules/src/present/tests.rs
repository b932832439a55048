//! Every registered game's seat description shows the seat its whole hand (every card only it
//! sees) in every phase, and snapshots of each game's seat description worded in English at its
//! first decision, in play while the seat waits, and after the end.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{by_rank, by_suit, grouped, hand};
use crate::registry::{GameInfo, GAMES};
use crate::{AnyGame, Observer, Setup};
use pakka_cards::{Card, Suit};
use pakka_catalog::{en, en_lines};
use pakka_text::{Arg, Msg};

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect()
}

/// Every card named anywhere in the messages.
fn named(msgs: &[Msg]) -> Vec<Card> {
    fn arg(a: &Arg, out: &mut Vec<Card>) {
        match a {
            Arg::Card(c) => out.push(*c),
            Arg::Cards(cs) => out.extend(cs),
            Arg::Msg(m) => msg(m, out),
            Arg::List { items, .. } => items.iter().for_each(|i| arg(i, out)),
            _ => {}
        }
    }
    fn msg(m: &Msg, out: &mut Vec<Card>) {
        m.args.iter().for_each(|(_, a)| arg(a, out));
    }
    let mut out = Vec::new();
    msgs.iter().for_each(|m| msg(m, &mut out));
    out
}

/// The line that says the seat's own cards.
const OWN_LINES: &[&str] = &[
    "hand-yours",
    "hand-yours-empty",
    "whist22-hand-hidden",
    "pishe-yours",
];

fn new_game(info: &GameInfo, seed: u64) -> Box<dyn AnyGame> {
    let (options, seats) = info.configurations()[0].clone();
    info.create(options, seats, Setup::seeded(seed))
        .expect("a seeded setup")
}

/// One move by the first seat to act, by the game's rule of thumb.
fn step(game: &mut dyn AnyGame, rng: &mut ChaCha8Rng) -> bool {
    let Some(&seat) = game.to_act().first() else {
        return false;
    };
    let index = game.heuristic_index(seat, rng);
    game.act_index(seat, index).expect("a legal action");
    true
}

#[test]
fn every_seat_description_holds_every_card_only_that_seat_sees() {
    for info in GAMES {
        for seed in 1..=4 {
            let mut game = new_game(info, seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for moves in 0..60 {
                for seat in 0..game.seats() {
                    let lines = game.describe(Observer::Seat(seat));
                    let shown = named(&lines);
                    for card in game.own_cards(seat) {
                        assert!(
                            shown.contains(&card),
                            "{} seed {seed} move {moves}: seat {seat} is not shown {card}:\n{}",
                            info.id,
                            en_lines(&lines, &[])
                        );
                    }
                    assert!(
                        lines.iter().any(|m| OWN_LINES.contains(&m.key)),
                        "{} seed {seed} move {moves}: no line of the seat's own cards",
                        info.id
                    );
                    let public = game.describe(Observer::Public);
                    assert!(
                        !public.iter().any(|m| OWN_LINES.contains(&m.key)),
                        "{}: the public is told a hand",
                        info.id
                    );
                }
                if !step(game.as_mut(), &mut rng) {
                    break;
                }
            }
        }
    }
}

#[test]
fn hands_are_grouped_as_players_hold_them() {
    let held = cards("7H AS 10C KS QH 9S");
    let suits = by_suit(&held, None, |c| c.rank().number());
    assert_eq!(en(&hand(suits)), "Your hand: A♠ K♠ 9♠ · Q♥ 7♥ · 10♣");
    let trumps = by_suit(&held, Some(Suit::Clubs), |c| c.rank().number());
    assert_eq!(en(&hand(trumps)), "Your hand: 10♣ · A♠ K♠ 9♠ · Q♥ 7♥");
    let ranks = by_rank(&cards("KS 3H 3S 2C"), |c| c.rank().number());
    assert_eq!(en(&hand(ranks)), "Your hand: 2♣ · 3♠ 3♥ · K♠");
    assert_eq!(en(&hand(grouped(&[], |c| (c, 0)))), "Your hand: no cards");
    assert_eq!(en(&hand(vec![Vec::new()])), "Your hand: no cards");
}

/// The seat description of seat 0, worded in English with names.
fn seat0(game: &dyn AnyGame) -> String {
    let names: Vec<String> = (0..game.seats())
        .map(|s| {
            if s == 0 {
                "You".into()
            } else {
                format!("Computer {s}")
            }
        })
        .collect();
    en_lines(&game.describe(Observer::Seat(0)), &names)
}

/// Seat 0's description at its first decision, after `later` more moves at a moment seat 0
/// waits for someone else, and after the end of a whole game by the rule of thumb.
fn moments(info: &GameInfo, seed: u64, later: usize) -> [String; 3] {
    let mut game = new_game(info, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while !game.to_act().contains(&0) {
        assert!(
            step(game.as_mut(), &mut rng),
            "{}: over before seat 0",
            info.id
        );
    }
    let first = seat0(game.as_ref());
    let mut moves = 0;
    while moves < later || game.to_act().contains(&0) {
        assert!(step(game.as_mut(), &mut rng), "{}: over too soon", info.id);
        moves += 1;
    }
    let waiting = seat0(game.as_ref());
    let mut guard = 0;
    while step(game.as_mut(), &mut rng) {
        guard += 1;
        assert!(guard < 200_000, "{}: no end", info.id);
    }
    [first, waiting, seat0(game.as_ref())]
}

#[test]
fn seat_descriptions_at_the_first_decision_while_waiting_and_after_the_end() {
    for info in GAMES {
        let [first, waiting, end] = moments(info, 7, 9);
        insta::assert_snapshot!(format!("{}_1_first_decision", info.id), first);
        insta::assert_snapshot!(format!("{}_2_waiting", info.id), waiting);
        insta::assert_snapshot!(format!("{}_3_after_the_end", info.id), end);
    }
}

#[test]
fn whist22_blind_round_hides_the_own_card_and_shows_the_others() {
    let info = crate::registry::find("whist22").expect("registered");
    let options = serde_json::json!({ "blind_one_card_round": true });
    let mut game = info
        .create(options, 3, Setup::seeded(3))
        .expect("a seeded setup");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut guard = 0;
    while !game
        .describe(Observer::Seat(0))
        .iter()
        .any(|m| m.key == "whist22-hand-hidden")
    {
        assert!(step(game.as_mut(), &mut rng), "no blind round");
        guard += 1;
        assert!(guard < 10_000, "no blind round");
    }
    let text = seat0(game.as_ref());
    assert!(
        text.contains("Your hand: 1 card, hidden from you in the blind round"),
        "{text}"
    );
    assert!(text.contains("Cards you see: Computer 1 "), "{text}");
    assert!(game.own_cards(0).is_empty());
    let public = en_lines(&game.describe(Observer::Public), &[]);
    assert!(!public.contains("Cards you see"), "{public}");
    insta::assert_snapshot!("whist22_blind_round", text);
}

/// The tone every game gives an action, by the action's JSON: costs are danger, the
/// alternatives to the main move are other, card plays and bids are the main move.
#[test]
fn tones_say_what_an_action_means() {
    use crate::Tone;
    let mut seen = std::collections::BTreeSet::new();
    for info in GAMES {
        for (options, seats) in info.configurations() {
            for seed in 1..=3 {
                let mut game = info
                    .create(options.clone(), seats, Setup::seeded(seed))
                    .expect("a seeded setup");
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                for _ in 0..400 {
                    for seat in game.to_act() {
                        let legal = game.legal_json(seat);
                        for (choice, action) in game.choices(seat).iter().zip(&legal) {
                            let word = match action {
                                serde_json::Value::String(s) => s.clone(),
                                serde_json::Value::Object(o) => {
                                    o.keys().next().cloned().unwrap_or_default()
                                }
                                other => other.to_string(),
                            };
                            let want = match (info.id, word.as_str()) {
                                (_, "surrender") => Tone::Danger,
                                ("red7", "end")
                                    if choice.label.key != "red7-action-end-winning" =>
                                {
                                    Tone::Danger
                                }
                                ("red7", "canvas") if choice.confirm.is_some() => Tone::Danger,
                                ("red7", "end") => Tone::Other,
                                (_, "pass" | "take" | "draw" | "keep" | "silent" | "ter")
                                | (_, "raise" | "discard")
                                    if !(info.id == "paston" && word == "discard") =>
                                {
                                    Tone::Other
                                }
                                _ => Tone::Main,
                            };
                            assert_eq!(
                                choice.tone, want,
                                "{} {}: {}",
                                info.id, action, choice.label.key
                            );
                            seen.insert((info.id, word, format!("{:?}", choice.tone)));
                        }
                    }
                    if !step(game.as_mut(), &mut rng) {
                        break;
                    }
                }
            }
        }
    }
    for tone in ["Danger", "Other", "Main"] {
        assert!(seen.iter().any(|(_, _, t)| t == tone), "no {tone} seen");
    }
}

/// No event sentence of any game, its results among them, carries a computer's name next to the
/// list separator " · " (issue 30: "Computer 2 · normal" once split such lists): every
/// configuration of every game played to its end by the rule of thumb, each sentence worded in
/// English and Finnish with every seat a computer.
#[test]
fn no_sentence_puts_a_list_dot_beside_a_computer_name() {
    for info in GAMES {
        for (options, seats) in info.configurations() {
            let mut game = info
                .create(options.clone(), seats, Setup::seeded(3))
                .expect("a seeded setup");
            let names: Vec<String> = (0..seats)
                .map(|s| format!("Computer {} (normal)", s + 1))
                .collect();
            let mut rng = ChaCha8Rng::seed_from_u64(3);
            let mut told = Vec::new();
            for _ in 0..20_000 {
                let Some(&seat) = game.to_act().first() else {
                    break;
                };
                let index = game.heuristic_index(seat, &mut rng);
                told.extend(game.act_at(seat, index).expect("a legal action").1);
            }
            assert!(game.is_over(), "{} {options:?} does not end", info.id);
            let messages: Vec<Msg> = told.into_iter().map(|t| t.text).collect();
            for lang in ["en-US", "fi"] {
                crate::testing::worded_results(&messages, &names, lang);
            }
        }
    }
}
