//! `pakka arena`: computer players against each other. Plays K seeded deals, each once per
//! rotation of the players over the seats (so every strategy sits in every seat of the same
//! deals), and reports per strategy its win share and, where the game counts points, its mean
//! score per deal, each with a 95% confidence interval, and its decision time (p50/p99). A deal
//! ends at the end of the game or when the match moves on to its next deal. The intervals take
//! the deal as the unit ([`Tally::by_deal`]): the rotations of one deal share its cards, which is
//! what rotating them is for, so they are not independent samples; the deals are. Besides the levels,
//! the arena seats `hard` with a named search (`hard/flat`, `hard/ismcts`, `hard/plan`) and the `oracle`,
//! which searches the true state (`ai::oracle`) and exists only here. `--table` plays
//! BENCHMARKS.md's whole strength table instead (`arena_table`).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::mpsc;
use std::time::Duration;

use anyhow::{bail, Context as _};
use serde_json::Value;

use super::text;
use crate::ai::{self, oracle, Budget, Level, Observation, Search};
use crate::msg;
use crate::rules::registry::{self, GameInfo};
use crate::rules::{AnyGame, Setup};
use crate::text::verbatim;

/// What to play: `pakka arena`'s arguments.
#[derive(Clone, Debug, clap::Args)]
pub struct ArenaConfig {
    /// The game; with `--table`, the one game whose rows to play (default: all).
    #[arg(required_unless_present = "table")]
    pub game: Option<String>,
    #[arg(long)]
    pub seats: Option<usize>,
    /// One player per seat, in seat order before rotation.
    #[arg(
        long,
        value_delimiter = ',',
        required_unless_present = "table",
        value_parser = super::parse_contender
    )]
    pub players: Vec<Contender>,
    /// Deals (default 100; with `--table`, 600 per pairing).
    #[arg(long)]
    pub games: Option<usize>,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[arg(long, default_value = "")]
    pub options: String,
    /// Worker threads (deals are independent).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// The searching players' most iterations per decision (default: a table's).
    #[arg(long)]
    pub iterations: Option<u32>,
    /// The searching players' most time per decision in milliseconds (default: a table's).
    #[arg(long)]
    pub think_ms: Option<u64>,
    /// Play BENCHMARKS.md's whole strength table (`arena_table`), resumably.
    #[arg(long)]
    pub table: bool,
    /// With `--table`: the file the results are appended to and resumed from.
    #[arg(long)]
    pub results: Option<std::path::PathBuf>,
}

/// With `--table` (`arena_table`): rotated deals per pairing unless `--games` says otherwise.
pub const TABLE_DEALS: usize = 600;
/// With `--table`: the searching players' iterations per decision unless `--iterations` says
/// otherwise.
pub const TABLE_ITERATIONS: u32 = 1000;
/// With `--table`: the think time unless `--think-ms` says otherwise: ten minutes, so that the
/// iterations always run out first.
pub const TABLE_THINK_MS: u64 = 600_000;

impl ArenaConfig {
    /// The searching players' budget: a table's, with the iterations and time given. The
    /// strength table's default is a fixed iteration count that the clock never cuts short.
    pub fn budget(&self) -> Budget {
        let mut budget = Budget::default();
        if self.table {
            budget.iterations = TABLE_ITERATIONS;
            budget.time_cap = Duration::from_millis(TABLE_THINK_MS);
        }
        if let Some(iterations) = self.iterations {
            budget.iterations = iterations;
        }
        if let Some(ms) = self.think_ms {
            budget.time_cap = Duration::from_millis(ms);
        }
        budget
    }

    /// The deals to play (per pairing with `--table`).
    pub fn deals(&self) -> usize {
        let default = if self.table { TABLE_DEALS } else { 100 };
        self.games.unwrap_or(default)
    }
}

/// A player in the arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Contender {
    /// A level as a table seats it (`hard` with its game's search).
    Plays(Level),
    /// `hard` running the named search.
    Hard(Search),
    /// The oracle: the search (its game's, or the named one) on the true state.
    Oracle(Option<Search>),
}

/// A word that names no arena player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown arena player {0:?}")]
pub struct UnknownContender(pub String);

impl std::str::FromStr for Contender {
    type Err = UnknownContender;

    /// `easy`, `normal`, `hard`, `hard/flat`, `hard/ismcts`, `hard/plan`, `oracle`,
    /// `oracle/flat`, …
    fn from_str(s: &str) -> Result<Contender, UnknownContender> {
        let unknown = || UnknownContender(s.to_string());
        let lower = s.trim().to_ascii_lowercase();
        let (who, search) = match lower.split_once('/') {
            Some((who, search)) => (
                who,
                Some(
                    Search::ALL
                        .into_iter()
                        .find(|x| x.name() == search)
                        .ok_or_else(unknown)?,
                ),
            ),
            None => (lower.as_str(), None),
        };
        match (who, search) {
            ("oracle", search) => Ok(Contender::Oracle(search)),
            ("hard", Some(search)) => Ok(Contender::Hard(search)),
            (level, None) => level.parse().map(Contender::Plays).map_err(|_| unknown()),
            _ => Err(unknown()),
        }
    }
}

impl Contender {
    /// Its name as `--players` reads it (`easy`, `hard/flat`, `oracle`): the strength table's
    /// results file keys pairings by it.
    pub fn code(self) -> String {
        match self {
            Contender::Plays(level) => level.name().to_string(),
            Contender::Hard(search) => format!("hard/{}", search.name()),
            Contender::Oracle(None) => "oracle".to_string(),
            Contender::Oracle(Some(search)) => format!("oracle/{}", search.name()),
        }
    }

    /// Its name in the arena's table.
    pub fn label(self) -> String {
        match self {
            Contender::Plays(level) => text(&crate::table::level_name(level)),
            Contender::Hard(search) => text(&msg!(
                "cli-arena-searching",
                player = crate::table::level_name(Level::Hard),
                search = verbatim(search.name())
            )),
            Contender::Oracle(None) => text(&msg!("cli-arena-oracle")),
            Contender::Oracle(Some(search)) => text(&msg!(
                "cli-arena-searching",
                player = msg!("cli-arena-oracle"),
                search = verbatim(search.name())
            )),
        }
    }

    fn choose(self, game: &dyn AnyGame, seat: usize, seed: u64, budget: Budget) -> ai::Decision {
        let observation = Observation::new(game, seat);
        match self {
            Contender::Plays(level) => ai::choose_with(&observation, level, seed, budget),
            Contender::Hard(search) => {
                ai::choose_searching(&observation, Level::Hard, search, seed, budget)
            }
            Contender::Oracle(search) => {
                let search = search.unwrap_or_else(|| game.search());
                oracle::choose(game, seat, search, seed, budget)
            }
        }
    }
}

/// One strategy's tally.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Per seat-deal: the share of the win (1, or 1/k for a k-way tie for first).
    pub wins: Vec<f64>,
    /// Per seat-deal: points won in the deal, where the game counts points.
    pub points: Vec<f64>,
    pub times: Vec<Duration>,
    /// Per deal (by its number): the strategy's seat-deals in it, summed.
    pub deals: BTreeMap<usize, DealSum>,
}

/// A strategy's seat-deals in one deal (every seat it held in every rotation), summed.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DealSum {
    pub seats: u32,
    pub wins: f64,
    /// Seat-deals that counted points, and their sum.
    pub counted: u32,
    pub points: f64,
}

/// The sample the intervals are taken over: one value per deal.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ByDeal {
    /// Per deal, the strategy's mean win share over its seat-deals in it.
    pub wins: Vec<f64>,
    /// Per deal, its mean points (deals where the game counted none are left out).
    pub points: Vec<f64>,
}

impl Tally {
    /// Adds one seat-deal of deal number `deal`.
    pub fn add(&mut self, deal: usize, win: f64, points: Option<f64>) {
        self.wins.push(win);
        let sum = self.deals.entry(deal).or_default();
        sum.seats += 1;
        sum.wins += win;
        if let Some(p) = points {
            self.points.push(p);
            sum.counted += 1;
            sum.points += p;
        }
    }

    /// The deal as the unit: each deal's seat-deals averaged (its rotations, and in them every
    /// seat the strategy held), one value per deal. The rotations of a deal play the same
    /// cards, so their results are not independent, and averaging them cancels the cards' luck
    /// the rotation is there to cancel; the deals are independent, so a mean and interval over
    /// these values ([`mean_ci`]) is the honest one.
    pub fn by_deal(&self) -> ByDeal {
        let mut out = ByDeal::default();
        for sum in self.deals.values() {
            out.wins.push(sum.wins / f64::from(sum.seats.max(1)));
            if sum.counted > 0 {
                out.points.push(sum.points / f64::from(sum.counted));
            }
        }
        out
    }
}

/// Per deal that both played and counted points in, `a`'s mean points minus `b`'s: the sample
/// for the interval of one strategy's edge over another in the same deals (paired, so the
/// deal's luck, shared by both, drops out).
pub fn points_edge_by_deal(a: &Tally, b: &Tally) -> Vec<f64> {
    a.deals
        .iter()
        .filter_map(|(deal, x)| {
            let y = b.deals.get(deal)?;
            (x.counted > 0 && y.counted > 0)
                .then(|| x.points / f64::from(x.counted) - y.points / f64::from(y.counted))
        })
        .collect()
}

/// The arena's results: per strategy, and how many seat-deals each played.
#[derive(Clone, Debug, Default)]
pub struct ArenaReport {
    pub game: &'static str,
    pub seats: usize,
    pub deals: usize,
    pub strategies: BTreeMap<Contender, Tally>,
}

/// The mean and the half-width of its 95% interval.
pub fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, 0.0);
    }
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// The `p` quantile of sorted times.
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

impl ArenaReport {
    /// A plain-text table: strategy, seat-deals, win share ± CI, mean points ± CI, p50, p99;
    /// the intervals over the deals ([`Tally::by_deal`]).
    pub fn table(&self) -> String {
        let mut out = String::new();
        let title = msg!(
            "cli-arena-title",
            game = verbatim(self.game),
            seats = self.seats,
            deals = self.deals,
            rotations = self.seats
        );
        let _ = writeln!(out, "{}", text(&title));
        let _ = writeln!(
            out,
            "{:<14} {:>6} {:>16} {:>18} {:>10} {:>10}",
            text(&msg!("cli-arena-player")),
            text(&msg!("cli-arena-n")),
            text(&msg!("cli-arena-win-share")),
            text(&msg!("cli-arena-points")),
            "p50",
            "p99"
        );
        for (level, t) in &self.strategies {
            let by_deal = t.by_deal();
            let (w, wci) = mean_ci(&by_deal.wins);
            let points = if by_deal.points.is_empty() {
                text(&msg!("cards-none"))
            } else {
                let (p, pci) = mean_ci(&by_deal.points);
                format!("{p:.2} ± {pci:.2}")
            };
            let mut times = t.times.clone();
            times.sort();
            let _ = writeln!(
                out,
                "{:<14} {:>6} {:>16} {:>18} {:>10} {:>10}",
                level.label(),
                t.wins.len(),
                format!("{:.1}% ± {:.1}", 100.0 * w, 100.0 * wci),
                points,
                format!("{:.2?}", percentile(&times, 0.5)),
                format!("{:.2?}", percentile(&times, 0.99)),
            );
        }
        let fair = msg!(
            "cli-arena-fair-share",
            share = verbatim(format!("{:.1}", 100.0 / self.seats as f64))
        );
        let _ = writeln!(out, "{}", text(&fair));
        let over = msg!(
            "cli-arena-intervals",
            deals = self.deals,
            rotations = self.seats
        );
        let _ = write!(out, "{}", text(&over));
        out
    }
}

/// Per seat: the share of the win and the points of the deal (where the game counts points).
type Outcome = Vec<(f64, Option<f64>)>;

/// Plays one deal with the players in seat order; answers per seat (win share, points) and the
/// decision times per seat.
fn play_deal(
    info: &GameInfo,
    options: &Value,
    players: &[Contender],
    seed: u64,
    budget: Budget,
) -> anyhow::Result<(Outcome, Vec<Vec<Duration>>)> {
    let seats = players.len();
    let mut game: Box<dyn AnyGame> = info.create(options.clone(), seats, Setup::seeded(seed))?;
    let start = game.status();
    let mut times = vec![Vec::new(); seats];
    let mut decision = 0u64;
    for _ in 0..100_000 {
        let status = game.status();
        if status.over || status.deal != start.deal {
            break;
        }
        // Simultaneous steps: the first seat listed moves first.
        let seat = status.to_act[0];
        decision += 1;
        let choice = players[seat].choose(
            game.as_ref(),
            seat,
            seed ^ decision.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            budget,
        );
        times[seat].push(choice.elapsed);
        game.act_index(seat, choice.index).map_err(|e| {
            anyhow::Error::msg(text(&msg!("cli-computer-refused", reason = e.msg())))
        })?;
    }
    let end = game.status();
    let points: Vec<Option<f64>> = match (&end.scores, &start.scores) {
        (Some(now), Some(then)) => now
            .iter()
            .zip(then)
            .map(|(a, b)| Some((a - b) as f64))
            .collect(),
        _ => vec![None; seats],
    };
    let wins = match &end.ranking {
        Some(ranking) => {
            let first = &ranking[0];
            (0..seats)
                .map(|s| {
                    if first.contains(&s) {
                        1.0 / first.len() as f64
                    } else {
                        0.0
                    }
                })
                .collect::<Vec<_>>()
        }
        None => {
            // A match moved on: the best scorer of the deal won it.
            let best = points.iter().flatten().cloned().fold(f64::MIN, f64::max);
            let top: Vec<usize> = (0..seats).filter(|&s| points[s] == Some(best)).collect();
            (0..seats)
                .map(|s| {
                    if top.contains(&s) {
                        1.0 / top.len() as f64
                    } else {
                        0.0
                    }
                })
                .collect()
        }
    };
    Ok((wins.into_iter().zip(points).collect(), times))
}

/// Runs the arena.
pub fn run(config: &ArenaConfig) -> anyhow::Result<ArenaReport> {
    let game = config.game.as_deref().unwrap_or_default();
    let info = registry::find(game).with_context(|| text(&super::unknown_game(game)))?;
    let seats = config.seats.unwrap_or(config.players.len());
    if config.players.len() != seats {
        bail!(text(&msg!(
            "cli-arena-players",
            players = config.players.len(),
            seats = seats
        )));
    }
    let options = info
        .parse_options(&config.options)
        .map_err(|e| anyhow::Error::msg(text(&e.msg())))?;
    info.create(options.clone(), seats, Setup::seeded(config.seed))
        .map_err(|e| anyhow::Error::msg(text(&e.msg())))?;
    let mut report = ArenaReport {
        game: info.id,
        seats,
        deals: config.deals(),
        strategies: BTreeMap::new(),
    };
    let threads = config.threads.max(1);
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|scope| -> anyhow::Result<()> {
        for worker in 0..threads {
            let tx = tx.clone();
            let options = options.clone();
            let players = config.players.clone();
            let (games, base, budget) = (config.deals(), config.seed, config.budget());
            scope.spawn(move || {
                for deal in (worker..games).step_by(threads) {
                    let seed = base.wrapping_add(deal as u64);
                    for rotation in 0..seats {
                        let rotated: Vec<Contender> = (0..seats)
                            .map(|s| players[(s + rotation) % seats])
                            .collect();
                        let result = play_deal(info, &options, &rotated, seed, budget)
                            .map(|r| (deal, rotated, r));
                        if tx.send(result).is_err() {
                            return;
                        }
                    }
                }
            });
        }
        drop(tx);
        for result in rx {
            let (deal, players, (outcome, times)) = result?;
            for (seat, level) in players.iter().enumerate() {
                let tally = report.strategies.entry(*level).or_default();
                tally.add(deal, outcome[seat].0, outcome[seat].1);
                tally.times.extend(&times[seat]);
            }
        }
        Ok(())
    })?;
    Ok(report)
}

#[cfg(test)]
mod tests {
    //! `pakka arena`: a small arena tallies every seat and deal, its intervals take the deal as
    //! the unit, bad arguments are refused, and the oracle and named searches take seats.

    use super::*;

    #[test]
    fn a_small_arena_tallies_every_seat_deal() {
        let config = ArenaConfig {
            game: Some("pisha-pasha".into()),
            seats: None,
            players: vec![
                Contender::Plays(Level::Normal),
                Contender::Plays(Level::Easy),
            ],
            games: Some(4),
            seed: 1,
            options: String::new(),
            threads: 2,
            iterations: None,
            think_ms: None,
            table: false,
            results: None,
        };
        let report = run(&config).unwrap();
        let total: usize = report.strategies.values().map(|t| t.wins.len()).sum();
        assert_eq!(total, 4 * 2 * 2, "deals × rotations × seats");
        for t in report.strategies.values() {
            // One value per deal, each the mean of the strategy's two seat-deals in it.
            assert_eq!(t.deals.len(), 4);
            assert!(t.deals.values().all(|d| d.seats == 2 && d.counted == 2));
            assert_eq!(t.by_deal().wins.len(), 4);
        }
        let shares: f64 = report.strategies.values().flat_map(|t| t.wins.iter()).sum();
        assert!((shares - 8.0).abs() < 1e-9, "one win per deal and rotation");
        assert!(report.table().contains("normal"));
        assert_eq!(mean_ci(&[1.0, 1.0]), (1.0, 0.0));
    }

    /// Two deals, each played in four rotations by `a` in one seat and `b` in the other three.
    /// Per deal `a` scores +2, −2, +2, −2 (mean 0) and +4, 0, +4, 0 (mean 2); `b` the opposite
    /// share of each rotation. The deals' means 0 and 2 give a mean of 1 with a standard
    /// deviation of √2, so an interval of 1.96 · √2 / √2 = 1.96; the eight seat-deals taken
    /// one by one (variance 40/7) would give 1.96 · √(40/7 / 8) ≈ 1.66, too narrow: the two
    /// deals are all the independent information there is.
    #[test]
    fn intervals_take_the_deal_as_the_unit() {
        let mut a = Tally::default();
        let mut b = Tally::default();
        for (deal, scores) in [(0, [2.0, -2.0, 2.0, -2.0]), (1, [4.0, 0.0, 4.0, 0.0])] {
            for p in scores {
                a.add(deal, if p > 0.0 { 1.0 } else { 0.0 }, Some(p));
                for _ in 0..3 {
                    b.add(deal, 0.0, Some(-p / 3.0));
                }
            }
        }
        let by_deal = a.by_deal();
        assert_eq!(by_deal.points, vec![0.0, 2.0]);
        assert_eq!(by_deal.wins, vec![0.5, 0.5]);
        let (mean, ci) = mean_ci(&by_deal.points);
        assert!((mean - 1.0).abs() < 1e-12);
        assert!((ci - 1.96).abs() < 1e-12, "{ci}");
        // The win share is the same in both deals: no spread between deals, no interval.
        assert_eq!(mean_ci(&by_deal.wins), (0.5, 0.0));
        let (old, old_ci) = mean_ci(&a.points);
        assert!((old - 1.0).abs() < 1e-12);
        assert!((old_ci - 1.96 * (40.0f64 / 7.0 / 8.0).sqrt()).abs() < 1e-12);
        // `b`'s three seats of each rotation are averaged into the deal too.
        let b_deal = b.by_deal();
        assert_eq!(b_deal.points.len(), 2);
        assert!((b_deal.points[1] + 2.0 / 3.0).abs() < 1e-12);
        // The paired edge: per deal 0 − 0 and 2 − (−2/3).
        let edge = points_edge_by_deal(&a, &b);
        assert_eq!(edge.len(), 2);
        assert!(edge[0].abs() < 1e-12 && (edge[1] - 8.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn bad_arguments_are_refused() {
        let mut config = ArenaConfig {
            game: Some("poker".into()),
            seats: None,
            players: vec![Contender::Plays(Level::Easy); 2],
            games: Some(1),
            seed: 0,
            options: String::new(),
            threads: 1,
            iterations: None,
            think_ms: None,
            table: false,
            results: None,
        };
        assert!(run(&config).is_err());
        config.game = Some("pisha-pasha".into());
        config.seats = Some(3);
        assert!(run(&config).is_err());
    }

    #[test]
    fn the_oracle_and_named_searches_take_seats() {
        for (word, contender) in [
            ("hard", Contender::Plays(Level::Hard)),
            ("HARD/flat", Contender::Hard(Search::Flat)),
            ("hard/ismcts", Contender::Hard(Search::IsMcts)),
            ("hard/plan", Contender::Hard(Search::Plan)),
            ("oracle", Contender::Oracle(None)),
            ("oracle/flat", Contender::Oracle(Some(Search::Flat))),
        ] {
            assert_eq!(word.parse(), Ok(contender));
        }
        for bad in ["expert", "easy/flat", "hard/minimax", "oracle/"] {
            assert!(bad.parse::<Contender>().is_err(), "{bad}");
        }
        let config = ArenaConfig {
            game: Some("red7".into()),
            seats: None,
            players: vec![
                Contender::Oracle(None),
                Contender::Hard(Search::Flat),
                Contender::Plays(Level::Normal),
            ],
            games: Some(2),
            seed: 3,
            options: String::new(),
            threads: 1,
            iterations: Some(16),
            think_ms: None,
            table: false,
            results: None,
        };
        let report = run(&config).unwrap();
        assert_eq!(report.strategies.len(), 3);
        assert!(report.table().contains("oracle"));
    }
}
