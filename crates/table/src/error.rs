//! What the table service refuses: typed reasons with their data, worded for the person who
//! tried by [`TableError::msg`] (the catalog's `table.ftl`), and the one variant for bugs
//! (logged by the front end, answered with a generic sentence). `Display` is for logs only.

use pakka_rules::{RuleError, Seat, SetupError};
use pakka_store::StoreError;
use pakka_text::msg;
use pakka_text::{seat, verbatim, Msg};

#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error("no game called {0:?}")]
    UnknownGame(String),
    #[error("a table is already open in this channel")]
    ChannelBusy,
    /// The person has `limit` open tables in this server already (created, or seated at).
    #[error("the person already has {limit} open tables in this server")]
    TooManyTables { limit: usize },
    /// The server has `limit` open tables already.
    #[error("the server already has {limit} open tables")]
    ServerFull { limit: usize },
    #[error("the creator invited themselves")]
    InviteSelf,
    /// The person invited to `seat` (the creator is seat 0) is a bot.
    #[error("user {user} invited to seat {seat} is a bot")]
    InviteBot { user: u64, seat: Seat },
    /// The person invited to `seat` was named at an earlier seat already.
    #[error("user {user} is invited twice (again at seat {seat})")]
    InvitedTwice { user: u64, seat: Seat },
    #[error("{seats} seats cannot hold {named} players")]
    TooManyPlayers { seats: usize, named: usize },
    #[error("{game} is played by {lo} to {hi} players, not {seats}")]
    SeatCount {
        game: &'static str,
        seats: usize,
        lo: usize,
        hi: usize,
    },
    #[error("setup refused: {0}")]
    Setup(SetupError),
    #[error("no open table in this channel")]
    NoTable,
    #[error("the table is closed")]
    Closed,
    #[error("no paused match of this user in this channel")]
    NothingToResume,
    /// The paused match's move log no longer replays (after an update): it was closed with no
    /// result instead of being taken up.
    #[error("the paused match no longer replays and was closed")]
    NoLongerReplays,
    #[error("a computer player stands in for this seat")]
    StoodIn,
    #[error("the seat is not stood in for")]
    NotAway,
    #[error("not seated at this table")]
    NotSeated,
    #[error("only the table's creator may do this")]
    NotCreator,
    /// Ending a table someone else plays needs a moderator.
    #[error("neither seated nor a moderator")]
    NotAllowed,
    /// A person's forfeit ends a running game; a lobby is declined or cancelled instead.
    #[error("the game is not running")]
    NotRunning,
    #[error("the invitation is for someone else")]
    NotInvited,
    #[error("already accepted")]
    AlreadyAccepted,
    #[error("already seated")]
    AlreadySeated,
    #[error("every seat is taken")]
    TableFull,
    #[error("the game has not started")]
    NotStarted,
    #[error("the game has already started")]
    AlreadyStarted,
    #[error("a stale move number")]
    Stale,
    /// A hint asked at a table opened without hints.
    #[error("the table gives no hints")]
    NoHints,
    /// A hint asked while the seat has nothing to decide.
    #[error("the seat is not to act")]
    NoHintNow,
    /// A computer's seat asked for at a table whose seats are not open to latecomers.
    #[error("the table's seats are not open")]
    SeatsNotOpen,
    /// The seat asked for is not a computer player's (a person's, or none at all).
    #[error("not a computer player's seat")]
    NotAComputerSeat,
    /// `/scores season:` named a season the server never had.
    #[error("no season {season}")]
    NoSuchSeason { season: u32 },
    /// A tournament's game belongs to its round: it is not paused.
    #[error("a tournament's table")]
    EventTable,
    /// A tournament's game has no rematch: its event pairs the next round (a forged or kept
    /// "Play again" of one).
    #[error("a tournament's game has no rematch")]
    EventRematch,
    #[error("refused by the rules: {0:?}")]
    Rule(RuleError<Msg>),
    /// The server's events arrive on a gateway shard another process runs (`SHARDS`): that
    /// process holds its tables, so this one opens, resumes and restores none of them.
    #[error("server {guild} is on a gateway shard another process runs")]
    OtherShard { guild: u64 },
    /// The database could not be reached or refused to write (an outage, not a bug): nothing
    /// was stored and the table is as it was.
    #[error("the database is unavailable; nothing was stored")]
    Unavailable,
    /// A move could not be stored during an outage: it was not applied.
    #[error("the database is unavailable; the move was not stored or applied")]
    Unsaved,
    #[error("internal error: {0}")]
    Internal(String),
}

impl TableError {
    pub fn internal(msg: impl Into<String>) -> TableError {
        TableError::Internal(msg.into())
    }

    /// A bug rather than a person's mistake: log it, answer generically.
    pub fn is_internal(&self) -> bool {
        matches!(self, TableError::Internal(_))
    }

    /// The database was unavailable (nothing changed; the same request may work a moment
    /// later): worth a warning in the log, and a sentence that says to try again.
    pub fn is_outage(&self) -> bool {
        matches!(self, TableError::Unavailable | TableError::Unsaved)
    }

    /// The refusal as a message for the person who tried. Seats name the people of the table
    /// (or of the request, for a refused invitation), as the front end names them.
    pub fn msg(&self) -> Msg {
        match self {
            TableError::UnknownGame(name) => {
                msg!("table-unknown-game", name = verbatim(name.clone()))
            }
            TableError::ChannelBusy => msg!("table-channel-busy"),
            TableError::TooManyTables { limit } => msg!("table-too-many-tables", limit = *limit),
            TableError::ServerFull { limit } => msg!("table-server-full", limit = *limit),
            TableError::InviteSelf => msg!("table-invite-self"),
            TableError::InviteBot { seat: s, .. } => msg!("table-invite-bot", who = seat(*s)),
            TableError::InvitedTwice { seat: s, .. } => {
                msg!("table-invited-twice", who = seat(*s))
            }
            TableError::TooManyPlayers { seats, named } => {
                msg!("table-too-many-players", seats = *seats, named = *named)
            }
            TableError::SeatCount {
                game,
                seats,
                lo,
                hi,
            } => setup_refusal(&SetupError::Seats {
                game,
                got: *seats,
                min: *lo,
                max: *hi,
            }),
            TableError::Setup(e) => setup_refusal(e),
            TableError::NoTable => msg!("table-no-table"),
            TableError::Closed => msg!("table-closed"),
            TableError::NothingToResume => msg!("table-nothing-to-resume"),
            TableError::NoLongerReplays => msg!("table-no-longer-replays"),
            TableError::StoodIn => msg!("table-stood-in"),
            TableError::NotAway => msg!("table-not-away"),
            TableError::NotSeated => msg!("table-not-seated"),
            TableError::NotCreator => msg!("table-not-creator"),
            TableError::NotAllowed => msg!("table-not-allowed"),
            TableError::NotRunning => msg!("table-not-running"),
            TableError::NotInvited => msg!("table-not-invited"),
            TableError::AlreadyAccepted => msg!("table-already-accepted"),
            TableError::AlreadySeated => msg!("table-already-seated"),
            TableError::TableFull => msg!("table-full"),
            TableError::NotStarted => msg!("table-not-started"),
            TableError::AlreadyStarted => msg!("table-already-started"),
            TableError::Stale => msg!("table-stale"),
            TableError::NoHints => msg!("table-no-hints"),
            TableError::NoHintNow => msg!("table-no-hint-now"),
            TableError::SeatsNotOpen => msg!("table-seats-not-open"),
            TableError::NotAComputerSeat => msg!("table-not-a-computer-seat"),
            TableError::EventTable => msg!("table-event-table"),
            TableError::EventRematch => msg!("table-event-rematch"),
            TableError::NoSuchSeason { season } => msg!("table-no-such-season", season = *season),
            // The seats named for a person (the engine console's own words number them from 0).
            TableError::Rule(RuleError::NotYourTurn { seat: own, to_act }) => msg!(
                "table-not-your-turn",
                seat = seat(*own),
                to_act = pakka_text::list_of(
                    to_act.iter().map(|&s| seat(s)),
                    pakka_text::key!("sep-or")
                ),
                waiting = to_act.len()
            ),
            TableError::Rule(r) => r.msg(),
            TableError::OtherShard { .. } => msg!("table-other-shard"),
            TableError::Unavailable => msg!("table-unavailable"),
            TableError::Unsaved => msg!("table-unsaved"),
            TableError::Internal(_) => msg!("table-internal"),
        }
    }
}

impl From<StoreError> for TableError {
    fn from(e: StoreError) -> TableError {
        match e {
            StoreError::ChannelBusy => TableError::ChannelBusy,
            outage if outage.is_outage() => TableError::Unavailable,
            other => TableError::Internal(other.to_string()),
        }
    }
}

/// A refused setup for people; a seat count one of the game's options allows names it
/// (Whist 22's `bga_seats`).
fn setup_refusal(e: &SetupError) -> Msg {
    match e {
        SetupError::Seats { game, .. } => match pakka_rules::registry::find(game) {
            Some(info) => info.refusal(e),
            None => e.msg(),
        },
        _ => e.msg(),
    }
}
