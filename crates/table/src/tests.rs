//! The table service against the real migrations (an in-memory SQLite database): opening a
//! table (what cannot be played refused; a person's and a server's limits of open tables, held
//! when tables open at once, when a store write is slow or fails, and by rematches and
//! resumes); the lobby (invitations, open seats, declines, computer players, expiry); moves
//! (seat, turn and move number checked, identical clicks applied once, a move the database
//! refuses neither stored nor applied, a move stored without its answer not stalling the
//! table); the end (the result stored and the channel freed, a forfeit, a moderator's close,
//! play again); restore after a restart (a table or paused match whose log no longer replays
//! closed); computer players and the turn timer; a process holding only the tables of its
//! shards; the events published; a halted service; a sweep of the clocks not holding up the
//! computer players; and (a property) the story keeping what the views read.

use std::sync::Arc;

use super::*;
use pakka_ratings::Player;
use pakka_rules::options::OptionValues;
use pakka_rules::RuleError;
use pakka_store::Store;
use pakka_text::{msg, Msg};
use records::Period;
use serde_json::{json, Value};
use std::time::Duration;

const GUILD: u64 = 10;
const CHANNEL: u64 = 20;
const ALICE: u64 = 1;
const BOB: u64 = 2;
const CAROL: u64 = 3;

fn person(id: u64) -> Person {
    Person { id, bot: false }
}

fn request(game: &str, invited: &[u64]) -> CreateTable {
    CreateTable {
        guild_id: GUILD,
        channel_id: CHANNEL,
        creator: person(ALICE),
        invited: invited.iter().map(|&u| person(u)).collect(),
        game: game.into(),
        seats: None,
        seed: Some(7),
        options: Value::Null,
        bots: 0,
        bot_level: Level::Easy,
        turn_timer: None,
        learning: Default::default(),
    }
}

async fn service() -> TableService {
    TableService::new(Store::open_in_memory().await.unwrap())
}

/// Alice invites Bob to Pishe Pasha and Bob accepts.
async fn started(service: &TableService) -> TableView {
    let view = service
        .create(request("pisha-pasha", &[BOB]))
        .await
        .unwrap();
    match service.accept(view.id, BOB).await.unwrap() {
        LobbyChange::Started(view) => view,
        LobbyChange::Waiting(_) => panic!("two accepted seats start the game"),
    }
}

/// The user to act and the index of their first action.
fn next(view: &TableView) -> u64 {
    view.to_act[0]
}

#[tokio::test]
async fn creation_refuses_what_cannot_be_played() {
    let s = service().await;
    let refuse = |e: TableError| pakka_catalog::en(&e.msg());
    assert!(matches!(
        s.create(request("poker", &[BOB])).await,
        Err(TableError::UnknownGame(_))
    ));
    assert!(matches!(
        s.create(request("pisha-pasha", &[ALICE])).await,
        Err(TableError::InviteSelf)
    ));
    let mut bot = request("pisha-pasha", &[]);
    bot.invited = vec![Person { id: 99, bot: true }];
    assert!(matches!(
        s.create(bot).await,
        Err(TableError::InviteBot { user: 99, seat: 1 })
    ));
    assert!(matches!(
        s.create(request("pisha-pasha", &[BOB, BOB])).await,
        Err(TableError::InvitedTwice { user: BOB, seat: 2 })
    ));
    let e = s
        .create(request("pisha-pasha", &[BOB, CAROL, 4]))
        .await
        .unwrap_err();
    assert!(refuse(e).contains("2 to 3 players"));
    let mut few = request("pisha-pasha", &[BOB, CAROL]);
    few.seats = Some(2);
    assert!(matches!(
        s.create(few).await,
        Err(TableError::TooManyPlayers { .. })
    ));
    let mut bad = request("pisha-pasha", &[BOB]);
    bad.options = serde_json::json!({"variant": "poker"});
    assert!(matches!(s.create(bad).await, Err(TableError::Setup(_))));
    assert_eq!(s.table_in(CHANNEL), None, "nothing was created");
    // Aliases work, and then the channel is busy.
    s.create(request("pishe-pasha", &[BOB])).await.unwrap();
    assert!(matches!(
        s.create(request("pisha-pasha", &[CAROL])).await,
        Err(TableError::ChannelBusy)
    ));
}

/// A view carries the table's options typed: those named, in their order, or every default.
#[tokio::test]
async fn a_view_shows_the_options_typed() {
    let s = service().await;
    let pisha = games::find("pisha-pasha").unwrap();
    let view = s.create(request("pisha-pasha", &[BOB])).await.unwrap();
    assert_eq!(view.options, OptionValues::defaults(pisha.options()));
    let mut named = request("pisha-pasha", &[BOB]);
    named.channel_id = CHANNEL + 1;
    named.options = pisha.parse_options("stop_rule=yes variant=book").unwrap();
    let view = s.create(named).await.unwrap();
    let words: Vec<_> = view
        .options
        .iter()
        .map(|(o, v)| (o.name, v.word()))
        .collect();
    assert_eq!(words, [("stop_rule", "true"), ("variant", "book")]);
}

#[tokio::test]
async fn the_lobby_waits_for_every_invitation_and_open_seat() {
    let s = service().await;
    let mut req = request("pisha-pasha", &[BOB]);
    req.seats = Some(3);
    let view = s.create(req).await.unwrap();
    assert_eq!(view.seats[2].user, None);
    assert!(matches!(
        s.accept(view.id, CAROL).await,
        Err(TableError::NotInvited)
    ));
    assert!(matches!(
        s.accept(view.id, BOB).await.unwrap(),
        LobbyChange::Waiting(_)
    ));
    assert!(matches!(
        s.accept(view.id, BOB).await,
        Err(TableError::AlreadyAccepted)
    ));
    assert!(matches!(
        s.join(view.id, BOB).await,
        Err(TableError::AlreadySeated)
    ));
    assert!(matches!(
        s.hand(view.id, ALICE).await,
        Err(TableError::NotStarted)
    ));
    let LobbyChange::Started(view) = s.join(view.id, CAROL).await.unwrap() else {
        panic!("a full table starts");
    };
    assert_eq!(view.phase, Phase::Playing);
    assert!(matches!(
        s.join(view.id, 4).await,
        Err(TableError::AlreadyStarted)
    ));
}

#[tokio::test]
async fn acting_checks_seat_turn_and_move_number() {
    let s = service().await;
    let view = started(&s).await;
    let (id, actor) = (view.id, next(&view));
    let other = if actor == ALICE { BOB } else { ALICE };
    let hand = s.hand(id, actor).await.unwrap();
    assert_eq!(hand.actions.len(), 1);
    assert_eq!(pakka_catalog::en(&hand.actions[0].label), "Turn a card");
    assert!(s.hand(id, other).await.unwrap().actions.is_empty());
    assert!(matches!(
        s.act(id, CAROL, 0, 0, Edge::Chat).await,
        Err(TableError::NotSeated)
    ));
    assert!(matches!(
        s.act(id, other, 0, 0, Edge::Chat).await,
        Err(TableError::Rule(RuleError::NotYourTurn { .. }))
    ));
    assert!(matches!(
        s.act(id, actor, 5, 0, Edge::Chat).await,
        Err(TableError::Stale)
    ));
    assert!(matches!(
        s.act(id, actor, 0, 9, Edge::Chat).await,
        Err(TableError::Stale)
    ));
    assert_eq!(
        s.view(id).await.unwrap().move_number,
        0,
        "refusals change nothing"
    );
    let acted = s.act(id, actor, 0, 0, Edge::Chat).await.unwrap();
    assert_eq!(acted.table.move_number, 1);
    // The move was stored before the caller heard of it.
    let stored = s.store().table(id).await.unwrap().unwrap();
    assert_eq!(stored.moves.len(), 1);
    assert_eq!(stored.moves[0].action, serde_json::json!("turn"));
    // The same click again is stale and applies nothing.
    assert!(matches!(
        s.act(id, actor, 0, 0, Edge::Chat).await,
        Err(TableError::Stale)
    ));
    assert_eq!(s.store().table(id).await.unwrap().unwrap().moves.len(), 1);
}

#[tokio::test]
async fn a_move_the_database_refuses_is_neither_stored_nor_applied() {
    let s = service().await;
    let view = started(&s).await;
    let (id, actor) = (view.id, next(&view));
    let before = s.hand(id, actor).await.unwrap();
    s.store().refuse_writes(true).await.unwrap();
    let refused = s.act(id, actor, 0, 0, Edge::Chat).await;
    assert!(matches!(refused, Err(TableError::Unsaved)), "{refused:?}");
    let e = refused.unwrap_err();
    assert!(e.is_outage() && !e.is_internal());
    assert_eq!(
        pakka_catalog::en(&e.msg()),
        "Your move could not be saved, so nothing changed. Try again in a moment."
    );
    // Nothing changed, in memory or in the store: the same button still works.
    assert_eq!(s.view(id).await.unwrap().move_number, 0);
    let after = s.hand(id, actor).await.unwrap();
    assert_eq!(after.move_number, before.move_number);
    assert_eq!(after.actions.len(), before.actions.len());
    assert_eq!(s.store().table(id).await.unwrap().unwrap().move_number, 0);
    // The database is back: the same click is taken, without a restart.
    s.store().refuse_writes(false).await.unwrap();
    let acted = s.act(id, actor, 0, 0, Edge::Chat).await.unwrap();
    assert_eq!(acted.table.move_number, 1);
    assert_eq!(s.store().table(id).await.unwrap().unwrap().moves.len(), 1);
}

#[tokio::test]
async fn concurrent_identical_clicks_apply_once() {
    let s = Arc::new(service().await);
    let view = started(&s).await;
    let actor = next(&view);
    let clicks: Vec<_> = (0..8)
        .map(|_| {
            let s = s.clone();
            tokio::spawn(async move { s.act(view.id, actor, 0, 0, Edge::Chat).await.is_ok() })
        })
        .collect();
    let mut applied = 0;
    for c in clicks {
        applied += usize::from(c.await.unwrap());
    }
    assert_eq!(applied, 1);
    assert_eq!(s.view(view.id).await.unwrap().move_number, 1);
}

/// Plays the first listed action of whoever is to act until the game ends.
async fn play_to_the_end(s: &TableService, mut view: TableView) -> TableView {
    for _ in 0..10_000 {
        if view.status.as_ref().is_some_and(|st| st.over) {
            return view;
        }
        let user = next(&view);
        view = s
            .act(view.id, user, view.move_number, 0, Edge::Chat)
            .await
            .unwrap()
            .table
            .clone();
    }
    panic!("the game did not end");
}

#[tokio::test]
async fn a_finished_game_stores_its_result_and_frees_the_channel() {
    let s = service().await;
    let view = started(&s).await;
    let id = view.id;
    let end = play_to_the_end(&s, view).await;
    assert_eq!(end.phase, Phase::Finished);
    assert_eq!(s.table_in(CHANNEL), None);
    let results = s.store().results(id).await.unwrap();
    assert_eq!(results.len(), 2);
    let winner = results.iter().find(|r| r.won).unwrap();
    let scores = end.status.unwrap().scores.unwrap();
    assert_eq!(winner.score, Some(scores[winner.seat]));
    let board = s
        .scores(GUILD, Some("pishe-pasha"), Period::All, 0)
        .await
        .unwrap();
    let first = &board.lines[0];
    assert_eq!(first.player, Player::Person(winner.user_id.unwrap()));
    assert_eq!((first.wins, first.games), (1, 1));
    assert!(first.provisional && first.rating.mu > 25.0);
    assert!(matches!(
        s.scores(GUILD, Some("snap"), Period::All, 0).await,
        Err(TableError::UnknownGame(_))
    ));
    // A new table may open in the channel now.
    s.create(request("pisha-pasha", &[BOB])).await.unwrap();
}

#[tokio::test]
async fn restore_replays_every_unfinished_table() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("pakka.db").display());
    let first = TableService::new(Store::open(&url).await.unwrap());
    let mut view = started(&first).await;
    for _ in 0..5 {
        view = first
            .act(view.id, next(&view), view.move_number, 0, Edge::Chat)
            .await
            .unwrap()
            .table
            .clone();
    }
    let mut lobby_req = request("pisha-pasha", &[CAROL]);
    lobby_req.channel_id = CHANNEL + 1;
    let lobby = first.create(lobby_req).await.unwrap();
    drop(first);

    let second = TableService::new(Store::open(&url).await.unwrap());
    assert_eq!(second.restore().await.unwrap(), 2);
    let restored = second.view(view.id).await.unwrap();
    assert_eq!(restored.move_number, view.move_number);
    assert_eq!(restored.public, view.public);
    assert_eq!(restored.to_act, view.to_act);
    assert_eq!(second.table_in(CHANNEL), Some(view.id));
    assert!(matches!(
        second.accept(lobby.id, CAROL).await.unwrap(),
        LobbyChange::Started(_)
    ));
    // The same buttons (move number and index) keep working.
    let end = play_to_the_end(&second, restored).await;
    assert_eq!(end.phase, Phase::Finished);
}

/// A move log the rules no longer accept (as after a rules fix or a changed action shape): the
/// table is closed with no result, its channel is free, the front end gets what to tell its
/// players, and the other tables restore as usual.
#[tokio::test]
async fn a_table_whose_log_no_longer_replays_is_closed_and_its_channel_freed() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("pakka.db").display());
    let first = TableService::new(Store::open(&url).await.unwrap());
    let mut view = started(&first).await;
    for _ in 0..3 {
        view = first
            .act(view.id, next(&view), view.move_number, 0, Edge::Chat)
            .await
            .unwrap()
            .table
            .clone();
    }
    let mut other = request("pisha-pasha", &[CAROL]);
    other.channel_id = CHANNEL + 1;
    let other = first.create(other).await.unwrap();
    let other = match first.accept(other.id, CAROL).await.unwrap() {
        LobbyChange::Started(view) => view,
        LobbyChange::Waiting(_) => panic!("two accepted seats start the game"),
    };
    // A fourth move stored as an older release might have: an action these rules refuse.
    let seat = view.seat_of(next(&view)).unwrap();
    first
        .store()
        .record_move(view.id, 4, seat, &json!({"no-such": "action"}), None, None)
        .await
        .unwrap();
    drop(first);

    let second = TableService::new(Store::open(&url).await.unwrap());
    assert_eq!(
        second.restore().await.unwrap(),
        1,
        "the other table restores"
    );
    assert!(second.view(other.id).await.is_ok());
    assert!(second.view(view.id).await.is_err(), "never half-restored");
    let told = second.take_unrestorable();
    assert_eq!(told.len(), 1);
    assert_eq!(told[0].id, view.id);
    assert_eq!(told[0].channel_id, CHANNEL);
    assert_eq!(told[0].failed_move, Some(4));
    assert_eq!(told[0].players, vec![ALICE, BOB]);
    assert!(second.take_unrestorable().is_empty(), "told once");
    let stored = second.store().table(view.id).await.unwrap().unwrap();
    assert_eq!(
        stored.phase,
        pakka_store::Phase::Abandoned,
        "closed, no result"
    );
    assert_eq!(stored.moves.len(), 4, "the log is kept as it was");
    // The channel is free: a new table opens there.
    second.create(request("pisha-pasha", &[BOB])).await.unwrap();
    // A third start finds nothing more to close.
    let third = TableService::new(Store::open(&url).await.unwrap());
    third.restore().await.unwrap();
    assert!(third.take_unrestorable().is_empty());
}

/// A paused match whose log no longer replays is closed when someone tries to take it up, and
/// they are told why.
#[tokio::test]
async fn a_paused_match_that_no_longer_replays_is_closed_on_resume() {
    let s = service().await;
    let view = started(&s).await;
    let view = s
        .act(view.id, next(&view), view.move_number, 0, Edge::Chat)
        .await
        .unwrap()
        .table
        .clone();
    s.pause(view.id, ALICE).await.unwrap();
    let seat = view.seat_of(next(&view)).unwrap();
    s.store()
        .record_move(view.id, 2, seat, &json!("nonsense"), None, None)
        .await
        .unwrap_err();
    // A paused table takes no move through the store either; write it as it was before the pause.
    s.store().resume_table(view.id).await.unwrap();
    s.store()
        .record_move(view.id, 2, seat, &json!("nonsense"), None, None)
        .await
        .unwrap();
    s.store().pause_table(view.id).await.unwrap();
    assert!(matches!(
        s.resume(CHANNEL, ALICE).await,
        Err(TableError::NoLongerReplays)
    ));
    let stored = s.store().table(view.id).await.unwrap().unwrap();
    assert_eq!(stored.phase, pakka_store::Phase::Abandoned);
    assert!(matches!(
        s.resume(CHANNEL, ALICE).await,
        Err(TableError::NothingToResume)
    ));
    s.create(request("pisha-pasha", &[BOB])).await.unwrap();
}

#[tokio::test]
async fn a_forfeit_is_a_loss_for_one_player_and_a_moderator_closes_with_no_result() {
    let s = service().await;
    let view = started(&s).await;
    assert!(matches!(
        s.forfeit(view.id, CAROL).await,
        Err(TableError::NotSeated)
    ));
    assert!(matches!(
        s.close(view.id, CAROL, false).await,
        Err(TableError::NotSeated)
    ));
    assert!(matches!(
        s.close(view.id, BOB, false).await,
        Err(TableError::NotAllowed)
    ));
    // A lobby's decline after the start changes nothing.
    assert!(matches!(
        s.decline(view.id, BOB).await,
        Err(TableError::AlreadyStarted)
    ));
    assert_eq!(s.view(view.id).await.unwrap().phase, Phase::Playing);
    let ended = s.forfeit(view.id, BOB).await.unwrap();
    assert_eq!(ended.phase, Phase::Abandoned);
    assert_eq!(s.table_in(CHANNEL), None);
    assert!(matches!(
        s.act(view.id, ALICE, 0, 0, Edge::Chat).await,
        Err(TableError::Closed)
    ));
    // One result row, Bob's loss; Alice is not charged.
    let results = s.store().results(view.id).await.unwrap();
    assert_eq!(results.len(), 1);
    assert_eq!((results[0].user_id, results[0].won), (Some(BOB), false));
    let board = s.scores(GUILD, None, Period::All, 0).await.unwrap();
    assert_eq!(
        board.lines.len(),
        1,
        "only the forfeit is counted: {board:?}"
    );
    let line = &board.lines[0];
    assert_eq!(
        (&line.player, line.games, line.wins),
        (&Player::Person(BOB), 1, 0)
    );
    assert!(line.rating.mu < 25.0, "a forfeit rates as a loss");
    assert!(s.store().open_tables().await.unwrap().is_empty());

    // A moderator closes a running game with no result; Carol, not seated, may.
    let view = started(&s).await;
    let closed = s.close(view.id, CAROL, true).await.unwrap();
    assert_eq!(closed.phase, Phase::Abandoned);
    assert!(s.store().results(view.id).await.unwrap().is_empty());
    let board = s.scores(GUILD, None, Period::All, 0).await.unwrap();
    assert_eq!(board.lines[0].games, 1);
}

#[tokio::test]
async fn a_decline_frees_the_seat_for_an_invitation_a_newcomer_or_a_computer() {
    let s = service().await;
    let mut req = request("pisha-pasha", &[BOB]);
    req.seats = Some(2);
    let lobby = s.create(req).await.unwrap();
    // Bob declines: his seat is open again and the lobby goes on.
    match s.decline(lobby.id, BOB).await.unwrap() {
        Declined::Freed { view, seat } => {
            assert_eq!(seat, 1);
            assert_eq!(view.phase, Phase::Lobby);
            assert_eq!(view.seats[1].user, None);
        }
        other => panic!("a decline frees the seat: {other:?}"),
    }
    // Only the creator invites; Carol is invited to the open seat and accepts.
    assert!(matches!(
        s.invite(lobby.id, BOB, person(CAROL)).await,
        Err(TableError::NotCreator)
    ));
    assert!(matches!(
        s.invite(lobby.id, ALICE, Person { id: 9, bot: true }).await,
        Err(TableError::InviteBot { .. })
    ));
    assert!(matches!(
        s.invite(lobby.id, ALICE, person(CAROL)).await.unwrap(),
        LobbyChange::Waiting(_)
    ));
    assert!(matches!(
        s.invite(lobby.id, ALICE, person(BOB)).await,
        Err(TableError::TableFull)
    ));
    // Carol leaves too; now a computer takes the seat (the creator's choice only).
    assert!(matches!(
        s.decline(lobby.id, CAROL).await.unwrap(),
        Declined::Freed { .. }
    ));
    assert!(matches!(
        s.join(lobby.id, BOB).await.unwrap(),
        LobbyChange::Started(_)
    ));
    // A lobby whose seat went to a computer starts at once.
    let mut req = request("pisha-pasha", &[BOB]);
    req.channel_id = CHANNEL + 1;
    let lobby = s.create(req).await.unwrap();
    s.decline(lobby.id, BOB).await.unwrap();
    assert!(matches!(
        s.add_computer(lobby.id, BOB, Level::Hard).await,
        Err(TableError::NotSeated)
    ));
    assert!(matches!(
        s.add_computer(lobby.id, ALICE, Level::Hard).await.unwrap(),
        LobbyChange::Started(_)
    ));
    // The creator's decline cancels a lobby.
    let mut req = request("pisha-pasha", &[BOB]);
    req.channel_id = CHANNEL + 2;
    let lobby = s.create(req).await.unwrap();
    assert!(matches!(
        s.decline(lobby.id, ALICE).await.unwrap(),
        Declined::Cancelled(_)
    ));
    assert_eq!(s.table_in(CHANNEL + 2), None);
}

#[tokio::test]
async fn play_again_reseats_everyone_and_starts_at_once_with_only_computers_to_ask() {
    let s = service().await;
    let mut req = request("kop", &[]);
    req.bots = 3;
    req.bot_level = Level::Easy;
    let view = s.create(req).await.unwrap();
    assert_eq!(view.phase, Phase::Playing);
    // Give each computer its own level in the store, as a table with mixed levels has.
    s.store()
        .set_computer(view.id, 2, Some("hard"))
        .await
        .unwrap();
    let ended = s.forfeit(view.id, ALICE).await.unwrap();
    assert_eq!(ended.phase, Phase::Abandoned);
    let again = match s.rematch(view.id, ALICE).await.unwrap() {
        LobbyChange::Started(again) => again,
        LobbyChange::Waiting(v) => panic!("nobody to ask, yet a lobby: {v:?}"),
    };
    assert_ne!(again.id, view.id);
    let levels: Vec<Option<Level>> = again.seats.iter().map(|s| s.computer).collect();
    assert_eq!(
        levels,
        vec![
            None,
            Some(Level::Easy),
            Some(Level::Hard),
            Some(Level::Easy)
        ]
    );
    assert_eq!(again.seats[0].user, Some(ALICE));
    assert!(matches!(
        s.rematch(view.id, ALICE).await,
        Err(TableError::ChannelBusy)
    ));
    // With a person to ask, a lobby: Bob, on his old seat, accepts with one click.
    let s = service().await;
    let view = started(&s).await;
    s.forfeit(view.id, ALICE).await.unwrap();
    let lobby = match s.rematch(view.id, BOB).await.unwrap() {
        LobbyChange::Waiting(lobby) => lobby,
        LobbyChange::Started(_) => panic!("Alice must accept first"),
    };
    assert_eq!(lobby.creator, BOB);
    assert_eq!(lobby.seats[0].user, Some(ALICE));
    assert!(!lobby.seats[0].accepted);
    assert!(matches!(
        s.accept(lobby.id, ALICE).await.unwrap(),
        LobbyChange::Started(_)
    ));
}

#[tokio::test]
async fn computer_players_fill_seats_and_move_until_a_person_is_to_act() {
    let s = service().await;
    let mut req = request("pisha-pasha", &[]);
    req.bots = 1;
    req.bot_level = Level::Hard;
    let view = s.create(req).await.unwrap();
    assert_eq!(
        view.phase,
        Phase::Playing,
        "the creator and a computer fill the table"
    );
    assert_eq!(view.seats[1].computer, Some(Level::Hard));
    // Play the person's first action whenever it is their turn, the computer's otherwise.
    let mut view = view;
    let mut computer_moves = 0;
    for _ in 0..5_000 {
        if view.status.as_ref().is_some_and(|st| st.over) {
            break;
        }
        if view.to_act.is_empty() {
            let acted = s
                .computer_move(view.id)
                .await
                .unwrap()
                .expect("a computer is to act");
            computer_moves += 1;
            view = acted.table.clone();
        } else {
            assert_eq!(
                s.computer_move(view.id)
                    .await
                    .unwrap()
                    .map(|a| a.table.move_number),
                None
            );
            view = s
                .act(view.id, ALICE, view.move_number, 0, Edge::Chat)
                .await
                .unwrap()
                .table
                .clone();
        }
    }
    assert!(view.status.unwrap().over);
    assert!(computer_moves > 0);
    let results = s.store().results(view.id).await.unwrap();
    assert_eq!(
        results[1].user_id, None,
        "a computer's result belongs to nobody"
    );
}

#[tokio::test]
async fn a_lobby_can_be_completed_with_computer_players_and_expires() {
    let s = service().await;
    let mut req = request("pisha-pasha", &[]);
    req.seats = Some(3);
    let view = s.create(req).await.unwrap();
    assert_eq!(view.phase, Phase::Lobby);
    assert!(matches!(
        s.add_computer(view.id, BOB, Level::Easy).await,
        Err(TableError::NotSeated)
    ));
    assert!(matches!(
        s.add_computer(view.id, ALICE, Level::Easy).await.unwrap(),
        LobbyChange::Waiting(_)
    ));
    let LobbyChange::Started(started) =
        s.add_computer(view.id, ALICE, Level::Normal).await.unwrap()
    else {
        panic!("the last open seat starts the game");
    };
    assert_eq!(started.seats[2].computer, Some(Level::Normal));

    let mut other = request("pisha-pasha", &[BOB]);
    other.channel_id = CHANNEL + 1;
    let lobby = s.create(other).await.unwrap();
    assert!(s.expire_lobbies(Duration::from_secs(60)).await.is_empty());
    let closed = s.expire_lobbies(Duration::ZERO).await;
    assert_eq!(
        closed.iter().map(|v| v.id).collect::<Vec<_>>(),
        vec![lobby.id]
    );
    assert_eq!(s.table_in(CHANNEL + 1), None);
    assert_eq!(
        s.table_in(CHANNEL),
        Some(view.id),
        "a game in play never expires"
    );
}

#[tokio::test]
async fn a_turn_timer_hands_the_seat_to_a_computer_until_its_owner_is_back() {
    let s = service().await;
    let mut req = request("pisha-pasha", &[BOB]);
    req.turn_timer = Some(2);
    let view = s.create(req).await.unwrap();
    let LobbyChange::Started(view) = s.accept(view.id, BOB).await.unwrap() else {
        panic!("started");
    };
    let late = next(&view);
    assert!(
        s.expire_turns(Duration::from_secs(60)).await.is_empty(),
        "not yet"
    );
    let expired = s.expire_turns(Duration::ZERO).await;
    assert_eq!(expired.len(), 1);
    assert_eq!(expired[0].1, vec![late]);
    let seat = expired[0].0.seat_of(late).unwrap();
    assert!(expired[0].0.seats[seat].stand_in);
    assert!(
        expired[0].0.to_act.is_empty(),
        "the absent player is not waited for"
    );
    assert!(matches!(
        s.act(view.id, late, view.move_number, 0, Edge::Chat).await,
        Err(TableError::StoodIn)
    ));
    let acted = s
        .computer_move(view.id)
        .await
        .unwrap()
        .expect("the stand-in moves");
    assert_eq!(acted.table.move_number, 1);
    assert!(matches!(
        s.back(view.id, CAROL).await,
        Err(TableError::NotSeated)
    ));
    let other = if late == ALICE { BOB } else { ALICE };
    assert!(matches!(
        s.back(view.id, other).await,
        Err(TableError::NotAway)
    ));
    let back = s.back(view.id, late).await.unwrap();
    assert!(!back.seats[seat].stand_in);
    assert!(s
        .store()
        .table(view.id)
        .await
        .unwrap()
        .unwrap()
        .setup
        .seat_rows
        .iter()
        .all(|r| !r.stand_in));
}

/// A request by `creator` in `channel` of `guild`, inviting `invited`.
fn request_by(creator: u64, guild: u64, channel: u64, invited: &[u64]) -> CreateTable {
    CreateTable {
        guild_id: guild,
        channel_id: channel,
        creator: person(creator),
        ..request("pisha-pasha", invited)
    }
}

async fn limited(per_person: usize, per_server: usize) -> TableService {
    TableService::with_limits(
        Store::open_in_memory().await.unwrap(),
        Limits {
            per_person,
            per_server,
        },
    )
}

#[tokio::test]
async fn a_person_has_at_most_their_limit_of_open_tables() {
    let s = limited(2, 0).await;
    let a = s
        .create(request_by(ALICE, GUILD, 21, &[BOB]))
        .await
        .unwrap();
    let b = s
        .create(request_by(ALICE, GUILD, 22, &[BOB]))
        .await
        .unwrap();
    let third = s.create(request_by(ALICE, GUILD, 23, &[])).await;
    assert!(matches!(third, Err(TableError::TooManyTables { limit: 2 })));
    assert_eq!(
        pakka_catalog::en(&third.unwrap_err().msg()),
        "You already have 2 open tables in this server, the most one person may have: \
         finish or `/abandon` one first."
    );
    assert_eq!(s.table_in(23), None, "the refusal opens nothing");
    // Another server counts apart.
    s.create(request_by(ALICE, GUILD + 1, 30, &[]))
        .await
        .unwrap();
    // Invitations do not count until accepted: Bob is invited to two tables and opens his own.
    let own = s.create(request_by(BOB, GUILD, 24, &[])).await.unwrap();
    s.accept(a.id, BOB).await.unwrap();
    // Bob sits at two tables now (his own and Alice's first): he cannot accept the second.
    assert!(matches!(
        s.accept(b.id, BOB).await,
        Err(TableError::TooManyTables { limit: 2 })
    ));
    // Nor join an open seat.
    let carols = s.create(request_by(CAROL, GUILD, 25, &[])).await.unwrap();
    assert!(matches!(
        s.join(carols.id, BOB).await,
        Err(TableError::TooManyTables { limit: 2 })
    ));
    assert_eq!(s.view(carols.id).await.unwrap().seats[1].user, None);
    // Once a table of his ends, there is room again.
    s.decline(own.id, BOB).await.unwrap();
    assert!(matches!(
        s.join(carols.id, BOB).await,
        Ok(LobbyChange::Started(_))
    ));
    assert_eq!(s.open_tables(GUILD, BOB), (3, 2));
}

#[tokio::test]
async fn a_server_has_at_most_its_limit_of_open_tables() {
    let s = limited(0, 2).await;
    let a = s.create(request_by(ALICE, GUILD, 21, &[])).await.unwrap();
    s.create(request_by(BOB, GUILD, 22, &[])).await.unwrap();
    let full = s.create(request_by(CAROL, GUILD, 23, &[])).await;
    assert!(matches!(full, Err(TableError::ServerFull { limit: 2 })));
    assert!(pakka_catalog::en(&full.unwrap_err().msg())
        .starts_with("This server already has 2 open tables, the most it may have"));
    // Other servers are not affected.
    s.create(request_by(CAROL, GUILD + 1, 30, &[]))
        .await
        .unwrap();
    // A table that ends makes room.
    s.decline(a.id, ALICE).await.unwrap();
    s.create(request_by(CAROL, GUILD, 23, &[])).await.unwrap();
    assert_eq!(s.open_tables(GUILD, CAROL), (2, 1));
}

#[tokio::test]
async fn no_limit_lets_anyone_open_as_many_tables_as_channels() {
    let s = service().await;
    for channel in 0..20 {
        s.create(request_by(ALICE, GUILD, 100 + channel, &[]))
            .await
            .unwrap();
    }
    assert_eq!(s.open_tables(GUILD, ALICE), (20, 20));
}

#[tokio::test]
async fn tables_opened_at_once_never_pass_the_limit() {
    let s = Arc::new(limited(0, 4).await);
    let tries: Vec<_> = (0..12u64)
        .map(|i| {
            let s = s.clone();
            tokio::spawn(async move { s.create(request_by(100 + i, GUILD, 200 + i, &[])).await })
        })
        .collect();
    let mut opened = 0;
    for t in tries {
        match t.await.unwrap() {
            Ok(_) => opened += 1,
            Err(TableError::ServerFull { limit: 4 }) => {}
            Err(e) => panic!("unexpected refusal: {e}"),
        }
    }
    assert_eq!(opened, 4);
    assert_eq!(s.open_tables(GUILD, 0).0, 4);
}

#[tokio::test]
async fn a_store_write_under_way_holds_up_no_other_opening() {
    let s = Arc::new(limited(0, 1).await);
    let lobby = s
        .create(request_by(ALICE, GUILD, 21, &[BOB]))
        .await
        .unwrap();
    // The store's one writing connection is busy: Bob's acceptance waits for it.
    let held = s.store().hold_writer().await.expect("SQLite's writer");
    let accepting = tokio::spawn({
        let s = s.clone();
        async move { s.accept(lobby.id, BOB).await }
    });
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert!(
        !accepting.is_finished(),
        "the acceptance waits for the store"
    );
    // Meanwhile another opening is checked at once (the server is full: it is refused), not
    // after the write under way.
    let refused = tokio::time::timeout(
        Duration::from_millis(500),
        s.create(request_by(CAROL, GUILD, 22, &[])),
    )
    .await
    .expect("an opening is not held up by another table's write");
    assert!(matches!(refused, Err(TableError::ServerFull { limit: 1 })));
    drop(held);
    assert!(matches!(
        accepting.await.unwrap(),
        Ok(LobbyChange::Started(_))
    ));
    assert_eq!(s.open_tables(GUILD, BOB), (1, 1));
}

#[tokio::test]
async fn a_place_whose_write_failed_is_given_back() {
    // One open table per server and per person.
    let s = limited(1, 1).await;
    s.store().refuse_writes(true).await.unwrap();
    let failed = s.create(request_by(ALICE, GUILD, 21, &[BOB])).await;
    assert!(failed.unwrap_err().is_outage());
    assert_eq!(s.open_tables(GUILD, ALICE), (0, 0), "nothing counted");
    s.store().refuse_writes(false).await.unwrap();
    let lobby = s
        .create(request_by(ALICE, GUILD, 21, &[BOB]))
        .await
        .unwrap();
    // A seat's place too.
    s.store().refuse_writes(true).await.unwrap();
    assert!(s.accept(lobby.id, BOB).await.unwrap_err().is_outage());
    assert_eq!(s.open_tables(GUILD, BOB), (1, 0), "Bob's seat not counted");
    s.store().refuse_writes(false).await.unwrap();
    assert!(matches!(
        s.accept(lobby.id, BOB).await,
        Ok(LobbyChange::Started(_))
    ));
    assert_eq!(s.open_tables(GUILD, BOB), (1, 1));
}

#[tokio::test]
async fn a_rematch_and_a_resume_count_against_the_limits() {
    let s = limited(1, 0).await;
    let view = s
        .create(request_by(ALICE, GUILD, 21, &[BOB]))
        .await
        .unwrap();
    s.accept(view.id, BOB).await.unwrap();
    s.pause(view.id, ALICE).await.unwrap();
    // A paused match is not open: Alice may open another table meanwhile.
    let other = s.create(request_by(ALICE, GUILD, 22, &[])).await.unwrap();
    assert!(matches!(
        s.resume(21, ALICE).await,
        Err(TableError::TooManyTables { limit: 1 })
    ));
    s.decline(other.id, ALICE).await.unwrap();
    s.resume(21, ALICE).await.unwrap();
    // A rematch of a table that is still open is refused by the channel; of a finished one by
    // the limit when its opener is at another table.
    s.forfeit(view.id, BOB).await.unwrap();
    s.create(request_by(BOB, GUILD, 23, &[])).await.unwrap();
    assert!(matches!(
        s.rematch(view.id, BOB).await,
        Err(TableError::TooManyTables { limit: 1 })
    ));
    assert!(s.rematch(view.id, ALICE).await.is_ok());
}

/// Two servers, one on each of two gateway shards: `(guild_id >> 22) % 2` is 0 and 1.
const EVEN: u64 = 10 << 22;
const ODD: u64 = (11 << 22) + 5;

fn half(first: u32) -> ShardRange {
    ShardRange {
        first,
        last: first,
        total: 2,
    }
}

#[tokio::test]
async fn a_process_holds_only_the_tables_of_the_servers_on_its_shards() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("pakka.db").display());
    // One process ran every shard: a game in play and a lobby in each server, a paused match
    // and a finished game in the odd one.
    let all = TableService::new(Store::open(&url).await.unwrap());
    assert_eq!(all.shards(), ShardRange::ALL);
    let mut tables = Vec::new();
    for (guild, channel) in [
        (EVEN, 30),
        (EVEN, 31),
        (ODD, 40),
        (ODD, 41),
        (ODD, 42),
        (ODD, 43),
    ] {
        let invited = if channel % 10 == 1 {
            &[CAROL][..]
        } else {
            &[BOB]
        };
        let view = all
            .create(request_by(ALICE, guild, channel, invited))
            .await
            .unwrap();
        if invited == [BOB] {
            all.accept(view.id, BOB).await.unwrap();
        }
        tables.push(view.id);
    }
    let [even_game, even_lobby, odd_game, odd_lobby, odd_paused, odd_done] = tables[..] else {
        unreachable!()
    };
    all.act(even_game, ALICE, 0, 0, Edge::Chat).await.ok();
    all.pause(odd_paused, ALICE).await.unwrap();
    let done = all.view(odd_done).await.unwrap();
    play_to_the_end(&all, done).await;
    drop(all);

    // Each half restores its own servers' tables only, and together they hold each table once.
    let even = TableService::new(Store::open(&url).await.unwrap()).on_shards(half(0));
    let odd = TableService::new(Store::open(&url).await.unwrap()).on_shards(half(1));
    assert!(even.serves(EVEN) && !even.serves(ODD));
    assert!(odd.serves(ODD) && !odd.serves(EVEN));
    assert_eq!(even.restore().await.unwrap(), 2);
    assert_eq!(odd.restore().await.unwrap(), 2);
    let mut held = even.table_ids();
    held.sort();
    assert_eq!(held, vec![even_game, even_lobby]);
    let mut held = odd.table_ids();
    held.sort();
    assert_eq!(held, vec![odd_game, odd_lobby]);
    assert!(matches!(even.view(odd_game).await, Err(TableError::Closed)));
    assert!(matches!(
        even.act(odd_game, ALICE, 0, 0, Edge::Chat).await,
        Err(TableError::Closed)
    ));

    // An interaction from the other half's server (Discord would not send one unless the
    // processes' SHARDS disagree) makes no second copy of anything: no new table, no resumed
    // match, no rematch, and nothing in the store changes.
    let before = even.store().open_tables().await.unwrap();
    let other = |e: Result<_, TableError>| matches!(e, Err(TableError::OtherShard { guild: ODD }));
    assert!(other(
        even.check(&request_by(BOB, ODD, 44, &[CAROL])).map(|_| ())
    ));
    assert!(other(
        even.create(request_by(BOB, ODD, 44, &[CAROL]))
            .await
            .map(|_| ())
    ));
    assert!(other(even.resume(42, ALICE).await.map(|_| ())));
    assert!(other(even.rematch(odd_done, ALICE).await.map(|_| ())));
    assert_eq!(even.store().open_tables().await.unwrap(), before);
    assert_eq!(even.table_ids().len(), 2);
    let said = pakka_catalog::en(&TableError::OtherShard { guild: ODD }.msg());
    assert!(said.contains("another pakka process"), "{said}");

    // The odd half takes up its own paused match and rematch as always.
    odd.resume(42, ALICE).await.unwrap();
    odd.rematch(odd_done, ALICE).await.unwrap();
    // The even half plays its game to the end; the odd half never saw it.
    let view = even.view(even_game).await.unwrap();
    assert_eq!(play_to_the_end(&even, view).await.phase, Phase::Finished);
}

/// A move committed whose answer was lost (the connection cut after the commit) leaves the
/// store a move ahead of the table: the same move again is applied as stored (not refused as
/// a duplicate, which would stall the table), and another is refused as stale once the table
/// has caught up with its log.
#[tokio::test]
async fn a_move_stored_without_its_answer_does_not_stall_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("pakka.db").display());
    // `ahead` plays; `behind` is the same table restored before those moves (its memory stays
    // where a lost answer would leave it).
    let ahead = TableService::new(Store::open(&url).await.unwrap());
    let view = started(&ahead).await;
    let behind = TableService::new(Store::open(&url).await.unwrap());
    assert_eq!(behind.restore().await.unwrap(), 1);
    let actor = next(&view);
    let moved = ahead
        .act(view.id, actor, 0, 0, Edge::Chat)
        .await
        .unwrap()
        .table
        .clone();

    // The same move: applied, stored once.
    let again = behind
        .act(view.id, actor, 0, 0, Edge::Chat)
        .await
        .unwrap()
        .table
        .clone();
    assert_eq!(again.move_number, 1);
    assert_eq!(again.public, moved.public);
    assert_eq!(
        behind
            .store()
            .table(view.id)
            .await
            .unwrap()
            .unwrap()
            .moves
            .len(),
        1
    );

    // Both play on alike until the one to act has a choice of two moves.
    let mut moved = moved;
    while ahead
        .hand(view.id, next(&moved))
        .await
        .unwrap()
        .actions
        .len()
        < 2
    {
        let (actor, number) = (next(&moved), moved.move_number);
        moved = ahead
            .act(view.id, actor, number, 0, Edge::Chat)
            .await
            .unwrap()
            .table
            .clone();
        behind
            .act(view.id, actor, number, 0, Edge::Chat)
            .await
            .unwrap();
    }
    // Another move than the stored one: the table catches up and the click is stale.
    let (actor, number) = (next(&moved), moved.move_number);
    let moved = ahead
        .act(view.id, actor, number, 0, Edge::Chat)
        .await
        .unwrap()
        .table
        .clone();
    let other = behind.act(view.id, actor, number, 1, Edge::Chat).await;
    assert!(matches!(other, Err(TableError::Stale)), "{other:?}");
    let caught_up = behind.view(view.id).await.unwrap();
    assert_eq!(caught_up.move_number, number + 1);
    assert_eq!(caught_up.public, moved.public);
    // And it plays on from there.
    behind
        .act(view.id, next(&caught_up), number + 1, 0, Edge::Chat)
        .await
        .unwrap();
    assert_eq!(
        behind
            .store()
            .table(view.id)
            .await
            .unwrap()
            .unwrap()
            .moves
            .len() as u64,
        number + 2
    );
}

/// Every event published until the game of `table` ends (at most a minute).
async fn events_until_over(
    events: &mut tokio::sync::broadcast::Receiver<Published>,
    table: TableId,
) -> Vec<Published> {
    let mut seen = Vec::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let published = tokio::time::timeout_at(deadline, events.recv())
            .await
            .expect("the game ends by itself within a minute")
            .expect("no event is missed");
        let over = matches!(
            &*published.event,
            TableEvent::Moved { acted, .. } if acted.finished && acted.table.id == table
        );
        seen.push(published);
        if over {
            return seen;
        }
    }
}

fn quick_clocks() -> Clocks {
    Clocks {
        computer_pause: Duration::ZERO,
        timer_minute: Duration::from_millis(5),
        lobby_timeout: Duration::from_secs(1800),
    }
}

#[tokio::test]
async fn a_table_with_only_computer_players_left_plays_to_its_end_with_no_edge() {
    let s = Arc::new(service().await.with_clocks(quick_clocks()));
    let mut first = s.subscribe();
    let mut second = s.subscribe();
    s.start();
    // Alice plays against a computer with a one-minute turn timer and never clicks: the computer
    // stands in for her when her minute is up, and the table plays itself to its end.
    let mut req = request("pisha-pasha", &[]);
    req.bots = 1;
    req.turn_timer = Some(1);
    let view = s.create(req).await.unwrap();
    assert_eq!(view.phase, Phase::Playing);
    let seen = events_until_over(&mut first, view.id).await;

    assert!(
        matches!(&*seen[0].event, TableEvent::Started(v) if v.id == view.id),
        "the game's start comes first: {:?}",
        seen[0].event
    );
    assert!(
        seen.iter().any(|p| matches!(
            &*p.event,
            TableEvent::StoodIn { away, .. } if away == &vec![ALICE]
        )),
        "the computer stood in for Alice"
    );
    let moves: Vec<u64> = seen
        .iter()
        .filter_map(|p| match &*p.event {
            TableEvent::Moved { acted, by, .. } => {
                assert_eq!(*by, Mover::Computer, "nobody but the computer moved");
                Some(acted.table.move_number)
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        moves,
        (1..=moves.len() as u64).collect::<Vec<_>>(),
        "every move published once, in order"
    );
    let last = seen.last().unwrap();
    let TableEvent::Moved { acted, .. } = &*last.event else {
        unreachable!()
    };
    assert!(!acted.table.places.is_empty(), "the game ended with places");
    assert_eq!(s.table_in(CHANNEL), None, "the channel is free again");
    assert_eq!(s.tables_in_memory(), 0);

    // A second subscriber saw the same events, numbered alike, in the same order.
    let numbers: Vec<u64> = seen.iter().map(|p| p.seq).collect();
    let mut other = Vec::new();
    while other.len() < numbers.len() {
        other.push(second.recv().await.unwrap().seq);
    }
    assert_eq!(other, numbers);
    assert_eq!(
        numbers,
        (numbers[0]..numbers[0] + numbers.len() as u64).collect::<Vec<_>>(),
        "no event skipped"
    );
    assert_eq!(s.last_event(), *numbers.last().unwrap());
}

#[tokio::test]
async fn a_halted_service_makes_no_more_moves() {
    let s = Arc::new(service().await.with_clocks(quick_clocks()));
    let mut events = s.subscribe();
    s.start();
    let mut req = request("pisha-pasha", &[]);
    req.bots = 1;
    req.turn_timer = Some(1);
    let view = s.create(req).await.unwrap();
    // Wait for the computer's first move, then halt.
    loop {
        let published = events.recv().await.unwrap();
        if matches!(&*published.event, TableEvent::Moved { .. }) {
            break;
        }
    }
    assert_eq!(
        s.halt(Duration::from_secs(5)).await,
        0,
        "the move under way ended"
    );
    let after = s.last_event();
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(s.last_event(), after, "nothing moved after the halt");
    assert_eq!(s.view(view.id).await.unwrap().phase, Phase::Playing);
}

#[tokio::test]
async fn every_change_of_a_lobby_and_its_end_is_published() {
    let s = service().await;
    let mut events = s.subscribe();
    let view = s.create(request("pisha-pasha", &[BOB])).await.unwrap();
    s.decline(view.id, ALICE).await.unwrap();
    let first = events.recv().await.unwrap();
    assert!(matches!(&*first.event, TableEvent::Lobby { table: v, .. } if v.id == view.id));
    let second = events.recv().await.unwrap();
    assert!(matches!(
        &*second.event,
        TableEvent::Closed {
            how: Closing::Cancelled { by: ALICE },
            ..
        }
    ));
    assert!(second.event.ends_table());
    assert_eq!((first.seq, second.seq), (1, 2));
}

/// The runner goes on reading its events while a sweep of the clocks waits (here for a table
/// whose lock a long click holds): a computer player at another table still moves. A sweep
/// run inside the runner's loop kept it from its events until the sweep ended, and the bus held
/// every event published meanwhile, views and all (at 100 busy tables, tens of megabytes).
#[tokio::test]
async fn a_sweep_waiting_for_a_table_does_not_hold_up_the_computer_players() {
    let s = Arc::new(service().await.with_clocks(quick_clocks()));
    let mut events = s.subscribe();
    let people = started(&s).await;
    let held = s.tables.lock().unwrap().get(&people.id).unwrap().clone();
    let _click = held.lock().await;
    s.start();
    // A sweep begins (every 20 ms with these clocks) and waits for that table.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut req = request("pisha-pasha", &[]);
    req.channel_id = CHANNEL + 1;
    req.bots = 1;
    let view = s.create(req).await.unwrap();
    if view.to_act.contains(&ALICE) {
        s.act(view.id, ALICE, view.move_number, 0, Edge::Chat)
            .await
            .unwrap();
    }
    let computer_moved = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            let published = events.recv().await.unwrap();
            if let TableEvent::Moved { acted, by, .. } = &*published.event {
                if acted.table.id == view.id && *by == Mover::Computer {
                    return;
                }
            }
        }
    })
    .await;
    assert!(
        computer_moved.is_ok(),
        "the computer player moved while a sweep waited for another table"
    );
}

proptest::proptest! {
    /// A story that forgets what no view reads any more tells every view exactly what one
    /// that kept everything tells: the table message's last public entries and each seat's
    /// last entries, after every entry told.
    #[test]
    fn a_story_keeps_what_the_views_read(
        told in proptest::collection::vec(proptest::option::of(0usize..4), 0..80)
    ) {
        let mut story = Story::default();
        let mut everything: Vec<(Option<Seat>, Msg)> = Vec::new();
        for (i, to) in told.into_iter().enumerate() {
            let text = msg!("table-new-in-hand", n = i);
            story.push(to, text.clone());
            everything.push((to, text));
            let last = |read: &dyn Fn(Option<Seat>) -> bool, n: usize| {
                let mut out: Vec<Msg> = everything
                    .iter()
                    .rev()
                    .filter(|(to, _)| read(*to))
                    .take(n)
                    .map(|(_, m)| m.clone())
                    .collect();
                out.reverse();
                out
            };
            proptest::prop_assert_eq!(
                story.public(STORY_PUBLIC),
                last(&|to| to.is_none(), STORY_PUBLIC)
            );
            for seat in 0..4 {
                proptest::prop_assert_eq!(
                    story.for_seat(seat, STORY_HAND),
                    last(&|to| to.is_none_or(|s| s == seat), STORY_HAND)
                );
            }
            // Never more than the views can read: the public ones and every seat's own.
            proptest::prop_assert!(story.entries.len() <= STORY_PUBLIC + 4 * STORY_HAND);
        }
    }
}
