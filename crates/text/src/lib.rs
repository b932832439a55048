//! Words for people before any language is chosen. A [`Msg`] is a key of the message catalog
//! (`locales/<lang>/*.ftl`) and its arguments: numbers (whose plural form the catalog picks),
//! seats (named only when the message is worded, by whoever words it), cards, and other
//! messages. The rules, the table service and the front ends build `Msg` values; only the edges
//! (`discord`, `cli`) turn them into text with [`pakka_catalog`]. Nothing here knows a word of
//! any language, so a second language is only a folder of `.ftl` files.
//!
//! Keys are always string literals written with [`msg!`] or [`key!`]: the catalog test reads
//! them out of the source to check that every key used exists in every language and that no
//! key of the catalog is unused.

use pakka_cards::Card;

/// A seat at a table, numbered `0..n` in the order of play (the rules' `Seat`).
pub type SeatNo = usize;

/// A sentence (or a fragment of one) for people: a catalog key and its named arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct Msg {
    pub key: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

/// One argument of a message.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A count or a score; the catalog chooses plural forms by it.
    Num(i64),
    /// A score change shown with its sign: `+5`, `−30`, `0`.
    Signed(i64),
    /// A seat, named by whoever words the message (a mention in Discord, a name in the
    /// terminal, "Seat 2" when nobody gave a name).
    Seat(SeatNo),
    /// A card in its short pretty notation (`7♥`, `R7`, `21`, the Fool by its catalog name).
    Card(Card),
    /// Cards separated by spaces; none is "—".
    Cards(Vec<Card>),
    /// Another message, worded first.
    Msg(Box<Msg>),
    /// Several arguments worded and joined by the catalog text of `sep` (a key).
    List { items: Vec<Arg>, sep: &'static str },
    /// Text that is no word of ours: a name someone typed, a game id, a seed, notation.
    Verbatim(String),
    /// A number in tenths shown with one decimal and the language's decimal separator (the
    /// catalog's `decimal-separator`): a rating `27.4`; `signed` shows `+1.2` and `−0.3`.
    Tenths { tenths: i64, signed: bool },
}

/// A value rounded to tenths, for [`Arg::Tenths`].
pub fn tenths(value: f64) -> Arg {
    Arg::Tenths {
        tenths: round_tenths(value),
        signed: false,
    }
}

/// A change rounded to tenths, shown with its sign.
pub fn signed_tenths(value: f64) -> Arg {
    Arg::Tenths {
        tenths: round_tenths(value),
        signed: true,
    }
}

fn round_tenths(value: f64) -> i64 {
    let t = (value * 10.0).round();
    if t.is_finite() {
        t as i64
    } else {
        0
    }
}

impl Msg {
    /// A message without arguments (`msg!` is the usual way to write one).
    pub fn new(key: &'static str, args: Vec<(&'static str, Arg)>) -> Msg {
        Msg { key, args }
    }
}

impl From<Msg> for Arg {
    fn from(m: Msg) -> Arg {
        Arg::Msg(Box::new(m))
    }
}

impl From<Card> for Arg {
    fn from(c: Card) -> Arg {
        Arg::Card(c)
    }
}

impl From<Vec<Card>> for Arg {
    fn from(c: Vec<Card>) -> Arg {
        Arg::Cards(c)
    }
}

impl From<&[Card]> for Arg {
    fn from(c: &[Card]) -> Arg {
        Arg::Cards(c.to_vec())
    }
}

impl From<&Vec<Card>> for Arg {
    fn from(c: &Vec<Card>) -> Arg {
        Arg::Cards(c.clone())
    }
}

macro_rules! num_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                // Counts and scores of card games fit an i64 by a wide margin.
                Arg::Num(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
num_arg!(i64, i32, u8, u16, u32, u64, usize);

/// A seat argument (seats are plain numbers, so they need saying).
pub fn seat(s: SeatNo) -> Arg {
    Arg::Seat(s)
}

/// A signed-number argument: `+5`, `−30`, `0`.
pub fn signed(n: i64) -> Arg {
    Arg::Signed(n)
}

/// Verbatim text: a name, an id, notation, never a word of ours.
pub fn verbatim(s: impl Into<String>) -> Arg {
    Arg::Verbatim(s.into())
}

/// Messages joined by the catalog text of the key `sep` (for example `sep-dot`, ` · `).
pub fn list(items: Vec<Msg>, sep: &'static str) -> Arg {
    list_of(items, sep)
}

/// Any arguments (seats, verbatim words, messages) joined by the catalog text of the key `sep`.
pub fn list_of<T: Into<Arg>>(items: impl IntoIterator<Item = T>, sep: &'static str) -> Arg {
    Arg::List {
        items: items.into_iter().map(Into::into).collect(),
        sep,
    }
}

/// A message: `msg!("key")` or `msg!("key", name = value, …)`, each value anything that turns
/// into an [`Arg`] (numbers, cards, card lists, messages) or an `Arg` made with [`seat`],
/// [`signed`], [`verbatim`] or [`list`]. The key must be a literal (the catalog test reads it).
#[macro_export]
macro_rules! msg {
    ($key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::Msg::new(
            $key,
            vec![$((stringify!($name), $crate::Arg::from($value))),*],
        )
    };
}

/// A bare catalog key where a key is stored rather than a message (a list separator): a literal
/// the catalog test can read.
#[macro_export]
macro_rules! key {
    ($key:literal) => {
        $key
    };
}
