//! The one list of what a person can do at a table, whichever edge they use: take a seat,
//! accept or decline an invitation, leave a lobby, put a computer player on a seat, make a move,
//! ask for a hint, take over a computer player's seat, take their own seat back, play again,
//! give up, pause and resume a match, read the rules and the server's leaderboard. Every edge
//! offers each of them (the chat as buttons and commands, the Activity's window as controls),
//! and `offered` says which of them a person has at a table now, from its view alone: the same
//! answer for both edges. A test of each edge names how it offers every action on this list, so
//! an action added here and missing from an edge fails it.

use super::{Phase, TableView, UserId};

/// One thing a person can do at a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableAction {
    /// Take an open seat of a lobby.
    Join,
    /// Accept the seat one was invited to.
    Accept,
    /// Decline the seat one was invited to (it is open again).
    Decline,
    /// Leave a lobby (the seat is open again; the creator's leaving cancels the lobby).
    Leave,
    /// Put a computer player on a lobby's first open seat (the creator).
    AddComputer,
    /// Make a move of one's hand.
    Move,
    /// Ask which move the normal computer player would make (a table with hints).
    Hint,
    /// Take over a computer player's seat (a table with open seats).
    TakeOver,
    /// Take one's seat back from the computer standing in.
    Back,
    /// A new table on the same seats, once the game is over (no tournament's table).
    PlayAgain,
    /// Give up the game (it ends for everyone).
    GiveUp,
    /// Pause a match, keeping its position.
    Pause,
    /// Take a paused match up again.
    Resume,
    /// The game's rules in brief.
    Rules,
    /// The server's leaderboard of the game.
    Leaderboard,
}

impl TableAction {
    /// Every action, in the order an edge lists them.
    pub const ALL: [TableAction; 15] = [
        TableAction::Join,
        TableAction::Accept,
        TableAction::Decline,
        TableAction::Leave,
        TableAction::AddComputer,
        TableAction::Move,
        TableAction::Hint,
        TableAction::TakeOver,
        TableAction::Back,
        TableAction::PlayAgain,
        TableAction::GiveUp,
        TableAction::Pause,
        TableAction::Resume,
        TableAction::Rules,
        TableAction::Leaderboard,
    ];

    /// Its name in a window's frames (`docs/window-protocol.md`).
    pub fn name(self) -> &'static str {
        match self {
            TableAction::Join => "join",
            TableAction::Accept => "accept",
            TableAction::Decline => "decline",
            TableAction::Leave => "leave",
            TableAction::AddComputer => "add_computer",
            TableAction::Move => "move",
            TableAction::Hint => "hint",
            TableAction::TakeOver => "take_over",
            TableAction::Back => "back",
            TableAction::PlayAgain => "rematch",
            TableAction::GiveUp => "forfeit",
            TableAction::Pause => "pause",
            TableAction::Resume => "resume",
            TableAction::Rules => "rules",
            TableAction::Leaderboard => "leaderboard",
        }
    }

    /// The action of a name (None: no action of ours).
    pub fn named(name: &str) -> Option<TableAction> {
        TableAction::ALL.into_iter().find(|a| a.name() == name)
    }

    /// Whether it changes the game for everyone and is asked first (giving up).
    pub fn asks_first(self) -> bool {
        matches!(self, TableAction::GiveUp)
    }
}

/// Where the table stands for what it offers: a table still in the service, or its last view
/// once it ended (finished, closed or paused), and whether it is a tournament's.
#[derive(Clone, Copy, Debug)]
pub struct AtTable<'a> {
    pub view: &'a TableView,
    /// A tournament's table: no rematch, no pause.
    pub event: bool,
    /// The table is paused and nothing else holds its channel: it may be resumed.
    pub resumable: bool,
}

/// What `user` may do at the table now, in `TableAction::ALL`'s order. Moves and hints are
/// offered while `user` is seated at a game in play (which moves, their hand says); the rules
/// and the leaderboard always.
pub fn offered(at: AtTable<'_>, user: UserId) -> Vec<TableAction> {
    let view = at.view;
    let seat = view.seats.iter().find(|s| s.user == Some(user));
    let open_seat = view
        .seats
        .iter()
        .any(|s| s.user.is_none() && s.computer.is_none());
    let creator = view.creator == user;
    let mut out = Vec::new();
    match view.phase {
        Phase::Lobby => match seat {
            None if open_seat => out.push(TableAction::Join),
            None => {}
            Some(s) if !s.accepted => {
                out.extend([TableAction::Accept, TableAction::Decline]);
            }
            Some(_) => {
                if creator && open_seat {
                    out.push(TableAction::AddComputer);
                }
                out.push(TableAction::Leave);
            }
        },
        Phase::Playing if view.paused => {
            if seat.is_some() && at.resumable {
                out.push(TableAction::Resume);
            }
        }
        Phase::Playing => match seat {
            Some(s) => {
                out.push(TableAction::Move);
                if view.learning.hints {
                    out.push(TableAction::Hint);
                }
                if s.stand_in {
                    out.push(TableAction::Back);
                }
                out.push(TableAction::GiveUp);
                if !at.event {
                    out.push(TableAction::Pause);
                }
            }
            None => {
                if view.seat_to_take().is_some() {
                    out.push(TableAction::TakeOver);
                }
            }
        },
        Phase::Finished => {
            if seat.is_some() && !at.event {
                out.push(TableAction::PlayAgain);
            }
        }
        Phase::Abandoned => {}
    }
    out.extend([TableAction::Rules, TableAction::Leaderboard]);
    out
}

#[cfg(test)]
mod tests {
    //! The list's names are its own, and what it offers follows the table's phase and the
    //! person's seat.

    use super::*;

    #[test]
    fn every_action_has_a_name_of_its_own_that_reads_back() {
        for action in TableAction::ALL {
            assert_eq!(TableAction::named(action.name()), Some(action));
        }
        let mut names: Vec<_> = TableAction::ALL.iter().map(|a| a.name()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), TableAction::ALL.len());
        assert_eq!(TableAction::named("shuffle"), None);
    }
}
