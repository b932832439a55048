//! How the Discord front end words messages: the catalog's text in the reader's language, with
//! the seats of a table named the Discord way — a person by a mention built here (or by their
//! display name in their own hand), a computer player as the catalog says ("Computer 2 ·
//! normal"), an open seat as the catalog says. A `Reader` is who reads a message: a private
//! message (a hand, a refusal, an ephemeral answer) is worded in the clicking user's Discord
//! language when pakka ships it, a public one in the server's language (`/settings language`,
//! else the server's preferred locale when shipped), English otherwise. The table service hands
//! out messages with bare seat numbers; only this file turns them into names and sentences.

use std::collections::HashMap;
use std::sync::RwLock;

use pakka_catalog::{catalog, Names, NoNames, DEFAULT_LANG};
use pakka_table::{level_name, Person, SeatView, TableView};
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

    /// A table's seats: computer players and open seats as the catalog says, people by display
    /// name where known, else as `unknown(user, seat)` names them.
    fn of(
        seats: &[SeatView],
        display: &HashMap<u64, String>,
        lang: Lang,
        unknown: impl Fn(u64, usize) -> Seat,
    ) -> SeatNames {
        let seats = seats
            .iter()
            .map(|s| match (s.computer, s.user) {
                (Some(level), _) => Seat::Worded(msg!(
                    "discord-computer",
                    n = s.seat + 1,
                    level = level_name(level)
                )),
                (None, Some(u)) => match display.get(&u) {
                    Some(name) => Seat::Person(name.clone()),
                    None => unknown(u, s.seat),
                },
                (None, None) => Seat::Open(s.seat),
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
/// Finnish); a command whose id is not known stays as it was written. The default language
/// writes the names an English client shows already.
fn with_mentions(lang: Lang, text: String) -> String {
    if lang == DEFAULT_LANG {
        return text;
    }
    match COMMAND_IDS.read() {
        Ok(ids) => mention_commands(&text, &ids),
        Err(_) => text,
    }
}

/// Replaces each `` `/name` `` of a known command by its mention `</name:id>`.
fn mention_commands(text: &str, ids: &[(String, u64)]) -> String {
    let mut out = text.to_string();
    for (name, id) in ids {
        let written = format!("`/{name}`");
        if out.contains(&written) {
            out = out.replace(&written, &format!("</{name}:{id}>"));
        }
    }
    out
}

/// Words a message that names no seat, in `lang`.
pub fn plain(msg: &Msg, lang: Lang) -> String {
    catalog().text(lang, msg, &NoNames)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pakka_table::Level;
    use pakka_table::{Phase, SeatView};

    fn view() -> TableView {
        let seat = |seat, user, computer| SeatView {
            seat,
            user,
            accepted: true,
            computer,
            stand_in: false,
            taken_from: None,
        };
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
            options: serde_json::Value::Null,
            move_number: 0,
            status: None,
            public: None,
            picture: None,
            story: Vec::new(),
            scores: None,
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
        assert_eq!(
            mention_commands("Use `/invite`, `/abandon` or `/resume`; `/invite …`.", &ids),
            "Use </invite:11>, </abandon:12> or `/resume`; `/invite …`."
        );
        assert_eq!(mention_commands("no command", &ids), "no command");
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
