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
