//! What the table service refuses, in words for the person who tried, and the one variant for
//! bugs (logged by the front end, answered with a generic sentence).

use crate::rules::RuleError;
use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error("There is no game called \"{0}\". `/rules` lists the games.")]
    UnknownGame(String),
    #[error("A table is already open in this channel: finish it or `/abandon` it first.")]
    ChannelBusy,
    #[error("You are already at this table; invite someone else.")]
    InviteSelf,
    #[error("<@{0}> is a bot and cannot play; invite people.")]
    InviteBot(u64),
    #[error("<@{0}> is named twice.")]
    InvitedTwice(u64),
    #[error("{seats} seats cannot hold the {named} players named.")]
    TooManyPlayers { seats: usize, named: usize },
    #[error("{game} is played by {lo} to {hi} players, not {seats}.")]
    SeatCount {
        game: String,
        seats: usize,
        lo: usize,
        hi: usize,
    },
    #[error("{0}")]
    Setup(String),
    #[error("There is no open table in this channel.")]
    NoTable,
    #[error("This table is closed.")]
    Closed,
    #[error("There is no paused match of yours in this channel.")]
    NothingToResume,
    #[error(
        "A computer player is standing in for you: press \"I'm back\" to take your seat again."
    )]
    StoodIn,
    #[error("You are playing your seat yourself already.")]
    NotAway,
    #[error("You are not seated at this table.")]
    NotSeated,
    #[error("This invitation is not for you.")]
    NotInvited,
    #[error("You have already accepted.")]
    AlreadyAccepted,
    #[error("You already have a seat at this table.")]
    AlreadySeated,
    #[error("Every seat is taken.")]
    TableFull,
    #[error("The game has not started yet: everyone invited must accept first.")]
    NotStarted,
    #[error("The game has already started.")]
    AlreadyStarted,
    #[error(
        "That button belongs to an older position of the game; here is your hand as it stands now."
    )]
    Stale,
    #[error("{}", crate::catalog::en(&.0.msg()))]
    Rule(RuleError<crate::text::Msg>),
    #[error("internal error: {0}")]
    Internal(String),
}

impl TableError {
    pub fn internal(msg: impl Into<String>) -> TableError {
        TableError::Internal(msg.into())
    }

    /// A bug or an outage rather than a person's mistake: log it, answer generically.
    pub fn is_internal(&self) -> bool {
        matches!(self, TableError::Internal(_))
    }
}

impl From<StoreError> for TableError {
    fn from(e: StoreError) -> TableError {
        match e {
            StoreError::ChannelBusy => TableError::ChannelBusy,
            other => TableError::Internal(other.to_string()),
        }
    }
}
