//! pakka's own card faces as SVG: the 52-card deck (rank and suit in the corners, a large suit
//! in the middle, red and black; the 32- and 16-card decks are its subsets), Red7's 49 cards
//! (the colour, its number, and a shape per colour so that colour is never the only thing that
//! tells two cards apart), the 22 tarot trumps of Whist 22 (the number large, the Fool on a
//! face of its own) and the back. Every face is drawn in a 100 × 140 box and defined once per
//! picture (`<defs>`), then placed with `<use>` at any size.

use std::fmt::Write as _;

use super::glyphs::{centred, escape, FONT};
use pakka_cards::{Card, CardKind, Colour, Rank, Suit};

/// A card's box: every face is drawn in 100 × 140 units.
pub const FACE_W: f32 = 100.0;
pub const FACE_H: f32 = 140.0;

const RED: &str = "#c62828";
const BLACK: &str = "#1b1b1b";

/// The id of a face in a picture's `<defs>`.
pub fn face_id(card: Card) -> String {
    format!("c{}", card.index())
}

pub const BACK_ID: &str = "back";

/// A suit's shape in a 100 × 100 box.
fn suit_path(suit: Suit) -> &'static str {
    match suit {
        Suit::Diamonds => "M50 0L88 50L50 100L12 50Z",
        Suit::Hearts => {
            "M50 96C22 72 0 52 0 29C0 11 13 0 28 0C39 0 47 7 50 17C53 7 61 0 72 0C87 0 100 11 \
             100 29C100 52 78 72 50 96Z"
        }
        Suit::Spades => {
            "M50 0C78 24 100 42 100 62C100 78 88 88 74 88C64 88 57 83 54 77C55 88 59 95 68 \
             100L32 100C41 95 45 88 46 77C43 83 36 88 26 88C12 88 0 78 0 62C0 42 22 24 50 0Z"
        }
        Suit::Clubs => {
            "M50 4A22 22 0 1 1 49.9 4ZM26 40A22 22 0 1 1 25.9 40ZM74 40A22 22 0 1 1 73.9 40Z\
             M46 50L54 50C54 78 58 92 68 100L32 100C42 92 46 78 46 50Z"
        }
    }
}

/// A suit drawn at (`x`, `y`) (its top left) `size` units wide.
fn suit_at(out: &mut String, suit: Suit, x: f32, y: f32, size: f32) {
    let colour = if suit.is_red() { RED } else { BLACK };
    let s = size / 100.0;
    let _ = write!(
        out,
        r#"<path d="{}" fill="{colour}" transform="translate({x} {y}) scale({s})"/>"#,
        suit_path(suit)
    );
}

fn rank_text(rank: Rank) -> &'static str {
    rank.notation()
}

fn blank(out: &mut String, fill: &str, stroke: &str) {
    let _ = write!(
        out,
        r#"<rect x="1" y="1" width="98" height="138" rx="9" fill="{fill}" stroke="{stroke}" stroke-width="2"/>"#
    );
}

fn standard(out: &mut String, rank: Rank, suit: Suit) {
    let colour = if suit.is_red() { RED } else { BLACK };
    blank(out, "#fffdf8", "#555");
    let rank = rank_text(rank);
    // The corner a fanned card still shows: rank over suit, large enough at 60 px.
    centred(out, rank, 17.0, 33.0, 31.0, -2.0, colour);
    suit_at(out, suit, 5.0, 39.0, 24.0);
    suit_at(out, suit, 34.0, 62.0, 56.0);
}

fn red7_colour(colour: Colour) -> (&'static str, &'static str) {
    // (fill, text): distinct in lightness as well as hue; the shape tells them apart anyway.
    match colour {
        Colour::Red => ("#d62828", "#ffffff"),
        Colour::Orange => ("#f57c00", "#1b1b1b"),
        Colour::Yellow => ("#fdd835", "#1b1b1b"),
        Colour::Green => ("#2e7d32", "#ffffff"),
        Colour::Blue => ("#1e88e5", "#ffffff"),
        Colour::Indigo => ("#303f9f", "#ffffff"),
        Colour::Violet => ("#8e24aa", "#ffffff"),
    }
}

/// Each colour's shape in a 100 × 100 box: circle, diamond, star, triangle, square, hexagon,
/// cross.
fn red7_shape(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "M50 2A48 48 0 1 1 49.9 2Z",
        Colour::Orange => "M50 0L100 50L50 100L0 50Z",
        Colour::Yellow => "M50 0L62 36L100 38L70 60L81 98L50 76L19 98L30 60L0 38L38 36Z",
        Colour::Green => "M50 4L100 94L0 94Z",
        Colour::Blue => "M6 6H94V94H6Z",
        Colour::Indigo => "M25 6H75L100 50L75 94H25L0 50Z",
        Colour::Violet => "M35 0H65V35H100V65H65V100H35V65H0V35H35Z",
    }
}

fn red7(out: &mut String, colour: Colour, number: u8) {
    let (fill, ink) = red7_colour(colour);
    blank(out, fill, "#222");
    let _ = write!(
        out,
        r#"<rect x="7" y="7" width="86" height="126" rx="6" fill="none" stroke="{ink}" stroke-opacity="0.5" stroke-width="2"/>"#
    );
    let shape = red7_shape(colour);
    let number = number.to_string();
    centred(out, &number, 20.0, 38.0, 32.0, 0.0, ink);
    let _ = write!(
        out,
        r#"<path d="{shape}" fill="{ink}" transform="translate(9 44) scale(0.22)"/>"#
    );
    let _ = write!(
        out,
        r#"<path d="{shape}" fill="{ink}" fill-opacity="0.9" stroke="{fill}" stroke-width="6" transform="translate(38 62) scale(0.5)"/>"#
    );
    centred(out, &number, 63.0, 57.0, 46.0, 0.0, ink);
}

fn trump(out: &mut String, n: u8) {
    blank(out, "#f6ecd4", "#8d6e3f");
    out.push_str(
        r##"<rect x="8" y="8" width="84" height="124" rx="5" fill="none" stroke="#b08d57" stroke-width="3"/>"##,
    );
    let n = n.to_string();
    centred(out, &n, 21.0, 36.0, 27.0, -2.0, "#5d4037");
    centred(out, &n, 50.0, 90.0, 52.0, 0.0, "#3e2723");
}

fn fool(out: &mut String, word: &str) {
    blank(out, "#4a148c", "#311b92");
    let word = escape(word);
    let _ = write!(
        out,
        r##"<rect x="8" y="8" width="84" height="124" rx="5" fill="none" stroke="#ffd54f" stroke-width="3"/><path d="M50 0L62 36L100 38L70 60L81 98L50 76L19 98L30 60L0 38L38 36Z" fill="#ffd54f" transform="translate(22 30) scale(0.56)"/><text x="50" y="118" font-family="{FONT}" font-weight="bold" font-size="19" text-anchor="middle" fill="#ffd54f">{word}</text>"##
    );
}

fn back(out: &mut String) {
    blank(out, "#1f3c88", "#10224f");
    out.push_str(
        r##"<rect x="9" y="9" width="82" height="122" rx="5" fill="#2a4fae" stroke="#e8ecf7" stroke-width="3"/><path d="M50 22L78 70L50 118L22 70Z" fill="none" stroke="#e8ecf7" stroke-width="3"/><path d="M50 44L65 70L50 96L35 70Z" fill="#e8ecf7"/>"##,
    );
}

/// The definition of a card's face, for `<defs>`; `fool` is the Fool's name in the picture's
/// language.
pub fn face_def(out: &mut String, card: Card, fool_word: &str) {
    let _ = write!(out, r#"<g id="{}">"#, face_id(card));
    match card.kind() {
        CardKind::Standard(rank, suit) => standard(out, rank, suit),
        CardKind::Red7(colour, number) => red7(out, colour, number),
        CardKind::Trump(n) => trump(out, n),
        CardKind::Fool => fool(out, fool_word),
    }
    out.push_str("</g>");
}

/// The definition of the back, for `<defs>`.
pub fn back_def(out: &mut String) {
    let _ = write!(out, r#"<g id="{BACK_ID}">"#);
    back(out);
    out.push_str("</g>");
}
