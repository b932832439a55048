//! An event's rounds: the check-in that opens before each, the pairing when it ends (absent
//! players' seats played by computer players, a table left with one player decided as a
//! walkover, players absent twice in a row withdrawn), the round's tables opened once an edge
//! gives each a channel (seats, seed and game created and linked in one transaction), each
//! table's result recorded as it ends, the next check-in or the event's end once every table
//! of the round has its result, and the clock (the check-in's end, the round's time, after which
//! computer players stand in for everyone still playing, and a table no edge ever opened is
//! drawn). `recover` takes every running event
//! up again at start.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Instant;

use serde::{Deserialize, Serialize};

use pakka_rules::registry;
use pakka_store::{
    EventPhase, EventPlayer, EventState, Learning, Missed, NewTable, SeatRow, StoredRound,
    StoredTournament, Withdrawn,
};
use pakka_tournament::{Occupant, RoundPlan, RoundRecord, TableResult};

use super::{
    entrants, event_of, now_ms, EventChange, EventError, EventId, EventView, RoundTableView,
    RoundView, TURN_MINUTES,
};
use crate::{ChannelId, TableError, TableId, TableService, TableView, UserId};

/// The least time before a table still without a channel is asked for again.
const ASK_AGAIN: std::time::Duration = std::time::Duration::from_secs(30);

/// A round as stored: the plan and who was absent when it began.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct StoredPlan {
    plan: RoundPlan,
    absent: Vec<UserId>,
}

/// The stored rounds as the pairing crate's history and as the edges' views (each table's
/// points as the event's `format` counts them).
fn read_rounds(
    rounds: &[StoredRound],
    format: pakka_tournament::Format,
) -> Result<(Vec<RoundRecord>, Vec<RoundView>), EventError> {
    let mut records = Vec::with_capacity(rounds.len());
    let mut views = Vec::with_capacity(rounds.len());
    for r in rounds {
        let stored: StoredPlan = serde_json::from_value(r.plan.clone())
            .map_err(|e| TableError::internal(format!("round {} plan: {e}", r.round)))?;
        let mut results = Vec::with_capacity(r.tables.len());
        let mut tables = Vec::with_capacity(r.tables.len());
        for t in &r.tables {
            let result: Option<TableResult> = t
                .result
                .clone()
                .map(serde_json::from_value)
                .transpose()
                .map_err(|e| TableError::internal(format!("round {} result: {e}", r.round)))?;
            tables.push(RoundTableView {
                table_id: t.table_id,
                result: result.clone(),
                points: Vec::new(),
            });
            results.push(result);
        }
        let record = RoundRecord {
            plan: stored.plan.clone(),
            results,
        };
        for (table, points) in tables
            .iter_mut()
            .zip(pakka_tournament::round_points(format, &record))
        {
            table.points = points;
        }
        records.push(record);
        views.push(RoundView {
            round: r.round,
            plan: stored.plan,
            absent: stored.absent,
            tables,
        });
    }
    Ok((records, views))
}

/// Table `idx` of a stored round as a draw needs it: its seat count, and its players who
/// were absent (they score nothing, drawn or not).
fn unplayed(round: &StoredRound, idx: usize) -> Result<(usize, Vec<UserId>), EventError> {
    let stored: StoredPlan = serde_json::from_value(round.plan.clone())
        .map_err(|e| TableError::internal(format!("round {} plan: {e}", round.round)))?;
    let table =
        stored.plan.tables.get(idx).ok_or_else(|| {
            TableError::internal(format!("round {} has no table {idx}", round.round))
        })?;
    let absent = table
        .players()
        .filter(|p| stored.absent.contains(p))
        .collect();
    Ok((table.seats.len(), absent))
}

/// A table's result from its stored result rows (places, scores, teams); empty rows (closed
/// with no result) score nobody anything.
fn result_of(rows: &[pakka_store::ResultRow], plan: &[Occupant], absent: &[UserId]) -> TableResult {
    let at_table: Vec<UserId> = plan.iter().filter_map(|o| o.player()).collect();
    if rows.is_empty() {
        return TableResult {
            ranking: Vec::new(),
            scores: None,
            teams: None,
            absent: at_table,
            walkover: false,
        };
    }
    let mut places: Vec<usize> = rows.iter().map(|r| r.place).collect();
    places.sort_unstable();
    places.dedup();
    let ranking = places
        .iter()
        .map(|&place| {
            rows.iter()
                .filter(|r| r.place == place)
                .map(|r| r.seat)
                .collect()
        })
        .collect();
    let scores = rows
        .iter()
        .any(|r| r.score.is_some())
        .then(|| rows.iter().map(|r| r.score.unwrap_or(0)).collect());
    let teams = rows
        .iter()
        .any(|r| r.team != r.seat)
        .then(|| rows.iter().map(|r| r.team).collect());
    TableResult {
        ranking,
        scores,
        teams,
        absent: at_table
            .into_iter()
            .filter(|p| absent.contains(p))
            .collect(),
        walkover: false,
    }
}

impl TableService {
    /// An event as the edges see it, from its stored rows.
    pub(super) async fn event_view(
        &self,
        stored: &StoredTournament,
    ) -> Result<EventView, EventError> {
        let players = self.store.tournament_players(stored.id).await?;
        let rounds = self.store.tournament_rounds(stored.id).await?;
        let event = event_of(stored)?;
        let (records, played) = read_rounds(&rounds, event.format)?;
        let standings = pakka_tournament::standings(&event, &entrants(&players), &records);
        let game = registry::find(&stored.new.game)
            .map(|info| info.id)
            .ok_or_else(|| TableError::internal(format!("event game {}", stored.new.game)))?;
        Ok(EventView {
            id: stored.id,
            guild_id: stored.new.guild_id,
            channel_id: stored.new.channel_id,
            message_id: stored.message_id,
            organiser: stored.new.organiser,
            game,
            format: event.format,
            seats: stored.new.seats,
            rounds: stored.new.rounds,
            max_players: stored.new.max_players,
            round_minutes: stored.new.round_minutes,
            checkin_minutes: stored.new.checkin_minutes,
            level: stored.new.level.parse().unwrap_or_default(),
            phase: stored.state.phase,
            paused: stored.state.paused,
            round: stored.state.round,
            deadline: stored.state.deadline_ms.map(|ms| ms / 1000),
            players,
            standings,
            played,
        })
    }

    /// Opens the check-in before `round`, timed.
    pub(super) async fn open_check_in(
        &self,
        stored: &StoredTournament,
        round: u32,
    ) -> Result<(), EventError> {
        let state = EventState {
            phase: EventPhase::Checkin,
            paused: stored.state.paused,
            round,
            deadline_ms: Some(now_ms() + self.minutes_ms(stored.new.checkin_minutes)),
        };
        self.store.set_tournament_state(stored.id, state).await?;
        self.running_events(|running| {
            running.insert(stored.id);
        });
        Ok(())
    }

    /// Pairs the round whose check-in is open and begins it (under the event's lock): the
    /// round's plan, its tables decided without a game and the missed rounds are stored in one
    /// step; then each table to play waits for a channel from an edge.
    pub(super) async fn begin_round(&self, id: EventId) -> Result<(), EventError> {
        let stored = self.running_event(id).await?;
        if stored.state.phase != EventPhase::Checkin {
            return Ok(());
        }
        let round = stored.state.round;
        let players = self.store.tournament_players(id).await?;
        let rounds = self.store.tournament_rounds(id).await?;
        let event = event_of(&stored)?;
        let (records, _) = read_rounds(&rounds, event.format)?;
        let in_event: Vec<&EventPlayer> = players.iter().filter(|p| p.is_in()).collect();
        let active = entrants(in_event.iter().copied());
        let absent: Vec<UserId> = in_event
            .iter()
            .filter(|p| p.checked_in != round)
            .map(|p| p.user_id)
            .collect();
        let plan = match pakka_tournament::pair_present(&event, round, &active, &absent, &records) {
            Ok(plan) => plan,
            Err(pakka_tournament::PairError::TooFewPlayers { .. }) if round > 1 => {
                // Too many left: the event ends with the rounds played.
                return self.finish(&stored, round - 1).await;
            }
            Err(e) => {
                return Err(TableError::internal(format!("pairing round {round}: {e}")).into())
            }
        };
        let results: Vec<Option<serde_json::Value>> = plan
            .tables
            .iter()
            .map(|table| {
                let players: Vec<UserId> = table.players().collect();
                let present = players.iter().filter(|p| !absent.contains(p)).count();
                (present <= 1).then(|| {
                    serde_json::to_value(TableResult {
                        ranking: Vec::new(),
                        scores: None,
                        teams: None,
                        absent: players
                            .iter()
                            .copied()
                            .filter(|p| absent.contains(p))
                            .collect(),
                        walkover: present == 1,
                    })
                    .unwrap_or_default()
                })
            })
            .collect();
        let missed: Vec<Missed> = in_event
            .iter()
            .filter_map(|p| {
                if absent.contains(&p.user_id) {
                    let missed = p.missed + 1;
                    Some(Missed {
                        user_id: p.user_id,
                        missed,
                        withdrawn: if missed >= 2 {
                            Withdrawn::Absent
                        } else {
                            Withdrawn::No
                        },
                    })
                } else {
                    (p.missed > 0).then_some(Missed {
                        user_id: p.user_id,
                        missed: 0,
                        withdrawn: Withdrawn::No,
                    })
                }
            })
            .collect();
        let to_open: Vec<usize> = results
            .iter()
            .enumerate()
            .filter(|(_, r)| r.is_none())
            .map(|(i, _)| i)
            .collect();
        let plan_json = serde_json::to_value(StoredPlan {
            plan,
            absent: absent.clone(),
        })
        .map_err(|e| TableError::internal(format!("a plan as JSON: {e}")))?;
        let state = EventState {
            phase: EventPhase::Playing,
            paused: stored.state.paused,
            round,
            deadline_ms: Some(now_ms() + self.minutes_ms(stored.new.round_minutes)),
        };
        self.store
            .begin_tournament_round(id, round, &plan_json, &results, &missed, state)
            .await?;
        if to_open.is_empty() {
            return self.after_round(id).await;
        }
        self.ask_channels(id, round, to_open).await
    }

    /// Asks the edges for a channel for each of these tables of the round.
    async fn ask_channels(
        &self,
        id: EventId,
        round: u32,
        tables: Vec<usize>,
    ) -> Result<(), EventError> {
        if let Ok(mut asked) = self.events.asked.lock() {
            for &idx in &tables {
                asked.insert((id, round, idx), Instant::now());
            }
        }
        tracing::info!(
            event = id,
            round,
            ?tables,
            "tables of a round asked for a channel"
        );
        let event = Arc::new(self.event(id).await?);
        self.publish_event(EventChange::OpenTables {
            event,
            round,
            tables,
        });
        Ok(())
    }

    /// Opens table `idx` of `round` in `channel` (an edge made it) and starts its game: the
    /// players paired there in their seats, a computer player in every other seat and in an
    /// absent player's, the round's deal (duplicate) or the table's own.
    pub async fn open_event_table(
        &self,
        id: EventId,
        round: u32,
        idx: usize,
        channel: ChannelId,
    ) -> Result<TableView, EventError> {
        let _event = self.lock_event(id).await;
        let stored = self.running_event(id).await?;
        if stored.state.phase != EventPhase::Playing || stored.state.round != round {
            return Err(TableError::Stale.into());
        }
        let rounds = self.store.tournament_rounds(id).await?;
        let (_, views) = read_rounds(&rounds, event_of(&stored)?.format)?;
        let view = views
            .into_iter()
            .find(|r| r.round == round)
            .ok_or(TableError::Stale)?;
        let (Some(table), Some(opened)) = (view.plan.tables.get(idx), view.tables.get(idx)) else {
            return Err(TableError::Stale.into());
        };
        if opened.table_id.is_some() || opened.result.is_some() {
            return Err(TableError::Stale.into());
        }
        let info = registry::find(&stored.new.game)
            .ok_or_else(|| TableError::internal(format!("event game {}", stored.new.game)))?;
        let seat_rows = table
            .seats
            .iter()
            .enumerate()
            .map(|(seat, o)| match o {
                Occupant::Player(p) if !view.absent.contains(p) => SeatRow {
                    seat,
                    user_id: Some(*p),
                    accepted: true,
                    ..SeatRow::default()
                },
                _ => SeatRow {
                    seat,
                    accepted: true,
                    computer: Some(stored.new.level.clone()),
                    ..SeatRow::default()
                },
            })
            .collect();
        // Every table of a duplicate round the same deal; otherwise each its own, from the
        // event's seed (random seeds stay below 2^53, as a table's).
        let seed = view.plan.deal_seed.unwrap_or_else(|| {
            let mix = stored
                .new
                .seed
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add(u64::from(round) << 16 | idx as u64);
            (mix ^ (mix >> 29)) >> 11
        });
        let new = NewTable {
            guild_id: stored.new.guild_id,
            channel_id: channel,
            game: info.id.to_string(),
            options: stored.new.options.clone(),
            seats: stored.new.seats,
            seed,
            created_by: stored.new.organiser,
            seat_rows,
            turn_timer: Some(TURN_MINUTES),
            learning: Learning::default(),
        };
        let started = self.open_event_game(info, new, (id, round, idx)).await?;
        if let Ok(mut tables) = self.events.tables.lock() {
            tables.insert(started.id, (id, round, idx));
        }
        if let Ok(mut asked) = self.events.asked.lock() {
            asked.remove(&(id, round, idx));
        }
        tracing::info!(
            event = id,
            round,
            idx,
            table = started.id,
            channel,
            "a round's table opened"
        );
        let _ = self.changed(id).await;
        Ok(started)
    }

    /// Whether table `idx` of `round` still waits for a channel (an edge asked twice, for a
    /// table it was slow to open, makes no second thread).
    pub async fn wants_channel(&self, id: EventId, round: u32, idx: usize) -> bool {
        let Ok(Some(stored)) = self.store.tournament(id).await else {
            return false;
        };
        if stored.state.phase != EventPhase::Playing || stored.state.round != round {
            return false;
        }
        let Ok(rounds) = self.store.tournament_rounds(id).await else {
            return false;
        };
        rounds
            .iter()
            .find(|r| r.round == round)
            .and_then(|r| r.tables.get(idx))
            .is_some_and(|t| t.table_id.is_none() && t.result.is_none())
    }

    /// A table left the service (its game over, or closed): if it is an event's, its result
    /// is recorded and the event moves on once its round is complete.
    pub(crate) async fn event_table_ended(&self, table: TableId) {
        let link = self
            .events
            .tables
            .lock()
            .ok()
            .and_then(|tables| tables.get(&table).copied());
        let Some((id, round, idx)) = link else {
            return;
        };
        if let Err(e) = self.record_result(id, round, idx, table).await {
            if e.is_internal() {
                tracing::error!(error = %e, event = id, table, "a tournament table's result");
            } else {
                tracing::warn!(error = %e, event = id, table, "a tournament table's result waits");
            }
        }
    }

    /// Records a finished or closed table's result, and moves the event on.
    async fn record_result(
        &self,
        id: EventId,
        round: u32,
        idx: usize,
        table: TableId,
    ) -> Result<(), EventError> {
        let _event = self.lock_event(id).await;
        let stored = match self.running_event(id).await {
            Ok(stored) => stored,
            // A cancelled event's games end as ordinary games.
            Err(EventError::Cancelled | EventError::Finished) => return Ok(()),
            Err(e) => return Err(e),
        };
        let rows = self.store.results(table).await?;
        let rounds = self.store.tournament_rounds(id).await?;
        let (_, views) = read_rounds(&rounds, event_of(&stored)?.format)?;
        let Some(view) = views.iter().find(|r| r.round == round) else {
            return Err(TableError::internal(format!("event {id} has no round {round}")).into());
        };
        let plan = view
            .plan
            .tables
            .get(idx)
            .ok_or_else(|| TableError::internal(format!("round {round} has no table {idx}")))?;
        let result = result_of(&rows, &plan.seats, &view.absent);
        let json = serde_json::to_value(&result)
            .map_err(|e| TableError::internal(format!("a result as JSON: {e}")))?;
        self.store
            .set_tournament_result(id, round, idx, &json)
            .await?;
        if stored.state.phase == EventPhase::Playing && stored.state.round == round {
            self.after_round(id).await?;
        }
        let _ = self.changed(id).await;
        Ok(())
    }

    /// Once every table of the current round has its result: the next check-in, or the end.
    async fn after_round(&self, id: EventId) -> Result<(), EventError> {
        let stored = self.running_event(id).await?;
        let rounds = self.store.tournament_rounds(id).await?;
        let Some(current) = rounds.iter().find(|r| r.round == stored.state.round) else {
            return Ok(());
        };
        if current.tables.iter().any(|t| t.result.is_none()) {
            return Ok(());
        }
        if stored.state.round >= stored.new.rounds {
            return self.finish(&stored, stored.state.round).await;
        }
        self.open_check_in(&stored, stored.state.round + 1).await?;
        let _ = self.changed(id).await;
        Ok(())
    }

    /// The event ends after `round`.
    async fn finish(&self, stored: &StoredTournament, round: u32) -> Result<(), EventError> {
        let state = EventState {
            phase: EventPhase::Finished,
            paused: false,
            round,
            deadline_ms: None,
        };
        self.store.set_tournament_state(stored.id, state).await?;
        self.running_events(|running| {
            running.remove(&stored.id);
        });
        self.forget_event_tables(stored.id);
        let _ = self.changed(stored.id).await;
        Ok(())
    }

    /// Runs `f` on the set of running events this process looks after.
    pub(super) fn running_events(&self, f: impl FnOnce(&mut HashSet<EventId>)) {
        if let Ok(mut running) = self.events.running.lock() {
            f(&mut running);
        }
    }

    /// The events' clock, from the runner's tick: a check-in that ran out begins its round; a
    /// round whose time ran out has computer players stand in for everyone still playing;
    /// a table still without a channel is asked for again.
    pub(crate) async fn tick_events(&self) {
        let running: Vec<EventId> = self
            .events
            .running
            .lock()
            .map(|r| r.iter().copied().collect())
            .unwrap_or_default();
        let now = now_ms();
        for id in running {
            if let Err(e) = self.tick_event(id, now).await {
                if e.is_internal() {
                    tracing::error!(error = %e, event = id, "an event's clock");
                }
            }
        }
    }

    async fn tick_event(&self, id: EventId, now: i64) -> Result<(), EventError> {
        // Under the event's lock throughout: a step taken meanwhile (a table opened, a round
        // ended) is seen, never written over.
        let _event = self.lock_event(id).await;
        let stored = match self.running_event(id).await {
            Ok(stored) => stored,
            Err(EventError::Cancelled | EventError::Finished | EventError::NoSuchEvent) => {
                self.running_events(|running| {
                    running.remove(&id);
                });
                return Ok(());
            }
            Err(e) => return Err(e),
        };
        if stored.state.paused {
            return Ok(());
        }
        let due = stored.state.deadline_ms.is_some_and(|d| d <= now);
        match stored.state.phase {
            EventPhase::Checkin if due => {
                self.begin_round(id).await?;
                let _ = self.changed(id).await;
            }
            EventPhase::Playing => {
                let rounds = self.store.tournament_rounds(id).await?;
                let Some(current) = rounds.iter().find(|r| r.round == stored.state.round) else {
                    return Ok(());
                };
                if due {
                    let mut drawn = false;
                    for table in current.tables.iter().filter(|t| t.result.is_none()) {
                        match table.table_id {
                            Some(table_id) => self.stand_in_everyone(table_id).await,
                            // Never opened (no edge could make its thread): a game nobody
                            // could play is a draw for everyone at it, so the round can end.
                            None => {
                                let (seats, absent) = unplayed(current, table.idx)?;
                                let draw = TableResult {
                                    ranking: vec![(0..seats).collect()],
                                    absent,
                                    ..TableResult::default()
                                };
                                let json = serde_json::to_value(&draw).map_err(|e| {
                                    TableError::internal(format!("a draw as JSON: {e}"))
                                })?;
                                self.store
                                    .set_tournament_result(id, stored.state.round, table.idx, &json)
                                    .await?;
                                tracing::warn!(
                                    event = id,
                                    round = stored.state.round,
                                    table = table.idx,
                                    "a round's table never opened: drawn at the round's end"
                                );
                                drawn = true;
                            }
                        }
                    }
                    let mut state = stored.state;
                    state.deadline_ms = None;
                    self.store.set_tournament_state(id, state).await?;
                    if drawn {
                        self.after_round(id).await?;
                        let _ = self.changed(id).await;
                        return Ok(());
                    }
                }
                // Asked again only after a while: an edge opens a table's thread in its turn
                // among the channel's other calls, which can take seconds.
                let again = self.runner.clocks.timer_minute.max(ASK_AGAIN);
                let unopened: Vec<usize> = current
                    .tables
                    .iter()
                    .filter(|t| t.table_id.is_none() && t.result.is_none())
                    .map(|t| t.idx)
                    .filter(|&idx| {
                        self.events.asked.lock().is_ok_and(|asked| {
                            asked
                                .get(&(id, stored.state.round, idx))
                                .is_none_or(|at| at.elapsed() >= again)
                        })
                    })
                    .collect();
                if !unopened.is_empty() {
                    self.ask_channels(id, stored.state.round, unopened).await?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Takes every running event up again at start: its open tables known as its own again,
    /// a table that ended while the process was away recorded, tables without a channel asked
    /// for again (by the clock's next tick).
    pub(crate) async fn recover_events(&self) {
        let events = match self.store.running_tournaments().await {
            Ok(events) => events,
            Err(e) => {
                tracing::error!(error = %e, "the running events could not be read");
                return;
            }
        };
        for stored in events {
            if !self.serves(stored.new.guild_id) {
                continue;
            }
            self.running_events(|running| {
                running.insert(stored.id);
            });
            if stored.state.phase != EventPhase::Playing {
                continue;
            }
            let Ok(rounds) = self.store.tournament_rounds(stored.id).await else {
                continue;
            };
            let Some(current) = rounds.iter().find(|r| r.round == stored.state.round) else {
                continue;
            };
            let held: HashSet<TableId> = self.table_ids().into_iter().collect();
            for table in &current.tables {
                let (Some(table_id), None) = (table.table_id, &table.result) else {
                    continue;
                };
                if let Ok(mut tables) = self.events.tables.lock() {
                    tables.insert(table_id, (stored.id, stored.state.round, table.idx));
                }
                if !held.contains(&table_id) {
                    // It ended (or was closed) while the process was away.
                    self.event_table_ended(table_id).await;
                }
            }
        }
    }
}
