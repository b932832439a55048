//! Property tests (proptest) over the registry: arbitrary seeds and arbitrary choice sequences,
//! interleaved with arbitrary (mostly illegal) actions, never break a game's invariants; card
//! notation never panics and round-trips.

use proptest::prelude::*;

use pakka_cards::Card;
use pakka_conformance::{all_cards, check_state};
use pakka_rules::registry::GAMES;
use pakka_rules::Setup;

fn tables() -> Vec<(usize, serde_json::Value, usize)> {
    GAMES
        .iter()
        .enumerate()
        .flat_map(|(i, g)| g.configurations().into_iter().map(move |(o, n)| (i, o, n)))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_play_keeps_every_invariant(
        table in any::<prop::sample::Index>(),
        seed in any::<u64>(),
        choices in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>(), any::<prop::sample::Index>(), 0usize..8), 1..300),
    ) {
        let tables = tables();
        let (g, options, seats) = &tables[table.index(tables.len())];
        let info = &GAMES[*g];
        let mut game = info.create(options.clone(), *seats, Setup::seeded(seed)).unwrap();
        let deck = all_cards(game.as_ref()).unwrap();
        let space = game.action_space_json();
        for (pick_seat, pick_action, pick_wild, wild_seat) in choices {
            // An arbitrary action by an arbitrary seat: applied only if listed, else refused
            // without a trace.
            let wild = &space[pick_wild.index(space.len())];
            let wild_seat = wild_seat % *seats;
            let listed = game.legal_json(wild_seat).contains(&game.normalize_json(wild_seat, wild));
            let before = game.state_json();
            let result = game.act_json(wild_seat, wild);
            prop_assert_eq!(result.is_ok(), listed, "{} by {}", wild, wild_seat);
            if !listed {
                prop_assert_eq!(game.state_json(), before);
            }
            check_state(game.as_ref(), deck).map_err(TestCaseError::fail)?;
            let to_act = game.to_act();
            if to_act.is_empty() {
                break;
            }
            let seat = to_act[pick_seat.index(to_act.len())];
            let legal = game.legal_json(seat);
            let action = &legal[pick_action.index(legal.len())];
            prop_assert!(game.act_json(seat, action).is_ok());
            check_state(game.as_ref(), deck).map_err(TestCaseError::fail)?;
        }
    }

    #[test]
    fn card_notation_never_panics_and_round_trips(text in "\\PC{0,6}") {
        if let Ok(card) = text.parse::<Card>() {
            prop_assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        }
    }

    #[test]
    fn canonical_notation_parses_in_any_case(i in 0usize..Card::COUNT) {
        let card = Card::from_index(i).unwrap();
        prop_assert_eq!(card.to_string().to_lowercase().parse::<Card>(), Ok(card));
    }
}
