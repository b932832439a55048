//! How the Discord front end words messages: the catalog's text in one language, with the seats
//! of a table named the Discord way — a person by a mention built here (or by their display name
//! in their own hand), a computer player as the catalog says ("Computer 2 · normal"), an open
//! seat as the catalog says. The table service hands out messages with bare seat numbers; only
//! this file turns them into names and sentences.

use std::collections::HashMap;

use crate::catalog::{catalog, Names, NoNames, DEFAULT_LANG};
use crate::msg;
use crate::table::{level_name, Person, TableView};
use crate::text::{Msg, SeatNo};

/// The language Discord messages are worded in. Public messages are seen by everyone in the
/// channel, so they are worded in one language for all.
pub const LANG: &str = DEFAULT_LANG;

/// A user mention: Discord shows the user's name and notifies them if the message allows it.
pub fn mention(user: u64) -> String {
    format!("<@{user}>")
}

/// One seat's name as Discord shows it.
#[derive(Clone, Debug)]
enum Seat {
    Person(String),
    /// Named by the catalog (a computer player, or a person a picture cannot name).
    Computer(Msg),
    Open(usize),
}

/// The names of a table's seats, for wording messages about it.
#[derive(Clone, Debug, Default)]
pub struct SeatNames {
    seats: Vec<Seat>,
}

impl SeatNames {
    /// Seats of a table as the channel sees them: people by mention.
    pub fn public(view: &TableView) -> SeatNames {
        SeatNames::with(view, &HashMap::new())
    }

    /// Seats of a table as a player's own hand shows them: people by display name where known,
    /// else by mention.
    pub fn with(view: &TableView, display: &HashMap<u64, String>) -> SeatNames {
        let seats = view
            .seats
            .iter()
            .map(|s| match (s.computer, s.user) {
                (Some(level), _) => Seat::Computer(msg!(
                    "discord-computer",
                    n = s.seat + 1,
                    level = level_name(level)
                )),
                (None, Some(u)) => {
                    Seat::Person(display.get(&u).cloned().unwrap_or_else(|| mention(u)))
                }
                (None, None) => Seat::Open(s.seat),
            })
            .collect();
        SeatNames { seats }
    }

    /// Seats of a table as its pictures name them: a picture cannot show a mention, so a
    /// person is named by display name where known, else "Player N".
    pub fn picture(view: &TableView, display: &HashMap<u64, String>) -> SeatNames {
        let mut names = SeatNames::with(view, display);
        for (seat, name) in names.seats.iter_mut().enumerate() {
            if matches!(name, Seat::Person(n) if n.starts_with("<@")) {
                *name = Seat::Computer(msg!("discord-picture-player", n = seat + 1));
            }
        }
        names
    }

    /// The people of a table request, in seat order (the creator, then the invited).
    pub fn request(creator: &Person, invited: &[Person]) -> SeatNames {
        let seats = std::iter::once(creator)
            .chain(invited)
            .map(|p| Seat::Person(mention(p.id)))
            .collect();
        SeatNames { seats }
    }
}

impl Names for SeatNames {
    fn seat_name(&self, seat: SeatNo) -> Option<String> {
        Some(match self.seats.get(seat)? {
            Seat::Person(name) => name.clone(),
            Seat::Computer(m) => catalog().text(LANG, m, &NoNames),
            Seat::Open(s) => catalog().text(LANG, &msg!("discord-open-seat", n = s + 1), &NoNames),
        })
    }
}

/// Words a message, seats named by `names`.
pub fn text(msg: &Msg, names: &dyn Names) -> String {
    catalog().text(LANG, msg, names)
}

/// Words messages one per line, seats named by `names`.
pub fn lines(msgs: &[Msg], names: &dyn Names) -> String {
    catalog().lines(LANG, msgs, names)
}

/// Words a message that names no seat.
pub fn plain(msg: &Msg) -> String {
    catalog().text(LANG, msg, &NoNames)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::table::{Phase, SeatView};

    fn view() -> TableView {
        let seat = |seat, user, computer| SeatView {
            seat,
            user,
            accepted: true,
            computer,
            stand_in: false,
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
            message_id: None,
            ping_id: None,
            paused: false,
            turn_timer: None,
        }
    }

    #[test]
    fn seats_are_named_the_discord_way() {
        let public = SeatNames::public(&view());
        assert_eq!(public.seat_name(0).as_deref(), Some("<@100>"));
        assert_eq!(public.seat_name(1).as_deref(), Some("Computer 2 · normal"));
        assert_eq!(public.seat_name(2).as_deref(), Some("(open seat 3)"));
        assert_eq!(
            public.seat_name(3),
            None,
            "no such seat: the catalog's fallback"
        );
        let display = HashMap::from([(100, "Alice".to_string())]);
        let own = SeatNames::with(&view(), &display);
        assert_eq!(own.seat_name(0).as_deref(), Some("Alice"));
        let request = SeatNames::request(
            &Person { id: 5, bot: false },
            &[Person { id: 6, bot: true }],
        );
        assert_eq!(
            text(
                &crate::table::TableError::InviteBot { user: 6, seat: 1 }.msg(),
                &request
            ),
            "<@6> is a bot and cannot play; invite people."
        );
    }
}
