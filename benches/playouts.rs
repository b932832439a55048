//! Random playouts per second per game and table kind, on one core: each iteration plays one
//! whole seeded game with uniformly random legal actions through the registry. Run with
//! `cargo bench --bench playouts`; figures go to BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use pakka::rules::registry::GAMES;
use pakka::rules::Setup;

fn random_playout(
    info: &pakka::rules::registry::GameInfo,
    options: &serde_json::Value,
    seats: usize,
    seed: u64,
) -> usize {
    let mut game = info
        .create(options.clone(), seats, Setup::seeded(seed))
        .expect("configuration is valid");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut actions = 0;
    while let Some(&seat) = game.to_act().choose(&mut rng) {
        let legal = game.legal_json(seat);
        let action = legal
            .choose(&mut rng)
            .expect("a seat to act has a legal action");
        game.act_json(seat, action).expect("listed actions apply");
        actions += 1;
    }
    actions
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(1));
    for info in GAMES {
        for (options, seats) in info.configurations() {
            let label = format!("{}/{seats}p/{}", info.id, options);
            let mut seed = 0u64;
            group.bench_function(BenchmarkId::from_parameter(label), |b| {
                b.iter(|| {
                    seed += 1;
                    random_playout(info, &options, seats, seed)
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
