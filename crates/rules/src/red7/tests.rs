//! Scenario tests for Red7: every acceptance case R7-1…R7-10 of `docs/rules/red7.md` from an
//! explicit deck (played to the position where reasonable, otherwise arranged by moving cards
//! between the zones of a dealt game), the evaluation functions on their own, the action shapes
//! of the engine protocol, the advanced game's rounds and match end, and the Discord texts.

use super::present::rule_text;
use super::*;
use crate::{check_seats, Game, Present, RuleError};
use pakka_cards::{parse_cards, validate_deck};
use pakka_catalog::{en, en_lines, en_named};
use rand::SeedableRng;

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn set(text: &str) -> CardSet {
    cards(text).into_iter().collect()
}

/// An explicit deck whose deal gives seat `s` the hand cards `hands[s]` (up to 7) and the
/// palette card `palettes[s]`, with `draw` on top of the draw pile (top first). Every slot not
/// given is filled with the remaining cards in new-deck order. Deal order (README): 7 each one at
/// a time from the dealer's left, then 1 palette card each, the rest the draw pile.
fn deck_for(dealer: Seat, hands: &[&str], palettes: &[&str], draw: &str) -> Vec<Card> {
    let n = hands.len();
    let order = seats_from((dealer + 1) % n, n);
    let mut deck: Vec<Option<Card>> = vec![None; 49];
    let mut used = CardSet::new();
    let mut place = |pos: usize, c: Card| {
        assert!(used.insert(c), "{c} twice in the scenario");
        deck[pos] = Some(c);
    };
    for (k, &s) in order.iter().enumerate() {
        let hand = cards(hands[s]);
        assert!(hand.len() <= 7);
        for (j, c) in hand.into_iter().enumerate() {
            place(j * n + k, c);
        }
        let palette = cards(palettes[s]);
        assert!(palette.len() <= 1);
        for c in palette {
            place(7 * n + k, c);
        }
    }
    for (i, c) in cards(draw).into_iter().enumerate() {
        place(8 * n + i, c);
    }
    let mut rest = super::deck().into_iter().filter(|c| !used.contains(*c));
    let deck: Vec<Card> = deck
        .into_iter()
        .map(|slot| slot.or_else(|| rest.next()).unwrap())
        .collect();
    validate_deck(&deck, &super::deck()).unwrap();
    deck
}

fn game(advanced: bool, dealer: Seat, hands: &[&str], palettes: &[&str], draw: &str) -> Red7 {
    let deck = deck_for(dealer, hands, palettes, draw);
    Red7::new(Options { advanced }, hands.len(), Setup::deck(dealer, deck)).unwrap()
}

fn basic(dealer: Seat, hands: &[&str], palettes: &[&str]) -> Red7 {
    game(false, dealer, hands, palettes, "")
}

fn act(g: &mut Red7, seat: Seat, action: Action) -> Vec<Event> {
    g.apply(seat, &action)
        .unwrap_or_else(|e| panic!("{action:?} by {seat} refused: {e:?}"))
}

fn palette(c: &str) -> Action {
    Action::Palette(card(c))
}

fn canvas(c: &str) -> Action {
    Action::Canvas(card(c))
}

/// Takes a card out of whatever zone holds it (used to arrange mid-game positions while keeping
/// every card in exactly one place).
fn take(g: &mut Red7, c: Card) {
    for s in 0..g.n() {
        g.hands[s].remove(c);
        g.palettes[s].remove(c);
    }
    g.draw.retain(|&d| d != c);
    g.canvas.retain(|&d| d != c);
}

/// Arranges: moves the given cards into `seat`'s palette.
fn put_in_palette(g: &mut Red7, seat: Seat, text: &str) {
    for c in cards(text) {
        take(g, c);
        g.palettes[seat].insert(c);
    }
}

/// Arranges: moves the given cards onto the canvas (the last one on top).
fn put_on_canvas(g: &mut Red7, text: &str) {
    for c in cards(text) {
        take(g, c);
        g.canvas.push(c);
    }
}

fn names(n: usize) -> Vec<String> {
    ["Ann", "Bob", "Cy", "Di"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn label_of(g: &Red7, seat: Seat, action: Action) -> String {
    en_named(
        &Red7::label(&g.view(Observer::Seat(seat)), &action),
        &names(g.n()),
    )
}

fn confirm_of(g: &Red7, seat: Seat, action: Action) -> Option<String> {
    Red7::confirm(&g.view(Observer::Seat(seat)), &action).map(|m| en(&m))
}

fn all_cards_once(g: &Red7) {
    let mut seen = CardSet::new();
    for z in g.zones() {
        for c in z.cards {
            assert!(seen.insert(c), "{c} twice");
        }
    }
    assert_eq!(seen.len(), 49);
}

// ---- the protocol ----------------------------------------------------------------------------

#[test]
fn action_shapes_match_the_protocol() {
    let shapes = [
        (palette("R7"), r#"{"palette":"R7"}"#),
        (canvas("B2"), r#"{"canvas":"B2"}"#),
        (Action::End, r#""end""#),
    ];
    for (action, json) in shapes {
        assert_eq!(serde_json::to_string(&action).unwrap(), json);
        assert_eq!(serde_json::from_str::<Action>(json).unwrap(), action);
    }
    assert_eq!(
        serde_json::from_str::<Action>(r#"{"palette":"r7"}"#).unwrap(),
        palette("R7")
    );
    for bad in [
        r#""pass""#,
        r#"{"palette":"R8"}"#,
        r#"{"canvas":["B2"]}"#,
        r#"{"palette":"R7","canvas":"B2"}"#,
    ] {
        assert!(serde_json::from_str::<Action>(bad).is_err(), "{bad}");
    }
}

#[test]
fn options_are_named_as_the_protocol_says() {
    assert_eq!(
        serde_json::to_value(Options::default()).unwrap(),
        serde_json::json!({"advanced": false})
    );
    let o: Options = serde_json::from_str(r#"{"advanced":true}"#).unwrap();
    assert!(o.advanced);
    assert_eq!(
        serde_json::from_str::<Options>("{}").unwrap(),
        Options::default()
    );
    assert!(serde_json::from_str::<Options>(r#"{"advanced":"yes"}"#).is_err());
    assert!(serde_json::from_str::<Options>(r#"{"actions":true}"#).is_err());
    for seats in [1, 5] {
        assert!(matches!(
            check_seats::<Red7>(&Options::default(), seats),
            Err(SetupError::Seats { .. })
        ));
    }
    let basic = Red7::new(Options::default(), 3, Setup::seeded(1)).unwrap();
    assert_eq!(basic.status().scores, None);
    assert_eq!(basic.status().deal, 1);
    let advanced = Red7::new(Options { advanced: true }, 3, Setup::seeded(1)).unwrap();
    assert_eq!(advanced.status().scores, Some(vec![0, 0, 0]));
}

#[test]
fn deal_follows_the_readme_order() {
    let deck = super::deck();
    let g = Red7::new(Options::default(), 3, Setup::deck(0, deck.clone())).unwrap();
    // Seat 1 (the dealer's left) receives cards 0, 3, 6, …; then the palettes 21, 22, 23.
    let hand1: CardSet = (0..7).map(|j| deck[3 * j]).collect();
    let hand2: CardSet = (0..7).map(|j| deck[3 * j + 1]).collect();
    let hand0: CardSet = (0..7).map(|j| deck[3 * j + 2]).collect();
    assert_eq!(g.hands, vec![hand0, hand1, hand2]);
    assert_eq!(g.palettes[1].to_vec(), vec![deck[21]]);
    assert_eq!(g.palettes[2].to_vec(), vec![deck[22]]);
    assert_eq!(g.palettes[0].to_vec(), vec![deck[23]]);
    assert_eq!(g.draw.len(), 25);
    assert_eq!(g.draw.last(), Some(&deck[24]), "the next card is on top");
    assert_eq!(g.rule(), Colour::Red);
    assert!(g.canvas.is_empty());
    all_cards_once(&g);
}

// ---- the evaluation on its own ---------------------------------------------------------------

#[test]
fn strength_compares_number_then_colour() {
    assert!(strength(card("V2")) > strength(card("R1")));
    assert!(strength(card("O6")) > strength(card("G6")));
    assert!(strength(card("R7")) > strength(card("O7")));
    let mut all = super::deck();
    all.sort_by_key(|&c| strength(c));
    assert_eq!(all.first(), Some(&card("V1")));
    assert_eq!(all.last(), Some(&card("R7")));
    let distinct: std::collections::HashSet<u8> = all.iter().map(|&c| strength(c)).collect();
    assert_eq!(distinct.len(), 49);
}

#[test]
fn qualifying_sets_follow_the_table() {
    let p = set("R3 O3 Y5 G6 B2 B4 I1 V7");
    assert_eq!(qualifying(Colour::Red, p), set("V7"));
    assert_eq!(qualifying(Colour::Orange, p), set("R3 O3"));
    assert_eq!(qualifying(Colour::Yellow, p), set("B2 B4"));
    assert_eq!(qualifying(Colour::Green, p), set("G6 B2 B4"));
    assert_eq!(qualifying(Colour::Blue, p), set("R3 O3 Y5 G6 B4 I1 V7"));
    assert_eq!(qualifying(Colour::Indigo, p), set("I1 B2 R3 B4 Y5 G6 V7"));
    assert_eq!(qualifying(Colour::Violet, p), set("R3 O3 B2 I1"));
    for rule in Colour::ALL {
        assert_eq!(qualifying(rule, CardSet::EMPTY), CardSet::EMPTY);
        assert_eq!(score(rule, CardSet::EMPTY), None);
    }
    // Indigo: the highest card of each number; equal runs → the higher run.
    assert_eq!(
        qualifying(Colour::Indigo, set("V1 B2 Y5 R6 V6")),
        set("R6 Y5")
    );
    // Yellow: equal colour groups → the group with the stronger top card.
    assert_eq!(qualifying(Colour::Yellow, set("R1 R2 V6 V3")), set("V6 V3"));
    assert_eq!(
        score(Colour::Green, set("R1 B4 V6")),
        Some(Score {
            count: 2,
            best: card("V6")
        })
    );
    assert_eq!(score(Colour::Green, set("R1 B3")), None);
}

#[test]
fn leader_needs_a_strictly_best_non_empty_score() {
    let palettes = |specs: &[&str]| -> Vec<(Seat, CardSet)> {
        specs.iter().enumerate().map(|(s, t)| (s, set(t))).collect()
    };
    assert_eq!(leader(Colour::Green, palettes(&["R1", "O3", "B5"])), None);
    assert_eq!(
        leader(Colour::Green, palettes(&["R1", "O3 V2", "B5"])),
        Some(1)
    );
    // Count first, then the strongest qualifying card.
    assert_eq!(leader(Colour::Violet, palettes(&["V1 I2", "R3"])), Some(0));
    assert_eq!(leader(Colour::Violet, palettes(&["V1", "R3"])), Some(1));
    assert_eq!(canvas_rule(&[]), Colour::Red);
    assert_eq!(canvas_rule(&cards("G2 I5")), Colour::Indigo);
    assert_eq!(en(&rule_text(Colour::Blue)), "most different colours");
}

// ---- R7-1 … R7-10 ----------------------------------------------------------------------------

#[test]
fn r7_1_the_player_left_of_the_winner_starts() {
    for dealer in 0..3 {
        let g = basic(dealer, &["", "", ""], &["Y5", "G6", "O6"]);
        assert_eq!(g.winning(), Some(2), "O6 > G6 > Y5");
        assert_eq!(g.to_act(), vec![0], "dealer {dealer}");
    }
    let g = basic(0, &["", ""], &["R7", "V1"]);
    assert_eq!((g.winning(), g.to_act()), (Some(0), vec![1]));
}

#[test]
fn r7_2_red_highest_card_wins() {
    assert_eq!(
        leader(Colour::Red, [(0, set("R3 B7")), (1, set("O7"))]),
        Some(1),
        "O7 > B7"
    );
    // Played: s0 (palette R3) adds B7 under Red while s1 shows O7.
    let mut g = basic(1, &["B7", ""], &["R3", "O7"]);
    assert_eq!(g.to_act(), vec![0]);
    assert_eq!(
        label_of(&g, 0, palette("B7")),
        "Blue 7 → palette · not winning"
    );
    act(&mut g, 0, palette("B7"));
    assert_eq!(g.palette(0), set("R3 B7"));
    assert_eq!(g.winning(), Some(1));
}

#[test]
fn r7_3_orange_ties_go_to_the_stronger_group() {
    let (s0, s1) = (set("R3 B3 V5"), set("Y5 G5 R1"));
    assert_eq!(qualifying(Colour::Orange, s0), set("R3 B3"));
    assert_eq!(qualifying(Colour::Orange, s1), set("Y5 G5"));
    assert_eq!(leader(Colour::Orange, [(0, s0), (1, s1)]), Some(1));

    // Played from the deal: s0 shows V5 (winning under Red), so s1 starts.
    let mut g = basic(1, &["R3 V2 B3", "Y5 G5 O4"], &["V5", "R1"]);
    assert_eq!(g.to_act(), vec![1]);
    act(&mut g, 1, palette("Y5"));
    act(&mut g, 1, Action::End);
    act(&mut g, 0, palette("R3"));
    assert_eq!(
        label_of(&g, 0, canvas("V2")),
        "Violet 2 → canvas (Violet) · winning"
    );
    act(&mut g, 0, canvas("V2"));
    assert_eq!(g.winning(), Some(0), "Violet: R3 beats R1");
    act(&mut g, 1, palette("G5"));
    act(&mut g, 1, canvas("O4"));
    assert!(g.is_active(1));
    assert_eq!(g.rule(), Colour::Orange);
    assert_eq!(
        label_of(&g, 0, palette("B3")),
        "Blue 3 → palette · not winning"
    );
    act(&mut g, 0, palette("B3"));
    assert_eq!((g.palette(0), g.palette(1)), (s0, s1));
    assert_eq!(g.winning(), Some(1), "Y5 beats R3");
}

#[test]
fn r7_4_indigo_longest_run_counts_a_number_once() {
    let s0 = set("R1 O2 Y3 G5 B6");
    let s1 = set("I4 V5 R5 O6 Y7");
    assert_eq!(qualifying(Colour::Indigo, s0), set("R1 O2 Y3"));
    assert_eq!(qualifying(Colour::Indigo, s1), set("I4 R5 O6 Y7"));
    assert_eq!(score(Colour::Indigo, s1).map(|s| s.count), Some(4));
    assert_eq!(leader(Colour::Indigo, [(0, s0), (1, s1)]), Some(1));

    // Arranged: the palettes and an Indigo canvas moved into place from a dealt game.
    let mut g = basic(1, &["", ""], &["R1", "I4"]);
    put_in_palette(&mut g, 0, "O2 Y3 G5 B6");
    put_in_palette(&mut g, 1, "V5 R5 O6 Y7");
    put_on_canvas(&mut g, "I2");
    all_cards_once(&g);
    assert_eq!(g.rule(), Colour::Indigo);
    assert_eq!(g.winning(), Some(1));
}

#[test]
fn r7_5_blue_counts_different_colours() {
    let (s0, s1) = (set("R1 O2 Y3"), set("R7 R6 O5"));
    assert_eq!(qualifying(Colour::Blue, s1), set("R7 O5"));
    assert_eq!(leader(Colour::Blue, [(0, s0), (1, s1)]), Some(0));
    // Played: s0 (R1, O2) adds Y3 and turns the canvas Blue against s1's R7 R6 O5.
    let mut g = basic(1, &["Y3 B1", ""], &["R1", "R7"]);
    put_in_palette(&mut g, 0, "O2");
    put_in_palette(&mut g, 1, "R6 O5");
    act(&mut g, 0, palette("Y3"));
    assert_eq!(
        label_of(&g, 0, canvas("B1")),
        "Blue 1 → canvas (Blue) · winning"
    );
    act(&mut g, 0, canvas("B1"));
    assert!(g.is_active(0));
    assert_eq!(g.winning(), Some(0));
}

#[test]
fn r7_6_violet_without_low_cards_nobody_wins() {
    assert_eq!(score(Colour::Violet, set("R4 O5 Y7")), None);
    assert_eq!(
        leader(Colour::Violet, [(0, set("R4 O6")), (1, set("O5"))]),
        None
    );
    // Played: s0 takes the lead under Red, then turns the canvas Violet: nobody has a card
    // below 4, so s0 is not winning and goes out.
    let mut g = basic(1, &["O6 V7", ""], &["R4", "O5"]);
    assert_eq!(g.to_act(), vec![0]);
    assert_eq!(
        label_of(&g, 0, palette("O6")),
        "Orange 6 → palette · winning"
    );
    act(&mut g, 0, palette("O6"));
    assert_eq!(
        label_of(&g, 0, canvas("V7")),
        "Violet 7 → canvas (Violet) · not winning"
    );
    assert!(confirm_of(&g, 0, canvas("V7")).is_some());
    let events = act(&mut g, 0, canvas("V7"));
    assert_eq!(g.winning(), None);
    assert!(events.contains(&Event::Out {
        seat: 0,
        reason: OutReason::NotWinning
    }));
    assert!(!g.is_active(0));
    assert_eq!(g.status().ranking, Some(vec![vec![1], vec![0]]));
}

#[test]
fn r7_7_a_canvas_play_changes_the_rule_and_keeps_the_player_in() {
    let mut g = basic(1, &["G4 G6", ""], &["G2", "R7"]);
    assert_eq!((g.winning(), g.to_act()), (Some(1), vec![0]));
    act(&mut g, 0, palette("G4"));
    assert_eq!(g.palette(0), set("G2 G4"));
    assert_eq!(
        label_of(&g, 0, canvas("G6")),
        "Green 6 → canvas (Green) · winning"
    );
    assert_eq!(confirm_of(&g, 0, canvas("G6")), None);
    let events = act(&mut g, 0, canvas("G6"));
    assert_eq!(g.rule(), Colour::Green);
    assert_eq!(g.canvas(), &cards("G6")[..]);
    assert_eq!(g.winning(), Some(0));
    assert!(g.is_active(0));
    assert!(!events.iter().any(|e| matches!(e, Event::Out { .. })));
    assert_eq!(g.to_act(), vec![1], "the canvas play ended the turn");
    assert!(events.contains(&Event::TurnPassed { seat: 1 }));
}

#[test]
fn r7_8_ending_a_turn_not_winning_is_elimination() {
    let mut g = basic(1, &["B1", ""], &["R3", "O7"]);
    act(&mut g, 0, palette("B1"));
    assert_eq!(label_of(&g, 0, Action::End), "End turn · not winning: out");
    assert_eq!(
        confirm_of(&g, 0, Action::End).as_deref(),
        Some("You are not winning: end your turn and be out?")
    );
    let events = act(&mut g, 0, Action::End);
    assert!(events.contains(&Event::Out {
        seat: 0,
        reason: OutReason::NotWinning
    }));
    assert!(g.is_over());
    let status = g.status();
    assert_eq!(status.ranking, Some(vec![vec![1], vec![0]]));
    assert_eq!((status.scores, status.deal), (None, 1));
    assert!(status.to_act.is_empty());
    assert_eq!(g.apply(1, &Action::End), Err(RuleError::GameOver));
    all_cards_once(&g);
}

#[test]
fn ranking_is_reverse_order_of_elimination() {
    // s2 shows R7 (winning), s0 starts; s0 and then s1 play nothing and go out.
    let mut g = basic(2, &["", "", ""], &["R1", "R2", "R7"]);
    assert_eq!(g.to_act(), vec![0]);
    act(&mut g, 0, Action::End);
    assert_eq!(g.to_act(), vec![1]);
    act(&mut g, 1, Action::End);
    assert_eq!(g.status().ranking, Some(vec![vec![2], vec![1], vec![0]]));
    // Turns skip seats that are out.
    let mut g = basic(3, &["", "", "", ""], &["R1", "R2", "R3", "R7"]);
    assert_eq!(g.to_act(), vec![0]);
    act(&mut g, 0, Action::End);
    act(&mut g, 1, Action::End);
    let first = g.hand(2).first().unwrap();
    act(&mut g, 2, Action::Palette(first));
    // s2 stays only if winning; either way the turn never returns to seats 0 and 1.
    act(&mut g, 2, Action::End);
    if !g.is_over() {
        assert_eq!(g.to_act(), vec![3]);
    }
}

#[test]
fn r7_9_advanced_canvas_draw_when_the_number_beats_the_palette_size() {
    for (discard, draws) in [("B5", true), ("B3", false)] {
        // s1 shows R2 (winning), s0 starts; both build under Red until s0 holds 3 palette cards.
        let mut g = game(true, 1, &["R5 R7 B5 B3", "R6"], &["R1", "R2"], "G7 G1");
        assert_eq!(g.to_act(), vec![0]);
        act(&mut g, 0, palette("R5"));
        act(&mut g, 0, Action::End);
        act(&mut g, 1, palette("R6"));
        act(&mut g, 1, Action::End);
        act(&mut g, 0, palette("R7"));
        assert_eq!(g.palette(0).len(), 3);
        let label = label_of(&g, 0, canvas(discard));
        assert_eq!(label.ends_with(" · draw 1"), draws, "{label}");
        let hand = g.hand(0).len();
        let pile = g.draw_pile_len();
        let events = act(&mut g, 0, canvas(discard));
        assert_eq!(
            events.contains(&Event::Drew { seat: 0 }),
            draws,
            "{discard}"
        );
        if draws {
            assert_eq!(g.hand(0).len(), hand);
            assert!(g.hand(0).contains(card("G7")), "the top card is drawn");
            assert_eq!(g.draw_pile_len(), pile - 1);
        } else {
            assert_eq!(g.hand(0).len(), hand - 1);
            assert_eq!(g.draw_pile_len(), pile);
        }
        assert!(g.is_active(0), "Blue: R7 beats R6");
        all_cards_once(&g);
    }
    // The basic game never draws.
    let mut g = game(false, 1, &["R5 B7", ""], &["R1", "R2"], "G7");
    act(&mut g, 0, palette("R5"));
    let events = act(&mut g, 0, canvas("B7"));
    assert!(!events.contains(&Event::Drew { seat: 0 }));
    assert_eq!(g.draw_pile_len(), 49 - 16);
}

#[test]
fn r7_10_advanced_round_winner_scores_the_qualifying_cards() {
    // s1 shows R3 (winning), s0 starts. Arranged: s0's palette gets B4 Y5 V6 besides its R2.
    let first = deck_for(1, &["G1", ""], &["R2", "R3"], "");
    let second: Vec<Card> = super::deck().into_iter().rev().collect();
    let setup = Setup {
        seed: 0,
        dealer: Some(1),
        decks: vec![first, second.clone()],
    };
    let mut g = Red7::new(Options { advanced: true }, 2, setup).unwrap();
    put_in_palette(&mut g, 0, "B4 Y5 V6");
    assert_eq!(
        label_of(&g, 0, canvas("G1")),
        "Green 1 → canvas (Green) · winning"
    );
    act(&mut g, 0, canvas("G1"));
    assert!(g.is_active(0));
    assert_eq!(
        label_of(&g, 1, Action::End),
        "End turn · nothing played: out"
    );
    let events = act(&mut g, 1, Action::End);
    assert!(events.contains(&Event::RoundWon {
        seat: 0,
        round: 1,
        cards: cards("R2 B4 V6"),
        points: 12,
    }));
    let status = g.status();
    assert_eq!(status.scores, Some(vec![12, 0]));
    assert_eq!(status.deal, 2);
    assert!(!status.over);
    assert_eq!(g.scored[0], cards("R2 B4 V6"));
    all_cards_once(&g);
    // Round 2 deals the second deck with the scored cards left out.
    let rest: Vec<Card> = second
        .into_iter()
        .filter(|c| !set("R2 B4 V6").contains(*c))
        .collect();
    assert_eq!(g.hand(0), (0..7).map(|j| rest[2 * j]).collect());
    assert_eq!(g.hand(1), (0..7).map(|j| rest[2 * j + 1]).collect());
    assert_eq!(g.draw_pile_len(), 46 - 16);
    assert!(g.canvas().is_empty() && g.is_active(0) && g.is_active(1));
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::RoundStarted { round: 2, .. })));
    let view = g.view(Observer::Public);
    assert_eq!(view.scored[0], cards("R2 B4 V6"));
    let text = en_lines(&Red7::describe(&view), &names(2));
    assert!(
        text.contains("Round 2 · scores: Ann 12 points · Bob 0 points (match to 40 points)"),
        "{text}"
    );
    assert!(
        text.contains("Round 1: Ann won and scored 12 (Red 2 · Blue 4 · Violet 6)"),
        "{text}"
    );
}

// ---- the advanced match ----------------------------------------------------------------------

#[test]
fn advanced_match_ends_at_the_target() {
    let mut g = game(true, 1, &["G1", ""], &["R2", "R3"], "");
    put_in_palette(&mut g, 0, "B4 Y5 V6");
    g.points[0] = 30; // arranged: a match already under way
    act(&mut g, 0, canvas("G1"));
    let events = act(&mut g, 1, Action::End);
    assert!(g.is_over());
    assert!(events.contains(&Event::GameOver {
        ranking: vec![vec![0], vec![1]],
        scoring: Some(MatchEnd {
            points: 42,
            target: 40
        }),
    }));
    let status = g.status();
    assert_eq!(status.scores, Some(vec![42, 0]));
    assert_eq!(status.deal, 1);
    all_cards_once(&g);
    assert_eq!(target(2), 40);
    assert_eq!(target(3), 35);
    assert_eq!(target(4), 30);
}

#[test]
fn advanced_match_ends_when_fewer_than_8n_cards_remain() {
    // Four players need 32 cards; the 17-card draw pile is arranged into seat 3's scored pile
    // (worth no points), so the next round cannot be dealt.
    let mut g = game(true, 3, &["", "", "", ""], &["R1", "R2", "R3", "R7"], "");
    let pile = std::mem::take(&mut g.draw);
    g.scored[3] = pile;
    assert_eq!(g.to_act(), vec![0]);
    act(&mut g, 0, Action::End);
    act(&mut g, 1, Action::End);
    let events = act(&mut g, 2, Action::End);
    assert!(g.is_over());
    assert!(events.contains(&Event::GameOver {
        ranking: vec![vec![3], vec![0, 1, 2]],
        scoring: Some(MatchEnd {
            points: 7,
            target: 30
        }),
    }));
    let status = g.status();
    assert_eq!(status.scores, Some(vec![0, 0, 0, 7]));
    assert_eq!(status.ranking, Some(vec![vec![3], vec![0, 1, 2]]));
    all_cards_once(&g);
}

#[test]
fn seeded_matches_end_with_the_winner_at_the_target_or_the_deck_short() {
    for seed in 0..20 {
        let mut g = Red7::new(Options { advanced: true }, 3, Setup::seeded(seed)).unwrap();
        let mut steps = 0;
        while !g.is_over() {
            let seat = g.to_act()[0];
            let legal = g.legal_actions(seat);
            let pick = legal[(seed as usize + steps) % legal.len()];
            act(&mut g, seat, pick);
            steps += 1;
            assert!(steps < 5_000);
        }
        let scores = g.status().scores.unwrap();
        let scored: usize = g.scored.iter().map(Vec::len).sum();
        assert!(
            scores.iter().any(|&p| p >= 35) || 49 - scored < 24,
            "seed {seed}: {scores:?}"
        );
        let best = *scores.iter().max().unwrap();
        assert!(g.status().ranking.unwrap()[0]
            .iter()
            .all(|&s| scores[s] == best));
    }
}

// ---- turns, refusals, views ------------------------------------------------------------------

#[test]
fn turn_steps_and_refusals() {
    let mut g = basic(1, &["R5 B2 G3 R3", "O1"], &["R1", "R2"]);
    let legal = g.legal_actions(0);
    assert_eq!(legal.len(), 2 * 7 + 1);
    assert_eq!(legal.last(), Some(&Action::End));
    assert!(g.legal_actions(1).is_empty());
    let before = g.clone();
    let refuse = |g: &mut Red7, seat: Seat, a: Action| -> Refusal {
        match g.apply(seat, &a) {
            Err(RuleError::Illegal(r)) => r,
            other => panic!("{a:?} not refused as illegal: {other:?}"),
        }
    };
    assert_eq!(
        g.apply(1, &Action::End),
        Err(RuleError::NotYourTurn {
            seat: 1,
            to_act: vec![0]
        })
    );
    let held = refuse(&mut g, 0, palette("O1"));
    assert_eq!(held, Refusal::NotHeld(card("O1")));
    assert_eq!(en(&Red7::reason(&held)), "You do not hold O1.");
    let foreign = refuse(&mut g, 0, canvas("AS"));
    assert_eq!(foreign, Refusal::NotARed7Card(card("AS")));
    assert_eq!(en(&Red7::reason(&foreign)), "A♠ is not a Red7 card.");
    assert_eq!(g, before, "refusals change nothing");
    act(&mut g, 0, palette("R5"));
    assert_eq!(
        g.legal_actions(0).len(),
        6 + 1,
        "only canvas plays and the end"
    );
    let again = refuse(&mut g, 0, palette("B2"));
    assert_eq!(again, Refusal::PaletteDone);
    assert_eq!(
        en(&Red7::reason(&again)),
        "You have already played to your palette this turn: play a card to the canvas or end \
         your turn."
    );
    // A canvas card of the current rule's colour is allowed.
    act(&mut g, 0, canvas("R3"));
    assert_eq!(g.rule(), Colour::Red);
}

#[test]
fn an_empty_hand_can_only_end_and_is_out() {
    let mut g = basic(1, &["", ""], &["R1", "R2"]);
    // Arranged: s0's hand goes to the bottom of the draw pile.
    let hand = std::mem::take(&mut g.hands[0]);
    g.draw.splice(0..0, hand);
    all_cards_once(&g);
    assert_eq!(g.legal_actions(0), vec![Action::End]);
    assert_eq!(
        label_of(&g, 0, Action::End),
        "End turn · no cards left: out"
    );
    assert_eq!(confirm_of(&g, 0, Action::End), None);
    assert_eq!(
        g.apply(0, &palette("R5")),
        Err(RuleError::Illegal(Refusal::NoCards))
    );
    assert_eq!(
        en(&Red7::reason(&Refusal::NoCards)),
        "You have no cards left: you can only end your turn."
    );
    let events = act(&mut g, 0, Action::End);
    assert!(events.contains(&Event::Out {
        seat: 0,
        reason: OutReason::NothingPlayed
    }));
}

#[test]
fn playing_the_last_card_to_the_palette_leaves_only_the_end() {
    let mut g = basic(1, &["R7", ""], &["R1", "R2"]);
    let hand: Vec<Card> = g.hand(0).iter().filter(|&c| c != card("R7")).collect();
    for c in hand {
        take(&mut g, c);
        g.draw.insert(0, c);
    }
    act(&mut g, 0, palette("R7"));
    assert_eq!(g.legal_actions(0), vec![Action::End]);
    assert_eq!(label_of(&g, 0, Action::End), "End turn · winning");
    assert_eq!(confirm_of(&g, 0, Action::End), None);
    act(&mut g, 0, Action::End);
    assert!(g.is_active(0));
}

#[test]
fn ending_with_nothing_played_is_out_even_when_winning() {
    // s0 shows R7 (winning), s1 starts and turns the canvas Green, making s2 (G2) the winner
    // and going out itself; s2 then starts its turn winning.
    let mut g = basic(2, &["", "G3", ""], &["R7", "R1", "G2"]);
    assert_eq!(g.to_act(), vec![1]);
    act(&mut g, 1, canvas("G3"));
    assert!(!g.is_active(1));
    assert_eq!((g.to_act(), g.winning()), (vec![2], Some(2)));
    assert_eq!(
        label_of(&g, 2, Action::End),
        "End turn · nothing played: out"
    );
    assert_eq!(
        confirm_of(&g, 2, Action::End).as_deref(),
        Some("You have played nothing: end your turn and be out?")
    );
    let events = act(&mut g, 2, Action::End);
    assert!(events.contains(&Event::Out {
        seat: 2,
        reason: OutReason::NothingPlayed
    }));
    assert_eq!(g.status().ranking, Some(vec![vec![0], vec![2], vec![1]]));
}

#[test]
fn views_hide_hands_and_the_cards_of_seats_that_are_out() {
    let mut g = basic(2, &["", "G3", ""], &["R7", "R1", "G2"]);
    act(&mut g, 1, canvas("G3"));
    let zones = g.zones();
    let seen = |name: &str| zones.iter().find(|z| z.name == name).unwrap().seen;
    assert_eq!(seen("hand 0"), Seen::Only(0));
    assert_eq!(seen("hand 1"), Seen::Nobody);
    assert_eq!(seen("palette 1"), Seen::Nobody);
    assert_eq!(seen("palette 0"), Seen::All);
    assert_eq!(seen("draw pile"), Seen::Nobody);
    assert_eq!(seen("canvas"), Seen::All);
    assert_eq!(seen("scored 0"), Seen::All);
    let public = g.view(Observer::Public);
    assert!(public.hand.is_empty());
    assert!(public.palettes[1].is_empty());
    assert_eq!(public.face_down[1], 7);
    assert_eq!(public.hand_sizes, vec![7, 0, 7]);
    assert_eq!(g.view(Observer::Seat(0)).hand, g.hand(0).to_vec());
    assert!(
        g.view(Observer::Seat(1)).hand.is_empty(),
        "a seat that is out has its cards face down"
    );
    let json = serde_json::to_value(&public).unwrap();
    assert_eq!(json["rule"], "Green");
}

#[test]
fn describe_shows_the_table() {
    let mut g = game(false, 1, &["Y3 B1", ""], &["R1", "R7"], "O2");
    put_in_palette(&mut g, 0, "O2");
    act(&mut g, 0, palette("Y3"));
    act(&mut g, 0, canvas("B1"));
    let text = en_lines(&Red7::describe(&g.view(Observer::Seat(1))), &names(2));
    for line in [
        "Canvas: Blue: most different colours (top Blue 1)",
        "Ann — palette Yellow 3 · Orange 2 · Red 1 · 5 cards in hand · winning",
        "Bob — palette Red 7 · 7 cards in hand",
        "Winning now: Ann",
        "Draw pile: 32 cards",
        "Turn: Bob",
        "Your hand: ",
    ] {
        assert!(text.contains(line), "{line:?} missing in\n{text}");
    }
    assert!(!text.contains("scores"), "the basic game keeps no scores");
    act(&mut g, 1, Action::End);
    let text = en_lines(&Red7::describe(&g.view(Observer::Public)), &names(2));
    assert!(
        text.contains("Bob — out of the round, the first to drop out · 8 cards face down"),
        "{text}"
    );
    assert!(text.contains("Game over: Ann won."), "{text}");
    assert!(!text.contains("Your hand"));
}

#[test]
fn labels_fit_a_button_and_say_winning_or_not() {
    for seed in 0..30 {
        let mut g = Red7::new(
            Options {
                advanced: seed % 2 == 0,
            },
            4,
            Setup::seeded(seed),
        )
        .unwrap();
        while !g.is_over() {
            let seat = g.to_act()[0];
            let view = g.view(Observer::Seat(seat));
            let legal = g.legal_actions(seat);
            for a in &legal {
                let label = en_named(&Red7::label(&view, a), &names(4));
                assert!(label.chars().count() <= 80 && !label.is_empty());
                // The label's promise holds: apply the action and look.
                if let Action::Palette(_) | Action::Canvas(_) = a {
                    let mut probe = g.clone();
                    let events = act(&mut probe, seat, *a);
                    let promised = !label.contains("not winning");
                    let stays = match a {
                        Action::Canvas(_) => !events
                            .iter()
                            .any(|e| matches!(e, Event::Out { seat: s, .. } if *s == seat)),
                        _ => probe.winning() == Some(seat),
                    };
                    assert_eq!(promised, stays, "{label}");
                    assert_eq!(
                        Red7::confirm(&view, a).is_some(),
                        matches!(a, Action::Canvas(_)) && !stays
                    );
                }
            }
            let a = legal[(seed as usize * 7 + g.hand(seat).len()) % legal.len()];
            act(&mut g, seat, a);
        }
    }
}

#[test]
fn determinization_keeps_what_the_seat_sees() {
    let mut g = basic(2, &["", "G3", ""], &["R7", "R1", "G2"]);
    act(&mut g, 1, canvas("G3"));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for seat in 0..3 {
        let d = g.determinize(seat, &mut rng);
        assert_eq!(d.view(Observer::Seat(seat)), g.view(Observer::Seat(seat)));
        assert_eq!(d.legal_actions(seat), g.legal_actions(seat));
        assert_eq!(d.status(), g.status());
        assert_eq!(d.palettes[0], g.palettes[0]);
        assert_eq!(d.canvas, g.canvas);
        all_cards_once(&d);
    }
    // Seat 0 sees its own hand and the face-up palettes; the rest may move.
    let hidden_before: CardSet = g.hands[2]
        .union(g.hands[1])
        .union(g.palettes[1])
        .union(g.draw.iter().copied().collect());
    let d = g.determinize(0, &mut rng);
    assert_eq!(d.hands[0], g.hands[0]);
    let hidden_after: CardSet = d.hands[2]
        .union(d.hands[1])
        .union(d.palettes[1])
        .union(d.draw.iter().copied().collect());
    assert_eq!(hidden_before, hidden_after);
}

#[test]
fn events_and_confirm_questions_read_well() {
    let mut g = basic(1, &["O6 V7", ""], &["R4", "O5"]);
    let told = |events: &[Event]| -> Vec<String> {
        events
            .iter()
            .map(|e| en_named(&Red7::event(e), &names(2)))
            .collect()
    };
    assert_eq!(
        told(&act(&mut g, 0, palette("O6"))),
        vec!["Ann plays Orange 6 to their palette."]
    );
    assert_eq!(
        confirm_of(&g, 0, canvas("V7")).as_deref(),
        Some("With Violet 7 on the canvas (Violet) you are not winning: play it and be out?")
    );
    assert_eq!(
        told(&act(&mut g, 0, canvas("V7"))),
        vec![
            "Ann plays Violet 7 to the canvas: the rule is now Violet.",
            "Ann is not winning at the end of their turn and is out.",
            "Bob is the last player standing (everyone else is out) and wins round 1.",
            "Game over: Bob won.",
        ]
    );
    let scored = Event::RoundWon {
        seat: 0,
        round: 2,
        cards: cards("R1"),
        points: 1,
    };
    assert_eq!(
        en_named(&Red7::event(&scored), &names(2)),
        "Ann is the last player standing (everyone else is out) and wins round 2, scoring 1 \
         point: the numbers of their palette cards that follow the last rule (Red 1)."
    );
    let shared = Event::GameOver {
        ranking: vec![vec![0, 2], vec![1]],
        scoring: None,
    };
    assert_eq!(
        en_named(&Red7::event(&shared), &names(3)),
        "Game over: Ann and Cy won."
    );
}

#[test]
fn the_picture_shows_the_canvas_and_its_rule_the_palettes_the_winner_and_who_is_out() {
    use crate::picture::{Face, Mark};
    use crate::Presentation;
    let g = basic(2, &["", "G3", ""], &["R7", "R1", "G2"]);
    // The starting Red card is no card of the deck: an empty place with the rule on it.
    let scene = Presentation::picture(&g, Observer::Public);
    let start = &scene.middle[0];
    assert!(start.cards.is_empty());
    assert_eq!(en(start.label.as_ref().unwrap()), "Canvas: Red");
    assert_eq!(en(start.on_top.as_ref().unwrap()), "highest card");
    assert_eq!(start.mark, Mark::Leading);
    assert_eq!(scene.seats[0].mark, Mark::Leading);
    assert!(scene.seats[1].to_act);
    let mut g = g;
    act(&mut g, 1, canvas("G3"));
    let scene = Presentation::picture(&g, Observer::Public);
    let canvas = &scene.middle[0];
    assert_eq!(canvas.cards, vec![Face::Up(card("G3"))]);
    assert_eq!(en(canvas.label.as_ref().unwrap()), "Canvas: Green");
    assert_eq!(en(canvas.on_top.as_ref().unwrap()), "most even cards");
    assert_eq!(scene.middle[1].len(), 49 - 21 - 3);
    assert_eq!(scene.middle[1].cards, vec![Face::Down]);
    // Green: seat 2's G2 wins; seat 1 is out with its cards face down.
    let (s0, s1, s2) = (&scene.seats[0], &scene.seats[1], &scene.seats[2]);
    assert_eq!((s2.mark, s2.piles[0].mark), (Mark::Leading, Mark::Leading));
    assert_eq!(s2.piles[0].cards, vec![Face::Up(card("G2"))]);
    assert!(s2.to_act);
    assert_eq!((s0.mark, s0.piles[0].mark), (Mark::None, Mark::None));
    assert_eq!(s0.hand, Some(7));
    assert_eq!((s1.mark, s1.piles[0].mark), (Mark::Out, Mark::Out));
    assert_eq!(s1.piles[0].cards, vec![Face::Down]);
    assert_eq!(s1.piles[0].len(), 7);
    assert_eq!(s1.hand, None);
    assert_eq!(en(&s1.lines[0]), "Out 1st");
    // The seat to act may play any card of its hand, held by colour, Red first.
    let own = Presentation::picture(&g, Observer::Seat(2));
    let hand = own.hand.as_ref().unwrap();
    assert!(hand.to_act && hand.cards().all(|h| h.legal));
    let colours: Vec<Colour> = hand.groups.iter().map(|g| colour(g[0].card)).collect();
    assert!(colours.windows(2).all(|w| w[0] < w[1]), "{colours:?}");
    // The seat that is out holds no hand it could see.
    assert!(Presentation::picture(&g, Observer::Seat(1)).hand.is_none());
    // The advanced game shows the round, the target and each seat's score.
    let g = game(true, 2, &["", "", ""], &["R7", "R1", "G2"], "");
    let scene = Presentation::picture(&g, Observer::Public);
    assert_eq!(en(&scene.notes[0]), "Round 1 · to 35 points");
    assert_eq!(en(&scene.seats[0].lines[0]), "0 points");
}

/// The rule of thumb as it read the seat's full view before `heuristic::Obs`: the reference the
/// compact observation must agree with.
fn reference_rule_of_thumb(view: &View, legal: &[Action]) -> usize {
    use super::heuristic::{end_outcome, viewer, would_win, EndOutcome};
    let me = viewer(view);
    let pick = |f: &dyn Fn(&Action) -> Option<u8>| {
        (0..legal.len())
            .filter_map(|i| f(&legal[i]).map(|cost| (cost, i)))
            .min()
            .map(|(_, i)| i)
    };
    let end = legal.iter().position(|a| *a == Action::End);
    if let (Some(i), EndOutcome::Stays) = (end, end_outcome(view)) {
        return i;
    }
    let palette_wins = pick(&|a| match *a {
        Action::Palette(c) if would_win(view, me, Some(c), view.rule) => Some(strength(c)),
        _ => None,
    });
    let canvas_wins = pick(&|a| match *a {
        Action::Canvas(c) if would_win(view, me, None, colour(c)) => Some(strength(c)),
        _ => None,
    });
    let palette_then_canvas = pick(&|a| match *a {
        Action::Palette(p) => view
            .hand
            .iter()
            .any(|&c| c != p && would_win(view, me, Some(p), colour(c)))
            .then(|| strength(p)),
        _ => None,
    });
    palette_wins
        .or(canvas_wins)
        .or(palette_then_canvas)
        .or(end)
        .unwrap_or(0)
}

#[test]
fn score_keys_order_palettes_as_scores_do() {
    use rand::seq::SliceRandom;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut deck = super::deck();
    for _ in 0..3000 {
        deck.shuffle(&mut rng);
        let a: CardSet = deck[..(deck.len() % 9)].iter().collect();
        let b: CardSet = deck[9..9 + (deck[9].index() % 9)].iter().collect();
        for rule in Colour::ALL {
            let (ka, kb) = (
                score_key(rule, strength_bits(a)),
                score_key(rule, strength_bits(b)),
            );
            assert_eq!(ka == 0, score(rule, a).is_none(), "{rule:?} {a:?}");
            assert_eq!(
                ka.cmp(&kb),
                score(rule, a).cmp(&score(rule, b)),
                "{rule:?} {a:?} {b:?}"
            );
        }
    }
}

/// The rule of thumb, reading a compact observation off the state, plays what it played when
/// it read the seat's view.
#[test]
fn the_rule_of_thumb_matches_its_view_reference() {
    let games = crate::testing::Games {
        seeds: 16,
        actions: usize::MAX,
        deals: u32::MAX,
    };
    let compared = crate::testing::rule_of_thumb_matches::<Red7>(games, |g, seat, legal| {
        reference_rule_of_thumb(&g.view(Observer::Seat(seat)), legal)
    });
    assert!(compared > 1_000);
}

/// The end of a round and of the game as the channel reads them, in English and Finnish: a
/// player out, the basic game's one round won, an advanced round scored, and the game won —
/// the basic game by the last player standing, the advanced match by reaching the target first
/// or, when the cards ran short, with the most points (here shared).
#[test]
fn round_and_game_results_read_as_sentences() {
    let names: Vec<String> = ["@alice", "Computer 2 (normal)", "Computer 3 (normal)"]
        .map(String::from)
        .to_vec();
    let events = [
        Event::Out {
            seat: 1,
            reason: OutReason::NotWinning,
        },
        Event::Out {
            seat: 2,
            reason: OutReason::NothingPlayed,
        },
        Event::RoundWon {
            seat: 0,
            round: 1,
            cards: vec![],
            points: 0,
        },
        Event::RoundWon {
            seat: 1,
            round: 3,
            cards: cards("R2 B4 V6"),
            points: 12,
        },
        Event::GameOver {
            ranking: vec![vec![1], vec![0, 2]],
            scoring: None,
        },
        Event::GameOver {
            ranking: vec![vec![1], vec![0, 2]],
            scoring: Some(MatchEnd {
                points: 37,
                target: 35,
            }),
        },
        Event::GameOver {
            ranking: vec![vec![0, 2], vec![1]],
            scoring: Some(MatchEnd {
                points: 21,
                target: 35,
            }),
        },
    ];
    let messages: Vec<_> = events.iter().map(Red7::event).collect();
    let words = |lang: &str| crate::testing::worded_results(&messages, &names, lang);
    insta::assert_snapshot!("red7_results_en", words("en-US"));
    insta::assert_snapshot!("red7_results_fi", words("fi"));
}

// ---- the normal computer player's reasons (a hint's line) -----------------------------------

/// What the `normal` computer player chooses for the seat to act, and why.
fn normal(g: &Red7) -> (Action, super::heuristic::Why) {
    use crate::Heuristic;
    let seat = g.to_act()[0];
    let legal = g.legal_actions(seat);
    let i = g.rule_of_thumb(seat, &legal, &mut rand_chacha::ChaCha8Rng::seed_from_u64(0));
    (legal[i], g.why(seat, &legal, i))
}

#[test]
fn normal_keeps_the_lead_as_cheaply_as_it_can_and_says_how() {
    use super::heuristic::Why;
    // Under Red only R7 beats the other palette's O7: to the palette, then end the turn.
    let mut g = basic(1, &["R7 V1", ""], &["R3", "O7"]);
    assert_eq!(normal(&g), (palette("R7"), Why::Game(Red7Why::Palette)));
    act(&mut g, 0, palette("R7"));
    assert_eq!(normal(&g), (Action::End, Why::Game(Red7Why::EndWinning)));
    // No palette card wins under Red, but Green does with the G2 already there: the weaker
    // green card goes to the canvas.
    let g = basic(1, &["G4 G6", ""], &["G2", "R7"]);
    assert_eq!(normal(&g), (canvas("G4"), Why::Game(Red7Why::Canvas)));
    // Nothing wins alone, but the weakest card of the hand (R3 R5 O1 O3 O5 G4 G6, the deck
    // filling the rest) gives a canvas card a winning rule: O1 beside B1 makes two 1s, which
    // win once O3 or O5 makes the rule Orange.
    let g = basic(1, &["G4 G6", ""], &["B1", "R7"]);
    assert_eq!(g.hands[0], set("R3 R5 O1 O3 O5 G4 G6"));
    assert_eq!(
        normal(&g),
        (palette("O1"), Why::Game(Red7Why::PaletteThenCanvas))
    );
    // Seat 0 holds only B1 (the deck's other cards moved to seat 1's palette): it wins under
    // no rule, in the palette or on the canvas, so the turn ends, out either way.
    let mut g = basic(1, &["B1", ""], &["R3", "O7"]);
    let others: Vec<Card> = g.hands[0].iter().filter(|&c| c != card("B1")).collect();
    for c in others {
        take(&mut g, c);
        g.palettes[1].insert(c);
    }
    assert_eq!(normal(&g), (Action::End, Why::Game(Red7Why::NoWin)));
}
