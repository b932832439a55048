//! Pictures of a table and of a hand: a `Scene` (built by the game's presentation from a view,
//! never from a state) laid out as SVG by pakka's own templates (`cards`, `layout`) and drawn
//! to PNG with resvg, its text shaped from the DejaVu fonts that ship inside the `dejavu`
//! crate, so drawing needs no system font and no network. Like `discord`, this layer sees only
//! views: it cannot draw a card its observer may not see. Every word on a picture comes from the
//! catalog, in the picture's language, with the seats named by the caller.
//!
//! Drawing is CPU work of a few milliseconds and blocks its thread, so callers on an async
//! runtime keep it off their workers: the Discord edge draws on drawing threads of its own, of
//! a lower priority, fed from a bounded queue (`pakka_discord::pictures`); `pakka render` and
//! the tests simply draw on their one thread.

pub mod cards;
mod glyphs;
pub mod layout;
#[cfg(test)]
mod tests;

use std::sync::{Arc, LazyLock};

use resvg::{tiny_skia, usvg};

use pakka_catalog::{catalog, Names};
use pakka_rules::{Scene, Seat};
use pakka_text::{seat, Msg};

/// A drawn picture: PNG bytes and its size in pixels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Png {
    pub bytes: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

/// Why a picture could not be drawn (a bug of ours: the SVG is our own).
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("the picture's SVG does not parse: {0}")]
    Svg(String),
    #[error("the picture is {0}×{1} pixels, which cannot be drawn")]
    Size(u32, u32),
    #[error("the picture could not be encoded as PNG: {0}")]
    Png(String),
}

/// The fonts every picture is drawn with, loaded once from the `dejavu` crate.
static OPTIONS: LazyLock<usvg::Options<'static>> = LazyLock::new(|| {
    let mut db = usvg::fontdb::Database::new();
    db.load_font_data(dejavu::sans::regular().to_vec());
    db.load_font_data(dejavu::sans::bold().to_vec());
    db.set_sans_serif_family(glyphs::FONT);
    usvg::Options {
        font_family: glyphs::FONT.to_string(),
        fontdb: Arc::new(db),
        ..usvg::Options::default()
    }
});

/// Words for a picture: the catalog in one language, seats named by `names` (plain names:
/// a picture cannot show a mention).
pub struct CatalogWords<'a> {
    pub lang: &'a str,
    pub names: &'a dyn Names,
}

impl layout::Words for CatalogWords<'_> {
    fn word(&self, msg: &Msg) -> String {
        catalog().text(self.lang, msg, self.names)
    }

    fn seat(&self, s: Seat) -> String {
        catalog().text(
            self.lang,
            &pakka_text::msg!("picture-seat", who = seat(s)),
            self.names,
        )
    }
}

/// The public picture of a table: the SVG document and its size.
pub fn table_svg(scene: &Scene, game: &Msg, words: &CatalogWords) -> (String, u32, u32) {
    let title = layout::Words::word(words, game);
    let canvas = layout::table(scene, &title, words);
    let (w, h) = canvas.size();
    (canvas.finish(&fool(words)), w, h)
}

/// A seat's picture of its own hand: the SVG document and its size.
pub fn hand_svg(scene: &Scene, words: &CatalogWords) -> (String, u32, u32) {
    let title = layout::Words::word(words, &layout::hand_title(scene));
    let canvas = layout::hand(scene, &title, words);
    let (w, h) = canvas.size();
    (canvas.finish(&fool(words)), w, h)
}

fn fool(words: &CatalogWords) -> String {
    catalog().text(words.lang, &pakka_text::msg!("card-fool"), words.names)
}

/// The public picture of a table as PNG.
pub fn table(scene: &Scene, game: &Msg, words: &CatalogWords) -> Result<Png, RenderError> {
    let (svg, w, h) = table_svg(scene, game, words);
    rasterize(&svg, w, h)
}

/// A seat's picture of its hand as PNG.
pub fn hand(scene: &Scene, words: &CatalogWords) -> Result<Png, RenderError> {
    let (svg, w, h) = hand_svg(scene, words);
    rasterize(&svg, w, h)
}

/// Draws an SVG document of `width` × `height` pixels to PNG.
pub fn rasterize(svg: &str, width: u32, height: u32) -> Result<Png, RenderError> {
    let tree = parse(svg)?;
    let pixmap = draw(&tree, width, height)?;
    let bytes = encode(&pixmap)?;
    Ok(Png {
        bytes,
        width,
        height,
    })
}

/// The first step of drawing: the SVG parsed, its text shaped into paths.
pub fn parse(svg: &str) -> Result<usvg::Tree, RenderError> {
    usvg::Tree::from_str(svg, &OPTIONS).map_err(|e| RenderError::Svg(e.to_string()))
}

/// The second: the tree drawn on a pixmap of `width` × `height`.
pub fn draw(tree: &usvg::Tree, width: u32, height: u32) -> Result<tiny_skia::Pixmap, RenderError> {
    let mut pixmap =
        tiny_skia::Pixmap::new(width, height).ok_or(RenderError::Size(width, height))?;
    resvg::render(tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    Ok(pixmap)
}

/// The last: the pixmap as PNG. Every picture is opaque (it starts with the table's cloth), so
/// its pixels are written as RGB, with the fast DEFLATE of the `png` crate (`fdeflate`) and
/// the filter chosen per row: a quarter less data and several times faster than the default
/// encoder, for files only a little larger.
pub fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, RenderError> {
    let rgb: Vec<u8> = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut out = Vec::with_capacity(rgb.len() / 8);
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::Filter::Adaptive);
    let png_err = |e: png::EncodingError| RenderError::Png(e.to_string());
    let mut writer = encoder.write_header().map_err(png_err)?;
    writer.write_image_data(&rgb).map_err(png_err)?;
    writer.finish().map_err(png_err)?;
    Ok(out)
}
