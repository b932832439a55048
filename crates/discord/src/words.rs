//! How the Discord front end words messages: the catalog's text in the reader's language, with
//! the seats of a table named the Discord way — a person by a mention built here (or by their
//! display name in their own hand), a computer player as the catalog says ("Computer 2
//! (normal)"), an open seat as the catalog says; which seat is which, and the names known, are
//! `pakka_edge::seats`'. A `Reader` is who reads a message: a private message (a hand, a
//! refusal, an ephemeral answer) is worded in the clicking user's Discord language when pakka
//! ships it, a public one in the server's language (`/settings language`, else the server's
//! preferred locale when shipped), English otherwise. The table service hands out messages with
//! bare seat numbers; only this file turns them into names and sentences.

use std::collections::HashMap;
use std::sync::RwLock;

use pakka_catalog::{catalog, Names, NoNames, DEFAULT_LANG};
use pakka_edge::SeatName;
use pakka_table::{Person, SeatView, TableView};
use pakka_text::msg;
use pakka_text::{Msg, SeatNo};

/// A shipped language of the catalog (`en-US`, `fi`).
pub type Lang = &'static str;

/// The language for a Discord locale (`fi`, `en-US`, `pt-BR`): the shipped language of that
/// locale, else the default.
pub fn lang_of(locale: &str) -> Lang {
    catalog().pick(locale)
}

/// Who reads a message: the language it is worded in and how the seats are named for them.
pub trait Reader: Names {
    fn lang(&self) -> Lang;
}

/// A reader of a message that names no seat of a table.
pub struct Plain(pub Lang);

impl Names for Plain {
    fn seat_name(&self, _seat: SeatNo) -> Option<String> {
        None
    }
}

impl Reader for Plain {
    fn lang(&self) -> Lang {
        self.0
    }
}

/// The default language's plain reader.
pub const DEFAULT: Plain = Plain(DEFAULT_LANG);

/// A user mention: Discord shows the user's name and notifies them if the message allows it.
pub fn mention(user: u64) -> String {
    format!("<@{user}>")
}

/// One seat's name as Discord shows it.
#[derive(Clone, Debug)]
enum Seat {
    Person(String),
    /// Named by the catalog (a computer player, or a person a picture cannot name).
    Worded(Msg),
    Open(usize),
}

/// The names of a table's seats, for wording messages about it, and the language they are
/// worded in.
#[derive(Clone, Debug)]
pub struct SeatNames {
    seats: Vec<Seat>,
    lang: Lang,
}

impl Default for SeatNames {
    fn default() -> SeatNames {
        SeatNames {
            seats: Vec::new(),
            lang: DEFAULT_LANG,
        }
    }
}

impl SeatNames {
    /// Seats of a table as the channel sees them: people by mention.
    pub fn public(view: &TableView, lang: Lang) -> SeatNames {
        SeatNames::with(&view.seats, &HashMap::new(), lang)
    }

    /// A table's seats as a player's own hand shows them: people by display name where known
    /// (`display` holds at least the seated people's known names), else by mention.
    pub fn with(seats: &[SeatView], display: &HashMap<u64, String>, lang: Lang) -> SeatNames {
        SeatNames::of(seats, display, lang, |user, _| Seat::Person(mention(user)))
    }

    /// A table's seats as its pictures name them: a picture cannot show a mention, so a
    /// person is named by display name where known, else "Player N".
    pub fn picture(seats: &[SeatView], display: &HashMap<u64, String>, lang: Lang) -> SeatNames {
        SeatNames::of(seats, display, lang, |_, seat| {
            Seat::Worded(msg!("discord-picture-player", n = seat + 1))
        })
    }

    /// A table's seats (`pakka_edge::seats`): computer players and open seats as the catalog
    /// says, people by display name where known, else as `unknown(user, seat)` names them.
    fn of(
        seats: &[SeatView],
        display: &HashMap<u64, String>,
        lang: Lang,
        unknown: impl Fn(u64, usize) -> Seat,
    ) -> SeatNames {
        let seats = pakka_edge::seats(seats, |user| display.get(&user).cloned())
            .into_iter()
            .map(|s| match s {
                SeatName::Computer { name, .. } => Seat::Worded(name),
                SeatName::Person {
                    name: Some(name), ..
                } => Seat::Person(name),
                SeatName::Person {
                    user,
                    seat,
                    name: None,
                } => unknown(user, seat),
                SeatName::Open { seat } => Seat::Open(seat),
            })
            .collect();
        SeatNames { seats, lang }
    }

    /// The people of a table request, in seat order (the creator, then the invited).
    pub fn request(creator: &Person, invited: &[Person], lang: Lang) -> SeatNames {
        let seats = std::iter::once(creator)
            .chain(invited)
            .map(|p| Seat::Person(mention(p.id)))
            .collect();
        SeatNames { seats, lang }
    }
}

impl Names for SeatNames {
    fn seat_name(&self, seat: SeatNo) -> Option<String> {
        Some(match self.seats.get(seat)? {
            Seat::Person(name) => name.clone(),
            Seat::Worded(m) => catalog().text(self.lang, m, &NoNames),
            Seat::Open(s) => {
                catalog().text(self.lang, &msg!("discord-open-seat", n = s + 1), &NoNames)
            }
        })
    }
}

impl Reader for SeatNames {
    fn lang(&self) -> Lang {
        self.lang
    }
}

/// Words a message for its reader.
pub fn text(msg: &Msg, reader: &dyn Reader) -> String {
    with_mentions(reader.lang(), catalog().text(reader.lang(), msg, reader))
}

/// Words messages one per line for their reader.
pub fn lines(msgs: &[Msg], reader: &dyn Reader) -> String {
    with_mentions(reader.lang(), catalog().lines(reader.lang(), msgs, reader))
}

/// The ids Discord gave pakka's commands when it registered them, by their English names. One
/// bot runs per process, so they are the process's (a test process that runs several bots
/// against several fakes holds the latest registration's).
static COMMAND_IDS: RwLock<Vec<(String, u64)>> = RwLock::new(Vec::new());

/// Remembers the registered commands' ids (name, id), for the mentions of [`with_mentions`].
pub fn commands_registered(commands: impl IntoIterator<Item = (String, u64)>) {
    if let Ok(mut ids) = COMMAND_IDS.write() {
        *ids = commands.into_iter().collect();
    }
}

/// A text worded for a reader of another language than the default names each command the
/// catalog writes as `` `/name` `` by Discord's command mention (`</name:id>`), which every
/// client shows under the name it knows, in its own language (`/kutsu` for `/invite` in
/// Finnish); a command whose id is not known stays as it was written. A command written with
/// options (`` `/play … thread:true` ``) becomes its mention followed by the options under the
/// names the reader's client shows them (`</play:id> `ketju:true``): a mention cannot carry
/// options. The default language writes the names an English client shows already.
fn with_mentions(lang: Lang, text: String) -> String {
    if lang == DEFAULT_LANG {
        return text;
    }
    match COMMAND_IDS.read() {
        Ok(ids) => mention_commands(&text, &ids, &|command, option| {
            option_shown(command, option, lang)
        }),
        Err(_) => text,
    }
}

/// The name a client in `lang` shows for a command's option: the registration's localization.
fn option_shown(command: &str, option: &str, lang: Lang) -> Option<String> {
    let (title, _) = crate::command_names::parameter_texts(command, option)?;
    Some(plain(&title, lang))
}

/// Replaces each `` `/name` `` or `` `/name options…` `` of a known command by its mention
/// `</name:id>`, the options after it as `` `option:value` ``, each option under the name
/// `option_name(command, option)` answers (kept as written when it answers none); the "…"
/// that stands for other options is left out. Other code spans stay as they were.
fn mention_commands(
    text: &str,
    ids: &[(String, u64)],
    option_name: &dyn Fn(&str, &str) -> Option<String>,
) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("`/") {
        let Some(len) = rest[start + 1..].find('`') else {
            break;
        };
        let span = &rest[start + 1..start + 1 + len];
        out.push_str(&rest[..start]);
        match command_mention(span, ids, option_name) {
            Some(mentioned) => out.push_str(&mentioned),
            None => out.push_str(&rest[start..start + len + 2]),
        }
        rest = &rest[start + len + 2..];
    }
    out.push_str(rest);
    out
}

/// A code span's `/name options…` as a mention and its options, if `name` is a known command.
fn command_mention(
    span: &str,
    ids: &[(String, u64)],
    option_name: &dyn Fn(&str, &str) -> Option<String>,
) -> Option<String> {
    let mut words = span.strip_prefix('/')?.split_whitespace();
    let name = words.next()?;
    let (_, id) = ids.iter().find(|(n, _)| n == name)?;
    let options: Vec<String> = words
        .filter(|w| *w != "…")
        .map(|w| match w.split_once(':') {
            Some((option, value)) => {
                let shown = option_name(name, option).unwrap_or_else(|| option.to_string());
                format!("{shown}:{value}")
            }
            None => w.to_string(),
        })
        .collect();
    Some(if options.is_empty() {
        format!("</{name}:{id}>")
    } else {
        format!("</{name}:{id}> `{}`", options.join(" "))
    })
}

/// Words a message that names no seat, in `lang`.
pub fn plain(msg: &Msg, lang: Lang) -> String {
    catalog().text(lang, msg, &NoNames)
}

#[cfg(test)]
mod tests {
    //! Words as Discord shows them: known commands become mentions and unknown ones stay written,
    //! options after a mention are named in the reader's language, and seats are named the Discord
    //! way.

    use super::*;
    use pakka_table::Level;
    use pakka_table::{Phase, SeatView};

    fn view() -> TableView {
        let seat = SeatView::taken;
        TableView {
            id: 1,
            guild_id: 1,
            channel_id: 1,
            game_id: "matapesa",
            phase: Phase::Lobby,
            seats: vec![
                seat(0, Some(100), None),
                seat(1, None, Some(Level::Normal)),
                seat(2, None, None),
            ],
            creator: 100,
            seed: 1,
            options: pakka_table::games::OptionValues::default(),
            move_number: 0,
            status: None,
            public: None,
            picture: None,
            story: Vec::new(),
            scores: None,
            deals: Vec::new(),
            places: Vec::new(),
            to_act: Vec::new(),
            paused: false,
            turn_timer: None,
            open_choice: None,
            learning: Default::default(),
            rated: true,
        }
    }

    #[test]
    fn known_commands_become_mentions_and_unknown_ones_stay_written() {
        let ids = [("invite".to_string(), 11), ("abandon".to_string(), 12)];
        let none = |_: &str, _: &str| None;
        assert_eq!(
            mention_commands(
                "Use `/invite`, `/abandon` or `/resume`; `/invite …`; `code`.",
                &ids,
                &none
            ),
            "Use </invite:11>, </abandon:12> or `/resume`; </invite:11>; `code`."
        );
        assert_eq!(mention_commands("no command", &ids, &none), "no command");
        assert_eq!(mention_commands("`/unclosed", &ids, &none), "`/unclosed");
    }

    /// A command written with options becomes its mention followed by the options under the
    /// names a Finnish client shows (the registration's own localizations).
    #[test]
    fn commands_with_options_become_mentions_and_options_in_the_readers_language() {
        let ids = [("play".to_string(), 21)];
        let finnish = |command: &str, option: &str| option_shown(command, option, "fi");
        // The Finnish catalog's sentence, as it is written.
        let written = plain(
            &msg!(
                "discord-settings-changed",
                threads = pakka_text::verbatim("no")
            ),
            "fi",
        );
        assert!(written.contains("`/play … thread:true`"), "{written}");
        assert_eq!(
            mention_commands(&written, &ids, &finnish),
            written.replace("`/play … thread:true`", "</play:21> `ketju:true`")
        );
        // "ketju" is the name the command registration gives Discord for Finnish clients
        // (checked against the registration by `commands`' tests).
        // An option the registration does not know keeps its written name.
        assert_eq!(
            mention_commands("`/play x:1`", &ids, &finnish),
            "</play:21> `x:1`"
        );
    }

    #[test]
    fn seats_are_named_the_discord_way() {
        let public = SeatNames::public(&view(), DEFAULT_LANG);
        assert_eq!(public.seat_name(0).as_deref(), Some("<@100>"));
        assert_eq!(public.seat_name(1).as_deref(), Some("Computer 2 (normal)"));
        assert_eq!(public.seat_name(2).as_deref(), Some("(open seat 3)"));
        assert_eq!(
            public.seat_name(3),
            None,
            "no such seat: the catalog's fallback"
        );
        let display = HashMap::from([(100, "Alice".to_string())]);
        let own = SeatNames::with(&view().seats, &display, DEFAULT_LANG);
        assert_eq!(own.seat_name(0).as_deref(), Some("Alice"));
        let request = SeatNames::request(
            &Person { id: 5, bot: false },
            &[Person { id: 6, bot: true }],
            DEFAULT_LANG,
        );
        assert_eq!(
            text(
                &pakka_table::TableError::InviteBot { user: 6, seat: 1 }.msg(),
                &request
            ),
            "<@6> is a bot and cannot play; invite people."
        );
    }
}
