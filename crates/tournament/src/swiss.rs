//! Swiss pairing, and duplicate's (the same tables by match points, a stricter seat rotation
//! and one deal for the round): the standing order, the bye, round 1's slices, and the search
//! for a partition into tables without repeated pairs (depth-first with a node budget, then a
//! seeded local search), minimising repeats when none avoids them.

use rand::{Rng, RngCore};
use rand_chacha::ChaCha8Rng;

use crate::ledger::Ledger;
use crate::seating::{seat, table_sizes, Rotation, Sitter};
use crate::{rng, Draw, Halves, PlayerId, RoundPlan, Stream, TablePlan, Why};

/// Swiss proper, or duplicate's variant.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Swiss,
    Duplicate,
}

/// Nodes of the depth-first search for a repeat-free round (all bye candidates together).
const BUDGET: u64 = 200_000;
/// Nodes for each further allowance of repeats, once none is possible.
const BUDGET_PER_REPEAT: u64 = 50_000;

pub(crate) fn pair(draw: &Draw, mode: Mode) -> RoundPlan {
    let Draw {
        event,
        round,
        active,
        absent,
        history,
    } = *draw;
    let ledger = Ledger::new(event, history);
    let k = event.seats;
    // The standing order: points, rating, sign-up order.
    let mut order: Vec<usize> = (0..active.len()).collect();
    order.sort_by(|&a, &b| {
        ledger
            .points(active[b].id)
            .cmp(&ledger.points(active[a].id))
            .then(active[b].rating.total_cmp(&active[a].rating))
            .then(a.cmp(&b))
    });
    let ranked: Vec<PlayerId> = order.iter().map(|&i| active[i].id).collect();
    let needs_bye = k == 2 && ranked.len() % 2 == 1;
    let mut rng = rng(event.seed, Stream::Search, round);

    let (bye, tables, first_round) = if round == 1 {
        // The last present player in the order sits out (the last of all if none is).
        let bye = needs_bye.then(|| {
            ranked
                .iter()
                .rev()
                .find(|id| !absent.contains(id))
                .or(ranked.last())
                .copied()
        });
        let bye = bye.flatten();
        let rest: Vec<PlayerId> = ranked
            .iter()
            .copied()
            .filter(|&id| Some(id) != bye)
            .collect();
        (bye, slices(rest.len(), k), true)
    } else {
        let fewest = ranked
            .iter()
            .map(|&id| ledger.records.get(&id).map_or(0, |r| r.byes))
            .min()
            .unwrap_or(0);
        let candidates: Vec<usize> = if needs_bye {
            // From the bottom up, the present before the absent.
            let mut candidates: Vec<usize> = (0..ranked.len())
                .rev()
                .filter(|&i| ledger.records.get(&ranked[i]).map_or(0, |r| r.byes) == fewest)
                .collect();
            candidates.sort_by_key(|&i| absent.contains(&ranked[i]));
            candidates
        } else {
            vec![usize::MAX]
        };
        let without = |c: usize| -> Vec<PlayerId> {
            ranked
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != c)
                .map(|(_, &id)| id)
                .collect()
        };
        let mut chosen = None;
        let mut budget = BUDGET;
        for &c in &candidates {
            let rest = without(c);
            let met = Bits::of(&rest, &ledger);
            let mut search = Search::new(&met, &table_sizes(rest.len(), k), 0, budget);
            let step = search.run();
            budget = budget.saturating_sub(search.nodes);
            if step == Step::Found {
                chosen = Some((c, search.tables));
                break;
            }
            if budget == 0 {
                break;
            }
        }
        let (c, tables) = chosen.unwrap_or_else(|| {
            let c = candidates[0];
            let rest = without(c);
            let met = Bits::of(&rest, &ledger);
            (c, arrange(&met, &table_sizes(rest.len(), k), &mut rng))
        });
        let bye = (c != usize::MAX).then(|| ranked[c]);
        (bye, tables, false)
    };

    let seated: Vec<PlayerId> = ranked
        .iter()
        .copied()
        .filter(|id| Some(*id) != bye)
        .collect();
    let rotation = match mode {
        Mode::Swiss => Rotation::Least,
        Mode::Duplicate => Rotation::Strict,
    };
    let records: Vec<_> = seated.iter().map(|&id| ledger.record(id)).collect();
    let slice_count = k as u32;
    let tables = tables
        .into_iter()
        .map(|mut members: Vec<usize>| {
            members.sort_unstable();
            let sitters: Vec<Sitter<'_>> = members
                .iter()
                .map(|&i| Sitter {
                    id: seated[i],
                    counts: &records[i].seat_counts,
                    last: records[i].last_seat,
                })
                .collect();
            let seats = seat(&sitters, k, rotation);
            let place = |id: PlayerId| seated.iter().position(|&p| p == id).unwrap_or(0);
            let players: Vec<PlayerId> = seats.iter().filter_map(|o| o.player()).collect();
            let why = if first_round {
                Why::FirstRound {
                    slices: slice_count,
                    places: players.iter().map(|&p| place(p) as u32 + 1).collect(),
                }
            } else {
                let points: Vec<Halves> = players.iter().map(|&p| ledger.points(p)).collect();
                let mut repeats = Vec::new();
                for (i, &a) in players.iter().enumerate() {
                    for &b in &players[i + 1..] {
                        if ledger.met(a, b) {
                            repeats.push((a, b));
                        }
                    }
                }
                Why::ScoreGroup {
                    top: points.iter().copied().max().unwrap_or_default(),
                    bottom: points.iter().copied().min().unwrap_or_default(),
                    repeats,
                }
            };
            TablePlan { seats, why }
        })
        .collect();
    RoundPlan {
        round,
        tables,
        byes: bye.into_iter().collect(),
        deal_seed: (mode == Mode::Duplicate).then(|| rng_deal(event.seed, round)),
        walkovers: Vec::new(),
    }
}

/// The seed every table of a duplicate round plays.
fn rng_deal(seed: u64, round: u32) -> u64 {
    rng(seed, Stream::Deal, round).next_u64()
}

/// Round 1: `n` players in rating order cut into `T = ceil(n / seats)`-long slices; table `t`
/// takes the `t`-th player of each slice (the short last slice leaves the lowest tables a seat
/// short, for a computer).
fn slices(n: usize, seats: usize) -> Vec<Vec<usize>> {
    let tables = n.div_ceil(seats);
    let mut out = vec![Vec::new(); tables];
    for i in 0..n {
        out[i % tables].push(i);
    }
    out
}

/// Who has met whom among `n` players (local indices), as a bit matrix.
pub(crate) struct Bits {
    n: usize,
    words: usize,
    bits: Vec<u64>,
}

impl Bits {
    pub fn new(n: usize) -> Bits {
        let words = n.div_ceil(64).max(1);
        Bits {
            n,
            words,
            bits: vec![0; n * words],
        }
    }

    pub fn of(players: &[PlayerId], ledger: &Ledger) -> Bits {
        let mut bits = Bits::new(players.len());
        let index: std::collections::BTreeMap<PlayerId, usize> =
            players.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        for &(a, b) in &ledger.met {
            if let (Some(&i), Some(&j)) = (index.get(&a), index.get(&b)) {
                bits.set(i, j);
            }
        }
        bits
    }

    pub fn set(&mut self, a: usize, b: usize) {
        self.bits[a * self.words + b / 64] |= 1 << (b % 64);
        self.bits[b * self.words + a / 64] |= 1 << (a % 64);
    }

    pub fn get(&self, a: usize, b: usize) -> bool {
        self.bits[a * self.words + b / 64] & (1 << (b % 64)) != 0
    }
}

/// How a bounded search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Found,
    /// Every partition was tried: none has few enough repeats.
    Impossible,
    /// The node budget ran out first.
    Unknown,
}

/// Depth-first search for a partition of players `0..n` (best standing first) into tables of
/// the given sizes (in any order of the sizes, larger first where it can) with at most `allow`
/// repeated pairs: each table takes the top unseated player and companions in order.
struct Search<'a> {
    met: &'a Bits,
    allow: u32,
    budget: u64,
    nodes: u64,
    seated: Vec<bool>,
    stack: Vec<usize>,
    bounds: Vec<usize>,
    /// Table sizes: the larger and how many, the smaller and how many.
    big: (usize, usize),
    small: (usize, usize),
    tables: Vec<Vec<usize>>,
}

impl<'a> Search<'a> {
    fn new(met: &'a Bits, sizes: &[usize], allow: u32, budget: u64) -> Search<'a> {
        let max = sizes.iter().copied().max().unwrap_or(0);
        let min = sizes.iter().copied().min().unwrap_or(0);
        let big = sizes.iter().filter(|&&s| s == max).count();
        let small = if min == max {
            (min, 0)
        } else {
            (min, sizes.len() - big)
        };
        Search {
            met,
            allow,
            budget,
            nodes: 0,
            seated: vec![false; met.n],
            stack: Vec::with_capacity(met.n),
            bounds: Vec::new(),
            big: (max, big),
            small,
            tables: Vec::new(),
        }
    }

    fn run(&mut self) -> Step {
        let step = self.table(self.big.1, self.small.1, 0);
        if step == Step::Found {
            let mut bounds = self.bounds.clone();
            bounds.push(self.stack.len());
            self.tables = bounds
                .windows(2)
                .map(|w| self.stack[w[0]..w[1]].to_vec())
                .collect();
        }
        step
    }

    /// Starts the next table.
    fn table(&mut self, big: usize, small: usize, repeats: u32) -> Step {
        if big + small == 0 {
            return Step::Found;
        }
        let Some(top) = (0..self.met.n).find(|&i| !self.seated[i]) else {
            return Step::Impossible;
        };
        let mut options = Vec::with_capacity(2);
        if big > 0 {
            options.push((self.big.0, big - 1, small));
        }
        if small > 0 {
            options.push((self.small.0, big, small - 1));
        }
        for (size, big, small) in options {
            self.bounds.push(self.stack.len());
            self.stack.push(top);
            self.seated[top] = true;
            let step = self.companions(top + 1, size - 1, big, small, repeats);
            if step == Step::Found {
                return step;
            }
            self.seated[top] = false;
            self.stack.pop();
            self.bounds.pop();
            if step == Step::Unknown {
                return step;
            }
        }
        Step::Impossible
    }

    fn companions(
        &mut self,
        from: usize,
        need: usize,
        big: usize,
        small: usize,
        repeats: u32,
    ) -> Step {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Step::Unknown;
        }
        if need == 0 {
            return self.table(big, small, repeats);
        }
        let start = *self.bounds.last().expect("a table is open");
        for c in from..self.met.n {
            if self.seated[c] {
                continue;
            }
            let added = self.stack[start..]
                .iter()
                .filter(|&&m| self.met.get(m, c))
                .count() as u32;
            if repeats + added > self.allow {
                continue;
            }
            self.seated[c] = true;
            self.stack.push(c);
            let step = self.companions(c + 1, need - 1, big, small, repeats + added);
            if step == Step::Found {
                return step;
            }
            self.stack.pop();
            self.seated[c] = false;
            if step == Step::Unknown {
                return step;
            }
        }
        Step::Impossible
    }
}

/// The repeated pairs of a partition.
fn repeats(met: &Bits, tables: &[Vec<usize>]) -> u32 {
    tables
        .iter()
        .map(|t| {
            let mut r = 0;
            for (i, &a) in t.iter().enumerate() {
                for &b in &t[i + 1..] {
                    r += u32::from(met.get(a, b));
                }
            }
            r
        })
        .sum()
}

/// The partition of players `0..n` into tables of `sizes` with the fewest repeats found: the
/// depth-first search for none, then for one more at a time while it can prove there are none
/// with fewer; past its budget, a seeded local search from the greedy partition.
pub(crate) fn arrange(met: &Bits, sizes: &[usize], rng: &mut ChaCha8Rng) -> Vec<Vec<usize>> {
    let mut allow = 0;
    let mut budget = BUDGET;
    loop {
        let mut search = Search::new(met, sizes, allow, budget);
        match search.run() {
            Step::Found => return search.tables,
            Step::Impossible => {
                allow += 1;
                budget = BUDGET_PER_REPEAT;
            }
            Step::Unknown => break,
        }
    }
    let mut tables = greedy(met, sizes);
    improve(met, &mut tables, rng);
    tables.sort_by_key(|t| t.iter().copied().min());
    tables
}

/// Tables filled in order, each from the top unseated player, adding whoever adds the fewest
/// repeats (the first in order on ties).
fn greedy(met: &Bits, sizes: &[usize]) -> Vec<Vec<usize>> {
    let mut seated = vec![false; met.n];
    sizes
        .iter()
        .map(|&size| {
            let mut table: Vec<usize> = Vec::with_capacity(size);
            while table.len() < size {
                let next = (0..met.n)
                    .filter(|&c| !seated[c])
                    .min_by_key(|&c| table.iter().filter(|&&m| met.get(m, c)).count())
                    .expect("enough players for the sizes");
                seated[next] = true;
                table.push(next);
            }
            table
        })
        .collect()
}

/// Local search: swap a player in a repeated pair with one at another table, taking the swap
/// that removes the most repeats (at random among equals, sometimes a worse one to move on),
/// keeping the best partition seen.
fn improve(met: &Bits, tables: &mut Vec<Vec<usize>>, rng: &mut ChaCha8Rng) {
    let conflicts = |tables: &Vec<Vec<usize>>, p: usize, t: usize, except: usize| -> i64 {
        tables[t]
            .iter()
            .filter(|&&q| q != p && q != except && met.get(p, q))
            .count() as i64
    };
    let mut total = i64::from(repeats(met, tables));
    let mut best = (total, tables.clone());
    let iterations = 2_000 + 40 * met.n;
    for _ in 0..iterations {
        if total == 0 {
            break;
        }
        let conflicted: Vec<(usize, usize)> = tables
            .iter()
            .enumerate()
            .flat_map(|(t, table)| table.iter().map(move |&p| (t, p)))
            .filter(|&(t, p)| conflicts(tables, p, t, usize::MAX) > 0)
            .collect();
        let (t, p) = conflicted[rng.random_range(0..conflicted.len())];
        let mut choice: Option<(i64, usize, usize)> = None;
        let mut ties = 0u32;
        for u in 0..tables.len() {
            if u == t {
                continue;
            }
            for j in 0..tables[u].len() {
                let q = tables[u][j];
                let delta = conflicts(tables, p, u, q) + conflicts(tables, q, t, p)
                    - conflicts(tables, p, t, usize::MAX)
                    - conflicts(tables, q, u, usize::MAX);
                match choice {
                    Some((d, _, _)) if delta > d => {}
                    Some((d, _, _)) if delta == d => {
                        ties += 1;
                        if rng.random_range(0..=ties) == 0 {
                            choice = Some((delta, u, j));
                        }
                    }
                    _ => {
                        ties = 0;
                        choice = Some((delta, u, j));
                    }
                }
            }
        }
        let Some((delta, u, j)) = choice else {
            break;
        };
        if delta <= 0 || rng.random_range(0..10) == 0 {
            let i = tables[t].iter().position(|&x| x == p).expect("p is at t");
            let q = tables[u][j];
            tables[t][i] = q;
            tables[u][j] = p;
            total += delta;
            if total < best.0 {
                best = (total, tables.clone());
            }
        }
    }
    *tables = best.1;
}

#[cfg(test)]
mod tests {
    //! Swiss pairing: round one slices the rating order, the search avoids repeats deep in the
    //! list, repeats are minimised when unavoidable, and the local search clears a partition of
    //! repeats.

    use super::*;
    use rand::SeedableRng;

    fn met_from(n: usize, pairs: &[(usize, usize)]) -> Bits {
        let mut bits = Bits::new(n);
        for &(a, b) in pairs {
            bits.set(a, b);
        }
        bits
    }

    #[test]
    fn round_one_slices_the_rating_order() {
        assert_eq!(
            slices(8, 2),
            vec![vec![0, 4], vec![1, 5], vec![2, 6], vec![3, 7]]
        );
        // 14 players at 4 seats: 4 tables, the last two a seat short.
        assert_eq!(
            slices(14, 4),
            vec![
                vec![0, 4, 8, 12],
                vec![1, 5, 9, 13],
                vec![2, 6, 10],
                vec![3, 7, 11]
            ]
        );
    }

    #[test]
    fn the_search_avoids_repeats_deep_in_the_list() {
        // 0-1 and 2-3 met: the top-down first choice would repeat nothing at the top, but 2
        // and 3 at the bottom must not be left together.
        let met = met_from(4, &[(0, 1), (2, 3)]);
        let mut search = Search::new(&met, &[2, 2], 0, 1000);
        assert_eq!(search.run(), Step::Found);
        assert_eq!(search.tables, vec![vec![0, 2], vec![1, 3]]);
    }

    #[test]
    fn repeats_are_minimised_when_unavoidable() {
        // Everyone met everyone but 0-3: one table must repeat.
        let met = met_from(4, &[(0, 1), (0, 2), (1, 2), (1, 3), (2, 3)]);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let tables = arrange(&met, &[2, 2], &mut rng);
        assert_eq!(repeats(&met, &tables), 1);
        assert_eq!(tables, vec![vec![0, 3], vec![1, 2]]);
    }

    #[test]
    fn the_local_search_clears_a_partition_of_repeats() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        // 24 players who met in tables of 4 (0-3, 4-7, ...), started from those same tables.
        let mut pairs = Vec::new();
        let mut tables: Vec<Vec<usize>> = (0..6).map(|t| (4 * t..4 * t + 4).collect()).collect();
        for t in &tables {
            for (i, &a) in t.iter().enumerate() {
                for &b in &t[i + 1..] {
                    pairs.push((a, b));
                }
            }
        }
        let met = met_from(24, &pairs);
        assert_eq!(repeats(&met, &tables), 36);
        improve(&met, &mut tables, &mut rng);
        assert_eq!(repeats(&met, &tables), 0);
        assert!(tables.iter().all(|t| t.len() == 4));
    }
}
