//! Playout speed on one core. `playout/…`: whole seeded games per second per game and table
//! kind, with uniformly random legal actions through the registry's JSON interface.
//! `actions/…`: actions per second per game through the typed paths a search uses, random and
//! by rule of thumb, beside a plain bitmask trick game as the yardstick. It reads the rules crate
//! alone, so it builds without the bot: `cargo bench -p pakka-rules --bench playouts`
//! (`-- actions/` for the second group); figures go to BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use pakka_rules::registry::{self, GameInfo, GAMES};
use pakka_rules::{AnyGame, Limit, Policy, Setup};

fn random_playout(info: &GameInfo, options: &serde_json::Value, seats: usize, seed: u64) -> usize {
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

/// Actions applied per benchmark iteration: whole games are played back to back from a pool of
/// dealt games (cloned, as a search clones its samples) until this many actions have run.
const ACTIONS_PER_ITER: u64 = 2_000;

/// A pool of freshly dealt games of one kind.
fn dealt(info: &GameInfo, seats: usize) -> Vec<Box<dyn AnyGame>> {
    (0..32)
        .map(|seed| {
            info.create(info.default_options(), seats, Setup::seeded(seed))
                .expect("the arena's table is valid")
        })
        .collect()
}

/// Plays `ACTIONS_PER_ITER` actions with `policy` through `AnyGame::rollout` (the search's
/// playout), starting the next dealt game whenever one ends.
fn run_actions(
    pool: &[Box<dyn AnyGame>],
    next: &mut usize,
    rng: &mut ChaCha8Rng,
    policy: Policy,
) -> u64 {
    let mut done = 0u64;
    while done < ACTIONS_PER_ITER {
        let mut game = pool[*next % pool.len()].clone();
        *next += 1;
        let limit = Limit {
            actions: (ACTIONS_PER_ITER - done) as u32,
            within_deal: false,
        };
        done += u64::from(game.rollout(policy, limit, rng).max(1));
    }
    done
}

/// Actions per second per game (the arena's table), with uniformly random legal actions and with
/// every seat following the game's rule of thumb (`AnyGame::rollout`, no noise), beside a
/// plain bitmask trick game as the yardstick of what a tight loop does on this machine.
fn actions(c: &mut Criterion) {
    let mut group = c.benchmark_group("actions");
    group.throughput(Throughput::Elements(ACTIONS_PER_ITER));
    group.bench_function("yardstick/bitmask-trick-game", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        b.iter(|| yardstick::run(ACTIONS_PER_ITER, &mut rng))
    });
    for &(id, seats) in registry::ARENA_TABLES {
        let info = registry::find(id).expect("a registered game");
        let pool = dealt(info, seats);
        let mut next = 0;
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        group.bench_function(format!("{id}/random"), |b| {
            b.iter(|| run_actions(&pool, &mut next, &mut rng, Policy::Random))
        });
        group.bench_function(format!("{id}/rule-of-thumb"), |b| {
            b.iter(|| {
                run_actions(
                    &pool,
                    &mut next,
                    &mut rng,
                    Policy::RuleOfThumb { noise: 0.0 },
                )
            })
        });
    }
    group.finish();
}

/// The yardstick: four seats, 13 cards each as 64-bit masks, follow suit, a random legal card,
/// the highest card of the led suit wins the trick and leads the next. No trumps, no scoring
/// beyond tricks: the least any trick game must do per action.
mod yardstick {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    const SUIT: u64 = 0x1fff;

    fn deal(rng: &mut ChaCha8Rng) -> [u64; 4] {
        let mut deck: [u8; 52] = std::array::from_fn(|i| i as u8);
        for i in (1..52).rev() {
            deck.swap(i, rng.random_range(0..=i));
        }
        let mut hands = [0u64; 4];
        for (i, card) in deck.iter().enumerate() {
            hands[i % 4] |= 1 << (u64::from(*card) / 13 * 16 + u64::from(*card) % 13);
        }
        hands
    }

    /// Plays `actions` cards (dealing anew after every 52) and answers the tricks each seat won,
    /// summed, so the loop cannot be optimised away.
    pub fn run(actions: u64, rng: &mut ChaCha8Rng) -> u64 {
        let mut fast = ChaCha8Rng::seed_from_u64(rng.random());
        let mut won = 0u64;
        let mut done = 0;
        while done < actions {
            let mut hands = deal(&mut fast);
            let mut leader = 0usize;
            for _ in 0..13 {
                let mut best = 0u64;
                let mut winner = leader;
                let mut led = 0u64;
                for k in 0..4 {
                    let seat = (leader + k) % 4;
                    let follow = hands[seat] & led;
                    let legal = if follow != 0 { follow } else { hands[seat] };
                    let pick = fast.random_range(0..legal.count_ones());
                    let mut bits = legal;
                    for _ in 0..pick {
                        bits &= bits - 1;
                    }
                    let card = bits & bits.wrapping_neg();
                    hands[seat] &= !card;
                    if k == 0 {
                        led = SUIT << (card.trailing_zeros() / 16 * 16);
                        best = card;
                    } else if card & led != 0 && card > best {
                        best = card;
                        winner = seat;
                    }
                    done += 1;
                }
                leader = winner;
                won += winner as u64;
            }
        }
        won
    }
}

criterion_group!(benches, playouts, actions);
criterion_main!(benches);
