//! Scenario tests for Pöytäpaska: every acceptance case PT-1…PT-10 of
//! `docs/rules/poytapaska.md` with explicit cards, plus the deal, the phases of hand, face-up
//! and face-down cards, what views and text may show, and determinization.
//!
//! Positions in the middle of a game are built by `position`: it deals a game from an explicit
//! deck and then moves the cards between its zones (hands, table cards, pile, stock, out of the
//! game), every card staying in exactly one place.

use serde_json::json;

use super::*;
use crate::shedding::Refusal as Shed;
use crate::{check_seats, Game, Heuristic, Present, RuleError};
use pakka_cards::{parse_cards, validate_deck};
use pakka_catalog::{en, en_lines};

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn set(text: &str) -> CardSet {
    cards(text).into_iter().collect()
}

fn play(text: &str) -> Action {
    Action::Play(cards(text).into())
}

/// An explicit deck: starting left of `dealer`, each seat's hand (batches 2, 2, 1), face-down
/// cards (positions 1–4, one at a time) and face-up cards (likewise) as given — missing cards
/// filled in — then the stock, next card first. Unnamed cards follow in falling order (2s,
/// aces, kings, …), so fillers hold no 3s.
fn deck_for(dealer: Seat, hands: &[&str], down: &[&str], up: &[&str], stock: &str) -> Vec<Card> {
    let seats = hands.len();
    let order = seats_from((dealer + 1) % seats, seats);
    let positions: Vec<Card> = (0..52).filter_map(Card::from_index).collect();
    let mut it = positions.iter().copied();
    let slot_hands = deal_batches(&mut it, &order, seats, &[2, 2, 1]);
    let slot_down = deal_batches(&mut it, &order, seats, &[1; 4]);
    let slot_up = deal_batches(&mut it, &order, seats, &[1; 4]);
    let mut deck: Vec<Option<Card>> = vec![None; 52];
    let mut used = CardSet::new();
    let mut put = |slots: &[Card], text: &str, deck: &mut Vec<Option<Card>>| {
        for (slot, c) in slots.iter().zip(cards(text)) {
            assert!(used.insert(c), "{c} twice in the scenario");
            deck[slot.index()] = Some(c);
        }
    };
    for s in 0..seats {
        put(&slot_hands[s], hands[s], &mut deck);
        put(&slot_down[s], down.get(s).copied().unwrap_or(""), &mut deck);
        put(&slot_up[s], up.get(s).copied().unwrap_or(""), &mut deck);
    }
    let stock_slots: Vec<Card> = it.collect();
    put(&stock_slots, stock, &mut deck);
    let mut rest = shedding::ORDER
        .iter()
        .rev()
        .flat_map(|&r| shedding::rank_cards(r).iter().collect::<Vec<_>>())
        .filter(|c| !used.contains(*c));
    let deck: Vec<Card> = deck
        .into_iter()
        .map(|slot| slot.or_else(|| rest.next()).unwrap())
        .collect();
    validate_deck(&deck, &standard52()).unwrap();
    deck
}

/// Where the cards nobody names go in a built position.
#[derive(Clone, Copy, PartialEq)]
enum Rest {
    /// Under the named stock cards.
    Stock,
    /// Out of the game (the stock is then exactly the named cards).
    Cleared,
}

/// A seat's cards in a built position: hand, face-up cards, face-down positions 1–4 (`-` for
/// a position already tried).
struct Seat3<'a>(&'a str, &'a str, &'a str);

/// A mid-game position: `turn` to move; the opening is over.
fn position(seats: &[Seat3], pile: &str, stock: &str, rest: Rest, turn: Seat) -> Poytapaska {
    let n = seats.len();
    let mut g = Poytapaska::new(Options::default(), n, Setup::deck(0, standard52())).unwrap();
    let mut used = CardSet::new();
    let mut named = |v: Vec<Card>| {
        for &c in &v {
            assert!(used.insert(c), "{c} twice in the scenario");
        }
        v
    };
    for (s, Seat3(hand, up, down)) in seats.iter().enumerate() {
        g.core.hands[s] = named(cards(hand)).into_iter().collect();
        g.face_up[s] = named(cards(up)).into_iter().collect();
        let mut slots = [None; TABLE_CARDS];
        for (slot, word) in slots.iter_mut().zip(down.split_whitespace()) {
            if word != "-" {
                *slot = Some(named(vec![card(word)])[0]);
            }
        }
        g.face_down[s] = slots;
    }
    g.core.pile = named(cards(pile));
    let mut stock = named(cards(stock));
    let others: Vec<Card> = standard52()
        .into_iter()
        .filter(|c| !used.contains(*c))
        .collect();
    g.core.cleared = CardSet::new();
    match rest {
        Rest::Stock => stock.extend(others),
        Rest::Cleared => g.core.cleared = others.into_iter().collect(),
    }
    stock.reverse();
    g.core.stock = stock;
    g.core.turn = turn;
    g.core.opening = None;
    g.core.measure = g.measure();
    g
}

fn act(g: &mut Poytapaska, seat: Seat, action: Action) -> Vec<Event> {
    g.apply(seat, &action)
        .unwrap_or_else(|e| panic!("{action:?} by {seat} refused: {e:?}"))
}

/// The reason an illegal action is refused; the game is left as it was.
fn refused(g: &mut Poytapaska, seat: Seat, action: Action) -> Refusal {
    let before = g.clone();
    let err = g.apply(seat, &action).unwrap_err();
    assert_eq!(*g, before, "a refused action changes nothing");
    match err {
        RuleError::Illegal(why) => why,
        other => panic!("{action:?} by {seat}: {other:?}"),
    }
}

/// A refusal as the player reads it.
fn worded(why: &Refusal) -> String {
    en(&Poytapaska::reason(why))
}

fn plays(g: &Poytapaska, seat: Seat) -> Vec<Action> {
    g.legal_actions(seat)
        .into_iter()
        .filter(|a| matches!(a, Action::Play(_)))
        .collect()
}

#[test]
fn deal_follows_the_batches_and_the_table_rows() {
    let deck = standard52();
    let g = Poytapaska::new(Options::default(), 2, Setup::deck(0, deck.clone())).unwrap();
    // Seat 1 (left of the dealer) first: hands 2, 2, 1.
    let at = |i: &[usize]| -> CardSet { i.iter().map(|&i| deck[i]).collect() };
    assert_eq!(g.core.hands[1], at(&[0, 1, 4, 5, 8]));
    assert_eq!(g.core.hands[0], at(&[2, 3, 6, 7, 9]));
    // Face-down positions 1–4 one at a time, then face-up cards likewise.
    assert_eq!(g.face_down[1], [10, 12, 14, 16].map(|i| Some(deck[i])));
    assert_eq!(g.face_down[0], [11, 13, 15, 17].map(|i| Some(deck[i])));
    assert_eq!(g.face_up[1], at(&[18, 20, 22, 24]));
    assert_eq!(g.face_up[0], at(&[19, 21, 23, 25]));
    assert_eq!(g.core.stock.len(), 26);
    assert_eq!(g.core.stock.last(), Some(&deck[26]), "next card on top");
    let g3 = Poytapaska::new(Options::default(), 3, Setup::seeded(5)).unwrap();
    assert_eq!(g3.core.stock.len(), 13);
    assert!(matches!(
        check_seats::<Poytapaska>(&Options::default(), 4),
        Err(SetupError::Seats { .. })
    ));
}

#[test]
fn options_and_registry() {
    let info = crate::registry::find("Pöytäpaska").unwrap();
    assert_eq!(info.id, "poytapaska");
    assert_eq!(info.default_options(), json!({"court_min_top": "6"}));
    assert!(info
        .create(json!({"draw_and_try": false}), 2, Setup::seeded(1))
        .is_err());
    assert!(info
        .create(json!({"court_min_top": "7"}), 3, Setup::seeded(1))
        .is_ok());
}

#[test]
fn pt1_the_most_threes_start_and_must_all_be_played() {
    let mut g = Poytapaska::new(
        Options::default(),
        3,
        Setup::deck(
            0,
            deck_for(
                0,
                &["4D 5D 6D 7D 8D", "3S 3H 7C 9D KS", "3C 3D 4S 5S 6S"],
                &[],
                &[],
                "9S 9H",
            ),
        ),
    )
    .unwrap();
    assert_eq!(
        g.to_act(),
        vec![1],
        "tie with seat 2: seat 1 is first from the dealer's left"
    );
    assert_eq!(g.legal_actions(1), vec![play("3S 3H")]);
    let why = refused(&mut g, 1, play("3S"));
    let opening = Refusal::Shedding(Shed::Opening {
        rank: Rank::Three,
        cards: cards("3S 3H"),
    });
    assert_eq!(why, opening);
    assert_eq!(worded(&why), "The game opens with all your 3s: play 3♠ 3♥.");
    assert_eq!(refused(&mut g, 1, Action::Draw), opening);
    let events = act(&mut g, 1, play("3S 3H"));
    assert!(events.contains(&Event::Shared(shedding::Event::Refilled {
        seat: 1,
        cards: 2
    })));
    assert_eq!(g.core.hands[1], set("7C 9D KS 9S 9H"));
    assert_eq!(g.to_act(), vec![2]);
}

#[test]
fn pt2_court_cards_go_on_a_six() {
    let top = |pile: &str| {
        position(
            &[Seat3("JC 4S", "", ""), Seat3("4C", "", "")],
            pile,
            "",
            Rest::Stock,
            0,
        )
    };
    assert!(plays(&top("6D"), 0).contains(&play("JC")));
    let mut g = top("5D");
    assert!(!plays(&g, 0).contains(&play("JC")));
    let why = refused(&mut g, 0, play("JC"));
    assert_eq!(
        why,
        Refusal::Shedding(Shed::CourtsNeed {
            min: Rank::Six,
            top: Rank::Five
        })
    );
    assert_eq!(
        worded(&why),
        "Jacks, queens and kings need a 6 or higher on top of the pile, not a 5."
    );
    // The option court_min_top "7".
    let mut g = top("6D");
    g.options.court_min_top = CourtMinTop::Seven;
    assert!(!plays(&g, 0).contains(&play("JC")));
}

#[test]
fn pt3_a_ten_clears_and_the_player_refills_and_plays_again() {
    let mut g = position(
        &[Seat3("10S 4S 5S 6S 8S", "", ""), Seat3("4C", "", "")],
        "7H",
        "9D",
        Rest::Stock,
        0,
    );
    let events = act(&mut g, 0, play("10S"));
    assert!(events.contains(&Event::Shared(shedding::Event::Cleared {
        seat: 0,
        cards: 2
    })));
    assert!(events.contains(&Event::Shared(shedding::Event::Refilled {
        seat: 0,
        cards: 1
    })));
    assert!(g.core.pile.is_empty());
    assert_eq!(g.core.hands[0], set("4S 5S 6S 8S 9D"));
    assert_eq!(g.to_act(), vec![0], "the turn does not pass");
    // On the empty pile anything may be played.
    assert_eq!(plays(&g, 0).len(), 5);
}

#[test]
fn pt4_aces_on_court_cards_and_on_aces() {
    let top = |hand: &str, pile: &str| {
        position(
            &[Seat3(hand, "", ""), Seat3("4C", "", "")],
            pile,
            "",
            Rest::Stock,
            0,
        )
    };
    let mut g = top("AH 2C 4S", "QS");
    let events = act(&mut g, 0, play("AH"));
    assert!(events.contains(&Event::Shared(shedding::Event::Cleared {
        seat: 0,
        cards: 2
    })));
    let mut g = top("AH 2C 4S", "9C");
    assert!(!plays(&g, 0).contains(&play("AH")));
    let why = refused(&mut g, 0, play("AH"));
    assert_eq!(why, Refusal::Shedding(Shed::AceOnCourts));
    let mut g = top("AD 2C 4S", "AH");
    assert_eq!(plays(&g, 0), vec![play("AD")]);
    let why = refused(&mut g, 0, play("2C"));
    assert_eq!(why, Refusal::Shedding(Shed::OnlyOnItself(Rank::Ace)));
    assert_eq!(worded(&why), "Only an ace may go on an ace.");
    let events = act(&mut g, 0, play("AD"));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::Shared(shedding::Event::Cleared { .. }))));
    assert_eq!(g.core.pile, cards("AH AD"));
}

#[test]
fn pt5_four_of_a_kind_across_plays_clears() {
    let mut g = position(
        &[Seat3("8S 8H 4S", "", ""), Seat3("8D 8C 5S", "", "")],
        "4D",
        "",
        Rest::Stock,
        0,
    );
    act(&mut g, 0, play("8S 8H"));
    let events = act(&mut g, 1, play("8D 8C"));
    assert!(events.contains(&Event::Shared(shedding::Event::Cleared {
        seat: 1,
        cards: 5
    })));
    assert_eq!(g.to_act(), vec![1], "seat 1 plays again");
}

#[test]
fn pt6_a_failed_draw_takes_the_card_and_the_pile() {
    let mut g = position(
        &[
            Seat3("4S", "", ""),
            Seat3("9D 4H 4D 4C 6S", "", ""),
            Seat3("6C", "", ""),
        ],
        "7S KH",
        "5C",
        Rest::Stock,
        1,
    );
    let events = act(&mut g, 1, Action::Draw);
    assert_eq!(
        events[0],
        Event::Shared(shedding::Event::Drew {
            seat: 1,
            card: card("5C")
        })
    );
    assert!(events.contains(&Event::Took {
        seat: 1,
        cards: cards("7S KH 5C")
    }));
    assert_eq!(g.core.hands[1], set("9D 4H 4D 4C 6S 5C 7S KH"));
    assert!(g.core.pile.is_empty());
    assert_eq!(g.to_act(), vec![2]);
}

#[test]
fn pt7_a_successful_draw_is_played() {
    let mut g = position(
        &[Seat3("9D 4H 4D 4C 6S", "", ""), Seat3("5H", "", "")],
        "7D",
        "9S",
        Rest::Stock,
        0,
    );
    let events = act(&mut g, 0, Action::Draw);
    assert!(events.contains(&Event::Played {
        seat: 0,
        cards: cards("9S"),
        from: Source::Stock
    }));
    assert_eq!(g.core.pile, cards("7D 9S"));
    assert_eq!(g.core.hands[0], set("9D 4H 4D 4C 6S"), "hand unchanged");
    assert_eq!(g.to_act(), vec![1]);
}

#[test]
fn pt8_a_failed_face_down_card_goes_to_the_hand_with_the_pile() {
    let mut g = position(
        &[
            Seat3("5D 6D", "", "KC KD KS KH"),
            Seat3("", "", "9H 4C 3C 2H"),
        ],
        "JH QH",
        "",
        Rest::Cleared,
        1,
    );
    assert_eq!(g.phase(1), Phase::FaceDown);
    assert_eq!(
        g.legal_actions(1),
        (1..=4)
            .map(Action::Flip)
            .chain([Action::Take])
            .collect::<Vec<_>>()
    );
    let events = act(&mut g, 1, Action::Flip(2));
    assert_eq!(
        events[0],
        Event::TriedFaceDown {
            seat: 1,
            position: 2,
            card: card("4C")
        }
    );
    assert_eq!(g.core.hands[1], set("4C JH QH"));
    assert!(g.core.pile.is_empty());
    assert_eq!(g.to_act(), vec![0]);
    assert_eq!(g.view(Observer::Public).face_down[1], vec![1, 3, 4]);
    // Back in the hand phase: no face-down card until the hand is empty again.
    act(&mut g, 0, play("5D"));
    assert_eq!(g.phase(1), Phase::Hand);
    assert!(!g
        .legal_actions(1)
        .iter()
        .any(|a| matches!(a, Action::Flip(_))));
    let why = refused(&mut g, 1, Action::Flip(1));
    assert_eq!(why, Refusal::FaceDownTooEarly);
    assert_eq!(
        worded(&why),
        "Face-down cards are tried only once the stock, your hand and your face-up cards are \
         all gone."
    );
}

#[test]
fn pt9_a_ten_on_an_empty_pile_takes_only_tens() {
    let mut g = position(
        &[
            Seat3("4S", "", ""),
            Seat3("10H 5H", "", ""),
            Seat3("2S 10C 6C", "", ""),
        ],
        "",
        "",
        Rest::Stock,
        1,
    );
    let events = act(&mut g, 1, play("10H"));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::Shared(shedding::Event::Cleared { .. }))));
    assert_eq!(g.to_act(), vec![2]);
    assert_eq!(plays(&g, 2), vec![play("10C")]);
    let why = refused(&mut g, 2, play("2S"));
    assert_eq!(why, Refusal::Shedding(Shed::OnlyOnItself(Rank::Ten)));
    assert_eq!(worded(&why), "Only a 10 may go on a 10.");
    let events = act(&mut g, 2, play("10C"));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::Shared(shedding::Event::Cleared { .. }))));
    assert_eq!(g.core.pile, cards("10H 10C"));
}

#[test]
fn pt10_the_last_face_down_card_goes_out_and_the_other_player_loses() {
    let mut g = position(
        &[Seat3("", "", "- - 5H -"), Seat3("6S 7S", "8S", "9S - - KS")],
        "4D",
        "",
        Rest::Cleared,
        0,
    );
    assert_eq!(g.legal_actions(0), vec![Action::Flip(3), Action::Take]);
    let events = act(&mut g, 0, Action::Flip(3));
    assert!(events.contains(&Event::Shared(shedding::Event::Out { seat: 0, place: 1 })));
    assert!(g.is_over());
    assert_eq!(g.status().ranking, Some(vec![vec![0], vec![1]]));
    assert_eq!(g.status().scores, None);
    assert_eq!(
        events.last(),
        Some(&Event::Shared(shedding::Event::GameOver {
            loser: Some(1),
            ranking: vec![vec![0], vec![1]]
        }))
    );
    assert_eq!(g.apply(1, &Action::Take), Err(RuleError::GameOver));
    assert_eq!(g.hands()[1], cards("6S 7S 8S 9S KS"));
}

#[test]
fn face_up_cards_follow_the_hand_and_never_mix_with_it() {
    let mut g = position(
        &[
            Seat3("5C", "5S 5H 9D KS", "2C 2D 2H 2S"),
            Seat3("4C", "", ""),
        ],
        "4D",
        "",
        Rest::Cleared,
        0,
    );
    assert_eq!(g.phase(0), Phase::Hand);
    assert_eq!(plays(&g, 0), vec![play("5C")]);
    let why = refused(&mut g, 0, play("5S"));
    assert_eq!(why, Refusal::FaceUpTooEarly);
    assert_eq!(
        worded(&why),
        "Face-up cards may be played only once the stock and your hand are empty."
    );
    let why = refused(&mut g, 0, play("5S 5C"));
    assert_eq!(why, Refusal::HandAndFaceUp);
    assert_eq!(
        worded(&why),
        "Hand and face-up cards are never played together."
    );
    assert_eq!(
        refused(&mut g, 0, play("6C")),
        Refusal::Shedding(Shed::NotHeld(card("6C")))
    );
    act(&mut g, 0, play("5C"));
    act(&mut g, 1, Action::Take);
    assert_eq!(g.phase(0), Phase::FaceUp);
    assert_eq!(
        plays(&g, 0),
        vec![play("5S"), play("5S 5H"), play("9D"), play("KS")]
    );
    assert_eq!(g.normalize(0, &play("5H")), play("5S"));
    let view = g.view(Observer::Seat(0));
    assert_eq!(view.playing_from, Some(Phase::FaceUp));
    assert_eq!(
        en(&Poytapaska::label(&view, &play("5S 5H"))),
        "5♠ 5♥ (face up)"
    );
    let why = refused(&mut g, 0, play("6C"));
    assert_eq!(why, Refusal::NotFaceUp(card("6C")));
    assert_eq!(worded(&why), "6♣ is not one of your face-up cards.");
    assert_eq!(refused(&mut g, 0, Action::Flip(2)), Refusal::FaceUpFirst);
    let why = refused(&mut g, 0, Action::Flip(5));
    assert_eq!(why, Refusal::NoSuchPosition(5));
    assert_eq!(worded(&why), "Face-down positions are numbered 1 to 4.");
    let events = act(&mut g, 0, play("5H 5S"));
    assert!(events.contains(&Event::Played {
        seat: 0,
        cards: cards("5H 5S"),
        from: Source::FaceUp
    }));
    assert_eq!(g.face_up[0], set("9D KS"));
    assert_eq!(
        refused(&mut g, 1, Action::Flip(1)),
        Refusal::FaceDownTooEarly
    );
}

#[test]
fn a_clear_with_the_last_card_goes_out_and_the_next_player_starts() {
    let mut g = position(
        &[
            Seat3("4S", "", ""),
            Seat3("", "", "10S - - -"),
            Seat3("5C", "", ""),
        ],
        "9H",
        "",
        Rest::Cleared,
        1,
    );
    let events = act(&mut g, 1, Action::Flip(1));
    assert!(events.contains(&Event::Shared(shedding::Event::Cleared {
        seat: 1,
        cards: 2
    })));
    assert!(events.contains(&Event::Shared(shedding::Event::Out { seat: 1, place: 1 })));
    assert_eq!(g.to_act(), vec![2]);
    assert!(g.core.pile.is_empty());
}

#[test]
fn views_and_text_never_show_a_face_down_card() {
    let g = Poytapaska::new(
        Options::default(),
        2,
        Setup::deck(1, deck_for(1, &["3S", ""], &["AS AH AD AC", ""], &[], "")),
    )
    .unwrap();
    let names = vec!["Ann".to_string(), "Bo".to_string()];
    for observer in [Observer::Seat(0), Observer::Seat(1), Observer::Public] {
        let view = g.view(observer);
        let text = serde_json::to_string(&view).unwrap();
        for c in ["AS", "AH", "AD", "AC"] {
            assert!(!text.contains(&format!("\"{c}\"")), "{observer:?} sees {c}");
        }
        let described = en_lines(&Poytapaska::describe(&view), &names);
        for c in ["A♠", "A♥", "A♦", "A♣"] {
            assert!(!described.contains(c), "{described}");
        }
        assert!(described.contains("face down 🂠1 🂠2 🂠3 🂠4"), "{described}");
    }
    let public = en_lines(&Poytapaska::describe(&g.view(Observer::Public)), &names);
    assert!(public.contains("Turn: Ann (opening"), "{public}");
    assert!(public.contains("Stock: 26 cards"), "{public}");
    assert!(public.contains("Bo — hand 5 · face up"), "{public}");
    assert!(!public.contains("Your hand"));
    let own = en_lines(&Poytapaska::describe(&g.view(Observer::Seat(0))), &names);
    assert!(own.contains("Your hand: 3♠"), "{own}");
}

#[test]
fn determinization_keeps_the_face_down_positions_and_the_view() {
    use rand::SeedableRng;
    let mut g = position(
        &[
            Seat3("4S 5S", "9D", "2C - 2H 2S"),
            Seat3("6S 7S", "", "3C 3D - -"),
        ],
        "4D",
        "",
        Rest::Stock,
        0,
    );
    act(&mut g, 0, play("4S"));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let d = g.determinize(0, &mut rng);
    assert_eq!(d.view(Observer::Seat(0)), g.view(Observer::Seat(0)));
    assert_eq!(d.legal_actions(0), g.legal_actions(0));
    assert_eq!(d.core.hands[0], g.core.hands[0]);
    assert_eq!(d.face_up, g.face_up);
    for s in 0..2 {
        for p in 0..TABLE_CARDS {
            assert_eq!(d.face_down[s][p].is_some(), g.face_down[s][p].is_some());
        }
    }
    assert_ne!(
        (d.face_down.clone(), d.core.stock.clone()),
        (g.face_down.clone(), g.core.stock.clone())
    );
}

#[test]
fn buttons_for_the_face_down_phase_are_direct() {
    let g = position(
        &[Seat3("", "", "2C - 2H 2S"), Seat3("6S", "", "")],
        "4D",
        "",
        Rest::Cleared,
        0,
    );
    let choices = crate::Presentation::choices(&g, 0);
    let labels: Vec<(String, Option<String>)> = choices
        .iter()
        .map(|c| (en(&c.label), c.group.as_ref().map(en)))
        .collect();
    let labels: Vec<(&str, Option<&str>)> = labels
        .iter()
        .map(|(l, g)| (l.as_str(), g.as_deref()))
        .collect();
    assert_eq!(
        labels,
        vec![
            ("Try face-down card 1", None),
            ("Try face-down card 3", None),
            ("Try face-down card 4", None),
            ("Take the pile", None),
        ]
    );
}

// ---- the rule of thumb (`rule_of_thumb`) -----------------------------------------------------

/// The rule of thumb's position as it was read from the seat's view, before it read the state:
/// the reference its observation must equal.
fn position_from_view(view: &View) -> shedding::Position<'_> {
    let (me, next) = shedding::me_and_next(
        view.observer,
        view.turn,
        view.hand_sizes.len(),
        &view.table.out,
    );
    let left = |s: Seat| {
        view.hand_sizes.get(s).copied().unwrap_or(0)
            + view.face_up.get(s).map_or(0, Vec::len)
            + view.face_down.get(s).map_or(0, Vec::len)
    };
    let hand: CardSet = view.hand.iter().collect();
    let up: CardSet = view.face_up.get(me).into_iter().flatten().collect();
    let down = view.face_down.get(me).map_or(0, Vec::len);
    let (zone, after_zone) = match view.playing_from {
        Some(Phase::FaceUp) => (up, down),
        _ => (hand, up.len() + down),
    };
    let next_up: CardSet = view.face_up.get(next).into_iter().flatten().collect();
    let next_known = (next != me
        && view.table.stock == 0
        && view.hand_sizes.get(next) == Some(&0)
        && !next_up.is_empty())
    .then_some(next_up);
    let mut seen = hand.union(view.table.pile.iter().collect());
    for row in &view.face_up {
        seen = seen.union(row.iter().collect());
    }
    shedding::Position {
        zone,
        seen,
        pile: &view.table.pile,
        stock: view.table.stock,
        legality: Legality {
            court_min_top: if view.court_min_top == 7 {
                Rank::Seven
            } else {
                Rank::Six
            },
            courts_on_empty: true,
        },
        free_play: view.table.free_play,
        after_zone,
        next_left: left(next),
        next_known,
        empty_pickup: false,
    }
}

/// The rule of thumb reads the same position off the state as off the seat's view, and plays
/// what the shared rule of thumb plays on it.
#[test]
fn the_rule_of_thumb_matches_its_view_reference() {
    let games = crate::testing::Games {
        seeds: 8,
        actions: 400,
        deals: u32::MAX,
    };
    let compared = crate::testing::rule_of_thumb_matches::<Poytapaska>(games, |g, seat, legal| {
        let view = g.view(Observer::Seat(seat));
        let reference = position_from_view(&view);
        match legal.iter().position(|a| matches!(a, Action::Flip(_))) {
            Some(i) => i,
            None => {
                assert_eq!(heuristic::observe(g, seat), reference);
                shedding::choose(&reference, legal, &shedding::Weights::POYTAPASKA)
            }
        }
    });
    assert!(compared > 1_000);
}

/// The `normal` computer player's choice for the seat to move.
fn thumb(g: &Poytapaska) -> Action {
    let seat = g.to_act()[0];
    let legal = g.legal_actions(seat);
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0);
    let i = g.rule_of_thumb(seat, &legal, &mut rng);
    legal[i].clone()
}

#[test]
fn the_rule_of_thumb_keeps_its_2s_and_10s_while_a_low_card_will_do() {
    let g = position(
        &[
            Seat3("6S 10H 2C AS KD", "3C 4C 5C 7C", "3S 4S 5S 7S"),
            Seat3("8D 8H", "3H 4H 5H 7H", "3D 4D 5D 7D"),
        ],
        "6C",
        "",
        Rest::Stock,
        0,
    );
    let legal = g.legal_actions(0);
    assert!(legal.contains(&play("2C")) && legal.contains(&play("10H")));
    assert_eq!(thumb(&g), play("6S"));
}

#[test]
fn the_rule_of_thumb_plays_face_up_cards_low_first_with_all_of_a_rank() {
    let g = position(
        &[
            Seat3("", "4S 4H 9C KD", "3S 5S 6S 7S"),
            Seat3("8D 8H", "", "3H 5H 6H 7H"),
        ],
        "3D",
        "",
        Rest::Cleared,
        0,
    );
    assert_eq!(g.phase(0), Phase::FaceUp);
    assert_eq!(thumb(&g), play("4S 4H"));
}

#[test]
fn the_rule_of_thumb_tries_face_down_cards_in_order_rather_than_take() {
    let g = position(
        &[
            Seat3("5D 6D", "", "KC KD KS KH"),
            Seat3("", "", "- 4C 3C 2H"),
        ],
        "JH QH",
        "",
        Rest::Cleared,
        1,
    );
    assert_eq!(
        g.legal_actions(1),
        vec![
            Action::Flip(2),
            Action::Flip(3),
            Action::Flip(4),
            Action::Take
        ]
    );
    assert_eq!(thumb(&g), Action::Flip(2));
}

#[test]
fn the_rule_of_thumb_draws_before_taking_and_takes_only_when_nothing_else_will_do() {
    let g = position(
        &[
            Seat3("3H 4H 5H 6H 8H", "3C 4C 5C 7C", "3D 4D 5D 10D"),
            Seat3("8D 9D", "", ""),
        ],
        "6S 7S 9S KH",
        "",
        Rest::Stock,
        0,
    );
    assert_eq!(g.legal_actions(0), vec![Action::Take, Action::Draw]);
    assert_eq!(thumb(&g), Action::Draw);
    // A tiny pile and a weak hand: still a play.
    let g = position(
        &[
            Seat3("9S JD QD KD 2C", "3C 4C 5C 7C", "3S 4S 5S 7S"),
            Seat3("8D 9D", "", ""),
        ],
        "3D",
        "",
        Rest::Stock,
        0,
    );
    assert_eq!(thumb(&g), play("9S"));
}

#[test]
fn the_rule_of_thumb_blocks_a_player_whose_face_up_cards_it_can_see() {
    // Seat 1 plays from its face-up 4 and 8 next: a queen stops both, a 7 does not.
    let g = position(
        &[
            Seat3("7S QD", "", "3S 4S 5S 7H"),
            Seat3("", "4C 8C", "- - 5C 7C"),
        ],
        "3H 6D",
        "",
        Rest::Cleared,
        0,
    );
    assert_eq!(g.phase(1), Phase::FaceUp);
    assert_eq!(thumb(&g), play("QD"));
}

#[test]
fn the_rule_of_thumb_answers_a_legal_index_deterministically_and_beats_random_play() {
    let share = crate::testing::rule_of_thumb_share_against_random::<Poytapaska>(&[2, 3]);
    // Fair shares average 42%; the rule of thumb wins nearly always.
    assert!(share > 0.75, "won {share:.2} of the deals");
}

#[test]
fn every_event_of_its_own_has_a_sentence() {
    let names = vec!["Ann".to_string(), "Bo".to_string()];
    let said = |e: Event| pakka_catalog::en_named(&Poytapaska::event(&e), &names);
    assert_eq!(
        said(Event::Played {
            seat: 0,
            cards: cards("5S 5H"),
            from: Source::FaceUp
        }),
        "Ann plays 5♠ 5♥ from the face-up cards."
    );
    assert_eq!(
        said(Event::Played {
            seat: 0,
            cards: cards("5S"),
            from: Source::FaceDown
        }),
        "Ann plays 5♠ from the face-down cards."
    );
    assert_eq!(
        said(Event::TriedFaceDown {
            seat: 1,
            position: 3,
            card: card("KD")
        }),
        "Bo turns face-down card 3: K♦."
    );
    assert_eq!(
        said(Event::Took {
            seat: 1,
            cards: cards("7S KD")
        }),
        "Bo takes the pile: 7♠ K♦."
    );
    assert_eq!(
        said(Event::Shared(shedding::Event::Out { seat: 1, place: 1 })),
        "Bo goes out in 1st place."
    );
}

#[test]
fn the_hand_line_says_where_the_seat_plays_from() {
    let g = position(
        &[Seat3("", "5S 9D", "2C - 2H 2S"), Seat3("4C", "", "3C")],
        "4D",
        "",
        Rest::Cleared,
        0,
    );
    let names = vec!["Ann".to_string(), "Bo".to_string()];
    let own = en_lines(&Poytapaska::describe(&g.view(Observer::Seat(0))), &names);
    assert!(
        own.contains("Your hand: no cards\nYour table cards: face up 5♠ 9♦ · 3 face down — playing your face-up cards"),
        "{own}"
    );
    assert!(
        own.contains("Ann — hand 0 · face up 5♠ 9♦ · face down 🂠1 🂠3 🂠4"),
        "{own}"
    );
    assert!(
        own.contains("Bo — hand 1 · face up none · face down 🂠1"),
        "{own}"
    );
}

#[test]
fn the_picture_shows_the_table_cards_face_up_and_face_down_and_the_playable_cards() {
    use crate::picture::{Face, Mark};
    let mut g = position(
        &[
            Seat3("5C 7D 7H", "5S 5H 9D KS", "2C - 2H 2S"),
            Seat3("4C", "QD", "AS AH - -"),
            Seat3("6S", "", ""),
        ],
        "3D 4D",
        "",
        Rest::Cleared,
        2,
    );
    let events = act(&mut g, 2, play("6S"));
    assert!(events.contains(&Event::Shared(shedding::Event::Out { seat: 2, place: 1 })));
    for observer in [Observer::Seat(0), Observer::Seat(1), Observer::Public] {
        let scene = crate::Presentation::picture(&g, observer);
        // Nobody sees a face-down card, not even its owner: one back per position left.
        assert_eq!(scene.seats[0].piles[1].cards, vec![Face::Down; 3]);
        assert_eq!(scene.seats[1].piles[1].cards, vec![Face::Down; 2]);
        assert_eq!(scene.seats[1].piles[0].cards, vec![Face::Up(card("QD"))]);
        assert_eq!(scene.seats[2].mark, Mark::Out);
        assert!(scene.seats[2].piles.is_empty());
        assert_eq!(scene.middle[0].cards.last(), Some(&Face::Up(card("6S"))));
        assert_eq!(scene.middle[0].len(), 3);
    }
    let scene = crate::Presentation::picture(&g, Observer::Seat(0));
    assert_eq!(
        scene.seats[0].piles[0].cards,
        cards("5S 5H 9D KS")
            .into_iter()
            .map(Face::Up)
            .collect::<Vec<_>>()
    );
    let hands: Vec<Option<usize>> = scene.seats.iter().map(|p| p.hand).collect();
    assert_eq!(hands, [Some(3), Some(1), Some(0)]);
    assert!(scene.seats[0].to_act);
    // The own hand by rank; the 7s go on the 6, the 5 does not; face-up cards wait.
    let hand = scene.hand.as_ref().unwrap();
    let marked: Vec<(Card, bool)> = hand.cards().map(|h| (h.card, h.legal)).collect();
    assert_eq!(
        marked,
        vec![(card("5C"), false), (card("7H"), true), (card("7D"), true)]
    );
    assert_eq!(hand.groups.len(), 2);
}

/// The end of the game as the channel reads it, in English and Finnish: the one left holding
/// cards loses and the others' order out, with three and with four players, and a stalemate.
#[test]
fn game_results_read_as_sentences() {
    let names: Vec<String> = [
        "@alice",
        "Computer 2 (normal)",
        "Computer 3 (normal)",
        "@bob",
    ]
    .map(String::from)
    .to_vec();
    let over = |loser, ranking: Vec<Vec<Seat>>| {
        Event::Shared(shedding::Event::GameOver { loser, ranking })
    };
    let events = [
        over(Some(1), vec![vec![0], vec![2], vec![1]]),
        over(Some(0), vec![vec![3], vec![1], vec![2], vec![0]]),
        over(Some(1), vec![vec![0], vec![1]]),
        over(None, vec![vec![0], vec![1, 2]]),
    ];
    let messages: Vec<_> = events.iter().map(Poytapaska::event).collect();
    let words = |lang: &str| crate::testing::worded_results(&messages, &names, lang);
    insta::assert_snapshot!("poytapaska_results_en", words("en-US"));
    insta::assert_snapshot!("poytapaska_results_fi", words("fi"));
}
