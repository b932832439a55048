//! Scenario tests for Mätäpesä: the acceptance cases MP-1…MP-5 of `docs/rules/matapesa.md`
//! from explicit decks, the protocol's action shape, and the rank-per-button listing.

use super::*;
use crate::{Game, Present, RuleError};
use pakka_cards::{parse_cards, validate_deck};
use pakka_catalog::{en, en_lines};
use rand::SeedableRng;

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn play(text: &str) -> Action {
    Action::Play(card(text))
}

/// An explicit deck whose deal (`floor(52/n)` each, one at a time from the dealer's left) gives
/// each seat the listed cards first; the rest of the deck fills the other places in new-deck
/// order, the face-up leftovers last.
fn deck_for(dealer: Seat, hands: &[&str]) -> Vec<Card> {
    let seats = hands.len();
    let each = 52 / seats;
    let first = (dealer + 1) % seats;
    let mut deck: Vec<Option<Card>> = vec![None; 52];
    let mut used = CardSet::new();
    for (seat, text) in hands.iter().enumerate() {
        let offset = (seat + seats - first) % seats;
        for (slot, c) in cards(text).into_iter().enumerate() {
            assert!(slot < each, "too many cards for seat {seat}");
            assert!(used.insert(c), "{c} twice in the scenario");
            deck[slot * seats + offset] = Some(c);
        }
    }
    let mut rest = standard52().into_iter().filter(|c| !used.contains(*c));
    let deck: Vec<Card> = deck
        .into_iter()
        .map(|slot| slot.or_else(|| rest.next()).unwrap())
        .collect();
    validate_deck(&deck, &standard52()).unwrap();
    deck
}

fn game(dealer: Seat, hands: &[&str]) -> Matapesa {
    let deck = deck_for(dealer, hands);
    Matapesa::new(Options::default(), hands.len(), Setup::deck(dealer, deck)).unwrap()
}

fn act(g: &mut Matapesa, seat: Seat, action: Action) -> Vec<Event> {
    g.apply(seat, &action)
        .unwrap_or_else(|e| panic!("{action:?} by {seat} refused: {e:?}"))
}

/// The leader plays `lead`, everyone else their lowest rank.
fn trick_led_with(g: &mut Matapesa, lead: &str) {
    let seat = g.to_act()[0];
    act(g, seat, play(lead));
    for _ in 1..g.seats() {
        play_lowest(g);
    }
}

/// The seat to act plays its lowest rank (always legal).
fn play_lowest(g: &mut Matapesa) -> Vec<Event> {
    let seat = g.to_act()[0];
    let lowest = g.legal_actions(seat)[0];
    act(g, seat, lowest)
}

#[test]
fn action_shape_is_the_protocols() {
    let a = play("10H");
    assert_eq!(
        serde_json::to_value(a).unwrap(),
        serde_json::json!({"play":"10H"})
    );
    assert_eq!(
        serde_json::from_value::<Action>(serde_json::json!({"play":"th"})).unwrap(),
        a
    );
    assert!(serde_json::from_value::<Action>(serde_json::json!({"play":"1H"})).is_err());
    assert!(serde_json::from_value::<Action>(serde_json::json!("play")).is_err());
    assert!(serde_json::from_value::<Options>(serde_json::json!({"x":1})).is_err());
}

#[test]
fn hand_sizes_for_every_seat_count() {
    for (n, k) in [(3, 17), (4, 13), (5, 10), (6, 8), (7, 7), (8, 6)] {
        let g = Matapesa::new(Options::default(), n, Setup::seeded(n as u64)).unwrap();
        assert!(g.hands.iter().all(|h| h.len() == k), "{n} seats");
        assert_eq!(g.leftovers.len(), 52 - n * k);
    }
    assert!(crate::check_seats::<Matapesa>(&Options::default(), 2).is_err());
    assert!(crate::check_seats::<Matapesa>(&Options::default(), 9).is_err());
}

#[test]
fn mp1_three_players_get_17_cards_one_face_up_and_play_17_tricks() {
    let deck = standard52();
    let mut g = Matapesa::new(Options::default(), 3, Setup::deck(2, deck.clone())).unwrap();
    // One at a time from the dealer's left (seat 0).
    assert!(g.hands[0].contains(deck[0]) && g.hands[1].contains(deck[1]));
    assert!(g.hands[2].contains(deck[2]) && g.hands[0].contains(deck[3]));
    assert!(g.hands.iter().all(|h| h.len() == 17));
    assert_eq!(g.leftovers, vec![deck[51]]);
    let public = g.view(Observer::Public);
    assert_eq!(public.leftovers, vec![deck[51]], "the leftover is face up");
    assert_eq!(g.to_act(), vec![0], "the dealer's left leads");
    let mut tricks = 0;
    while !g.is_over() {
        let events = play_lowest(&mut g);
        tricks += events
            .iter()
            .filter(|e| matches!(e, Event::TrickWon { .. }))
            .count();
    }
    assert_eq!(tricks, 17);
    assert_eq!(g.played.iter().map(|p| p.len()).sum::<usize>(), 51);
}

#[test]
fn mp2_follow_with_equal_or_higher_or_the_lowest_rank() {
    // Eight seats, six cards each; dealer 7 so seat 0 leads. Seat 0 wins two tricks with aces
    // while seat 1 sheds its two 2s; then seat 0 leads 9H and seat 1 holds exactly 3C 7D 10S KH.
    let mut g = game(
        7,
        &[
            "AS AH 9H 8C 8D 8H",
            "2C 2D 3C 7D 10S KH",
            "3D 4D 5D 6D 7C 9C",
            "3H 4H 5H 6H 7H 9D",
            "3S 4S 5S 6S 7S 9S",
            "4C 5C 6C 10C JC QC",
            "10D JD QD KD 10H JH",
            "JS QS KS QH KC 8S",
        ],
    );
    trick_led_with(&mut g, "AS");
    trick_led_with(&mut g, "AH");
    assert_eq!(g.hands[1], cards("3C 7D 10S KH").into_iter().collect());
    assert_eq!(g.to_act(), vec![0]);
    act(&mut g, 0, play("9H"));
    assert_eq!(
        g.legal_actions(1),
        vec![play("3C"), play("10S"), play("KH")]
    );
    let err = g.apply(1, &play("7D")).unwrap_err();
    assert_eq!(
        err,
        RuleError::Illegal(Refusal::TooLow {
            card: card("7D"),
            high: Some(Rank::Nine),
            lowest: Some(Rank::Three)
        })
    );
    assert_eq!(
        en(&Matapesa::reason(&Refusal::TooLow {
            card: card("7D"),
            high: Some(Rank::Nine),
            lowest: Some(Rank::Three)
        })),
        "Play a card of rank 9 or higher, or one of your lowest rank (3); 7♦ is neither."
    );
    let before = g.clone();
    assert!(g.apply(1, &play("7D")).is_err());
    assert_eq!(g, before, "a refused play changes nothing");
}

#[test]
fn any_card_of_a_listed_rank_is_accepted() {
    let mut g = game(2, &["5S 5H 5C", "5D", ""]);
    assert!(g.legal_actions(0).contains(&play("5S")));
    assert!(
        !g.legal_actions(0).contains(&play("5C")),
        "one action per rank"
    );
    assert_eq!(g.normalize(0, &play("5C")), play("5S"));
    assert!(g.apply(0, &play("5D")).is_err(), "5D is not in the hand");
    act(&mut g, 0, play("5C"));
    assert_eq!(
        g.played[0].to_vec(),
        cards("5C"),
        "the named card is the one played"
    );
    assert!(g.hands[0].contains(card("5S")));
}

#[test]
fn mp3_the_last_of_the_highest_cards_wins() {
    let mut g = game(2, &["9H", "10S", "10D"]);
    act(&mut g, 0, play("9H"));
    act(&mut g, 1, play("10S"));
    let events = act(&mut g, 2, play("10D"));
    assert!(events.contains(&Event::TrickWon { seat: 2, trick: 1 }));
    assert_eq!(g.to_act(), vec![2], "the winner leads");
    let last = g.view(Observer::Public).last_trick.unwrap();
    assert_eq!(last.winner, 2);
}

#[test]
fn mp4_holding_only_lower_cards_forces_the_lowest() {
    // Eight seats; seat 0 wins three tricks with aces while seat 1 sheds 2S 2H 3S, then leads
    // QH: seat 1 holds exactly 4S 5S 6S and may only play 4S.
    let mut g = game(
        7,
        &[
            "AS AH AD QH 8C 8D",
            "2S 2H 3S 4S 5S 6S",
            "2D 3D 4D 5D 6D 7D",
            "2C 3C 4C 5C 6C 7C",
            "3H 4H 5H 6H 7H 8H",
            "7S 8S 9S 10S JS KS",
            "9H 10H JH KH 9D 10D",
            "JD KD 9C 10C JC QC",
        ],
    );
    for lead in ["AS", "AH", "AD"] {
        trick_led_with(&mut g, lead);
    }
    assert_eq!(g.hands[1], cards("4S 5S 6S").into_iter().collect());
    act(&mut g, 0, play("QH"));
    assert_eq!(g.legal_actions(1), vec![play("4S")]);
    assert!(g.apply(1, &play("6S")).is_err());
}

#[test]
fn mp5_the_winner_of_the_last_trick_loses_and_deals_next() {
    // Eight seats, each plays its lowest card every trick, so the last trick holds everyone's
    // highest card; seat 2 holds the only ace in play (the other three are face up).
    let mut g = game(
        7,
        &[
            "2S 3S 4S 5S 6S KS",
            "2H 3H 4H 5H 6H KH",
            "2D 3D 4D 5D 6D AS",
            "2C 3C 4C 5C 6C KD",
            "7S 8S 9S 10S JS QS",
            "7H 8H 9H 10H JH QH",
            "7D 8D 9D 10D JD QD",
            "7C 8C 9C 10C JC QC",
        ],
    );
    assert_eq!(g.leftovers, cards("AH AD KC AC"));
    let mut last = Vec::new();
    while !g.is_over() {
        last = play_lowest(&mut g);
    }
    assert!(last.contains(&Event::GameOver {
        loser: 2,
        next_dealer: 2
    }));
    let status = g.status();
    assert_eq!(
        status.ranking,
        Some(vec![vec![0, 1, 3, 4, 5, 6, 7], vec![2]])
    );
    assert_eq!(status.scores, None);
    assert!(status.to_act.is_empty());
    assert_eq!(g.loser(), Some(2));
    assert!(g.legal_actions(2).is_empty());
    assert_eq!(g.apply(2, &play("2S")), Err(crate::RuleError::GameOver));
    let text = en_lines(&Matapesa::describe(&g.view(Observer::Public)), &names(8));
    assert!(
        text.contains("Seat 2 won the last trick and loses"),
        "{text}"
    );
}

fn names(n: usize) -> Vec<String> {
    (0..n).map(|s| format!("Seat {s}")).collect()
}

#[test]
fn views_show_played_cards_and_hide_hands() {
    let mut g = game(2, &["9H 2C", "10S 3C", "10D 4C"]);
    act(&mut g, 0, play("9H"));
    let public = g.view(Observer::Public);
    assert!(public.hand.is_empty());
    assert_eq!(public.played[0], cards("9H"));
    assert_eq!(public.trick, vec![(0, card("9H"))]);
    let seat1 = g.view(Observer::Seat(1));
    assert!(seat1.hand.contains(&card("10S")));
    assert!(!seat1.hand.contains(&card("10D")));
    let text = en_lines(&Matapesa::describe(&seat1), &names(3));
    assert!(text.contains("Turn: Seat 1"), "{text}");
    assert!(text.contains("Trick: Seat 0 9♥"), "{text}");
    assert!(text.contains("played: 9♥"), "{text}");
    assert!(text.contains("Face up, out of play"), "{text}");
    assert_eq!(en(&Matapesa::label(&seat1, &play("10S"))), "10♠");
}

#[test]
fn determinization_keeps_the_own_hand_and_the_table() {
    let mut g = game(2, &["9H 2C", "10S 3C", "10D 4C"]);
    act(&mut g, 0, play("9H"));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let d = g.determinize(1, &mut rng);
    assert_eq!(d.view(Observer::Seat(1)), g.view(Observer::Seat(1)));
    assert_eq!(d.hands[0].len(), g.hands[0].len());
    assert_eq!(d.played, g.played);
}

#[test]
fn the_picture_shows_the_trick_its_leader_the_played_cards_and_the_playable_ranks() {
    use crate::picture::Face;
    let mut g = game(4, &["AS 10D", "AD", "AC", "AH 2C 2D", "10S"]);
    // Seat 0 leads; four aces follow each other, the last one (seat 3's) takes the trick.
    for (seat, ace) in ["AS", "AD", "AC", "AH"].into_iter().enumerate() {
        act(&mut g, seat, play(ace));
    }
    play_lowest(&mut g);
    assert_eq!(g.to_act(), vec![3]);
    act(&mut g, 3, play("2C"));
    act(&mut g, 4, play("10S"));
    let scene = crate::Presentation::picture(&g, Observer::Seat(0));
    assert_eq!(scene.trick, vec![(3, card("2C")), (4, card("10S"))]);
    assert_eq!(scene.trick_leader, Some(4));
    // The leftovers lie face up in the middle; each seat's earlier plays in front of it, its
    // card in the trick only there.
    assert_eq!(scene.middle.len(), 1);
    assert_eq!(scene.middle[0].len(), 2);
    assert_eq!(scene.seats[0].piles[0].cards, vec![Face::Up(card("AS"))]);
    assert_eq!(scene.seats[3].piles[0].cards, vec![Face::Up(card("AH"))]);
    assert_eq!(en(&scene.seats[3].lines[0]), "1 trick");
    assert!(scene.seats[0].to_act);
    assert_eq!(scene.seats[0].hand, Some(g.hands[0].len()));
    // Seat 0 may play a 10 or higher, or any card of its lowest rank: every such card is marked.
    let hand = scene.hand.as_ref().unwrap();
    let lowest = g.hands[0].iter().map(|c| c.rank()).min().unwrap();
    for h in hand.cards() {
        let r = h.card.rank();
        assert_eq!(h.legal, r >= Rank::Ten || r == lowest, "{}", h.card);
    }
    // An equal card played later takes the lead; the public sees no hand.
    act(&mut g, 0, play("10D"));
    let scene = crate::Presentation::picture(&g, Observer::Public);
    assert_eq!(scene.trick_leader, Some(0));
    assert!(scene.seats[1].to_act);
    assert!(scene.hand.is_none());
}

/// The rule of thumb as it read the full view before it read an [`heuristic::Obs`]: the
/// reference the compact one must match.
fn view_rule_of_thumb(view: &View, legal: &[Action]) -> usize {
    let rank = |a: &Action| match *a {
        Action::Play(c) => c.rank(),
    };
    let by_rank = (0..legal.len()).map(|i| (rank(&legal[i]), i));
    let pick = if view.tricks_left > 2 {
        by_rank.max()
    } else {
        by_rank.min()
    };
    pick.map_or(0, |(_, i)| i)
}

/// The rule of thumb, reading a compact observation off the state, plays what it played when
/// it read the seat's view.
#[test]
fn the_rule_of_thumb_matches_its_view_reference() {
    let games = crate::testing::Games {
        seeds: 40,
        actions: usize::MAX,
        deals: u32::MAX,
    };
    let compared = crate::testing::rule_of_thumb_matches::<Matapesa>(games, |g, seat, legal| {
        view_rule_of_thumb(&g.view(Observer::Seat(seat)), legal)
    });
    assert!(compared > 1_000);
}

#[test]
fn the_state_serializes_as_before() {
    let mut g = Matapesa::new(Options::default(), 3, Setup::seeded(3)).unwrap();
    for _ in 0..7 {
        let seat = g.to_act()[0];
        let a = g.legal_actions(seat)[0];
        g.apply_checked(seat, &a);
    }
    let json = serde_json::to_value(&g).unwrap();
    assert_eq!(json["won"]["history"].as_array().unwrap().len(), 2);
    assert_eq!(json["trick"]["plays"].as_array().unwrap().len(), 1);
    assert_eq!(json["played"].as_array().unwrap().len(), 3);
    let back: Matapesa = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, g);
    assert_eq!(serde_json::to_value(&back).unwrap(), json);
}

/// The end of the game as the channel reads it, in English and Finnish: the last trick's winner
/// loses and deals the next game.
#[test]
fn game_result_reads_as_a_sentence() {
    let names: Vec<String> = ["@alice", "Computer 2 (normal)", "Computer 3 (normal)"]
        .map(String::from)
        .to_vec();
    let events = [
        Event::TrickWon { seat: 2, trick: 17 },
        Event::GameOver {
            loser: 2,
            next_dealer: 2,
        },
    ];
    let messages: Vec<_> = events.iter().map(Matapesa::event).collect();
    let words = |lang: &str| crate::testing::worded_results(&messages, &names, lang);
    insta::assert_snapshot!("matapesa_results_en", words("en-US"));
    insta::assert_snapshot!("matapesa_results_fi", words("fi"));
}

// ---- the normal computer player's reasons (a hint's line) -----------------------------------

#[test]
fn normal_sheds_high_cards_early_and_plays_low_in_the_last_two_tricks() {
    use super::heuristic::Why;
    use crate::Heuristic;
    let normal = |g: &Matapesa| {
        let seat = g.to_act()[0];
        let legal = g.legal_actions(seat);
        let i = g.rule_of_thumb(seat, &legal, &mut rand_chacha::ChaCha8Rng::seed_from_u64(0));
        (legal[i], g.why(seat, &legal, i))
    };
    // Eight players, six cards each: seat 0 leads its ace while six tricks remain.
    let mut g = game(7, &["AS 2S 3S 4S 5S 6S", "", "", "", "", "", "", ""]);
    assert_eq!(normal(&g), (play("AS"), Why::Game(MatapesaWhy::ShedHigh)));
    // Everyone plays as the normal player does until two tricks are left.
    while g.hands.iter().map(|h| h.len()).max() > Some(2) {
        let seat = g.to_act()[0];
        let (action, _) = normal(&g);
        act(&mut g, seat, action);
    }
    let seat = g.to_act()[0];
    assert!(g.legal_actions(seat).len() > 1, "a choice is left");
    let lowest = g.legal_actions(seat)[0];
    assert_eq!(normal(&g), (lowest, Why::Game(MatapesaWhy::LowLate)));
}
