//! Scenario tests for Paskahousu: every acceptance case PH-1…PH-8 of
//! `docs/rules/paskahousu.md` with explicit cards, plus the opening, the ace/ten pick-up, the
//! dead court cards and no-move rules, draw-and-try, the stalemate bound, the action shapes and
//! the Discord text.
//!
//! Positions in the middle of a game are built by `position`: it deals a game from an explicit
//! deck and then moves the cards between its zones (hands, pile, stock, out of the game), every
//! card staying in exactly one place.

use serde_json::json;

use super::*;
use crate::shedding::{Refusal as Shed, STALEMATE_ACTIONS};
use crate::{check_seats, Game, Heuristic, Present, RuleError};
use pakka_cards::{parse_cards, validate_deck, CardSet};
use pakka_catalog::{en, en_lines};

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

fn set(text: &str) -> CardSet {
    cards(text).into_iter().collect()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn play(text: &str) -> Action {
    Action::Play(cards(text).into())
}

/// An explicit deck that deals each seat, starting left of `dealer`, the given hand (five cards
/// one at a time; missing cards filled in), then a stock whose next cards are `stock`. The
/// cards nobody names follow in falling order (2s, aces, kings, …), so fillers hold no 3s.
fn deck_for(dealer: Seat, hands: &[&str], stock: &str) -> Vec<Card> {
    let seats = hands.len();
    let positions: Vec<Card> = (0..52).filter_map(Card::from_index).collect();
    let slots = deal_batches(
        &mut positions.iter().copied(),
        &seats_from((dealer + 1) % seats, seats),
        seats,
        &[1; 5],
    );
    let mut deck: Vec<Option<Card>> = vec![None; 52];
    let mut used = CardSet::new();
    for (seat, hand) in hands.iter().enumerate() {
        for (slot, c) in slots[seat].iter().zip(cards(hand)) {
            assert!(used.insert(c), "{c} twice in the scenario");
            deck[slot.index()] = Some(c);
        }
    }
    for (i, c) in cards(stock).into_iter().enumerate() {
        assert!(used.insert(c), "{c} twice in the scenario");
        deck[5 * seats + i] = Some(c);
    }
    let mut rest = shedding::ORDER
        .iter()
        .rev()
        .flat_map(|&r| rank_cards(r).iter().collect::<Vec<_>>())
        .filter(|c| !used.contains(*c));
    let deck: Vec<Card> = deck
        .into_iter()
        .map(|slot| slot.or_else(|| rest.next()).unwrap())
        .collect();
    validate_deck(&deck, &standard52()).unwrap();
    deck
}

fn dealt(options: Options, dealer: Seat, hands: &[&str], stock: &str) -> Paskahousu {
    let deck = deck_for(dealer, hands, stock);
    Paskahousu::new(options, hands.len(), Setup::deck(dealer, deck)).unwrap()
}

/// Where the cards nobody names go in a built position.
#[derive(Clone, Copy, PartialEq)]
enum Rest {
    /// Under the named stock cards.
    Stock,
    /// Out of the game (the stock is then exactly the named cards).
    Cleared,
}

/// A mid-game position: `turn` to move, the hands, the pile (bottom first) and the stock (next
/// card first) as given; the opening is over.
fn position(
    options: Options,
    hands: &[&str],
    pile: &str,
    stock: &str,
    rest: Rest,
    turn: Seat,
) -> Paskahousu {
    let mut g = Paskahousu::new(options, hands.len(), Setup::deck(0, standard52())).unwrap();
    let mut used = CardSet::new();
    let mut named = |text: &str| {
        let v = cards(text);
        for &c in &v {
            assert!(used.insert(c), "{c} twice in the scenario");
        }
        v
    };
    g.core.hands = hands
        .iter()
        .map(|h| named(h).into_iter().collect())
        .collect();
    g.core.pile = named(pile);
    let mut stock = named(stock);
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

fn act(g: &mut Paskahousu, seat: Seat, action: Action) -> Vec<Event> {
    g.apply(seat, &action)
        .unwrap_or_else(|e| panic!("{action:?} by {seat} refused: {e:?}"))
}

/// The reason an illegal action is refused; the game is left as it was.
fn refused(g: &mut Paskahousu, seat: Seat, action: Action) -> Refusal {
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
    en(&Paskahousu::reason(why))
}

fn plays(g: &Paskahousu, seat: Seat) -> Vec<Action> {
    g.legal_actions(seat)
        .into_iter()
        .filter(|a| matches!(a, Action::Play(_)))
        .collect()
}

#[test]
fn deal_gives_five_cards_one_at_a_time_and_the_rest_is_the_stock() {
    let deck = standard52();
    let g = Paskahousu::new(Options::default(), 3, Setup::deck(2, deck.clone())).unwrap();
    // The dealer is seat 2, so seat 0 receives the first card.
    let want = |s: usize| -> CardSet { (0..5).map(|i| deck[3 * i + s]).collect() };
    assert_eq!(g.core.hands, vec![want(0), want(1), want(2)]);
    assert_eq!(g.core.stock.len(), 37);
    assert_eq!(g.core.stock.last(), Some(&deck[15]), "next card on top");
    assert_eq!(g.core.pile, Vec::<Card>::new());
    assert_eq!(g.status().scores, None);
    assert_eq!(g.status().deal, 1);
}

#[test]
fn seats_and_options_are_checked() {
    for seats in [1, 7] {
        assert!(matches!(
            check_seats::<Paskahousu>(&Options::default(), seats),
            Err(SetupError::Seats { .. })
        ));
    }
    let info = crate::registry::find("paskahousu").unwrap();
    assert_eq!(
        info.default_options(),
        json!({"open_any_card": false, "draw_and_try": true, "court_min_top": "7"})
    );
    let options: Options = serde_json::from_value(
        json!({"open_any_card": true, "draw_and_try": false, "court_min_top": "6"}),
    )
    .unwrap();
    assert_eq!(options.court_min_top, CourtMinTop::Six);
    for bad in [
        json!({"court_min_top": "8"}),
        json!({"court_min_top": 7}),
        json!({"open_any_card": "yes"}),
        json!({"table_cards": true}),
    ] {
        assert!(
            info.create(bad.clone(), 3, Setup::seeded(1)).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn action_shapes_are_the_protocols() {
    let shapes = [
        (play("5S 5H"), json!({"play": ["5S", "5H"]})),
        (Action::Take, json!("take")),
        (Action::Draw, json!("draw")),
        (Action::Flip(2), json!({"flip": 2})),
    ];
    for (action, shape) in shapes {
        assert_eq!(serde_json::to_value(&action).unwrap(), shape);
        assert_eq!(serde_json::from_value::<Action>(shape).unwrap(), action);
    }
    assert_eq!(
        serde_json::from_value::<Action>(json!({"play": ["th", "TC"]})).unwrap(),
        play("10H 10C")
    );
    assert!(serde_json::from_value::<Action>(json!({"play": ["ZZ"]})).is_err());
    assert!(serde_json::from_value::<Action>(json!("pass")).is_err());
}

#[test]
fn the_most_threes_open_with_all_of_them_and_refill() {
    // Dealer 0: seat 1 and seat 2 both hold two 3s; seat 1 comes first from the dealer's left.
    let mut g = dealt(
        Options::default(),
        0,
        &["4S 5S 6S 7S 8S", "3S 3H 7C 9D KS", "3C 3D 4H 5H 6H"],
        "9S 9H",
    );
    assert_eq!(g.to_act(), vec![1]);
    assert_eq!(g.legal_actions(1), vec![play("3S 3H")]);
    let why = refused(&mut g, 1, play("3S"));
    let opening = Refusal::Shedding(Shed::Opening {
        rank: Rank::Three,
        cards: cards("3S 3H"),
    });
    assert_eq!(why, opening);
    assert_eq!(worded(&why), "The game opens with all your 3s: play 3♠ 3♥.");
    assert_eq!(refused(&mut g, 1, Action::Draw), opening);
    // Any spelling of the same cards is the listed play.
    let events = act(&mut g, 1, play("3H 3S"));
    assert!(events.contains(&Event::Shared(shedding::Event::Refilled {
        seat: 1,
        cards: 2
    })));
    assert_eq!(g.core.hands[1], set("7C 9D KS 9S 9H"));
    assert_eq!(g.core.pile, cards("3H 3S"));
    assert_eq!(g.to_act(), vec![2]);
}

#[test]
fn an_opening_of_four_threes_clears_and_the_opener_plays_again() {
    let mut g = dealt(
        Options::default(),
        1,
        &["3S 3H 3D 3C 9D", "4S 5S 6S 7S 8S"],
        "",
    );
    assert_eq!(g.to_act(), vec![0]);
    let events = act(&mut g, 0, play("3S 3H 3D 3C"));
    assert!(events.contains(&Event::Shared(shedding::Event::Cleared {
        seat: 0,
        cards: 4
    })));
    assert_eq!(g.to_act(), vec![0]);
    assert_eq!(g.core.hands[0].len(), 5);
}

#[test]
fn an_opening_ten_is_picked_up_by_the_next_player() {
    // Nobody holds a card from 3 to 9: the deciding rank is 10, even though a lone 10 on an
    // empty pile is then picked up [C].
    let mut g = dealt(
        Options::default(),
        0,
        &["JH QH KH AH 2H", "10S JS QS KS AS"],
        "",
    );
    assert_eq!(g.legal_actions(1), vec![play("10S")]);
    let events = act(&mut g, 1, play("10S"));
    assert!(events.contains(&Event::Took {
        seat: 0,
        cards: cards("10S"),
        forced: true
    }));
    assert!(g.core.hands[0].contains("10S".parse().unwrap()));
    assert_eq!(g.to_act(), vec![1], "seat 0 is skipped");
    assert!(g.core.pile.is_empty());
}

#[test]
fn ph1_a_new_pile_may_not_start_with_a_court_card() {
    let mut g = position(
        Options::default(),
        &["JH 5S 5D 9C KD", "4C"],
        "",
        "",
        Rest::Stock,
        0,
    );
    assert_eq!(
        g.legal_actions(0),
        vec![play("5S"), play("5S 5D"), play("9C"), Action::Draw]
    );
    let why = refused(&mut g, 0, play("JH"));
    assert_eq!(why, Refusal::Shedding(Shed::CourtOpening));
    assert_eq!(
        worded(&why),
        "A new pile may not start with a jack, queen or king."
    );
    assert_eq!(
        refused(&mut g, 0, play("KD")),
        Refusal::Shedding(Shed::CourtOpening)
    );
    // The variant: any card may start a pile.
    let g = position(
        Options {
            open_any_card: true,
            ..Options::default()
        },
        &["JH 5S 5D 9C KD", "4C"],
        "",
        "",
        Rest::Stock,
        0,
    );
    assert_eq!(
        plays(&g, 0),
        vec![
            play("5S"),
            play("5S 5D"),
            play("9C"),
            play("JH"),
            play("KD")
        ]
    );
}

#[test]
fn ph2_court_cards_need_a_seven() {
    let on = |top: &str, options: Options| {
        let g = position(options, &["KD 4S", "4C"], top, "", Rest::Stock, 0);
        plays(&g, 0).contains(&play("KD"))
    };
    assert!(!on("6C", Options::default()));
    assert!(on("7C", Options::default()));
    let six = Options {
        court_min_top: CourtMinTop::Six,
        ..Options::default()
    };
    assert!(on("6C", six.clone()));
    assert!(!on("5C", six));
    let mut g = position(
        Options::default(),
        &["KD 4S", "4C"],
        "6C",
        "",
        Rest::Stock,
        0,
    );
    let why = refused(&mut g, 0, play("KD"));
    assert_eq!(
        why,
        Refusal::Shedding(Shed::CourtsNeed {
            min: Rank::Seven,
            top: Rank::Six
        })
    );
    assert_eq!(
        worded(&why),
        "Jacks, queens and kings need a 7 or higher on top of the pile, not a 6."
    );
}

#[test]
fn ph3_an_ace_on_an_empty_pile_is_picked_up_by_the_next_player() {
    let mut g = position(
        Options::default(),
        &["4S 4H", "AS 5C 6C 7C 8C", "9D", "10D"],
        "",
        "",
        Rest::Stock,
        1,
    );
    let events = act(&mut g, 1, play("AS"));
    assert!(events.contains(&Event::Took {
        seat: 2,
        cards: cards("AS"),
        forced: true
    }));
    assert_eq!(g.core.hands[2], set("9D AS"));
    assert!(g.core.pile.is_empty());
    assert_eq!(
        g.to_act(),
        vec![3],
        "seat 2 is skipped; seat 3 starts a new pile"
    );
    assert!(plays(&g, 3).contains(&play("10D")));
}

#[test]
fn an_ace_that_was_the_last_card_still_goes_to_the_next_player() {
    let mut g = position(
        Options::default(),
        &["AS", "5C", "6C 7C"],
        "",
        "",
        Rest::Cleared,
        0,
    );
    let events = act(&mut g, 0, play("AS"));
    assert!(events.contains(&Event::Shared(shedding::Event::Out { seat: 0, place: 1 })));
    assert!(events.contains(&Event::Took {
        seat: 1,
        cards: cards("AS"),
        forced: true
    }));
    assert_eq!(g.to_act(), vec![2]);
}

#[test]
fn four_tens_on_an_empty_pile_fall_instead_of_being_picked_up() {
    let mut g = position(
        Options::default(),
        &["10S 10H 10D 10C 4S", "5C"],
        "",
        "",
        Rest::Stock,
        0,
    );
    let events = act(&mut g, 0, play("10S 10H 10D 10C"));
    assert!(events.contains(&Event::Shared(shedding::Event::Cleared {
        seat: 0,
        cards: 4
    })));
    assert!(!events.iter().any(|e| matches!(e, Event::Took { .. })));
    assert_eq!(g.to_act(), vec![0]);
}

#[test]
fn ph4_tens_on_a_nine_clear_and_the_player_refills_and_plays_again() {
    let mut g = position(
        Options::default(),
        &["10D 10C 4S 5S 6S", "4C"],
        "8H 9H",
        "7D 7S",
        Rest::Stock,
        0,
    );
    let events = act(&mut g, 0, play("10D 10C"));
    assert!(events.contains(&Event::Shared(shedding::Event::Cleared {
        seat: 0,
        cards: 4
    })));
    assert!(events.contains(&Event::Shared(shedding::Event::Refilled {
        seat: 0,
        cards: 2
    })));
    assert!(g.core.pile.is_empty());
    assert_eq!(g.core.cleared, set("8H 9H 10D 10C"));
    assert_eq!(g.core.hands[0], set("4S 5S 6S 7D 7S"));
    assert_eq!(g.to_act(), vec![0]);
}

#[test]
fn ph5_no_ten_on_a_court_card_and_no_ace_on_a_low_card() {
    let mut g = position(
        Options::default(),
        &["10H AH 4S", "4C"],
        "QS",
        "",
        Rest::Stock,
        0,
    );
    assert_eq!(plays(&g, 0), vec![play("AH")]);
    let why = refused(&mut g, 0, play("10H"));
    assert_eq!(why, Refusal::Shedding(Shed::TenNotOnCourts));
    assert_eq!(worded(&why), "A 10 may not go on a jack, queen or king.");
    let mut g = position(
        Options::default(),
        &["10H AH 4S", "4C"],
        "8S",
        "",
        Rest::Stock,
        0,
    );
    assert_eq!(plays(&g, 0), vec![play("10H")]);
    let why = refused(&mut g, 0, play("AH"));
    assert_eq!(why, Refusal::Shedding(Shed::AceOnCourts));
    assert_eq!(worded(&why), "An ace may only go on a jack, queen or king.");
}

#[test]
fn ph6_only_a_two_goes_on_a_two() {
    let mut g = position(
        Options::default(),
        &["2D 5S", "AS 2H", "6C"],
        "KC",
        "",
        Rest::Stock,
        0,
    );
    act(&mut g, 0, play("2D"));
    assert_eq!(g.to_act(), vec![1]);
    assert_eq!(
        g.legal_actions(1),
        vec![play("2H"), Action::Take, Action::Draw]
    );
    let why = refused(&mut g, 1, play("AS"));
    assert_eq!(why, Refusal::Shedding(Shed::OnlyOnItself(Rank::Two)));
    assert_eq!(worded(&why), "Only a 2 may go on a 2.");
}

#[test]
fn ph7_four_of_a_kind_across_plays_falls_and_the_completer_plays_again() {
    let mut g = position(
        Options::default(),
        &["9S", "5H 5S 6S", "5C 5D 7S", "8S"],
        "4D",
        "",
        Rest::Stock,
        1,
    );
    act(&mut g, 1, play("5H 5S"));
    assert_eq!(g.core.pile, cards("4D 5H 5S"));
    let events = act(&mut g, 2, play("5C 5D"));
    assert!(events.contains(&Event::Shared(shedding::Event::Cleared {
        seat: 2,
        cards: 5
    })));
    assert!(g.core.pile.is_empty());
    assert_eq!(g.to_act(), vec![2]);
}

#[test]
fn ph8_the_finishing_order_ranks_and_the_last_holder_loses() {
    let mut g = position(
        Options::default(),
        &["7S", "8H 9H KH", "3S", "5C 9C"],
        "",
        "",
        Rest::Cleared,
        2,
    );
    let events = act(&mut g, 2, play("3S"));
    assert!(events.contains(&Event::Shared(shedding::Event::Out { seat: 2, place: 1 })));
    assert_eq!(g.to_act(), vec![3]);
    act(&mut g, 3, play("5C"));
    let events = act(&mut g, 0, play("7S"));
    assert!(events.contains(&Event::Shared(shedding::Event::Out { seat: 0, place: 2 })));
    act(&mut g, 1, play("8H"));
    assert_eq!(g.to_act(), vec![3], "seats that went out are skipped");
    let events = act(&mut g, 3, play("9C"));
    assert!(events.contains(&Event::Shared(shedding::Event::Out { seat: 3, place: 3 })));
    assert!(g.is_over());
    let status = g.status();
    assert_eq!(
        status.ranking,
        Some(vec![vec![2], vec![0], vec![3], vec![1]])
    );
    assert_eq!(status.scores, None);
    assert!(status.to_act.is_empty());
    assert_eq!(
        events.last(),
        Some(&Event::Shared(shedding::Event::GameOver {
            loser: Some(1),
            ranking: vec![vec![2], vec![0], vec![3], vec![1]]
        }))
    );
    assert_eq!(g.apply(1, &play("9H")), Err(RuleError::GameOver));
}

#[test]
fn draw_and_try_plays_a_fitting_card_alone() {
    let mut g = position(
        Options::default(),
        &["9D 4S 4H 4D 4C", "5C"],
        "7D",
        "9S",
        Rest::Stock,
        0,
    );
    let events = act(&mut g, 0, Action::Draw);
    assert_eq!(
        events[0],
        Event::Shared(shedding::Event::Drew {
            seat: 0,
            card: "9S".parse().unwrap()
        })
    );
    assert_eq!(g.core.pile, cards("7D 9S"), "played alone, not with 9♦");
    assert_eq!(g.core.hands[0].len(), 5);
    assert_eq!(g.to_act(), vec![1]);
}

#[test]
fn a_drawn_court_card_on_an_empty_pile_goes_to_the_hand() {
    let mut g = position(
        Options::default(),
        &["9D 4S", "5C"],
        "",
        "QS",
        Rest::Stock,
        0,
    );
    let events = act(&mut g, 0, Action::Draw);
    assert!(events.contains(&Event::Took {
        seat: 0,
        cards: cards("QS"),
        forced: false
    }));
    assert_eq!(g.core.hands[0], set("9D 4S QS"));
    assert_eq!(g.to_act(), vec![1]);
}

#[test]
fn a_failed_draw_takes_the_pile_too() {
    let mut g = position(
        Options::default(),
        &["9D 4S 4H 4D 4C", "5C"],
        "7S KH",
        "5H",
        Rest::Stock,
        0,
    );
    act(&mut g, 0, Action::Draw);
    assert_eq!(g.core.hands[0], set("9D 4S 4H 4D 4C 7S KH 5H"));
    assert!(g.core.pile.is_empty());
    assert_eq!(g.to_act(), vec![1]);
}

#[test]
fn without_draw_and_try_there_is_no_draw() {
    let mut g = position(
        Options {
            draw_and_try: false,
            ..Options::default()
        },
        &["9D 4S", "5C"],
        "7S",
        "",
        Rest::Stock,
        0,
    );
    assert_eq!(g.legal_actions(0), vec![play("9D"), Action::Take]);
    let why = refused(&mut g, 0, Action::Draw);
    assert_eq!(why, Refusal::NoDrawAndTry);
    assert_eq!(worded(&why), "This table plays without draw-and-try.");
}

#[test]
fn taking_the_pile_passes_the_turn() {
    let mut g = position(
        Options::default(),
        &["9D 4S", "5C", "6C"],
        "7S KH",
        "",
        Rest::Stock,
        0,
    );
    let events = act(&mut g, 0, Action::Take);
    assert_eq!(
        events,
        vec![Event::Took {
            seat: 0,
            cards: cards("7S KH"),
            forced: false
        }]
    );
    assert_eq!(g.to_act(), vec![1]);
    let why = refused(&mut g, 1, Action::Take);
    assert_eq!(why, Refusal::Shedding(Shed::NothingToTake));
    assert_eq!(worded(&why), "The pile is empty: there is nothing to take.");
}

#[test]
fn plays_name_any_cards_of_the_rank_held() {
    let mut g = position(
        Options::default(),
        &["5H 5D 5C 9S", "4C"],
        "4D",
        "",
        Rest::Stock,
        0,
    );
    assert_eq!(
        plays(&g, 0),
        vec![play("5H"), play("5H 5D"), play("5H 5D 5C"), play("9S")]
    );
    assert_eq!(g.normalize(0, &play("5C")), play("5H"));
    assert_eq!(g.normalize(0, &play("5C 5H")), play("5H 5D"));
    let why = refused(&mut g, 0, play("5S"));
    assert_eq!(why, Refusal::Shedding(Shed::NotHeld(card("5S"))));
    assert_eq!(worded(&why), "You do not hold 5♠.");
    let why = refused(&mut g, 0, play("5H 9S"));
    assert_eq!(why, Refusal::Shedding(Shed::MixedRanks));
    assert_eq!(
        worded(&why),
        "Cards played together must all be of one rank."
    );
    let why = refused(&mut g, 0, play("5H 5H"));
    assert_eq!(why, Refusal::Shedding(Shed::Twice));
    assert_eq!(worded(&why), "You named the same card twice.");
    let why = refused(&mut g, 0, Action::Play(shedding::Cards::EMPTY));
    assert_eq!(why, Refusal::Shedding(Shed::NoCard));
    assert_eq!(worded(&why), "Name at least one card to play.");
    let why = refused(&mut g, 0, Action::Flip(1));
    assert_eq!(why, Refusal::NoFaceDown);
    assert_eq!(worded(&why), "Paskahousu has no face-down cards.");
    assert!(matches!(
        g.apply(1, &Action::Take),
        Err(RuleError::NotYourTurn { .. })
    ));
    // The suits chosen are the suits played.
    act(&mut g, 0, play("5C 5D"));
    assert_eq!(g.core.pile, cards("4D 5C 5D"));
    assert!(set("5H 9S").is_subset(g.core.hands[0]));
    assert!(!g.core.hands[0].contains("5C".parse().unwrap()));
}

#[test]
fn dead_court_cards_may_start_a_pile() {
    // Every 7, 8 and 9 is out of the game: courts could never be played again.
    let mut g = position(Options::default(), &["JS 4S", "5C"], "", "", Rest::Stock, 0);
    assert!(!plays(&g, 0).contains(&play("JS")));
    let dead = set("7S 7H 7D 7C 8S 8H 8D 8C 9S 9H 9D 9C");
    g.core.stock.retain(|c| !dead.contains(*c));
    g.core.cleared = dead;
    assert!(g.courts_dead());
    assert!(plays(&g, 0).contains(&play("JS")));
    assert!(g.view(Observer::Seat(0)).courts_dead);
    // With court_min_top "6" the 6s must be gone too.
    g.options.court_min_top = CourtMinTop::Six;
    assert!(!g.courts_dead());
}

#[test]
fn a_player_without_a_move_passes() {
    // Seat 0 clears with a 10 and must open the new pile, but holds only a king and the stock
    // is empty: it passes and seat 1 opens.
    let mut g = position(
        Options::default(),
        &["10S KS", "QH 4C", "5D"],
        "9S",
        "",
        Rest::Cleared,
        0,
    );
    g.core.cleared.remove("7S".parse().unwrap());
    g.core.hands[2].insert("7S".parse().unwrap());
    let events = act(&mut g, 0, play("10S"));
    assert!(events.contains(&Event::Shared(shedding::Event::Passed { seat: 0 })));
    assert_eq!(g.to_act(), vec![1]);
    assert_eq!(plays(&g, 1), vec![play("4C")]);
}

#[test]
fn when_nobody_can_move_the_player_to_move_plays_any_card() {
    // Without draw-and-try, everyone holding only court cards on an empty pile is stuck.
    let options = Options {
        draw_and_try: false,
        ..Options::default()
    };
    let mut g = position(
        options,
        &["10S JS QS KS JH", "KH JD QD KD JC"],
        "9S",
        "QH",
        Rest::Stock,
        0,
    );
    let events = act(&mut g, 0, play("10S"));
    assert!(events.contains(&Event::Shared(shedding::Event::FreePlay { seat: 0 })));
    assert_eq!(g.to_act(), vec![0]);
    assert!(g.view(Observer::Seat(0)).table.free_play);
    assert_eq!(
        plays(&g, 0),
        vec![
            play("JS"),
            play("JS JH"),
            play("QS"),
            play("QS QH"),
            play("KS")
        ]
    );
    act(&mut g, 0, play("QS"));
    assert!(!g.core.free_play);
    assert_eq!(
        g.legal_actions(1),
        vec![play("QD"), play("KH"), play("KH KD"), Action::Take]
    );
}

#[test]
fn taking_back_and_forth_ends_in_a_stalemate() {
    let mut g = position(
        Options::default(),
        &["6H 5H KH", "5S KS", "4D"],
        "",
        "",
        Rest::Cleared,
        2,
    );
    // Seat 2 goes out first; seat 0 takes its card.
    act(&mut g, 2, play("4D"));
    act(&mut g, 0, Action::Take);
    // A six-move cycle that returns to the same position: nothing ever leaves the game.
    let cycle = [
        (1, play("5S")),
        (0, play("6H")),
        (1, Action::Take),
        (0, play("5H")),
        (1, play("6H")),
        (0, Action::Take),
    ];
    let start = g.core.hands.clone();
    let mut actions = 2;
    for (seat, action) in cycle.iter().cycle() {
        if g.is_over() {
            break;
        }
        act(&mut g, *seat, action.clone());
        actions += 1;
        if actions % 6 == 2 {
            assert_eq!(g.core.hands, start);
        }
    }
    assert_eq!(actions, 1 + STALEMATE_ACTIONS as usize);
    assert_eq!(g.status().ranking, Some(vec![vec![2], vec![0, 1]]));
    assert!(g.core.end == Some(shedding::End::Stalemate));
    let text = en_lines(&Paskahousu::describe(&g.view(Observer::Public)), &[]);
    assert!(
        text.ends_with(
            "Out: Seat 3 (1st)\nGame over — stalemate: nothing changed for 1000 moves; Seat 1 \
             and Seat 2 share the last place."
        ),
        "{text}"
    );
}

#[test]
fn determinization_redeals_only_other_hands_and_the_stock() {
    use rand::SeedableRng;
    let mut g = dealt(
        Options::default(),
        0,
        &["4S 5S 6S 7S 8S", "3S 3H 7C 9D KS", "3C 4H 5H 6H 8D"],
        "",
    );
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    // While the opening is pending the opener keeps its 3s.
    let d = g.determinize(0, &mut rng);
    assert_eq!(d.view(Observer::Seat(0)), g.view(Observer::Seat(0)));
    assert!(set("3S 3H").is_subset(d.core.hands[1]));
    act(&mut g, 1, play("3S 3H"));
    let d = g.determinize(2, &mut rng);
    assert_eq!(d.view(Observer::Seat(2)), g.view(Observer::Seat(2)));
    assert_eq!(d.core.hands[2], g.core.hands[2]);
    assert_ne!(
        (d.core.hands[0], d.core.hands[1]),
        (g.core.hands[0], g.core.hands[1])
    );
    assert_eq!(d.core.pile, g.core.pile);
}

#[test]
fn the_text_shows_the_table_but_no_hidden_card() {
    let g = position(
        Options::default(),
        &["5S 5H 9C 9D 2S", "4C 4D"],
        "6C 7H",
        "",
        Rest::Stock,
        0,
    );
    let names = vec!["Ann".to_string(), "Bo".to_string()];
    let public = en_lines(&Paskahousu::describe(&g.view(Observer::Public)), &names);
    assert!(public.contains("Turn: Ann"), "{public}");
    assert!(
        public.contains("Pile: 2 cards — 6♣ 7♥ (top 7♥)"),
        "{public}"
    );
    assert!(public.contains("Stock: 43 cards"), "{public}");
    assert!(public.contains("Bo — 2 cards in hand"), "{public}");
    assert!(
        !public.contains("5♠") && !public.contains("Your hand"),
        "{public}"
    );
    let own = en_lines(&Paskahousu::describe(&g.view(Observer::Seat(0))), &names);
    assert!(own.contains("Your hand: 5♠ 5♥ · 9♦ 9♣ · 2♠"), "{own}");
    let view = g.view(Observer::Seat(0));
    let choices: Vec<(String, Option<String>)> = g
        .legal_actions(0)
        .iter()
        .map(|a| {
            (
                en(&Paskahousu::label(&view, a)),
                Paskahousu::group(&view, a).map(|m| en(&m)),
            )
        })
        .collect();
    let entry = |l: &str, g: Option<&str>| (l.to_string(), g.map(str::to_string));
    assert_eq!(
        choices,
        vec![
            entry("9♦", Some("Play 9s")),
            entry("9♦ 9♣", Some("Play 9s")),
            entry("2♠", Some("Play 2s")),
            entry("Take the pile", None),
            entry("Draw and try", None),
        ]
    );
}

#[test]
fn a_huge_hand_still_fits_one_step_of_buttons() {
    // Seat 0 took everything: 45 cards in hand.
    let mut g = position(
        Options::default(),
        &["", "3S 3H 3D", "4S 4H 4D"],
        "",
        "",
        Rest::Stock,
        0,
    );
    let stock = std::mem::take(&mut g.core.stock);
    g.core.hands[0] = stock.iter().collect();
    g.core.pile = vec!["3C".parse().unwrap()];
    g.core.hands[0].remove("3C".parse().unwrap());
    let choices = crate::Presentation::choices(&g, 0);
    assert!(choices.len() > 25);
    let mut first_step: Vec<String> = Vec::new();
    for c in &choices {
        let key = en(c.group.as_ref().unwrap_or(&c.label));
        if !first_step.contains(&key) {
            first_step.push(key);
        }
        assert!(en(&c.label).chars().count() <= 80);
    }
    assert!(first_step.len() <= 15, "{first_step:?}");
    assert!(first_step.contains(&"Take the pile".to_string()));
}

// ---- the rule of thumb (`rule_of_thumb`) -----------------------------------------------------

/// The `normal` computer player's choice for the seat to move.
fn thumb(g: &Paskahousu) -> Action {
    let seat = g.to_act()[0];
    let legal = g.legal_actions(seat);
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0);
    let i = g.rule_of_thumb(seat, &legal, &mut rng);
    legal[i].clone()
}

/// The rule of thumb's position as it was read from the seat's view, before it read the state:
/// the reference its observation must equal.
fn position_from_view(view: &View) -> shedding::Position<'_> {
    let hand: CardSet = view.hand.iter().collect();
    let (_, next) = shedding::me_and_next(
        view.observer,
        view.turn,
        view.hand_sizes.len(),
        &view.table.out,
    );
    shedding::Position {
        zone: hand,
        seen: hand.union(view.table.pile.iter().collect()),
        pile: &view.table.pile,
        stock: view.table.stock,
        legality: Legality {
            court_min_top: if view.court_min_top == 6 {
                Rank::Six
            } else {
                Rank::Seven
            },
            courts_on_empty: view.open_any_card || view.courts_dead,
        },
        free_play: view.table.free_play,
        after_zone: 0,
        next_left: view.hand_sizes.get(next).copied().unwrap_or(0),
        next_known: None,
        empty_pickup: true,
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
    let compared = crate::testing::rule_of_thumb_matches::<Paskahousu>(games, |g, seat, legal| {
        let view = g.view(Observer::Seat(seat));
        let reference = position_from_view(&view);
        assert_eq!(heuristic::observe(g, seat), reference);
        shedding::choose(&reference, legal, &shedding::Weights::PASKAHOUSU)
    });
    assert!(compared > 1_000);
}

#[test]
fn the_rule_of_thumb_plays_the_lowest_rank_with_all_its_cards() {
    let g = position(
        Options::default(),
        &["5S 5H 8C KD 2C", "6D 7D", "6C 7C"],
        "4D",
        "",
        Rest::Stock,
        0,
    );
    assert_eq!(thumb(&g), play("5S 5H"));
    // On an empty pile too: the 3s, not the ace or the 10 that the next player would pick up.
    let g = position(
        Options::default(),
        &["3S 3H 9C 10D AS", "6D 7D", "6C 7C"],
        "",
        "",
        Rest::Stock,
        0,
    );
    assert_eq!(thumb(&g), play("3S 3H"));
}

#[test]
fn the_rule_of_thumb_keeps_its_2s_and_10s_while_a_low_card_will_do() {
    let g = position(
        Options::default(),
        &["9S 10C 2C AS JD", "6D 7D", "6C 7C"],
        "6H 9D",
        "",
        Rest::Stock,
        0,
    );
    let legal = g.legal_actions(0);
    assert!(legal.contains(&play("2C")) && legal.contains(&play("10C")));
    assert_eq!(thumb(&g), play("9S"));
}

#[test]
fn the_rule_of_thumb_draws_before_taking_and_spends_a_2_on_a_big_pile() {
    let pile = "3S 4S 5S 6S 7S KH";
    let g = position(
        Options::default(),
        &["3H 4H 5H 6H 8H", "6D 7D", "6C 7C"],
        pile,
        "",
        Rest::Stock,
        0,
    );
    assert_eq!(g.legal_actions(0), vec![Action::Take, Action::Draw]);
    assert_eq!(thumb(&g), Action::Draw);
    let g = position(
        Options::default(),
        &["3H 4H 5H 6H 2C", "6D 7D", "6C 7C"],
        pile,
        "",
        Rest::Stock,
        0,
    );
    assert_eq!(thumb(&g), play("2C"));
}

#[test]
fn the_rule_of_thumb_takes_the_pile_only_when_nothing_else_will_do() {
    // A tiny pile and a weak hand: still a play.
    let g = position(
        Options::default(),
        &["9S JD QD KD 2C", "6D 7D", "6C 7C"],
        "3D",
        "",
        Rest::Stock,
        0,
    );
    assert_eq!(thumb(&g), play("9S"));
    // No stock: a 2 on a 2 rather than taking the pile; a 10 clears a big pile of low cards.
    let g = position(
        Options::default(),
        &["2S 7C", "6D 7D", "6C 8C"],
        "5D 5H 2H",
        "",
        Rest::Cleared,
        0,
    );
    assert_eq!(g.legal_actions(0), vec![play("2S"), Action::Take]);
    assert_eq!(thumb(&g), play("2S"));
    let g = position(
        Options::default(),
        &["10H 3H 4H", "6D 7D", "6C 7C"],
        "3S 4S 5S 6S 8S 9S",
        "",
        Rest::Cleared,
        0,
    );
    assert_eq!(g.legal_actions(0), vec![play("10H"), Action::Take]);
    assert_eq!(thumb(&g), play("10H"));
    // Nothing to play and nothing to draw: take.
    let g = position(
        Options::default(),
        &["3H 4H", "6D 7D", "6C 7C"],
        "KH",
        "",
        Rest::Cleared,
        0,
    );
    assert_eq!(thumb(&g), Action::Take);
}

#[test]
fn the_rule_of_thumb_goes_out_when_it_can() {
    let g = position(
        Options::default(),
        &["8S 8H", "6D 5D", "6C 9C"],
        "7D",
        "",
        Rest::Cleared,
        0,
    );
    assert_eq!(thumb(&g), play("8S 8H"));
}

#[test]
fn the_rule_of_thumb_answers_a_legal_index_deterministically_and_beats_random_play() {
    let share = crate::testing::rule_of_thumb_share_against_random::<Paskahousu>(&[2, 3, 4]);
    // Fair shares average 36%; the rule of thumb wins nearly always.
    assert!(share > 0.7, "won {share:.2} of the deals");
}

#[test]
fn every_event_has_a_sentence() {
    let names = vec!["Ann".to_string(), "Bo".to_string(), "Cy".to_string()];
    let said = |e: Event| pakka_catalog::en_named(&Paskahousu::event(&e), &names);
    let c = cards("5S 5H");
    let cases = [
        (
            Event::Played {
                seat: 0,
                cards: c.clone(),
                drawn: false,
            },
            "Ann plays 5♠ 5♥.",
        ),
        (
            Event::Played {
                seat: 0,
                cards: cards("9S"),
                drawn: true,
            },
            "Ann plays 9♠ from the stock.",
        ),
        (
            Event::Shared(shedding::Event::Drew {
                seat: 1,
                card: card("9S"),
            }),
            "Bo draws and turns 9♠.",
        ),
        (
            Event::Shared(shedding::Event::Refilled { seat: 1, cards: 1 }),
            "Bo draws 1 card from the stock.",
        ),
        (
            Event::Took {
                seat: 2,
                cards: c.clone(),
                forced: false,
            },
            "Cy takes the pile: 5♠ 5♥.",
        ),
        (
            Event::Took {
                seat: 2,
                cards: cards("AS"),
                forced: true,
            },
            "Cy picks up A♠, played on an empty pile, and misses a turn.",
        ),
        (
            Event::Shared(shedding::Event::Cleared { seat: 0, cards: 4 }),
            "Ann clears the pile: 4 cards out of the game.",
        ),
        (
            Event::Shared(shedding::Event::Passed { seat: 1 }),
            "Bo has no move and passes.",
        ),
        (
            Event::Shared(shedding::Event::FreePlay { seat: 2 }),
            "Nobody can move: Cy may play any card.",
        ),
        (
            Event::Shared(shedding::Event::Out { seat: 0, place: 2 }),
            "Ann goes out in 2nd place.",
        ),
        (
            Event::Shared(shedding::Event::GameOver {
                loser: Some(1),
                ranking: vec![vec![0], vec![2], vec![1]],
            }),
            "Game over — Bo is left holding cards and is the paskahousu, the game's one loser. \
             The others went out: Ann first, Cy second; the first one out wins.",
        ),
        (
            Event::Shared(shedding::Event::GameOver {
                loser: None,
                ranking: vec![vec![0], vec![1, 2]],
            }),
            "Game over — stalemate: nothing changed for 1000 moves; Bo and Cy share the last \
             place.",
        ),
    ];
    for (event, text) in cases {
        assert_eq!(said(event), text);
    }
}

#[test]
fn the_finishing_order_is_told_with_ordinals() {
    let mut g = position(
        Options::default(),
        &["7S", "8H 9H KH", "3S", "5C 9C"],
        "",
        "",
        Rest::Cleared,
        2,
    );
    act(&mut g, 2, play("3S"));
    act(&mut g, 3, play("5C"));
    act(&mut g, 0, play("7S"));
    let text = en_lines(&Paskahousu::describe(&g.view(Observer::Public)), &[]);
    assert!(text.ends_with("Out: Seat 3 (1st), Seat 1 (2nd)"), "{text}");
    assert!(text.contains("Seat 2 — 3 cards in hand"), "{text}");
    assert!(text.contains("Seat 4 — 1 card in hand"), "{text}");
    assert!(text.contains("Pile: 3 cards — 3♠ 5♣ 7♠ (top 7♠)"), "{text}");
    act(&mut g, 1, play("8H"));
    act(&mut g, 3, play("9C"));
    let text = en_lines(&Paskahousu::describe(&g.view(Observer::Public)), &[]);
    assert!(
        text.ends_with(
            "Out: Seat 3 (1st), Seat 1 (2nd), Seat 4 (3rd)\nGame over — Seat 2 is left holding \
             cards and loses."
        ),
        "{text}"
    );
}

#[test]
fn the_picture_shows_the_pile_the_stock_who_is_out_and_the_playable_cards() {
    use crate::picture::{Face, Mark};
    let mut g = position(
        Options::default(),
        &["5S 5H 9C 9D 2S", "4C 4D", "9S"],
        "3C 4H 5D 6C 7H 8S 8D",
        "",
        Rest::Cleared,
        2,
    );
    let events = act(&mut g, 2, play("9S"));
    assert!(events.contains(&Event::Shared(shedding::Event::Out { seat: 2, place: 1 })));
    let scene = crate::Presentation::picture(&g, Observer::Seat(0));
    // The pile's last six cards, top last, with the pile's count; the stock and the cleared
    // cards face down.
    let pile = &scene.middle[0];
    assert_eq!(en(pile.label.as_ref().unwrap()), "Pile");
    assert_eq!(
        pile.cards,
        cards("5D 6C 7H 8S 8D 9S")
            .into_iter()
            .map(Face::Up)
            .collect::<Vec<_>>()
    );
    assert_eq!(pile.len(), 8);
    assert_eq!(scene.middle[1].len(), 0, "the stock is gone");
    assert_eq!(scene.middle[2].len(), 52 - 5 - 2 - 8);
    assert_eq!(scene.middle[2].cards, vec![Face::Down]);
    let hands: Vec<Option<usize>> = scene.seats.iter().map(|p| p.hand).collect();
    assert_eq!(hands, [Some(5), Some(2), Some(0)]);
    assert!(scene.seats[0].to_act && !scene.seats[1].to_act);
    assert_eq!(scene.seats[2].mark, Mark::Out);
    assert_eq!(en(&scene.seats[2].lines[0]), "Out 1st");
    assert_eq!(en(&scene.notes[0]), "Turn: Seat 1");
    // The own hand by rank as the text says it; a 9 or the 2 may go on the 9.
    let hand = scene.hand.as_ref().unwrap();
    let groups: Vec<Vec<Card>> = hand
        .groups
        .iter()
        .map(|g| g.iter().map(|h| h.card).collect())
        .collect();
    assert_eq!(groups, vec![cards("5S 5H"), cards("9D 9C"), cards("2S")]);
    let legal: Vec<Card> = hand.cards().filter(|h| h.legal).map(|h| h.card).collect();
    assert_eq!(legal, cards("9D 9C 2S"));
    // Another seat's picture holds its own hand only; the public's none.
    let other = crate::Presentation::picture(&g, Observer::Seat(1));
    assert!(other.hand.as_ref().unwrap().cards().all(|h| !h.legal));
    assert!(crate::Presentation::picture(&g, Observer::Public)
        .hand
        .is_none());
}

#[test]
fn a_restricted_choice_says_why_beside_the_buttons() {
    let names = vec!["Ann".to_string(), "Bo".to_string()];
    let own =
        |g: &Paskahousu| en_lines(&crate::Presentation::describe(g, Observer::Seat(0)), &names);
    // A 2 on top and none in hand: taking the pile or trying the stock is all that is left.
    let g = position(
        Options::default(),
        &["5S 9C 3D", "4C 4D"],
        "6C 2H",
        "",
        Rest::Stock,
        0,
    );
    let view = g.view(Observer::Seat(0));
    let labels: Vec<String> = g
        .legal_actions(0)
        .iter()
        .map(|a| en(&Paskahousu::label(&view, a)))
        .collect();
    assert_eq!(labels, vec!["Take the pile", "Draw and try"]);
    assert!(own(&g).ends_with("Only a 2 may go on a 2."), "{}", own(&g));
    // The waiting seat is told nothing.
    let other = en_lines(
        &crate::Presentation::describe(&g, Observer::Seat(1)),
        &names,
    );
    assert!(!other.contains("Only a 2"), "{other}");
    // Nothing in hand may go on a king: said so.
    let g = position(
        Options::default(),
        &["5S 9C 3D", "4C 4D"],
        "8C KH",
        "",
        Rest::Stock,
        0,
    );
    assert!(
        own(&g).ends_with("Nothing in your hand may go on K♥: take the pile or try your luck."),
        "{}",
        own(&g)
    );
    // A hand that may play as usual hears nothing more.
    let g = position(
        Options::default(),
        &["5S 9C 3D", "4C 4D"],
        "3C 4H",
        "",
        Rest::Stock,
        0,
    );
    let usual = own(&g);
    assert!(
        !usual.contains("Only a 2") && !usual.contains("Nothing in your hand"),
        "{usual}"
    );
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
    let messages: Vec<_> = events.iter().map(Paskahousu::event).collect();
    let words = |lang: &str| crate::testing::worded_results(&messages, &names, lang);
    insta::assert_snapshot!("paskahousu_results_en", words("en-US"));
    insta::assert_snapshot!("paskahousu_results_fi", words("fi"));
}
