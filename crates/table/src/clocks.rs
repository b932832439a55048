//! The clocks: turn timers (a computer player stands in for a person whose turn lasted too
//! long, until they are `back`; for everyone at a tournament table whose round's time ran
//! out) and lobbies that never started (closed after a while). The
//! runner (`runner`) ticks them; each change is published like any other.

use std::time::{Duration, Instant};

use super::{Closing, Phase, TableError, TableEvent, TableId, TableService, TableView, UserId};
use pakka_rules::Seat;

impl TableService {
    /// Starts a computer player standing in for every person whose turn has lasted longer than
    /// their table's turn timer (`unit` is one timer minute; tests shorten it). Answers the
    /// tables concerned and the users now away.
    pub async fn expire_turns(&self, unit: Duration) -> Vec<(TableView, Vec<UserId>)> {
        let tables = self.all_tables();
        let mut expired = Vec::new();
        for table in tables {
            let mut t = table.lock().await;
            let Some(minutes) = t.turn_timer else {
                continue;
            };
            if t.phase != Phase::Playing
                || t.paused
                || t.waiting.is_some()
                || t.turn_since.elapsed() < unit * minutes
            {
                continue;
            }
            let Some(game) = &t.game else {
                continue;
            };
            let late: Vec<Seat> = game
                .to_act()
                .into_iter()
                .filter(|&s| !t.computer_plays(s) && t.seats[s].user_id.is_some())
                .collect();
            let mut away = Vec::new();
            for seat in late {
                if let Err(e) = self.store.set_stand_in(t.id, seat, true).await {
                    tracing::error!(error = %e, "could not start a stand-in");
                    continue;
                }
                t.seats[seat].stand_in = true;
                away.extend(t.seats[seat].user_id);
            }
            if !away.is_empty() {
                let view = t.view();
                self.publish(TableEvent::StoodIn {
                    table: view.clone(),
                    away: away.clone(),
                });
                expired.push((view, away));
            }
        }
        expired
    }

    /// A tournament round's time ran out: a computer player stands in for every person still
    /// seated at this table, so its game ends by itself (a person may still take their seat
    /// back, as after a turn timer).
    pub(crate) async fn stand_in_everyone(&self, id: TableId) {
        let Ok(mut t) = self.lock(id).await else {
            return;
        };
        if t.phase != Phase::Playing {
            return;
        }
        let mut away = Vec::new();
        for seat in 0..t.seats.len() {
            if t.computer_plays(seat) || t.seats[seat].user_id.is_none() {
                continue;
            }
            if let Err(e) = self.store.set_stand_in(id, seat, true).await {
                tracing::error!(error = %e, "could not start a stand-in at a round's end");
                continue;
            }
            t.seats[seat].stand_in = true;
            away.extend(t.seats[seat].user_id);
        }
        if !away.is_empty() {
            self.publish(TableEvent::StoodIn {
                table: t.view(),
                away,
            });
        }
    }

    /// A person takes their seat back from the computer standing in for them.
    pub async fn back(&self, id: TableId, user: UserId) -> Result<TableView, TableError> {
        let mut t = self.lock(id).await?;
        let seat = t.seat_of(user).ok_or(TableError::NotSeated)?;
        if !t.seats[seat].stand_in {
            return Err(TableError::NotAway);
        }
        self.store.set_stand_in(id, seat, false).await?;
        t.seats[seat].stand_in = false;
        t.turn_since = Instant::now();
        let view = t.view();
        self.publish(TableEvent::Back {
            table: view.clone(),
            user,
        });
        Ok(view)
    }

    /// An edge cannot show the table now (`waiting`: the bot may no longer post or edit in its
    /// channel), or can again: while it cannot, the table waits, its turn timers stopped and
    /// no computer player moving where nobody could see it, and its edges are reminded to try
    /// again (`remind_waiting`); when it can again, each turn's clock starts afresh and the
    /// computer players go on. Published when it changes.
    pub async fn wait_for_edge(&self, id: TableId, waiting: bool) -> Result<(), TableError> {
        let mut t = self.lock(id).await?;
        if t.waiting.is_some() == waiting || t.phase != Phase::Playing {
            return Ok(());
        }
        t.waiting = waiting.then(|| {
            let pause = self.runner.clocks.timer_minute / 2;
            super::Reminder {
                next: Instant::now() + pause,
                pause,
            }
        });
        if !waiting {
            t.turn_since = Instant::now();
        }
        let view = t.view();
        self.publish(TableEvent::Waiting {
            table: view,
            waiting,
        });
        Ok(())
    }

    /// Reminds the edges of each waiting table whose pause is over to try showing it again
    /// (`TableEvent::StillWaiting`): first after half a turn-timer minute (30 s), then after
    /// twice as long each time, up to ten minutes.
    pub async fn remind_waiting(&self) {
        let most = self.runner.clocks.timer_minute * super::REMIND_AT_MOST;
        for table in self.all_tables() {
            let mut t = table.lock().await;
            let Some(reminder) = t.waiting else {
                continue;
            };
            if Instant::now() < reminder.next {
                continue;
            }
            let pause = (reminder.pause * 2).min(most);
            t.waiting = Some(super::Reminder {
                next: Instant::now() + pause,
                pause,
            });
            self.publish(TableEvent::StillWaiting(t.view()));
        }
    }

    /// Whether the table waits for an edge (see [`TableService::wait_for_edge`]).
    pub async fn is_waiting(&self, id: TableId) -> bool {
        match self.lock(id).await {
            Ok(t) => t.waiting.is_some(),
            Err(_) => false,
        }
    }

    /// Closes every lobby open for longer than `max_age`; answers the closed tables.
    pub async fn expire_lobbies(&self, max_age: Duration) -> Vec<TableView> {
        let tables = self.all_tables();
        let mut closed = Vec::new();
        for table in tables {
            let mut t = table.lock().await;
            if t.phase != Phase::Lobby || t.opened.elapsed() < max_age {
                continue;
            }
            if let Err(e) = self.store.abandon_table(t.id).await {
                tracing::error!(error = %e, "could not close an expired lobby");
                continue;
            }
            t.phase = Phase::Abandoned;
            let view = t.view();
            self.publish(TableEvent::Closed {
                table: view.clone(),
                how: Closing::Expired,
            });
            closed.push(view);
            self.remove(t.id, t.channel_id);
        }
        closed
    }
}
