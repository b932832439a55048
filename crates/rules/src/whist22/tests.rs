//! Scenario tests for Whist 22: the acceptance cases W22-1…W22-8 of `docs/rules/whist22.md`
//! from explicit decks, the protocol's action shapes (the Fool's value included), the options
//! and the blind round.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::json;

use super::*;
use crate::registry;
use crate::{check_seats, rank_by_score, Game, Present, RuleError};
use pakka_cards::{parse_cards, validate_deck};
use pakka_catalog::{en, en_lines};

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn play(text: &str) -> Action {
    Action::Play(card(text))
}

const FOOL_0: Action = Action::Fool(FoolValue::Zero);
const FOOL_22: Action = Action::Fool(FoolValue::TwentyTwo);

/// An explicit deck whose deal (`size` each, one at a time from the dealer's left) gives each
/// seat the listed cards first; the other places are filled in new-deck order.
fn deck_for(dealer: Seat, size: usize, hands: &[&str]) -> Vec<Card> {
    let seats = hands.len();
    let first = (dealer + 1) % seats;
    let mut deck: Vec<Option<Card>> = vec![None; 22];
    let mut used = CardSet::new();
    for (seat, text) in hands.iter().enumerate() {
        let offset = (seat + seats - first) % seats;
        for (slot, c) in cards(text).into_iter().enumerate() {
            assert!(slot < size, "too many cards for seat {seat}");
            assert!(used.insert(c), "{c} twice in the scenario");
            deck[slot * seats + offset] = Some(c);
        }
    }
    let mut rest = tarot22().into_iter().filter(|c| !used.contains(*c));
    let deck: Vec<Card> = deck
        .into_iter()
        .map(|slot| slot.or_else(|| rest.next()).unwrap())
        .collect();
    validate_deck(&deck, &tarot22()).unwrap();
    deck
}

fn game(dealer: Seat, hands: &[&str]) -> Whist22 {
    let size = usize::from(max_hand(hands.len()));
    let deck = deck_for(dealer, size, hands);
    Whist22::new(Options::default(), hands.len(), Setup::deck(dealer, deck)).unwrap()
}

fn act(g: &mut Whist22, seat: Seat, action: Action) -> Vec<Event> {
    g.apply(seat, &action)
        .unwrap_or_else(|e| panic!("{action:?} by {seat} refused: {e:?}"))
}

/// The seat to act takes `action`.
fn next(g: &mut Whist22, action: Action) -> Vec<Event> {
    let seat = g.to_act()[0];
    act(g, seat, action)
}

fn bids(g: &mut Whist22, bids: &[u8]) {
    for &b in bids {
        next(g, Action::Bid(b));
    }
}

/// Plays the listed cards in turn order ("Fool=0"/"Fool=22" for the Fool).
fn plays(g: &mut Whist22, text: &str) -> Vec<Event> {
    let mut events = Vec::new();
    for word in text.split_whitespace() {
        let action = match word {
            "Fool=0" => FOOL_0,
            "Fool=22" => FOOL_22,
            _ => play(word),
        };
        events.extend(next(g, action));
    }
    events
}

fn names(n: usize) -> Vec<String> {
    (0..n).map(|s| format!("Seat {s}")).collect()
}

#[test]
fn action_shapes_are_the_protocols() {
    let shapes = [
        (Action::Bid(2), json!({"bid": 2})),
        (play("17"), json!({"play": "17"})),
        (FOOL_0, json!({"play": "Fool", "value": 0})),
        (FOOL_22, json!({"play": "Fool", "value": 22})),
        (Action::PlayUnseen, json!("play")),
    ];
    for (action, value) in shapes {
        assert_eq!(serde_json::to_value(action).unwrap(), value);
        assert_eq!(serde_json::from_value::<Action>(value).unwrap(), action);
    }
    assert_eq!(
        serde_json::from_value::<Action>(json!({"value": 22, "play": "fool"})).unwrap(),
        FOOL_22
    );
    let error = |v: serde_json::Value| serde_json::from_value::<Action>(v).unwrap_err().to_string();
    assert!(error(json!({"play": "Fool"})).contains("the Fool needs a value"));
    assert!(error(json!({"play": "17", "value": 0})).contains("only the Fool takes a value"));
    assert!(error(json!({"play": "Fool", "value": 21})).contains("0 or 22"));
    assert!(error(json!({"play": "Fool", "value": "high"})).contains("invalid type"));
    assert!(error(json!({"bid": 1, "play": "3"})).contains("one of"));
    assert!(error(json!({"bid": -1})).contains("invalid value"));
    assert!(error(json!({"pass": true})).contains("unknown field"));
    assert!(error(json!({"play": "22"})).contains("unknown card"));
    assert!(error(json!("pass")).contains("not a Whist 22 action"));
    // Through the registry, a value-less Fool is a bad action, not an illegal one.
    let info = registry::find("whist-22").unwrap();
    let mut g = info.create(json!(null), 3, Setup::seeded(1)).unwrap();
    let seat = g.to_act()[0];
    assert!(matches!(
        g.act_json(seat, &json!({"play": "Fool"})),
        Err(crate::ActError::BadAction(_))
    ));
}

#[test]
fn options_and_seat_counts() {
    let seats = |options: &Options, n| check_seats::<Whist22>(options, n).is_ok();
    assert!(!seats(&Options::default(), 2));
    assert!(seats(&Options::default(), 3) && seats(&Options::default(), 4));
    assert!(!seats(&Options::default(), 5));
    let bga = Options {
        bga_seats: true,
        ..Options::default()
    };
    for (n, h) in [(2, 9), (3, 7), (4, 5), (5, 4), (6, 3), (7, 3)] {
        let g = Whist22::new(bga.clone(), n, Setup::seeded(n as u64)).unwrap();
        assert!(g.hands.iter().all(|hand| hand.len() == h), "{n} seats");
        assert_eq!(g.unused.len(), 22 - n * h);
    }
    assert!(seats(&bga, 2) && seats(&bga, 7));
    assert!(!seats(&bga, 1) && !seats(&bga, 8));
    assert!(serde_json::from_value::<Options>(json!({"blind": true})).is_err());
    assert_eq!(
        serde_json::to_value(Options::default()).unwrap(),
        json!({"bga_sequence": false, "blind_one_card_round": false, "bga_seats": false})
    );
    let g = Whist22::new(Options::default(), 4, Setup::seeded(3)).unwrap();
    assert_eq!(g.status().scores, Some(vec![14; 4]));
    assert_eq!(g.status().deal, 1);
}

#[test]
fn deal_is_one_at_a_time_from_the_dealers_left() {
    let deck = tarot22();
    let g = Whist22::new(Options::default(), 3, Setup::deck(1, deck.clone())).unwrap();
    // Dealer 1: seat 2 first, then 0, then 1.
    assert!(g.hands[2].contains(deck[0]) && g.hands[0].contains(deck[1]));
    assert!(g.hands[1].contains(deck[2]) && g.hands[2].contains(deck[3]));
    assert_eq!(g.unused, vec![deck[21]]);
    assert_eq!(g.to_act(), vec![2], "the dealer's left bids first");
}

#[test]
fn w22_1_the_dealer_may_not_make_the_bids_add_up() {
    let mut g = game(3, &["", "", "", ""]);
    assert_eq!(g.hand_size, 5);
    bids(&mut g, &[2, 1, 1]);
    assert_eq!(g.to_act(), vec![3]);
    let legal: Vec<Action> = [0, 2, 3, 4, 5].into_iter().map(Action::Bid).collect();
    assert_eq!(g.legal_actions(3), legal);
    let err = Refusal::DealerBid { bid: 1, tricks: 5 };
    assert_eq!(g.apply(3, &Action::Bid(1)), Err(RuleError::Illegal(err)));
    assert_eq!(
        en(&Whist22::reason(&err)),
        "As the dealer you may not bid 1: the bids would add up to the 5 tricks."
    );
    assert_eq!(g.view(Observer::Public).forbidden_bid, Some(1));
    let text = en_lines(&Whist22::describe(&g.view(Observer::Seat(3))), &names(4));
    assert!(text.contains("Turn: Seat 3 to bid (not 1)"), "{text}");
    assert_eq!(
        g.apply(3, &Action::Bid(6)),
        Err(RuleError::Illegal(Refusal::BidTooHigh { max: 5 })),
        "at most the number of tricks"
    );
}

#[test]
fn w22_2_a_forbidden_value_out_of_range_forbids_nothing() {
    let mut g = game(2, &["", "", ""]);
    assert_eq!(g.hand_size, 7);
    bids(&mut g, &[4, 4]);
    let legal: Vec<Action> = (0..=7).map(Action::Bid).collect();
    assert_eq!(g.legal_actions(2), legal);
    next(&mut g, Action::Bid(7));
    assert_eq!(g.phase, Phase::Playing);
    assert_eq!(g.to_act(), vec![0], "the dealer's left leads");
}

#[test]
fn w22_3_the_fool_as_22_wins() {
    let mut g = game(2, &["17", "Fool", "21"]);
    bids(&mut g, &[0, 0, 0]);
    assert!(g.legal_actions(1).is_empty());
    next(&mut g, play("17"));
    assert!(g.legal_actions(1).contains(&FOOL_0));
    assert!(g.legal_actions(1).contains(&FOOL_22));
    let events = plays(&mut g, "Fool=22 21");
    assert!(events.contains(&Event::Played {
        seat: 1,
        card: Card::FOOL,
        value: 22
    }));
    assert!(events.contains(&Event::TrickWon { seat: 1 }));
    let last = g.view(Observer::Public).last_trick.unwrap();
    assert_eq!(last.winner, 1);
    assert_eq!(last.plays[1].value, 22);
    let text = en_lines(&Whist22::describe(&g.view(Observer::Public)), &names(3));
    assert!(
        text.contains("Last trick: Seat 0 17, Seat 1 Fool=22, Seat 2 21 — won by Seat 1"),
        "{text}"
    );
}

#[test]
fn w22_4_the_fool_as_0_loses() {
    let mut g = game(2, &["3", "Fool", "1"]);
    bids(&mut g, &[0, 0, 0]);
    let events = plays(&mut g, "3 Fool=0 1");
    assert!(events.contains(&Event::TrickWon { seat: 0 }));
}

#[test]
fn w22_5_one_point_lost_per_trick_of_difference() {
    let mut g = game(
        2,
        &[
            "21 20 19 18 1 2 3",
            "17 16 4 5 6 7 8",
            "15 9 10 11 12 13 14",
        ],
    );
    bids(&mut g, &[3, 4, 1]);
    plays(&mut g, "21 4 9  20 5 10  19 6 11  18 7 12");
    plays(&mut g, "1 17 13  16 14 2");
    let events = plays(&mut g, "8 15 3");
    let result = events
        .iter()
        .find_map(|e| match e {
            Event::HandScored(r) => Some(r.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(result.tricks, vec![4, 2, 1]);
    assert_eq!(result.changes, vec![-1, -2, 0]);
    assert_eq!(g.status().scores, Some(vec![13, 12, 14]));
    // The next hand is dealt at once: one card fewer, the dealer one seat on.
    assert_eq!((g.deal, g.hand_size, g.dealer), (2, 6, 0));
    assert_eq!(g.to_act(), vec![1]);
    assert!(g.view(Observer::Public).last_trick.is_none());
    let text = en_lines(&Whist22::describe(&g.view(Observer::Public)), &names(3));
    assert!(
        text.contains(
            "Deal 1 is scored (a point is lost for each trick over or under the bid): Seat 0 bid 3 \
             but took 4: loses 1 point; Seat 1 bid 4 but took 2: loses 2 points; Seat 2 bid 1 and \
             took 1, exactly as bid: no points lost. Scores now: Seat 0 13 points, Seat 1 12 \
             points, Seat 2 14 points."
        ),
        "{text}"
    );
}

#[test]
fn w22_6_hand_sizes_shrink_to_one_and_grow_back() {
    let seq = |max, bga| (0..14).map(|i| hand_size(max, bga, i)).collect::<Vec<u8>>();
    assert_eq!(seq(7, false), [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 6]);
    assert_eq!(seq(5, false)[..10], [5, 4, 3, 2, 1, 2, 3, 4, 5, 4]);
    assert_eq!(seq(7, true), [7, 6, 5, 4, 3, 2, 1, 7, 6, 5, 4, 3, 2, 1]);
    assert_eq!(seq(3, true)[..7], [3, 2, 1, 3, 2, 1, 3]);
    // A whole match played at random follows the sequence, the dealer rotating left.
    for (options, seats) in [
        (Options::default(), 3),
        (
            Options {
                bga_sequence: true,
                ..Options::default()
            },
            3,
        ),
    ] {
        let bga = options.bga_sequence;
        let mut g = Whist22::new(options, seats, Setup::seeded(11)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut sizes = vec![g.hand_size];
        let mut dealers = vec![g.dealer];
        while !g.is_over() {
            let seat = g.to_act()[0];
            let legal = g.legal_actions(seat);
            let pick = legal[rand::Rng::random_range(&mut rng, 0..legal.len())];
            for e in act(&mut g, seat, pick) {
                if let Event::HandDealt {
                    hand_size, dealer, ..
                } = e
                {
                    sizes.push(hand_size);
                    dealers.push(dealer);
                }
            }
        }
        let expected: Vec<u8> = (0..sizes.len() as u32)
            .map(|i| hand_size(7, bga, i))
            .collect();
        assert_eq!(sizes, expected);
        assert!(sizes.len() > 7, "the match reaches the growing hands");
        assert!(dealers.windows(2).all(|w| w[1] == (w[0] + 1) % 3));
    }
}

#[test]
fn w22_7_the_game_ends_when_someone_reaches_zero() {
    // Seat 0 holds the seven highest cards and takes every trick.
    let mut g = game(
        2,
        &[
            "15 16 17 18 19 20 21",
            "8 9 10 11 12 13 14",
            "1 2 3 4 5 6 7",
        ],
    );
    // A mid-match position: the scores before this hand (set directly).
    g.scores = vec![2, 1, 5];
    bids(&mut g, &[7, 1, 0]);
    for _ in 0..7 {
        for _ in 0..3 {
            let seat = g.to_act()[0];
            let first = g.legal_actions(seat)[0];
            act(&mut g, seat, first);
        }
    }
    let status = g.status();
    assert_eq!(status.scores, Some(vec![2, 0, 5]));
    assert!(status.over);
    assert_eq!(status.ranking, Some(vec![vec![2], vec![0], vec![1]]));
    assert!(status.to_act.is_empty());
    assert_eq!(g.apply(0, &Action::Bid(0)), Err(RuleError::GameOver));
    let text = en_lines(&Whist22::describe(&g.view(Observer::Public)), &names(3));
    assert!(
        text.contains("Game over: Seat 2 won with the highest score"),
        "{text}"
    );
    assert_eq!(
        rank_by_score(&[3, 0, 3]),
        vec![vec![0, 2], vec![1]],
        "ties share"
    );
    assert_eq!(rank_by_score(&[-2, 1, 0]), vec![vec![1], vec![2], vec![0]]);
}

/// Bids and plays the first legal action until the hand number changes.
fn play_hand_simply(g: &mut Whist22) {
    let deal = g.deal;
    while g.deal == deal && !g.is_over() {
        let seat = g.to_act()[0];
        let first = g.legal_actions(seat)[0];
        act(g, seat, first);
    }
}

#[test]
fn w22_8_the_blind_round_shows_the_others_cards_and_hides_the_own() {
    // Seven seats (bga_seats), hands 3, 2, 1: the third hand is blind. Its deck gives the Fool
    // to seat 3 (dealer 2, first seat 3), then 1, 2, … to seats 4, 5, …
    let options = Options {
        blind_one_card_round: true,
        bga_seats: true,
        ..Options::default()
    };
    let mut third = vec![Card::FOOL];
    third.extend((1..=21).map(Card::trump));
    let setup = Setup {
        seed: 0,
        dealer: Some(0),
        decks: vec![tarot22(), tarot22(), third],
    };
    let mut g = Whist22::new(options, 7, setup).unwrap();
    play_hand_simply(&mut g);
    play_hand_simply(&mut g);
    assert_eq!((g.deal, g.hand_size, g.dealer), (3, 1, 2));
    assert!(g.blind());
    assert_eq!(g.hands[3].to_vec(), vec![Card::FOOL]);
    for s in 0..7 {
        let view = g.view(Observer::Seat(s));
        assert!(view.hand.is_empty(), "seat {s} does not see its own card");
        assert!(view.blind);
        for t in 0..7 {
            if t == s {
                assert!(view.others_cards[t].is_empty());
            } else {
                assert_eq!(view.others_cards[t], g.hands[t].to_vec(), "{s} sees {t}");
            }
        }
    }
    let public = g.view(Observer::Public);
    assert!(public.hand.is_empty() && public.others_cards.iter().all(Vec::is_empty));
    let zones = g.zones();
    let hand3 = zones.iter().find(|z| z.name == "hand 3").unwrap();
    assert_eq!(hand3.seen, Seen::AllBut(3));
    let text = en_lines(&Whist22::describe(&g.view(Observer::Seat(4))), &names(7));
    assert!(text.contains("blind round"), "{text}");
    assert!(text.contains("Cards you see: Seat 0 4"), "{text}");
    assert!(text.contains("Seat 3 Fool"), "{text}");
    // Bidding does not depend on the own card; the dealer (seat 2) may not make the total 1.
    bids(&mut g, &[0, 0, 0, 0, 0, 0]);
    assert_eq!(g.legal_actions(2), vec![Action::Bid(0)]);
    next(&mut g, Action::Bid(0));
    // Seat 3 leads its unseen card: the Fool is revealed, then given its value.
    assert_eq!(g.legal_actions(3), vec![Action::PlayUnseen]);
    assert_eq!(
        g.apply(3, &FOOL_22),
        Err(RuleError::Illegal(Refusal::Blind)),
        "the Fool is not known yet"
    );
    assert_eq!(
        en(&Whist22::reason(&Refusal::Blind)),
        "You cannot see your own card in this round: play it unseen (\"play\")."
    );
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let det = g.determinize(3, &mut rng);
    assert_eq!(det.view(Observer::Seat(3)), g.view(Observer::Seat(3)));
    assert_eq!(det.legal_actions(3), g.legal_actions(3));
    let events = act(&mut g, 3, Action::PlayUnseen);
    assert_eq!(
        events,
        vec![Event::Revealed {
            seat: 3,
            card: Card::FOOL
        }]
    );
    assert_eq!(g.view(Observer::Seat(3)).hand, vec![Card::FOOL]);
    assert_eq!(g.legal_actions(3), vec![FOOL_0, FOOL_22]);
    assert_eq!(
        en(&Whist22::label(&g.view(Observer::Seat(3)), &FOOL_22)),
        "Fool = 22"
    );
    act(&mut g, 3, FOOL_22);
    assert_eq!(
        en(&Whist22::label(
            &g.view(Observer::Seat(4)),
            &Action::PlayUnseen
        )),
        "Play my card"
    );
    for _ in 0..6 {
        next(&mut g, Action::PlayUnseen);
    }
    let result = g.last_hand.clone().unwrap();
    assert_eq!(result.tricks[3], 1, "the Fool at 22 took the trick");
    assert_eq!(result.changes[3], -1);
    assert_eq!(result.changes[2], 0, "the dealer bid 0 and took nothing");
    assert!(!g.blind(), "the next hand has two cards again");
}

#[test]
fn the_blind_round_is_off_by_default() {
    let options = Options {
        bga_seats: true,
        ..Options::default()
    };
    let mut g = Whist22::new(options, 7, Setup::seeded(2)).unwrap();
    play_hand_simply(&mut g);
    play_hand_simply(&mut g);
    assert_eq!(g.hand_size, 1);
    assert!(!g.blind());
    let s = g.to_act()[0];
    assert_eq!(g.view(Observer::Seat(s)).hand.len(), 1);
    assert!(g
        .view(Observer::Seat(s))
        .others_cards
        .iter()
        .all(Vec::is_empty));
}

#[test]
fn views_hide_the_other_hands() {
    let g = game(2, &["17", "Fool", "21"]);
    let v0 = g.view(Observer::Seat(0));
    assert!(v0.hand.contains(&card("17")));
    assert!(!v0.hand.contains(&card("21")));
    assert!(v0.others_cards.iter().all(Vec::is_empty));
    assert!(g.view(Observer::Public).hand.is_empty());
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let det = g.determinize(0, &mut rng);
    assert_eq!(det.hands[0], g.hands[0]);
    assert_eq!(det.view(Observer::Seat(0)), v0);
}

#[test]
fn the_picture_shows_the_trick_its_leader_by_value_bids_and_tricks() {
    use crate::Presentation;
    let mut g = game(2, &["17 5", "Fool 3", "21 2"]);
    bids(&mut g, &[1, 0, 0]);
    plays(&mut g, "17 Fool=22");
    let scene = Presentation::picture(&g, Observer::Seat(2));
    assert_eq!(scene.trick, vec![(0, card("17")), (1, Card::FOOL)]);
    assert_eq!(scene.trick_leader, Some(1), "the Fool counts 22");
    let lines: Vec<String> = scene.seats[0].lines.iter().map(en).collect();
    assert_eq!(lines, ["14 points", "Bid 1", "0 tricks"]);
    let hands: Vec<Option<usize>> = scene.seats.iter().map(|p| p.hand).collect();
    assert_eq!(hands, [Some(6), Some(6), Some(7)]);
    assert!(scene.seats[2].to_act);
    assert_eq!(en(&scene.notes[1]), "Turn: Seat 3 to play");
    // Any card may be played; the hand is held strongest first.
    let hand = scene.hand.as_ref().unwrap();
    assert_eq!(hand.groups[0][0].card, card("21"));
    assert!(hand.cards().all(|h| h.legal));
    let own = Presentation::picture(&g, Observer::Seat(0));
    assert!(own.hand.as_ref().unwrap().cards().all(|h| !h.legal));
    // With the Fool at 0 the 3 takes the trick.
    let mut g = game(2, &["3", "Fool", "1"]);
    bids(&mut g, &[0, 0, 0]);
    plays(&mut g, "3 Fool=0");
    assert_eq!(
        Presentation::picture(&g, Observer::Public).trick_leader,
        Some(0)
    );
}

#[test]
fn the_blind_picture_shows_the_others_cards_and_only_a_back_of_the_own() {
    use crate::picture::Face;
    use crate::Presentation;
    let options = Options {
        blind_one_card_round: true,
        bga_seats: true,
        ..Options::default()
    };
    let mut third = vec![Card::FOOL];
    third.extend((1..=21).map(Card::trump));
    let setup = Setup {
        seed: 0,
        dealer: Some(0),
        decks: vec![tarot22(), tarot22(), third],
    };
    let mut g = Whist22::new(options, 7, setup).unwrap();
    play_hand_simply(&mut g);
    play_hand_simply(&mut g);
    assert!(g.blind());
    let scene = Presentation::picture(&g, Observer::Seat(4));
    assert!(scene.hand.is_none(), "seat 4 does not see its own card");
    assert_eq!(scene.seats[4].hand, Some(1), "its card is a back");
    assert!(scene.seats[4].piles.is_empty());
    for t in (0..7).filter(|&t| t != 4) {
        let part = &scene.seats[t];
        assert_eq!(part.hand, Some(0));
        let cards: Vec<Face> = g.hands[t].iter().map(Face::Up).collect();
        assert_eq!(part.piles[0].cards, cards, "seat 4 sees seat {t}'s card");
        assert_eq!(en(part.piles[0].label.as_ref().unwrap()), "In hand");
    }
    let public = Presentation::picture(&g, Observer::Public);
    assert!(public
        .seats
        .iter()
        .all(|p| p.piles.is_empty() && p.hand == Some(1)));
    // Seat 3 leads its unseen card: once revealed as the Fool it sees it and gives its value.
    bids(&mut g, &[0, 0, 0, 0, 0, 0, 0]);
    act(&mut g, 3, Action::PlayUnseen);
    let scene = Presentation::picture(&g, Observer::Seat(3));
    let hand = scene.hand.as_ref().unwrap();
    assert_eq!(
        hand.cards().map(|h| (h.card, h.legal)).collect::<Vec<_>>(),
        [(Card::FOOL, true)]
    );
    assert_eq!(scene.seats[3].hand, Some(1));
}

/// The rule of thumb as it read the seat's full view before `heuristic::Obs`: the reference the
/// compact observation must agree with.
fn reference_rule_of_thumb(view: &View, legal: &[Action]) -> usize {
    let value = |a: &Action| match *a {
        Action::Play(c) => i32::from(c.trump_value().unwrap_or(0)),
        Action::Fool(v) => i32::from(v.value()),
        Action::Bid(_) | Action::PlayUnseen => 0,
    };
    let me = match view.observer {
        Observer::Seat(s) => s,
        Observer::Public => return 0,
    };
    if legal.iter().all(|a| matches!(a, Action::Bid(_))) {
        let strong = view
            .hand
            .iter()
            .filter(|c| c.trump_value().is_none_or(|v| v >= 17))
            .count() as i32;
        return (0..legal.len())
            .min_by_key(|&i| match legal[i] {
                Action::Bid(b) => (i32::from(b) - strong).abs(),
                _ => i32::MAX,
            })
            .unwrap_or(0);
    }
    let bid = view.bids.get(me).copied().flatten().unwrap_or(0);
    let short = u32::from(bid) > view.tricks.get(me).copied().unwrap_or(0);
    let by_value = (0..legal.len()).map(|i| (value(&legal[i]), i));
    let pick = if short {
        by_value.max()
    } else {
        by_value.min()
    };
    pick.map_or(0, |(_, i)| i)
}

/// The rule of thumb, reading a compact observation off the state, plays what it played when
/// it read the seat's view.
#[test]
fn the_rule_of_thumb_matches_its_view_reference() {
    let games = crate::testing::Games {
        seeds: 12,
        actions: usize::MAX,
        deals: u32::MAX,
    };
    let compared = crate::testing::rule_of_thumb_matches::<Whist22>(games, |g, seat, legal| {
        reference_rule_of_thumb(&g.view(Observer::Seat(seat)), legal)
    });
    assert!(compared > 1_000);
}

/// The hand results and the game's result as the channel reads them, in English and Finnish:
/// a bid made exactly, one over and one under, the scores after the hand, a score reaching 0.
#[test]
fn hand_and_game_results_read_as_sentences() {
    let names: Vec<String> = ["@alice", "Computer 2 (normal)", "Computer 3 (normal)"]
        .map(String::from)
        .to_vec();
    let events = [
        Event::HandScored(HandResult {
            deal: 1,
            bids: vec![2, 1, 3],
            tricks: vec![2, 3, 2],
            changes: vec![0, -2, -1],
            scores: vec![14, 12, 13],
        }),
        Event::HandScored(HandResult {
            deal: 9,
            bids: vec![0, 4, 1],
            tricks: vec![1, 1, 5],
            changes: vec![-1, -3, -4],
            scores: vec![6, 1, 0],
        }),
        Event::GameOver {
            ranking: vec![vec![0], vec![1], vec![2]],
        },
    ];
    let messages: Vec<_> = events.iter().map(Whist22::event).collect();
    let words = |lang: &str| crate::testing::worded_results(&messages, &names, lang);
    insta::assert_snapshot!("whist22_results_en", words("en-US"));
    insta::assert_snapshot!("whist22_results_fi", words("fi"));
}

// ---- the normal computer player's reasons (a hint's line) -----------------------------------

#[test]
fn normal_bids_its_likely_tricks_and_plays_high_until_its_bid_is_made() {
    use super::heuristic::Why;
    use crate::Heuristic;
    let normal = |g: &Whist22| {
        let seat = g.to_act()[0];
        let legal = g.legal_actions(seat);
        let i = g.rule_of_thumb(seat, &legal, &mut ChaCha8Rng::seed_from_u64(0));
        (legal[i], g.why(seat, &legal, i))
    };
    let mut g = game(
        3,
        &[
            "18 19 Fool 2 3",
            "1 4 5 6 7",
            "8 9 10 11 12",
            "20 21 13 14 15",
        ],
    );
    // 18, 19 and the Fool are likely tricks.
    assert_eq!(normal(&g), (Action::Bid(3), Why::Game(Whist22Why::Bid)));
    next(&mut g, Action::Bid(3));
    assert_eq!(normal(&g), (Action::Bid(0), Why::Game(Whist22Why::Bid)));
    bids(&mut g, &[0, 0]);
    // The dealer counts two (20, 21), but 2 would make the bids add up to the 5 tricks.
    assert_eq!(
        normal(&g),
        (Action::Bid(1), Why::Game(Whist22Why::BidNearest))
    );
    next(&mut g, Action::Bid(1));
    // Seat 0 still needs three tricks: its highest, the Fool as 22.
    assert_eq!(normal(&g), (FOOL_22, Why::Game(Whist22Why::NeedTricks)));
    next(&mut g, FOOL_22);
    // Seat 1 bid 0 and has taken none: its lowest.
    assert_eq!(normal(&g), (play("1"), Why::Game(Whist22Why::BidMade)));
}
