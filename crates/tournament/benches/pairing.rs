//! Pairing time for a large event: 256 players at 4-seat tables, Swiss round 1 and round 5
//! after four rounds with seeded results (and the same for duplicate and round robin). It reads
//! this crate alone: `cargo bench -p pakka-tournament --bench pairing`. The target: under
//! 100 ms a pairing.

use criterion::{criterion_group, criterion_main, Criterion};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use pakka_tournament::{pair, Entrant, Event, Format, RoundRecord, TableResult};

fn entrants(n: u64) -> Vec<Entrant> {
    (0..n)
        .map(|i| Entrant {
            id: 1_000 + i,
            rating: ((i * 37) % 101) as f64,
        })
        .collect()
}

/// `rounds` rounds paired and played with a seeded random ranking at every table.
fn history(event: &Event, players: &[Entrant], rounds: u32) -> Vec<RoundRecord> {
    let mut rng = ChaCha8Rng::seed_from_u64(event.seed);
    let mut history = Vec::new();
    for round in 1..=rounds {
        let plan = pair(event, round, players, &history).expect("pairs");
        let results = plan
            .tables
            .iter()
            .map(|t| {
                let mut order: Vec<usize> = (0..t.seats.len()).collect();
                order.shuffle(&mut rng);
                Some(TableResult {
                    ranking: order.into_iter().map(|s| vec![s]).collect(),
                    ..TableResult::default()
                })
            })
            .collect();
        history.push(RoundRecord { plan, results });
    }
    history
}

fn pairing(c: &mut Criterion) {
    let players = entrants(256);
    let mut group = c.benchmark_group("pair");
    group.sample_size(20);
    for format in [Format::Swiss, Format::Duplicate, Format::RoundRobin] {
        let event = Event {
            format,
            seats: 4,
            rounds: 5,
            seed: 2024,
        };
        group.bench_function(format!("{}/256p4s/round1", format.id()), |b| {
            b.iter(|| pair(&event, 1, &players, &[]).expect("pairs"))
        });
        let played = history(&event, &players, 4);
        group.bench_function(format!("{}/256p4s/round5", format.id()), |b| {
            b.iter(|| pair(&event, 5, &players, &played).expect("pairs"))
        });
    }
    group.finish();
}

criterion_group!(benches, pairing);
criterion_main!(benches);
