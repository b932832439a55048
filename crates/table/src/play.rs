//! Play: a seat's hand, a person's move (`act`), a computer player's move (`computer_move`,
//! searched off the async threads), and the end of a game with its results. A move is stored
//! before it is swapped in and acknowledged: its action appended to the table's move log with
//! its number, and with it a match's running totals and, when the game ends, its results. The
//! state is not stored: a restart replays the log (`restore`).

use std::sync::Arc;
use std::time::Instant;

use super::{
    level_name, level_of, Acted, ChannelId, Counters, Edge, HandView, Hint, Mover, Phase, Place,
    Record, Table, TableError, TableEvent, TableId, TableService, TookOver, UserId, QUICK,
};
use pakka_ai::{self, Level, Observation};
use pakka_rules::{ActError, RuleError, Seat, Status};
use pakka_store::{ResultRow, SeatRow, StoreError};
use pakka_text::{msg, Msg};

/// The story's sentence of a seat a person took over from a computer player at `level`.
pub(super) fn took_over(seat: Seat, level: Level) -> Msg {
    msg!(
        "table-took-over",
        who = pakka_text::seat(seat),
        n = seat + 1,
        level = level_name(level)
    )
}

impl TableService {
    /// Wins and games per user over the finished games of `game` in this channel.
    pub async fn channel_record(
        &self,
        channel: ChannelId,
        game: &str,
    ) -> Result<Vec<Record>, TableError> {
        let rows = self.store.channel_record(channel, game).await?;
        Ok(rows
            .into_iter()
            .map(|(user, wins, games)| Record { user, wins, games })
            .collect())
    }

    /// A seated user's hand.
    pub async fn hand(&self, id: TableId, user: UserId) -> Result<HandView, TableError> {
        let t = self.lock(id).await?;
        let seat = t.seat_of(user).ok_or(TableError::NotSeated)?;
        if t.phase == Phase::Lobby {
            return Err(TableError::NotStarted);
        }
        Ok(t.hand(seat))
    }

    /// Applies the action at `index` of the user's legal actions as offered at `move_number`,
    /// sent through `edge` (the move's event says so). The move is stored before this returns
    /// Ok.
    pub async fn act(
        &self,
        id: TableId,
        user: UserId,
        move_number: u64,
        index: usize,
        edge: Edge,
    ) -> Result<Arc<Acted>, TableError> {
        let mut t = self.lock(id).await?;
        let seat = t.seat_of(user).ok_or(TableError::NotSeated)?;
        if t.phase == Phase::Lobby {
            return Err(TableError::NotStarted);
        }
        if move_number != t.move_number {
            return Err(TableError::Stale);
        }
        if t.seats[seat].stand_in {
            return Err(TableError::StoodIn);
        }
        self.apply_move(&mut t, seat, index, Mover::Person { user, edge })
            .await
    }

    /// The action every seat to act may take alike without opening its hand (the game's
    /// `open_action`, offered on the turn ping), taken for `user`'s own seat while deal
    /// `deal` is on; answers the move and the action's label. A person who is not seated, a
    /// seat that has already acted, and a button of an earlier deal are refused like any move.
    pub async fn act_open(
        &self,
        id: TableId,
        user: UserId,
        deal: u32,
    ) -> Result<(Arc<Acted>, Msg), TableError> {
        let mut t = self.lock(id).await?;
        let seat = t.seat_of(user).ok_or(TableError::NotSeated)?;
        if t.phase == Phase::Lobby {
            return Err(TableError::NotStarted);
        }
        if t.seats[seat].stand_in {
            return Err(TableError::StoodIn);
        }
        let game = t.game.as_ref().ok_or(TableError::NotStarted)?;
        let status = game.status();
        if status.deal != deal {
            return Err(TableError::Stale);
        }
        if !status.over && !status.to_act.contains(&seat) {
            return Err(TableError::Rule(RuleError::NotYourTurn {
                seat,
                to_act: status.to_act,
            }));
        }
        let label = game.open_choice().ok_or(TableError::Stale)?;
        let index = game.open_index(seat).ok_or(TableError::Stale)?;
        let acted = self
            .apply_move(
                &mut t,
                seat,
                index,
                Mover::Person {
                    user,
                    edge: Edge::Chat,
                },
            )
            .await?;
        Ok((acted, label))
    }

    /// Checks the seat may act and applies its legal action `index`: stored first, then
    /// swapped in, then published (`TableEvent::Moved`). The common end of a person's click and
    /// a computer player's move.
    async fn apply_move(
        &self,
        t: &mut Table,
        seat: Seat,
        index: usize,
        by: Mover,
    ) -> Result<Arc<Acted>, TableError> {
        let id = t.id;
        let game = t.game.as_ref().ok_or(TableError::NotStarted)?;
        let status = game.status();
        if status.over {
            return Err(TableError::Rule(RuleError::GameOver));
        }
        if !status.to_act.contains(&seat) {
            return Err(TableError::Rule(RuleError::NotYourTurn {
                seat,
                to_act: status.to_act,
            }));
        }
        let before_to_act = t.users_to_act();
        let mut next = game.clone();
        // The typed action at the index, applied; its JSON is what the move log stores.
        let (action, told) = next.act_at(seat, index).map_err(|e| match e {
            ActError::NoSuchIndex(_) => TableError::Stale,
            ActError::Rule(r) => TableError::Rule(r),
            ActError::BadAction(m) => TableError::internal(format!("a legal action: {m:?}")),
        })?;
        let after = next.status();
        let number = t.move_number + 1;
        let totals = after.scores.as_ref().map(|s| (after.deal, s.as_slice()));
        // An unrated table (hints, a seat taken over) finishes with no result rows: nothing
        // counts for ratings or records.
        let rated = t.rated();
        let results = after.ranking.is_some().then(|| {
            if rated {
                results_of(&after, &t.seats, t.info.team_of)
            } else {
                Vec::new()
            }
        });
        // Not stored (the database is away): not applied either, and the table stays at the
        // move it was at, in memory as in the store.
        let stored = self
            .store
            .record_move(id, number, seat, &action, totals, results.as_deref())
            .await;
        match stored {
            Ok(()) => {}
            // The store holds this move number already: an earlier attempt was committed
            // though its answer was lost (a connection cut after the commit). The same move
            // counts as stored; another one means the table is behind its log: it catches up
            // and this click is stale.
            Err(StoreError::DuplicateMove { .. }) => {
                let stored = self
                    .store
                    .table(id)
                    .await?
                    .ok_or_else(|| TableError::internal("a table with moves is stored"))?;
                let same = stored
                    .moves
                    .iter()
                    .any(|m| m.number == number && m.seat == seat && m.action == action);
                if !same {
                    self.catch_up(t, &stored.moves);
                    return Err(TableError::Stale);
                }
            }
            Err(e) => {
                return Err(match TableError::from(e) {
                    TableError::Unavailable => TableError::Unsaved,
                    other => other,
                })
            }
        }
        pakka_metrics::move_stored(t.info.id);
        // Stored: now it is applied.
        t.story.tell(game.as_ref(), next.as_ref(), &told);
        t.deals
            .extend(super::deal_over(&status, &after, next.as_ref()));
        t.game = Some(next);
        t.move_number = number;
        if after.to_act != status.to_act {
            t.turn_since = Instant::now();
        }
        if after.over {
            t.phase = Phase::Finished;
        }
        let new_deal = after.deal != status.deal;
        let now = t.users_to_act();
        let done_acting: Vec<UserId> = before_to_act
            .iter()
            .copied()
            .filter(|u| !now.contains(u))
            .collect();
        let newly_to_act: Vec<UserId> = now
            .into_iter()
            .filter(|u| !before_to_act.contains(u))
            .collect();
        // Each hand built once: the acting seat's, and those of the people who must see theirs
        // change (everyone at a new deal and at the end).
        let everyone = new_deal || after.over;
        let hand = Arc::new(t.hand(seat));
        let hands = t
            .seats
            .iter()
            .filter_map(|s| {
                let user = s.user_id?;
                let changed =
                    everyone || newly_to_act.contains(&user) || done_acting.contains(&user);
                changed.then(|| {
                    let hand = if s.seat == seat {
                        hand.clone()
                    } else {
                        Arc::new(t.hand(s.seat))
                    };
                    (user, hand)
                })
            })
            .collect();
        let acted = Acted {
            table: t.view(),
            hand,
            newly_to_act,
            done_acting,
            hands,
            computer_next: t.computer_to_act(),
            new_deal,
            ended_deal: (new_deal || after.over).then_some(status.deal),
            events: told.into_iter().map(|t| t.text).collect(),
            finished: after.over,
            rematch: after.over && !self.is_event_table(id),
        };
        if after.over {
            self.remove(id, t.channel_id);
        }
        // Quick computer moves in a row: the edges may show the table once for the row.
        let passing = by == Mover::Computer
            && acted.computer_next
            && !acted.new_deal
            && !acted.finished
            && self.runner.clocks.computer_pause < QUICK;
        // One copy for the event's subscribers and the caller's answer alike.
        let acted = Arc::new(acted);
        self.publish(TableEvent::Moved {
            acted: acted.clone(),
            by,
            passing,
        });
        Ok(acted)
    }

    /// Applies the stored moves the table does not have yet (its memory fell behind its log:
    /// a move was committed but its answer lost), without telling: the next move's messages
    /// show the position. A table behind its log is caught up, never refused for good. A
    /// stored move that does not replay is logged and stops the catching up.
    fn catch_up(&self, t: &mut Table, log: &[pakka_store::StoredMove]) {
        let from = t.move_number;
        for m in log.iter().filter(|m| m.number > from) {
            let Some(game) = t.game.as_mut() else {
                return;
            };
            if let Err(e) = game.act_json(m.seat, &m.action) {
                tracing::error!(
                    table = t.id,
                    number = m.number,
                    "a stored move does not replay: {e:?}"
                );
                return;
            }
            t.move_number = m.number;
            t.turn_since = Instant::now();
            tracing::warn!(
                table = t.id,
                number = m.number,
                "a stored move the table did not have was applied (its answer had been lost)"
            );
        }
        if t.game.as_ref().is_some_and(|g| g.status().over) {
            t.phase = Phase::Finished;
            self.remove(t.id, t.channel_id);
        }
    }

    /// Plays one move for a computer player when one is to act first (a computer seat, or a
    /// stand-in for an absent person). The search runs off the async threads on a copy of the
    /// game; the move is then applied as a person's would be, unless the table moved on
    /// meanwhile. Answers `None` when no computer player is to act.
    pub async fn computer_move(&self, id: TableId) -> Result<Option<Arc<Acted>>, TableError> {
        let table = self.table(id)?;
        let (game, seat, level, number, seed) = {
            Counters::add(&self.counts.locks);
            let t = table.lock().await;
            let Some(game) = t.game.as_ref() else {
                return Ok(None);
            };
            if t.phase != Phase::Playing || t.paused || t.waiting.is_some() {
                return Ok(None);
            }
            let Some(&seat) = game.to_act().first() else {
                return Ok(None);
            };
            if !t.computer_plays(seat) {
                return Ok(None);
            }
            let level = level_of(&t.seats[seat]).unwrap_or_default();
            (game.clone(), seat, level, t.move_number, t.seed)
        };
        let budget = pakka_ai::Budget {
            time_cap: self.think,
            ..pakka_ai::Budget::default()
        };
        let choice = tokio::task::spawn_blocking(move || {
            let seed = seed ^ number.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let began = std::time::Instant::now();
            let choice =
                pakka_ai::choose_with(&Observation::new(game.as_ref(), seat), level, seed, budget);
            pakka_metrics::decision(level.name(), began.elapsed());
            choice
        })
        .await
        .map_err(|e| TableError::internal(format!("the computer player failed: {e}")))?;
        Counters::add(&self.counts.locks);
        let mut t = table.lock().await;
        if t.move_number != number || t.paused || t.waiting.is_some() || !t.computer_plays(seat) {
            return Ok(None);
        }
        self.apply_move(&mut t, seat, choice.index, Mover::Computer)
            .await
            .map(Some)
    }

    /// A hint for `user`'s seat (a table with hints on): the move the `normal` computer player
    /// would make now, chosen from the seat's own observation (never the state), and the rule
    /// of thumb's reason for it. Changes nothing.
    pub async fn hint(&self, id: TableId, user: UserId) -> Result<Hint, TableError> {
        let t = self.lock(id).await?;
        let seat = t.seat_of(user).ok_or(TableError::NotSeated)?;
        if !t.learning.hints {
            return Err(TableError::NoHints);
        }
        let game = match (&t.game, t.phase) {
            (Some(game), Phase::Playing) => game,
            _ => return Err(TableError::NotStarted),
        };
        if !game.to_act().contains(&seat) {
            return Err(TableError::NoHintNow);
        }
        let seed = t.seed ^ t.move_number.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let choice = pakka_ai::choose(&Observation::new(game.as_ref(), seat), Level::Normal, seed);
        let label = game
            .choices(seat)
            .into_iter()
            .nth(choice.index)
            .map(|c| c.label)
            .ok_or_else(|| TableError::internal("a hint beyond the legal actions"))?;
        Ok(Hint {
            roster: t.roster(),
            move_number: t.move_number,
            label,
            reason: game.why(seat, choice.index).msg(),
        })
    }

    /// A person who is not seated takes over the computer player's seat `seat` of a running
    /// game whose seats are open (`open_seats`): the seat becomes theirs with its hand, the game
    /// goes on, the story tells it, and the table is no longer rated. Refused with its reason
    /// (seats not open, already seated, not a computer's seat, over the limits of open tables)
    /// and nothing changes; a finished or closed table is gone (`Closed`).
    pub async fn take_over(
        &self,
        id: TableId,
        user: UserId,
        seat: Seat,
    ) -> Result<TookOver, TableError> {
        let mut t = self.lock(id).await?;
        if t.phase == Phase::Lobby {
            return Err(TableError::NotStarted);
        }
        if t.phase != Phase::Playing || t.paused {
            return Err(TableError::Closed);
        }
        if !t.learning.open_seats {
            return Err(TableError::SeatsNotOpen);
        }
        if t.seat_of(user).is_some() {
            return Err(TableError::AlreadySeated);
        }
        let level = match t.seats.get(seat) {
            Some(s) if s.user_id.is_none() => level_of(s).ok_or(TableError::NotAComputerSeat)?,
            _ => return Err(TableError::NotAComputerSeat),
        };
        let place = self.reserve(t.guild_id, user, false)?;
        let number = t.move_number;
        self.store
            .take_over_seat(id, seat, user, level.name(), number)
            .await?;
        let row = &mut t.seats[seat];
        row.user_id = Some(user);
        row.accepted = true;
        row.computer = None;
        row.stand_in = false;
        row.taken_from = Some(level.name().to_string());
        row.taken_at = Some(number);
        self.recount(&t);
        drop(place);
        t.story.push(None, took_over(seat, level));
        t.turn_since = Instant::now();
        let table = t.view();
        self.publish(TableEvent::TookOver {
            table: table.clone(),
            user,
            seat,
        });
        Ok(TookOver {
            table,
            hand: t.hand(seat),
            seat,
        })
    }

    /// The seat of the computer player to act first at this table, if one is.
    pub async fn computer_to_act(&self, id: TableId) -> Result<Option<Seat>, TableError> {
        let t = self.lock(id).await?;
        if !t.computer_to_act() {
            return Ok(None);
        }
        Ok(t.game.as_ref().and_then(|g| g.to_act().first().copied()))
    }
}

/// The result rows of a finished game: each seat's place, and for ratings its team and who
/// played it (a person, or a computer level).
fn results_of(status: &Status, seats: &[SeatRow], team_of: fn(Seat) -> Seat) -> Vec<ResultRow> {
    let mut rows = Vec::new();
    for p in Place::of(status) {
        for (i, &seat) in p.seats.iter().enumerate() {
            rows.push(ResultRow {
                seat,
                user_id: seats.get(seat).and_then(|s| s.user_id),
                computer: seats
                    .get(seat)
                    .filter(|s| s.user_id.is_none())
                    .and_then(|s| s.computer.clone()),
                team: team_of(seat),
                place: p.place,
                won: p.place == 1,
                score: p.points.as_ref().map(|points| points[i]),
            });
        }
    }
    rows.sort_by_key(|r| r.seat);
    rows
}
