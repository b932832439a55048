//! Round robin: with two seats the circle (Berger) method over the round-1 players numbered by
//! a seeded draw; with more, each round the seeded partition that brings the most pairs
//! together for the first time. Players who left are dropped from the schedule (their
//! scheduled opponent wins by walkover); players who were not in round 1 are refused.

use std::collections::BTreeSet;

use rand::seq::SliceRandom;

use crate::ledger::Ledger;
use crate::seating::{seat, table_sizes, Rotation, Sitter};
use crate::swiss::{arrange, Bits};
use crate::{
    rng, Draw, Entrant, PairError, PlayerId, RoundPlan, RoundRecord, Stream, TablePlan, Why,
};

/// The round-1 players of the event: `active` for round 1, else round 1's plan.
fn participants(active: &[Entrant], history: &[RoundRecord]) -> Vec<PlayerId> {
    match history.first() {
        None => active.iter().map(|e| e.id).collect(),
        Some(first) => {
            let all: BTreeSet<PlayerId> = first.plan.players().collect();
            all.into_iter().collect()
        }
    }
}

/// The circle method's round `index` (from 0) for `n` numbers (`n` even): pairs of numbers.
pub(crate) fn circle(n: usize, index: usize) -> Vec<(usize, usize)> {
    let m = n - 1;
    let i = index % m;
    let mut pairs = vec![(i, m)];
    for j in 1..n / 2 {
        pairs.push(((i + j) % m, (i + m - j) % m));
    }
    pairs
}

pub(crate) fn pair(draw: &Draw) -> Result<RoundPlan, PairError> {
    let (event, round, active, history) = (draw.event, draw.round, draw.active, draw.history);
    let mut numbered = participants(active, history);
    numbered.sort_unstable();
    let known: BTreeSet<PlayerId> = numbered.iter().copied().collect();
    if let Some(e) = active.iter().find(|e| !known.contains(&e.id)) {
        return Err(PairError::NotInEvent { id: e.id });
    }
    let still: BTreeSet<PlayerId> = active.iter().map(|e| e.id).collect();
    let ledger = Ledger::new(event, history);
    let k = event.seats;
    let mut plan = RoundPlan {
        round,
        ..RoundPlan::default()
    };
    let table = |players: &[PlayerId]| -> TablePlan {
        let records: Vec<_> = players.iter().map(|&p| ledger.record(p)).collect();
        let sitters: Vec<Sitter<'_>> = players
            .iter()
            .zip(&records)
            .map(|(&id, r)| Sitter {
                id,
                counts: &r.seat_counts,
                last: r.last_seat,
            })
            .collect();
        let mut pairs = 0;
        let mut new_pairs = 0;
        for (i, &a) in players.iter().enumerate() {
            for &b in &players[i + 1..] {
                pairs += 1;
                new_pairs += u32::from(!ledger.met(a, b));
            }
        }
        TablePlan {
            seats: seat(&sitters, k, Rotation::Least),
            why: Why::Schedule { new_pairs, pairs },
        }
    };
    if k == 2 {
        numbered.shuffle(&mut rng(event.seed, Stream::Draw, 0));
        let n = numbered.len() + numbered.len() % 2;
        let at = |i: usize| numbered.get(i).copied();
        for (a, b) in circle(n, round as usize - 1) {
            match (at(a), at(b)) {
                (Some(a), Some(b)) => match (still.contains(&a), still.contains(&b)) {
                    (true, true) => plan.tables.push(table(&[a, b])),
                    (true, false) => plan.walkovers.push(a),
                    (false, true) => plan.walkovers.push(b),
                    (false, false) => {}
                },
                (Some(p), None) | (None, Some(p)) if still.contains(&p) => plan.byes.push(p),
                _ => {}
            }
        }
    } else {
        let mut players: Vec<PlayerId> = active.iter().map(|e| e.id).collect();
        let mut rng = rng(event.seed, Stream::Schedule, round);
        players.shuffle(&mut rng);
        let met = Bits::of(&players, &ledger);
        for members in arrange(&met, &table_sizes(players.len(), k), &mut rng) {
            let mut at_table: Vec<PlayerId> = members.iter().map(|&i| players[i]).collect();
            // The schedule's order is the draw's; seats still rotate by the seats held.
            at_table.sort_by_key(|p| players.iter().position(|q| q == p));
            plan.tables.push(table(&at_table));
        }
    }
    Ok(plan)
}

#[cfg(test)]
mod tests {
    //! Round robin: the circle meets everyone once; five players play five rounds with one rest
    //! each; a player who left hands the opponent a walkover.

    use super::*;
    use crate::{standings, Event, Format, Halves, Occupant, TableResult, Tiebreak};

    #[test]
    fn the_circle_meets_everyone_once() {
        for n in [2, 4, 6, 8] {
            let mut met = BTreeSet::new();
            for r in 0..n - 1 {
                let mut seen = BTreeSet::new();
                for (a, b) in circle(n, r) {
                    assert!(seen.insert(a) && seen.insert(b));
                    assert!(met.insert((a.min(b), a.max(b))));
                }
            }
            assert_eq!(met.len(), n * (n - 1) / 2);
        }
    }

    fn five() -> Vec<Entrant> {
        (1..=5).map(|id| Entrant { id, rating: 0.0 }).collect()
    }

    /// The lower id wins every game.
    fn lower_wins(plan: &RoundPlan) -> Vec<Option<TableResult>> {
        plan.tables
            .iter()
            .map(|t| {
                let ids: Vec<PlayerId> = t.players().collect();
                let winner = if ids[0] < ids[1] { 0 } else { 1 };
                let s = |i: usize| {
                    t.seats
                        .iter()
                        .position(|o| *o == Occupant::Player(ids[i]))
                        .unwrap()
                };
                Some(TableResult {
                    ranking: vec![vec![s(winner)], vec![s(1 - winner)]],
                    ..TableResult::default()
                })
            })
            .collect()
    }

    #[test]
    fn five_players_play_five_rounds_with_one_rest_each() {
        let event = Event::of(
            Format::RoundRobin,
            2,
            crate::default_rounds(Format::RoundRobin, 5, 2),
            3,
        );
        assert_eq!(event.rounds, 5);
        let mut history: Vec<RoundRecord> = Vec::new();
        let mut met = BTreeSet::new();
        let mut rested = BTreeSet::new();
        for round in 1..=5 {
            let plan = crate::pair(&event, round, &five(), &history).unwrap();
            assert_eq!(plan.tables.len(), 2);
            assert_eq!(plan.byes.len(), 1);
            assert!(rested.insert(plan.byes[0]));
            for t in &plan.tables {
                let ids: Vec<PlayerId> = t.players().collect();
                assert!(met.insert((ids[0].min(ids[1]), ids[0].max(ids[1]))));
                assert_eq!(
                    t.why,
                    Why::Schedule {
                        new_pairs: 1,
                        pairs: 1
                    }
                );
            }
            let results = lower_wins(&plan);
            history.push(RoundRecord { plan, results });
        }
        assert_eq!(met.len(), 10);
        assert_eq!(rested.len(), 5);
        // Player i beat the 5 − i players above... below it: 4, 3, 2, 1, 0 wins; a rest is 0.
        let table = standings(&event, &five(), &history);
        let points: Vec<(PlayerId, Halves, usize)> =
            table.iter().map(|s| (s.id, s.points, s.rank)).collect();
        assert_eq!(
            points,
            vec![
                (1, Halves(8), 1),
                (2, Halves(6), 2),
                (3, Halves(4), 3),
                (4, Halves(2), 4),
                (5, Halves(0), 5)
            ]
        );
        // Sonneborn–Berger of player 2: beat 3, 4, 5 (2 + 1 + 0 points) = 3 points = 12 quarters.
        assert_eq!(
            table[1].tiebreaks,
            vec![Tiebreak::SonnebornBerger(crate::Quarters(12))]
        );
        assert!(table.iter().all(|s| s.byes == 1 && s.played == 4));
        // Seats rotate: of four games, every player held seat 0 one to three times.
        let mut seat0 = std::collections::BTreeMap::new();
        for r in &history {
            for t in &r.plan.tables {
                *seat0.entry(t.seats[0].player()).or_insert(0) += 1;
            }
        }
        assert!(seat0.values().all(|&c| (1..=3).contains(&c)), "{seat0:?}");
    }

    #[test]
    fn a_player_who_left_hands_the_opponent_a_walkover() {
        let event = Event::of(Format::RoundRobin, 2, 3, 9);
        let four: Vec<Entrant> = (1..=4).map(|id| Entrant { id, rating: 0.0 }).collect();
        let plan = crate::pair(&event, 1, &four, &[]).unwrap();
        let results = lower_wins(&plan);
        let history = vec![RoundRecord { plan, results }];
        let plan = crate::pair(&event, 2, &four[..3], &history).unwrap();
        assert_eq!(plan.tables.len(), 1);
        assert_eq!(plan.walkovers.len(), 1);
        let late = [four.clone(), vec![Entrant { id: 9, rating: 0.0 }]].concat();
        assert_eq!(
            crate::pair(&event, 2, &late, &history),
            Err(PairError::NotInEvent { id: 9 })
        );
    }
}
