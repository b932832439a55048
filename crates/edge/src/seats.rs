//! How a table's seats are named, before an edge words them: a person by their display name
//! when it is known, a computer player as the catalog says ("Computer 2 (normal)"), an open
//! seat as no one. Each edge builds its own reader on these: the Discord edge names a person
//! whose name is not known by mention (or "Player N" on a picture) and an open seat as the
//! catalog says, a window shows such a seat by its number.

use pakka_catalog::{catalog, NoNames};
use pakka_table::{level_name, SeatView};
use pakka_text::{msg, Msg};

/// One seat of a table, as it is named.
#[derive(Clone, Debug, PartialEq)]
pub enum SeatName {
    /// A person, by display name when known.
    Person {
        seat: usize,
        user: u64,
        name: Option<String>,
    },
    /// A computer player, as the catalog words it.
    Computer { seat: usize, name: Msg },
    /// A seat no one holds.
    Open { seat: usize },
}

impl SeatName {
    /// The seat's name worded in `lang`, when it has one (a person whose name is not known
    /// and an open seat have none).
    pub fn worded(&self, lang: &str) -> Option<String> {
        match self {
            SeatName::Person { name, .. } => name.clone(),
            SeatName::Computer { name, .. } => Some(catalog().text(lang, name, &NoNames)),
            SeatName::Open { .. } => None,
        }
    }
}

/// A table's seats, in order, a person named by `name` (their display name, if known).
pub fn seats(seats: &[SeatView], mut name: impl FnMut(u64) -> Option<String>) -> Vec<SeatName> {
    seats
        .iter()
        .map(|s| match (s.computer, s.user) {
            (Some(level), _) => SeatName::Computer {
                seat: s.seat,
                name: msg!("seat-computer", n = s.seat + 1, level = level_name(level)),
            },
            (None, Some(user)) => SeatName::Person {
                seat: s.seat,
                user,
                name: name(user),
            },
            (None, None) => SeatName::Open { seat: s.seat },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pakka_catalog::DEFAULT_LANG;
    use pakka_table::Level;

    fn seat(seat: usize, user: Option<u64>, computer: Option<Level>) -> SeatView {
        SeatView::taken(seat, user, computer)
    }

    #[test]
    fn people_computers_and_open_seats_are_told_apart() {
        let table = [
            seat(0, Some(100), None),
            seat(1, None, Some(Level::Normal)),
            seat(2, None, None),
            seat(3, Some(101), None),
        ];
        let named = seats(&table, |user| (user == 100).then(|| "Alice".to_string()));
        let worded: Vec<Option<String>> = named.iter().map(|s| s.worded(DEFAULT_LANG)).collect();
        assert_eq!(
            worded,
            [
                Some("Alice".to_string()),
                Some("Computer 2 (normal)".to_string()),
                None,
                None
            ]
        );
        assert_eq!(
            named[3],
            SeatName::Person {
                seat: 3,
                user: 101,
                name: None
            }
        );
        assert_eq!(named[2], SeatName::Open { seat: 2 });
        // A seat whose person left to a computer player is named as the computer player.
        let stood_in = [seat(0, Some(100), Some(Level::Hard))];
        assert_eq!(
            seats(&stood_in, |_| None)[0].worded("fi").as_deref(),
            Some("Tietokone 1 (vaikea)")
        );
    }
}
