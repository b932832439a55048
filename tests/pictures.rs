//! Pictures against what they must be: fixed positions of every game drawn and compared with
//! the reference PNGs in `tests/pictures/` within a small pixel tolerance (a changed picture is
//! looked at and accepted again, like an insta snapshot: `PAKKA_ACCEPT_PICTURES=1 cargo test
//! --test tests pictures::` rewrites the references; a missing one is written as `.new.png` and
//! fails); a public picture that depends on nothing but the public view (the same picture for
//! every dealing of the hidden cards consistent with it) and a hand's picture on nothing but
//! that seat's view; and, as a property, every position of random play draws.

use std::path::PathBuf;

use proptest::prelude::*;
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use resvg::tiny_skia::Pixmap;

use pakka::catalog::{NoNames, DEFAULT_LANG};
use pakka::render::{self, CatalogWords};
use pakka::rules::registry::{self, GAMES};
use pakka::rules::{AnyGame, Observer, Setup};

fn words() -> CatalogWords<'static> {
    CatalogWords {
        lang: DEFAULT_LANG,
        names: &NoNames,
    }
}

/// The fixed positions: each game, its seats, its options, a seed and the moves played by the
/// rule of thumb before the picture (chosen to show a trick, a pile, a palette in play), and
/// the seat whose hand is drawn (each game's own, `Showcase::picture` and `Showcase::seed`).
const POSITIONS: &[(&str, usize, &str, u64, usize, usize)] = pakka::rules::showcases!(|id, s| (
    id,
    s.picture.seats,
    s.picture.options,
    s.seed,
    s.picture.moves,
    s.picture.hand
));

fn position(game: &str, seats: usize, options: &str, seed: u64, moves: usize) -> Box<dyn AnyGame> {
    pakka::cli::render::position(game, Some(seats), seed, moves, options)
        .unwrap_or_else(|e| panic!("{game}: {e:#}"))
}

fn reference(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/pictures")
        .join(format!("{name}.png"))
}

/// How many pixels of two pictures differ by more than a faint shade (antialiasing may differ
/// by a little between processors).
fn differing(a: &Pixmap, b: &Pixmap) -> usize {
    a.pixels()
        .iter()
        .zip(b.pixels())
        .filter(|(p, q)| {
            let d = |x: u8, y: u8| x.abs_diff(y);
            d(p.red(), q.red())
                .max(d(p.green(), q.green()))
                .max(d(p.blue(), q.blue()))
                .max(d(p.alpha(), q.alpha()))
                > 40
        })
        .count()
}

/// A reference stored small: the same pixels, compressed hard (they are compared as pixels).
fn compact(png_bytes: &[u8]) -> Vec<u8> {
    let pixmap = Pixmap::decode_png(png_bytes).unwrap();
    let rgb: Vec<u8> = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::High);
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(&rgb).unwrap();
    writer.finish().unwrap();
    out
}

/// Compares a drawn picture with its reference (or writes it, when accepting).
fn check(name: &str, png: &render::Png, problems: &mut Vec<String>) {
    let path = reference(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    if std::env::var_os("PAKKA_ACCEPT_PICTURES").is_some() {
        std::fs::write(&path, compact(&png.bytes)).unwrap();
        return;
    }
    let fresh = path.with_extension("new.png");
    let Ok(stored) = std::fs::read(&path) else {
        std::fs::write(&fresh, &png.bytes).unwrap();
        problems.push(format!("{name}: no reference; wrote {}", fresh.display()));
        return;
    };
    let stored = Pixmap::decode_png(&stored).unwrap();
    let drawn = Pixmap::decode_png(&png.bytes).unwrap();
    if (stored.width(), stored.height()) != (drawn.width(), drawn.height()) {
        std::fs::write(&fresh, &png.bytes).unwrap();
        problems.push(format!(
            "{name}: {}×{} drawn, {}×{} stored; wrote {}",
            drawn.width(),
            drawn.height(),
            stored.width(),
            stored.height(),
            fresh.display()
        ));
        return;
    }
    let off = differing(&stored, &drawn);
    let allowed = (drawn.width() * drawn.height()) as usize / 200;
    if off > allowed {
        std::fs::write(&fresh, &png.bytes).unwrap();
        problems.push(format!(
            "{name}: {off} pixels differ (at most {allowed}); wrote {}",
            fresh.display()
        ));
    } else {
        let _ = std::fs::remove_file(&fresh);
    }
}

#[test]
fn every_game_draws_its_fixed_positions_as_the_references_show() {
    let mut problems = Vec::new();
    for &(game, seats, options, seed, moves, seat) in POSITIONS {
        let g = position(game, seats, options, seed, moves);
        let table = render::table(&g.picture(Observer::Public), &g.name(), &words()).unwrap();
        check(&format!("{game}-table"), &table, &mut problems);
        let hand = render::hand(&g.picture(Observer::Seat(seat)), &words()).unwrap();
        check(&format!("{game}-hand"), &hand, &mut problems);
    }
    assert!(
        problems.is_empty(),
        "pictures changed (look at the .new.png files; accept with PAKKA_ACCEPT_PICTURES=1):\n{}",
        problems.join("\n")
    );
}

/// Draws the public picture and every seat's hand of `game`, and the same of a dealing of the
/// hidden cards consistent with each seat's view: the public picture must not change with
/// any of them, nor the seat's own.
fn same_pictures_for_every_consistent_dealing(game: &dyn AnyGame, rng: &mut ChaCha8Rng) {
    let public = render::table_svg(&game.picture(Observer::Public), &game.name(), &words()).0;
    for seat in 0..game.seats() {
        let other = game.determinize_box(seat, rng);
        let again = render::table_svg(&other.picture(Observer::Public), &other.name(), &words()).0;
        assert_eq!(
            public,
            again,
            "{}: the public picture changed with the hidden cards",
            game.game_id()
        );
        let mine = render::hand_svg(&game.picture(Observer::Seat(seat)), &words()).0;
        let theirs = render::hand_svg(&other.picture(Observer::Seat(seat)), &words()).0;
        assert_eq!(
            mine,
            theirs,
            "{}: seat {seat}'s picture changed with cards it cannot see",
            game.game_id()
        );
    }
}

#[test]
fn a_public_picture_is_drawn_from_the_public_view_only() {
    for info in GAMES {
        for (options, seats) in info.configurations() {
            let mut game = info.create(options, seats, Setup::seeded(11)).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(11);
            for step in 0..40 {
                if step % 4 == 0 {
                    same_pictures_for_every_consistent_dealing(game.as_ref(), &mut rng);
                }
                let Some(&seat) = game.to_act().first() else {
                    break;
                };
                let index = game.heuristic_index(seat, &mut rng);
                game.act_index(seat, index).unwrap();
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    /// Random play of every game: every position's table and every hand draw to PNG. A thread
    /// per game: drawing is most of this test's time, and the binary's other test thread is
    /// often only waiting on a fake Discord.
    #[test]
    fn every_position_of_random_play_draws(seed in any::<u64>(), every in 5usize..25) {
        let failures: Vec<String> = std::thread::scope(|threads| {
            let running: Vec<_> = GAMES
                .iter()
                .map(|info| threads.spawn(move || draw_random_play(info, seed, every)))
                .collect();
            running
                .into_iter()
                .filter_map(|t| t.join().unwrap_or_else(|_| Err("a drawing thread panicked".into())).err())
                .collect()
        });
        prop_assert!(failures.is_empty(), "{failures:?}");
    }
}

/// Plays `info` at random from `seed`, drawing the table and the acting seat's hand every
/// `every` steps (at most 15 times) and the table at the end; answers the first failure.
fn draw_random_play(info: &registry::GameInfo, seed: u64, every: usize) -> Result<(), String> {
    let configs = info.configurations();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (options, seats) = configs.choose(&mut rng).unwrap().clone();
    let mut game = info.create(options, seats, Setup::seeded(seed)).unwrap();
    let mut drawn = 0;
    for step in 0..400 {
        let Some(&seat) = game.to_act().choose(&mut rng) else {
            break;
        };
        if step % every == 0 && drawn < 15 {
            drawn += 1;
            render::table(&game.picture(Observer::Public), &game.name(), &words())
                .map_err(|e| format!("{}: {e:?}", info.id))?;
            render::hand(&game.picture(Observer::Seat(seat)), &words())
                .map_err(|e| format!("{}: {e:?}", info.id))?;
        }
        let n = game.legal_json(seat).len();
        let index = rand::Rng::random_range(&mut rng, 0..n);
        game.act_index(seat, index).unwrap();
    }
    render::table(&game.picture(Observer::Public), &game.name(), &words())
        .map(drop)
        .map_err(|e| format!("{} at the end: {e:?}", info.id))
}

/// Every game drawn at its most seats (8 where allowed), after a few moves of its rule of
/// thumb, for the table and every hand: the table stays narrow enough that shown about 400 px
/// wide (as Discord shows an embed's picture on a phone) its captions and counts, 15 px and
/// more, are still about 8 px tall or more. The 8-seat Mätäpesä table is also a reference
/// picture.
#[test]
fn every_game_draws_at_its_most_seats_narrow_enough_to_read_at_400_px() {
    let mut problems = Vec::new();
    for info in GAMES {
        let (options, most) = info
            .configurations()
            .into_iter()
            .max_by_key(|(_, seats)| *seats)
            .expect("a configuration");
        let mut g = info
            .create(options, most, Setup::seeded(2))
            .unwrap_or_else(|e| panic!("{}: {e:?}", info.id));
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        for _ in 0..2 * most + 1 {
            let Some(&seat) = g.to_act().first() else {
                break;
            };
            let index = g.heuristic_index(seat, &mut rng);
            g.act_index(seat, index).expect("a legal action");
        }
        let table = render::table(&g.picture(Observer::Public), &g.name(), &words()).unwrap();
        assert!(
            table.width <= 760,
            "{} at {most} seats: {}×{} px, too wide to read at 400 px",
            info.id,
            table.width,
            table.height
        );
        for seat in 0..most {
            render::hand(&g.picture(Observer::Seat(seat)), &words()).unwrap();
        }
        if info.id == "matapesa" {
            assert_eq!(most, 8);
            check("matapesa-8-table", &table, &mut problems);
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
