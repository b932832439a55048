//! Replays of finished games (`/replay`, `pakka replay`): a stored table is loaded, its move
//! log re-applied through the rules registry from its seed and options (as `restore` does), and
//! each position handed out as a [`ReplayStep`] made only of views — the public `TableView`
//! after k moves, the public sentences of move k, and at the last step the hands as dealt.
//!
//! Public information only while stepping: a step before the last carries nothing but the
//! public view (`describe` and `picture` of `Observer::Public`) and the public events of its
//! move, exactly what the table message showed then. Only the last step reveals the deal:
//! every seat's hand as its own view (`Observer::Seat`) pictured it at the start of each deal
//! (`Presentation::hand_shown`). A deal starts where the deal number changes or a move tells
//! an event the game says deals (`Present::deals`, carried as `Told::deals`): typed, so no
//! event name is guessed. No card list here comes from the zones, the hands or the state of a
//! game; cards a seat's own view never showed (a face-down stock, Pöytäpaska's face-down
//! cards) are not revealed.
//!
//! Only finished games replay: an unknown id, a game of another server, a lobby, a running or
//! paused game, and a game that ended with no result (abandoned, forfeited) are refused, each
//! with its own [`ReplayError`]. A replay that does not re-apply is a bug: `Internal`, logged
//! by the front end.

use std::collections::BTreeMap;

use super::{GuildId, Phase, Story, Table, TableId, TableService, TableView};
use pakka_cards::Card;
use pakka_rules::registry::{self, GameInfo};
use pakka_rules::{AnyGame, Seat, Setup};
use pakka_store::{self, SeatRow, Store, StoredMove, StoredTable};
use pakka_text::msg;
use pakka_text::{verbatim, Msg};

/// Why a game cannot be replayed. `Display` is for logs; people read [`ReplayError::msg`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("no game {0}")]
    Unknown(TableId),
    /// The game was played in another server than the one asking.
    #[error("game {0} belongs to another server")]
    OtherServer(TableId),
    #[error("game {0} is still a lobby")]
    Lobby(TableId),
    #[error("game {0} is still being played")]
    Running(TableId),
    #[error("game {0} is paused")]
    Paused(TableId),
    /// Abandoned or forfeited: it ended with no result, so there is no end to replay to.
    #[error("game {0} ended with no result")]
    NoResult(TableId),
    #[error("internal error: {0}")]
    Internal(String),
}

impl ReplayError {
    /// A bug or an outage rather than a person's mistake: log it, answer generically.
    pub fn is_internal(&self) -> bool {
        matches!(self, ReplayError::Internal(_))
    }

    /// The refusal for the person who asked (the catalog's `replay.ftl`).
    pub fn msg(&self) -> Msg {
        let id = |t: &TableId| verbatim(t.to_string());
        match self {
            ReplayError::Unknown(t) => msg!("replay-unknown", id = id(t)),
            ReplayError::OtherServer(t) => msg!("replay-other-server", id = id(t)),
            ReplayError::Lobby(t) => msg!("replay-lobby", id = id(t)),
            ReplayError::Running(t) => msg!("replay-running", id = id(t)),
            ReplayError::Paused(t) => msg!("replay-paused", id = id(t)),
            ReplayError::NoResult(t) => msg!("replay-no-result", id = id(t)),
            ReplayError::Internal(_) => msg!("table-internal"),
        }
    }
}

impl From<pakka_store::StoreError> for ReplayError {
    fn from(e: pakka_store::StoreError) -> ReplayError {
        ReplayError::Internal(e.to_string())
    }
}

/// One deal's hands as each seat's own view showed them when the deal began (after a redeal,
/// as redealt): `hands[seat]`, each in the order of the seat's own hand picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dealt {
    pub deal: u32,
    pub hands: Vec<Vec<Card>>,
}

/// One position of a replay: the table as the channel saw it after `step` moves.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayStep {
    /// Moves applied, `0..=moves` (0: as dealt, before the first move).
    pub step: usize,
    /// The game's number of moves.
    pub moves: usize,
    /// The public view after `step` moves, as the table message showed it; its `story` is the
    /// public sentences of move `step` only (none at step 0), its `move_number` is `step`.
    pub view: TableView,
    /// Whose move `step` was (none at step 0).
    pub mover: Option<Seat>,
    /// At the last step only: every deal's hands as dealt, first deal first. Empty before.
    pub dealt: Vec<Dealt>,
}

impl ReplayStep {
    /// Whether this is the last step (the one that reveals the deal).
    pub fn last(&self) -> bool {
        self.step == self.moves
    }
}

/// A finished game ready to be stepped through. Holds the stored move log privately and hands
/// out steps (views) only.
pub struct Replay {
    info: &'static GameInfo,
    stored: StoredTable,
}

/// For logs: the game and its number of moves, never the log.
impl std::fmt::Debug for Replay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Replay")
            .field("table", &self.stored.id)
            .field("game", &self.info.id)
            .field("moves", &self.moves())
            .finish()
    }
}

/// Loads table `id` for a replay asked from server `guild` (`None`: from the terminal, any
/// server). Refuses what is not a finished game of that server.
pub async fn load(
    store: &Store,
    id: TableId,
    guild: Option<GuildId>,
) -> Result<Replay, ReplayError> {
    let stored = store.table(id).await?.ok_or(ReplayError::Unknown(id))?;
    if guild.is_some_and(|g| g != stored.setup.guild_id) {
        return Err(ReplayError::OtherServer(id));
    }
    match stored.phase {
        pakka_store::Phase::Lobby => return Err(ReplayError::Lobby(id)),
        pakka_store::Phase::Playing if stored.paused => return Err(ReplayError::Paused(id)),
        pakka_store::Phase::Playing => return Err(ReplayError::Running(id)),
        pakka_store::Phase::Abandoned => return Err(ReplayError::NoResult(id)),
        pakka_store::Phase::Finished => {}
    }
    let info = registry::find(&stored.setup.game).ok_or_else(|| {
        ReplayError::Internal(format!("table {id}: unknown game {}", stored.setup.game))
    })?;
    Ok(Replay { info, stored })
}

impl TableService {
    /// The finished game `id` of server `guild`, to step through (`/replay`).
    pub async fn replay(&self, id: TableId, guild: GuildId) -> Result<Replay, ReplayError> {
        load(&self.store, id, Some(guild)).await
    }
}

impl Replay {
    /// The game's id (its table's).
    pub fn id(&self) -> TableId {
        self.stored.id
    }

    /// The number of moves: the steps are `0..=moves`.
    pub fn moves(&self) -> usize {
        self.stored.moves.len()
    }

    /// The game's name for people.
    pub fn game_name(&self) -> Msg {
        self.info.name()
    }

    /// The position after `step` moves (a step beyond the last is the last).
    pub fn step(&self, step: usize) -> Result<ReplayStep, ReplayError> {
        let step = step.min(self.moves());
        let mut cursor = self.cursor(step == self.moves())?;
        while cursor.done < step {
            cursor.advance()?;
        }
        Ok(cursor.step())
    }

    /// Every step in order, `0..=moves`, in one pass over the move log.
    pub fn steps(&self) -> Result<Vec<ReplayStep>, ReplayError> {
        let mut cursor = self.cursor(true)?;
        let mut steps = vec![cursor.step()];
        while cursor.done < self.moves() {
            cursor.advance()?;
            steps.push(cursor.step());
        }
        Ok(steps)
    }

    /// A cursor at the deal, before the first move; `watch_deals` keeps the hands of every
    /// deal as it begins (needed for the last step only).
    fn cursor(&self, watch_deals: bool) -> Result<Cursor<'_>, ReplayError> {
        let s = &self.stored;
        let game = self
            .info
            .create(
                s.setup.options.clone(),
                s.setup.seats,
                Setup::seeded(s.setup.seed),
            )
            .map_err(|e| self.bug(format!("the deal does not replay: {e}")))?;
        let seats: Vec<SeatRow> = s
            .setup
            .seat_rows
            .iter()
            .map(|r| match r.taken_from.clone() {
                // A seat a person took over is the computer's until then.
                Some(level) if r.taken_at != Some(0) => SeatRow {
                    user_id: None,
                    computer: Some(level),
                    stand_in: false,
                    ..r.clone()
                },
                // Nobody stands in for anyone in a replay.
                _ => SeatRow {
                    stand_in: false,
                    ..r.clone()
                },
            })
            .collect();
        let table = Table {
            // A replay's views are its own (not the service's counts).
            counts: Default::default(),
            id: s.id,
            guild_id: s.setup.guild_id,
            channel_id: s.setup.channel_id,
            info: self.info,
            options: s.setup.options.clone(),
            seed: s.setup.seed,
            creator: s.setup.created_by,
            phase: Phase::Playing,
            seats,
            game: Some(game),
            move_number: 0,
            paused: false,
            turn_timer: s.setup.turn_timer,
            learning: s.setup.learning,
            turn_since: std::time::Instant::now(),
            opened: std::time::Instant::now(),
            story: Story::default(),
            deals: Vec::new(),
            waiting: None,
        };
        let mut cursor = Cursor {
            replay: self,
            table,
            done: 0,
            events: Vec::new(),
            watch_deals,
            dealt: BTreeMap::new(),
        };
        if watch_deals {
            cursor.deal_begun();
        }
        // A seat a person took over before the first move is theirs from the start.
        for r in s.setup.seat_rows.iter().filter(|r| r.taken_at == Some(0)) {
            let level = r.taken_from.as_deref().unwrap_or_default();
            let level = level.parse().unwrap_or_default();
            cursor.events.push(crate::play::took_over(r.seat, level));
        }
        Ok(cursor)
    }

    fn bug(&self, what: String) -> ReplayError {
        ReplayError::Internal(format!("table {}: {what}", self.stored.id))
    }
}

/// A replay under way: the table after `done` moves.
struct Cursor<'a> {
    replay: &'a Replay,
    table: Table,
    done: usize,
    /// The public sentences of move `done`.
    events: Vec<Msg>,
    watch_deals: bool,
    /// The hands of each deal as it began (a redeal replaces the deal's first dealing).
    dealt: BTreeMap<u32, Vec<Vec<Card>>>,
}

impl Cursor<'_> {
    fn game(&self) -> &dyn AnyGame {
        // A cursor's table always has its game (made in `Replay::cursor`).
        self.table
            .game
            .as_deref()
            .expect("a replay's table has a game")
    }

    /// Applies move `done + 1` of the log.
    fn advance(&mut self) -> Result<(), ReplayError> {
        let StoredMove {
            number,
            seat,
            action,
        } = &self.replay.stored.moves[self.done];
        let game = self
            .table
            .game
            .as_mut()
            .expect("a replay's table has a game");
        let before = game.status();
        let told = game.act_json(*seat, action).map_err(|e| {
            self.replay
                .bug(format!("move {number} does not replay: {e}"))
        })?;
        self.done += 1;
        self.table.move_number = self.done as u64;
        let after = self.game().status();
        let ended = crate::deal_over(&before, &after, self.game());
        self.table.deals.extend(ended);
        let dealing = after.deal != before.deal || told.iter().any(|t| t.deals);
        self.events = told.into_iter().map(|t| t.text).collect();
        // A person who took over a computer's seat after this move takes it here.
        let done = self.done as u64;
        for r in &self.replay.stored.setup.seat_rows {
            if r.taken_at != Some(done) {
                continue;
            }
            let Some(level) = r.taken_from.as_deref() else {
                continue;
            };
            self.table.seats[r.seat] = r.clone();
            self.table.seats[r.seat].stand_in = false;
            let level = level.parse().unwrap_or_default();
            self.events.push(crate::play::took_over(r.seat, level));
        }
        if self.done == self.replay.moves() {
            self.table.phase = Phase::Finished;
        }
        if self.watch_deals && dealing {
            self.deal_begun();
        }
        Ok(())
    }

    /// Notes every seat's hand as its own view pictured it: a deal (or a redeal) just began.
    fn deal_begun(&mut self) {
        let game = self.game();
        let hands = (0..game.seats()).map(|s| game.hand_shown(s)).collect();
        self.dealt.insert(game.status().deal, hands);
    }

    fn step(&self) -> ReplayStep {
        let mut view = self.table.view();
        view.story = self.events.clone();
        let last = self.done == self.replay.moves();
        ReplayStep {
            step: self.done,
            moves: self.replay.moves(),
            view,
            mover: self
                .done
                .checked_sub(1)
                .map(|i| self.replay.stored.moves[i].seat),
            dealt: if last {
                self.dealt
                    .iter()
                    .map(|(&deal, hands)| Dealt {
                        deal,
                        hands: hands.clone(),
                    })
                    .collect()
            } else {
                Vec::new()
            },
        }
    }
}

#[cfg(any(test, feature = "testing"))]
pub mod fixtures;
#[cfg(test)]
mod tests;
