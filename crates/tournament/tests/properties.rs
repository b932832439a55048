//! Properties of whole events, through the public API only: events of 2..=256 players at 2..=8
//! seats, every format, simulated round by round with results drawn from a seeded generator
//! (random rankings with ties, some absent players, walkovers, duplicate scores). Each round:
//! every player still in is seated once or sits out, tables are full with at least two players,
//! Swiss and duplicate never repeat a pair that could be avoided (checked exhaustively up to
//! ten players, by the Hajnal–Szemerédi bound above), at most one bye each, and the same inputs
//! pair the same. At the end: the standings' ranks agree with their points and tie-breaks.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use pakka_tournament::{
    max_rounds, min_players, pair, standings, Entrant, Event, Format, Occupant, PairError,
    PlayerId, RoundPlan, RoundRecord, Standing, TableResult, Tiebreak,
};

fn entrants(n: usize, rng: &mut ChaCha8Rng) -> Vec<Entrant> {
    (0..n)
        .map(|i| Entrant {
            id: 500 + 7 * i as u64,
            // Few distinct ratings, so that sign-up order breaks ties.
            rating: f64::from(rng.random_range(0..6u8)),
        })
        .collect()
}

/// A random result for a table: each player absent one time in fifteen; a walkover when at
/// most one came; else a random ranking with some ties, and scores now and then.
fn result(plan: &pakka_tournament::TablePlan, rng: &mut ChaCha8Rng) -> TableResult {
    let absent: Vec<PlayerId> = plan
        .players()
        .filter(|_| rng.random_range(0..15) == 0)
        .collect();
    let present = plan.players().filter(|p| !absent.contains(p)).count();
    if present <= 1 {
        return TableResult {
            absent,
            walkover: true,
            ..TableResult::default()
        };
    }
    let mut order: Vec<usize> = (0..plan.seats.len()).collect();
    order.shuffle(rng);
    let mut ranking: Vec<Vec<usize>> = Vec::new();
    for s in order {
        match ranking.last_mut() {
            Some(last) if rng.random_range(0..5) == 0 => last.push(s),
            _ => ranking.push(vec![s]),
        }
    }
    let scores = rng.random_bool(0.5).then(|| {
        let mut scores = vec![0i64; plan.seats.len()];
        for (place, group) in ranking.iter().enumerate() {
            for &s in group {
                scores[s] = 100 - 10 * place as i64;
            }
        }
        scores
    });
    TableResult {
        ranking,
        scores,
        teams: None,
        absent,
        walkover: false,
    }
}

/// Pairs who met: both seated at one table with a result and neither absent.
fn met(history: &[RoundRecord]) -> BTreeSet<(PlayerId, PlayerId)> {
    let mut met = BTreeSet::new();
    for record in history {
        for (table, result) in record.plan.tables.iter().zip(&record.results) {
            let Some(result) = result else { continue };
            let came: Vec<PlayerId> = table
                .players()
                .filter(|p| !result.absent.contains(p))
                .collect();
            for (i, &a) in came.iter().enumerate() {
                for &b in &came[i + 1..] {
                    met.insert((a.min(b), a.max(b)));
                }
            }
        }
    }
    met
}

fn has_met(met: &BTreeSet<(PlayerId, PlayerId)>, a: PlayerId, b: PlayerId) -> bool {
    met.contains(&(a.min(b), a.max(b)))
}

fn repeats(plan: &RoundPlan, met: &BTreeSet<(PlayerId, PlayerId)>) -> usize {
    plan.tables
        .iter()
        .map(|t| {
            let players: Vec<PlayerId> = t.players().collect();
            let mut r = 0;
            for (i, &a) in players.iter().enumerate() {
                for &b in &players[i + 1..] {
                    r += usize::from(has_met(met, a, b));
                }
            }
            r
        })
        .sum()
}

/// Whether `players` can be cut into tables of the sizes in `sizes` (any order) without two
/// players who met at one table: exhaustively.
fn repeat_free(players: &[PlayerId], sizes: &mut Vec<usize>, met: &BTreeSet<(u64, u64)>) -> bool {
    let Some((&top, rest)) = players.split_first() else {
        return sizes.is_empty();
    };
    let mut distinct = sizes.clone();
    distinct.sort_unstable();
    distinct.dedup();
    for size in distinct {
        let at = sizes.iter().position(|&s| s == size).expect("listed");
        sizes.remove(at);
        let found = choose_from(
            rest,
            0,
            size - 1,
            &mut vec![top],
            &mut |_, left| repeat_free(left, sizes, met),
            met,
        );
        sizes.insert(at, size);
        if found {
            return true;
        }
    }
    false
}

/// Tries every way of adding `need` players of `pool` from position `from` on to `table` (none
/// of whom met a member), calling `then` with the table and the players left; true when one
/// call is.
fn choose_from(
    pool: &[PlayerId],
    from: usize,
    need: usize,
    table: &mut Vec<PlayerId>,
    then: &mut dyn FnMut(&[PlayerId], &[PlayerId]) -> bool,
    met: &BTreeSet<(u64, u64)>,
) -> bool {
    if need == 0 {
        return then(table, pool);
    }
    for i in from..pool.len() {
        let c = pool[i];
        if table.iter().any(|&m| has_met(met, m, c)) {
            continue;
        }
        table.push(c);
        let left: Vec<PlayerId> = pool[..i].iter().chain(&pool[i + 1..]).copied().collect();
        let found = choose_from(&left, i, need - 1, table, then, met);
        table.pop();
        if found {
            return true;
        }
    }
    false
}

/// Players per table for `n` at `seats`: `ceil(n / seats)` tables, sizes within one.
fn sizes(n: usize, seats: usize) -> Vec<usize> {
    let t = n.div_ceil(seats);
    (0..t).map(|i| n / t + usize::from(i < n % t)).collect()
}

/// The standings' sort key: points (not for knockout), then the tie-breaks, larger better.
fn key(format: Format, s: &Standing) -> Vec<i128> {
    let mut key = Vec::new();
    if format != Format::Knockout {
        key.push(i128::from(s.points.0));
    }
    for t in &s.tiebreaks {
        key.push(match *t {
            Tiebreak::Buchholz(h) | Tiebreak::MatchPoints(h) => i128::from(h.0),
            Tiebreak::SonnebornBerger(q) => i128::from(q.0),
            Tiebreak::RoundReached(r) => i128::from(r),
            Tiebreak::Seed(s) => -i128::from(s),
        });
    }
    key
}

fn check_standings(format: Format, entrants: &[Entrant], table: &[Standing]) {
    assert_eq!(table.len(), entrants.len());
    let ids: BTreeSet<PlayerId> = table.iter().map(|s| s.id).collect();
    assert_eq!(ids.len(), entrants.len());
    for (i, s) in table.iter().enumerate() {
        if i == 0 {
            assert_eq!(s.rank, 1);
            continue;
        }
        let before = &table[i - 1];
        let (k0, k1) = (key(format, before), key(format, s));
        if k0 == k1 {
            assert_eq!(s.rank, before.rank, "equal standings share a rank");
        } else {
            assert!(k0 > k1, "listed best first: {before:?} then {s:?}");
            assert_eq!(s.rank, i + 1, "a rank after a tie skips the shared places");
        }
        if format != Format::Knockout {
            assert!(before.points >= s.points, "ranks agree with points");
        }
    }
}

/// Plays a whole event and checks every round and the standings.
fn simulate(format: Format, n: usize, seats: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let people = entrants(n, &mut rng);
    let cap = match n {
        0..=10 => u32::MAX,
        11..=48 => 6,
        _ => 3,
    };
    let rounds = max_rounds(format, n, seats).min(cap).max(1);
    let event = Event {
        format,
        seats,
        rounds,
        seed,
    };
    if n < min_players(format, seats) {
        assert_eq!(
            pair(&event, 1, &people, &[]),
            Err(PairError::TooFewPlayers {
                have: n,
                need: min_players(format, seats)
            })
        );
        return;
    }
    let mut history: Vec<RoundRecord> = Vec::new();
    let mut byes: BTreeMap<PlayerId, u32> = BTreeMap::new();
    for round in 1..=rounds {
        let plan = pair(&event, round, &people, &history).expect("pairs");
        assert_eq!(plan.round, round);
        // Same inputs, same plan: again, and from copies.
        assert_eq!(pair(&event, round, &people, &history).as_ref(), Ok(&plan));
        assert_eq!(
            pair(&event.clone(), round, &people.clone(), &history.clone()).as_ref(),
            Ok(&plan)
        );

        // Who must be placed: everyone, or in a knockout those not out.
        let expected: BTreeSet<PlayerId> = if format == Format::Knockout {
            standings(&event, &people, &history)
                .iter()
                .filter(|s| !s.out)
                .map(|s| s.id)
                .collect()
        } else {
            people.iter().map(|e| e.id).collect()
        };
        let mut placed: Vec<PlayerId> = plan.tables.iter().flat_map(|t| t.players()).collect();
        placed.extend(&plan.byes);
        placed.extend(&plan.walkovers);
        let unique: BTreeSet<PlayerId> = placed.iter().copied().collect();
        assert_eq!(unique.len(), placed.len(), "each player placed once");
        assert_eq!(unique, expected, "round {round}: the players still in");
        for t in &plan.tables {
            assert_eq!(t.seats.len(), seats);
            assert!(t.players().count() >= 2, "a table has two players");
            assert!(t.players().count() <= seats);
        }
        if format != Format::Knockout {
            let computers: Vec<usize> = plan.tables.iter().map(|t| t.computers()).collect();
            let (lo, hi) = (computers.iter().min(), computers.iter().max());
            assert!(hi.unwrap_or(&0) - lo.unwrap_or(&0) <= 1, "computers spread");
            assert!(plan.walkovers.is_empty());
            let bye = seats == 2 && n % 2 == 1;
            assert_eq!(plan.byes.len(), usize::from(bye));
        } else if round > 1 {
            assert!(plan.byes.is_empty());
        }
        if format == Format::Duplicate {
            assert!(plan.deal_seed.is_some());
        }

        if matches!(format, Format::Swiss | Format::Duplicate) {
            let met = met(&history);
            let found = repeats(&plan, &met);
            let seated = n - plan.byes.len();
            if found > 0 {
                if n <= 10 {
                    // Any bye candidate with the fewest byes so far, any order of table sizes.
                    let had = |id: &PlayerId| byes.get(id).copied().unwrap_or(0);
                    let fewest = people.iter().map(|e| had(&e.id)).min().unwrap_or(0);
                    let ids: Vec<PlayerId> = people.iter().map(|e| e.id).collect();
                    let candidates: Vec<Option<PlayerId>> = if plan.byes.is_empty() {
                        vec![None]
                    } else {
                        ids.iter()
                            .filter(|id| had(id) == fewest)
                            .map(|&id| Some(id))
                            .collect()
                    };
                    let avoidable = candidates.iter().any(|c| {
                        let rest: Vec<PlayerId> =
                            ids.iter().copied().filter(|id| Some(*id) != *c).collect();
                        repeat_free(&rest, &mut sizes(rest.len(), seats), &met)
                    });
                    assert!(!avoidable, "round {round}: an avoidable repeat: {plan:?}");
                } else {
                    // rounds_played·(seats − 1) ≤ N/seats − 1.
                    let bound = (round as usize - 1) * (seats - 1) < seated / seats;
                    assert!(
                        !bound,
                        "round {round}: a repeat within the Hajnal–Szemerédi bound"
                    );
                }
            }
            for &p in &plan.byes {
                *byes.entry(p).or_insert(0) += 1;
                assert!(byes[&p] <= 1, "one bye each");
            }
        }

        let results = plan
            .tables
            .iter()
            .map(|t| Some(result(t, &mut rng)))
            .collect();
        history.push(RoundRecord { plan, results });
    }
    let table = standings(&event, &people, &history);
    check_standings(format, &people, &table);
    let again = standings(&event, &people.clone(), &history.clone());
    assert_eq!(table, again);
    if format == Format::Knockout && rounds == max_rounds(format, n, seats) {
        assert!(
            table.iter().filter(|s| !s.out).count() <= 1,
            "one winner at most"
        );
    }
}

fn players() -> impl Strategy<Value = usize> {
    prop_oneof![6 => 2usize..=10, 3 => 11usize..=48, 1 => 49usize..=256]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn swiss_events_hold(n in players(), seats in 2usize..=8, seed in any::<u64>()) {
        simulate(Format::Swiss, n, seats, seed);
    }

    /// The exhaustive check's own range: small events played to their last round.
    #[test]
    fn small_swiss_events_never_repeat_avoidably(n in 3usize..=10, seats in 2usize..=4, seed in any::<u64>()) {
        simulate(Format::Swiss, n, seats, seed);
    }

    #[test]
    fn round_robin_events_hold(n in players(), seats in 2usize..=8, seed in any::<u64>()) {
        simulate(Format::RoundRobin, n, seats, seed);
    }

    #[test]
    fn knockout_events_hold(n in players(), seats in 2usize..=8, seed in any::<u64>()) {
        simulate(Format::Knockout, n, seats, seed);
    }

    #[test]
    fn duplicate_events_hold(n in players(), seats in 2usize..=8, seed in any::<u64>()) {
        simulate(Format::Duplicate, n, seats, seed);
    }
}

/// Two-seat Swiss at the Hajnal–Szemerédi bound: 24 players, 11 rounds (each round's
/// history has at most `r` opponents per player, and `r ≤ 24/2 − 1`), never a repeat.
#[test]
fn swiss_finds_a_repeat_free_round_up_to_the_bound() {
    for (n, seats) in [(24usize, 2usize), (36, 3), (48, 4)] {
        for seed in 0..3u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let people = entrants(n, &mut rng);
            let rounds = (n / seats - 1) / (seats - 1) + 1;
            let event = Event {
                format: Format::Swiss,
                seats,
                rounds: rounds as u32,
                seed,
            };
            let mut history = Vec::new();
            for round in 1..=rounds as u32 {
                let plan = pair(&event, round, &people, &history).expect("pairs");
                assert_eq!(
                    repeats(&plan, &met(&history)),
                    0,
                    "{n}/{seats} round {round}"
                );
                let results = plan
                    .tables
                    .iter()
                    .map(|t| {
                        let mut r = result(t, &mut rng);
                        // Everyone comes, so the history is as dense as the bound allows.
                        if r.walkover || !r.absent.is_empty() {
                            r = TableResult {
                                ranking: (0..seats).map(|s| vec![s]).collect(),
                                ..TableResult::default()
                            };
                        }
                        Some(r)
                    })
                    .collect();
                history.push(RoundRecord { plan, results });
            }
        }
    }
}

#[test]
fn refusals_are_typed() {
    let people: Vec<Entrant> = (1..=4).map(|id| Entrant { id, rating: 0.0 }).collect();
    let event = Event {
        format: Format::Swiss,
        seats: 2,
        rounds: 2,
        seed: 0,
    };
    assert_eq!(
        pair(&event, 3, &people, &[]),
        Err(PairError::RoundOutOfRange {
            round: 3,
            rounds: 2
        })
    );
    assert_eq!(
        pair(&event, 2, &people, &[]),
        Err(PairError::PreviousRoundUnfinished)
    );
    let plan = pair(&event, 1, &people, &[]).unwrap();
    let unfinished = vec![RoundRecord {
        results: vec![None; plan.tables.len()],
        plan: plan.clone(),
    }];
    assert_eq!(
        pair(&event, 2, &people, &unfinished),
        Err(PairError::PreviousRoundUnfinished)
    );
    let malformed = vec![RoundRecord {
        results: vec![Some(TableResult::default()); plan.tables.len()],
        plan,
    }];
    assert_eq!(
        pair(&event, 2, &people, &malformed),
        Err(PairError::MalformedResult { round: 1, table: 0 })
    );
    let nine = Event { seats: 9, ..event };
    assert_eq!(
        pair(&nine, 1, &people, &[]),
        Err(PairError::SeatsOutOfRange { seats: 9 })
    );
    assert_eq!(
        pair(&event, 1, &people[..1], &[]),
        Err(PairError::TooFewPlayers { have: 1, need: 2 })
    );
    let twice = [people.clone(), people[..1].to_vec()].concat();
    assert_eq!(
        pair(&event, 1, &twice, &[]),
        Err(PairError::DuplicatePlayer { id: 1 })
    );
}

#[test]
fn formats_round_trip_their_ids() {
    for f in Format::ALL {
        assert_eq!(Format::from_id(f.id()), Some(f));
        assert_eq!(
            serde_json::to_string(&f).unwrap(),
            format!("\"{}\"", f.id())
        );
    }
    assert_eq!(Format::from_id("ladder"), None);
    let _ = Occupant::Computer;
}
