//! The drawing layer's own checks: every face of every deck draws, and pictures of seeded
//! positions of every game draw to PNG.

use super::*;
use pakka_cards::Card;
use pakka_catalog::NoNames;
use pakka_rules::picture::{Face, Pile};
use pakka_rules::registry::GAMES;
use pakka_rules::{Observer, Setup};

fn words() -> CatalogWords<'static> {
    CatalogWords {
        lang: pakka_catalog::DEFAULT_LANG,
        names: &NoNames,
    }
}

#[test]
fn every_card_face_draws() {
    let mut scene = Scene::new(2, None);
    let all: Vec<Face> = (0..Card::COUNT)
        .filter_map(Card::from_index)
        .map(Face::Up)
        .chain([Face::Down])
        .collect();
    scene.middle.push(Pile::row(None, all));
    let png = table(&scene, &pakka_text::msg!("teka-name"), &words()).expect("draws");
    assert!(png.bytes.starts_with(b"\x89PNG"));
}

#[test]
fn a_seeded_position_of_every_game_draws_for_the_table_and_every_hand() {
    for info in GAMES {
        for (options, seats) in info.configurations() {
            let game = info
                .create(options, seats, Setup::seeded(7))
                .expect("creates");
            let png =
                table(&game.picture(Observer::Public), &game.name(), &words()).expect("table");
            assert!(
                (400..=760).contains(&png.width) && png.height >= 300,
                "{}: {}×{}",
                info.id,
                png.width,
                png.height
            );
            for s in 0..seats {
                hand(&game.picture(Observer::Seat(s)), &words()).expect("hand");
            }
        }
    }
}

/// Writes the table and hands of a few positions to `PAKKA_PICTURES_OUT` (not a check: for
/// looking at layouts while changing them).
#[test]
fn write_pictures_for_a_look() {
    let Some(dir) = std::env::var_os("PAKKA_PICTURES_OUT") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    for info in GAMES {
        let (options, seats) = info
            .configurations()
            .into_iter()
            .max_by_key(|(_, s)| *s)
            .unwrap();
        let mut game = info.create(options, seats, Setup::seeded(2)).unwrap();
        for _ in 0..2 * seats + 1 {
            let Some(&seat) = game.to_act().first() else {
                break;
            };
            game.act_index(seat, 0).unwrap();
        }
        let png = table(&game.picture(Observer::Public), &game.name(), &words()).unwrap();
        std::fs::write(dir.join(format!("{}-table.png", info.id)), &png.bytes).unwrap();
        let seat = game.to_act().first().copied().unwrap_or(0);
        let png = hand(&game.picture(Observer::Seat(seat)), &words()).unwrap();
        std::fs::write(dir.join(format!("{}-hand.png", info.id)), &png.bytes).unwrap();
    }
}

/// Every text node of a picture (laid out by usvg with the picture's own fonts): its box.
fn text_boxes(group: &usvg::Group, out: &mut Vec<usvg::Rect>) {
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => text_boxes(g, out),
            usvg::Node::Text(t) => out.push(t.abs_bounding_box()),
            _ => {}
        }
    }
}

/// Names as long as the catalog's fallbacks get in either language ("Pelaaja 3"), and longer.
struct LongNames;

impl pakka_catalog::Names for LongNames {
    fn seat_name(&self, seat: usize) -> Option<String> {
        Some(format!("Pelaajanimi {}", seat + 1))
    }
}

/// Every caption, title and line fits inside its picture, in English and in Finnish, for the
/// table and every hand of every game at the start and after 20 moves played at random, with
/// long names (measured from usvg's layout of the SVG, the fonts it draws with).
#[test]
fn every_text_fits_inside_its_picture() {
    use rand::{Rng, SeedableRng};
    let mut checked = 0;
    for info in GAMES {
        for (options, seats) in info.configurations() {
            let mut game = info
                .create(options, seats, Setup::seeded(9))
                .expect("creates");
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
            for step in 0..=20 {
                if step % 10 == 0 {
                    for lang in ["en-US", "fi"] {
                        let words = CatalogWords {
                            lang,
                            names: &LongNames,
                        };
                        let mut pictures = vec![table_svg(
                            &game.picture(Observer::Public),
                            &game.name(),
                            &words,
                        )];
                        for s in 0..seats {
                            pictures.push(hand_svg(&game.picture(Observer::Seat(s)), &words));
                        }
                        for (svg, width, _) in pictures {
                            let tree = parse(&svg).expect("parses");
                            let mut boxes = Vec::new();
                            text_boxes(tree.root(), &mut boxes);
                            for b in boxes {
                                assert!(
                                    b.left() >= -0.5 && b.right() <= width as f32 + 0.5,
                                    "{} ({lang}, step {step}): a text runs off the picture \
                                     ({:.1}..{:.1} of {width})",
                                    info.id,
                                    b.left(),
                                    b.right()
                                );
                                checked += 1;
                            }
                        }
                    }
                }
                let Some(&seat) = game.to_act().first() else {
                    break;
                };
                let legal = game.legal_json(seat);
                if legal.is_empty() {
                    break;
                }
                let action = legal[rng.random_range(0..legal.len())].clone();
                game.act_json(seat, &action).expect("a legal action");
            }
        }
    }
    assert!(checked > 1000, "{checked} texts");
}
