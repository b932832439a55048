//! Where things go: a `Scene` laid out as an SVG document. The table picture puts the game's
//! name and notes at the top, the seats in two rows around the middle of the table (the first
//! seats along the top from the left, the rest along the bottom from the right, so play goes
//! round the table), and the middle's piles and the trick between them, each trick card under
//! the name of the seat that played it. The hand picture shows what the seat needs to choose:
//! the middle and the trick small at the top, the seat's own piles, and its hand fanned in
//! playing order, the cards it may play raised and outlined and the others dimmed. Words are
//! worded before they get here (`Words`); sizes are in pixels of the final picture.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::cards::{back_def, escape, face_def, face_id, BACK_ID, FACE_W, FONT};
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
        let w = 10.0 + text_width(&label, 13.0);
        self.rect(
            x,
            y,
            w,
            19.0,
            9.0,
            r##"fill="#0d2e1f" stroke="#cfe8da" stroke-width="1""##,
        );
        self.text(
            x + w / 2.0,
            y + 14.0,
            Font::new(13.0, true, "middle", INK),
            &label,
        );
    }
}

/// The width a pile takes with cards `w` wide when given at most `room` px: its cards and
/// count, or its caption when that is wider.
fn pile_width(pile: &Pile, w: f32, room: f32, words: &dyn Words) -> f32 {
    let caption = pile
        .label
        .as_ref()
        .map_or(0.0, |l| text_width(&words.word(l), 12.0).min(room));
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
        let text = fit(&words.word(label), 12.0, width);
        c.text(x, y + 11.0, Font::new(12.0, false, "start", SOFT), &text);
    }
    let top = y + 16.0;
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
        c.badge(bx, top + height(w) - 21.0, n);
    }
    width
}

fn badge_space(pile: &Pile) -> f32 {
    if badge_of(pile).is_some() {
        30.0
    } else {
        0.0
    }
}

/// The height a row of piles takes with cards `w` wide (caption, cards).
fn row_height(piles: &[Pile], w: f32) -> f32 {
    let worded = piles.iter().any(|p| p.on_top.is_some());
    let w = if worded { WORDED.max(w) } else { w };
    16.0 + height(w)
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

/// The piles in front of a seat, its hand (as backs with a count) first.
fn seat_piles(part: &SeatPart, show_hand: bool) -> Vec<Pile> {
    let mut piles = Vec::new();
    if show_hand {
        if let Some(n) = part.hand {
            if n > 0 {
                piles.push(Pile::backs(None, n));
            }
        }
    }
    piles.extend(part.piles.iter().cloned());
    piles
}

const MARGIN: f32 = 14.0;
const PANEL_H: f32 = 150.0;
const PANEL_MIN_W: f32 = 236.0;

/// A seat's short lines as one: "14 points · Bid 1 · 0 tricks".
fn lines_of(lines: &[Msg]) -> Msg {
    pakka_text::msg!(
        "picture-lines",
        lines = pakka_text::list(lines.to_vec(), pakka_text::key!("sep-dot"))
    )
}

/// One seat's panel: name, lines, hand and piles.
fn draw_panel(c: &mut Canvas, words: &dyn Words, part: &SeatPart, x: f32, y: f32, w: f32) {
    let border = if part.to_act {
        format!(r#"fill="{PANEL}" stroke="{GOLD}" stroke-width="3""#)
    } else if part.mark == Mark::Leading {
        format!(r#"fill="{PANEL}" stroke="{LEAD}" stroke-width="3""#)
    } else {
        format!(r##"fill="{PANEL}" stroke="#3d8a64" stroke-width="1""##)
    };
    c.rect(x, y, w, PANEL_H - 8.0, 10.0, &border);
    let mut name = words.seat(part.seat);
    if part.mark == Mark::Leading {
        name = format!("★ {name}");
    }
    let name = fit(&name, 16.0, w - 20.0);
    let colour = if part.to_act { GOLD } else { INK };
    c.text(
        x + 10.0,
        y + 21.0,
        Font::new(16.0, true, "start", colour),
        &name,
    );
    if !part.lines.is_empty() {
        let line = fit(&words.word(&lines_of(&part.lines)), 13.0, w - 20.0);
        c.text(
            x + 10.0,
            y + 39.0,
            Font::new(13.0, false, "start", SOFT),
            &line,
        );
    }
    let piles = seat_piles(part, true);
    draw_piles(c, words, &piles, x + 10.0, y + 44.0, SMALL, w - 20.0);
    if part.mark == Mark::Out {
        c.rect(
            x,
            y,
            w,
            PANEL_H - 8.0,
            10.0,
            r##"fill="#000000" fill-opacity="0.38""##,
        );
    }
}

/// The seats of the top row and of the bottom row, as drawn left to right.
fn rows(n: usize) -> (Vec<Seat>, Vec<Seat>) {
    let top = n.div_ceil(2);
    let upper: Vec<Seat> = (0..top).collect();
    let lower: Vec<Seat> = (top..n).rev().collect();
    (upper, lower)
}

/// The table for the public: an SVG document.
pub fn table(scene: &Scene, title: &str, words: &dyn Words) -> Canvas {
    let n = scene.seats.len();
    let (upper, lower) = rows(n);
    let cols = upper.len().max(lower.len()).max(1);
    // Wide enough for every panel and for the middle.
    let middle_w = piles_width(&scene.middle, MIDDLE, 2000.0, words)
        + scene.trick.len() as f32 * (MIDDLE + 16.0)
        + 40.0;
    let width = (cols as f32 * PANEL_MIN_W + 2.0 * MARGIN)
        .max(middle_w + 2.0 * MARGIN)
        .max(720.0);
    let notes: Vec<String> = scene.notes.iter().take(3).map(|m| words.word(m)).collect();
    let head = 40.0 + 19.0 * notes.len() as f32;
    let middle_h = (row_height(&scene.middle, MIDDLE)).max(16.0 + height(MIDDLE) + 20.0) + 16.0;
    let height_total =
        head + PANEL_H * if lower.is_empty() { 1.0 } else { 2.0 } + middle_h + MARGIN;
    let mut c = Canvas::new(width, height_total);

    c.text(
        MARGIN,
        30.0,
        Font::new(22.0, true, "start", INK),
        &fit(title, 22.0, width - 2.0 * MARGIN),
    );
    for (i, note) in notes.iter().enumerate() {
        let y = 52.0 + 19.0 * i as f32;
        c.text(
            MARGIN,
            y,
            Font::new(14.0, false, "start", SOFT),
            &fit(note, 14.0, width - 2.0 * MARGIN),
        );
    }

    let panel_w = (width - 2.0 * MARGIN) / cols as f32;
    let place_row = |c: &mut Canvas, seats: &[Seat], y: f32| {
        let offset = (cols - seats.len()) as f32 * panel_w / 2.0;
        for (i, &s) in seats.iter().enumerate() {
            if let Some(part) = scene.seats.get(s) {
                let x = MARGIN + offset + panel_w * i as f32;
                draw_panel(c, words, part, x + 4.0, y, panel_w - 8.0);
            }
        }
    };
    place_row(&mut c, &upper, head);
    let mid_y = head + PANEL_H;
    // The middle: its piles, then the trick by seat, centred.
    let piles_w = piles_width(&scene.middle, MIDDLE, width - 2.0 * MARGIN, words);
    let trick_w = scene.trick.len() as f32 * (MIDDLE + 16.0);
    let gap = if scene.middle.is_empty() || scene.trick.is_empty() {
        0.0
    } else {
        30.0
    };
    let total = piles_w + gap + trick_w;
    let mut x = (width - total) / 2.0;
    if !scene.middle.is_empty() {
        let used = draw_piles(
            &mut c,
            words,
            &scene.middle,
            x,
            mid_y,
            MIDDLE,
            width - 2.0 * MARGIN,
        );
        x += used + gap;
    }
    for &(seat, card) in &scene.trick {
        let cy = mid_y + 16.0;
        c.card(Face::Up(card), x, cy, MIDDLE);
        if scene.trick_leader == Some(seat) {
            c.outline(x, cy, MIDDLE, height(MIDDLE), GOLD);
        }
        let name = fit(&words.seat(seat), 11.0, MIDDLE + 14.0);
        c.text(
            x + MIDDLE / 2.0,
            cy + height(MIDDLE) + 15.0,
            Font::new(11.0, true, "middle", INK),
            &name,
        );
        x += MIDDLE + 16.0;
    }
    place_row(&mut c, &lower, mid_y + middle_h);
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
    let trick_w = trick.len() as f32 * (SMALL + 10.0);
    let context_w = piles_width(context, SMALL, max_room - trick_w, words)
        + 24.0
        + trick.len() as f32 * (SMALL + 10.0);
    let own_w = piles_width(&own, SMALL, max_room, words);
    let room = fan_w
        .max(context_w)
        .max(own_w)
        .max(text_width(title, 19.0))
        .clamp(420.0, max_room);
    let width = room + 2.0 * MARGIN;
    let raise = if hand.to_act { 16.0 } else { 0.0 };

    let head = if subtitle.is_empty() { 38.0 } else { 58.0 };
    let context_h = if context.is_empty() && trick.is_empty() {
        0.0
    } else {
        row_height(context, SMALL) + 28.0
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
        27.0,
        Font::new(19.0, true, "start", INK),
        &fit(title, 19.0, room),
    );
    if !subtitle.is_empty() {
        c.text(
            MARGIN,
            47.0,
            Font::new(14.0, false, "start", SOFT),
            &fit(&subtitle, 14.0, room),
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
            c.card(Face::Up(card), x, y + 16.0, SMALL);
            if scene.trick_leader == Some(seat) {
                c.outline(x, y + 16.0, SMALL, height(SMALL), GOLD);
            }
            let name = fit(&words.seat(seat), 10.0, SMALL + 10.0);
            c.text(
                x + SMALL / 2.0,
                y + 16.0 + height(SMALL) + 13.0,
                Font::new(10.0, true, "middle", INK),
                &name,
            );
            x += SMALL + 10.0;
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
    let any_legal = hand.cards().any(|h| h.legal);
    for row in fan.rows.iter().filter(|r| !r.is_empty()) {
        let mut x = MARGIN;
        for (gi, group) in row.iter().enumerate() {
            if gi > 0 {
                x += fan.gap;
            }
            for &(card, legal) in group {
                let lift = if hand.to_act && legal { 0.0 } else { raise };
                c.card(Face::Up(card), x, y + lift, HAND);
                if hand.to_act && any_legal {
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
