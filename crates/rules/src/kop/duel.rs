//! A harness for Kop's rule of thumb, run by hand (its tests are ignored): the rule of thumb,
//! or a variant of it, in one seat against three seats that choose uniformly among their legal
//! actions as the arena's `easy` does, with the arena's seeds, every deal once per rotation.
//! A variant and the rule of thumb so meet the same cards and, as long as they play alike, the
//! same random choices, and they are compared deal by deal (each deal's mean VC change over its
//! four rotations, the deal being the unit of the intervals). BENCHMARKS.md quotes it:
//! `cargo test -p pakka-rules --release --lib kop::duel -- --ignored --nocapture --test-threads 1`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::heuristic::{self, Lead, Obs, Solo, Style, NORMAL};
use super::*;

/// A player in the one seat: the state (to read its seat's observation from), the seat, the
/// legal actions, and the random source `easy` would use for this decision.
type Policy<'a> = &'a dyn Fn(&Kop, Seat, &[Action], &mut ChaCha8Rng) -> usize;

/// The arena's seed for decision number `decision` of the deal seeded `seed`.
fn decision_seed(seed: u64, decision: u64) -> u64 {
    seed ^ decision.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The VC change of `seat`, played by `policy`, in the first round of the match seeded `seed`,
/// the other seats choosing at random as the arena's `easy` (`salt` 0: with its very seeds).
fn round(seed: u64, salt: u64, seat: Seat, policy: Policy) -> i64 {
    round_against(seed, salt, seat, policy, None)
}

/// [`round`], the other seats playing the rule of thumb in style `others` if given.
fn round_against(seed: u64, salt: u64, seat: Seat, policy: Policy, others: Option<Style>) -> i64 {
    let mut g = Kop::new(Options::default(), SEATS, Setup::seeded(seed)).unwrap();
    let mut legal = Vec::new();
    let mut to_act = Vec::new();
    let mut decision = 0u64;
    while g.deal == 1 && !g.is_over() {
        g.to_act_into(&mut to_act);
        let s = to_act[0];
        g.legal_into(s, &mut legal);
        decision += 1;
        let mut rng = ChaCha8Rng::seed_from_u64(decision_seed(seed ^ salt, decision));
        let i = if legal.len() <= 1 {
            0
        } else if s == seat {
            policy(&g, s, &legal, &mut rng).min(legal.len() - 1)
        } else if let Some(style) = others {
            heuristic::choose_in(style, &Obs::of(&g, s), &legal)
        } else {
            rng.random_range(0..legal.len())
        };
        g.advance(s, &legal[i], &mut Events::quiet());
    }
    g.victory_cards[seat] - START_VC
}

/// Per deal (seeds from `seed`), the policy's VC change in each of the four seats.
fn duel(deals: usize, seed: u64, policy: Policy) -> Vec<[i64; SEATS]> {
    (0..deals)
        .map(|d| {
            let s = seed.wrapping_add(d as u64);
            std::array::from_fn(|seat| round(s, 0, seat, policy))
        })
        .collect()
}

fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

fn per_deal(results: &[[i64; SEATS]]) -> Vec<f64> {
    results
        .iter()
        .map(|r| r.iter().sum::<i64>() as f64 / SEATS as f64)
        .collect()
}

/// `a` against `b` on the same deals: each one's mean points a deal, and the difference deal
/// by deal.
fn compare(name: &str, a: &[[i64; SEATS]], b: &[[i64; SEATS]]) {
    let (x, y) = (per_deal(a), per_deal(b));
    let d: Vec<f64> = x.iter().zip(&y).map(|(p, q)| p - q).collect();
    let ((mx, cx), (my, cy), (md, cd)) = (mean_ci(&x), mean_ci(&y), mean_ci(&d));
    println!(
        "{name:<44} {mx:+.3} ± {cx:.3}  vs  {my:+.3} ± {cy:.3}   difference {md:+.3} ± {cd:.3}"
    );
}

/// The rule of thumb as `normal` plays it.
fn normal(g: &Kop, seat: Seat, legal: &[Action], _rng: &mut ChaCha8Rng) -> usize {
    heuristic::choose(&Obs::of(g, seat), legal)
}

/// The rule of thumb in a given style.
fn styled(style: Style) -> impl Fn(&Kop, Seat, &[Action], &mut ChaCha8Rng) -> usize {
    move |g: &Kop, seat: Seat, legal: &[Action], _rng: &mut ChaCha8Rng| {
        heuristic::choose_in(style, &Obs::of(g, seat), legal)
    }
}

/// The rule of thumb as issue 31's first pass left it (BENCHMARKS.md's rows of commit bf37e2e).
const BEFORE: Style = Style {
    deduce: false,
    solo: Solo::RedTop,
    lead: Lead::SafeOrCheapTrump,
    alone: Lead::SafeOrCheapTrump,
    contest: 10,
};

fn uniform(_g: &Kop, _seat: Seat, legal: &[Action], rng: &mut ChaCha8Rng) -> usize {
    rng.random_range(0..legal.len())
}

/// What kind of decision the seat faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Declare,
    Lead,
    Follow,
}

fn kind(g: &Kop, legal: &[Action]) -> Kind {
    if legal.iter().any(|a| !matches!(a, Action::Play(_))) {
        Kind::Declare
    } else if g.trick.plays.is_empty() {
        Kind::Lead
    } else {
        Kind::Follow
    }
}

/// The seat's place in the order of play of the first trick (0: it leads).
fn place(g: &Kop, seat: Seat) -> usize {
    (seat + SEATS - g.first()) % SEATS
}

const DEALS: usize = 100_000;
const SEED: u64 = 1_000_000;

/// What the rule of thumb is worth decision by decision: the rule of thumb against itself
/// choosing at random in one kind of decision, and the arena's own deals.
#[test]
#[ignore]
fn which_decisions_move_points() {
    // The arena's pairing, seed 4242, 600 deals: the harness plays exactly its games.
    for (name, style) in [("before", BEFORE), ("normal", NORMAL)] {
        let arena = duel(600, 4242, &styled(style));
        let flat: Vec<f64> = arena.iter().flatten().map(|&x| x as f64).collect();
        let (m, c) = mean_ci(&flat);
        let (md, cd) = mean_ci(&per_deal(&arena));
        println!(
            "{name}, the arena's deals (seed 4242, 600): per seat-deal {m:+.3} ± {c:.3}, \
             per deal {md:+.3} ± {cd:.3}"
        );
    }
    let base = duel(DEALS, SEED, &normal);
    let flat: Vec<f64> = base.iter().flatten().map(|&x| x as f64).collect();
    let (m, c) = mean_ci(&flat);
    println!("normal, {DEALS} deals: per seat-deal {m:+.3} ± {c:.3}");
    let random = duel(DEALS, SEED, &uniform);
    compare("normal vs easy in its seat", &base, &random);
    compare(
        "normal vs before",
        &base,
        &duel(DEALS, SEED, &styled(BEFORE)),
    );
    // How far the mean of 600 deals strays: the spread of the means of blocks of 600.
    let blocks: Vec<f64> = per_deal(&base)
        .chunks(600)
        .filter(|b| b.len() == 600)
        .map(|b| b.iter().sum::<f64>() / 600.0)
        .collect();
    let (bm, _) = mean_ci(&blocks);
    let sd =
        (blocks.iter().map(|x| (x - bm).powi(2)).sum::<f64>() / (blocks.len() - 1) as f64).sqrt();
    let low = blocks.iter().filter(|&&x| x < bm - 2.0 * sd).count();
    println!(
        "blocks of 600 deals: {} blocks, mean {bm:+.3}, sd {sd:.4}, below mean - 2 sd: {low}",
        blocks.len()
    );
    let lead = |lead: Lead| Style {
        lead,
        alone: lead,
        ..NORMAL
    };
    let variants = [
        (
            "deduce: off (before)",
            Style {
                deduce: false,
                ..NORMAL
            },
        ),
        (
            "solo: with AH or 10H (before)",
            Style {
                solo: Solo::RedTop,
                ..NORMAL
            },
        ),
        (
            "contest: from 10 points (before)",
            Style {
                contest: 10,
                ..NORMAL
            },
        ),
        (
            "contest: always",
            Style {
                contest: 0,
                ..NORMAL
            },
        ),
        (
            "contest: never",
            Style {
                contest: 1000,
                ..NORMAL
            },
        ),
        (
            "lead: safe or cheap trump (before)",
            lead(Lead::SafeOrCheapTrump),
        ),
        ("lead: highest", lead(Lead::Highest)),
        ("lead: cheapest", lead(Lead::Cheapest)),
        ("lead: richest", lead(Lead::Richest)),
        (
            "lead: richest side, else safe or cheap trump",
            lead(Lead::RichestSide),
        ),
        ("lead: richest trump", lead(Lead::RichestTrump)),
        ("lead: richest but AH, 10H", lead(Lead::RichestLow)),
        ("lead: safe or richest", lead(Lead::SafeOrRichest)),
        (
            "lead: richest side, else cheapest",
            lead(Lead::SideThenCheap),
        ),
        (
            "lead: cheapest side, else AD/10D, else cheapest",
            lead(Lead::CheapSideThenWeak),
        ),
        (
            "alone: safe or cheap trump",
            Style {
                alone: Lead::SafeOrCheapTrump,
                ..NORMAL
            },
        ),
        (
            "alone: highest",
            Style {
                alone: Lead::Highest,
                ..NORMAL
            },
        ),
        (
            "alone: richest but AH, 10H",
            Style {
                alone: Lead::RichestLow,
                ..NORMAL
            },
        ),
    ];
    for (name, style) in variants {
        compare(
            &format!("{name} vs normal"),
            &duel(DEALS, SEED, &styled(style)),
            &base,
        );
    }
    for k in [Kind::Declare, Kind::Lead, Kind::Follow] {
        let at_random = move |g: &Kop, s: Seat, legal: &[Action], rng: &mut ChaCha8Rng| {
            if kind(g, legal) == k {
                uniform(g, s, legal, rng)
            } else {
                normal(g, s, legal, rng)
            }
        };
        compare(
            &format!("normal vs normal at random in {k:?}"),
            &base,
            &duel(DEALS, SEED, &at_random),
        );
    }
}

/// With both black queens: the mean VC change of each declaration, by the other two cards of
/// the hand and the seat's place in the first trick, `normal` playing the cards.
#[test]
#[ignore]
fn what_each_declaration_is_worth() {
    use std::collections::BTreeMap;
    const SALTS: u64 = 16;
    // (other cards' places, place in the first trick) → sums per declaration, and the count.
    let mut table: BTreeMap<(usize, usize, usize), ([i64; 3], u64)> = BTreeMap::new();
    let mut found = 0;
    let mut seed = SEED;
    while found < 40_000 {
        seed += 1;
        let g = Kop::new(Options::default(), SEATS, Setup::seeded(seed)).unwrap();
        let Some(x) = both_queens(&g.hands) else {
            continue;
        };
        found += 1;
        let rest = bits(g.hands[x]) & !0b1100;
        let (a, b) = (
            rest.trailing_zeros() as usize,
            15 - rest.leading_zeros() as usize,
        );
        let entry = table.entry((a, b, place(&g, x))).or_default();
        for (k, declared) in [Action::Wedding, Action::Silent, Action::Solo]
            .into_iter()
            .enumerate()
        {
            let forced = move |g: &Kop, s: Seat, legal: &[Action], rng: &mut ChaCha8Rng| {
                if kind(g, legal) == Kind::Declare {
                    legal.iter().position(|&a| a == declared).unwrap_or(0)
                } else {
                    normal(g, s, legal, rng)
                }
            };
            for salt in 0..SALTS {
                entry.0[k] += round(seed, salt.wrapping_mul(0x5851_F42D_4C95_7F2D), x, &forced);
            }
        }
        entry.1 += SALTS;
    }
    println!("cards          place  n     wedding  silent   solo");
    for ((a, b, p), (sums, n)) in &table {
        let ev = sums.map(|s| s as f64 / *n as f64);
        println!(
            "{:<4} {:<4}       {p}   {n:>5}   {:+.2}    {:+.2}    {:+.2}",
            ORDER[*a].to_string(),
            ORDER[*b].to_string(),
            ev[0],
            ev[1],
            ev[2]
        );
    }
}

/// The choices that beat `easy`, against three seats playing the rule of thumb instead: what
/// a search's playouts and people at a table meet.
#[test]
#[ignore]
fn against_the_rule_of_thumb() {
    for (name, others) in [("before", BEFORE), ("normal", NORMAL)] {
        let run = |style: Style| -> Vec<[i64; SEATS]> {
            (0..DEALS / 4)
                .map(|d| {
                    let s = SEED.wrapping_add(d as u64);
                    std::array::from_fn(|seat| {
                        round_against(s, 0, seat, &styled(style), Some(others))
                    })
                })
                .collect()
        };
        let base = run(NORMAL);
        let lead = |lead: Lead| Style {
            lead,
            alone: lead,
            ..NORMAL
        };
        for (label, style) in [
            ("before", BEFORE),
            ("lead: safe or cheap trump", lead(Lead::SafeOrCheapTrump)),
            ("lead: cheapest", lead(Lead::Cheapest)),
            ("lead: richest but AH, 10H", lead(Lead::RichestLow)),
            (
                "solo: with AH or 10H",
                Style {
                    solo: Solo::RedTop,
                    ..NORMAL
                },
            ),
            (
                "contest: from 10",
                Style {
                    contest: 10,
                    ..NORMAL
                },
            ),
        ] {
            compare(
                &format!("against {name}: {label} vs normal"),
                &run(style),
                &base,
            );
        }
    }
}
