//! Scenario tests for Paston: every acceptance case PA-1…PA-12 of `docs/rules/paston.md` from
//! explicit decks, plus the deal order, the first bidder, the dealer rotation, the action
//! shapes, hidden information and determinization.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::json;

use super::*;
use crate::trick_play::TrickWhy;
use crate::{seats_from, Game, Heuristic, Present, RuleError};
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

/// An explicit deck whose deal gives each seat a hand starting with the given cards and the
/// prikup the given cards; the rest is filled in new-deck order. Follows the deal order of
/// rules/README.md: 2 each from the dealer's left, 2 to the prikup, then 4 rounds of 2 each.
fn deck_for(dealer: Seat, hands: [&str; 3], prikup: &str) -> Vec<Card> {
    let order = seats_from((dealer + 1) % 3, 3);
    // slots[0..3]: the deck positions feeding each seat; slots[3]: the prikup's.
    let mut slots: Vec<Vec<usize>> = vec![Vec::new(); 4];
    let mut pos = 0;
    let mut take = |zone: usize, slots: &mut Vec<Vec<usize>>| {
        slots[zone].extend([pos, pos + 1]);
        pos += 2;
    };
    for &s in &order {
        take(s, &mut slots);
    }
    take(3, &mut slots);
    for _ in 0..4 {
        for &s in &order {
            take(s, &mut slots);
        }
    }
    let mut deck: Vec<Option<Card>> = vec![None; 32];
    let mut used = CardSet::new();
    for (zone, text) in hands.iter().chain([&prikup]).enumerate() {
        let given = cards(text);
        assert!(
            given.len() <= slots[zone].len(),
            "too many cards for zone {zone}"
        );
        for (&slot, c) in slots[zone].iter().zip(given) {
            assert!(used.insert(c), "{c} twice in the scenario");
            deck[slot] = Some(c);
        }
    }
    let mut rest = super::deck().into_iter().filter(|c| !used.contains(*c));
    let deck: Vec<Card> = deck
        .into_iter()
        .map(|slot| slot.or_else(|| rest.next()).unwrap())
        .collect();
    validate_deck(&deck, &super::deck()).unwrap();
    deck
}

fn game(dealer: Seat, hands: [&str; 3], prikup: &str) -> Paston {
    Paston::new(
        Options::default(),
        3,
        Setup::deck(dealer, deck_for(dealer, hands, prikup)),
    )
    .unwrap()
}

fn act(g: &mut Paston, seat: Seat, action: Action) -> Vec<Event> {
    g.apply(seat, &action)
        .unwrap_or_else(|e| panic!("{action:?} by {seat} refused: {e:?}"))
}

fn bid(level: Level) -> Action {
    Action::Bid(level)
}

/// Plays the cards in order, each by the seat to act.
fn play_cards(g: &mut Paston, text: &str) -> Vec<Event> {
    let mut events = Vec::new();
    for c in cards(text) {
        let seat = g.to_act()[0];
        events.extend(act(g, seat, Action::Play(c)));
    }
    events
}

/// Plays the first legal card until the deal number changes or the game ends.
fn play_out(g: &mut Paston) {
    let deal = g.deal;
    while !g.is_over() && g.deal == deal {
        let seat = g.to_act()[0];
        let a = g.legal_actions(seat)[0].clone();
        act(g, seat, a);
    }
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

// ---- the scenario decks -------------------------------------------------------------------------

/// PA-5: seat 0 declares Glitch; both opponents whist; 6 / 3 / 1 tricks. `JS` is seat 2's.
const PA5: [&str; 3] = [
    "AC KC QC JC 10C 9C 7H 8H 9H 7D",
    "8C AH KH QH 8D 7S 8S 9S 10S 10H",
    "7C AD JS QS KS AS JH 9D 10D JD",
];
const PA5_PRIKUP: &str = "QD KD";

/// PA-6: seat 0 declares Gupa; seat 1 whists alone, seat 2 sits out. `JS` is seat 2's.
const PA6: [&str; 3] = [
    "AH KH QH JH 10H 7C 8C 9C 10C JC",
    "AC KC QC 7D 8D 9D 10D JD QD KD",
    "9S 10S JS QS KS AS 7H 8H 9H AD",
];
const PA6_PRIKUP: &str = "7S 8S";

/// The PA-6 deck after the auction "2 Paston, 0 Glitch, 1 Dineri, 2 pass, 0 Gupa, 1 pass" and
/// the discard of the prikup: seat 0 names trumps next.
fn pa6_to_trump() -> Paston {
    let mut g = game(2, PA6, PA6_PRIKUP);
    assert_eq!(g.first_bidder, 2);
    act(&mut g, 2, bid(Level::Paston));
    act(&mut g, 0, bid(Level::Glitch));
    act(&mut g, 1, bid(Level::Dineri));
    act(&mut g, 2, Action::Pass);
    act(&mut g, 0, bid(Level::Gupa));
    act(&mut g, 1, Action::Pass);
    assert_eq!((g.declarer, g.bid), (Some(0), Some(Level::Gupa)));
    act(&mut g, 0, Action::Discard([card("7S"), card("8S")]));
    g
}

// ---- shapes and the deal ------------------------------------------------------------------------

#[test]
fn actions_have_the_protocol_shapes() {
    let shapes = [
        (Action::Pass, json!("pass")),
        (Action::Bid(Level::Paston), json!({"bid": "paston"})),
        (Action::Bid(Level::Grkha), json!({"bid": "grkha"})),
        (
            Action::Discard([card("7S"), card("10H")]),
            json!({"discard": ["7S", "10H"]}),
        ),
        (Action::Trump(Level::Dineri), json!({"trump": "dineri"})),
        (Action::Trump(Level::Glitch), json!({"trump": "glitch"})),
        (Action::Trump(Level::Gupa), json!({"trump": "gupa"})),
        (Action::Surrender, json!("surrender")),
        (Action::Whist, json!("whist")),
        (Action::Play(card("QS")), json!({"play": "QS"})),
    ];
    for (action, value) in shapes {
        assert_eq!(serde_json::to_value(&action).unwrap(), value);
        assert_eq!(serde_json::from_value::<Action>(value).unwrap(), action);
    }
    assert!(serde_json::from_value::<Action>(json!({"discard": ["7S"]})).is_err());
    assert!(serde_json::from_value::<Action>(json!({"bid": "spades"})).is_err());
    assert_eq!(serde_json::to_value(Options::default()).unwrap(), json!({}));
    assert!(serde_json::from_value::<Options>(json!({"speed": 1})).is_err());
}

#[test]
fn the_deal_follows_the_order_and_the_jack_of_spades_bids_first() {
    let deck = super::deck();
    let g = Paston::new(Options::default(), 3, Setup::deck(0, deck.clone())).unwrap();
    // Seat 1 (the dealer's left) gets positions 0,1 then 8,9, 14,15, 20,21, 26,27.
    let want: CardSet = [0, 1, 8, 9, 14, 15, 20, 21, 26, 27]
        .iter()
        .map(|&i| deck[i])
        .collect();
    assert_eq!(g.hands[1], want);
    assert_eq!(g.prikup, [deck[6], deck[7]].into_iter().collect());
    assert_eq!(g.hands.iter().map(|h| h.len()).sum::<usize>(), 30);
    // JS is deck[4]: the third pair, dealt to seat 0.
    assert!(g.hands[0].contains(JS));
    assert_eq!((g.first_bidder, g.first_why), (0, Why::JackOfSpades));
    assert_eq!(g.to_act(), vec![0]);
    assert_eq!(
        g.legal_actions(0),
        vec![Action::Pass, Action::Bid(Level::Paston)]
    );
    let status = g.status();
    assert_eq!((status.deal, status.scores), (1, Some(vec![0, 0, 0])));
}

#[test]
fn without_the_jack_the_seven_of_spades_bids_first_then_the_dealers_left() {
    let g = game(0, ["", "", "7S"], "JS 8S");
    assert_eq!((g.first_bidder, g.first_why), (2, Why::SevenOfSpades));
    let g = game(0, ["", "", ""], "JS 7S");
    assert_eq!((g.first_bidder, g.first_why), (1, Why::Seat));
}

// ---- the auction -----------------------------------------------------------------------------

#[test]
fn pa1_bids_go_up_one_level_until_two_have_passed() {
    // First bidder A = seat 2 (holds JS), then B = 0, C = 1.
    let mut g = game(2, PA6, PA6_PRIKUP);
    act(&mut g, 2, bid(Level::Paston));
    assert_eq!(
        g.legal_actions(0),
        vec![Action::Pass, bid(Level::Glitch)],
        "one step at a time"
    );
    act(&mut g, 0, bid(Level::Glitch));
    act(&mut g, 1, Action::Pass);
    assert_eq!(g.to_act(), vec![2]);
    act(&mut g, 2, bid(Level::Dineri));
    assert_eq!(g.to_act(), vec![0], "the passer is skipped");
    let events = act(&mut g, 0, Action::Pass);
    assert_eq!((g.declarer, g.bid), (Some(2), Some(Level::Dineri)));
    assert!(events.contains(&Event::Declarer {
        seat: 2,
        bid: Level::Dineri,
        forced: None
    }));
    assert_eq!(g.phase, Phase::Discard);
    assert_eq!(g.hands[2].len(), 12, "the prikup is taken");
    assert!(g.prikup.is_empty());
}

#[test]
fn pa2_two_passes_after_a_bid_end_the_auction() {
    let mut g = game(2, PA6, PA6_PRIKUP);
    act(&mut g, 2, bid(Level::Paston));
    act(&mut g, 0, Action::Pass);
    act(&mut g, 1, Action::Pass);
    assert_eq!((g.declarer, g.bid), (Some(2), Some(Level::Paston)));
    assert_eq!(g.to_act(), vec![2]);
}

#[test]
fn pa3_grkha_ends_the_auction_at_once() {
    let mut g = game(2, PA6, PA6_PRIKUP);
    act(&mut g, 2, bid(Level::Paston));
    act(&mut g, 0, bid(Level::Glitch));
    act(&mut g, 1, bid(Level::Dineri));
    act(&mut g, 2, bid(Level::Gupa));
    act(&mut g, 0, bid(Level::Grkha));
    assert_eq!((g.declarer, g.bid), (Some(0), Some(Level::Grkha)));
    assert_eq!(g.phase, Phase::Discard);
}

#[test]
fn the_last_player_may_still_bid_when_two_passed_without_a_bid() {
    let mut g = game(2, PA6, PA6_PRIKUP);
    act(&mut g, 2, Action::Pass);
    act(&mut g, 0, Action::Pass);
    assert_eq!(g.legal_actions(1), vec![Action::Pass, bid(Level::Paston)]);
    act(&mut g, 1, bid(Level::Paston));
    assert_eq!((g.declarer, g.bid), (Some(1), Some(Level::Paston)));
}

#[test]
fn when_all_pass_the_jack_of_spades_declares_at_paston() {
    let mut g = game(0, PA6, PA6_PRIKUP);
    assert_eq!(g.first_bidder, 2);
    act(&mut g, 2, Action::Pass);
    act(&mut g, 0, Action::Pass);
    let events = act(&mut g, 1, Action::Pass);
    assert!(events.contains(&Event::Declarer {
        seat: 2,
        bid: Level::Paston,
        forced: Some(Why::JackOfSpades)
    }));
    act(&mut g, 2, Action::Discard([card("7S"), card("8S")]));
    assert_eq!(
        g.legal_actions(2),
        vec![
            Action::Trump(Level::Paston),
            Action::Trump(Level::Glitch),
            Action::Trump(Level::Dineri),
            Action::Trump(Level::Gupa),
            Action::Surrender
        ],
        "any trump but Grkha"
    );
}

#[test]
fn refusals_say_why() {
    let mut g = game(2, PA6, PA6_PRIKUP);
    act(&mut g, 2, bid(Level::Paston));
    let err = g.apply(0, &bid(Level::Dineri)).unwrap_err();
    assert_eq!(
        err,
        RuleError::Illegal(Refusal::OneStep {
            next: Level::Glitch
        })
    );
    assert_eq!(
        en(&Paston::reason(&Refusal::OneStep {
            next: Level::Glitch
        })),
        "Bids go up one level at a time: the next bid is Glitch."
    );
    let low = Refusal::BidTooLow {
        high: Some(Level::Paston),
        next: Level::Glitch,
    };
    assert_eq!(
        g.apply(0, &bid(Level::Paston)),
        Err(RuleError::Illegal(low.clone()))
    );
    assert_eq!(
        en(&Paston::reason(&low)),
        "The bid stands at Paston: bid Glitch or pass."
    );
    assert_eq!(
        g.apply(1, &Action::Pass),
        Err(RuleError::NotYourTurn {
            seat: 1,
            to_act: vec![0]
        })
    );
    assert_eq!(
        g.apply(0, &Action::Whist),
        Err(RuleError::Illegal(Refusal::NotWhistTime))
    );
    assert_eq!(
        en(&Paston::reason(&Refusal::NotWhistTime)),
        "Whist is answered by the declarer's opponents once trumps are named."
    );
}

// ---- the contract ---------------------------------------------------------------------------

#[test]
fn the_discard_is_offered_in_two_steps_and_both_orders_are_accepted() {
    let mut g = game(2, PA6, PA6_PRIKUP);
    act(&mut g, 2, bid(Level::Paston));
    act(&mut g, 0, Action::Pass);
    act(&mut g, 1, Action::Pass);
    let legal = g.legal_actions(2);
    assert_eq!(legal.len(), 66);
    let view = g.view(Observer::Seat(2));
    let mut groups: Vec<String> = legal
        .iter()
        .map(|a| en(&Paston::group(&view, a).unwrap()))
        .collect();
    groups.dedup();
    assert_eq!(groups.len(), 11, "one group per first card");
    assert!(groups
        .iter()
        .all(|g| g.starts_with("Discard ") && g.ends_with(" and")));
    // The first step's button (Discord's and the terminal's) adds one ellipsis: "Discard 7♠
    // and …", in both languages, never "and… …".
    let first = Paston::group(&view, &legal[0]).unwrap();
    assert_eq!(en(&first), "Discard 7♠ and");
    let fi = |m: &pakka_text::Msg| pakka_catalog::catalog().text("fi", m, &pakka_catalog::NoNames);
    for key in ["discord-button-group", "cli-choice-group"] {
        let button = pakka_text::Msg::new(key, vec![("group", first.clone().into())]);
        assert_eq!(en(&button), "Discard 7♠ and …");
        assert_eq!(fi(&button), "Poista 7♠ ja …");
    }
    for a in &legal {
        let Action::Discard([x, y]) = a else {
            panic!("{a:?}")
        };
        assert!(x < y, "listed pairs are canonical");
        assert!(en(&Paston::label(&view, a)).chars().count() <= 80);
    }
    // The reverse spelling is accepted and normalized.
    let reversed = Action::Discard([card("AS"), card("9S")]);
    assert_eq!(
        g.normalize(2, &reversed),
        Action::Discard([card("9S"), card("AS")])
    );
    assert_eq!(
        en(&Paston::label(
            &view,
            &Action::Discard([card("9S"), card("AS")])
        )),
        "Discard 9♠ and A♠"
    );
    let same = Action::Discard([card("9S"), card("9S")]);
    assert_eq!(
        g.apply(2, &same),
        Err(RuleError::Illegal(Refusal::SameCardTwice))
    );
    let err = g
        .apply(2, &Action::Discard([card("9S"), card("7C")]))
        .unwrap_err();
    assert_eq!(err, RuleError::Illegal(Refusal::NotHeld(card("7C"))));
    assert_eq!(
        en(&Paston::reason(&Refusal::NotHeld(card("7C")))),
        "You do not hold 7♣."
    );
    act(&mut g, 2, reversed);
    assert_eq!(g.discards, set("9S AS"));
    assert_eq!(g.hands[2].len(), 10);
    // The discards are the declarer's secret.
    assert_eq!(g.view(Observer::Seat(2)).discards, cards("9S AS"));
    assert!(g.view(Observer::Seat(0)).discards.is_empty());
    assert!(g.view(Observer::Public).discards.is_empty());
    let zone = g
        .zones()
        .into_iter()
        .find(|z| z.name == "discards")
        .unwrap();
    assert_eq!(zone.seen, Seen::Only(2));
}

#[test]
fn pa4_the_trump_menu_starts_at_the_bid_level() {
    let mut g = game(2, PA6, PA6_PRIKUP);
    act(&mut g, 2, bid(Level::Paston));
    act(&mut g, 0, bid(Level::Glitch));
    act(&mut g, 1, bid(Level::Dineri));
    act(&mut g, 2, Action::Pass);
    act(&mut g, 0, Action::Pass);
    assert_eq!((g.declarer, g.bid), (Some(1), Some(Level::Dineri)));
    let discard = g.legal_actions(1)[0].clone();
    act(&mut g, 1, discard);
    assert_eq!(
        g.legal_actions(1),
        vec![
            Action::Trump(Level::Dineri),
            Action::Trump(Level::Gupa),
            Action::Surrender
        ]
    );
    let below = Refusal::BelowBid { bid: Level::Dineri };
    assert_eq!(
        g.apply(1, &Action::Trump(Level::Glitch)),
        Err(RuleError::Illegal(below.clone()))
    );
    assert_eq!(
        en(&Paston::reason(&below)),
        "You bid Dineri: name Dineri or a higher suit."
    );
    assert_eq!(
        g.apply(1, &Action::Trump(Level::Grkha)),
        Err(RuleError::Illegal(Refusal::GrkhaNotBid))
    );
    let view = g.view(Observer::Seat(1));
    assert_eq!(
        en(&Paston::confirm(&view, &Action::Surrender).unwrap()),
        "Surrender? You lose 10 points and each opponent gets 2."
    );
    assert_eq!(
        en(&Paston::label(&view, &Action::Trump(Level::Dineri))),
        "Trumps: Dineri ♦ (×3)"
    );
    assert_eq!(
        en(&Paston::label(&view, &Action::Surrender)),
        "Surrender (−10, opponents +2)"
    );
}

// ---- scoring --------------------------------------------------------------------------------

#[test]
fn the_scoring_table() {
    assert_eq!(
        (0..=7).map(|t| whist_points(true, t)).collect::<Vec<_>>(),
        vec![-10, -9, 0, 10, 20, 30, 40, 50]
    );
    assert_eq!(
        (0..=8).map(|t| whist_points(false, t)).collect::<Vec<_>>(),
        vec![-10, -9, -8, -7, 0, 10, 20, 30, 40]
    );
    let both = [None, Some(true), Some(true)];
    // PA-5 as a table lookup.
    assert_eq!(
        hand_points(0, Level::Glitch, HandEnd::Played, &both, &[6, 3, 1]),
        [20, 20, -18]
    );
    // PA-6 as a table lookup.
    let single = [None, Some(true), Some(false)];
    assert_eq!(
        hand_points(0, Level::Gupa, HandEnd::Played, &single, &[5, 5, 0]),
        [-40, 40, 0]
    );
    // Grkha: success +10, failure −40, whisters ×4.
    assert_eq!(
        hand_points(
            1,
            Level::Grkha,
            HandEnd::Played,
            &[Some(true), None, Some(true)],
            &[2, 6, 2]
        ),
        [0, 10, 0]
    );
    assert_eq!(
        hand_points(
            1,
            Level::Grkha,
            HandEnd::Played,
            &[Some(true), None, Some(true)],
            &[3, 5, 2]
        ),
        [40, -40, 0]
    );
    assert_eq!(
        hand_points(
            2,
            Level::Dineri,
            HandEnd::NoWhist,
            &[Some(false), Some(false), None],
            &[0; 3]
        ),
        [0, 0, 30]
    );
}

#[test]
fn pa5_both_whist_at_glitch() {
    let mut g = game(2, PA5, PA5_PRIKUP);
    assert_eq!(g.first_bidder, 2);
    act(&mut g, 2, bid(Level::Paston));
    act(&mut g, 0, bid(Level::Glitch));
    act(&mut g, 1, Action::Pass);
    act(&mut g, 2, Action::Pass);
    act(&mut g, 0, Action::Discard([card("QD"), card("KD")]));
    act(&mut g, 0, Action::Trump(Level::Glitch));
    assert_eq!(g.to_act(), vec![1], "the declarer's left answers first");
    act(&mut g, 1, Action::Whist);
    act(&mut g, 2, Action::Whist);
    assert_eq!((g.phase, g.to_act()), (Phase::Play, vec![0]));
    play_cards(
        &mut g,
        "AC 8C 7C  KC 7S JS  QC 8S QS  JC 9S KS  10C 10S AS  9C 10H JD",
    );
    assert_eq!(g.won.counts, vec![6, 0, 0]);
    let last = g.view(Observer::Public).last_trick.unwrap();
    assert_eq!(last.winner, 0);
    assert_eq!(last.plays.len(), 3);
    play_cards(&mut g, "7H AH JH  KH 9D 8H  QH 10D 9H");
    let events = play_cards(&mut g, "8D AD 7D");
    let result = scored(&events);
    assert_eq!(result.tricks, [6, 3, 1]);
    assert_eq!(result.points, [20, 20, -18]);
    assert_eq!(g.scores, vec![20, 20, -18]);
    assert_eq!(g.status().scores, Some(vec![20, 20, -18]));
    assert_eq!(g.deal, 2, "the next deal follows at once");
    assert_eq!(g.dealer, 2, "deal 2 is dealt by deal 1's first bidder");
    assert!(g.view(Observer::Public).last_trick.is_none());
}

#[test]
fn pa6_single_whist_at_gupa_the_passer_sits_out() {
    let mut g = pa6_to_trump();
    assert_eq!(
        g.legal_actions(0),
        vec![Action::Trump(Level::Gupa), Action::Surrender]
    );
    act(&mut g, 0, Action::Trump(Level::Gupa));
    act(&mut g, 1, Action::Whist);
    assert_eq!(
        g.legal_actions(2),
        vec![Action::Whist, Action::Pass],
        "the second answers seeing the first"
    );
    assert_eq!(
        g.view(Observer::Seat(2)).whist,
        vec![None, Some(true), None]
    );
    act(&mut g, 2, Action::Pass);
    let passer_hand = g.hands[2];
    play_cards(&mut g, "AH 7D  KH 8D  QH 9D  JH 10D  10H JD");
    assert_eq!(
        g.won.iter().map(|(_, p)| p.len()).max(),
        Some(2),
        "two-card tricks"
    );
    assert_eq!(g.hands[2], passer_hand, "the passer's cards are not played");
    assert!(g
        .view(Observer::Seat(0))
        .hand
        .iter()
        .all(|c| !passer_hand.contains(*c)));
    assert_eq!(g.view(Observer::Seat(2)).hand, passer_hand.to_vec());
    play_cards(&mut g, "7C AC  QD 8C  KD 9C  KC 10C");
    let events = play_cards(&mut g, "QC JC");
    let result = scored(&events);
    assert_eq!(result.tricks, [5, 5, 0]);
    assert_eq!(result.points, [-40, 40, 0]);
    assert_eq!(g.scores, vec![-40, 40, 0]);
}

#[test]
fn pa7_both_pass_at_grkha_scores_ten_without_play() {
    let mut g = game(2, PA6, PA6_PRIKUP);
    act(&mut g, 2, bid(Level::Paston));
    act(&mut g, 0, bid(Level::Glitch));
    act(&mut g, 1, bid(Level::Dineri));
    act(&mut g, 2, bid(Level::Gupa));
    act(&mut g, 0, bid(Level::Grkha));
    act(&mut g, 0, Action::Discard([card("7S"), card("8S")]));
    assert_eq!(
        g.legal_actions(0),
        vec![Action::Trump(Level::Grkha), Action::Surrender]
    );
    act(&mut g, 0, Action::Trump(Level::Grkha));
    act(&mut g, 1, Action::Pass);
    let events = act(&mut g, 2, Action::Pass);
    assert!(!events.iter().any(|e| matches!(e, Event::Played { .. })));
    let result = scored(&events);
    assert_eq!(result.end, HandEnd::NoWhist);
    assert_eq!(result.points, [10, 0, 0]);
    assert_eq!(g.scores, vec![10, 0, 0]);
    assert_eq!((g.deal, g.phase), (2, Phase::Auction));
}

#[test]
fn pa8_surrender() {
    let mut g = pa6_to_trump();
    let events = act(&mut g, 0, Action::Surrender);
    assert!(events.contains(&Event::Surrendered { seat: 0 }));
    assert_eq!(scored(&events).points, [-10, 2, 2]);
    assert_eq!(g.scores, vec![-10, 2, 2]);
    assert_eq!(g.deal, 2);
}

#[test]
fn pa9_a_score_at_minus_121_or_below_resets_to_zero() {
    // The declarer (seat 0, forced: holds JS) keeps only 7s to 10s outside trumps and no club:
    // every opponent card outranks theirs, so they take no trick whatever is played.
    let hands = [
        "JS 7S 8S 9S 7H 8H 9H 7D 8D 9D",
        "7C 8C 9C 10C JC QC KC AC AS AH",
        "10S QS KS JH QH KH JD QD KD AD",
    ];
    let mut g = game(2, hands, "10H 10D");
    g.scores = vec![-115, 0, 0];
    for s in [0, 1, 2] {
        act(&mut g, s, Action::Pass);
    }
    assert_eq!((g.declarer, g.forced), (Some(0), Some(Why::JackOfSpades)));
    act(&mut g, 0, Action::Discard([card("JS"), card("10H")]));
    act(&mut g, 0, Action::Trump(Level::Glitch));
    act(&mut g, 1, Action::Whist);
    act(&mut g, 2, Action::Whist);
    play_out(&mut g);
    let result = g.last_hand.clone().unwrap();
    assert_eq!(result.tricks[0], 0);
    assert_eq!(result.points[0], -20, "−115 − 20 = −135");
    assert_eq!(result.reset, vec![0]);
    assert_eq!(g.scores[0], 0);
    for s in [1, 2] {
        assert_eq!(
            g.scores[s],
            whist_points(true, result.tricks[s]) * 2,
            "whisters score ×2 at Glitch"
        );
    }
}

// ---- play -----------------------------------------------------------------------------------

/// A deal where seat 0 declares Glitch (clubs), seat 1 whists and seat 2 sits out; seat 0 then
/// leads `KH` (seat 1 holds no heart).
fn pa10(seat1: &str, seat2: &str) -> Paston {
    let hands = ["9H 10H JH QH KH AH 8C 9C 10C JC", seat1, seat2];
    let mut g = game(2, hands, "7H 8H");
    assert_eq!(g.first_bidder, 1);
    act(&mut g, 1, Action::Pass);
    act(&mut g, 2, Action::Pass);
    act(&mut g, 0, bid(Level::Paston));
    act(&mut g, 0, Action::Discard([card("8C"), card("9C")]));
    act(&mut g, 0, Action::Trump(Level::Glitch));
    act(&mut g, 1, Action::Whist);
    act(&mut g, 2, Action::Pass);
    act(&mut g, 0, Action::Play(card("KH")));
    g
}

#[test]
fn pa10_follow_suit_else_trump_else_anything() {
    let mut g = pa10(
        "7C 9S 7S 8S 10S JS 7D 8D 9D 10D",
        "QS KS AS JD QD KD AD QC KC AC",
    );
    assert_eq!(g.legal_actions(1), vec![Action::Play(card("7C"))]);
    let must = Refusal::MustTrump { trump: Suit::Clubs };
    assert_eq!(
        g.apply(1, &Action::Play(card("9S"))),
        Err(RuleError::Illegal(must.clone()))
    );
    assert_eq!(
        en(&Paston::reason(&must)),
        "You cannot follow suit, so you must trump: play a ♣."
    );
    let g = pa10(
        "9S 8D 7S 8S 10S JS 7D 9D 10D JD",
        "QS KS AS QD KD AD 7C QC KC AC",
    );
    let legal = g.legal_actions(1);
    assert_eq!(legal.len(), 10, "no heart, no club: any card");
    assert!(legal.contains(&Action::Play(card("9S"))));
    assert!(legal.contains(&Action::Play(card("8D"))));
}

// ---- redeals, rotation, the end -------------------------------------------------------------

#[test]
fn pa11_spades_seven_to_queen_without_king_or_ace_redeal_by_the_same_dealer() {
    let bad = deck_for(1, ["", "7S 8S 9S 10S JS QS", ""], "");
    let good = deck_for(1, ["7S 8S 9S 10S JS QS KS", "", ""], "");
    let setup = Setup {
        seed: 0,
        dealer: Some(1),
        decks: vec![bad, good.clone()],
    };
    let g = Paston::new(Options::default(), 3, setup).unwrap();
    assert_eq!((g.deal, g.dealer, g.redeals), (1, 1, 1));
    let again = Paston::new(Options::default(), 3, Setup::deck(1, good)).unwrap();
    assert_eq!(g.hands, again.hands, "the second deck was dealt");
    assert_eq!(again.redeals, 0, "with the king it stands");
    assert!(g.view(Observer::Public).redeals == 1);
    // The prikup is not checked.
    let g = game(1, ["7S 8S 9S 10S JS", "", ""], "QS 7H");
    assert_eq!(g.redeals, 0);
}

#[test]
fn only_a_shuffled_deck_is_reshuffled_for_a_bottom_seven_of_spades() {
    let deck = deck_for(0, ["", "", ""], "");
    let mut bottom = deck.clone();
    let i = bottom.iter().position(|&c| c == SEVEN_S).unwrap();
    bottom.swap(i, 31);
    let g = Paston::new(Options::default(), 3, Setup::deck(0, bottom.clone())).unwrap();
    // The last pair goes to the dealer (seat 0): the explicit deck is dealt as given.
    assert!(g.hands[0].contains(SEVEN_S));
    assert!(g.hands[0].contains(bottom[30]));
    // A seeded shuffle whose bottom card is 7S is shuffled again.
    let mut found = false;
    for seed in 0..400 {
        let (source, _) = DeckSource::new(Setup::seeded(seed), &super::deck(), 3).unwrap();
        let mut probe = source.clone();
        let first = probe.next_deck(&super::deck());
        let mut real = source.clone();
        let dealt = draw_deck(&mut real);
        assert_ne!(dealt.last(), Some(&SEVEN_S));
        if first.last() == Some(&SEVEN_S) {
            found = true;
            assert_ne!(dealt.to_vec(), first);
        } else {
            assert_eq!(dealt.to_vec(), first);
        }
    }
    assert!(found, "some seed puts 7S at the bottom");
}

#[test]
fn the_deal_rotates_from_the_first_bidder() {
    // Deal 1: dealer 0, JS with seat 2, so seat 2 bids first and deals deal 2.
    let mut g = game(0, ["", "", "JS"], "");
    assert_eq!(g.first_bidder, 2);
    let mut dealers = Vec::new();
    for _ in 0..4 {
        // Everybody passes; the forced declarer surrenders at once.
        let deal = g.deal;
        while g.deal == deal {
            let seat = g.to_act()[0];
            let action = match g.phase {
                Phase::Trump => Action::Surrender,
                _ => g.legal_actions(seat)[0].clone(),
            };
            act(&mut g, seat, action);
        }
        dealers.push((g.deal, g.dealer, g.first_bidder));
    }
    assert_eq!(
        dealers,
        vec![(2, 2, 0), (3, 0, 1), (4, 1, 2), (5, 2, 0)],
        "from deal 2 on the first bidder is the dealer's left"
    );
}

#[test]
fn pa12_the_first_to_121_wins() {
    let mut g = game(2, PA6, PA6_PRIKUP);
    g.scores = vec![115, 40, -5];
    act(&mut g, 2, Action::Pass);
    act(&mut g, 0, bid(Level::Paston));
    act(&mut g, 1, Action::Pass);
    act(&mut g, 0, Action::Discard([card("7S"), card("8S")]));
    act(&mut g, 0, Action::Trump(Level::Glitch));
    act(&mut g, 1, Action::Pass);
    let events = act(&mut g, 2, Action::Pass);
    assert_eq!(g.scores, vec![135, 40, -5]);
    assert!(g.is_over());
    let status = g.status();
    assert_eq!(status.ranking, Some(vec![vec![0], vec![1], vec![2]]));
    assert!(status.to_act.is_empty());
    assert!(events.iter().any(|e| matches!(e, Event::GameOver { .. })));
    assert_eq!(g.apply(1, &Action::Pass), Err(RuleError::GameOver));
    let names: Vec<String> = ["Ann", "Bob", "Cid"].map(String::from).to_vec();
    let text = en_lines(&Paston::describe(&g.view(Observer::Public)), &names);
    assert!(text.contains("The match is over: Ann won"), "{text}");
    assert!(
        text.contains(
            "match score (first to 121 points): Ann 135 points, Bob 40 points, Cid −5 points"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "Last hand (deal 1): Ann declared Glitch ♣ and both opponents passed (nobody called whist against it), so Ann won without play. Points this deal: Ann +20, Bob 0, Cid 0"
        ),
        "{text}"
    );
}

#[test]
fn a_tie_at_the_top_shares_the_win() {
    let mut g = pa6_to_trump();
    g.scores = vec![0, 119, 119];
    act(&mut g, 0, Action::Surrender);
    assert_eq!(g.scores, vec![-10, 121, 121]);
    assert_eq!(g.status().ranking, Some(vec![vec![1, 2], vec![0]]));
}

// ---- views, description, determinization ----------------------------------------------------

#[test]
fn the_prikup_is_hidden_until_taken() {
    let g = game(2, PA6, PA6_PRIKUP);
    let zone = g.zones().into_iter().find(|z| z.name == "prikup").unwrap();
    assert_eq!((zone.cards.len(), zone.seen), (2, Seen::Nobody));
    for s in 0..3 {
        let v = g.view(Observer::Seat(s));
        assert_eq!(v.prikup, 2);
        assert!(!v.hand.contains(&card("7S")));
    }
}

#[test]
fn describe_shows_the_score_the_contract_and_the_tricks() {
    let names: Vec<String> = ["Ann", "Bob", "Cid"].map(String::from).to_vec();
    let mut g = pa6_to_trump();
    act(&mut g, 0, Action::Trump(Level::Gupa));
    act(&mut g, 1, Action::Whist);
    act(&mut g, 2, Action::Pass);
    play_cards(&mut g, "AH 7D KH");
    let text = en_lines(&Paston::describe(&g.view(Observer::Seat(1))), &names);
    assert!(text.contains("match score"), "{text}");
    assert!(
        text.contains("Contract: Ann declares Gupa ♥ (×4), needs 6 tricks. Bob whist, Cid passes."),
        "{text}"
    );
    assert!(text.contains("Tricks: Ann 1 · Bob 0"), "{text}");
    assert!(
        text.contains("Last trick: Ann A♥, Bob 7♦ — won by Ann"),
        "{text}"
    );
    assert!(text.contains("Trick 2: Ann K♥ — Bob to play."), "{text}");
    assert!(
        text.contains("Your hand: A♣ K♣ Q♣ · K♦ Q♦ J♦ 10♦ 9♦ 8♦"),
        "{text}"
    );
    let public = en_lines(&Paston::describe(&g.view(Observer::Public)), &names);
    assert!(!public.contains("Your hand"), "{public}");
    let g = game(2, PA6, PA6_PRIKUP);
    let text = en_lines(&Paston::describe(&g.view(Observer::Public)), &names);
    assert!(text.contains("Cid bids first (holds J♠)."), "{text}");
    assert!(
        text.contains("Auction: no calls yet — Cid to speak: pass or bid Paston ♠."),
        "{text}"
    );
    let mut g = pa6_to_trump();
    let text = en_lines(&Paston::describe(&g.view(Observer::Public)), &names);
    assert!(
        text.contains(
            "Ann is declarer, bid Gupa ♥ and names trumps (Gupa or higher) or surrenders."
        ),
        "{text}"
    );
    let events = act(&mut g, 0, Action::Surrender);
    let told: Vec<String> = events.iter().map(|e| en(&Paston::event(e))).collect();
    assert_eq!(told[0], "Seat 1 surrenders: −10, each opponent +2.");
    assert!(
        told[1].starts_with("Last hand (deal 1): Seat 1 gave up the contract (bid Gupa) without playing. Points this deal: Seat 1 −10, Seat 2 +2, Seat 3 +2. Match score: Seat 1 −10 points, Seat 2 2 points, Seat 3 2 points."),
        "{told:?}"
    );
}

#[test]
fn determinization_keeps_announced_spades_and_shown_voids() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    // Seat 2 bids first because it holds JS: every determinization keeps it there.
    let g = game(2, PA6, PA6_PRIKUP);
    for _ in 0..20 {
        let d = g.determinize(0, &mut rng);
        assert!(d.hands[2].contains(JS));
        assert_eq!(d.view(Observer::Seat(0)), g.view(Observer::Seat(0)));
        assert_eq!(d.legal_actions(0), g.legal_actions(0));
    }
    // After seat 1 has shown a void in hearts (trumps), no determinization gives it a heart.
    let mut g = pa6_to_trump();
    act(&mut g, 0, Action::Trump(Level::Gupa));
    act(&mut g, 1, Action::Whist);
    act(&mut g, 2, Action::Pass);
    play_cards(&mut g, "AH 7D");
    let mut moved = false;
    for _ in 0..30 {
        let d = g.determinize(2, &mut rng);
        assert!(d.hands[1].iter().all(|c| c.suit() != Suit::Hearts));
        assert_eq!(d.view(Observer::Seat(2)), g.view(Observer::Seat(2)));
        assert_eq!(d.status(), g.status());
        moved |= d.hands[0] != g.hands[0];
    }
    assert!(moved, "the hidden cards are redealt");
    // The forced declarer (seat 0, holds JS) discarded JS: the others only know it is in
    // seat 0's hand or discards.
    let hands = [
        "JS 7S 8S 9S 7H 8H 9H 7D 8D 9D",
        "7C 8C 9C 10C JC QC KC AC AS AH",
        "10S QS KS JH QH KH JD QD KD AD",
    ];
    let mut g = game(2, hands, "10H 10D");
    for s in [0, 1, 2] {
        act(&mut g, s, Action::Pass);
    }
    act(&mut g, 0, Action::Discard([card("JS"), card("10H")]));
    let (mut in_hand, mut in_discards) = (false, false);
    for _ in 0..60 {
        let d = g.determinize(1, &mut rng);
        in_hand |= d.hands[0].contains(JS);
        in_discards |= d.discards.contains(JS);
        assert!(d.hands[0].contains(JS) || d.discards.contains(JS));
        assert_eq!(d.view(Observer::Seat(1)), g.view(Observer::Seat(1)));
    }
    assert!(in_hand && in_discards, "no hint whether JS was discarded");
    let d = g.determinize(0, &mut rng);
    assert_eq!((d.hands[0], d.discards), (g.hands[0], g.discards));
}

// ---- the normal computer player (`Heuristic::rule_of_thumb`) ----------------------------------

/// Seat 0 holds `JS` (bids first), the top five hearts and `AS KS`; seat 1 has two aces and a
/// guarded king; seat 2 has nothing much.
const NORMAL: [&str; 3] = [
    "JS AS KS AH KH QH JH 10H 7C 8C",
    "7H 8H 9H AD KD 10D AC QC 7S 8S",
    "9S 10S QS 9D JD QD KC JC 10C 9C",
];
const NORMAL_PRIKUP: &str = "7D 8D";

/// What the `normal` computer player chooses for the seat to act.
fn normal_choice(g: &Paston) -> Action {
    let seat = g.to_act()[0];
    let legal = g.legal_actions(seat);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let i = g.rule_of_thumb(seat, &legal, &mut rng);
    legal[i].clone()
}

/// Why the `normal` computer player chooses what [`normal_choice`] answers (a hint's reason).
fn normal_why(g: &Paston) -> super::heuristic::Why {
    let seat = g.to_act()[0];
    let legal = g.legal_actions(seat);
    let i = g.rule_of_thumb(seat, &legal, &mut ChaCha8Rng::seed_from_u64(0));
    g.why(seat, &legal, i)
}

/// The NORMAL deal with seat 0 declaring at Paston after two passes, before its discard.
fn normal_to_discard() -> Paston {
    let mut g = game(2, NORMAL, NORMAL_PRIKUP);
    assert_eq!(g.to_act(), vec![0]);
    act(&mut g, 0, bid(Level::Paston));
    act(&mut g, 1, Action::Pass);
    act(&mut g, 2, Action::Pass);
    assert_eq!(g.phase(), Phase::Discard);
    g
}

#[test]
fn normal_bids_a_strong_hand_and_passes_a_weak_one() {
    let mut g = game(2, NORMAL, NORMAL_PRIKUP);
    assert_eq!(normal_choice(&g), bid(Level::Paston));
    assert_eq!(normal_why(&g), super::heuristic::Why::Game(PastonWhy::Bid));
    act(&mut g, 0, bid(Level::Paston));
    act(&mut g, 1, Action::Pass);
    assert_eq!(g.to_act(), vec![2]);
    assert_eq!(
        normal_choice(&g),
        Action::Pass,
        "seat 2 cannot make six tricks"
    );
    assert_eq!(normal_why(&g), super::heuristic::Why::Game(PastonWhy::Pass));
}

#[test]
fn normal_discards_a_short_low_suit_and_names_its_best_trumps() {
    let mut g = normal_to_discard();
    let Action::Discard(pair) = normal_choice(&g) else {
        panic!("a discard was expected");
    };
    assert!(
        pair == [card("7D"), card("8D")] || pair == [card("7C"), card("8C")],
        "the two low cards of one side suit, voiding it: {pair:?}"
    );
    assert_eq!(
        normal_why(&g),
        super::heuristic::Why::Game(PastonWhy::Discard)
    );
    act(&mut g, 0, Action::Discard(pair));
    assert_eq!(
        normal_choice(&g),
        Action::Trump(Level::Gupa),
        "five top hearts: hearts, at ×4"
    );
    assert_eq!(
        normal_why(&g),
        super::heuristic::Why::Game(PastonWhy::Trump)
    );
}

#[test]
fn normal_whists_with_defensive_tricks_and_passes_without() {
    let mut g = normal_to_discard();
    act(&mut g, 0, Action::Discard([card("7D"), card("8D")]));
    act(&mut g, 0, Action::Trump(Level::Gupa));
    assert_eq!(normal_choice(&g), Action::Whist, "seat 1: AD KD, AC QC");
    assert_eq!(
        normal_why(&g),
        super::heuristic::Why::Game(PastonWhy::Whist)
    );
    act(&mut g, 1, Action::Whist);
    assert_eq!(normal_choice(&g), Action::Pass, "seat 2: no ace, no trump");
    assert_eq!(
        normal_why(&g),
        super::heuristic::Why::Game(PastonWhy::SitOut)
    );
}

#[test]
fn normal_draws_trumps_wins_cheaply_and_ducks_when_the_trick_is_gone() {
    let mut g = normal_to_discard();
    act(&mut g, 0, Action::Discard([card("7D"), card("8D")]));
    act(&mut g, 0, Action::Trump(Level::Gupa));
    act(&mut g, 1, Action::Whist);
    act(&mut g, 2, Action::Whist);
    // AH KH QH JH 10H are equal: the declarer draws trumps with the cheapest of them.
    assert_eq!(normal_choice(&g), Action::Play(card("10H")));
    assert_eq!(
        normal_why(&g),
        super::heuristic::Why::Game(PastonWhy::Play(TrickWhy::DrawTrumps))
    );
    act(&mut g, 0, Action::Play(card("7C")));
    // Seat 1 plays after the declarer, only its partner still to come: QC wins, AC is wasted.
    assert_eq!(normal_choice(&g), Action::Play(card("QC")));
    assert_eq!(
        normal_why(&g),
        super::heuristic::Why::Game(PastonWhy::Play(TrickWhy::WinCheapest))
    );
    act(&mut g, 1, Action::Play(card("QC")));
    // The partner holds the trick: seat 2 ducks with 9C rather than overtake with KC.
    assert_eq!(normal_choice(&g), Action::Play(card("9C")));
    assert_eq!(
        normal_why(&g),
        super::heuristic::Why::Game(PastonWhy::Play(TrickWhy::PartnerWins))
    );
    act(&mut g, 2, Action::Play(card("9C")));
    assert_eq!(g.won.counts[1], 1);
    // Seat 1 leads a low spade; seat 2 goes up with QS (third hand high: the declarer, still to
    // play, could beat its partner's 7S); the declarer, last, wins with KS rather than AS.
    act(&mut g, 1, Action::Play(card("7S")));
    assert_eq!(normal_choice(&g), Action::Play(card("QS")));
    assert_eq!(
        normal_why(&g),
        super::heuristic::Why::Game(PastonWhy::Play(TrickWhy::CoverPartner))
    );
    act(&mut g, 2, Action::Play(card("QS")));
    assert_eq!(normal_choice(&g), Action::Play(card("KS")));
    assert_eq!(
        normal_why(&g),
        super::heuristic::Why::Game(PastonWhy::Play(TrickWhy::WinCheapest))
    );
    act(&mut g, 0, Action::Play(card("KS")));
    // The declarer leads AH: seat 1's hearts all lose, so it plays the lowest.
    act(&mut g, 0, Action::Play(card("AH")));
    assert_eq!(normal_choice(&g), Action::Play(card("7H")));
    assert_eq!(
        normal_why(&g),
        super::heuristic::Why::Game(PastonWhy::Play(TrickWhy::CannotWin))
    );
}

#[test]
fn the_picture_shows_the_auction_the_prikup_the_contract_and_the_trick() {
    use crate::picture::{Face, Mark};
    use crate::Presentation;
    // The auction: the prikup face down in the middle, each seat's last call under its name.
    let mut g = game(2, PA6, PA6_PRIKUP);
    act(&mut g, 2, bid(Level::Paston));
    act(&mut g, 0, bid(Level::Glitch));
    let scene = Presentation::picture(&g, Observer::Public);
    assert_eq!(en(scene.middle[0].label.as_ref().unwrap()), "Prikup");
    assert_eq!(scene.middle[0].len(), 2);
    assert!(scene.middle[0].cards.iter().all(|f| *f == Face::Down));
    let lines = |p: &crate::picture::SeatPart| -> Vec<String> { p.lines.iter().map(en).collect() };
    assert_eq!(lines(&scene.seats[0]), ["0 points", "Bid Glitch ♣"]);
    assert_eq!(lines(&scene.seats[1]), ["0 points"]);
    assert_eq!(lines(&scene.seats[2]), ["0 points", "Bid Paston ♠"]);
    assert!(scene.seats[1].to_act);
    assert!(scene.hand.is_none());
    // The declarer discards: every card of its hand may go.
    let mut g = game(2, PA6, PA6_PRIKUP);
    act(&mut g, 2, bid(Level::Paston));
    act(&mut g, 0, bid(Level::Glitch));
    act(&mut g, 1, bid(Level::Dineri));
    act(&mut g, 2, Action::Pass);
    act(&mut g, 0, bid(Level::Gupa));
    act(&mut g, 1, Action::Pass);
    let scene = Presentation::picture(&g, Observer::Seat(0));
    assert!(scene.middle.is_empty(), "the prikup is taken");
    let hand = scene.hand.as_ref().unwrap();
    assert_eq!(hand.cards().count(), 12);
    assert!(hand.cards().all(|h| h.legal));
    // Play: the contract at the top, the trick and the card taking it, the passer sits out.
    act(&mut g, 0, Action::Discard([card("7S"), card("8S")]));
    act(&mut g, 0, Action::Trump(Level::Gupa));
    act(&mut g, 1, Action::Whist);
    act(&mut g, 2, Action::Pass);
    play_cards(&mut g, "AH 7D KH");
    let scene = Presentation::picture(&g, Observer::Seat(1));
    assert_eq!(
        en(&scene.notes[1]),
        "Contract: Seat 1 declares Gupa ♥ (×4), needs 6 tricks."
    );
    assert_eq!(scene.trick, vec![(0, card("KH"))]);
    assert_eq!(scene.trick_leader, Some(0));
    assert_eq!(lines(&scene.seats[0]), ["0 points", "Declarer", "1 trick"]);
    assert_eq!(lines(&scene.seats[1]), ["0 points", "Whist", "0 tricks"]);
    assert_eq!(lines(&scene.seats[2]), ["0 points", "Sits out"]);
    assert_eq!(scene.seats[2].mark, Mark::Out);
    assert!(
        scene.seats[0].piles.is_empty(),
        "the discards are the declarer's"
    );
    let hands: Vec<Option<usize>> = scene.seats.iter().map(|p| p.hand).collect();
    assert_eq!(hands, [Some(8), Some(9), Some(10)]);
    // Without hearts (trumps) seat 1 may play anything; its hand holds no trump.
    let hand = scene.hand.as_ref().unwrap();
    assert!(hand.to_act && hand.cards().all(|h| h.legal));
    assert_eq!(hand.groups[0][0].card, card("AC"));
    // The declarer sees its discards in front of it; the passer's hand has nothing to play.
    let own = Presentation::picture(&g, Observer::Seat(0));
    assert_eq!(
        own.seats[0].piles[0].cards,
        vec![Face::Up(card("7S")), Face::Up(card("8S"))]
    );
    assert_eq!(own.hand.as_ref().unwrap().groups[0][0].card, card("QH"));
    let sitter = Presentation::picture(&g, Observer::Seat(2));
    assert!(sitter.hand.as_ref().unwrap().cards().all(|h| !h.legal));
}

/// The hand results and the match result as the channel reads them, in English and Finnish:
/// both opponents passing, a surrender, a hand played out with a reset, and the match won.
#[test]
fn hand_and_match_results_read_as_sentences() {
    let names: Vec<String> = ["@alice", "Computer 2 (normal)", "Computer 3 (normal)"]
        .map(String::from)
        .to_vec();
    let result = |deal, end, points: [i64; 3], reset: Vec<Seat>| HandResult {
        deal,
        declarer: 1,
        bid: Level::Glitch,
        trump: Some(Level::Dineri),
        end,
        whist: [Some(true), None, Some(false)],
        tricks: [3, 7, 0],
        points,
        reset: reset.into_iter().collect(),
    };
    let events = [
        Event::HandScored {
            result: result(1, HandEnd::NoWhist, [0, 30, 0], vec![]),
            scores: vec![0, 30, 0],
        },
        Event::HandScored {
            result: result(2, HandEnd::Surrendered, [2, -10, 2], vec![]),
            scores: vec![2, 20, 2],
        },
        Event::HandScored {
            result: result(3, HandEnd::Played, [-9, 110, 0], vec![]),
            scores: vec![-7, 130, 2],
        },
        Event::GameOver {
            ranking: vec![vec![1], vec![2], vec![0]],
            scores: vec![-7, 130, 2],
        },
    ];
    let messages: Vec<_> = events.iter().map(Paston::event).collect();
    let words = |lang: &str| crate::testing::worded(&messages, &names, lang);
    insta::assert_snapshot!("paston_results_en", words("en-US"));
    insta::assert_snapshot!("paston_results_fi", words("fi"));
}
