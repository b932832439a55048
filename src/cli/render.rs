//! `pakka render`: the picture of a seeded position written to a file, so anyone can look at a
//! table without Discord. The game is dealt from the seed, `moves` moves are played by the
//! `normal` rule of thumb (its choices seeded too, so the same command draws the same
//! position), and the public table — or one seat's hand — is drawn by the `render` layer from
//! that observer's view, exactly as the bot attaches it. A file name ending in `.svg` gets the
//! SVG document instead of the PNG. Its words, on the picture and in the terminal, are in the
//! terminal's language (`--lang`, else the locale variables), as every subcommand's are.

use std::path::PathBuf;

use anyhow::Context as _;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::text;
use crate::catalog::NoNames;
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
    /// A seat's hand; the public table when `None`.
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

/// Draws the position and writes it; answers the sentence to print.
pub fn run(config: &RenderConfig) -> anyhow::Result<String> {
    let game = position(
        &config.game,
        config.seats,
        config.seed,
        config.moves,
        &config.options,
    )?;
    if let Some(seat) = config.seat {
        if seat >= game.seats() {
            anyhow::bail!(text(&msg!(
                "cli-render-no-seat",
                seat = seat,
                last = game.seats() - 1
            )));
        }
    }
    let words = CatalogWords {
        lang: super::lang(),
        names: &NoNames,
    };
    let (svg, width, height) = match config.seat {
        Some(seat) => render::hand_svg(&game.picture(Observer::Seat(seat)), &words),
        None => render::table_svg(&game.picture(Observer::Public), &game.name(), &words),
    };
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
