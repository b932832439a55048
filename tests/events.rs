//! Tournaments across processes, on both backends: two table services on one database, each
//! running half of the gateway shards. An event is run only by the process that holds its
//! server: only it opens the event, ends its check-in by its clock and asks for its round's
//! tables; a process started in its place after a crash takes the event up where it was.

use std::sync::Arc;
use std::time::Duration;

use pakka::table::tournaments::{EventChange, EventError, Format, NewEvent};
use pakka::table::{Clocks, Level, ShardRange, TableError, TableService};
use serde_json::Value;

use crate::support::backends::{on_both_backends, Db};

fn half(first: u32) -> ShardRange {
    ShardRange {
        first,
        last: first,
        total: 2,
    }
}

async fn process(db: &Db, shard: u32) -> Arc<TableService> {
    let clocks = Clocks {
        computer_pause: Duration::ZERO,
        // A minute of 300 ms: a one-minute check-in ends by the clock in the test, and four
        // check-ins on PostgreSQL fit in it with the rest of the suite running (at 50 ms, one
        // came after the check-in's end once).
        timer_minute: Duration::from_millis(300),
        lobby_timeout: Duration::from_secs(1800),
    };
    let service = Arc::new(
        TableService::new(db.open().await)
            .on_shards(half(shard))
            .with_clocks(clocks),
    );
    service.restore().await.unwrap();
    service
}

fn event_in(guild: u64) -> NewEvent {
    NewEvent {
        guild_id: guild,
        channel_id: guild + 1,
        organiser: 1,
        game: "pisha-pasha".into(),
        options: Value::Null,
        format: Format::Swiss,
        seats: None,
        rounds: Some(1),
        max_players: 8,
        round_minutes: 600,
        checkin_minutes: 1,
        level: Level::Easy,
        seed: Some(5),
    }
}

/// The events whose tables a process asks channels for within `within`.
async fn asked_for(
    changes: &mut tokio::sync::broadcast::Receiver<EventChange>,
    within: Duration,
) -> Vec<i64> {
    let mut events = Vec::new();
    let until = tokio::time::Instant::now() + within;
    while let Ok(Ok(change)) = tokio::time::timeout_at(until, changes.recv()).await {
        if let EventChange::OpenTables { event, .. } = change {
            events.push(event.id);
        }
    }
    events
}

async fn each_process_runs_the_events_of_its_own_servers(db: &Db) {
    let shards = ShardRange::ALL;
    let guild = |shard: u32| {
        (1..)
            .map(|g: u64| g * 1_000_003)
            .find(|&g| half(shard).holds(g) && shards.holds(g))
            .unwrap()
    };
    let (guild_a, guild_b) = (guild(0), guild(1));
    let a = process(db, 0).await;
    let b = process(db, 1).await;
    let (mut heard_a, mut heard_b) = (a.subscribe_events(), b.subscribe_events());
    a.start();
    b.start();
    assert!(matches!(
        b.create_event(event_in(guild_a)).await,
        Err(EventError::Table(TableError::OtherShard { .. }))
    ));
    let event_a = a.create_event(event_in(guild_a)).await.unwrap().id;
    let event_b = b.create_event(event_in(guild_b)).await.unwrap().id;
    for (service, id) in [(&a, event_a), (&b, event_b)] {
        for p in [1, 2, 3, 4] {
            service.sign_up(id, p).await.unwrap();
        }
        service.start_event(id, 1, false).await.unwrap();
        for p in [1, 2, 3, 4] {
            service.check_in(id, p).await.unwrap();
        }
    }
    // Each check-in ends by its own process's clock, and only that process asks for the
    // round's tables.
    assert_eq!(
        asked_for(&mut heard_a, Duration::from_secs(2)).await,
        [event_a]
    );
    assert_eq!(
        asked_for(&mut heard_b, Duration::from_secs(1)).await,
        [event_b]
    );

    // Process A dies; the one started in its place takes its event up and asks again for the
    // tables nobody opened. B never touches it.
    a.halt(Duration::from_secs(1)).await;
    drop(a);
    let again = process(db, 0).await;
    let mut heard = again.subscribe_events();
    again.start();
    assert_eq!(
        asked_for(&mut heard, Duration::from_secs(2)).await,
        [event_a]
    );
    assert!(asked_for(&mut heard_b, Duration::from_millis(300))
        .await
        .is_empty());
    let view = again.event(event_a).await.unwrap();
    assert_eq!(view.round, 1);
    assert_eq!(view.played.len(), 1, "the round was paired once");
}

on_both_backends!(each_process_runs_the_events_of_its_own_servers);
