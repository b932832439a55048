//! Computer players' decision time per game and level on one core: each iteration makes one
//! decision in a fixed mid-game position (seeded), with the default budget for `hard`. Run with
//! `cargo bench --bench decisions`; `pakka arena` reports the same times over whole games
//! (p50/p99) and BENCHMARKS.md holds both.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use pakka::ai::{self, Level, Observation};
use pakka::rules::registry::GAMES;
use pakka::rules::{AnyGame, Setup};

/// A seeded position six rule-of-thumb moves into the first table kind of a game.
fn position(info: &pakka::rules::registry::GameInfo, seed: u64) -> Option<Box<dyn AnyGame>> {
    let (options, seats) = info.configurations().into_iter().next()?;
    let mut game = info.create(options, seats, Setup::seeded(seed)).ok()?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..6 {
        let seat = *game.to_act().choose(&mut rng)?;
        // The rule of thumb, not random moves: a random "End turn" puts a Red7 player out.
        let index = ai::choose(&Observation::new(game.as_ref(), seat), Level::Normal, seed).index;
        game.act_index(seat, index).ok()?;
    }
    (!game.status().over).then_some(game)
}

fn decisions(c: &mut Criterion) {
    let mut group = c.benchmark_group("decision");
    group.sample_size(10);
    for info in GAMES {
        let Some(game) = (1..50).find_map(|seed| position(info, seed)) else {
            continue;
        };
        let seat = game.to_act()[0];
        for level in [Level::Normal, Level::Hard] {
            let mut seed = 0;
            group.bench_function(BenchmarkId::new(info.id, level), |b| {
                b.iter(|| {
                    seed += 1;
                    ai::choose(&Observation::new(game.as_ref(), seat), level, seed).index
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, decisions);
criterion_main!(benches);
