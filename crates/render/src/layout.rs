//! Where things go: a `Scene` laid out as an SVG document. The table picture puts the game's
//! name and notes at the top, the seats in panels of at most two abreast around the middle of
//! the table (the first half of the seats above it from the left, the rest below it from the
//! right, so play goes round the table; more seats add rows, never columns, so the picture stays
//! narrow enough to read when Discord shows it about 400 px wide), and the middle's piles and
//! the trick between them, each trick card over the name of the seat that played it (a trick
//! too wide for one row wraps). Panels are as wide and as tall as what they hold, and every
//! group of cards has a caption. The hand picture shows what the seat needs to choose: the
//! middle and the trick small at the top, the seat's own piles, and its hand fanned in playing
//! order; when only some cards may be played, those are raised and outlined and the others
//! dimmed. Words are worded before they get here (`Words`); sizes are in pixels of the final
//! picture.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::cards::{back_def, face_def, face_id, BACK_ID, FACE_W};
use super::glyphs::{escape, FONT};
use pakka_cards::Card;
use pakka_rules::picture::{Face, HandPicture, Mark, Pile, Scene, SeatPart, Spread};
use pakka_rules::Seat;
use pakka_text::Msg;

/// Words a message for the picture (seats named, in the picture's language).
pub trait Words {
    fn word(&self, msg: &Msg) -> String;
    fn seat(&self, seat: Seat) -> String;
}

const FELT: &str = "#1d5c3f";
const PANEL: &str = "#256b4b";
const INK: &str = "#ffffff";
const SOFT: &str = "#d7eadf";
const GOLD: &str = "#ffd54f";
const LEAD: &str = "#7cf0b0";

/// A card's height for its width.
fn height(w: f32) -> f32 {
    w * 1.4
}

/// Small cards (in front of a seat, the hand picture's context), middle cards, hand cards, and
/// the large card that carries words (Red7's canvas).
const SMALL: f32 = 44.0;
const MIDDLE: f32 = 58.0;
const HAND: f32 = 72.0;
const WORDED: f32 = 84.0;

/// Text sizes in px, chosen so that a table picture (at most about 720 px wide) still reads
/// when shown 400 px wide: a caption or a count is then about 9 px tall, a seat's name 12.
const TITLE: f32 = 26.0;
const NOTE: f32 = 17.0;
const NAME: f32 = 21.0;
const LINE: f32 = 17.0;
const CAPTION: f32 = 15.0;
const COUNT: f32 = 16.0;
/// The height of a caption over a pile's cards.
const CAPTION_H: f32 = 20.0;

/// The width of a text of `n` characters at `size` px, roughly (DejaVu Sans averages a little
/// over half its size per character).
fn text_width(text: &str, size: f32) -> f32 {
    text.chars().count() as f32 * size * 0.58
}

/// Cuts a text to fit `width` px at `size`, marking the cut.
fn fit(text: &str, size: f32, width: f32) -> String {
    let max = (((width + 1.0) / (size * 0.58)).floor() as usize).max(2);
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(max - 1).collect();
    cut.push('…');
    cut
}

/// Where a caption centred over a card at `centre` is set: there, unless it would begin left of
/// the picture's edge (a name wider than the first card of a trick), then as far right as it
/// needs to begin at the edge.
fn caption_centre(text: &str, centre: f32) -> f32 {
    // (Captions are bold: wider than `text_width`'s average.)
    let bold = text.chars().count() as f32 * CAPTION * 0.68;
    centre.max(bold / 2.0 + 3.0)
}

/// Splits a text into at most `lines` lines of about `per_line` characters, at spaces.
fn wrap(text: &str, per_line: usize, lines: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > per_line {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push(line);
    }
    if out.len() > lines {
        out.truncate(lines);
        if let Some(last) = out.last_mut() {
            last.push('…');
        }
    }
    out
}

/// How a text is set: its size in px, weight, anchor (`start`, `middle`) and colour.
#[derive(Clone, Copy)]
struct Font {
    size: f32,
    bold: bool,
    anchor: &'static str,
    fill: &'static str,
}

impl Font {
    const fn new(size: f32, bold: bool, anchor: &'static str, fill: &'static str) -> Font {
        Font {
            size,
            bold,
            anchor,
            fill,
        }
    }
}

/// An SVG document being drawn: its body, and the faces it uses (defined once each).
pub struct Canvas {
    width: f32,
    height: f32,
    body: String,
    faces: BTreeSet<Card>,
    back: bool,
}

impl Canvas {
    fn new(width: f32, height: f32) -> Canvas {
        let mut c = Canvas {
            width: width.ceil(),
            height: height.ceil(),
            body: String::with_capacity(16 * 1024),
            faces: BTreeSet::new(),
            back: false,
        };
        let (w, h) = (c.width, c.height);
        let _ = write!(
            c.body,
            r#"<rect x="0" y="0" width="{w}" height="{h}" fill="{FELT}"/>"#
        );
        c
    }

    pub fn size(&self) -> (u32, u32) {
        (self.width as u32, self.height as u32)
    }

    /// The finished document; `fool` names the Fool on its face.
    pub fn finish(self, fool: &str) -> String {
        let mut out = String::with_capacity(self.body.len() + 4096);
        let _ = write!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{}" height="{}" viewBox="0 0 {} {}"><defs>"#,
            self.width, self.height, self.width, self.height
        );
        for &card in &self.faces {
            face_def(&mut out, card, fool);
        }
        if self.back {
            back_def(&mut out);
        }
        out.push_str("</defs>");
        out.push_str(&self.body);
        out.push_str("</svg>");
        out
    }

    fn text(&mut self, x: f32, y: f32, font: Font, s: &str) {
        let Font {
            size,
            bold,
            anchor,
            fill,
        } = font;
        let weight = if bold { r#" font-weight="bold""# } else { "" };
        let _ = write!(
            self.body,
            r#"<text x="{x:.1}" y="{y:.1}" font-family="{FONT}" font-size="{size}"{weight} text-anchor="{anchor}" fill="{fill}">{}</text>"#,
            escape(s)
        );
    }

    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, rx: f32, style: &str) {
        let _ = write!(
            self.body,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" rx="{rx}" {style}/>"#
        );
    }

    /// One card, `w` px wide, top left at (`x`, `y`).
    fn card(&mut self, face: Face, x: f32, y: f32, w: f32) {
        let id = match face {
            Face::Up(c) => {
                self.faces.insert(c);
                face_id(c)
            }
            Face::Down => {
                self.back = true;
                BACK_ID.to_string()
            }
        };
        let s = w / FACE_W;
        let _ = write!(
            self.body,
            r##"<use xlink:href="#{id}" transform="translate({x:.1} {y:.1}) scale({s:.4})"/>"##
        );
    }

    /// An empty place where a pile may lie.
    fn place(&mut self, x: f32, y: f32, w: f32) {
        self.rect(
            x,
            y,
            w,
            height(w),
            w / 11.0,
            r##"fill="none" stroke="#8fc1a6" stroke-width="1.5" stroke-dasharray="5 4""##,
        );
    }

    fn outline(&mut self, x: f32, y: f32, w: f32, h: f32, colour: &str) {
        let style = format!(r#"fill="none" stroke="{colour}" stroke-width="3""#);
        self.rect(x - 3.0, y - 3.0, w + 6.0, h + 6.0, w / 9.0, &style);
    }

    fn dim(&mut self, x: f32, y: f32, w: f32) {
        self.rect(
            x,
            y,
            w,
            height(w),
            w / 11.0,
            r##"fill="#000000" fill-opacity="0.42""##,
        );
    }

    /// A count beside a stack.
    fn badge(&mut self, x: f32, y: f32, n: usize) {
        let label = n.to_string();
        let w = 12.0 + text_width(&label, COUNT);
        self.rect(
            x,
            y,
            w,
            BADGE_H,
            BADGE_H / 2.0,
            r##"fill="#0d2e1f" stroke="#cfe8da" stroke-width="1""##,
        );
        self.text(
            x + w / 2.0,
            y + BADGE_H - 6.0,
            Font::new(COUNT, true, "middle", INK),
            &label,
        );
    }
}

/// A count's height.
const BADGE_H: f32 = 23.0;

/// The width a pile takes with cards `w` wide when given at most `room` px: its cards and
/// count, or its caption when that is wider.
fn pile_width(pile: &Pile, w: f32, room: f32, words: &dyn Words) -> f32 {
    let caption = pile
        .label
        .as_ref()
        .map_or(0.0, |l| text_width(&words.word(l), CAPTION).min(room));
    cards_width(pile, w, room).max(caption)
}

/// The width of a pile's cards and count.
fn cards_width(pile: &Pile, w: f32, room: f32) -> f32 {
    let w = if pile.on_top.is_some() {
        WORDED.max(w)
    } else {
        w
    };
    let badge = badge_space(pile);
    match pile.spread {
        Spread::Stack => w + 4.0 + badge,
        Spread::Row => {
            let n = pile.cards.len().max(1) as f32;
            let natural = w + (n - 1.0) * (w * 0.62) + badge;
            natural.min(room.max(w + (n - 1.0) * (w * 0.2) + badge))
        }
    }
}

/// The number written beside a pile: a stack's size when more than one card lies there, or a
/// count the picture draws as one back.
fn badge_of(pile: &Pile) -> Option<usize> {
    if pile.is_empty() {
        // An empty place says it by itself.
        return None;
    }
    match pile.spread {
        Spread::Stack => (pile.count.is_some() || pile.cards.len() > 1).then(|| pile.len()),
        Spread::Row => pile.count.filter(|&n| n != pile.cards.len()),
    }
}

/// Draws a pile at (`x`, `y`) (its caption's top), cards `w` wide, in at most `room` px;
/// answers the width used.
fn draw_pile(
    c: &mut Canvas,
    words: &dyn Words,
    pile: &Pile,
    x: f32,
    y: f32,
    w: f32,
    room: f32,
) -> f32 {
    let width = pile_width(pile, w, room, words);
    let cards_w = cards_width(pile, w, room);
    let w = if pile.on_top.is_some() {
        WORDED.max(w)
    } else {
        w
    };
    if let Some(label) = &pile.label {
        let text = fit(&words.word(label), CAPTION, width);
        c.text(
            x,
            y + CAPTION_H - 6.0,
            Font::new(CAPTION, false, "start", SOFT),
            &text,
        );
    }
    let top = y + CAPTION_H;
    match pile.spread {
        Spread::Stack => {
            match pile.cards.last() {
                None => c.place(x, top, w),
                Some(&face) => {
                    if pile.len() > 1 {
                        c.card(Face::Down, x + 3.0, top + 3.0, w);
                    }
                    c.card(face, x, top, w);
                }
            }
            if let Some(words_on) = &pile.on_top {
                let text = words.word(words_on);
                let per_line = ((w - 8.0) / (11.0 * 0.58)).floor() as usize;
                let lines = wrap(&text, per_line.max(4), 3);
                let band = 6.0 + 13.0 * lines.len() as f32;
                let by = top + height(w) - band - 6.0;
                c.rect(
                    x + 3.0,
                    by,
                    w - 6.0,
                    band,
                    4.0,
                    r##"fill="#ffffff" fill-opacity="0.93" stroke="#333333" stroke-width="1""##,
                );
                for (i, line) in lines.iter().enumerate() {
                    let ly = by + 14.0 + 13.0 * i as f32;
                    c.text(
                        x + w / 2.0,
                        ly,
                        Font::new(11.0, true, "middle", "#1b1b1b"),
                        line,
                    );
                }
            }
        }
        Spread::Row => {
            if pile.cards.is_empty() {
                c.place(x, top, w);
            } else {
                let n = pile.cards.len() as f32;
                let step = if n > 1.0 {
                    ((cards_w - badge_space(pile) - w) / (n - 1.0)).min(w * 0.62)
                } else {
                    0.0
                };
                for (i, &face) in pile.cards.iter().enumerate() {
                    c.card(face, x + step * i as f32, top, w);
                }
            }
        }
    }
    match pile.mark {
        Mark::Leading => c.outline(x, top, cards_w - badge_space(pile), height(w), LEAD),
        Mark::Out => c.rect(
            x,
            top,
            cards_w - badge_space(pile),
            height(w),
            w / 11.0,
            r##"fill="#000000" fill-opacity="0.35""##,
        ),
        Mark::None => {}
    }
    if let Some(n) = badge_of(pile) {
        let bx = x + cards_w - badge_space(pile) + 4.0;
        c.badge(bx, top + height(w) - BADGE_H - 2.0, n);
    }
    width
}

fn badge_space(pile: &Pile) -> f32 {
    if badge_of(pile).is_some() {
        16.0 + text_width(&pile.len().to_string(), COUNT).max(text_width("00", COUNT))
    } else {
        0.0
    }
}

/// The height a row of piles takes with cards `w` wide (caption, cards).
fn row_height(piles: &[Pile], w: f32) -> f32 {
    let worded = piles.iter().any(|p| p.on_top.is_some());
    let w = if worded { WORDED.max(w) } else { w };
    CAPTION_H + height(w)
}

/// Lays piles left to right from `x`, sharing `room` px; answers the width used.
fn draw_piles(
    c: &mut Canvas,
    words: &dyn Words,
    piles: &[Pile],
    x: f32,
    y: f32,
    w: f32,
    room: f32,
) -> f32 {
    let gap = 14.0;
    let fixed: f32 = piles
        .iter()
        .filter(|p| p.spread == Spread::Stack)
        .map(|p| pile_width(p, w, room, words) + gap)
        .sum();
    let rows = piles
        .iter()
        .filter(|p| p.spread == Spread::Row)
        .count()
        .max(1) as f32;
    let share = ((room - fixed) / rows - gap).max(w);
    let mut at = x;
    for p in piles {
        let r = if p.spread == Spread::Stack {
            room
        } else {
            share
        };
        let used = draw_pile(c, words, p, at, y, w, r);
        at += used + gap;
    }
    (at - x - gap).max(0.0)
}

fn piles_width(piles: &[Pile], w: f32, room: f32, words: &dyn Words) -> f32 {
    let gap = 14.0;
    let n = piles.len() as f32;
    piles
        .iter()
        .map(|p| pile_width(p, w, room, words))
        .sum::<f32>()
        + gap * (n - 1.0).max(0.0)
}

/// The piles in front of a seat, its hand (as backs with a count, captioned "Hand") first.
fn seat_piles(part: &SeatPart) -> Vec<Pile> {
    let mut piles = Vec::new();
    if let Some(n) = part.hand.filter(|&n| n > 0) {
        piles.push(Pile::backs(Some(pakka_text::msg!("picture-hand")), n));
    }
    piles.extend(part.piles.iter().cloned());
    piles
}

const MARGIN: f32 = 14.0;
/// The space between two panels, and the most panels abreast.
const PANEL_GAP: f32 = 10.0;
const COLUMNS: usize = 2;
/// The narrowest panel, and the most room a panel gives its cards.
const PANEL_MIN_W: f32 = 200.0;
const PANEL_ROOM: f32 = 320.0;
/// A trick card's step (its width and the space to the next).
const TRICK_STEP: f32 = MIDDLE + 18.0;

/// A seat's short lines as one: "14 points · Bid 1 · 0 tricks".
fn lines_of(lines: &[Msg]) -> Msg {
    pakka_text::msg!(
        "picture-lines",
        lines = pakka_text::list(lines.to_vec(), pakka_text::key!("sep-dot"))
    )
}

/// How tall panels are: the name, a line if any seat has one, a row of cards if any seat has
/// one (a table's panels share their height, so rows line up).
fn panel_height(scene: &Scene) -> f32 {
    let lines = scene.seats.iter().any(|p| !p.lines.is_empty());
    let piles: Vec<Pile> = scene.seats.iter().flat_map(seat_piles).collect();
    let mut h = 12.0 + NAME;
    if lines {
        h += LINE + 6.0;
    }
    if !piles.is_empty() {
        h += 4.0 + row_height(&piles, SMALL);
    }
    h + 12.0
}

/// How wide one seat's panel needs to be for its name, its lines and its cards.
fn panel_width(part: &SeatPart, words: &dyn Words) -> f32 {
    let name = text_width(&words.seat(part.seat), NAME)
        + if part.mark == Mark::Leading {
            NAME * 1.2
        } else {
            0.0
        };
    let line = if part.lines.is_empty() {
        0.0
    } else {
        text_width(&words.word(&lines_of(&part.lines)), LINE)
    };
    let piles = piles_width(&seat_piles(part), SMALL, PANEL_ROOM, words).min(PANEL_ROOM);
    name.max(line).max(piles) + 24.0
}

/// One seat's panel, `w` × `h`: name, lines, hand and piles.
#[allow(clippy::too_many_arguments)]
fn draw_panel(c: &mut Canvas, words: &dyn Words, part: &SeatPart, x: f32, y: f32, w: f32, h: f32) {
    let border = if part.to_act {
        format!(r#"fill="{PANEL}" stroke="{GOLD}" stroke-width="4""#)
    } else if part.mark == Mark::Leading {
        format!(r#"fill="{PANEL}" stroke="{LEAD}" stroke-width="4""#)
    } else {
        format!(r##"fill="{PANEL}" stroke="#3d8a64" stroke-width="1""##)
    };
    c.rect(x, y, w, h, 10.0, &border);
    let mut name = words.seat(part.seat);
    if part.mark == Mark::Leading {
        name = format!("★ {name}");
    }
    let name = fit(&name, NAME, w - 20.0);
    let colour = if part.to_act { GOLD } else { INK };
    let mut at = y + 10.0 + NAME;
    c.text(
        x + 12.0,
        at - 3.0,
        Font::new(NAME, true, "start", colour),
        &name,
    );
    if !part.lines.is_empty() {
        at += LINE + 6.0;
        let line = fit(&words.word(&lines_of(&part.lines)), LINE, w - 24.0);
        c.text(
            x + 12.0,
            at - 3.0,
            Font::new(LINE, false, "start", SOFT),
            &line,
        );
    }
    let piles = seat_piles(part);
    draw_piles(c, words, &piles, x + 12.0, at + 4.0, SMALL, w - 24.0);
    if part.mark == Mark::Out {
        c.rect(x, y, w, h, 10.0, r##"fill="#000000" fill-opacity="0.38""##);
    }
}

/// The rows of panels above the middle and below it, each as drawn left to right: the first
/// half of the seats above from the left, the rest below from the right (the row nearest the
/// middle first), at most [`COLUMNS`] abreast.
fn rows(n: usize) -> (Vec<Vec<Seat>>, Vec<Vec<Seat>>) {
    let top = n.div_ceil(2);
    let upper: Vec<Seat> = (0..top).collect();
    let lower: Vec<Seat> = (top..n).rev().collect();
    let above = upper.chunks(COLUMNS).map(<[Seat]>::to_vec).collect();
    let below = lower.rchunks(COLUMNS).map(<[Seat]>::to_vec).collect();
    (above, below)
}

/// The trick's rows: all in one when it fits `room`, else as many a row as fit.
fn trick_rows(trick: &[(Seat, Card)], room: f32) -> Vec<&[(Seat, Card)]> {
    let per_row = ((room + 18.0) / TRICK_STEP).floor().max(1.0) as usize;
    trick.chunks(per_row).collect()
}

/// The table for the public: an SVG document.
pub fn table(scene: &Scene, title: &str, words: &dyn Words) -> Canvas {
    let n = scene.seats.len();
    let (upper, lower) = rows(n);
    let cols = upper
        .iter()
        .chain(&lower)
        .map(Vec::len)
        .max()
        .unwrap_or(1)
        .max(1);
    let panel_w = scene
        .seats
        .iter()
        .map(|p| panel_width(p, words))
        .fold(PANEL_MIN_W, f32::max);
    let panel_h = panel_height(scene);
    let grid_w = cols as f32 * panel_w + (cols as f32 - 1.0) * PANEL_GAP;
    // The middle: its piles, then the trick beside them if it fits, else below them.
    let piles_w = piles_width(&scene.middle, MIDDLE, 2000.0, words);
    let trick_w = scene.trick.len() as f32 * TRICK_STEP - 18.0;
    let notes: Vec<String> = scene.notes.iter().take(3).map(|m| words.word(m)).collect();
    let notes_w = notes
        .iter()
        .map(|t| text_width(t, NOTE))
        .fold(0.0, f32::max);
    let width = (grid_w + 2.0 * MARGIN)
        .max(piles_w.min(grid_w.max(560.0)) + 2.0 * MARGIN)
        .max(notes_w.min(680.0) + 2.0 * MARGIN)
        .max(text_width(title, TITLE) + 2.0 * MARGIN)
        .max(480.0);
    let room = width - 2.0 * MARGIN;
    let beside = !scene.middle.is_empty() && piles_w + 30.0 + trick_w <= room;
    let tricks = trick_rows(&scene.trick, room);
    let trick_row_h = CAPTION_H + height(MIDDLE) + 6.0;
    let mut middle_h = 0.0;
    if !scene.middle.is_empty() {
        middle_h += row_height(&scene.middle, MIDDLE) + 10.0;
    }
    if !beside {
        middle_h += trick_row_h * tricks.len() as f32;
    }
    let middle_h = middle_h.max(CAPTION_H + height(MIDDLE) + 10.0) + 16.0;
    let head = 18.0 + TITLE + (NOTE + 6.0) * notes.len() as f32 + 8.0;
    let panels_h = |rows: &[Vec<Seat>]| rows.len() as f32 * (panel_h + PANEL_GAP);
    let height_total = head + panels_h(&upper) + middle_h + panels_h(&lower) + MARGIN;
    let mut c = Canvas::new(width, height_total);

    c.text(
        MARGIN,
        12.0 + TITLE,
        Font::new(TITLE, true, "start", INK),
        &fit(title, TITLE, room),
    );
    for (i, note) in notes.iter().enumerate() {
        let y = 12.0 + TITLE + (NOTE + 6.0) * (i as f32 + 1.0);
        c.text(
            MARGIN,
            y,
            Font::new(NOTE, false, "start", SOFT),
            &fit(note, NOTE, room),
        );
    }

    let place_rows = |c: &mut Canvas, rows: &[Vec<Seat>], mut y: f32| {
        for seats in rows {
            let row_w = seats.len() as f32 * (panel_w + PANEL_GAP) - PANEL_GAP;
            let x0 = (width - row_w) / 2.0;
            for (i, &s) in seats.iter().enumerate() {
                if let Some(part) = scene.seats.get(s) {
                    let x = x0 + (panel_w + PANEL_GAP) * i as f32;
                    draw_panel(c, words, part, x, y, panel_w, panel_h);
                }
            }
            y += panel_h + PANEL_GAP;
        }
    };
    place_rows(&mut c, &upper, head);
    let mut y = head + panels_h(&upper) + 6.0;
    let draw_trick = |c: &mut Canvas, row: &[(Seat, Card)], mut x: f32, y: f32| {
        for &(seat, card) in row {
            let cy = y + CAPTION_H;
            c.card(Face::Up(card), x, cy, MIDDLE);
            if scene.trick_leader == Some(seat) {
                c.outline(x, cy, MIDDLE, height(MIDDLE), GOLD);
            }
            let name = fit(&words.seat(seat), CAPTION, TRICK_STEP);
            c.text(
                caption_centre(&name, x + MIDDLE / 2.0),
                y + CAPTION_H - 6.0,
                Font::new(CAPTION, true, "middle", INK),
                &name,
            );
            x += TRICK_STEP;
        }
    };
    let row_x = |cards: usize, extra: f32| {
        let w = extra + (cards as f32 * TRICK_STEP - 18.0).max(0.0);
        ((width - w) / 2.0).max(MARGIN)
    };
    if !scene.middle.is_empty() {
        let piles_now = piles_w.min(room);
        let (x, trick) = if beside {
            (row_x(scene.trick.len(), piles_now + 30.0), true)
        } else {
            (((width - piles_now) / 2.0).max(MARGIN), false)
        };
        let used = draw_piles(&mut c, words, &scene.middle, x, y, MIDDLE, room);
        if trick {
            draw_trick(&mut c, &scene.trick, x + used + 30.0, y);
        }
        y += row_height(&scene.middle, MIDDLE) + 10.0;
    }
    if !beside {
        for row in &tricks {
            draw_trick(&mut c, row, row_x(row.len(), 0.0), y);
            y += trick_row_h;
        }
    }
    place_rows(&mut c, &lower, head + panels_h(&upper) + middle_h);
    c
}

/// How the hand is fanned: the step between cards, the gap between groups, the cards per row.
struct Fan {
    step: f32,
    gap: f32,
    rows: Vec<Vec<Vec<(Card, bool)>>>,
}

fn fan(hand: &HandPicture, room: f32) -> Fan {
    let groups: Vec<Vec<(Card, bool)>> = hand
        .groups
        .iter()
        .map(|g| g.iter().map(|h| (h.card, h.legal)).collect())
        .collect();
    let gap = 14.0;
    let width = |gs: &[Vec<(Card, bool)>], step: f32| -> f32 {
        let n: usize = gs.iter().map(Vec::len).sum();
        if n == 0 {
            return 0.0;
        }
        HAND + step * (n - gs.len()) as f32 + (step + gap) * (gs.len() - 1) as f32
    };
    for step in [34.0, 28.0, 22.0] {
        if width(&groups, step) <= room {
            return Fan {
                step,
                gap,
                rows: vec![groups],
            };
        }
    }
    // Too many for one row at the smallest step: groups flow onto more rows.
    let step = 22.0;
    let mut rows: Vec<Vec<Vec<(Card, bool)>>> = vec![Vec::new()];
    for g in groups {
        let mut candidate = rows.last().cloned().unwrap_or_default();
        candidate.push(g.clone());
        if width(&candidate, step) > room && !rows.last().is_none_or(Vec::is_empty) {
            rows.push(vec![g]);
        } else if let Some(last) = rows.last_mut() {
            last.push(g);
        }
    }
    Fan { step, gap, rows }
}

/// The hand picture's title size.
const HAND_TITLE: f32 = 22.0;

/// How many cards the viewing seat holds without seeing them (none shown in its hand).
fn hidden_cards(scene: &Scene) -> Option<usize> {
    let shown = scene.hand.as_ref().map_or(0, |h| h.cards().count());
    let held = scene.viewer.and_then(|v| scene.seats.get(v))?.hand?;
    (shown == 0 && held > 0).then_some(held)
}

/// The hand picture's title: "Your hand · 5 cards" (the cards held, those hidden from the seat
/// among them), or, in a game without a hand (Pishe Pasha's stock and discard pile), the
/// cards the seat's own piles hold: "Your cards · 23 cards".
pub fn hand_title(scene: &Scene) -> Msg {
    let shown = scene.hand.as_ref().map_or(0, |h| h.cards().count());
    let mine = scene.viewer.and_then(|v| scene.seats.get(v));
    match mine {
        Some(part) if part.hand.is_none() && scene.hand.is_none() && !part.piles.is_empty() => {
            let n: usize = part.piles.iter().map(Pile::len).sum();
            pakka_text::msg!("picture-your-cards", n = n)
        }
        _ => pakka_text::msg!(
            "picture-your-hand",
            n = shown.max(hidden_cards(scene).unwrap_or(0))
        ),
    }
}

/// The seat's own picture: the middle and the trick, its own piles, its hand.
pub fn hand(scene: &Scene, title: &str, words: &dyn Words) -> Canvas {
    let max_room: f32 = 1000.0;
    let mine = scene.viewer.and_then(|v| scene.seats.get(v));
    let mut own: Vec<Pile> = mine.map(|p| p.piles.clone()).unwrap_or_default();
    let subtitle = mine
        .filter(|p| !p.lines.is_empty())
        .map(|p| words.word(&lines_of(&p.lines)))
        .unwrap_or_default();
    let context: &[Pile] = &scene.middle;
    let trick: Vec<Face> = scene.trick.iter().map(|&(_, c)| Face::Up(c)).collect();
    let empty = HandPicture::default();
    let hand = scene.hand.as_ref().unwrap_or(&empty);
    if let Some(hidden) = hidden_cards(scene) {
        // Cards the seat holds but may not see (Whist 22's blind round): their backs.
        own.insert(
            0,
            Pile::backs(Some(pakka_text::msg!("picture-hidden-hand")), hidden),
        );
    }
    let fan = fan(hand, max_room);
    // As wide as what it shows: the title, the middle and trick, the own piles, the fan.
    let fan_w = fan
        .rows
        .iter()
        .map(|r| {
            let n: usize = r.iter().map(Vec::len).sum();
            if n == 0 {
                0.0
            } else {
                HAND + fan.step * (n - r.len()) as f32
                    + (fan.step + fan.gap) * (r.len() as f32 - 1.0)
            }
        })
        .fold(0.0, f32::max);
    let step = SMALL + 12.0 + CAPTION;
    let trick_w = trick.len() as f32 * step;
    let context_w = piles_width(context, SMALL, max_room - trick_w, words) + 24.0 + trick_w;
    let own_w = piles_width(&own, SMALL, max_room, words);
    let room = fan_w
        .max(context_w)
        .max(own_w)
        .max(text_width(title, HAND_TITLE))
        .clamp(420.0, max_room);
    let width = room + 2.0 * MARGIN;
    // Only when some cards may be played and others not do the playable ones stand out
    // (raised and outlined, the others dimmed): when every card may be played, or none,
    // marking them would tell nothing.
    let any_legal = hand.cards().any(|h| h.legal);
    let all_legal = hand.cards().all(|h| h.legal);
    let marking = hand.to_act && any_legal && !all_legal;
    let raise = if marking { 16.0 } else { 0.0 };

    let head = if subtitle.is_empty() {
        16.0 + HAND_TITLE
    } else {
        22.0 + HAND_TITLE + LINE
    };
    let context_h = if context.is_empty() && trick.is_empty() {
        0.0
    } else {
        row_height(context, SMALL).max(CAPTION_H + height(SMALL)) + 14.0
    };
    let own_h = if own.is_empty() {
        0.0
    } else {
        row_height(&own, SMALL) + 10.0
    };
    let fan_rows = fan.rows.iter().filter(|r| !r.is_empty()).count();
    let fan_h = if fan_rows == 0 {
        0.0
    } else {
        raise + height(HAND) * fan_rows as f32 + 12.0 * (fan_rows as f32 - 1.0) + 10.0
    };
    let mut c = Canvas::new(width, head + context_h + own_h + fan_h + MARGIN);
    c.text(
        MARGIN,
        8.0 + HAND_TITLE,
        Font::new(HAND_TITLE, true, "start", INK),
        &fit(title, HAND_TITLE, room),
    );
    if !subtitle.is_empty() {
        c.text(
            MARGIN,
            14.0 + HAND_TITLE + LINE,
            Font::new(LINE, false, "start", SOFT),
            &fit(&subtitle, LINE, room),
        );
    }

    let mut y = head;
    if context_h > 0.0 {
        let mut x = MARGIN;
        if !context.is_empty() {
            let used = draw_piles(&mut c, words, context, x, y, SMALL, room - trick_w - 24.0);
            x += used + 24.0;
        }
        for &(seat, card) in &scene.trick {
            c.card(Face::Up(card), x, y + CAPTION_H, SMALL);
            if scene.trick_leader == Some(seat) {
                c.outline(x, y + CAPTION_H, SMALL, height(SMALL), GOLD);
            }
            let name = fit(&words.seat(seat), CAPTION, step);
            c.text(
                caption_centre(&name, x + SMALL / 2.0),
                y + CAPTION_H - 6.0,
                Font::new(CAPTION, true, "middle", INK),
                &name,
            );
            x += step;
        }
        y += context_h;
    }
    if !own.is_empty() {
        // Cards in front of the seat are captioned as such when the game names none of them.
        if own.iter().all(|p| p.label.is_none()) {
            own[0].label = Some(pakka_text::msg!("picture-in-front-of-you"));
        }
        draw_piles(&mut c, words, &own, MARGIN, y, SMALL, room);
        y += own_h;
    }
    for row in fan.rows.iter().filter(|r| !r.is_empty()) {
        let mut x = MARGIN;
        for (gi, group) in row.iter().enumerate() {
            if gi > 0 {
                x += fan.gap;
            }
            for &(card, legal) in group {
                let lift = if marking && legal { 0.0 } else { raise };
                c.card(Face::Up(card), x, y + lift, HAND);
                if marking {
                    if legal {
                        c.outline(x, y + lift, HAND, height(HAND), GOLD);
                    } else {
                        c.dim(x, y + lift, HAND);
                    }
                }
                x += fan.step;
            }
        }
        y += raise + height(HAND) + 12.0;
    }
    c
}
