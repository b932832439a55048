//! Pictures: how long one table picture and one hand picture take to draw (SVG laid out, parsed,
//! rendered and encoded as PNG) on one core, and how large the PNGs are, per game over the
//! positions of whole seeded games played by the `normal` rule of thumb. Prints a Markdown table
//! (the figures of BENCHMARKS.md) with the median, p99 and max of each, and where the time goes
//! (layout, parse, raster, encode). `cargo bench --bench render`; under `cargo test` it draws a
//! few positions of each game once.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use pakka::catalog::{NoNames, DEFAULT_LANG};
use pakka::render::{self, CatalogWords};
use pakka::rules::registry::GAMES;
use pakka::rules::{AnyGame, Observer, Setup};

/// Every position of a few seeded games of the first table kind of `info`, at most `cap`.
fn positions(info: &pakka::rules::registry::GameInfo, cap: usize) -> Vec<Box<dyn AnyGame>> {
    let Some((options, seats)) = info.configurations().into_iter().max_by_key(|c| c.1) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for seed in 1.. {
        let Ok(mut game) = info.create(options.clone(), seats, Setup::seeded(seed)) else {
            break;
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while let Some(&seat) = game.to_act().first() {
            if out.len() >= cap {
                return out;
            }
            out.push(game.clone());
            let index = game.heuristic_index(seat, &mut rng);
            if game.act_index(seat, index).is_err() {
                break;
            }
        }
        if seed > 200 {
            break;
        }
    }
    out
}

#[derive(Default)]
struct Timings {
    total: Vec<Duration>,
    layout: Duration,
    parse: Duration,
    raster: Duration,
    encode: Duration,
    sizes: Vec<usize>,
    dims: (u32, u32),
}

impl Timings {
    /// Draws one SVG document, timing each step.
    fn draw(&mut self, started: Instant, svg: &str, w: u32, h: u32) {
        let t1 = Instant::now();
        let tree = render::parse(svg).expect("parses");
        let t2 = Instant::now();
        let pixmap = render::draw(&tree, w, h).expect("draws");
        let t3 = Instant::now();
        let png = render::encode(&pixmap).expect("encodes");
        let t4 = Instant::now();
        self.total.push(t4 - started);
        self.layout += t1 - started;
        self.parse += t2 - t1;
        self.raster += t3 - t2;
        self.encode += t4 - t3;
        self.sizes.push(png.len());
        self.dims = self.dims.max((w, h));
    }
}

fn pct(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

fn kb(sorted: &[usize], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1024.0
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let cap = if full { 300 } else { 4 };
    let words = CatalogWords {
        lang: DEFAULT_LANG,
        names: &NoNames,
    };
    println!(
        "| Game | Positions | Table p50 / p99 / max ms | Table PNG p50 / max KB | Table size | Hand p50 / p99 / max ms | Hand PNG p50 / max KB | Table mean: layout / parse / raster / encode ms |"
    );
    println!("|---|---:|---|---|---|---|---|---|");
    for info in GAMES {
        let games = positions(info, cap);
        let mut table = Timings::default();
        let mut hand = Timings::default();
        for game in &games {
            let t0 = Instant::now();
            let (svg, w, h) =
                render::table_svg(&game.picture(Observer::Public), &game.name(), &words);
            table.draw(t0, &svg, w, h);

            let seat = game.to_act().first().copied().unwrap_or(0);
            let t0 = Instant::now();
            let (svg, w, h) = render::hand_svg(&game.picture(Observer::Seat(seat)), &words);
            hand.draw(t0, &svg, w, h);
        }
        for t in [&mut table, &mut hand] {
            t.total.sort();
            t.sizes.sort();
        }
        let n = games.len().max(1) as f64;
        println!(
            "| {} | {} | {:.1} / {:.1} / {:.1} | {:.0} / {:.0} | {}×{} | {:.1} / {:.1} / {:.1} | {:.0} / {:.0} | {:.2} / {:.2} / {:.2} / {:.2} |",
            info.id,
            games.len(),
            pct(&table.total, 0.5),
            pct(&table.total, 0.99),
            pct(&table.total, 1.0),
            kb(&table.sizes, 0.5),
            kb(&table.sizes, 1.0),
            table.dims.0,
            table.dims.1,
            pct(&hand.total, 0.5),
            pct(&hand.total, 0.99),
            pct(&hand.total, 1.0),
            kb(&hand.sizes, 0.5),
            kb(&hand.sizes, 1.0),
            table.layout.as_secs_f64() * 1000.0 / n,
            table.parse.as_secs_f64() * 1000.0 / n,
            table.raster.as_secs_f64() * 1000.0 / n,
            table.encode.as_secs_f64() * 1000.0 / n,
        );
    }
}
