//! What the table service hands the front ends: the public view of a table (`TableView`, its
//! seats, places and the deals of a match that are over), a seat's hand (`HandView`, its offered
//! actions), a hint, and the results of the service's calls (`Acted`, `TookOver`,
//! `LobbyChange`). Every one is built for one observer from the table under its lock; none
//! holds a full game state, and their text is catalog messages (`Msg`) with seats as
//! `Arg::Seat`, worded by the front end.

use std::sync::Arc;

use pakka_rules::options::OptionValues;

use crate::{ChannelId, GuildId, Learning, Level, Row, Seat, Status, TableId, Tone, UserId};
use pakka_rules::registry;
use pakka_rules::{AnyGame, Scene};
use pakka_text::msg;
use pakka_text::{list, verbatim, Msg};

/// Where a table is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Lobby,
    Playing,
    Finished,
    Abandoned,
}

impl From<pakka_store::Phase> for Phase {
    fn from(p: pakka_store::Phase) -> Phase {
        match p {
            pakka_store::Phase::Lobby => Phase::Lobby,
            pakka_store::Phase::Playing => Phase::Playing,
            pakka_store::Phase::Finished => Phase::Finished,
            pakka_store::Phase::Abandoned => Phase::Abandoned,
        }
    }
}

/// A user's record at one game in one channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    pub user: UserId,
    pub wins: i64,
    pub games: i64,
}

/// One place of a final ranking: its number (seats tied for it share it, and the next place
/// counts them), its seats, and their points where the game counts points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub place: usize,
    pub seats: Vec<Seat>,
    pub points: Option<Vec<i64>>,
}

impl Place {
    /// The places of a finished game, best first (none before the end).
    pub fn of(status: &Status) -> Vec<Place> {
        let mut places = Vec::new();
        let mut place = 1;
        for group in status.ranking.iter().flatten() {
            let points = status
                .scores
                .as_ref()
                .map(|s| group.iter().map(|&seat| s[seat]).collect());
            places.push(Place {
                place,
                seats: group.clone(),
                points,
            });
            place += group.len();
        }
        places
    }

    /// The place's points for people ("17 points"; "0/0 points" for a tie), if counted.
    pub fn points_msg(&self) -> Option<Msg> {
        Some(match self.points.as_deref()? {
            [one] => msg!("table-points", points = *one),
            several => {
                let each: Vec<String> = several.iter().map(i64::to_string).collect();
                msg!("table-points-tied", points = verbatim(each.join("/")))
            }
        })
    }
}

/// One place of a final ranking as people read it: the seats sharing it and their score as the
/// game counts it (once when they share one score, as a team does).
#[derive(Clone, Debug, PartialEq)]
pub struct PlaceView {
    pub place: usize,
    pub seats: Vec<Seat>,
    pub score: Option<Msg>,
}

impl PlaceView {
    pub(crate) fn of(status: &Status, game: &dyn AnyGame) -> Vec<PlaceView> {
        Place::of(status)
            .into_iter()
            .map(|p| {
                let score = p.points.as_deref().and_then(|points| {
                    let first = *points.first()?;
                    Some(if points.iter().all(|&x| x == first) {
                        game.score(first)
                    } else {
                        msg!(
                            "table-scores-tied",
                            scores = list(
                                points.iter().map(|&x| game.score(x)).collect(),
                                pakka_text::key!("sep-slash"),
                            )
                        )
                    })
                });
                PlaceView {
                    place: p.place,
                    seats: p.seats,
                    score,
                }
            })
            .collect()
    }
}

/// The name of a computer player's level, for people.
pub fn level_name(level: Level) -> Msg {
    match level {
        Level::Easy => msg!("level-easy"),
        Level::Normal => msg!("level-normal"),
        Level::Hard => msg!("level-hard"),
    }
}

/// One seat as the front end shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView {
    pub seat: Seat,
    pub user: Option<UserId>,
    pub accepted: bool,
    /// A computer player's level, when the computer plays this seat.
    pub computer: Option<Level>,
    /// The computer stands in for the seat's owner until they are back.
    pub stand_in: bool,
    /// A person took this seat over from the computer player at this level.
    pub taken_from: Option<Level>,
}

impl SeatView {
    /// A seat that is taken (accepted): by `user`, or played by a computer at level `computer`,
    /// with no stand-in and taken over from nobody.
    pub fn taken(seat: Seat, user: Option<UserId>, computer: Option<Level>) -> SeatView {
        SeatView {
            seat,
            user,
            accepted: true,
            computer,
            stand_in: false,
            taken_from: None,
        }
    }
}

/// Everything a front end may show about a table in public.
#[derive(Clone, Debug, PartialEq)]
pub struct TableView {
    pub id: TableId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    /// The registry id of the game (`registry::find` gives its name and summary).
    pub game_id: &'static str,
    pub phase: Phase,
    pub seats: Vec<SeatView>,
    pub creator: UserId,
    pub seed: u64,
    /// The options the table was opened with (every default when none was named).
    pub options: OptionValues,
    pub move_number: u64,
    /// While playing or finished.
    pub status: Option<Status>,
    /// The public view, one message per line, while playing or finished.
    pub public: Option<Vec<Msg>>,
    /// The public view as a picture, while playing or finished.
    pub picture: Option<Scene>,
    /// The last few public events, oldest first ("Bob played 7♥", "Bob took the pile").
    pub story: Vec<Msg>,
    /// Each seat's score as the game counts it, where it counts one.
    pub scores: Option<Vec<Msg>>,
    /// The deals of a match that are over, before the current one, each with every seat's
    /// running score after it (empty for a game of one deal, and before a match's first deal
    /// ends); rebuilt from the move log at restore.
    pub deals: Vec<DealScores>,
    /// The final ranking, once the game is over.
    pub places: Vec<PlaceView>,
    /// The users whose decision the game waits for.
    pub to_act: Vec<UserId>,
    /// The label of the action each of them may take alike without opening their hand (Kop's
    /// "no announcement" while the four declare), offered on the turn ping; decided from the
    /// public view, so it tells nothing.
    pub open_choice: Option<Msg>,
    /// A paused match (`/pause`), waiting for `/resume`.
    pub paused: bool,
    pub turn_timer: Option<u32>,
    /// Hints in every hand, computer seats open to latecomers.
    pub learning: Learning,
    /// Whether the game's result counts for ratings and records: not with hints on, nor once
    /// a person took over a computer player's seat.
    pub rated: bool,
}

impl TableView {
    pub fn user_of(&self, seat: Seat) -> Option<UserId> {
        self.seats.get(seat).and_then(|s| s.user)
    }

    pub fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.user == Some(user))
            .map(|s| s.seat)
    }

    /// The game's name for people.
    pub fn game_name(&self) -> Msg {
        registry::name_of(self.game_id)
    }

    /// The computer seat a person who is not seated may take over now, if the table's seats
    /// are open and one is left (the first one).
    pub fn seat_to_take(&self) -> Option<Seat> {
        if !self.learning.open_seats || self.phase != Phase::Playing || self.paused {
            return None;
        }
        if self.status.as_ref().is_some_and(|s| s.over) {
            return None;
        }
        self.seats
            .iter()
            .find(|s| s.computer.is_some() && s.user.is_none())
            .map(|s| s.seat)
    }
}

/// Who sits where at a table, and where it is played: what a front end needs to name the
/// seats of a hand and to find its server's settings, without the table's public view.
#[derive(Clone, Debug, PartialEq)]
pub struct Roster {
    pub table: TableId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    /// The registry id of the game.
    pub game_id: &'static str,
    pub seats: Vec<SeatView>,
}

/// One offered action of a hand.
#[derive(Clone, Debug, PartialEq)]
pub struct HandAction {
    /// Index into the seat's legal actions at `HandView::move_number`.
    pub index: usize,
    pub label: Msg,
    /// Offered behind a first-step button with this label, when the game groups its actions.
    pub group: Option<Msg>,
    /// Asked before the action applies.
    pub confirm: Option<Msg>,
    /// What the action means to the player (a button's colour).
    pub tone: Tone,
    /// Where its button sits: with the cards, or in the row of calls.
    pub row: Row,
    /// The cards of the hand it plays or uses (a window plays it by tapping them).
    pub cards: Vec<pakka_cards::Card>,
}

impl HandAction {
    /// The seat's legal actions as the hand offers them, in order of their indices.
    pub fn offered(game: &dyn AnyGame, seat: Seat) -> Vec<HandAction> {
        game.choices(seat)
            .into_iter()
            .enumerate()
            .map(|(index, c)| HandAction {
                index,
                label: c.label,
                group: c.group,
                confirm: c.confirm,
                tone: c.tone,
                row: c.row,
                cards: c.cards,
            })
            .collect()
    }
}

/// What one seated user sees and may do.
#[derive(Clone, Debug, PartialEq)]
pub struct HandView {
    pub table: TableId,
    /// The table's seats and server, to name the seats and find the server's settings.
    pub roster: Roster,
    pub seat: Seat,
    pub move_number: u64,
    /// The seat's view, one message per line.
    pub lines: Vec<Msg>,
    /// The seat's view as a picture (its hand with the cards it may play marked), once the
    /// game has begun.
    pub picture: Option<Scene>,
    /// The last few things the seat may read of what happened: public events and its own
    /// private ones ("New in your hand: 7♥"), oldest first.
    pub story: Vec<Msg>,
    /// Exactly the seat's legal actions (empty when it is not their turn).
    pub actions: Vec<HandAction>,
    pub over: bool,
    /// The table gives hints: the hand offers one while it has actions.
    pub hints: bool,
}

/// A hint: the move the `normal` computer player would make for the asker's seat, from that
/// seat's view only, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The table's seats, to name them in the label.
    pub roster: Roster,
    /// The move number the hint holds for.
    pub move_number: u64,
    /// The action's label, as the hand's button names it.
    pub label: Msg,
    /// One line why (the rule of thumb's reason, worded by the catalog).
    pub reason: Msg,
}

/// A computer seat a person took over: the table after it, and their hand.
#[derive(Clone, Debug)]
pub struct TookOver {
    pub table: TableView,
    pub hand: HandView,
    pub seat: Seat,
}

/// The result of an applied action: everything the front end needs to bring every message of
/// the table up to date, built under the one lock that applied it (the front end supplies
/// only the display names).
#[derive(Clone, Debug)]
pub struct Acted {
    /// The public view after the action (its server, seats and story).
    pub table: TableView,
    /// The acting seat's hand after the action (the same copy as its entry in `hands`, when it
    /// has one).
    pub hand: Arc<HandView>,
    /// Users to act now who were not to act before the action.
    pub newly_to_act: Vec<UserId>,
    /// Users who were to act before the action and are no longer.
    pub done_acting: Vec<UserId>,
    /// The hands of the people whose hands changed in a way they must see: those newly to act
    /// and those done acting, every seated person at a new deal, and once the game is over
    /// every seated person's final hand (the table is closed then).
    pub hands: Vec<(UserId, Arc<HandView>)>,
    /// A computer player (or a stand-in) is to act next: the front end sets it moving.
    pub computer_next: bool,
    /// The action began a new deal of a match.
    pub new_deal: bool,
    /// The deal that ended with this action (a new deal began, or the game ended).
    pub ended_deal: Option<u32>,
    /// The public events of this action, in order.
    pub events: Vec<Msg>,
    pub finished: bool,
    /// The game ended and its result may offer a rematch: not a tournament's game, which the
    /// event's next round follows. Decided when the last move was applied, so a result shown
    /// after the event is over still offers none.
    pub rematch: bool,
}

/// What accepting or joining did.
#[derive(Clone, Debug)]
pub enum LobbyChange {
    Waiting(TableView),
    Started(TableView),
}

/// A deal of a match that is over: its number and every seat's running score after it, as the
/// game words each.
#[derive(Clone, Debug, PartialEq)]
pub struct DealScores {
    pub deal: u32,
    pub scores: Vec<Msg>,
}

/// Every seat's score as the game words it, for a game that keeps a score.
pub(crate) fn scores_of(game: &dyn AnyGame) -> Option<Vec<Msg>> {
    let scores = game.status().scores?;
    Some(scores.into_iter().map(|p| game.score(p)).collect())
}

/// The deal a move ended, when it began the next deal of a match (`before` and `after` the
/// move's statuses, `game` the game after it): what [`TableView::deals`] lists.
pub(crate) fn deal_over(before: &Status, after: &Status, game: &dyn AnyGame) -> Option<DealScores> {
    if after.deal == before.deal || after.over {
        return None;
    }
    Some(DealScores {
        deal: before.deal,
        scores: scores_of(game)?,
    })
}
