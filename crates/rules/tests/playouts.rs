//! A search's playouts allocate nothing per action: `AnyGame::rollout` allocates its buffers once
//! per call, and every game's `to_act_into`, `legal_into`, `advance` and `rule_of_thumb` work in
//! place. Counted with a global allocator that tallies each thread's allocations (tests run on
//! several threads; each counts only its own). A test target of its own, so the counting
//! allocator is installed in this binary alone.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use pakka_rules::registry;
use pakka_rules::{Limit, Policy, Setup};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count() {
    // `try_with`: the allocator also runs while a thread's locals are torn down.
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

// SAFETY: every call is passed on to the system allocator unchanged; counting touches only a
// thread-local `Cell`, which never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// What one playout may allocate whatever its length: its two buffers and their growth.
const PER_PLAYOUT: u64 = 8;

#[test]
fn playouts_allocate_nothing_per_action() {
    let mut failures = Vec::new();
    for &(id, seats) in registry::ARENA_TABLES {
        let info = registry::find(id).expect("a registered game");
        for policy in [Policy::Random, Policy::RuleOfThumb { noise: 0.1 }] {
            let (mut most, mut actions) = (0, 0);
            for seed in 0..24u64 {
                let game = info
                    .create(info.default_options(), seats, Setup::seeded(seed))
                    .expect("the arena's table is valid");
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut sample = game.determinize_box(game.to_act()[0], &mut rng);
                let limit = Limit {
                    actions: 400,
                    within_deal: true,
                };
                let before = allocations();
                actions += sample.rollout(policy, limit, &mut rng);
                most = most.max(allocations() - before);
            }
            // Seen with `--nocapture`: what BENCHMARKS.md reports.
            println!("{id} {policy:?}: at most {most} allocations in one playout");
            if most > PER_PLAYOUT {
                failures.push(format!(
                    "{id} {policy:?}: up to {most} allocations in one playout ({actions} actions in 24)"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
