//! Scenario tests for Teka: every acceptance case TE-1…TE-10 of `docs/rules/teka.md` from
//! explicit decks, plus the action shapes, redeal requests, the faithful deck handling and the
//! `shuffle_every_deal` option, raising, hidden information and determinization.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::json;

use super::heuristic::Why;
use super::*;
use crate::trick_play::TrickWhy;
use crate::{Game, Heuristic, Present, RuleError};
use pakka_cards::{parse_cards, validate_deck};
use pakka_catalog::{en, en_lines};

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

/// An explicit deck whose deal gives each seat a hand starting with the given cards (in the
/// order received); the rest is filled in new-deck order. Teka deals 13 consecutive cards to
/// the dealer's next seat, then 13 to the seat after, and so on.
fn deck_for(dealer: Seat, hands: [&str; 4]) -> Vec<Card> {
    let mut deck: Vec<Option<Card>> = vec![None; 52];
    let mut used = CardSet::new();
    for (seat, text) in hands.iter().enumerate() {
        let start = ((seat + 4 - (dealer + 1) % 4) % 4) * 13;
        let given = cards(text);
        assert!(given.len() <= 13);
        for (i, c) in given.into_iter().enumerate() {
            assert!(used.insert(c), "{c} twice in the scenario");
            deck[start + i] = Some(c);
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

fn game_with(options: Options, dealer: Seat, hands: [&str; 4]) -> Teka {
    Teka::new(options, 4, Setup::deck(dealer, deck_for(dealer, hands))).unwrap()
}

fn game(dealer: Seat, hands: [&str; 4]) -> Teka {
    game_with(Options::default(), dealer, hands)
}

fn act(g: &mut Teka, seat: Seat, action: Action) -> Vec<Event> {
    g.apply(seat, &action)
        .unwrap_or_else(|e| panic!("{action:?} by {seat} refused: {e:?}"))
}

fn number(n: u8) -> Action {
    Action::Bid(Bid::Tricks(n))
}

fn d13() -> Action {
    Action::Bid(Bid::Double13)
}

/// Plays the cards in order, each by the seat to act.
fn play_cards(g: &mut Teka, text: &str) -> Vec<Event> {
    let mut events = Vec::new();
    for c in cards(text) {
        let seat = g.to_act()[0];
        events.extend(act(g, seat, Action::Play(c)));
    }
    events
}

/// Calls in seat order from the seat to act.
fn calls(g: &mut Teka, actions: &[Action]) -> Vec<Event> {
    let mut events = Vec::new();
    for a in actions {
        let seat = g.to_act()[0];
        events.extend(act(g, seat, a.clone()));
    }
    events
}

fn scored(events: &[Event]) -> HandResult {
    events
        .iter()
        .find_map(|e| match e {
            Event::HandScored { result, .. } => Some(result.clone()),
            _ => None,
        })
        .expect("the hand was scored")
}

// ---- the scenario decks (dealer 3: seat 0 receives and calls first) -------------------------

/// TE-5 / TE-9: seat 0 makes 9 with hearts; the hand ends after trick 11.
const TE5: [&str; 4] = [
    "AH KH QH JH 10H 9H 8H 2S 3S 2D 3D 4D 5D",
    "AS KS QS 2C 3C 4C 5C 6C 7C 8C 9C 10C JC",
    "2H 3H 4H 5H 6H 7H AC AD KD QD JD 10D 9D",
    "4S 5S 6S 7S 8S 9S 10S JS QC KC 6D 7D 8D",
];
const TE5_PLAY: &str = "AH 3C 2H 6D  KH 4C 3H 7D  QH 5C 4H 8D  JH 6C 5H 4S  10H 7C 6H 5S  \
    9H 8C 7H 6S  8H 9C 9D 7S  2S AS 10D 8S  KS JD 9S 3S  2C AC QC 2D";
const TE5_LAST: &str = "AD 10S 3D 10C";

/// TE-7 / TE-4: seat 0 calls 8 with hearts and holds `AS` and `2H`.
const TE7: [&str; 4] = [
    "2H 8H 9H 10H JH QH AS AD KD QD JD 10D 9D",
    "AH KH 2S 5S 6S 7S 8S 9S 10S JS QS KS 2C",
    "3H 5H 7H 3S 3C 4C 5C 6C 7C 8C 9C 10C JC",
    "4H 6H 4S QC KC AC 2D 3D 4D 5D 6D 7D 8D",
];

fn te5_to_play(scores: Vec<i64>) -> Teka {
    let mut g = game(3, TE5);
    g.team_scores = scores;
    calls(
        &mut g,
        &[number(9), Action::Pass, Action::Ter, Action::Pass],
    );
    act(&mut g, 0, Action::Trump(TrumpSuit::H));
    g
}

// ---- shapes and the deal --------------------------------------------------------------------

#[test]
fn actions_have_the_protocol_shapes() {
    let shapes = [
        (Action::Redeal, json!("redeal")),
        (Action::Keep, json!("keep")),
        (number(8), json!({"bid": 8})),
        (number(13), json!({"bid": 13})),
        (d13(), json!({"bid": "double13"})),
        (Action::Pass, json!("pass")),
        (Action::Ter, json!("ter")),
        (Action::Trump(TrumpSuit::S), json!({"trump": "S"})),
        (Action::Trump(TrumpSuit::C), json!({"trump": "C"})),
        (Action::Raise(11), json!({"raise": 11})),
        (Action::Play(card("10H")), json!({"play": "10H"})),
    ];
    for (action, value) in shapes {
        assert_eq!(serde_json::to_value(&action).unwrap(), value);
        assert_eq!(serde_json::from_value::<Action>(value).unwrap(), action);
    }
    assert_eq!(
        serde_json::from_value::<Action>(json!({"trump": "h"})).unwrap(),
        Action::Trump(TrumpSuit::H)
    );
    assert!(serde_json::from_value::<Action>(json!({"bid": "twelve"})).is_err());
    assert!(serde_json::from_value::<Action>(json!({"trump": "X"})).is_err());
    assert_eq!(
        serde_json::to_value(Options::default()).unwrap(),
        json!({"shuffle_every_deal": false})
    );
    assert!(serde_json::from_value::<Options>(json!({"shuffle": true})).is_err());
}

#[test]
fn thirteen_consecutive_cards_go_to_each_seat_from_the_dealers_next() {
    let deck = standard52();
    let g = Teka::new(Options::default(), 4, Setup::deck(2, deck.clone())).unwrap();
    assert_eq!(g.hands[3], deck[0..13].to_vec());
    assert_eq!(g.hands[0], deck[13..26].to_vec());
    assert_eq!(g.hands[1], deck[26..39].to_vec());
    assert_eq!(g.hands[2], deck[39..52].to_vec());
    assert_eq!((g.phase, g.to_act()), (Phase::Bidding, vec![3]));
    let status = g.status();
    assert_eq!((status.deal, status.scores), (1, Some(vec![0, 0, 0, 0])));
    assert!(crate::check_seats::<Teka>(&Options::default(), 3).is_err());
}

// ---- calls ------------------------------------------------------------------------------------

#[test]
fn te1_the_highest_number_declares() {
    let mut g = Teka::new(Options::default(), 4, Setup::deck(0, standard52())).unwrap();
    assert_eq!(
        g.to_act(),
        vec![1],
        "calling starts with the dealer's next seat"
    );
    act(&mut g, 1, number(8));
    act(&mut g, 2, number(9));
    act(&mut g, 3, Action::Pass);
    let events = act(&mut g, 0, number(10));
    assert_eq!((g.declarer, g.contract), (Some(0), Some(Bid::Tricks(10))));
    assert!(events.contains(&Event::Declarer {
        seat: 0,
        bid: Bid::Tricks(10),
        sits_out: None
    }));
    assert_eq!((g.phase, g.to_act()), (Phase::Trump, vec![0]));
    assert_eq!(g.legal_actions(0).len(), 4);
}

#[test]
fn te2_numbers_must_go_higher() {
    let mut g = Teka::new(Options::default(), 4, Setup::deck(0, standard52())).unwrap();
    act(&mut g, 1, number(10));
    assert_eq!(
        g.legal_actions(2),
        vec![
            number(11),
            number(12),
            number(13),
            d13(),
            Action::Pass,
            Action::Ter
        ]
    );
    for n in [9, 10] {
        assert_eq!(
            g.apply(2, &number(n)),
            Err(RuleError::Illegal(Refusal::CallHigher { than: 10 }))
        );
    }
    assert_eq!(
        en(&Teka::reason(&Refusal::CallHigher { than: 10 })),
        "Your call must be higher than 10."
    );
    assert_eq!(
        g.apply(2, &number(14)),
        Err(RuleError::Illegal(Refusal::NotANumber))
    );
    assert_eq!(
        en(&Teka::reason(&Refusal::NotANumber)),
        "Call a number of tricks from 8 to 13."
    );
    let mut other = g.clone();
    act(&mut other, 2, d13());
    act(&mut g, 2, number(11));
    assert_eq!(g.highest_number(), Some(11));
}

#[test]
fn te3_the_later_double_thirteen_plays_alone() {
    let mut g = Teka::new(Options::default(), 4, Setup::deck(0, standard52())).unwrap();
    act(&mut g, 1, d13());
    assert_eq!(
        g.legal_actions(2),
        vec![d13(), Action::Pass, Action::Ter],
        "no number beats double thirteen"
    );
    assert_eq!(
        g.apply(2, &number(13)),
        Err(RuleError::Illegal(Refusal::Double13Called))
    );
    act(&mut g, 2, d13());
    act(&mut g, 3, Action::Pass);
    let events = act(&mut g, 0, Action::Pass);
    assert!(events.contains(&Event::Declarer {
        seat: 2,
        bid: Bid::Double13,
        sits_out: Some(0)
    }));
    act(&mut g, 2, Action::Trump(TrumpSuit::H));
    assert_eq!(g.view(Observer::Public).sits_out, Some(0));
    // Seat 2 holds the hearts, seat 3 the diamonds, seat 1 the spades, seat 0 (out) the clubs.
    act(&mut g, 2, Action::Play(card("2H")));
    assert_eq!(g.to_act(), vec![3]);
    act(&mut g, 3, Action::Play(card("2D")));
    assert_eq!(g.to_act(), vec![1], "seat 0 is skipped");
    act(&mut g, 1, Action::Play(card("2S")));
    let (winner, plays) = g.won.last().unwrap();
    assert_eq!(winner, 2);
    assert_eq!(
        plays.iter().map(|&(s, _)| s).collect::<Vec<_>>(),
        vec![2, 3, 1]
    );
    assert_eq!(g.hands[0].len(), 13, "the partner's hand is set aside");
    assert!(g
        .legal_actions(2)
        .iter()
        .all(|a| !matches!(a, Action::Raise(_))));
}

#[test]
fn te10_all_four_pass_no_score_and_the_deal_moves_on() {
    let mut g = Teka::new(Options::default(), 4, Setup::deck(0, standard52())).unwrap();
    let events = calls(
        &mut g,
        &[Action::Pass, Action::Ter, Action::Pass, Action::Pass],
    );
    assert!(events.contains(&Event::AllPassed));
    assert_eq!(scored(&events).points, [0, 0]);
    assert_eq!(g.team_scores, vec![0, 0]);
    assert_eq!((g.deal, g.dealer), (2, 1));
    assert_eq!(
        g.to_act(),
        vec![2],
        "the new dealer's next seat calls first"
    );
}

// ---- play -------------------------------------------------------------------------------------

#[test]
fn te4_the_first_lead_must_be_a_trump() {
    let mut g = game(3, TE7);
    calls(
        &mut g,
        &[number(8), Action::Pass, Action::Pass, Action::Pass],
    );
    let mut void = g.clone();
    act(&mut g, 0, Action::Trump(TrumpSuit::H));
    let lead = Refusal::LeadTrump {
        trump: Suit::Hearts,
    };
    assert_eq!(
        g.apply(0, &Action::Play(card("AS"))),
        Err(RuleError::Illegal(lead.clone()))
    );
    assert_eq!(
        en(&Teka::reason(&lead)),
        "The first lead must be a trump: play a ♥."
    );
    act(&mut g, 0, Action::Play(card("2H")));
    // Without a trump in hand, the declarer leads anything.
    act(&mut void, 0, Action::Trump(TrumpSuit::C));
    let plays = void
        .legal_actions(0)
        .into_iter()
        .filter(|a| matches!(a, Action::Play(_)))
        .count();
    assert_eq!(plays, 13);
}

#[test]
fn following_suit_only_when_able() {
    let mut g = te5_to_play(vec![0, 0]);
    act(&mut g, 0, Action::Play(card("AH")));
    // Seat 1 holds no heart: any card; seat 2 must follow.
    assert_eq!(g.legal_actions(1).len(), 13);
    act(&mut g, 1, Action::Play(card("3C")));
    let legal = g.legal_actions(2);
    assert_eq!(legal.len(), 6);
    let follow = Refusal::MustFollow { suit: Suit::Hearts };
    assert_eq!(
        g.apply(2, &Action::Play(card("AC"))),
        Err(RuleError::Illegal(follow.clone()))
    );
    assert_eq!(
        en(&Teka::reason(&follow)),
        "You must follow suit: play a ♥."
    );
}

#[test]
fn te5_the_hand_stops_once_the_contract_is_made() {
    let mut g = te5_to_play(vec![0, 0]);
    play_cards(&mut g, TE5_PLAY);
    assert_eq!(g.won.len(), 10);
    assert_eq!(g.side_tricks(), (8, 2));
    let events = play_cards(&mut g, TE5_LAST);
    let result = scored(&events);
    assert_eq!(result.made, Some(true));
    assert_eq!(result.team_tricks, [9, 2]);
    assert_eq!(result.points, [9, 0]);
    assert_eq!(g.team_scores, vec![9, 0]);
    assert_eq!(g.status().scores, Some(vec![9, 0, 9, 0]));
    assert_eq!(
        (g.deal, g.dealer),
        (2, 0),
        "two cards each were never played"
    );
}

#[test]
fn te6_the_hand_stops_once_the_contract_cannot_be_made() {
    let hands = [
        "2H 3H 4H 5H 2S 3S 4S 5S 6S 7S 8S 9S 10S",
        "AH KH QH JH 2C 3C 4C 5C 6C 7C 8C 9C 10C",
        "6H 7H 8H 9H JS QS KS AS JC QC KC AC 2D",
        "10H 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
    ];
    let mut g = game(3, hands);
    // Seat 0 holds no ace or court card and is asked first.
    assert_eq!((g.phase, g.to_act()), (Phase::Redeal, vec![0]));
    act(&mut g, 0, Action::Keep);
    calls(
        &mut g,
        &[number(10), Action::Pass, Action::Pass, Action::Pass],
    );
    act(&mut g, 0, Action::Trump(TrumpSuit::H));
    play_cards(&mut g, "2H AH 6H 10H  KH 7H 3D 3H  QH 8H 4D 4H");
    assert_eq!(g.deal, 1);
    let events = play_cards(&mut g, "JH 9H 5D 5H");
    let result = scored(&events);
    assert_eq!(result.made, Some(false));
    assert_eq!(result.team_tricks, [0, 4]);
    assert_eq!(result.points, [0, 20]);
    assert_eq!(g.team_scores, vec![0, 20]);
    assert_eq!(g.deal, 2);
}

#[test]
fn te7_the_declarer_may_raise_up_to_what_is_still_possible() {
    let mut g = game(3, TE7);
    calls(
        &mut g,
        &[number(8), Action::Pass, Action::Pass, Action::Pass],
    );
    act(&mut g, 0, Action::Trump(TrumpSuit::H));
    let raises = |g: &Teka, seat| -> Vec<u8> {
        g.legal_actions(seat)
            .into_iter()
            .filter_map(|a| match a {
                Action::Raise(n) => Some(n),
                _ => None,
            })
            .collect()
    };
    assert_eq!(raises(&g, 0), vec![9, 10, 11, 12, 13]);
    play_cards(&mut g, "2H AH 3H 4H  KH 5H 6H 8H");
    play_cards(&mut g, "2S 3S 4S");
    assert_eq!(
        raises(&g, 0),
        vec![9, 10, 11],
        "raises sit beside the cards"
    );
    play_cards(
        &mut g,
        "AS  QH 5S 7H QC  JH 6S 3C KC  10H 7S 4C AC  9H 8S 5C 2D",
    );
    assert_eq!(g.side_tricks(), (5, 2));
    assert_eq!(g.to_act(), vec![0]);
    assert_eq!(raises(&g, 0), vec![9, 10, 11], "at most 13 − 2 = 11");
    let most = Refusal::RaiseAtMost {
        opponents: 2,
        most: 11,
    };
    assert_eq!(
        g.apply(0, &Action::Raise(12)),
        Err(RuleError::Illegal(most.clone()))
    );
    assert_eq!(
        en(&Teka::reason(&most)),
        "The opponents have 2 tricks: you can raise to 11 at most."
    );
    assert_eq!(
        en(&Teka::reason(&Refusal::RaiseAtMost {
            opponents: 1,
            most: 12
        })),
        "The opponents have 1 trick: you can raise to 12 at most."
    );
    assert_eq!(
        g.apply(0, &Action::Raise(8)),
        Err(RuleError::Illegal(Refusal::RaiseAbove { contract: 8 }))
    );
    // The partner never raises.
    let mut partner_turn = g.clone();
    play_cards(&mut partner_turn, "AD 9S");
    assert_eq!(partner_turn.to_act(), vec![2]);
    assert!(raises(&partner_turn, 2).is_empty());
    // A raise keeps the turn and is what scores.
    let events = act(&mut g, 0, Action::Raise(10));
    assert!(events.contains(&Event::Raised { seat: 0, to: 10 }));
    assert_eq!(
        (g.contract, g.bid),
        (Some(Bid::Tricks(10)), Some(Bid::Tricks(8)))
    );
    assert_eq!(g.to_act(), vec![0]);
    assert_eq!(raises(&g, 0), vec![11]);
    play_cards(&mut g, "AD 9S 6C 3D  KD 10S 7C 4D");
    assert_eq!(g.side_tricks(), (7, 2));
    let view = g.view(Observer::Public);
    assert_eq!(view.contract, Some(Bid::Tricks(10)));
}

#[test]
fn a_raised_contract_is_what_scores() {
    let mut g = te5_to_play(vec![0, 0]);
    act(&mut g, 0, Action::Raise(10));
    play_cards(&mut g, TE5_PLAY);
    play_cards(&mut g, TE5_LAST);
    assert_eq!(g.side_tricks(), (9, 2), "9 is no longer enough");
    let events = play_cards(&mut g, "KD JS 4D QS");
    let result = scored(&events);
    assert_eq!(result.contract, Some(Bid::Tricks(10)));
    assert_eq!(result.made, Some(true));
    assert_eq!(result.points, [10, 0]);
}

#[test]
fn te8_double_thirteen_fails_at_the_first_trick_lost() {
    let hands = [
        "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2S",
        "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2H",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
    ];
    let mut g = game(3, hands);
    calls(&mut g, &[d13(), Action::Pass, Action::Pass, Action::Pass]);
    act(&mut g, 0, Action::Trump(TrumpSuit::H));
    play_cards(&mut g, "AH 2H 2C  KH 3S 3C");
    assert_eq!(g.deal, 1);
    let events = play_cards(&mut g, "2S AS 4C");
    let result = scored(&events);
    assert_eq!(result.made, Some(false));
    assert_eq!(result.points, [0, 52]);
    assert_eq!(g.status().scores, Some(vec![0, 52, 0, 52]));
}

#[test]
fn te9_a_team_reaching_104_wins() {
    let mut g = te5_to_play(vec![96, 50]);
    play_cards(&mut g, TE5_PLAY);
    let events = play_cards(&mut g, TE5_LAST);
    assert_eq!(g.team_scores, vec![105, 50]);
    assert!(g.is_over());
    let status = g.status();
    assert_eq!(status.scores, Some(vec![105, 50, 105, 50]));
    assert_eq!(status.ranking, Some(vec![vec![0, 2], vec![1, 3]]));
    assert!(status.to_act.is_empty());
    assert!(events.iter().any(|e| matches!(e, Event::GameOver { .. })));
    assert_eq!(g.apply(0, &Action::Pass), Err(RuleError::GameOver));
}

// ---- redeals and the deck ----------------------------------------------------------------------

#[test]
fn a_hand_without_an_ace_or_a_court_card_may_ask_for_a_new_deal() {
    // Dealer 0: seat 2 (asked first) and seat 3 hold no A, K, Q or J; seat 1 is not asked.
    let hands = [
        "",
        "",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S 2H 3H 4H 5H",
        "6H 7H 8H 9H 10H 2D 3D 4D 5D 6D 7D 8D 9D",
    ];
    let setup = Setup {
        seed: 0,
        dealer: Some(0),
        decks: vec![deck_for(0, hands), standard52()],
    };
    let mut g = Teka::new(Options::default(), 4, setup).unwrap();
    assert_eq!((g.phase, g.to_act()), (Phase::Redeal, vec![2]));
    assert_eq!(g.legal_actions(2), vec![Action::Redeal, Action::Keep]);
    assert!(g.apply(1, &Action::Keep).is_err());
    assert_eq!(
        g.apply(2, &number(8)),
        Err(RuleError::Illegal(Refusal::RedealOrKeep))
    );
    assert_eq!(
        en(&Teka::reason(&Refusal::RedealOrKeep)),
        "Ask for a new deal or keep your hand."
    );
    act(&mut g, 2, Action::Keep);
    assert_eq!(g.to_act(), vec![3]);
    assert_eq!(g.view(Observer::Public).kept, vec![2]);
    let events = act(&mut g, 3, Action::Redeal);
    assert!(events.contains(&Event::RedealAsked { seat: 3 }));
    assert_eq!((g.deal, g.dealer, g.redeals), (1, 0, 1));
    assert_eq!(
        g.hands[1],
        standard52()[0..13].to_vec(),
        "the next deck was dealt"
    );
    assert_eq!((g.phase, g.to_act()), (Phase::Bidding, vec![1]));
    assert!(g.view(Observer::Public).kept.is_empty());
    // Keeping through the last asked hand opens the calls.
    let mut kept = Teka::new(Options::default(), 4, Setup::deck(0, deck_for(0, hands))).unwrap();
    act(&mut kept, 2, Action::Keep);
    act(&mut kept, 3, Action::Keep);
    assert_eq!((kept.phase, kept.to_act()), (Phase::Bidding, vec![1]));
}

#[test]
fn later_deals_cut_the_previous_hand_in_trick_order() {
    let mut g = te5_to_play(vec![0, 0]);
    play_cards(&mut g, TE5_PLAY);
    // The deck of the next deal: the 11 tricks in order, then the unplayed cards of seats 0 to
    // 3 in the order received; cut with the game's own next random stream.
    let mut gathered: Vec<Card> = cards(TE5_PLAY);
    gathered.extend(cards(TE5_LAST));
    let played: CardSet = gathered.iter().collect();
    for hand in &TE5 {
        gathered.extend(cards(hand).into_iter().filter(|&c| !played.contains(c)));
    }
    assert_eq!(gathered.len(), 52);
    let mut source = g.source.clone();
    let lift = source.rng().random_range(1..52);
    gathered.rotate_left(lift);
    let events = play_cards(&mut g, TE5_LAST);
    assert!(events.contains(&Event::Dealt {
        deal: 2,
        dealer: 0,
        cut: true
    }));
    // Dealer 0: seat 1 receives the first 13.
    for (i, s) in [1, 2, 3, 0].into_iter().enumerate() {
        assert_eq!(g.hands[s], gathered[13 * i..13 * (i + 1)].to_vec());
    }
}

#[test]
fn after_all_pass_the_whole_deck_is_cut() {
    let mut g = Teka::new(Options::default(), 4, Setup::deck(0, standard52())).unwrap();
    let mut gathered: Vec<Card> = g.hands.iter().flat_map(|h| h.iter().copied()).collect();
    let mut source = g.source.clone();
    let lift = source.rng().random_range(1..52);
    gathered.rotate_left(lift);
    calls(
        &mut g,
        &[Action::Pass, Action::Pass, Action::Pass, Action::Pass],
    );
    // Dealer 1: seat 2 receives the first 13.
    assert_eq!(g.hands[2], gathered[0..13].to_vec());
    assert_eq!(g.hands[1], gathered[39..52].to_vec());
}

#[test]
fn shuffle_every_deal_shuffles_instead() {
    let options = Options {
        shuffle_every_deal: true,
    };
    let mut g = Teka::new(options, 4, Setup::deck(0, standard52())).unwrap();
    let expected = g.source.clone().next_deck(&standard52());
    let events = calls(
        &mut g,
        &[Action::Pass, Action::Pass, Action::Pass, Action::Pass],
    );
    assert!(events.contains(&Event::Dealt {
        deal: 2,
        dealer: 1,
        cut: false
    }));
    assert_eq!(g.hands[2], expected[0..13].to_vec());
    let rotation = |deck: &[Card]| (1..52).any(|k| deck[k..] == standard52()[..52 - k]);
    assert!(!rotation(&expected), "a shuffle, not a cut");
}

#[test]
fn explicit_decks_come_first_in_later_deals() {
    let mut reversed = standard52();
    reversed.reverse();
    let setup = Setup {
        seed: 3,
        dealer: Some(0),
        decks: vec![standard52(), reversed.clone()],
    };
    let mut g = Teka::new(Options::default(), 4, setup).unwrap();
    calls(
        &mut g,
        &[Action::Pass, Action::Pass, Action::Pass, Action::Pass],
    );
    assert_eq!(g.hands[2], reversed[0..13].to_vec());
}

// ---- views, description, determinization -----------------------------------------------------

#[test]
fn views_show_only_the_own_hand() {
    let g = game(3, TE5);
    let view = g.view(Observer::Seat(1));
    let mut own = cards(TE5[1]);
    own.sort();
    assert_eq!(view.hand, own);
    assert!(g.view(Observer::Public).hand.is_empty());
    assert_eq!(view.hand_sizes, vec![13; 4]);
}

#[test]
fn describe_names_the_partnerships_the_contract_and_the_tricks() {
    let names: Vec<String> = ["Ann", "Bob", "Cid", "Dee"].map(String::from).to_vec();
    let mut g = te5_to_play(vec![24, 40]);
    play_cards(&mut g, "AH 3C 2H 6D  KH");
    let text = en_lines(&Teka::describe(&g.view(Observer::Seat(1))), &names);
    assert!(text.contains("Deal 1 · dealer Dee"), "{text}");
    assert!(
        text.contains("Teams: Ann & Cid 24 points · Bob & Dee 40 points (first to 104 points)"),
        "{text}"
    );
    assert!(
        text.contains("Contract: Ann 9 for Ann & Cid, trumps ♥."),
        "{text}"
    );
    assert!(text.contains("Tricks: Ann & Cid 1 · Bob & Dee 0"), "{text}");
    assert!(
        text.contains("Last trick: Ann A♥, Bob 3♣, Cid 2♥, Dee 6♦ — won by Ann"),
        "{text}"
    );
    assert!(text.contains("Trick 2: Ann K♥ — Bob to play."), "{text}");
    assert!(text.contains("Your hand: A♠ K♠ Q♠ · J♣"), "{text}");
    let public = en_lines(&Teka::describe(&g.view(Observer::Public)), &names);
    assert!(!public.contains("Your hand"), "{public}");
    let view = g.view(Observer::Seat(0));
    assert_eq!(en(&Teka::label(&view, &Action::Raise(10))), "Raise to 10");
    assert_eq!(
        en(&Teka::label(&view, &Action::Trump(TrumpSuit::D))),
        "Trumps ♦"
    );
    assert!(Teka::confirm(&view, &d13()).is_some());
    // A raised contract, then the hand's result and the calls of the next deal.
    act(&mut g, 1, Action::Play(card("4C")));
    play_cards(&mut g, "3H 7D");
    act(&mut g, 0, Action::Raise(10));
    let text = en_lines(&Teka::describe(&g.view(Observer::Public)), &names);
    assert!(
        text.contains("Contract: Ann 10 for Ann & Cid (bid 9, raised), trumps ♥."),
        "{text}"
    );
    let mut g = te5_to_play(vec![24, 40]);
    play_cards(&mut g, TE5_PLAY);
    let events = play_cards(&mut g, TE5_LAST);
    let told: Vec<String> = events
        .iter()
        .map(|e| pakka_catalog::en_named(&Teka::event(e), &names))
        .collect();
    assert!(
        told.contains(
            &"Deal 1 is over: Ann bid 9 and made it: their team took 9 of the 11 tricks played. Ann & Cid score 9 points. Match: Ann & Cid 33 points, Bob & Dee 40 points; the first team to 104 wins."
                .to_string()
        ),
        "{told:?}"
    );
    assert!(
        told.contains(&"Cid won the trick: Cid A♦, Dee 10♠, Ann 3♦, Bob 10♣.".to_string()),
        "{told:?}"
    );
    calls(&mut g, &[number(9), Action::Ter]);
    let text = en_lines(&Teka::describe(&g.view(Observer::Public)), &names);
    assert!(
        text.contains("Calls: Bob 9, Cid ter — Dee to call (one call each)."),
        "{text}"
    );
}

#[test]
fn determinization_respects_voids_and_redeal_questions() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut g = te5_to_play(vec![0, 0]);
    play_cards(&mut g, "AH 3C 2H 6D");
    let mut moved = false;
    for _ in 0..30 {
        let d = g.determinize(2, &mut rng);
        for s in [1, 3] {
            assert!(
                d.hands[s].iter().all(|c| c.suit() != Suit::Hearts),
                "seat {s} showed a void"
            );
        }
        assert_eq!(d.view(Observer::Seat(2)), g.view(Observer::Seat(2)));
        assert_eq!(d.legal_actions(2), g.legal_actions(2));
        assert_eq!(d.status(), g.status());
        moved |= d.hands[1] != g.hands[1];
    }
    assert!(moved, "the hidden cards are redealt");
    // Seat 2 is asked about a redeal: it has no ace or court card, seat 1 (passed over) has one.
    let hands = [
        "",
        "",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S 2H 3H 4H 5H",
        "6H 7H 8H 9H 10H 2D 3D 4D 5D 6D 7D 8D 9D",
    ];
    let g = Teka::new(Options::default(), 4, Setup::deck(0, deck_for(0, hands))).unwrap();
    for _ in 0..30 {
        let d = g.determinize(0, &mut rng);
        assert!(d.hands[2].iter().all(|&c| !is_honour(c)));
        assert!(d.hands[1].iter().any(|&c| is_honour(c)));
        assert_eq!(d.to_act(), vec![2]);
    }
}

// ---- the normal computer player (`Heuristic::rule_of_thumb`) -------------------------------------------

/// Dealer 3: seat 0 calls first with six top spades and four side aces and kings; the others
/// are weak.
const NORMAL: [&str; 4] = [
    "AS KS QS JS 10S 9S AH KH AD KD AC 2C 3C",
    "2S 3S 4S QH 10H 9H 8H QD 10D 9D KC 10C 6C",
    "5S 6S JH 7H 6H JD 8D 7D 6D JC 9C 8C 7C",
    "7S 8S 5H 4H 3H 2H 5D 4D 3D 2D QC 5C 4C",
];

/// What the `normal` computer player chooses for the seat to act, from its view.
fn normal_choice(g: &Teka) -> Action {
    let seat = g.to_act()[0];
    let legal = g.legal_actions(seat);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let i = g.rule_of_thumb(seat, &legal, &mut rng);
    legal[i].clone()
}

/// Why the `normal` computer player chooses what [`normal_choice`] answers (a hint's reason).
fn normal_why(g: &Teka) -> Why {
    let seat = g.to_act()[0];
    let legal = g.legal_actions(seat);
    let i = g.rule_of_thumb(seat, &legal, &mut ChaCha8Rng::seed_from_u64(0));
    g.why(seat, &legal, i)
}

#[test]
fn normal_asks_for_a_redeal_without_an_ace_or_a_court_card() {
    let g = game(3, ["2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 5D 2C", "", "", ""]);
    assert_eq!((g.phase(), g.to_act()), (Phase::Redeal, vec![0]));
    assert_eq!(normal_choice(&g), Action::Redeal);
    assert_eq!(normal_why(&g), Why::Game(TekaWhy::Redeal));
}

#[test]
fn normal_calls_double_thirteen_only_when_every_card_is_a_sure_trick() {
    let g = game(
        3,
        [
            "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
            "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
            "",
            "",
        ],
    );
    assert_eq!(normal_choice(&g), Action::Bid(Bid::Double13));
    assert_eq!(normal_why(&g), Why::Game(TekaWhy::Double13));
}

#[test]
fn normal_calls_the_lowest_number_with_a_strong_hand_and_passes_weak_ones() {
    let mut g = game(3, NORMAL);
    assert_eq!(normal_choice(&g), number(8));
    assert_eq!(normal_why(&g), Why::Game(TekaWhy::Call));
    act(&mut g, 0, number(8));
    assert_eq!(normal_choice(&g), Action::Pass, "seat 1 is weak");
    assert_eq!(normal_why(&g), Why::Game(TekaWhy::Pass));
    act(&mut g, 1, Action::Pass);
    assert_eq!(
        normal_choice(&g),
        Action::Pass,
        "seat 2 leaves the call to its partner"
    );
    assert_eq!(normal_why(&g), Why::Game(TekaWhy::PartnerHighest));
    act(&mut g, 2, Action::Pass);
    act(&mut g, 3, Action::Pass);
    assert_eq!(normal_choice(&g), Action::Trump(TrumpSuit::S));
    assert_eq!(normal_why(&g), Why::Game(TekaWhy::Trump));
}

#[test]
fn normal_draws_trumps_raises_only_when_certain_and_ducks() {
    let mut g = game(3, NORMAL);
    calls(
        &mut g,
        &[number(8), Action::Pass, Action::Pass, Action::Pass],
    );
    act(&mut g, 0, Action::Trump(TrumpSuit::S));
    // Six sure trumps are not eight tricks: no raise. AS…9S are equal: lead the cheapest.
    assert_eq!(normal_choice(&g), Action::Play(card("9S")));
    assert_eq!(
        normal_why(&g),
        Why::Game(TekaWhy::Play(TrickWhy::DrawTrumps))
    );
    act(&mut g, 0, Action::Play(card("9S")));
    // Seat 1 cannot beat 9S: the lowest spade.
    assert_eq!(normal_choice(&g), Action::Play(card("2S")));
    assert_eq!(
        normal_why(&g),
        Why::Game(TekaWhy::Play(TrickWhy::CannotWin))
    );
    play_cards(
        &mut g,
        "2S 5S 7S  10S 3S 6S 8S  AH 8H 6H 2H  KH 9H 7H 3H  AD 9D 6D 2D",
    );
    assert_eq!(g.side_tricks(), (5, 0));
    // Five tricks won and four master trumps in hand make nine certain: raise to 9, not more,
    // then play.
    assert_eq!(normal_choice(&g), Action::Raise(9));
    assert_eq!(normal_why(&g), Why::Game(TekaWhy::Raise));
    act(&mut g, 0, Action::Raise(9));
    assert!(matches!(normal_choice(&g), Action::Play(_)));
    // Second hand low: seat 1 keeps KC under the declarer's 2C (its partner plays after it).
    act(&mut g, 0, Action::Play(card("2C")));
    assert_eq!(normal_choice(&g), Action::Play(card("6C")));
    assert_eq!(
        normal_why(&g),
        Why::Game(TekaWhy::Play(TrickWhy::SecondHandLow))
    );
    // Seat 2 goes up with JC against 6C (third hand high); seat 3 plays low here, so the trick
    // is the declaring side's sixth.
    act(&mut g, 1, Action::Play(card("6C")));
    assert_eq!(normal_choice(&g), Action::Play(card("JC")));
    assert_eq!(normal_why(&g), Why::Game(TekaWhy::Play(TrickWhy::WinHigh)));
    play_cards(&mut g, "JC 4C");
    assert_eq!(g.side_tricks(), (6, 0));
    // The partner leads JH, at risk with seat 1 still to play; the declarer, void in hearts,
    // first raises to the ten it is now sure of (six won, four master trumps), then does not
    // trump its partner's trick: it throws its lowest card, 3C.
    play_cards(&mut g, "JH 4H");
    assert_eq!(normal_choice(&g), Action::Raise(10));
    act(&mut g, 0, Action::Raise(10));
    assert_eq!(normal_choice(&g), Action::Play(card("3C")));
    assert_eq!(
        normal_why(&g),
        Why::Game(TekaWhy::Play(TrickWhy::PartnerWins))
    );
}

#[test]
fn a_search_never_raises_at_random() {
    use crate::Searchable;
    assert!(!Teka::explore(&Action::Raise(8)));
    assert!(Teka::explore(&Action::Play(card("AS"))));
    // Deal until the declarer may raise, then ask for random moves many times.
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for seed in 0..200 {
        let mut g = Teka::new(Default::default(), 4, crate::Setup::seeded(seed)).unwrap();
        let mut steps = 0;
        while !Game::is_over(&g) && steps < 400 {
            let s = Game::to_act(&g)[0];
            let legal = g.legal_actions(s);
            if legal.iter().any(|a| matches!(a, Action::Raise(_))) {
                for _ in 0..20 {
                    let i = Searchable::explore_index(&g, s, &mut rng).unwrap();
                    assert!(!matches!(legal[i], Action::Raise(_)));
                }
                return;
            }
            g.apply(s, &legal[steps % legal.len()]).unwrap();
            steps += 1;
        }
    }
    panic!("no deal offered a raise");
}

// ---- the rule of thumb as it read the full view: the reference the compact one must match ----

mod reference {
    use super::heuristic::{all_sure, best_trump, promised, MARGIN, STYLE};
    use super::*;
    use crate::trick_play::{in_sight, index_of, pick, Table};
    use crate::tricks::partner;
    use pakka_cards::CardSet;

    pub(super) fn view_rule_of_thumb(view: &View, legal: &[Action]) -> usize {
        let choice = match view.phase {
            Phase::Redeal => index_of(legal, &Action::Redeal),
            Phase::Bidding => call(view, legal),
            Phase::Trump => trumps(view, legal),
            Phase::Play => raise(view, legal).or_else(|| play(view, legal)),
            Phase::Over => None,
        };
        pick(choice, legal.len())
    }

    fn hand_of(view: &View) -> CardSet {
        view.hand.iter().copied().collect()
    }

    pub(super) fn call(view: &View, legal: &[Action]) -> Option<usize> {
        let me = view.observer.seat()?;
        let pass = index_of(legal, &Action::Pass);
        let hand = hand_of(view);
        let (suit, mine) = best_trump(hand);
        if all_sure(hand, suit) {
            if let Some(i) = index_of(legal, &Action::Bid(Bid::Double13)) {
                return Some(i);
            }
        }
        let numbers = |seats: &dyn Fn(Seat) -> bool| {
            view.calls
                .iter()
                .filter(|c| seats(c.seat))
                .filter_map(|c| match c.call {
                    CallKind::Bid(Bid::Tricks(n)) => Some(n),
                    _ => None,
                })
                .max()
        };
        let highest = numbers(&|_| true);
        let partners = numbers(&|s| s == partner(me));
        if partners.is_some() && partners == highest {
            return pass;
        }
        let rest = f32::max(13.0 - mine, 0.0);
        let partner_call = view.calls.iter().find(|c| c.seat == partner(me));
        let mut share = match partner_call.map(|c| c.call) {
            None => rest / 3.0,
            Some(CallKind::Bid(Bid::Tricks(n))) => f32::min(promised(n), rest),
            Some(CallKind::Bid(Bid::Double13)) => 0.0,
            Some(CallKind::Pass | CallKind::Ter) => rest / 4.0,
        };
        if let Some(n) = numbers(&|s| s % 2 != me % 2) {
            share = f32::min(share, f32::max(rest - promised(n), 0.0) / 2.0);
        }
        let team = mine + share;
        legal
            .iter()
            .position(
                |a| matches!(a, Action::Bid(Bid::Tricks(n)) if team >= f32::from(*n) + MARGIN),
            )
            .or(pass)
    }

    pub(super) fn trumps(view: &View, legal: &[Action]) -> Option<usize> {
        let (suit, _) = best_trump(hand_of(view));
        let t = TrumpSuit::ALL.into_iter().find(|t| t.suit() == suit)?;
        index_of(legal, &Action::Trump(t))
    }

    /// Raises the contract as far as is certain.
    pub(super) fn raise(view: &View, legal: &[Action]) -> Option<usize> {
        let me = view.observer.seat()?;
        let (Some(Bid::Tricks(contract)), Some(trump)) = (view.contract, view.trump) else {
            return None;
        };
        // A trump above every unseen one wins whenever it is played, though not in the current
        // trick if a higher trump is already in it: count against the unseen cards and the current
        // trick alike.
        let known = in_sight(&view.hand, &[], view.last_trick.as_ref());
        let suit = trump.suit();
        let masters = hand_of(view)
            .iter()
            .filter(|&c| c.suit() == suit && STYLE.master(known, c))
            .count() as u32;
        let sure = view.team_tricks[me % 2] + masters;
        legal
            .iter()
            .enumerate()
            .filter_map(|(i, a)| match *a {
                Action::Raise(n) if n > contract && u32::from(n) <= sure => Some((n, i)),
                _ => None,
            })
            .max()
            .map(|(_, i)| i)
    }

    pub(super) fn play(view: &View, legal: &[Action]) -> Option<usize> {
        let me = view.observer.seat()?;
        let cards: CardSet = legal
            .iter()
            .filter_map(|a| match a {
                Action::Play(c) => Some(*c),
                _ => None,
            })
            .collect();
        let plays = |s: Seat| view.sits_out != Some(s);
        let mate = Some(partner(me)).filter(|&p| plays(p));
        let in_trick = |s: Seat| view.trick.iter().any(|&(p, _)| p == s);
        let opponents_after = (0..view.hand_sizes.len())
            .filter(|&s| s != me && s % 2 != me % 2 && plays(s) && !in_trick(s))
            .count();
        let trump = view.trump.map(TrumpSuit::suit);
        let opponents_out = match (&view.last_trick, trump) {
            (Some(last), Some(t)) => {
                last.plays.first().is_some_and(|&(_, c)| c.suit() == t)
                    && last
                        .plays
                        .iter()
                        .all(|&(s, c)| s % 2 == me % 2 || c.suit() != t)
            }
            _ => false,
        };
        let table = Table {
            style: &STYLE,
            hand: hand_of(view),
            trump,
            known: in_sight(&view.hand, &view.trick, view.last_trick.as_ref()),
            partner: mate,
            opponents_after,
            partner_after: mate.is_some_and(|p| !in_trick(p)),
            declarer: view.declarer == Some(me),
            opponents_out,
            trick_number: view.trick_number,
        };
        let (card, _) = table.card(cards, &view.trick)?;
        index_of(legal, &Action::Play(card))
    }
}

/// The rule of thumb, reading a compact observation off the state, plays what it played when
/// it read the seat's view.
#[test]
fn the_rule_of_thumb_matches_its_view_reference() {
    let games = crate::testing::Games {
        seeds: 60,
        actions: usize::MAX,
        deals: 3,
    };
    let compared = crate::testing::rule_of_thumb_matches::<Teka>(games, |g, seat, legal| {
        reference::view_rule_of_thumb(&g.view(Observer::Seat(seat)), legal)
    });
    assert!(compared > 1_000);
}

#[test]
fn the_state_serializes_as_before() {
    let mut g = Teka::new(Options::default(), 4, Setup::seeded(5)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    while g.won.len() < 2 && !g.is_over() {
        let seat = g.to_act()[0];
        let legal = g.legal_actions(seat);
        let i = g.rule_of_thumb(seat, &legal, &mut rng);
        g.apply_checked(seat, &legal[i]);
    }
    let json = serde_json::to_value(&g).unwrap();
    assert_eq!(json["won"]["history"].as_array().unwrap().len(), 2);
    assert!(json["trick"]["plays"].is_array());
    let back: Teka = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, g);
    assert_eq!(serde_json::to_value(&back).unwrap(), json);
}

// ---- results in words -------------------------------------------------------------------------

/// The deal results and the match result as the channel reads them, in English and Finnish:
/// made (TE-5), lost early (TE-6), double thirteen lost at the first trick (TE-8), lost on the
/// last trick, all four passing, and the match won (TE-9).
#[test]
fn deal_and_match_results_read_as_sentences() {
    let names: Vec<String> = [
        "@alice",
        "Computer 2 (normal)",
        "Computer 3 (normal)",
        "Computer 4 (normal)",
    ]
    .map(String::from)
    .to_vec();
    let mut results: Vec<Event> = Vec::new();
    fn keep(results: &mut Vec<Event>, events: Vec<Event>) {
        results.extend(
            events
                .into_iter()
                .filter(|e| matches!(e, Event::HandScored { .. } | Event::GameOver { .. })),
        )
    }
    // TE-5: made 9 after 11 tricks.
    let mut g = te5_to_play(vec![0, 0]);
    play_cards(&mut g, TE5_PLAY);
    keep(&mut results, play_cards(&mut g, TE5_LAST));
    // TE-6: 10 can no longer be made after 4 tricks.
    let mut g = game(
        3,
        [
            "2H 3H 4H 5H 2S 3S 4S 5S 6S 7S 8S 9S 10S",
            "AH KH QH JH 2C 3C 4C 5C 6C 7C 8C 9C 10C",
            "6H 7H 8H 9H JS QS KS AS JC QC KC AC 2D",
            "10H 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
        ],
    );
    act(&mut g, 0, Action::Keep);
    calls(
        &mut g,
        &[number(10), Action::Pass, Action::Pass, Action::Pass],
    );
    act(&mut g, 0, Action::Trump(TrumpSuit::H));
    keep(
        &mut results,
        play_cards(
            &mut g,
            "2H AH 6H 10H  KH 7H 3D 3H  QH 8H 4D 4H  JH 9H 5D 5H",
        ),
    );
    // TE-8: double thirteen lost at the third trick.
    let mut g = game(
        3,
        [
            "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2S",
            "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2H",
            "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
            "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
        ],
    );
    calls(&mut g, &[d13(), Action::Pass, Action::Pass, Action::Pass]);
    act(&mut g, 0, Action::Trump(TrumpSuit::H));
    keep(
        &mut results,
        play_cards(&mut g, "AH 2H 2C  KH 3S 3C  2S AS 4C"),
    );
    // A hand lost on the last trick, one short, and a deal all four passed.
    let short = |made: bool, declarer: Option<Seat>| HandResult {
        deal: 4,
        declarer,
        bid: declarer.map(|_| Bid::Tricks(8)),
        contract: declarer.map(|_| Bid::Tricks(8)),
        trump: None,
        made: declarer.map(|_| made),
        team_tricks: if declarer.is_some() { [7, 6] } else { [0, 0] },
        points: if declarer.is_some() { [0, 16] } else { [0, 0] },
    };
    for result in [short(false, Some(2)), short(false, None)] {
        results.push(Event::HandScored {
            result,
            team_scores: vec![9, 88],
        });
    }
    // TE-9: the match is won.
    let mut g = te5_to_play(vec![96, 50]);
    play_cards(&mut g, TE5_PLAY);
    keep(&mut results, play_cards(&mut g, TE5_LAST));

    let messages: Vec<_> = results.iter().map(Teka::event).collect();
    let words = |lang: &str| crate::testing::worded(&messages, &names, lang);
    insta::assert_snapshot!("teka_results_en", words("en-US"));
    insta::assert_snapshot!("teka_results_fi", words("fi"));
}

// ---- the hand's voice (issue 30) ------------------------------------------------------------

#[test]
fn the_declarers_trump_lead_says_why_and_raises_sit_in_the_calls_row_and_ask_first() {
    let mut g = game(3, TE7);
    calls(
        &mut g,
        &[number(8), Action::Pass, Action::Pass, Action::Pass],
    );
    act(&mut g, 0, Action::Trump(TrumpSuit::H));
    let names: Vec<String> = ["Ann", "Bo", "Cy", "Di"].map(String::from).to_vec();
    // Only trumps may lead (teka.md: a trump if the declarer holds one): the hand says why.
    let own = en_lines(
        &crate::Presentation::describe(&g, Observer::Seat(0)),
        &names,
    );
    assert!(
        own.ends_with(
            "The declarer's first lead must be a trump when the declarer holds one: only your ♥ may lead."
        ),
        "{own}"
    );
    // The raises are calls, after the cards, and each asks before it applies.
    let view = g.view(Observer::Seat(0));
    let raise = Action::Raise(11);
    assert_eq!(Teka::row(&view, &raise), crate::Row::Calls);
    assert_eq!(
        Teka::row(&view, &Action::Play(card("2H"))),
        crate::Row::Cards
    );
    assert_eq!(en(&Teka::label(&view, &raise)), "Raise to 11");
    assert_eq!(
        Teka::confirm(&view, &raise).map(|m| en(&m)).as_deref(),
        Some(
            "Raise to 11? Your side must then win 11 tricks (it has 0); if it cannot, the opponents score 22. A raise cannot be taken back."
        )
    );
    // A card button is the bare card, as in every game.
    assert_eq!(en(&Teka::label(&view, &Action::Play(card("2H")))), "2♥");
    // Once the lead is played, nobody is told anything more.
    act(&mut g, 0, Action::Play(card("2H")));
    let next = en_lines(
        &crate::Presentation::describe(&g, Observer::Seat(1)),
        &names,
    );
    assert!(!next.contains("first lead"), "{next}");
}

#[test]
fn ter_says_it_is_a_pass_and_the_glossary_explains_it() {
    let g = game(3, TE7);
    let view = g.view(Observer::Seat(0));
    assert_eq!(en(&Teka::label(&view, &Action::Ter)), "Ter (a pass)");
    assert_eq!(Teka::row(&view, &Action::Ter), crate::Row::Calls);
    let words: Vec<String> = Teka::glossary().iter().map(en).collect();
    assert!(
        words
            .iter()
            .any(|w| w == "Ter: another word for a pass; it means exactly the same."),
        "{words:?}"
    );
}
