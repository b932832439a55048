//! `pakka render`: the picture of a seeded position written to a file, so anyone can look at a
//! table without Discord. The game is dealt from the seed, `moves` moves are played by the
//! `normal` rule of thumb (its choices seeded too, so the same command draws the same
//! position), and the public table — or one seat's hand — is drawn by the `render` layer from
//! that observer's view, exactly as the bot attaches it. A file name ending in `.svg` gets the
//! SVG document instead of the PNG. Its words, on the picture and in the terminal, are in the
//! terminal's language (`--lang`, else the locale variables), as every subcommand's are. Seats
//! are counted from 1, as a Discord lobby and `pakka play` count them: `--seat 1` draws the
//! first seat's hand (seat 0 of the rules and the engine), and the picture names it "Seat 1".

use std::path::PathBuf;

use anyhow::Context as _;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::text;
use crate::catalog::{catalog, NoNames};
use crate::msg;
use crate::render::{self, CatalogWords};
use crate::rules::{registry, AnyGame, Observer, Setup};
use crate::text::verbatim;

/// What to draw: `pakka render`'s arguments.
#[derive(Clone, Debug, clap::Args)]
pub struct RenderConfig {
    pub game: String,
    #[arg(long)]
    pub seats: Option<usize>,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[arg(long, default_value_t = 0)]
    pub moves: usize,
    /// A seat's hand, counted from 1; the public table when `None`.
    #[arg(long)]
    pub seat: Option<usize>,
    #[arg(long, default_value = "")]
    pub options: String,
    #[arg(short = 'o', long = "output", default_value = "table.png")]
    pub output: PathBuf,
}

/// The game after `moves` seeded moves of the rule of thumb (fewer if it ends first).
pub fn position(
    game: &str,
    seats: Option<usize>,
    seed: u64,
    moves: usize,
    options: &str,
) -> anyhow::Result<Box<dyn AnyGame>> {
    let info = registry::find(game).with_context(|| text(&super::unknown_game(game)))?;
    let options = info
        .parse_options(options)
        .map_err(|e| anyhow::anyhow!(text(&e.msg())))?;
    let seats = seats.unwrap_or(info.seats.0);
    let mut game = info
        .create(options, seats, Setup::seeded(seed))
        .map_err(|e| anyhow::anyhow!(text(&info.refusal(&e))))?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    for _ in 0..moves {
        let Some(&seat) = game.to_act().first() else {
            break;
        };
        let index = game.heuristic_index(seat, &mut rng);
        game.act_index(seat, index)
            .map_err(|e| anyhow::anyhow!(text(&e.msg())))?;
    }
    Ok(game)
}

/// The seats' names on the picture: "Seat 1" for seat 0, and so on, as a Discord lobby and
/// the terminal count them.
fn seat_names(lang: &str, seats: usize) -> Vec<String> {
    (0..seats)
        .map(|s| catalog().text(lang, &msg!("seat-fallback", n = s + 1), &NoNames))
        .collect()
}

/// The picture `config` asks for, in `lang`: the SVG document and its size.
pub fn draw(config: &RenderConfig, lang: &str) -> anyhow::Result<(String, u32, u32)> {
    let game = position(
        &config.game,
        config.seats,
        config.seed,
        config.moves,
        &config.options,
    )?;
    // `--seat` counts from 1; the rules count from 0.
    let seat = match config.seat {
        Some(n) if n == 0 || n > game.seats() => anyhow::bail!(catalog().text(
            lang,
            &msg!("cli-render-no-seat", seat = n, last = game.seats()),
            &NoNames
        )),
        n => n.map(|n| n - 1),
    };
    let names = seat_names(lang, game.seats());
    let words = CatalogWords {
        lang,
        names: &names,
    };
    Ok(match seat {
        Some(seat) => render::hand_svg(&game.picture(Observer::Seat(seat)), &words),
        None => render::table_svg(&game.picture(Observer::Public), &game.name(), &words),
    })
}

/// Draws the position and writes it; answers the sentence to print.
pub fn run(config: &RenderConfig) -> anyhow::Result<String> {
    let (svg, width, height) = draw(config, super::lang())?;
    let svg_out = config
        .output
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    let bytes = if svg_out {
        svg.into_bytes()
    } else {
        render::rasterize(&svg, width, height)?.bytes
    };
    std::fs::write(&config.output, &bytes).with_context(|| {
        text(&msg!(
            "cli-render-cannot-write",
            path = verbatim(config.output.display().to_string())
        ))
    })?;
    Ok(text(&msg!(
        "cli-render-wrote",
        path = verbatim(config.output.display().to_string()),
        width = width,
        height = height,
        kb = bytes.len().div_ceil(1024)
    )))
}

#[cfg(test)]
mod tests {
    //! `pakka render`: seats are counted from 1 (the table names the first seat seat 1, seat 1 is
    //! the first seat's hand) and seat 0 or a seat past the last is refused.

    use super::*;

    fn config(seat: Option<usize>) -> RenderConfig {
        RenderConfig {
            game: "paston".to_string(),
            seats: None,
            seed: 9,
            moves: 0,
            seat,
            options: String::new(),
            output: PathBuf::from("unused.png"),
        }
    }

    #[test]
    fn the_table_names_the_first_seat_seat_1() {
        let (svg, _, _) = draw(&config(None), "en-US").unwrap();
        for n in 1..=3 {
            assert!(
                svg.contains(&format!(">Seat {n}<")),
                "Seat {n} missing:\n{svg}"
            );
        }
        assert!(!svg.contains(">Seat 0<"), "a seat counted from 0:\n{svg}");
        let (svg, _, _) = draw(&config(None), "fi").unwrap();
        assert!(svg.contains(">Pelaaja 1<") && !svg.contains(">Pelaaja 0<"));
    }

    #[test]
    fn seat_1_is_the_first_seats_hand() {
        let (svg, _, _) = draw(&config(Some(1)), "en-US").unwrap();
        let game = position("paston", None, 9, 0, "").unwrap();
        let names = seat_names("en-US", 3);
        let words = CatalogWords {
            lang: "en-US",
            names: &names,
        };
        let (first, _, _) = render::hand_svg(&game.picture(Observer::Seat(0)), &words);
        assert_eq!(svg, first);
        assert!(draw(&config(Some(3)), "en-US").is_ok());
    }

    #[test]
    fn seat_0_and_a_seat_past_the_last_are_refused_counting_from_1() {
        for n in [0, 4] {
            let e = draw(&config(Some(n)), "en-US").unwrap_err().to_string();
            assert_eq!(e, format!("there is no seat {n}: the seats are 1–3"));
        }
    }
}
