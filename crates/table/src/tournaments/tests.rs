//! An event's life in the table service, against the real migrations: refusals, check-in,
//! a round paired and its tables opened and played (an absent player's seat played by a
//! computer and scored as a loss), the next round, a player absent twice withdrawn, the end
//! and its standings, and a restart in the middle of a round.

use std::sync::Arc;
use std::time::Duration;

use super::*;
use crate::{Clocks, Edge, TableService, TableView};
use pakka_store::Store;

const GUILD: u64 = 10;
const CHANNEL: u64 = 20;
const ORGANISER: u64 = 1;
const PEOPLE: [u64; 5] = [1, 2, 3, 4, 5];
const NO_SHOW: u64 = 5;

fn clocks() -> Clocks {
    Clocks {
        computer_pause: Duration::ZERO,
        // A minute of the event's clock is 50 ms here.
        timer_minute: Duration::from_millis(50),
        lobby_timeout: Duration::from_secs(1800),
    }
}

fn new_event(format: Format, rounds: u32) -> NewEvent {
    NewEvent {
        guild_id: GUILD,
        channel_id: CHANNEL,
        organiser: ORGANISER,
        game: "pisha-pasha".into(),
        options: Value::Null,
        format,
        seats: None,
        rounds: Some(rounds),
        max_players: 5,
        // Long enough that no check-in or round runs out in the test unless it waits for it.
        round_minutes: 10_000,
        checkin_minutes: 10_000,
        level: Level::Easy,
        seed: Some(11),
    }
}

/// The next tables the service asks channels for.
async fn asked(changes: &mut broadcast::Receiver<EventChange>) -> (u32, Vec<usize>) {
    loop {
        let change = tokio::time::timeout(Duration::from_secs(10), changes.recv())
            .await
            .expect("the round's tables are asked for")
            .unwrap();
        if let EventChange::OpenTables { round, tables, .. } = change {
            return (round, tables);
        }
    }
}

/// Plays a table to its end: the person to act takes their first action; computer players
/// (the runner) move by themselves.
async fn play_out(s: &TableService, table: TableId) {
    for _ in 0..20_000 {
        let view: TableView = match s.view(table).await {
            Ok(view) => view,
            // Gone from the service: its game ended.
            Err(TableError::Closed | TableError::NoTable) => return,
            Err(e) => panic!("{e}"),
        };
        match view.to_act.first() {
            Some(&user) => {
                let _ = s.act(table, user, view.move_number, 0, Edge::Chat).await;
            }
            None => tokio::time::sleep(Duration::from_millis(2)).await,
        }
    }
    panic!("table {table} did not end");
}

/// Opens every table asked for in channels of its own, plays them out, and waits until the
/// event has moved past `round`.
async fn play_round(
    s: &Arc<TableService>,
    changes: &mut broadcast::Receiver<EventChange>,
    id: EventId,
    channel: &mut u64,
) -> u32 {
    let (round, tables) = asked(changes).await;
    let mut opened = Vec::new();
    for idx in tables {
        *channel += 1;
        let view = s.open_event_table(id, round, idx, *channel).await.unwrap();
        assert_eq!(
            view.phase,
            crate::Phase::Playing,
            "a round's table starts at once"
        );
        opened.push(view.id);
    }
    for table in opened {
        play_out(s, table).await;
    }
    for _ in 0..500 {
        let view = s.event(id).await.unwrap();
        if view.round > round || view.is_over() {
            return round;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    panic!("round {round} did not end");
}

#[tokio::test]
async fn a_swiss_event_runs_from_sign_up_to_its_standings() {
    let s =
        Arc::new(TableService::new(Store::open_in_memory().await.unwrap()).with_clocks(clocks()));
    let mut changes = s.subscribe_events();
    s.start();

    // Refusals first, each changing nothing.
    let mut duplicate = new_event(Format::Duplicate, 2);
    duplicate.game = "paskahousu".into();
    assert!(matches!(
        s.create_event(duplicate).await,
        Err(EventError::NotDuplicate)
    ));
    let mut nine = new_event(Format::Swiss, 2);
    nine.seats = Some(9);
    assert!(matches!(
        s.create_event(nine).await,
        Err(EventError::Seats { seats: 9 })
    ));
    let event = s.create_event(new_event(Format::Swiss, 2)).await.unwrap();
    let id = event.id;
    assert_eq!(event.phase, Phase::Signup);
    assert!(matches!(
        s.start_event(id, ORGANISER, false).await,
        Err(EventError::TooFewPlayers { have: 0, need: 2 })
    ));
    for p in PEOPLE {
        s.sign_up(id, p).await.unwrap();
    }
    assert!(matches!(
        s.sign_up(id, 2).await,
        Err(EventError::AlreadySignedUp)
    ));
    assert!(matches!(
        s.sign_up(id, 6).await,
        Err(EventError::Full { limit: 5 })
    ));
    assert!(matches!(
        s.check_in(id, 2).await,
        Err(EventError::NoCheckIn)
    ));
    assert!(matches!(
        s.start_event(id, 2, false).await,
        Err(EventError::NotOrganiser)
    ));
    assert!(matches!(
        s.withdraw(id, 9).await,
        Err(EventError::NotSignedUp)
    ));
    assert_eq!(s.event(id).await.unwrap().players.len(), 5);

    // The check-in of round 1; everyone but the no-show checks in, and the organiser begins.
    let view = s.start_event(id, ORGANISER, false).await.unwrap();
    assert_eq!((view.phase, view.round), (Phase::Checkin, 1));
    for p in PEOPLE.into_iter().filter(|&p| p != NO_SHOW) {
        s.check_in(id, p).await.unwrap();
    }
    assert!(matches!(
        s.check_in(id, 2).await,
        Err(EventError::AlreadyCheckedIn)
    ));
    let view = s.start_event(id, ORGANISER, false).await.unwrap();
    assert_eq!((view.phase, view.round), (Phase::Playing, 1));
    assert!(matches!(
        s.start_event(id, ORGANISER, false).await,
        Err(EventError::RoundUnderway { round: 1 })
    ));
    let round = view.current().unwrap();
    assert_eq!(round.absent, vec![NO_SHOW]);
    assert_eq!(
        round.plan.byes.len(),
        1,
        "five players at tables of two: one bye"
    );

    let mut channel = CHANNEL;
    assert_eq!(play_round(&s, &mut changes, id, &mut channel).await, 1);
    let view = s.event(id).await.unwrap();
    assert_eq!((view.phase, view.round), (Phase::Checkin, 2));
    let no_show = view.players.iter().find(|p| p.user_id == NO_SHOW).unwrap();
    assert_eq!((no_show.missed, no_show.withdrawn), (1, Withdrawn::No));
    // The no-show scored nothing from a table (a bye scores one point).
    let points = |view: &EventView, who: u64| {
        view.standings
            .iter()
            .find(|st| st.id == who)
            .unwrap()
            .points
    };
    // The bye went to a present player (a bye is a point for being there), and the no-show's
    // game counts as a loss.
    assert!(!view.played[0].plan.byes.contains(&NO_SHOW));
    assert_eq!(
        points(&view, NO_SHOW),
        Halves(0),
        "an absent player's game is a loss"
    );

    // Round 2: the no-show misses it too and is withdrawn; the event ends after it.
    for p in PEOPLE.into_iter().filter(|&p| p != NO_SHOW) {
        s.check_in(id, p).await.unwrap();
    }
    s.start_event(id, ORGANISER, false).await.unwrap();
    let view = s.event(id).await.unwrap();
    let no_show = view.players.iter().find(|p| p.user_id == NO_SHOW).unwrap();
    assert_eq!(
        no_show.withdrawn,
        Withdrawn::Absent,
        "absent twice in a row"
    );
    assert_eq!(play_round(&s, &mut changes, id, &mut channel).await, 2);
    let view = s.event(id).await.unwrap();
    assert_eq!(view.phase, Phase::Finished);
    assert_eq!(view.standings.len(), 5);
    // A game between two people hands out one point (two halves) between them; a computer's
    // share, and an absent player's, go to nobody; a bye is one point.
    let mut from_tables = 0;
    for round in &view.played {
        for (t, plan) in round.tables.iter().zip(&round.plan.tables) {
            let result = t.result.as_ref().expect("every table ended");
            let sum: u32 = t.points.iter().flatten().map(|h| h.0).sum();
            if result.absent.is_empty() && plan.computers() == 0 {
                assert_eq!(sum, 2, "{result:?} {:?}", t.points);
            } else {
                assert!(sum <= 2, "{result:?} {:?}", t.points);
                for p in &result.absent {
                    let seat = plan
                        .seats
                        .iter()
                        .position(|o| o.player() == Some(*p))
                        .unwrap();
                    assert_eq!(t.points[seat], Some(Halves(0)), "an absent player scores 0");
                }
            }
            from_tables += sum;
        }
    }
    let byes: u32 = view.played.iter().map(|r| r.plan.byes.len() as u32).sum();
    let total: u32 = view.standings.iter().map(|st| st.points.0).sum();
    assert_eq!(total, from_tables + 2 * byes, "{:?}", view.standings);
    assert!(matches!(s.sign_up(id, 7).await, Err(EventError::Finished)));
}

#[tokio::test]
async fn a_round_survives_a_restart_and_its_tables_finish_afterwards() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("pakka.db").display());
    let first = Arc::new(TableService::new(Store::open(&url).await.unwrap()).with_clocks(clocks()));
    let mut changes = first.subscribe_events();
    first.start();
    let id = first
        .create_event(new_event(Format::Swiss, 1))
        .await
        .unwrap()
        .id;
    for p in [1, 2, 3, 4] {
        first.sign_up(id, p).await.unwrap();
    }
    first.start_event(id, ORGANISER, false).await.unwrap();
    for p in [1, 2, 3, 4] {
        first.check_in(id, p).await.unwrap();
    }
    first.start_event(id, ORGANISER, false).await.unwrap();
    let (round, tables) = asked(&mut changes).await;
    assert_eq!((round, tables.len()), (1, 2));
    // One table opens before the stop; the other is still waiting for its channel.
    let opened = first.open_event_table(id, 1, tables[0], 100).await.unwrap();
    first.halt(Duration::from_secs(1)).await;
    drop(first);

    let second =
        Arc::new(TableService::new(Store::open(&url).await.unwrap()).with_clocks(clocks()));
    let mut changes = second.subscribe_events();
    assert_eq!(second.restore().await.unwrap(), 1);
    second.start();
    // The unopened table is asked for again by the clock.
    let (round, again) = asked(&mut changes).await;
    assert_eq!((round, again), (1, vec![tables[1]]));
    assert!(matches!(
        second.open_event_table(id, 1, tables[0], 101).await,
        Err(EventError::Table(TableError::Stale))
    ));
    let other = second
        .open_event_table(id, 1, tables[1], 102)
        .await
        .unwrap();
    play_out(&second, opened.id).await;
    play_out(&second, other.id).await;
    for _ in 0..500 {
        if second.event(id).await.unwrap().is_over() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let view = second.event(id).await.unwrap();
    assert_eq!(view.phase, Phase::Finished, "{view:?}");
    assert!(view.played[0].tables.iter().all(|t| t.result.is_some()));
    let total: u32 = view.standings.iter().map(|st| st.points.0).sum();
    assert_eq!(total, 4, "two games, one point each");
}

#[tokio::test]
async fn late_sign_up_closes_at_half_the_rounds_and_a_cancelled_event_refuses_all() {
    let s =
        Arc::new(TableService::new(Store::open_in_memory().await.unwrap()).with_clocks(clocks()));
    let mut changes = s.subscribe_events();
    s.start();
    let mut new = new_event(Format::Swiss, 4);
    new.max_players = 8;
    let id = s.create_event(new).await.unwrap().id;
    for p in [1, 2, 3, 4, 5] {
        s.sign_up(id, p).await.unwrap();
    }
    s.start_event(id, ORGANISER, false).await.unwrap();
    for p in [1, 2, 3, 4, 5] {
        s.check_in(id, p).await.unwrap();
    }
    s.start_event(id, ORGANISER, false).await.unwrap();
    let mut channel = CHANNEL;
    play_round(&s, &mut changes, id, &mut channel).await;
    // One round of four played: a latecomer signs up (and is paired from the next round).
    s.sign_up(id, 6).await.unwrap();
    let view = s.event(id).await.unwrap();
    assert!(view.is_in(6));
    // Signing up while a check-in is open checks in too.
    assert!(matches!(
        s.check_in(id, 6).await,
        Err(EventError::AlreadyCheckedIn)
    ));
    for p in [1, 2, 3, 4, 5] {
        s.check_in(id, p).await.unwrap();
    }
    s.start_event(id, ORGANISER, false).await.unwrap();
    let view = s.event(id).await.unwrap();
    let paired: Vec<u64> = view.current().unwrap().plan.players().collect();
    assert!(paired.contains(&6), "the latecomer is paired: {paired:?}");
    play_round(&s, &mut changes, id, &mut channel).await;
    // Two of four played: sign-up is closed.
    assert!(matches!(
        s.sign_up(id, 7).await,
        Err(EventError::SignUpClosed)
    ));
    // The organiser pauses (a non-organiser may not), then cancels.
    assert!(matches!(
        s.pause_event(id, 3, false).await,
        Err(EventError::NotOrganiser)
    ));
    assert!(s.pause_event(id, ORGANISER, false).await.unwrap().paused);
    assert!(matches!(
        s.start_event(id, ORGANISER, false).await,
        Err(EventError::Paused)
    ));
    // A server manager may cancel what they did not organise.
    s.cancel_event(id, 3, true).await.unwrap();
    for refused in [
        s.sign_up(id, 8).await,
        s.withdraw(id, 2).await,
        s.check_in(id, 2).await,
        s.start_event(id, ORGANISER, false).await,
        s.pause_event(id, ORGANISER, false).await,
        s.cancel_event(id, ORGANISER, false).await,
    ] {
        assert!(matches!(refused, Err(EventError::Cancelled)), "{refused:?}");
    }
    assert_eq!(s.event(id).await.unwrap().phase, Phase::Cancelled);
}

/// Plays a whole event of `format` with everyone checking in each round, to its end; answers
/// its final view.
async fn whole_event(format: Format, players: &[u64], rounds: Option<u32>) -> EventView {
    let s =
        Arc::new(TableService::new(Store::open_in_memory().await.unwrap()).with_clocks(clocks()));
    let mut changes = s.subscribe_events();
    s.start();
    let mut new = new_event(format, 1);
    new.rounds = rounds;
    new.max_players = 16;
    let id = s.create_event(new).await.unwrap().id;
    for &p in players {
        s.sign_up(id, p).await.unwrap();
    }
    s.start_event(id, ORGANISER, false).await.unwrap();
    let mut channel = CHANNEL;
    for _ in 0..32 {
        let view = s.event(id).await.unwrap();
        if view.is_over() {
            return view;
        }
        assert_eq!(view.phase, Phase::Checkin, "{view:?}");
        for p in view.active().map(|p| p.user_id).collect::<Vec<_>>() {
            s.check_in(id, p).await.unwrap();
        }
        s.start_event(id, ORGANISER, false).await.unwrap();
        let view = s.event(id).await.unwrap();
        if view.is_over() {
            return view;
        }
        play_round(&s, &mut changes, id, &mut channel).await;
    }
    panic!("the event did not end");
}

#[tokio::test]
async fn a_knockout_plays_its_bracket_to_one_winner() {
    // Six players at tables of two: a bracket of eight, the two best seeds through round 1.
    let view = whole_event(Format::Knockout, &[1, 2, 3, 4, 5, 6], None).await;
    assert_eq!(view.phase, Phase::Finished);
    assert_eq!(view.rounds, 3, "the bracket's depth");
    assert_eq!(view.played.len(), 3);
    assert_eq!(view.played[0].plan.byes.len(), 2);
    assert_eq!(view.played[2].plan.tables.len(), 1, "one final");
    let still_in: Vec<u64> = view
        .standings
        .iter()
        .filter(|s| !s.out)
        .map(|s| s.id)
        .collect();
    assert_eq!(still_in.len(), 1, "one winner: {:?}", view.standings);
    assert_eq!(view.standings[0].id, still_in[0]);
}

#[tokio::test]
async fn a_round_robin_meets_everyone_once() {
    let view = whole_event(Format::RoundRobin, &[1, 2, 3, 4], None).await;
    assert_eq!(view.phase, Phase::Finished);
    assert_eq!(view.played.len(), 3, "four players: three rounds");
    let mut met = std::collections::BTreeSet::new();
    for round in &view.played {
        for table in &round.plan.tables {
            let players: Vec<u64> = table.players().collect();
            assert!(met.insert((players[0].min(players[1]), players[0].max(players[1]))));
        }
    }
    assert_eq!(met.len(), 6, "every pair once");
    let total: u32 = view.standings.iter().map(|s| s.points.0).sum();
    assert_eq!(total, 12, "six games, a point each");
}

#[tokio::test]
async fn a_table_no_edge_ever_opens_is_drawn_when_the_round_runs_out() {
    let s =
        Arc::new(TableService::new(Store::open_in_memory().await.unwrap()).with_clocks(clocks()));
    s.start();
    let mut new = new_event(Format::Swiss, 1);
    // A round of one minute (50 ms here), and no edge to open its tables.
    new.round_minutes = 1;
    let id = s.create_event(new).await.unwrap().id;
    for p in [1, 2, 3, 4] {
        s.sign_up(id, p).await.unwrap();
    }
    s.start_event(id, ORGANISER, false).await.unwrap();
    for p in [1, 2, 3] {
        s.check_in(id, p).await.unwrap();
    }
    s.start_event(id, ORGANISER, false).await.unwrap();
    for _ in 0..500 {
        if s.event(id).await.unwrap().is_over() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let view = s.event(id).await.unwrap();
    assert_eq!(view.phase, Phase::Finished, "{view:?}");
    let points = |who: u64| {
        view.standings
            .iter()
            .find(|st| st.id == who)
            .unwrap()
            .points
    };
    // Player 4 never checked in: their table was a walkover for the one who did. The other
    // table could not be played: a draw, half a point each.
    let round = view.current().unwrap();
    let walkover = round
        .tables
        .iter()
        .position(|t| t.result.as_ref().is_some_and(|r| r.walkover))
        .expect("the no-show's table is a walkover");
    let opponent = round.plan.tables[walkover]
        .players()
        .find(|&p| p != 4)
        .unwrap();
    assert_eq!(points(opponent), Halves(2));
    assert_eq!(points(4), Halves(0));
    for p in [1, 2, 3].into_iter().filter(|&p| p != opponent) {
        assert_eq!(points(p), Halves(1), "a drawn table");
    }
}
