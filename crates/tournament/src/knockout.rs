//! Knockout: the seeded bracket (the generalised standard seeding), who advances from a table,
//! and how far each player got. The bracket is fixed by round 1: its plan carries the seeds
//! ([`Why::Bracket`]), so later rounds and the standings read it back from the history.

use std::collections::{BTreeMap, BTreeSet};

use crate::ledger::Ledger;
use crate::seating::{seat, Rotation, Sitter};
use crate::{
    ceil_log, Draw, Entrant, Occupant, PairError, PlayerId, RoundPlan, RoundRecord, TablePlan,
    TableResult, Why,
};

/// Bracket positions for `seats`-player tables `depth` rounds deep: `out[position]` is the
/// seed there (from 1). Start with `[1]`; with `m` entries, each entry `s` becomes `[s,
/// 2m+1−s, 2m+s, 4m+1−s, 4m+s, …]` (`seats` entries).
pub(crate) fn positions(seats: usize, depth: u32) -> Vec<u32> {
    let mut level = vec![1u32];
    for _ in 0..depth {
        let m = level.len() as u32;
        level = level
            .iter()
            .flat_map(|&s| {
                (0..seats as u32).map(move |j| match j {
                    0 => s,
                    j if j % 2 == 1 => (j + 1) * m + 1 - s,
                    j => j * m + s,
                })
            })
            .collect();
    }
    level
}

/// The bracket of an event: each player's seed and position.
pub(crate) struct Bracket {
    pub seeds: BTreeMap<PlayerId, u32>,
    pub depth: u32,
    /// `position[seed − 1]`: where each seed starts.
    position: Vec<usize>,
}

impl Bracket {
    /// The bracket of `players` listed best seed first.
    pub fn new(players: &[PlayerId], seats: usize) -> Bracket {
        let depth = ceil_log(seats, players.len());
        let mut position = vec![0; seats.pow(depth)];
        for (pos, seed) in positions(seats, depth).into_iter().enumerate() {
            position[seed as usize - 1] = pos;
        }
        Bracket {
            seeds: players
                .iter()
                .enumerate()
                .map(|(i, &p)| (p, i as u32 + 1))
                .collect(),
            depth,
            position,
        }
    }

    /// Entrants seeded: rating at sign-up (desc), then sign-up order.
    pub fn seeded(entrants: &[Entrant], seats: usize) -> Bracket {
        let mut order: Vec<usize> = (0..entrants.len()).collect();
        order.sort_by(|&a, &b| {
            entrants[b]
                .rating
                .total_cmp(&entrants[a].rating)
                .then(a.cmp(&b))
        });
        let players: Vec<PlayerId> = order.iter().map(|&i| entrants[i].id).collect();
        Bracket::new(&players, seats)
    }

    /// The bracket round 1's plan was paired from: its tables' seeds, and the byes, listed in
    /// seed order, take the seeds no table has.
    pub fn from_plan(plan: &RoundPlan, seats: usize) -> Option<Bracket> {
        let mut seeds: BTreeMap<u32, PlayerId> = BTreeMap::new();
        for table in &plan.tables {
            let Why::Bracket { seeds: table_seeds } = &table.why else {
                return None;
            };
            let players: Vec<PlayerId> = table.players().collect();
            if players.len() != table_seeds.len() {
                return None;
            }
            for (&p, &s) in players.iter().zip(table_seeds) {
                if seeds.insert(s, p).is_some() {
                    return None;
                }
            }
        }
        let n = seeds.len() + plan.byes.len();
        let mut byes = plan.byes.iter();
        let mut players = Vec::with_capacity(n);
        for s in 1..=n as u32 {
            match seeds.get(&s) {
                Some(&p) => players.push(p),
                None => players.push(*byes.next()?),
            }
        }
        if seeds.keys().any(|&s| s as usize > n) {
            return None;
        }
        Some(Bracket::new(&players, seats))
    }

    pub fn position(&self, id: PlayerId) -> Option<usize> {
        let seed = *self.seeds.get(&id)?;
        Some(self.position[seed as usize - 1])
    }
}

/// The player who advances from a table: the best-placed player who came, the better seed on
/// a tie; a walkover's present player; nobody if nobody came.
pub(crate) fn winner(
    seats: &[Occupant],
    result: &TableResult,
    seeds: &BTreeMap<PlayerId, u32>,
) -> Option<PlayerId> {
    let place = |s: usize| {
        result
            .ranking
            .iter()
            .position(|g| g.contains(&s))
            .unwrap_or(result.ranking.len())
    };
    seats
        .iter()
        .enumerate()
        .filter_map(|(s, o)| Some((s, o.player()?)))
        .filter(|(_, p)| !result.absent.contains(p))
        .min_by_key(|&(s, p)| {
            (
                if result.walkover { 0 } else { place(s) },
                seeds.get(&p).copied().unwrap_or(u32::MAX),
            )
        })
        .map(|(_, p)| p)
}

/// How far a player got: the round they lost in (or left before), or the next one they play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reach {
    pub round: u32,
    pub out: bool,
}

/// Every bracket player's reach after the recorded rounds (unplayed tables keep their players
/// in the round).
pub(crate) fn progress(bracket: &Bracket, history: &[RoundRecord]) -> BTreeMap<PlayerId, Reach> {
    let mut reach: BTreeMap<PlayerId, Reach> = bracket
        .seeds
        .keys()
        .map(|&p| {
            (
                p,
                Reach {
                    round: 1,
                    out: false,
                },
            )
        })
        .collect();
    for (index, record) in history.iter().enumerate() {
        let round = index as u32 + 1;
        let plan = &record.plan;
        let in_plan: BTreeSet<PlayerId> = plan.players().collect();
        for (p, r) in reach.iter_mut() {
            if !r.out && r.round == round && !in_plan.contains(p) {
                r.out = true;
            }
        }
        for (t, table) in plan.tables.iter().enumerate() {
            let won = match record.results.get(t) {
                Some(Some(result)) => Some(winner(&table.seats, result, &bracket.seeds)),
                _ => None,
            };
            for p in table.players() {
                if let Some(r) = reach.get_mut(&p) {
                    *r = match won {
                        None => Reach { round, out: false },
                        Some(w) if w == Some(p) => Reach {
                            round: round + 1,
                            out: false,
                        },
                        Some(_) => Reach { round, out: true },
                    };
                }
            }
        }
        for p in plan.byes.iter().chain(&plan.walkovers) {
            if let Some(r) = reach.get_mut(p) {
                *r = Reach {
                    round: round + 1,
                    out: false,
                };
            }
        }
    }
    reach
}

pub(crate) fn pair(draw: &Draw) -> Result<RoundPlan, PairError> {
    let (event, round, active, history) = (draw.event, draw.round, draw.active, draw.history);
    let k = event.seats;
    let bracket = match history.first() {
        None => {
            if active.len() < 2 {
                return Err(PairError::TooFewPlayers {
                    have: active.len(),
                    need: 2,
                });
            }
            Bracket::seeded(active, k)
        }
        Some(first) => {
            Bracket::from_plan(&first.plan, k).ok_or(PairError::MalformedPlan { round: 1 })?
        }
    };
    if round > bracket.depth {
        return Err(PairError::RoundOutOfRange {
            round,
            rounds: bracket.depth,
        });
    }
    let still: BTreeSet<PlayerId> = active.iter().map(|e| e.id).collect();
    let reach = progress(&bracket, history);
    let mut groups: BTreeMap<usize, Vec<(usize, PlayerId)>> = BTreeMap::new();
    let width = k.pow(round);
    for (&p, r) in &reach {
        if !r.out && r.round == round && still.contains(&p) {
            let pos = bracket
                .position(p)
                .expect("a bracket player has a position");
            groups.entry(pos / width).or_default().push((pos, p));
        }
    }
    let ledger = Ledger::new(event, history);
    let mut plan = RoundPlan {
        round,
        ..RoundPlan::default()
    };
    for (_, mut group) in groups {
        if group.len() == 1 {
            let (_, p) = group[0];
            if round == 1 {
                plan.byes.push(p);
            } else {
                plan.walkovers.push(p);
            }
            continue;
        }
        group.sort_by_key(|&(_, p)| bracket.seeds[&p]);
        let records: Vec<_> = group.iter().map(|&(_, p)| ledger.record(p)).collect();
        let sitters: Vec<Sitter<'_>> = group
            .iter()
            .zip(&records)
            .map(|(&(_, p), r)| Sitter {
                id: p,
                counts: &r.seat_counts,
                last: r.last_seat,
            })
            .collect();
        let seats = seat(&sitters, k, Rotation::Least);
        let seeds = seats
            .iter()
            .filter_map(|o| o.player())
            .map(|p| bracket.seeds[&p])
            .collect();
        plan.tables.push(TablePlan {
            seats,
            why: Why::Bracket { seeds },
        });
    }
    // Byes listed in seed order, as `Bracket::from_plan` reads them.
    plan.byes.sort_by_key(|p| bracket.seeds[p]);
    if plan.tables.is_empty() && plan.byes.is_empty() && plan.walkovers.is_empty() {
        return Err(PairError::TooFewPlayers { have: 0, need: 1 });
    }
    Ok(plan)
}

#[cfg(test)]
mod tests {
    //! Knockout events: standard seeding for two seats, six players at four seats give the top
    //! seeds byes, nobody present sends nobody on and a lone player walks over.

    use super::*;
    use crate::{pair as pair_round, Event, Format, Halves};

    #[test]
    fn standard_seeding_for_two_seats() {
        assert_eq!(positions(2, 3), vec![1, 8, 4, 5, 2, 7, 3, 6]);
        let mut three = positions(3, 2);
        assert_eq!(three, vec![1, 6, 7, 2, 5, 8, 3, 4, 9]);
        three.sort_unstable();
        assert_eq!(three, (1..=9).collect::<Vec<u32>>());
    }

    fn entrants(n: u64) -> Vec<Entrant> {
        // Sign-up order 1..=n, ratings so that seed s is player 10·s.
        (1..=n)
            .map(|s| Entrant {
                id: 10 * s,
                rating: 100.0 - s as f64,
            })
            .collect()
    }

    #[test]
    fn six_players_at_four_seats_give_the_top_seeds_byes() {
        let event = Event::of(Format::Knockout, 4, 2, 5);
        assert_eq!(crate::max_rounds(Format::Knockout, 6, 4), 2);
        // 16 positions: groups {1, 8, 9, 16}, {2, 7, 10, 15}, {3, 6, 11, 14}, {4, 5, 12, 13}.
        assert_eq!(
            positions(4, 2),
            vec![1, 8, 9, 16, 2, 7, 10, 15, 3, 6, 11, 14, 4, 5, 12, 13]
        );
        let plan = pair_round(&event, 1, &entrants(6), &[]).unwrap();
        assert_eq!(plan.byes, vec![10, 20]);
        assert_eq!(plan.tables.len(), 2);
        assert_eq!(
            plan.tables[0].seats,
            vec![
                Occupant::Player(30),
                Occupant::Player(60),
                Occupant::Computer,
                Occupant::Computer
            ]
        );
        assert_eq!(plan.tables[0].why, Why::Bracket { seeds: vec![3, 6] });
        assert_eq!(plan.tables[1].why, Why::Bracket { seeds: vec![4, 5] });

        // Seed 6 beats seed 3 (a computer first); 4 and 5 tie: the better seed, 4, goes on.
        let results = vec![
            Some(TableResult {
                ranking: vec![vec![2], vec![1], vec![3], vec![0]],
                ..TableResult::default()
            }),
            Some(TableResult {
                ranking: vec![vec![0, 1], vec![2, 3]],
                ..TableResult::default()
            }),
        ];
        let history = vec![RoundRecord { plan, results }];
        let final_ = pair_round(&event, 2, &entrants(6), &history).unwrap();
        assert_eq!(final_.tables.len(), 1);
        let seeds = match &final_.tables[0].why {
            Why::Bracket { seeds } => seeds.clone(),
            other => panic!("{other:?}"),
        };
        let mut sorted = seeds.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, vec![1, 2, 4, 6]);
        // Seed 3 and 4 held seat 0 in round 1, so they move.
        assert_ne!(final_.tables[0].seats[0], Occupant::Player(60));
        assert_ne!(final_.tables[0].seats[0], Occupant::Player(40));
        assert_eq!(
            pair_round(&event, 3, &entrants(6), &history),
            Err(PairError::RoundOutOfRange {
                round: 3,
                rounds: 2
            })
        );

        let standings = crate::standings(&event, &entrants(6), &history);
        let by_id: BTreeMap<PlayerId, &crate::Standing> =
            standings.iter().map(|s| (s.id, s)).collect();
        assert!(by_id[&30].out && by_id[&50].out);
        assert!(!by_id[&60].out && !by_id[&10].out);
        // Seed 6 finished ahead of seed 3 and one computer, behind the other: 2 points.
        assert_eq!(by_id[&60].points, Halves(4));
        assert_eq!(
            by_id[&10].tiebreaks,
            vec![crate::Tiebreak::RoundReached(2), crate::Tiebreak::Seed(1)]
        );
        assert_eq!(by_id[&30].rank, 5);
        assert_eq!(by_id[&50].rank, 6);
    }

    #[test]
    fn nobody_present_sends_nobody_and_a_lone_player_walks_over() {
        let event = Event::of(Format::Knockout, 2, 2, 1);
        let plan = pair_round(&event, 1, &entrants(4), &[]).unwrap();
        // 1 v 4, 2 v 3.
        let first: Vec<Vec<PlayerId>> = plan.tables.iter().map(|t| t.players().collect()).collect();
        assert_eq!(first, vec![vec![10, 40], vec![20, 30]]);
        let results = vec![
            Some(TableResult {
                absent: vec![10, 40],
                walkover: true,
                ..TableResult::default()
            }),
            Some(TableResult {
                ranking: vec![vec![0], vec![1]],
                absent: vec![],
                ..TableResult::default()
            }),
        ];
        let history = vec![RoundRecord { plan, results }];
        let final_ = pair_round(&event, 2, &entrants(4), &history).unwrap();
        assert!(final_.tables.is_empty());
        assert_eq!(final_.walkovers, vec![20]);
    }
}
