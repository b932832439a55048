//! The message catalog: every word people read, in Fluent files under `locales/<lang>/*.ftl`,
//! embedded into the binary at build time (see `build.rs`), so a fresh machine or the Docker
//! image needs no files beside the binary. It words a [`Msg`] in one language: plural forms and
//! grammar are the catalog's, numbers arrive as numbers, seats are named by the caller's
//! [`Names`], cards in their short notation. A key missing from a language falls back to
//! `en-US`. Only the edges (`discord`, `cli`) word messages; everything else builds `Msg` values.
//!
//! A second language is a new folder of `.ftl` files with the same keys and arguments; the
//! catalog tests (`tests/catalog.rs`) check that every key used in code exists in every language
//! and that no key in a file is unused.

use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

use pakka_cards::{Card, CardKind};
use pakka_text::{Arg, Msg, SeatNo};

mod files {
    include!(concat!(env!("OUT_DIR"), "/locales.rs"));
}

/// The language every key exists in, and the fallback for every other.
pub const DEFAULT_LANG: &str = "en-US";

/// How seats are named when a message is worded: mentions in Discord, names in the terminal.
pub trait Names {
    /// The name of `seat`, or `None` for the catalog's "Seat N".
    fn seat_name(&self, seat: SeatNo) -> Option<String>;
}

impl Names for [String] {
    fn seat_name(&self, seat: SeatNo) -> Option<String> {
        self.get(seat).cloned()
    }
}

impl Names for &[String] {
    fn seat_name(&self, seat: SeatNo) -> Option<String> {
        self.get(seat).cloned()
    }
}

impl Names for Vec<String> {
    fn seat_name(&self, seat: SeatNo) -> Option<String> {
        self.get(seat).cloned()
    }
}

/// No names at all: every seat is "Seat N".
pub struct NoNames;

impl Names for NoNames {
    fn seat_name(&self, _seat: SeatNo) -> Option<String> {
        None
    }
}

struct Language {
    id: String,
    bundle: FluentBundle<FluentResource>,
    /// Every message id of the language's files, in file order.
    keys: Vec<String>,
}

/// Every shipped language's messages.
pub struct Catalog {
    languages: Vec<Language>,
    /// Syntax errors and duplicate keys found while loading (a test asserts there are none).
    problems: Vec<String>,
}

/// The catalog of the shipped message files, loaded once.
pub fn catalog() -> &'static Catalog {
    static CATALOG: LazyLock<Catalog> = LazyLock::new(Catalog::load);
    &CATALOG
}

/// Words a message in the default language with no seat names: the common case of the engine
/// console, logs and tests.
pub fn en(msg: &Msg) -> String {
    catalog().text(DEFAULT_LANG, msg, &NoNames)
}

/// Words messages in the default language, one per line, seats named by `names`.
pub fn en_lines(msgs: &[Msg], names: &[String]) -> String {
    catalog().lines(DEFAULT_LANG, msgs, &names)
}

/// Words a message in the default language, seats named by `names`.
pub fn en_named(msg: &Msg, names: &[String]) -> String {
    catalog().text(DEFAULT_LANG, msg, &names)
}

impl Catalog {
    fn load() -> Catalog {
        let mut languages: Vec<Language> = Vec::new();
        let mut problems = Vec::new();
        for &(lang, file, text) in files::FILES {
            let index = match languages.iter().position(|l| l.id == lang) {
                Some(i) => i,
                None => {
                    let id: LanguageIdentifier = lang.parse().unwrap_or_else(|_| {
                        problems.push(format!("{lang}: not a language identifier"));
                        LanguageIdentifier::default()
                    });
                    let mut bundle = FluentBundle::new_concurrent(vec![id]);
                    // Discord and terminals show the isolation marks as stray characters.
                    bundle.set_use_isolating(false);
                    bundle.set_formatter(Some(true_minus));
                    languages.push(Language {
                        id: lang.to_string(),
                        bundle,
                        keys: Vec::new(),
                    });
                    languages.len() - 1
                }
            };
            let resource = match FluentResource::try_new(text.to_string()) {
                Ok(r) => r,
                Err((r, errors)) => {
                    for e in errors {
                        problems.push(format!("{lang}/{file}: {e}"));
                    }
                    r
                }
            };
            let language = &mut languages[index];
            for entry in resource.entries() {
                if let fluent_syntax::ast::Entry::Message(m) = entry {
                    language.keys.push(m.id.name.to_string());
                }
            }
            if let Err(errors) = language.bundle.add_resource(resource) {
                for e in errors {
                    problems.push(format!("{lang}/{file}: {e:?}"));
                }
            }
        }
        Catalog {
            languages,
            problems,
        }
    }

    /// The shipped languages, the default first.
    pub fn languages(&self) -> Vec<&str> {
        let mut ids: Vec<&str> = self.languages.iter().map(|l| l.id.as_str()).collect();
        ids.sort_by_key(|&id| (id != DEFAULT_LANG, id));
        ids
    }

    /// Every key of one language's files.
    pub fn keys(&self, lang: &str) -> Vec<&str> {
        self.language(lang)
            .map(|l| l.keys.iter().map(String::as_str).collect())
            .unwrap_or_default()
    }

    /// Problems found while loading the files (syntax errors, duplicate keys).
    pub fn problems(&self) -> &[String] {
        &self.problems
    }

    /// Whether `lang` has a message `key` (without falling back).
    pub fn has(&self, lang: &str, key: &str) -> bool {
        self.language(lang)
            .is_some_and(|l| l.bundle.has_message(key))
    }

    fn language(&self, lang: &str) -> Option<&Language> {
        self.languages.iter().find(|l| l.id == lang)
    }

    /// The language to word in for a requested one: exact, else the same primary language
    /// (`fi` for `fi-FI`), else the default.
    pub fn pick(&self, lang: &str) -> &str {
        if let Some(l) = self.language(lang) {
            return &l.id;
        }
        let primary = lang.split(['-', '_']).next().unwrap_or(lang);
        self.languages
            .iter()
            .find(|l| l.id.split('-').next() == Some(primary))
            .map_or(DEFAULT_LANG, |l| l.id.as_str())
    }

    /// Words one message.
    pub fn text(&self, lang: &str, msg: &Msg, names: &dyn Names) -> String {
        match self.try_text(lang, msg, names) {
            Ok(text) => text,
            Err(what) => self.problem(what, msg.key),
        }
    }

    /// Words a message in every shipped language, answering the first problem (a missing key,
    /// a missing argument): what the conformance suite runs over every game's messages.
    pub fn check(&self, msg: &Msg) -> Result<(), String> {
        for lang in self.languages() {
            self.try_text(lang, msg, &NoNames)?;
        }
        Ok(())
    }

    fn try_text(&self, lang: &str, msg: &Msg, names: &dyn Names) -> Result<String, String> {
        let lang = self.pick(lang);
        let language = match self
            .language(lang)
            .filter(|l| l.bundle.has_message(msg.key))
            .or_else(|| self.language(DEFAULT_LANG))
        {
            Some(l) => l,
            None => return Err(format!("no language has {}", msg.key)),
        };
        let Some(pattern) = language.bundle.get_message(msg.key).and_then(|m| m.value()) else {
            return Err(format!("unknown message key {}", msg.key));
        };
        let mut args = FluentArgs::new();
        for (name, arg) in &msg.args {
            args.set(*name, self.value(lang, arg, names)?);
        }
        let mut errors = Vec::new();
        let text = language
            .bundle
            .format_pattern(pattern, Some(&args), &mut errors)
            .into_owned();
        if !errors.is_empty() {
            return Err(format!("{}: {errors:?}", msg.key));
        }
        Ok(text)
    }

    /// Words several messages, one per line.
    pub fn lines(&self, lang: &str, msgs: &[Msg], names: &dyn Names) -> String {
        msgs.iter()
            .map(|m| self.text(lang, m, names))
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn value(
        &self,
        lang: &str,
        arg: &Arg,
        names: &dyn Names,
    ) -> Result<FluentValue<'static>, String> {
        Ok(match arg {
            Arg::Num(n) => FluentValue::from(*n),
            Arg::Signed(n) => FluentValue::from(signed_text(*n)),
            Arg::Tenths { tenths, signed } => {
                let sep = self.try_text(lang, &pakka_text::msg!("decimal-separator"), names)?;
                FluentValue::from(tenths_text(*tenths, *signed, &sep))
            }
            Arg::Seat(s) => FluentValue::from(self.seat(lang, *s, names)),
            Arg::Card(c) => FluentValue::from(self.card(lang, *c)),
            Arg::Cards(cards) => FluentValue::from(self.cards(lang, cards)),
            Arg::Msg(m) => FluentValue::from(self.try_text(lang, m, names)?),
            Arg::List { items, sep } => {
                let words = items
                    .iter()
                    .map(|a| self.arg_text(lang, a, names))
                    .collect::<Result<Vec<String>, String>>()?;
                let last = self.try_text(lang, &Msg::new(sep, Vec::new()), names)?;
                // "A, B and C": a list joined by "and" (or "or") takes commas but for the last.
                let joined = match words.split_last() {
                    Some((tail, head)) if head.len() > 1 && CONJUNCTIONS.contains(sep) => {
                        let comma =
                            self.try_text(lang, &Msg::new("sep-comma", Vec::new()), names)?;
                        format!("{}{last}{tail}", head.join(&comma))
                    }
                    _ => words.join(&last),
                };
                FluentValue::from(joined)
            }
            Arg::Verbatim(s) => FluentValue::from(s.clone()),
        })
    }

    /// One argument as text on its own (an item of a list).
    fn arg_text(&self, lang: &str, arg: &Arg, names: &dyn Names) -> Result<String, String> {
        Ok(match self.value(lang, arg, names)? {
            FluentValue::String(s) => s.into_owned(),
            FluentValue::Number(n) => n.as_string().into_owned(),
            _ => String::new(),
        })
    }

    /// A seat's name: the caller's, else "Seat N", seats counted from 1 as people count them
    /// (the first seat is "Seat 1").
    pub fn seat(&self, lang: &str, seat: SeatNo, names: &dyn Names) -> String {
        names.seat_name(seat).unwrap_or_else(|| {
            let n = seat + 1;
            self.text(lang, &pakka_text::msg!("seat-fallback", n = n), names)
        })
    }

    /// One card in its short notation; the Fool by name, and a Red7 card by its colour's
    /// name ("Indigo 5"), which reads right in every client (two blue hearts did not).
    pub fn card(&self, lang: &str, card: Card) -> String {
        match card.kind() {
            CardKind::Fool => self.text(lang, &pakka_text::msg!("card-fool"), &NoNames),
            CardKind::Red7(colour, n) => self.text(
                lang,
                &pakka_text::msg!(
                    "card-red7",
                    colour = pakka_text::verbatim(colour.letter().to_string()),
                    n = n
                ),
                &NoNames,
            ),
            _ => card.pretty(),
        }
    }

    /// A card's name as it is said ("7 of spades", "pataseiska"): a screen reader's name of a
    /// card in the Activity's window.
    pub fn card_spoken(&self, lang: &str, card: Card) -> String {
        match card.kind() {
            CardKind::Standard(rank, suit) => self.text(
                lang,
                &pakka_text::msg!(
                    "card-spoken",
                    rank = rank as u8,
                    suit = pakka_text::verbatim(suit.letter().to_string())
                ),
                &NoNames,
            ),
            CardKind::Trump(n) => self.text(
                lang,
                &pakka_text::msg!("card-trump-spoken", n = n),
                &NoNames,
            ),
            _ => self.card(lang, card),
        }
    }

    /// Cards separated by spaces (Red7's, named by colour, by dots); none is a dash.
    pub fn cards(&self, lang: &str, cards: &[Card]) -> String {
        if cards.is_empty() {
            return self.text(lang, &pakka_text::msg!("cards-none"), &NoNames);
        }
        let named = cards.iter().any(|c| matches!(c.kind(), CardKind::Red7(..)));
        cards
            .iter()
            .map(|&c| self.card(lang, c))
            .collect::<Vec<_>>()
            .join(if named { " · " } else { " " })
    }

    fn problem(&self, what: String, key: &str) -> String {
        // A missing key or argument is a bug of ours, never a player's: loud in tests and
        // debug builds, logged and shown as the key in a release build.
        if cfg!(debug_assertions) {
            panic!("message catalog: {what}");
        }
        tracing::error!("message catalog: {what}");
        key.to_string()
    }
}

/// The separators that join only a list's last two items; the others take `sep-comma`.
const CONJUNCTIONS: [&str; 2] = ["sep-and", "sep-or"];

/// Writes a negative number of a message (a score, a count below zero) with a true minus sign,
/// `−12`, as [`signed_text`] does, in place of Fluent's ASCII hyphen; the number stays a number,
/// so a message's plural forms still select by it. Other values keep Fluent's own writing.
fn true_minus<M>(value: &FluentValue, _: &M) -> Option<String> {
    match value {
        FluentValue::Number(n) if n.value < 0.0 => Some(n.as_string().replacen('-', "\u{2212}", 1)),
        _ => None,
    }
}

/// A number of tenths with one decimal: `27.4`, `−0.3`; with `signed`, `+1.2` and `0.0`.
pub fn tenths_text(tenths: i64, signed: bool, sep: &str) -> String {
    let sign = match tenths {
        t if t < 0 => "\u{2212}",
        t if t > 0 && signed => "+",
        _ => "",
    };
    let abs = tenths.unsigned_abs();
    format!("{sign}{}{sep}{}", abs / 10, abs % 10)
}

/// A signed number as scores are written: `+5`, `−30` (a true minus sign), `0`.
pub fn signed_text(n: i64) -> String {
    match n {
        0 => "0".to_string(),
        n if n > 0 => format!("+{n}"),
        n => format!("\u{2212}{}", n.unsigned_abs()),
    }
}

#[cfg(test)]
mod tests {
    //! The catalog's own behaviour: the files load without problems, numbers choose plural forms
    //! and seats take names, negative numbers are written with a true minus (keeping their plural
    //! forms), and an unknown language falls back. The catalog against the code's keys is
    //! `tests/catalog.rs`.

    use super::*;
    use pakka_text::msg;

    #[test]
    fn the_files_load_without_problems() {
        assert_eq!(catalog().problems(), &[] as &[String]);
        assert_eq!(catalog().languages()[0], DEFAULT_LANG);
    }

    #[test]
    fn numbers_choose_plural_forms_and_seats_take_names() {
        let names = vec!["Ann".to_string()];
        let c = catalog();
        assert_eq!(
            c.text("en-US", &msg!("seat-fallback", n = 3), &names),
            "Seat 3"
        );
        assert_eq!(
            c.text("en-US", &msg!("count-cards", n = 1), &names),
            "1 card"
        );
        assert_eq!(
            c.text("en-US", &msg!("count-cards", n = 0), &names),
            "0 cards"
        );
        assert_eq!(c.seat("en-US", 0, &names), "Ann");
        // Counted from 1: the second seat, whose name is not known.
        assert_eq!(c.seat("en-US", 1, &names), "Seat 2");
    }

    #[test]
    fn signed_numbers_use_a_true_minus() {
        assert_eq!(signed_text(5), "+5");
        assert_eq!(signed_text(-30), "\u{2212}30");
        assert_eq!(signed_text(0), "0");
    }

    #[test]
    fn negative_numbers_in_messages_use_a_true_minus_and_keep_their_plural_forms() {
        let names: Vec<String> = Vec::new();
        let c = catalog();
        assert_eq!(
            c.text("en-US", &msg!("count-cards", n = -12), &names),
            "\u{2212}12 cards"
        );
        assert_eq!(
            c.text("en-US", &msg!("kop-score", n = -1), &names),
            "\u{2212}1 victory card"
        );
        assert_eq!(
            c.text("en-US", &msg!("count-cards", n = 12), &names),
            "12 cards"
        );
    }

    #[test]
    fn unknown_languages_fall_back() {
        assert_eq!(catalog().pick("xx-YY"), DEFAULT_LANG);
        assert_eq!(catalog().pick("en-GB"), DEFAULT_LANG);
    }
}
