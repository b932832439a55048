//! Short bold texts of the card faces (ranks, numbers) as outlines, shaped once: a face is
//! placed many times in a picture with `<use>`, and a `<text>` there would be shaped again for
//! every card; its outline, cached by text and size, is drawn as a plain path instead. The
//! outlines come from the same fonts (`OPTIONS`) through usvg's own text layout. The font every
//! picture's text is set in (`FONT`) and the escaping of a text for SVG live here too, below
//! the faces (`cards`) and the layout that use them.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{LazyLock, Mutex};

use resvg::tiny_skia::PathSegment;
use resvg::usvg;

/// The font every picture uses (loaded from the `dejavu` crate).
pub const FONT: &str = "DejaVu Sans";

/// Text escaped for SVG.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// An outline: its path data with the text's baseline starting at the origin, and its width.
#[derive(Clone, Debug)]
pub struct Outline {
    pub d: String,
    pub width: f32,
}

/// A text at a size (tenths) and letter spacing (tenths).
type Key = (String, u32, i32);

static CACHE: LazyLock<Mutex<HashMap<Key, Outline>>> = LazyLock::new(|| Mutex::new(HashMap::new()));

/// The outline of `text` in bold DejaVu Sans at `size` units, `spacing` between letters.
pub fn outline(text: &str, size: f32, spacing: f32) -> Outline {
    let key = (
        text.to_string(),
        (size * 10.0) as u32,
        (spacing * 10.0) as i32,
    );
    if let Some(o) = CACHE.lock().ok().and_then(|c| c.get(&key).cloned()) {
        return o;
    }
    let o = shape(text, size, spacing);
    if let Ok(mut c) = CACHE.lock() {
        c.insert(key, o.clone());
    }
    o
}

fn shape(text: &str, size: f32, spacing: f32) -> Outline {
    let svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><text x="0" y="0" font-family="{FONT}" font-weight="bold" font-size="{size}" letter-spacing="{spacing}">{}</text></svg>"#,
        escape(text)
    );
    let mut d = String::new();
    let (mut min_x, mut max_x) = (f32::MAX, f32::MIN);
    if let Ok(tree) = usvg::Tree::from_str(&svg, &super::OPTIONS) {
        collect(tree.root(), &mut d, &mut min_x, &mut max_x);
    }
    let width = if max_x >= min_x {
        max_x - min_x.min(0.0)
    } else {
        0.0
    };
    Outline { d, width }
}

fn collect(group: &usvg::Group, d: &mut String, min_x: &mut f32, max_x: &mut f32) {
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => collect(g, d, min_x, max_x),
            usvg::Node::Text(t) => collect(t.flattened(), d, min_x, max_x),
            usvg::Node::Path(p) => {
                let ts = p.abs_transform();
                let mut point = |x: f32, y: f32, d: &mut String| {
                    let mut pt = resvg::tiny_skia::Point::from_xy(x, y);
                    ts.map_point(&mut pt);
                    *min_x = min_x.min(pt.x);
                    *max_x = max_x.max(pt.x);
                    let _ = write!(d, "{:.2} {:.2} ", pt.x, pt.y);
                };
                for seg in p.data().segments() {
                    match seg {
                        PathSegment::MoveTo(a) => {
                            d.push('M');
                            point(a.x, a.y, d);
                        }
                        PathSegment::LineTo(a) => {
                            d.push('L');
                            point(a.x, a.y, d);
                        }
                        PathSegment::QuadTo(a, b) => {
                            d.push('Q');
                            point(a.x, a.y, d);
                            point(b.x, b.y, d);
                        }
                        PathSegment::CubicTo(a, b, c) => {
                            d.push('C');
                            point(a.x, a.y, d);
                            point(b.x, b.y, d);
                            point(c.x, c.y, d);
                        }
                        PathSegment::Close => d.push('Z'),
                    }
                }
            }
            usvg::Node::Image(_) => {}
        }
    }
}

/// The outline of `text` centred on `x` with its baseline at `y`, filled with `fill`.
pub fn centred(out: &mut String, text: &str, x: f32, y: f32, size: f32, spacing: f32, fill: &str) {
    let o = outline(text, size, spacing);
    let left = x - o.width / 2.0;
    let _ = write!(
        out,
        r#"<path d="{}" fill="{fill}" transform="translate({left:.2} {y:.2})"/>"#,
        o.d.trim_end()
    );
}
