//! The standings: each entrant's points and tie-breaks in the format's order (Buchholz,
//! Sonneborn–Berger, round reached, seed), and the ranks, equal keys sharing one.

use std::collections::BTreeSet;

use crate::knockout::{progress, Bracket, Reach};
use crate::ledger::Ledger;
use crate::{Entrant, Event, Format, Halves, Quarters, RoundRecord, Standing, Tiebreak};

/// The standings after `history` (unplayed tables count for nothing yet) of everyone in
/// `entrants` (everyone who ever signed up, in sign-up order), best first; equal ranks in
/// sign-up order.
pub fn standings(event: &Event, entrants: &[Entrant], history: &[RoundRecord]) -> Vec<Standing> {
    let ledger = Ledger::new(event, history);
    let mut seen = BTreeSet::new();
    let entrants: Vec<&Entrant> = entrants.iter().filter(|e| seen.insert(e.id)).collect();
    let knockout = (event.format == Format::Knockout).then(|| {
        let bracket = history
            .first()
            .and_then(|first| Bracket::from_plan(&first.plan, event.seats))
            .unwrap_or_else(|| {
                let all: Vec<Entrant> = entrants.iter().map(|e| (*e).clone()).collect();
                Bracket::seeded(&all, event.seats)
            });
        let reach = progress(&bracket, history);
        (bracket, reach)
    });
    let mut unseeded = 0u32;
    let mut rows: Vec<(Vec<i64>, Standing)> = entrants
        .iter()
        .map(|e| {
            let record = ledger.record(e.id);
            let opponents = || record.games.iter().flatten();
            let buchholz: Halves = opponents().map(|&(o, _)| ledger.points(o)).sum();
            let sonneborn = Quarters(
                opponents()
                    .map(|&(o, h)| u64::from(h) * u64::from(ledger.points(o).0))
                    .sum(),
            );
            let points = record.points;
            let mut out = false;
            let (tiebreaks, key) = match (&knockout, event.format) {
                (Some((bracket, reach)), _) => {
                    let seed = match bracket.seeds.get(&e.id) {
                        Some(&s) => s,
                        None => {
                            unseeded += 1;
                            bracket.seeds.len() as u32 + unseeded
                        }
                    };
                    let r = reach.get(&e.id).copied().unwrap_or(Reach {
                        round: 0,
                        out: true,
                    });
                    out = r.out;
                    (
                        vec![Tiebreak::RoundReached(r.round), Tiebreak::Seed(seed)],
                        vec![i64::from(r.round), -i64::from(seed)],
                    )
                }
                (None, Format::RoundRobin) => (
                    vec![Tiebreak::SonnebornBerger(sonneborn)],
                    vec![i64::from(points.0), sonneborn.0 as i64],
                ),
                (None, Format::Duplicate) => (
                    vec![Tiebreak::Buchholz(buchholz)],
                    vec![i64::from(points.0), i64::from(buchholz.0)],
                ),
                (None, _) => (
                    vec![
                        Tiebreak::Buchholz(buchholz),
                        Tiebreak::SonnebornBerger(sonneborn),
                    ],
                    vec![
                        i64::from(points.0),
                        i64::from(buchholz.0),
                        sonneborn.0 as i64,
                    ],
                ),
            };
            (
                key,
                Standing {
                    id: e.id,
                    rank: 0,
                    points,
                    tiebreaks,
                    played: record.played,
                    byes: record.byes,
                    walkovers: record.walkovers,
                    out,
                    absences: record.absences,
                },
            )
        })
        .collect();
    // Stable: equal keys stay in sign-up order.
    rows.sort_by(|a, b| b.0.cmp(&a.0));
    let mut out: Vec<Standing> = Vec::with_capacity(rows.len());
    for i in 0..rows.len() {
        let rank = if i > 0 && rows[i].0 == rows[i - 1].0 {
            out[i - 1].rank
        } else {
            i + 1
        };
        let mut standing = rows[i].1.clone();
        standing.rank = rank;
        out.push(standing);
    }
    out
}

#[cfg(test)]
mod tests {
    //! Standings checked by hand: an eight-player Swiss event over three rounds, a two-table
    //! duplicate round, and equal keys sharing a rank.

    use super::*;
    use crate::{pair, Occupant, PlayerId, RoundPlan, TablePlan, TableResult, Why};

    fn row(table: &[Standing], id: PlayerId) -> &Standing {
        table.iter().find(|s| s.id == id).expect("listed")
    }

    fn two(a: PlayerId, b: PlayerId) -> TablePlan {
        TablePlan {
            seats: vec![Occupant::Player(a), Occupant::Player(b)],
            why: Why::Schedule {
                new_pairs: 1,
                pairs: 1,
            },
        }
    }

    fn seat0_wins() -> Option<TableResult> {
        Some(TableResult {
            ranking: vec![vec![0], vec![1]],
            ..TableResult::default()
        })
    }

    fn draw() -> Option<TableResult> {
        Some(TableResult {
            ranking: vec![vec![0, 1]],
            ..TableResult::default()
        })
    }

    /// Eight players (ids 1..=8, rated in that order), two seats, three rounds with fixed
    /// results: the pairings and standings checked by hand.
    #[test]
    fn eight_player_swiss_over_three_rounds() {
        let event = Event::of(Format::Swiss, 2, 3, 42);
        assert_eq!(crate::default_rounds(Format::Swiss, 8, 2), 3);
        let entrants: Vec<Entrant> = (1..=8)
            .map(|id| Entrant {
                id,
                rating: 100.0 - id as f64,
            })
            .collect();
        let players = |plan: &RoundPlan| -> Vec<Vec<PlayerId>> {
            plan.tables.iter().map(|t| t.players().collect()).collect()
        };

        // Round 1: 1 v 5, 2 v 6, 3 v 7, 4 v 8; the better rating in seat 0.
        let r1 = pair(&event, 1, &entrants, &[]).unwrap();
        assert_eq!(
            players(&r1),
            vec![vec![1, 5], vec![2, 6], vec![3, 7], vec![4, 8]]
        );
        assert_eq!(
            r1.tables[0].why,
            Why::FirstRound {
                slices: 2,
                places: vec![1, 5]
            }
        );
        // 1, 2 and 3 win; 4 v 8 is drawn.
        let h1 = vec![RoundRecord {
            results: vec![seat0_wins(), seat0_wins(), seat0_wins(), draw()],
            plan: r1,
        }];

        // Round 2 order: 1, 2, 3 (1 point), 4, 8 (½), 5, 6, 7 (0): 1 v 2, 3 v 4, 8 v 5, 6 v 7.
        // Seats: 1 and 2 both held seat 0, so the better standing keeps it (3 and 4 alike); 8
        // and 5 both held seat 1, so 8, the better, takes seat 0.
        let r2 = pair(&event, 2, &entrants, &h1).unwrap();
        assert_eq!(
            players(&r2),
            vec![vec![1, 2], vec![3, 4], vec![8, 5], vec![6, 7]]
        );
        assert_eq!(
            r2.tables[1].why,
            Why::ScoreGroup {
                top: Halves(2),
                bottom: Halves(1),
                repeats: vec![]
            }
        );
        // Seat 0 wins everywhere: 1, 3, 8, 6.
        let mut h2 = h1.clone();
        h2.push(RoundRecord {
            results: vec![seat0_wins(); 4],
            plan: r2,
        });

        // Points (halves): 1: 4, 3: 4, 8: 3, 2: 2, 6: 2, 4: 1, 5: 0, 7: 0. Top down without a
        // repeat: 1 v 3, 8 v 2, 6 v 4, 5 v 7. Seats: 1 and 3 held seat 0 twice (the better
        // keeps it); 8, 2, 6 and 4 once each; 5 and 7 never (the better takes it).
        let r3 = pair(&event, 3, &entrants, &h2).unwrap();
        assert_eq!(
            players(&r3),
            vec![vec![1, 3], vec![8, 2], vec![6, 4], vec![5, 7]]
        );
        assert_eq!(
            r3.tables[0].why,
            Why::ScoreGroup {
                top: Halves(4),
                bottom: Halves(4),
                repeats: vec![]
            }
        );
        // 1 v 3 drawn, 2 beats 8, 6 beats 4, 7 beats 5.
        let seat1_wins = Some(TableResult {
            ranking: vec![vec![1], vec![0]],
            ..TableResult::default()
        });
        let mut h3 = h2.clone();
        h3.push(RoundRecord {
            results: vec![draw(), seat1_wins.clone(), seat0_wins(), seat1_wins],
            plan: r3,
        });
        // Points: 1: 2½, 3: 2½, 2: 2, 6: 2, 8: 1½, 7: 1, 4: ½, 5: 0. Buchholz breaks the ties:
        // 1 met 5, 2, 3 (0 + 4 + 5 = 9 halves), 3 met 7, 4, 1 (2 + 1 + 5 = 8); 2 met 6, 1, 8
        // (4 + 5 + 3 = 12), 6 met 2, 7, 4 (4 + 2 + 1 = 7).
        let table = standings(&event, &entrants, &h3);
        let points: Vec<(PlayerId, u32, usize)> =
            table.iter().map(|s| (s.id, s.points.0, s.rank)).collect();
        assert_eq!(
            points,
            vec![
                (1, 5, 1),
                (3, 5, 2),
                (2, 4, 3),
                (6, 4, 4),
                (8, 3, 5),
                (7, 2, 6),
                (4, 1, 7),
                (5, 0, 8)
            ]
        );
        assert_eq!(
            row(&table, 1).tiebreaks,
            vec![
                Tiebreak::Buchholz(Halves(9)),
                // Beat 5 (0) and 2 (4 halves), drew 3 (5): 2 × 0 + 2 × 4 + 1 × 5 = 13 quarters.
                Tiebreak::SonnebornBerger(Quarters(13))
            ]
        );
        assert_eq!(row(&table, 4).played, 3);
    }

    /// Duplicate, eight players at two 4-seat tables, one round scored by hand.
    #[test]
    fn a_two_table_duplicate_round() {
        let event = Event::of(Format::Duplicate, 4, 2, 11);
        let entrants: Vec<Entrant> = (1..=8)
            .map(|id| Entrant {
                id,
                rating: 100.0 - id as f64,
            })
            .collect();
        let r1 = pair(&event, 1, &entrants, &[]).unwrap();
        let players: Vec<Vec<PlayerId>> = r1.tables.iter().map(|t| t.players().collect()).collect();
        assert_eq!(players, vec![vec![1, 3, 5, 7], vec![2, 4, 6, 8]]);
        assert!(r1.deal_seed.is_some());
        assert_eq!(
            pair(&event, 1, &entrants, &[]).unwrap().deal_seed,
            r1.deal_seed
        );
        let scored = |scores: Vec<i64>| {
            Some(TableResult {
                ranking: vec![vec![1], vec![0], vec![2], vec![3]],
                scores: Some(scores),
                ..TableResult::default()
            })
        };
        // Seat by seat: 10 = 10 (½ each to 1 and 2), 20 > 15 (1 to player 3), 5 < 8 (1 to
        // player 6), 0 = 0 (½ each to 7 and 8).
        let history = vec![RoundRecord {
            results: vec![scored(vec![10, 20, 5, 0]), scored(vec![10, 15, 8, 0])],
            plan: r1,
        }];
        let table = standings(&event, &entrants, &history);
        let rows: Vec<(PlayerId, u32, usize)> =
            table.iter().map(|s| (s.id, s.points.0, s.rank)).collect();
        // Buchholz (tablemates' match points): 3: 1 + 0 + 1 = 2 halves, 6: 1 + 0 + 1 = 2;
        // 1, 2, 7 and 8: 3 each; 4 and 5: 4 each.
        assert_eq!(
            rows,
            vec![
                (3, 2, 1),
                (6, 2, 1),
                (1, 1, 3),
                (2, 1, 3),
                (7, 1, 3),
                (8, 1, 3),
                (4, 0, 7),
                (5, 0, 7)
            ]
        );
        assert_eq!(
            row(&table, 3).tiebreaks,
            vec![Tiebreak::Buchholz(Halves(2))]
        );
        assert_eq!(
            row(&table, 5).tiebreaks,
            vec![Tiebreak::Buchholz(Halves(4))]
        );

        // Round 2: every 4-seat table mixes two players of each round-1 table, so two repeats
        // each are unavoidable; every player moves to a seat they have not held.
        let r2 = pair(&event, 2, &entrants, &history).unwrap();
        assert_ne!(r2.deal_seed, history[0].plan.deal_seed);
        for t in &r2.tables {
            let Why::ScoreGroup { repeats, .. } = &t.why else {
                panic!("{:?}", t.why)
            };
            assert_eq!(repeats.len(), 2);
            for (s, o) in t.seats.iter().enumerate() {
                assert_ne!(
                    history[0]
                        .plan
                        .tables
                        .iter()
                        .find_map(|t| t.seats.iter().position(|x| x == o)),
                    Some(s)
                );
            }
        }
    }

    #[test]
    fn equal_keys_share_a_rank() {
        let event = Event::of(Format::RoundRobin, 2, 1, 0);
        let entrants: Vec<Entrant> = (1..=2).map(|id| Entrant { id, rating: 0.0 }).collect();
        let history = vec![RoundRecord {
            plan: RoundPlan {
                round: 1,
                tables: vec![two(1, 2)],
                byes: vec![],
                deal_seed: None,
                walkovers: vec![],
            },
            results: vec![draw()],
        }];
        let table = standings(&event, &entrants, &history);
        assert_eq!(table[0].rank, 1);
        assert_eq!(table[1].rank, 1);
    }
}
