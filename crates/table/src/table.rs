//! One table as the service holds it in memory (`Table`): its seats, its game once started, its
//! move number, clocks and story, and the views built from it under its lock (the public
//! `TableView`, a seat's `HandView`, the `Roster`). Only the service's rooms touch it; the front
//! ends get its views.

use std::sync::Arc;
use std::time::Instant;

use serde_json::Value;

use pakka_rules::options::OptionValues;

use crate::service::Counters;
use crate::story::{Story, STORY_HAND, STORY_PUBLIC};
use crate::views::scores_of;
use crate::{
    ChannelId, DealScores, GuildId, HandAction, HandView, Learning, Level, Phase, PlaceView,
    Roster, Seat, SeatView, TableId, TableView, UserId,
};
use pakka_rules::registry::GameInfo;
use pakka_rules::{AnyGame, Observer};
use pakka_store::SeatRow;
use pakka_text::msg;

/// A table in memory, behind its own lock in the service's map.
pub(crate) struct Table {
    /// The service's counters (a table not yet in the service counts on its own).
    pub(crate) counts: Arc<Counters>,
    pub(crate) id: TableId,
    pub(crate) guild_id: GuildId,
    pub(crate) channel_id: ChannelId,
    pub(crate) info: &'static GameInfo,
    pub(crate) options: Value,
    pub(crate) seed: u64,
    pub(crate) creator: UserId,
    pub(crate) phase: Phase,
    pub(crate) seats: Vec<SeatRow>,
    pub(crate) game: Option<Box<dyn AnyGame>>,
    pub(crate) move_number: u64,
    pub(crate) paused: bool,
    pub(crate) turn_timer: Option<u32>,
    pub(crate) learning: Learning,
    /// When the seats now to act became to act (the turn timer counts from here).
    pub(crate) turn_since: Instant,
    /// When the table was opened (lobbies expire).
    pub(crate) opened: Instant,
    /// What happened lately.
    pub(crate) story: Story,
    /// The deals of the match that are over (see [`TableView::deals`]).
    pub(crate) deals: Vec<DealScores>,
    /// An edge cannot show the table (see [`TableService::wait_for_edge`]): its clocks and
    /// computer players stop until it can, and the edges are reminded to try again. Not
    /// stored: after a restart the table runs, and waits again at the edge's next refusal.
    pub(crate) waiting: Option<Reminder>,
}

/// When a waiting table's edges are next reminded to try showing it, and the pause after that
/// (doubling up to [`REMIND_AT_MOST`]: a channel that stays closed is tried less and less often,
/// as each refused try counts against Discord's limit of invalid requests).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reminder {
    pub(crate) next: Instant,
    pub(crate) pause: std::time::Duration,
}

/// The longest pause between two reminders of a waiting table, in turn-timer minutes.
pub(crate) const REMIND_AT_MOST: u32 = 10;

/// Parses a stored level name; an unknown name plays at the default level.
pub(crate) fn level_of(row: &SeatRow) -> Option<Level> {
    row.computer
        .as_deref()
        .map(|l| l.parse().unwrap_or_default())
}

impl Table {
    /// Whether the computer plays this seat now (a computer seat, or a stand-in).
    pub(crate) fn computer_plays(&self, seat: Seat) -> bool {
        self.seats
            .get(seat)
            .is_some_and(|s| s.computer.is_some() || s.stand_in)
    }

    pub(crate) fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.user_id == Some(user))
            .map(|s| s.seat)
    }

    pub(crate) fn users_to_act(&self) -> Vec<UserId> {
        let Some(game) = &self.game else {
            return Vec::new();
        };
        game.to_act()
            .into_iter()
            .filter(|&s| !self.computer_plays(s))
            .filter_map(|s| self.seats.get(s).and_then(|r| r.user_id))
            .collect()
    }

    /// The table's options, typed. A stored object the game's specification does not read
    /// (none that `create` accepted) shows as none.
    fn chosen_options(&self) -> OptionValues {
        self.info.chosen_options(&self.options).unwrap_or_default()
    }

    pub(crate) fn view(&self) -> TableView {
        Counters::add(&self.counts.views);
        TableView {
            id: self.id,
            guild_id: self.guild_id,
            channel_id: self.channel_id,
            game_id: self.info.id,
            phase: self.phase,
            seats: self.seat_views(),
            creator: self.creator,
            seed: self.seed,
            options: self.chosen_options(),
            move_number: self.move_number,
            status: self.game.as_ref().map(|g| g.status()),
            public: self.game.as_ref().map(|g| g.describe(Observer::Public)),
            picture: self.game.as_ref().map(|g| g.picture(Observer::Public)),
            story: self.story.public(STORY_PUBLIC),
            scores: self.game.as_deref().and_then(scores_of),
            deals: self.deals.clone(),
            places: self
                .game
                .as_ref()
                .map(|g| PlaceView::of(&g.status(), g.as_ref()))
                .unwrap_or_default(),
            to_act: self.users_to_act(),
            open_choice: self
                .game
                .as_ref()
                .filter(|_| self.phase == Phase::Playing)
                .and_then(|g| g.open_choice()),
            paused: self.paused,
            turn_timer: self.turn_timer,
            learning: self.learning,
            rated: self.rated(),
        }
    }

    /// Whether the game's result counts for ratings and records: not with hints on, nor once a
    /// person took over a computer player's seat (the seat's result would belong to two
    /// players).
    pub(crate) fn rated(&self) -> bool {
        !self.learning.hints && self.seats.iter().all(|s| s.taken_from.is_none())
    }

    /// Who sits where, without the game.
    pub(crate) fn roster(&self) -> Roster {
        Roster {
            table: self.id,
            guild_id: self.guild_id,
            channel_id: self.channel_id,
            game_id: self.info.id,
            seats: self.seat_views(),
        }
    }

    pub(crate) fn seat_views(&self) -> Vec<SeatView> {
        self.seats
            .iter()
            .map(|s| SeatView {
                seat: s.seat,
                user: s.user_id,
                accepted: s.accepted,
                computer: level_of(s),
                stand_in: s.stand_in,
                taken_from: s
                    .taken_from
                    .as_deref()
                    .map(|l| l.parse().unwrap_or_default()),
            })
            .collect()
    }

    /// Whether a computer player (or a stand-in) is to act first now.
    pub(crate) fn computer_to_act(&self) -> bool {
        if self.phase != Phase::Playing || self.paused || self.waiting.is_some() {
            return false;
        }
        let first = self.game.as_ref().and_then(|g| g.to_act().first().copied());
        first.is_some_and(|s| self.computer_plays(s))
    }

    pub(crate) fn hand(&self, seat: Seat) -> HandView {
        Counters::add(&self.counts.hands);
        let (lines, picture, actions, over) = match &self.game {
            Some(game) => (
                game.describe(Observer::Seat(seat)),
                Some(game.picture(Observer::Seat(seat))),
                HandAction::offered(game.as_ref(), seat),
                game.status().over,
            ),
            None => (vec![msg!("table-not-started-yet")], None, Vec::new(), false),
        };
        HandView {
            table: self.id,
            roster: self.roster(),
            seat,
            move_number: self.move_number,
            lines,
            picture,
            story: self.story.for_seat(seat, STORY_HAND),
            actions,
            over,
            hints: self.learning.hints,
        }
    }

    pub(crate) fn all_accepted(&self) -> bool {
        self.seats
            .iter()
            .all(|s| s.computer.is_some() || (s.user_id.is_some() && s.accepted))
    }

    pub(crate) fn open_seat(&self) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.user_id.is_none() && s.computer.is_none())
            .map(|s| s.seat)
    }
}
