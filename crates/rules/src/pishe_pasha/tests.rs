//! Scenario tests for Pishe Pasha: every acceptance case PP-1…PP-11 of
//! `docs/rules/pisha-pasha.md` from an explicit deck, plus the variants' own rules.

use super::*;
use crate::{Game, Present, RuleError};
use pakka_cards::{parse_cards, validate_deck, CardSet};
use pakka_catalog::{en, en_lines};

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

/// An explicit deck whose deal gives each seat a stock starting (top first) with the given
/// cards; the remaining cards fill the rest in new-deck order. `centre` is the three-player
/// game's centre card.
fn deck_for(dealer: Seat, stocks: &[&str], centre: Option<&str>) -> Vec<Card> {
    let seats = stocks.len();
    let batches: &[usize] = if seats == 3 {
        &[2, 3, 3, 3, 3, 3]
    } else {
        &[2, 3, 3, 3, 3, 3, 3, 3, 3]
    };
    // Deal the positions 0..52 (as placeholder cards) to learn which position feeds which slot.
    let positions: Vec<Card> = (0..52).filter_map(Card::from_index).collect();
    let slots = deal_batches(
        &mut positions.iter().copied(),
        &seats_from((dealer + 1) % seats, seats),
        seats,
        batches,
    );
    let mut deck: Vec<Option<Card>> = vec![None; 52];
    let mut used = CardSet::new();
    for (seat, prefix) in stocks.iter().enumerate() {
        for (slot, c) in slots[seat].iter().zip(cards(prefix)) {
            assert!(used.insert(c), "{c} twice in the scenario");
            deck[slot.index()] = Some(c);
        }
    }
    if let Some(centre) = centre {
        let c = card(centre);
        assert!(used.insert(c));
        deck[51] = Some(c);
    }
    let mut rest = standard52().into_iter().filter(|c| !used.contains(*c));
    let deck: Vec<Card> = deck
        .into_iter()
        .map(|slot| slot.or_else(|| rest.next()).unwrap())
        .collect();
    validate_deck(&deck, &standard52()).unwrap();
    deck
}

fn game(options: Options, dealer: Seat, stocks: &[&str], centre: Option<&str>) -> PishePasha {
    let deck = deck_for(dealer, stocks, centre);
    PishePasha::new(options, stocks.len(), Setup::deck(dealer, deck)).unwrap()
}

fn standard(dealer: Seat, stocks: &[&str]) -> PishePasha {
    game(Options::default(), dealer, stocks, None)
}

fn stop_mode(dealer: Seat, stocks: &[&str]) -> PishePasha {
    let options = Options {
        stop_rule: true,
        ..Options::default()
    };
    game(options, dealer, stocks, None)
}

fn act(g: &mut PishePasha, seat: Seat, action: Action) -> Vec<Event> {
    g.apply(seat, &action)
        .unwrap_or_else(|e| panic!("{action:?} by {seat} refused: {e:?}"))
}

/// Presses Turn (and Discard when offered a choice) until the seat's turn ends.
fn play_turn(g: &mut PishePasha, seat: Seat) -> Vec<Event> {
    let mut events = Vec::new();
    while g.to_act() == vec![seat] {
        let a = if g.legal_actions(seat).contains(&Action::Turn) {
            Action::Turn
        } else {
            Action::Discard
        };
        events.extend(act(g, seat, a));
    }
    events
}

/// What the `normal` computer player chooses for `seat`, and why (a hint's reason).
fn normal(g: &PishePasha, seat: Seat) -> (Action, super::heuristic::Why) {
    use crate::Heuristic;
    use rand::SeedableRng;
    let legal = g.legal_actions(seat);
    let i = g.rule_of_thumb(seat, &legal, &mut rand_chacha::ChaCha8Rng::seed_from_u64(0));
    (legal[i].clone(), g.why(seat, &legal, i))
}

fn top(g: &PishePasha, seat: Seat) -> Option<Card> {
    g.discards[seat].last().copied()
}

#[test]
fn deal_follows_the_batches_and_the_first_seat_starts() {
    let deck = standard52();
    let g = PishePasha::new(Options::default(), 2, Setup::deck(0, deck.clone())).unwrap();
    // Seat 1 (the non-dealer) gets cards 0,1 then 4,5,6; the dealer 2,3 then 7,8,9.
    assert_eq!(
        &g.stocks[1].iter().take(5).copied().collect::<Vec<_>>(),
        &[deck[0], deck[1], deck[4], deck[5], deck[6]]
    );
    assert_eq!(
        &g.stocks[0].iter().take(5).copied().collect::<Vec<_>>(),
        &[deck[2], deck[3], deck[7], deck[8], deck[9]]
    );
    assert_eq!((g.stocks[0].len(), g.stocks[1].len()), (26, 26));
    assert_eq!(g.to_act(), vec![1]);
    assert_eq!(g.legal_actions(1), vec![Action::Turn]);
    let g3 = PishePasha::new(Options::default(), 3, Setup::deck(2, deck.clone())).unwrap();
    assert_eq!(
        g3.stocks.iter().map(VecDeque::len).collect::<Vec<_>>(),
        vec![17, 17, 17]
    );
    assert_eq!(*g3.foundations, vec![vec![deck[51]]]);
    assert_eq!(g3.to_act(), vec![0]);
}

#[test]
fn pp1_first_card_that_fits_nowhere_is_discarded() {
    let mut g = standard(0, &["", "5H"]);
    let events = act(&mut g, 1, Action::Turn);
    assert_eq!(top(&g, 1), Some(card("5H")));
    assert_eq!(g.to_act(), vec![0]);
    assert!(events.contains(&Event::TurnPassed { seat: 0 }));
}

#[test]
fn pp2_foundation_plays_then_a_discard() {
    let mut g = standard(0, &["", "AC 2C 9D"]);
    act(&mut g, 1, Action::Turn);
    assert_eq!(g.foundations[Suit::Clubs.index()], cards("AC"));
    assert_eq!(
        g.legal_actions(1),
        vec![Action::Turn],
        "each card is turned by a Turn"
    );
    act(&mut g, 1, Action::Turn);
    act(&mut g, 1, Action::Turn);
    assert_eq!(g.foundations[Suit::Clubs.index()], cards("AC 2C"));
    assert_eq!(g.discards[1], cards("9D"));
    assert_eq!(g.stocks[1].len(), 23);
    assert_eq!(g.to_act(), vec![0]);
}

#[test]
fn pp3_give_to_the_opponent_and_turn_again() {
    let mut g = standard(0, &["8S", "9H"]);
    act(&mut g, 1, Action::Turn);
    act(&mut g, 0, Action::Turn);
    assert_eq!(g.pending, Some(card("8S")));
    assert_eq!(g.legal_actions(0), vec![Action::Give(1), Action::Discard]);
    assert_eq!(
        normal(&g, 0),
        (Action::Give(1), super::heuristic::Why::Game(PisheWhy::Give))
    );
    act(&mut g, 0, Action::Give(1));
    assert_eq!(top(&g, 1), Some(card("8S")));
    assert_eq!(g.to_act(), vec![0]);
    assert_eq!(g.legal_actions(0), vec![Action::Turn]);
}

#[test]
fn pp4_foundation_takes_precedence_over_the_opponent() {
    let mut g = standard(0, &["7D", "AD 2D 3D 4D 5D 6D 8C"]);
    play_turn(&mut g, 1);
    assert_eq!(g.foundations[Suit::Diamonds.index()].len(), 6);
    assert_eq!(top(&g, 1), Some(card("8C")));
    act(&mut g, 0, Action::Turn);
    assert_eq!(
        g.foundations[Suit::Diamonds.index()].last(),
        Some(&card("7D"))
    );
    assert_eq!(top(&g, 1), Some(card("8C")));
    assert_eq!(g.to_act(), vec![0], "the dealer's turn goes on");
}

#[test]
fn pp5_discard_top_goes_to_the_foundation_first() {
    let mut g = standard(0, &["5S 4S", "KH QH AS 2S 3S 9D"]);
    play_turn(&mut g, 1); // KH discarded
    play_turn(&mut g, 0); // 5S discarded
    play_turn(&mut g, 1); // QH discarded
    play_turn(&mut g, 0); // 4S discarded
    assert_eq!(g.discards[0], cards("5S 4S"));
    let events = play_turn(&mut g, 1); // AS 2S 3S up, 9D discarded; the dealer's turn starts
    assert_eq!(
        g.discards[0],
        Vec::<Card>::new(),
        "4S and then 5S were played automatically"
    );
    assert_eq!(g.foundations[Suit::Spades.index()], cards("AS 2S 3S 4S 5S"));
    let ups: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::ToFoundation { seat: 0, .. }))
        .collect();
    assert_eq!(ups.len(), 2);
    assert_eq!(g.legal_actions(0), vec![Action::Turn]);
}

/// Seat 1's stock in PP-6: its last three cards are 2H, 7C and JD.
const SEAT_1_STOCK: &str =
    "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AC AD 2D 3D 4D 5D 6D 7D 8D 9D 2H 7C JD";

/// PP-6 in strict mode after three turns each: seat 1's stock is spent and its discard pile
/// holds 2H 7C JD (2H fits nowhere, so it was discarded at once).
fn seat_1_stock_spent() -> PishePasha {
    let mut g = standard(0, &["9C 4C 5H", SEAT_1_STOCK]);
    for _ in 0..3 {
        play_turn(&mut g, 1);
        play_turn(&mut g, 0);
    }
    g
}

#[test]
fn pp6_an_exhausted_stock_is_renewed_from_the_discard_pile() {
    let mut g = seat_1_stock_spent();
    assert!(g.stocks[1].is_empty());
    assert_eq!(g.discards[1], cards("2H 7C JD"));
    let events = act(&mut g, 1, Action::Turn);
    assert_eq!(events[0], Event::StockRenewed { seat: 1, cards: 3 });
    assert_eq!(
        events[1],
        Event::Turned {
            seat: 1,
            card: card("2H")
        }
    );
    assert_eq!(Vec::from(g.stocks[1].clone()), cards("7C JD"));
    assert_eq!(g.discards[1], cards("2H"));

    // Stop mode: nothing is automatic, so 2H stays pending and the discard pile stays empty.
    let mut g = stop_mode(0, &["9C 4C 5H", SEAT_1_STOCK]);
    for _ in 0..3 {
        for seat in [1, 0] {
            while g.to_act() == vec![seat] {
                let a = if g.legal_actions(seat).contains(&Action::Foundation) {
                    Action::Foundation
                } else {
                    g.legal_actions(seat).pop().unwrap()
                };
                act(&mut g, seat, a);
            }
        }
    }
    assert_eq!(g.discards[1], cards("2H 7C JD"));
    act(&mut g, 1, Action::Turn);
    assert_eq!(g.pending, Some(card("2H")));
    assert_eq!(Vec::from(g.stocks[1].clone()), cards("7C JD"));
    assert!(g.discards[1].is_empty());
}

#[test]
fn pp7_going_out_scores_the_cards_the_loser_holds() {
    let f = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 6D 5D 4D 3D 2D AD 7D 8D 9D 10D JD QD KD";
    let d = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH 9C 10C JC QC KC";
    let mut g = standard(0, &[d, f]);
    let mut events = Vec::new();
    while !g.is_over() {
        let seat = g.to_act()[0];
        events = act(&mut g, seat, Action::Turn);
    }
    assert_eq!((g.stocks[0].len(), g.discards[0].len()), (10, 5));
    assert_eq!(g.status().scores, Some(vec![0, 15]));
    assert_eq!(g.status().ranking, Some(vec![vec![1], vec![0]]));
    assert_eq!(
        events.last(),
        Some(&Event::GameOver {
            reason: EndReason::WentOut,
            winner: Some(1),
            points: Some(15)
        })
    );
    assert_eq!(g.apply(0, &Action::Turn), Err(RuleError::GameOver));
}

#[test]
fn pp8_no_wrap_in_the_standard_game() {
    let mut g = standard(0, &["KH", "AH 2H 3H 4H 5H 2C"]);
    play_turn(&mut g, 1);
    assert_eq!(top(&g, 1), Some(card("2C")));
    act(&mut g, 0, Action::Turn);
    assert_eq!(top(&g, 0), Some(card("KH")));
    assert_eq!(g.to_act(), vec![1]);
}

#[test]
fn pp9_three_players_build_the_centre_with_the_wrap() {
    let mut g = game(Options::default(), 2, &["KC AD 9S", "", ""], Some("QH"));
    act(&mut g, 0, Action::Turn);
    assert_eq!(g.foundations[0], cards("QH KC"));
    act(&mut g, 0, Action::Turn);
    assert_eq!(g.foundations[0], cards("QH KC AD"));
    act(&mut g, 0, Action::Turn);
    assert_eq!(top(&g, 0), Some(card("9S")));
    assert_eq!(g.to_act(), vec![1]);
}

#[test]
fn pp10_stop_and_correct_a_breach() {
    let mut g = stop_mode(0, &["AC 2C 3C 4C 9H", "5C 6S"]);
    act(&mut g, 1, Action::Turn);
    assert_eq!(
        g.legal_actions(1),
        vec![Action::Discard],
        "nothing is automatic in stop mode"
    );
    act(&mut g, 1, Action::Discard);
    act(&mut g, 0, Action::Turn);
    for _ in 0..4 {
        assert_eq!(g.legal_actions(0)[0], Action::Foundation);
        act(&mut g, 0, Action::Foundation);
        act(&mut g, 0, Action::Turn);
    }
    act(&mut g, 0, Action::Discard); // 9H
    assert_eq!(top(&g, 1), Some(card("5C")));
    assert_eq!(g.legal_actions(1), vec![Action::Foundation, Action::Turn]);
    assert_eq!(
        normal(&g, 1),
        (
            Action::Foundation,
            super::heuristic::Why::Game(PisheWhy::Foundation)
        )
    );
    let events = act(&mut g, 1, Action::Turn); // breach: 5C fits ♣
    assert!(events.contains(&Event::Breach { seat: 1 }));
    assert_eq!(g.to_act(), vec![1, 0]);
    assert_eq!(g.legal_actions(0), vec![Action::Stop]);
    assert_eq!(
        g.apply(0, &Action::Turn),
        Err(RuleError::Illegal(Refusal::OnlyStop { turn: 1 }))
    );
    assert_eq!(
        g.apply(1, &Action::Stop),
        Err(RuleError::Illegal(Refusal::OwnBreach))
    );
    act(&mut g, 0, Action::Stop);
    assert_eq!(
        g.apply(0, &Action::Foundation),
        Err(RuleError::Illegal(Refusal::StopCalled))
    );
    assert_eq!(g.to_act(), vec![0]);
    assert_eq!(g.legal_actions(0), vec![Action::Correct, Action::TakeOver]);
    assert_eq!(
        normal(&g, 0),
        (
            Action::TakeOver,
            super::heuristic::Why::Game(PisheWhy::TakeOver)
        )
    );
    act(&mut g, 0, Action::Correct);
    assert_eq!(
        g.stocks[1].front(),
        Some(&card("6S")),
        "the turned card is back on the stock"
    );
    assert_eq!(g.pending, None);
    assert_eq!(g.foundations[Suit::Clubs.index()].last(), Some(&card("5C")));
    assert_eq!(g.to_act(), vec![1], "the offender's turn continues");
    assert_eq!(g.breach, None);
}

#[test]
fn stop_mode_take_over_ends_the_offenders_turn() {
    let mut g = stop_mode(0, &["AC 2C 3C 4C 9H", "5C 6S"]);
    act(&mut g, 1, Action::Turn);
    act(&mut g, 1, Action::Discard);
    act(&mut g, 0, Action::Turn);
    for _ in 0..4 {
        act(&mut g, 0, Action::Foundation);
        act(&mut g, 0, Action::Turn);
    }
    act(&mut g, 0, Action::Discard);
    act(&mut g, 1, Action::Turn); // breach; 6S pending
    act(&mut g, 0, Action::Stop);
    act(&mut g, 0, Action::TakeOver);
    assert_eq!(
        g.discards[1],
        cards("5C 6S"),
        "the pending card went on the offender's pile"
    );
    assert_eq!(g.to_act(), vec![0]);
    assert_eq!(g.breach, None);
}

#[test]
fn stop_mode_breach_closes_when_the_opponent_moves_on() {
    let mut g = stop_mode(0, &["AC 2C 3C 4C 9H 8D", "5C 6S"]);
    act(&mut g, 1, Action::Turn);
    act(&mut g, 1, Action::Discard);
    act(&mut g, 0, Action::Turn);
    for _ in 0..4 {
        act(&mut g, 0, Action::Foundation);
        act(&mut g, 0, Action::Turn);
    }
    act(&mut g, 0, Action::Discard);
    act(&mut g, 1, Action::Turn); // breach
    act(&mut g, 1, Action::Discard); // 6S; the breach is still open on the dealer's turn
    assert_eq!(g.to_act(), vec![0]);
    assert!(g.legal_actions(0).contains(&Action::Stop));
    act(&mut g, 0, Action::Turn); // moving on closes it
    assert_eq!(g.breach, None);
    assert!(!g.legal_actions(0).contains(&Action::Stop));
    // A second breach while one is open does not replace the first.
    let mut g = stop_mode(0, &["AC 2C 3C 4C 9H", "5C 6C 7S"]);
    act(&mut g, 1, Action::Turn);
    act(&mut g, 1, Action::Discard);
    act(&mut g, 0, Action::Turn);
    for _ in 0..4 {
        act(&mut g, 0, Action::Foundation);
        act(&mut g, 0, Action::Turn);
    }
    act(&mut g, 0, Action::Discard);
    let before = g.clone();
    act(&mut g, 1, Action::Turn); // breach 1: 5C on top fits; 6C pending
    act(&mut g, 1, Action::Discard); // 6C on top of 5C
    act(&mut g, 0, Action::Stop);
    act(&mut g, 0, Action::Correct);
    let mut expected = before;
    let mut ev = Vec::new();
    expected.play_to_foundation(&mut crate::Events::to(&mut ev));
    assert_eq!(
        g, expected,
        "Correct returns to just before the first breach, plus the foundation play"
    );
}

#[test]
fn pp11_book_version_captures_on_the_same_suit() {
    let book = Options {
        variant: Variant::Book,
        stop_rule: false,
    };
    let mut g = game(book.clone(), 1, &["9H", "QH"], None);
    assert_eq!(g.to_act(), vec![0, 1]);
    act(&mut g, 0, Action::Flip);
    assert_eq!(g.to_act(), vec![1]);
    let stock_before: Vec<Card> = g.stocks[1].iter().skip(1).copied().collect();
    let events = act(&mut g, 1, Action::Flip);
    assert!(events.contains(&Event::Captured {
        seat: 1,
        from: 0,
        cards: 1
    }));
    assert!(g.discards[0].is_empty());
    assert_eq!(g.discards[1], cards("QH"), "the capturer's own pile stays");
    let mut want = stock_before;
    want.push(card("9H"));
    assert_eq!(
        Vec::from(g.stocks[1].clone()),
        want,
        "the captured pile goes under the stock"
    );
    assert_eq!(g.status().scores, None);

    let mut g = game(book, 1, &["9H", "QS"], None);
    act(&mut g, 0, Action::Flip);
    let events = act(&mut g, 1, Action::Flip);
    assert!(!events.iter().any(|e| matches!(e, Event::Captured { .. })));
    assert_eq!((g.discards[0].len(), g.discards[1].len()), (1, 1));
}

#[test]
fn book_version_ends_by_repetition_or_running_out() {
    let book = Options {
        variant: Variant::Book,
        stop_rule: false,
    };
    for seed in 0..20 {
        let mut g = PishePasha::new(book.clone(), 2, Setup::seeded(seed)).unwrap();
        while !g.is_over() {
            for seat in g.to_act() {
                act(&mut g, seat, Action::Flip);
            }
        }
        let outcome = g.outcome.clone().unwrap();
        let count = |s: Seat| g.stocks[s].len() + g.discards[s].len();
        match outcome.reason {
            EndReason::NoCards => assert_eq!(count(outcome.ranking[1][0]), 0),
            EndReason::Repetition => {
                assert_eq!(Some(g.steps), g.book_end);
                let (a, b) = (count(0), count(1));
                let want = match a.cmp(&b) {
                    std::cmp::Ordering::Greater => vec![vec![0], vec![1]],
                    std::cmp::Ordering::Less => vec![vec![1], vec![0]],
                    std::cmp::Ordering::Equal => vec![vec![0, 1]],
                };
                assert_eq!(outcome.ranking, want);
            }
            other => panic!("unexpected end {other:?}"),
        }
    }
}

#[test]
fn single_foundation_starts_with_an_ace_and_wraps() {
    let single = Options {
        variant: Variant::SingleFoundation,
        stop_rule: false,
    };
    // Only an ace starts the pile.
    let mut g = game(single.clone(), 0, &["", "2C AH"], None);
    act(&mut g, 1, Action::Turn);
    assert!(g.foundations[0].is_empty());
    assert_eq!(g.discards[1], cards("2C"));
    // Then +1 whatever the suit, and K → A → 2.
    let run = "AH 2C 3D 4S 5H 6C 7D 8S 9H 10C JD QS KH AS 2H";
    let mut g = game(single.clone(), 0, &["", &format!("{run} 9C")], None);
    play_turn(&mut g, 1);
    assert_eq!(g.foundations[0], cards(run));
    assert_eq!(g.discards[1], cards("9C"));
    // Giving wraps too: an ace goes on a king.
    let mut g = game(single, 0, &["AS", "AH 2C 3D KH"], None);
    play_turn(&mut g, 1);
    assert_eq!(g.discards[1], cards("KH"));
    act(&mut g, 0, Action::Turn);
    assert_eq!(g.legal_actions(0), vec![Action::Give(1), Action::Discard]);
}

#[test]
fn three_players_give_to_either_opponent_and_score_both() {
    let mut g = game(Options::default(), 2, &["9D", "5S", "8H"], Some("2C"));
    act(&mut g, 0, Action::Turn); // 9D discarded
    act(&mut g, 1, Action::Turn); // 5S discarded
    act(&mut g, 2, Action::Turn); // 8H: fits on seat 0's 9D
    assert_eq!(g.legal_actions(2), vec![Action::Give(0), Action::Discard]);
    act(&mut g, 2, Action::Give(0));
    assert_eq!(top(&g, 0), Some(card("8H")));
    // Scoring: rearrange the piles so that seat 2 holds only 3C, which fits the centre.
    let three = card("3C");
    let moved: Vec<Card> = g.stocks[2].drain(..).filter(|&c| c != three).collect();
    for stock in &mut g.stocks {
        stock.retain(|&c| c != three);
    }
    g.stocks[0].extend(moved);
    g.discards[2] = vec![three];
    let mut events = Vec::new();
    g.settle(&mut crate::Events::to(&mut events));
    assert!(g.is_over());
    let want = (g.remaining(0) + g.remaining(1)) as i64;
    assert_eq!(g.status().scores, Some(vec![0, 0, want]));
    assert_eq!(g.status().ranking, Some(vec![vec![2], vec![0, 1]]));
}

#[test]
fn refused_actions_explain_themselves_and_change_nothing() {
    let mut g = standard(0, &["8S", "9H"]);
    let before = g.clone();
    assert_eq!(
        g.apply(0, &Action::Turn),
        Err(RuleError::NotYourTurn {
            seat: 0,
            to_act: vec![1]
        })
    );
    let refused = |g: &mut PishePasha, seat: Seat, a: Action| match g.apply(seat, &a) {
        Err(RuleError::Illegal(r)) => r,
        other => panic!("{a:?} not refused as illegal: {other:?}"),
    };
    let cases = [
        (
            Action::Discard,
            Refusal::NothingToDiscard,
            "There is no turned card to discard: turn one first.",
        ),
        (
            Action::Foundation,
            Refusal::FoundationAutomatic,
            "Foundation plays are made for you in this game.",
        ),
        (
            Action::Give(1),
            Refusal::GiveToSelf,
            "You cannot give a card to yourself.",
        ),
        (
            Action::Give(7),
            Refusal::NoSuchSeat { seat: 7 },
            "There is no seat 7 at this table.",
        ),
        (
            Action::Stop,
            Refusal::NoStopRule,
            "This table does not play the stop rule.",
        ),
        (
            Action::Flip,
            Refusal::FlipOutsideBook,
            "Flip belongs to the book version of Pishe Pasha.",
        ),
    ];
    for (action, refusal, text) in cases {
        assert_eq!(refused(&mut g, 1, action), refusal);
        assert_eq!(en(&PishePasha::reason(&refusal)), text);
    }
    assert_eq!(g, before);
    // A card that fits nowhere on the opponent's pile, and a turned card still to place.
    act(&mut g, 1, Action::Turn); // 9H discarded
    act(&mut g, 0, Action::Turn); // 8S pending: it fits on 9H
    assert_eq!(refused(&mut g, 0, Action::Turn), Refusal::PlaceTurnedCard);
    // Arranged: seat 1's discard top becomes 10H, which 8S does not fit.
    g.discards[1] = cards("10H");
    let refusal = refused(&mut g, 0, Action::Give(1));
    assert_eq!(
        refusal,
        Refusal::DoesNotFit {
            card: card("8S"),
            seat: 1,
            top: card("10H"),
        }
    );
    assert_eq!(
        en(&PishePasha::reason(&refusal)),
        "8♠ does not fit on seat 1's discard pile: it must be one rank above or below 10♥."
    );
    assert_eq!(
        en(&PishePasha::reason(&Refusal::OnlyStop { turn: 0 })),
        "It is seat 0's turn; you may only call Stop."
    );
}

#[test]
fn describe_labels_and_events_read_well() {
    let names: Vec<String> = vec!["Ann".into(), "Bob".into()];
    let mut g = standard(0, &["8S", "9H"]);
    act(&mut g, 1, Action::Turn); // 9H discarded
    let events = act(&mut g, 0, Action::Turn); // 8S pending
    assert_eq!(
        events
            .iter()
            .map(|e| en(&PishePasha::event(e)))
            .collect::<Vec<_>>(),
        vec!["Seat 1 turns 8♠."]
    );
    let view = g.view(Observer::Public);
    let text = en_lines(&PishePasha::describe(&view), &names);
    for line in [
        "Turn: Ann",
        "Ann — stock 25 · discard pile empty",
        "Bob — stock 25 · discard pile 1 card: 9♥ (top 9♥)",
        "Foundations: ♠ — · ♥ — · ♦ — · ♣ —",
        "Turned card: 8♠",
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "{line:?} missing in\n{text}"
        );
    }
    let labels: Vec<String> = g
        .legal_actions(0)
        .iter()
        .map(|a| pakka_catalog::en_named(&PishePasha::label(&view, a), &names))
        .collect();
    assert_eq!(labels, vec!["Give 8♠ to Bob", "Discard 8♠"]);
    act(&mut g, 0, Action::Discard);
    let pile: Vec<Card> = cards("2C 3C 4C 5C 6C 7C 8C 9C");
    g.discards[1] = pile;
    let text = en_lines(&PishePasha::describe(&g.view(Observer::Public)), &names);
    assert!(
        text.contains("Bob — stock 25 · discard pile 8 cards: … 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ (top 9♣)"),
        "{text}"
    );
    let over = Event::GameOver {
        reason: EndReason::WentOut,
        winner: Some(1),
        points: Some(1),
    };
    assert_eq!(
        en(&PishePasha::event(&over)),
        "Game over: Seat 2 emptied their stock and discard pile first and wins, scoring 1 \
         point: one for each card the others still hold in their stock and discard pile."
    );
}

#[test]
fn determinization_only_moves_stock_cards() {
    let mut g = standard(0, &["8S", "9H"]);
    act(&mut g, 1, Action::Turn);
    act(&mut g, 0, Action::Turn);
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let d = g.determinize(0, &mut rng);
    assert_eq!(d.view(Observer::Seat(0)), g.view(Observer::Seat(0)));
    assert_ne!(d.stocks, g.stocks);
    assert_eq!(d.pending, Some(card("8S")));
}

#[test]
fn determinization_keeps_a_renewed_stock_as_everyone_saw_it() {
    let mut g = seat_1_stock_spent();
    act(&mut g, 1, Action::Turn);
    // Seat 1's stock is its old discard pile (7C JD left); seat 0's is still as dealt.
    assert_eq!(Vec::from(g.stocks[1].clone()), cards("7C JD"));
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut moved = false;
    for seat in [0, 1] {
        for _ in 0..20 {
            let d = g.determinize(seat, &mut rng);
            assert_eq!(d.view(Observer::Seat(seat)), g.view(Observer::Seat(seat)));
            assert_eq!(d.stocks[1], g.stocks[1]);
            let mut dealt: Vec<Card> = d.stocks[0].iter().copied().collect();
            let mut truth: Vec<Card> = g.stocks[0].iter().copied().collect();
            moved |= dealt != truth;
            dealt.sort_unstable();
            truth.sort_unstable();
            assert_eq!(dealt, truth);
        }
    }
    assert!(moved, "the stock as dealt is redealt");
}

#[test]
fn the_picture_shows_the_foundations_stocks_discard_piles_and_the_turned_card() {
    use crate::picture::Face;
    use crate::Presentation;
    let mut g = standard(0, &["8S 5S 4S", "9H KH QH AS 2S 3S 9D"]);
    act(&mut g, 1, Action::Turn); // 9H discarded
    act(&mut g, 0, Action::Turn); // 8S may go on 9H
    for observer in [Observer::Seat(0), Observer::Seat(1), Observer::Public] {
        let scene = Presentation::picture(&g, observer);
        assert!(scene.hand.is_none(), "nobody holds a hand");
        assert!(scene.seats.iter().all(|p| p.hand.is_none()));
        let turned = &scene.seats[0].piles[2];
        assert_eq!(en(turned.label.as_ref().unwrap()), "Turned card");
        assert_eq!(turned.cards, vec![Face::Up(card("8S"))]);
        assert_eq!(scene.seats[1].piles.len(), 2);
        assert!(scene.seats[0].to_act && !scene.seats[1].to_act);
    }
    act(&mut g, 0, Action::Discard);
    play_turn(&mut g, 1); // KH
    play_turn(&mut g, 0); // 5S
    play_turn(&mut g, 1); // QH
    play_turn(&mut g, 0); // 4S
    play_turn(&mut g, 1); // AS 2S 3S up, then 4S and 5S from seat 0's pile; 9D discarded
    let scene = Presentation::picture(&g, Observer::Public);
    assert_eq!(en(&scene.notes[0]), "Turn: Seat 1");
    // Four foundations, one per suit: ♠ holds five cards up to 5♠.
    assert_eq!(scene.middle.len(), 4);
    let spades = &scene.middle[Suit::Spades.index()];
    assert_eq!(en(spades.label.as_ref().unwrap()), "♠");
    assert_eq!(spades.cards, vec![Face::Up(card("5S"))]);
    assert_eq!(spades.len(), 5);
    assert!(scene.middle[Suit::Hearts.index()].is_empty());
    // Each seat's stock face down with its count and its discard pile face up.
    for s in 0..2 {
        let stock = &scene.seats[s].piles[0];
        assert_eq!(en(stock.label.as_ref().unwrap()), "Stock");
        assert_eq!(stock.len(), g.stocks[s].len());
        let pile = &scene.seats[s].piles[1];
        let faces: Vec<Face> = g.discards[s].iter().map(|&c| Face::Up(c)).collect();
        assert_eq!(pile.cards, faces);
    }
    assert_eq!(
        scene.seats[1].piles[1].cards.last(),
        Some(&Face::Up(card("9D")))
    );
    assert_eq!(
        scene.seats[0].piles[1].cards,
        vec![Face::Up(card("8S"))],
        "5♠ and 4♠ went up"
    );
}

#[test]
fn the_picture_names_a_breach_and_a_stop() {
    use crate::Presentation;
    let mut g = stop_mode(0, &["AC 2C 3C 4C 9H", "5C 6S"]);
    act(&mut g, 1, Action::Turn);
    act(&mut g, 1, Action::Discard);
    act(&mut g, 0, Action::Turn);
    for _ in 0..4 {
        act(&mut g, 0, Action::Foundation);
        act(&mut g, 0, Action::Turn);
    }
    act(&mut g, 0, Action::Discard); // 9H
    act(&mut g, 1, Action::Turn); // breach: 5C fits ♣
    let scene = Presentation::picture(&g, Observer::Public);
    assert_eq!(en(&scene.seats[1].lines[0]), "Broke a rule");
    assert!(
        scene.seats[0].to_act && scene.seats[1].to_act,
        "seat 0 may call Stop"
    );
    act(&mut g, 0, Action::Stop);
    let scene = Presentation::picture(&g, Observer::Public);
    assert_eq!(en(&scene.seats[0].lines[0]), "Called Stop");
    assert!(scene.seats[0].to_act && !scene.seats[1].to_act);
}

// ---- playouts: the in-place methods and the rule of thumb -----------------------------------

/// The rule of thumb answers the first legal action of the most preferred kind (what the
/// `normal` player played from the view before it read the state).
#[test]
fn the_rule_of_thumb_plays_the_first_action_of_the_most_preferred_kind() {
    let games = crate::testing::Games {
        seeds: 6,
        actions: 600,
        deals: u32::MAX,
    };
    let compared = crate::testing::rule_of_thumb_matches::<PishePasha>(games, |_, _, legal| {
        let best = legal.iter().map(heuristic::preference).min().unwrap();
        legal
            .iter()
            .position(|a| heuristic::preference(a) == best)
            .unwrap()
    });
    assert!(compared > 1_000);
}

/// Every way the game ends as the channel reads it, in English and Finnish: going out with the
/// points, and the book version's endings (no cards, a repetition, the step limit, a draw).
#[test]
fn game_results_read_as_sentences() {
    let names: Vec<String> = ["@alice", "Computer 2 (normal)", "Computer 3 (normal)"]
        .map(String::from)
        .to_vec();
    let over = |reason, winner, points| Event::GameOver {
        reason,
        winner,
        points,
    };
    let events = [
        over(EndReason::WentOut, Some(1), Some(17)),
        over(EndReason::WentOut, Some(0), Some(1)),
        over(EndReason::NoCards, Some(0), None),
        over(EndReason::Repetition, Some(1), None),
        over(EndReason::Repetition, None, None),
        over(EndReason::StepCap, Some(0), None),
        over(EndReason::StepCap, None, None),
    ];
    let messages: Vec<_> = events.iter().map(PishePasha::event).collect();
    let words = |lang: &str| crate::testing::worded_results(&messages, &names, lang);
    insta::assert_snapshot!("pishe_pasha_results_en", words("en-US"));
    insta::assert_snapshot!("pishe_pasha_results_fi", words("fi"));
}
