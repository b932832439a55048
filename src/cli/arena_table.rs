//! `pakka arena --table`: BENCHMARKS.md's whole strength table in one command. Every game on
//! its arena table (`registry::ARENA_TABLES`) plays three pairings — `normal` against `easy`,
//! `hard` against `normal`, and the `oracle` against `normal` — at a fixed iteration count and
//! a think time that never binds, so the figures do not depend on the machine's load. Each
//! pairing is appended to a results file (one JSON line) as soon as it finishes and printed as
//! a row of the table; a second run with the same file skips the pairings already in it, so an
//! interrupted run resumes where it stopped. At the end the table is printed whole, with each
//! game's share of the oracle's edge that `hard` reaches. The intervals take the deal as the
//! unit (`arena::Tally::by_deal`); rows written before that was kept carry the seat-deal
//! intervals and say so. Every word comes from the catalog.

use std::fs::OpenOptions;
use std::io::{BufRead as _, BufReader, Write};
use std::path::Path;
use std::time::Instant;

use anyhow::Context as _;
use serde::{Deserialize, Serialize};

use super::arena::{self, ArenaConfig, ArenaReport, Contender};
use super::text;
use crate::ai::Level;
use crate::msg;
use crate::rules::registry;
use crate::text::verbatim;

/// Where the results go unless `--results` says otherwise.
pub const RESULTS: &str = "arena-table.jsonl";

/// One row of the table: a game on its arena table, and who plays whom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pairing {
    pub game: &'static str,
    pub seats: usize,
    pub first: Contender,
    pub second: Contender,
}

impl Pairing {
    /// The players in seat order before rotation: one `first` and `second` in every other seat,
    /// except in Teka, whose fixed partnerships make each level play with itself as partner.
    pub fn players(&self) -> Vec<Contender> {
        (0..self.seats)
            .map(|s| {
                let first = if self.game == "teka" {
                    s % 2 == 0
                } else {
                    s == 0
                };
                if first {
                    self.first
                } else {
                    self.second
                }
            })
            .collect()
    }
}

/// Every pairing of the table, in the order they are played: the quick `normal`-against-`easy`
/// rows of every game first, then `hard` against `normal`, then the oracle. `only` keeps one
/// game (an id or alias).
pub fn pairings(only: Option<&str>) -> anyhow::Result<Vec<Pairing>> {
    let only = match only {
        Some(name) => Some(
            registry::find(name)
                .with_context(|| text(&super::unknown_game(name)))?
                .id,
        ),
        None => None,
    };
    let kinds = [
        (
            Contender::Plays(Level::Normal),
            Contender::Plays(Level::Easy),
        ),
        (
            Contender::Plays(Level::Hard),
            Contender::Plays(Level::Normal),
        ),
        (Contender::Oracle(None), Contender::Plays(Level::Normal)),
    ];
    let mut out = Vec::new();
    for (first, second) in kinds {
        for &(game, seats) in registry::ARENA_TABLES {
            if only.is_none_or(|id| id == game) {
                out.push(Pairing {
                    game,
                    seats,
                    first,
                    second,
                });
            }
        }
    }
    Ok(out)
}

/// A mean and its 95% interval (half-width).
type Estimate = (f64, f64);

/// One finished pairing as the results file keeps it (one JSON object per line).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub game: String,
    pub seats: usize,
    /// The players by their arena names (`easy`, `hard`, `oracle`, …).
    pub first: String,
    pub second: String,
    pub deals: usize,
    pub seed: u64,
    pub iterations: u32,
    /// Win share of the first and of the second, every seat-deal taken as a sample of its own.
    pub first_share: Estimate,
    pub second_share: Estimate,
    /// Points per deal, where the game counts points, every seat-deal taken on its own.
    pub first_points: Option<Estimate>,
    pub second_points: Option<Estimate>,
    /// The same with the deal as the unit (`arena::Tally::by_deal`): the mean and interval
    /// over the deals of each deal's rotations averaged. Absent in rows written before they
    /// were kept; the table then shows the seat-deal intervals.
    #[serde(default)]
    pub deal_first_share: Option<Estimate>,
    #[serde(default)]
    pub deal_second_share: Option<Estimate>,
    #[serde(default)]
    pub deal_first_points: Option<Estimate>,
    #[serde(default)]
    pub deal_second_points: Option<Estimate>,
    /// The first's edge over the second with the deal as the unit: in points, each deal's
    /// difference of the two means (`arena::points_edge_by_deal`), where the game counts
    /// points; else its win share over the fair share.
    #[serde(default)]
    pub deal_edge: Option<Estimate>,
    /// The first's decision time, p50 and p99, in microseconds.
    pub first_p50_us: f64,
    pub first_p99_us: f64,
    /// How long the pairing took.
    pub seconds: f64,
}

impl Record {
    /// Whether this record is the result of `pairing` played with these settings.
    fn answers(&self, pairing: &Pairing, deals: usize, seed: u64, iterations: u32) -> bool {
        self.game == pairing.game
            && self.seats == pairing.seats
            && self.first == pairing.first.code()
            && self.second == pairing.second.code()
            && (self.deals, self.seed, self.iterations) == (deals, seed, iterations)
    }

    fn from_report(
        pairing: &Pairing,
        report: &ArenaReport,
        config: &ArenaConfig,
        seconds: f64,
    ) -> Record {
        let tally = |c: Contender| report.strategies.get(&c).cloned().unwrap_or_default();
        let (first, second) = (tally(pairing.first), tally(pairing.second));
        let points = |t: &arena::Tally| (!t.points.is_empty()).then(|| arena::mean_ci(&t.points));
        let (first_deals, second_deals) = (first.by_deal(), second.by_deal());
        let deal_points =
            |d: &arena::ByDeal| (!d.points.is_empty()).then(|| arena::mean_ci(&d.points));
        let deal_first_share = arena::mean_ci(&first_deals.wins);
        let deal_edge = if first_deals.points.is_empty() || second_deals.points.is_empty() {
            (
                deal_first_share.0 - 1.0 / pairing.seats as f64,
                deal_first_share.1,
            )
        } else {
            arena::mean_ci(&arena::points_edge_by_deal(&first, &second))
        };
        let mut times = first.times.clone();
        times.sort();
        let micros = |p: f64| arena::percentile(&times, p).as_secs_f64() * 1e6;
        Record {
            game: pairing.game.to_string(),
            seats: pairing.seats,
            first: pairing.first.code(),
            second: pairing.second.code(),
            deals: config.deals(),
            seed: config.seed,
            iterations: config.budget().iterations,
            first_share: arena::mean_ci(&first.wins),
            second_share: arena::mean_ci(&second.wins),
            first_points: points(&first),
            second_points: points(&second),
            deal_first_share: Some(deal_first_share),
            deal_second_share: Some(arena::mean_ci(&second_deals.wins)),
            deal_first_points: deal_points(&first_deals),
            deal_second_points: deal_points(&second_deals),
            deal_edge: Some(deal_edge),
            first_p50_us: micros(0.5),
            first_p99_us: micros(0.99),
            seconds,
        }
    }

    /// Whether the row keeps the intervals with the deal as the unit (rows written before
    /// they were kept do not).
    fn by_deal(&self) -> bool {
        self.deal_first_share.is_some()
    }

    /// The first's win share and both sides' points, with the deal as the unit where the row
    /// keeps that, else every seat-deal on its own.
    fn figures(&self) -> (Estimate, Option<Estimate>, Option<Estimate>) {
        match self.deal_first_share {
            Some(share) => (share, self.deal_first_points, self.deal_second_points),
            None => (self.first_share, self.first_points, self.second_points),
        }
    }

    /// The catalog's name for the unit of the row's intervals.
    fn over(by_deal: bool) -> String {
        if by_deal {
            text(&msg!("cli-table-over-deals"))
        } else {
            text(&msg!("cli-table-over-seat-deals"))
        }
    }

    /// The row of the table (Markdown), worded by the catalog.
    fn row(&self, pairing: &Pairing) -> String {
        let name = registry::find(pairing.game)
            .map_or_else(|| verbatim(pairing.game), |g| g.name().into());
        let (share, first_points, second_points) = self.figures();
        let points = match (first_points, second_points) {
            (Some(a), Some(b)) => text(&msg!(
                "cli-table-versus",
                a = verbatim(format!("{:.2} ± {:.2}", a.0, a.1)),
                b = verbatim(format!("{:.2} ± {:.2}", b.0, b.1))
            )),
            _ => text(&msg!("cards-none")),
        };
        text(&msg!(
            "cli-table-row",
            game = name,
            seats = self.seats,
            first = verbatim(pairing.first.label()),
            second = verbatim(pairing.second.label()),
            deals = self.deals,
            rotations = self.seats,
            share = verbatim(percent(share)),
            fair = verbatim(format!("{:.1}%", 100.0 / self.seats as f64)),
            points = verbatim(points),
            p50 = verbatim(duration(self.first_p50_us)),
            p99 = verbatim(duration(self.first_p99_us)),
            over = verbatim(Record::over(self.by_deal()))
        ))
    }

    /// The first's edge over the second: in points per deal where the game counts points,
    /// else in win share over the fair share; with its 95% interval, over the deals where the
    /// row keeps that (each deal's difference, paired), else from the seat-deal intervals.
    fn edge(&self) -> (Estimate, bool) {
        let points = self.first_points.is_some() && self.second_points.is_some();
        if let Some(edge) = self.deal_edge {
            return (edge, points);
        }
        match (self.first_points, self.second_points) {
            (Some(a), Some(b)) => ((a.0 - b.0, a.1.hypot(b.1)), true),
            _ => (
                (
                    self.first_share.0 - 1.0 / self.seats as f64,
                    self.first_share.1,
                ),
                false,
            ),
        }
    }
}

fn percent((mean, ci): Estimate) -> String {
    format!("{:.1}% ± {:.1}", 100.0 * mean, 100.0 * ci)
}

fn duration(micros: f64) -> String {
    format!("{:.2?}", std::time::Duration::from_secs_f64(micros / 1e6))
}

/// The records in the results file; a line that does not read (a run killed mid-write) is
/// passed over.
fn read_records(path: &Path) -> anyhow::Result<Vec<Record>> {
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e.into()),
    };
    let mut records = Vec::new();
    for line in BufReader::new(file).lines() {
        if let Ok(record) = serde_json::from_str::<Record>(&line?) {
            records.push(record);
        }
    }
    Ok(records)
}

/// What a table run did: the pairings it played and those it found already done.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TableRun {
    pub played: usize,
    pub skipped: usize,
}

/// Runs the table with `config`'s deals, seed, iterations and threads, telling `out` each
/// pairing as it finishes and the whole table at the end.
pub fn run(config: &ArenaConfig, out: &mut impl Write) -> anyhow::Result<TableRun> {
    let path = config.results.clone().unwrap_or_else(|| RESULTS.into());
    let file_name = verbatim(path.display().to_string());
    let pairings = pairings(config.game.as_deref())?;
    let (deals, seed, iterations) = (config.deals(), config.seed, config.budget().iterations);
    let mut records = read_records(&path)?;
    let done = |records: &[Record], p: &Pairing| {
        records
            .iter()
            .find(|r| r.answers(p, deals, seed, iterations))
            .cloned()
    };
    let todo = pairings
        .iter()
        .filter(|p| done(&records, p).is_none())
        .count();
    writeln!(
        out,
        "{}",
        text(&msg!(
            "cli-table-start",
            total = pairings.len(),
            todo = todo,
            file = file_name.clone(),
            deals = deals,
            iterations = iterations
        ))
    )?;
    let mut run = TableRun::default();
    for (n, pairing) in pairings.iter().enumerate() {
        let what = msg!(
            "cli-table-pairing",
            game = verbatim(pairing.game),
            first = verbatim(pairing.first.label()),
            second = verbatim(pairing.second.label())
        );
        if done(&records, pairing).is_some() {
            run.skipped += 1;
            let line = msg!(
                "cli-table-skipped",
                pairing = what,
                file = file_name.clone()
            );
            writeln!(out, "{}", text(&line))?;
            continue;
        }
        // The table's deals and budget, spelled out (they are not a single arena's defaults).
        let budget = config.budget();
        let single = ArenaConfig {
            game: Some(pairing.game.to_string()),
            seats: Some(pairing.seats),
            players: pairing.players(),
            games: Some(deals),
            iterations: Some(budget.iterations),
            think_ms: Some(budget.time_cap.as_millis() as u64),
            table: false,
            ..config.clone()
        };
        let start = Instant::now();
        let report = arena::run(&single)?;
        let seconds = start.elapsed().as_secs_f64();
        let record = Record::from_report(pairing, &report, &single, seconds);
        let mut file = OpenOptions::new().create(true).append(true).open(&path)?;
        writeln!(file, "{}", serde_json::to_string(&record)?)?;
        file.flush()?;
        run.played += 1;
        let line = msg!(
            "cli-table-done",
            pairing = what,
            seconds = verbatim(format!("{seconds:.0}")),
            n = n + 1,
            total = pairings.len()
        );
        writeln!(out, "{}", text(&line))?;
        writeln!(out, "{}", record.row(pairing))?;
        out.flush()?;
        records.push(record);
    }
    writeln!(out)?;
    write!(
        out,
        "{}",
        table(&pairings, &records, deals, seed, iterations)
    )?;
    Ok(run)
}

/// The whole table from the records: one row per pairing played, then each game's share of
/// the oracle's edge over `normal` that `hard` reaches.
pub fn table(
    pairings: &[Pairing],
    records: &[Record],
    deals: usize,
    seed: u64,
    iterations: u32,
) -> String {
    let mut out = String::new();
    let find = |p: &Pairing| {
        records
            .iter()
            .find(|r| r.answers(p, deals, seed, iterations))
    };
    out += &text(&msg!("cli-table-header"));
    out += "\n|---|---|---|---|---|---|---|\n";
    for p in pairings {
        if let Some(r) = find(p) {
            out += &r.row(p);
            out.push('\n');
        }
    }
    let (hard, oracle, normal) = (
        Contender::Plays(Level::Hard),
        Contender::Oracle(None),
        Contender::Plays(Level::Normal),
    );
    for &(game, seats) in registry::ARENA_TABLES {
        let row = |first| {
            find(&Pairing {
                game,
                seats,
                first,
                second: normal,
            })
        };
        let (Some(h), Some(o)) = (row(hard), row(oracle)) else {
            continue;
        };
        let (((he, hci), points), ((oe, oci), _)) = (h.edge(), o.edge());
        let by_deal = h.by_deal() && o.by_deal();
        // The ratio's interval by the delta method, the two edges taken as independent.
        let share = he / oe;
        let ci = share.abs() * ((hci / he).powi(2) + (oci / oe).powi(2)).sqrt();
        let unit = if points {
            msg!("cli-table-unit-points")
        } else {
            msg!("cli-table-unit-share")
        };
        let scale = if points { 1.0 } else { 100.0 };
        let name = registry::find(game).map_or_else(|| verbatim(game), |g| g.name().into());
        out += &text(&msg!(
            "cli-table-edge",
            game = name,
            seats = seats,
            hard = verbatim(hard.label()),
            oracle = verbatim(oracle.label()),
            normal = verbatim(normal.label()),
            deals = h.deals,
            rotations = seats,
            share = verbatim(percent((share, ci))),
            edge = verbatim(format!("{:.2} ± {:.2}", scale * he, scale * hci)),
            whole = verbatim(format!("{:.2} ± {:.2}", scale * oe, scale * oci)),
            unit = unit,
            over = verbatim(Record::over(by_deal))
        ));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    //! `pakka arena --table`: every game has three pairings, Teka sitting partners together; a
    //! tiny table resumes and skips what it has; and rows written before the deal intervals were
    //! kept still read and print their seat-deal intervals.

    use super::*;

    #[test]
    fn every_game_has_three_pairings_and_teka_sits_partners_together() {
        let all = pairings(None).unwrap();
        assert_eq!(all.len(), 3 * registry::ARENA_TABLES.len());
        let teka = pairings(Some("teka")).unwrap();
        assert_eq!(teka.len(), 3);
        let (a, b) = (teka[1].first, teka[1].second);
        assert_eq!(teka[1].players(), vec![a, b, a, b]);
        let kop = pairings(Some("kop")).unwrap();
        assert_eq!(
            kop[0].players(),
            vec![kop[0].first, kop[0].second, kop[0].second, kop[0].second]
        );
        assert!(pairings(Some("poker")).is_err());
    }

    #[test]
    fn a_tiny_table_resumes_and_skips_what_it_has() {
        let dir = tempfile::tempdir().unwrap();
        let results = dir.path().join("table.jsonl");
        let config = ArenaConfig {
            game: Some("pisha-pasha".into()),
            seats: None,
            players: Vec::new(),
            games: Some(2),
            seed: 5,
            options: String::new(),
            threads: 1,
            iterations: Some(8),
            think_ms: None,
            table: true,
            results: Some(results.clone()),
        };
        let mut first = Vec::new();
        let run1 = run(&config, &mut first).unwrap();
        assert_eq!(
            run1,
            TableRun {
                played: 3,
                skipped: 0
            }
        );
        let first = String::from_utf8(first).unwrap();
        let records = read_records(&results).unwrap();
        assert_eq!(records.len(), 3);
        // Each pairing ran with the table's settings, not a single arena's defaults.
        assert!(records
            .iter()
            .all(|r| (r.deals, r.seed, r.iterations) == (2, 5, 8)));
        assert!(first.contains("| 2 × 2 |"), "{first}");
        // Without --games and --iterations the table's own defaults hold.
        let defaults = ArenaConfig {
            games: None,
            iterations: None,
            ..config.clone()
        };
        assert_eq!(defaults.deals(), arena::TABLE_DEALS);
        assert_eq!(defaults.budget().iterations, arena::TABLE_ITERATIONS);
        assert_eq!(
            defaults.budget().time_cap.as_millis(),
            u128::from(arena::TABLE_THINK_MS)
        );
        assert!(first.contains("| normal vs easy |"), "{first}");
        assert!(first.contains("oracle"), "{first}");
        // A half-written line (a run killed mid-write) is passed over.
        let mut file = OpenOptions::new().append(true).open(&results).unwrap();
        write!(file, "{{\"game\":").unwrap();
        drop(file);
        let mut second = Vec::new();
        let run2 = run(&config, &mut second).unwrap();
        assert_eq!(
            run2,
            TableRun {
                played: 0,
                skipped: 3
            }
        );
        let second = String::from_utf8(second).unwrap();
        // The same table, from the file.
        let tail = |s: &str| s[s.find("| game").unwrap()..].to_string();
        assert_eq!(tail(&first), tail(&second));
        // Other settings are other pairings.
        let more = ArenaConfig {
            games: Some(1),
            ..config
        };
        let mut third = Vec::new();
        assert_eq!(run(&more, &mut third).unwrap().played, 3);
    }

    /// A row written before the deal intervals were kept still reads and prints, with the
    /// seat-deal intervals and saying so; a new row prints the deal intervals.
    #[test]
    fn old_rows_print_their_seat_deal_intervals() {
        let old = r#"{"game":"kop","seats":4,"first":"normal","second":"easy","deals":600,"seed":4242,"iterations":1000,"first_share":[0.248,0.01],"second_share":[0.25,0.005],"first_points":[0.02,0.08],"second_points":[-0.01,0.05],"first_p50_us":0.06,"first_p99_us":0.39,"seconds":3.0}"#;
        let record: Record = serde_json::from_str(old).unwrap();
        assert_eq!(record.deal_first_share, None);
        let pairing = pairings(Some("kop")).unwrap()[0];
        let row = record.row(&pairing);
        assert!(row.contains("0.02 ± 0.08 vs -0.01 ± 0.05"), "{row}");
        assert!(row.contains("| seat-deals"), "{row}");
        assert_eq!(record.edge(), ((0.03, 0.08f64.hypot(0.05)), true));
        let new = Record {
            deal_first_share: Some((0.25, 0.005)),
            deal_second_share: Some((0.25, 0.002)),
            deal_first_points: Some((0.02, 0.04)),
            deal_second_points: Some((-0.01, 0.01)),
            deal_edge: Some((0.03, 0.05)),
            ..record
        };
        let row = new.row(&pairing);
        assert!(row.contains("0.02 ± 0.04 vs -0.01 ± 0.01"), "{row}");
        assert!(row.contains("| deals"), "{row}");
        assert_eq!(new.edge(), ((0.03, 0.05), true));
        let line = serde_json::to_string(&new).unwrap();
        assert_eq!(serde_json::from_str::<Record>(&line).unwrap(), new);
    }
}
