//! Replays of whole seeded games of every kind, played by computer players (and one person
//! choosing at random) into an in-memory store: no step before the last shows a card the
//! public could not see at that move, the last reveals every hand as dealt, and every game
//! that is not finished is refused with its own reason.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::ai::Level;
use crate::cards::CardSet;
use crate::rules::Seen;
use crate::table::{CreateTable, LobbyChange, Person, TableError, TableService};
use crate::text::Arg;

pub(crate) const GUILD: u64 = 10;
const CHANNEL: u64 = 20;
pub(crate) const ALICE: u64 = 1;
const BOB: u64 = 2;

/// One seeded table of each game: its id, its seats and the seed.
pub(crate) const EVERY_GAME: [(&str, usize, u64); 9] = [
    ("pisha-pasha", 2, 7),
    ("paskahousu", 3, 4),
    ("poytapaska", 2, 3),
    ("paston", 3, 5),
    ("teka", 4, 9),
    ("red7", 3, 21),
    ("matapesa", 4, 2),
    ("kop", 4, 3),
    ("whist22", 4, 6),
];

pub(crate) fn request(game: &str, seats: usize, seed: u64, channel: u64) -> CreateTable {
    CreateTable {
        guild_id: GUILD,
        channel_id: channel,
        creator: Person {
            id: ALICE,
            bot: false,
        },
        invited: Vec::new(),
        game: game.into(),
        seats: Some(seats),
        seed: Some(seed),
        options: Value::Null,
        bots: seats - 1,
        bot_level: Level::Normal,
        turn_timer: None,
    }
}

/// Plays table `id` to its end: computer players by their rule of thumb, Alice (seat 0) at
/// random from the seed.
pub(crate) async fn play_out(s: &TableService, mut view: TableView, seed: u64) -> TableView {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..100_000 {
        if view.status.as_ref().is_some_and(|st| st.over) {
            return view;
        }
        view = if view.to_act.is_empty() {
            s.computer_move(view.id)
                .await
                .unwrap()
                .expect("a computer player is to act")
                .table
        } else {
            let hand = s.hand(view.id, ALICE).await.unwrap();
            let index = rng.random_range(0..hand.actions.len());
            s.act(view.id, ALICE, view.move_number, index)
                .await
                .unwrap()
                .table
        };
    }
    panic!("{} did not end", view.game_id);
}

/// A finished seeded game of `game` in the service's channel `channel`.
pub(crate) async fn finished_in(
    s: &TableService,
    game: &str,
    seats: usize,
    seed: u64,
    channel: u64,
) -> TableId {
    let view = s.create(request(game, seats, seed, channel)).await.unwrap();
    assert_eq!(
        view.phase,
        Phase::Playing,
        "computer players fill the table"
    );
    let end = play_out(s, view, seed).await;
    assert_eq!(end.phase, Phase::Finished);
    end.id
}

/// A service with one finished seeded game of `game` in it.
pub(crate) async fn finished(game: &str, seats: usize, seed: u64) -> (TableService, TableId) {
    let s = TableService::new(Store::open_in_memory().await.unwrap());
    let id = finished_in(&s, game, seats, seed, CHANNEL).await;
    (s, id)
}

/// A finished seeded game of `game`, its replay, and what its table showed at each move.
pub(crate) async fn replayed(game: &str, seats: usize, seed: u64) -> (Replay, Truth) {
    let (s, id) = finished(game, seats, seed).await;
    let stored = s.store().table(id).await.unwrap().unwrap();
    (s.replay(id, GUILD).await.unwrap(), truth(&stored))
}

/// Every card a message names, in its arguments and the messages nested in them.
pub(crate) fn cards_named(msg: &Msg, out: &mut CardSet) {
    fn arg(a: &Arg, out: &mut CardSet) {
        match a {
            Arg::Card(c) => {
                out.insert(*c);
            }
            Arg::Cards(cs) => cs.iter().for_each(|c| {
                out.insert(*c);
            }),
            Arg::Msg(m) => cards_named(m, out),
            Arg::List { items, .. } => items.iter().for_each(|i| arg(i, out)),
            Arg::Num(_) | Arg::Signed(_) | Arg::Tenths { .. } | Arg::Seat(_) | Arg::Verbatim(_) => {
            }
        }
    }
    for (_, a) in &msg.args {
        arg(a, out);
    }
}

/// Every card a step shows: its view's lines, its story, its scores and places, its picture.
pub(crate) fn cards_shown(step: &ReplayStep) -> CardSet {
    let v = &step.view;
    let mut out = CardSet::new();
    let msgs = v
        .public
        .iter()
        .flatten()
        .chain(&v.story)
        .chain(v.scores.iter().flatten())
        .chain(v.places.iter().filter_map(|p| p.score.as_ref()));
    for m in msgs {
        cards_named(m, &mut out);
    }
    if let Some(scene) = &v.picture {
        for c in scene.face_up() {
            out.insert(c);
        }
    }
    out
}

/// The cards face up for everyone in a state.
fn face_up(game: &dyn AnyGame) -> CardSet {
    game.zones()
        .into_iter()
        .filter(|z| z.seen == Seen::All)
        .flat_map(|z| z.cards)
        .collect()
}

/// What the table showed at each move of a stored game, computed from the full state: the
/// public description, the public picture and the sentences of the move's public events; and
/// every seat's own cards when each deal began.
pub(crate) struct Truth {
    /// `public[k]`: every card the public could know at move k — face up before or after it
    /// (a card played and gathered by the same move was seen as it went), named in its public
    /// events (Paskahousu's card drawn and turned, then taken with the pile), or named by the
    /// game's public description then (Paston's "Seat 1 bids first (holds J♠)").
    pub public: Vec<CardSet>,
    pub lines: Vec<Vec<Msg>>,
    pub pictures: Vec<crate::rules::Scene>,
    pub events: Vec<Vec<Msg>>,
    pub dealt: Vec<(u32, Vec<CardSet>)>,
}

pub(crate) fn truth(stored: &StoredTable) -> Truth {
    let info = registry::find(&stored.game).unwrap();
    let mut game = info
        .create(
            stored.options.clone(),
            stored.seats,
            Setup::seeded(stored.seed),
        )
        .unwrap();
    let own = |g: &dyn AnyGame| -> Vec<CardSet> {
        (0..g.seats())
            .map(|s| {
                g.zones()
                    .into_iter()
                    .filter(|z| z.seen == Seen::Only(s))
                    .flat_map(|z| z.cards)
                    .collect()
            })
            .collect()
    };
    let described = |g: &dyn AnyGame| -> CardSet {
        let mut out = CardSet::new();
        for line in g.describe(Observer::Public) {
            cards_named(&line, &mut out);
        }
        out
    };
    let mut truth = Truth {
        public: vec![face_up(game.as_ref()).union(described(game.as_ref()))],
        lines: vec![game.describe(Observer::Public)],
        pictures: vec![game.picture(Observer::Public)],
        events: vec![Vec::new()],
        dealt: Vec::new(),
    };
    let mut dealt: BTreeMap<u32, Vec<CardSet>> = BTreeMap::new();
    dealt.insert(game.status().deal, own(game.as_ref()));
    for m in &stored.moves {
        let before = face_up(game.as_ref());
        let deal = game.status().deal;
        let told = game.act_json(m.seat, &m.action).unwrap();
        let mut announced = CardSet::new();
        for t in &told {
            crate::rules::conformance::cards_in_json(&t.event, &mut announced);
        }
        truth.public.push(
            before
                .union(face_up(game.as_ref()))
                .union(announced)
                .union(described(game.as_ref())),
        );
        truth.lines.push(game.describe(Observer::Public));
        truth.pictures.push(game.picture(Observer::Public));
        truth
            .events
            .push(told.iter().map(|t| t.text.clone()).collect());
        if game.status().deal != deal || told.iter().any(|t| deals(&t.event)) {
            dealt.insert(game.status().deal, own(game.as_ref()));
        }
    }
    truth.dealt = dealt.into_iter().collect();
    truth
}

#[tokio::test]
async fn no_step_shows_a_hidden_card_before_the_end_and_the_last_shows_every_hand_as_dealt() {
    for (game, seats, seed) in EVERY_GAME {
        let (s, id) = finished(game, seats, seed).await;
        let replay = s.replay(id, GUILD).await.unwrap();
        let steps = replay.steps().unwrap();
        let stored = s.store().table(id).await.unwrap().unwrap();
        let truth = truth(&stored);
        assert_eq!(steps.len(), stored.moves.len() + 1, "{game}");
        assert!(steps.len() > 10, "{game}: a whole game has moves");
        for (k, step) in steps.iter().enumerate() {
            assert_eq!((step.step, step.moves), (k, stored.moves.len()), "{game}");
            assert_eq!(step.view.move_number, k as u64);
            // Exactly what the table message showed: the public view and picture after the
            // move, and the sentences of the move's public events.
            assert_eq!(
                step.view.public.as_ref(),
                Some(&truth.lines[k]),
                "{game} {k}"
            );
            assert_eq!(
                step.view.picture.as_ref(),
                Some(&truth.pictures[k]),
                "{game} {k}"
            );
            assert_eq!(step.view.story, truth.events[k], "{game} {k}");
            let hidden = cards_shown(step).difference(truth.public[k]);
            assert!(
                hidden.is_empty(),
                "{game} step {k} of {} shows hidden {hidden:?}",
                steps.len() - 1
            );
            assert_eq!(step.last(), k == stored.moves.len());
            if !step.last() {
                assert!(
                    step.dealt.is_empty(),
                    "{game}: the deal is revealed only at the end"
                );
                assert_eq!(step.view.phase, Phase::Playing);
            }
            if k > 0 {
                assert!(
                    !step.view.story.is_empty(),
                    "{game} move {k} tells what it did"
                );
                assert_eq!(step.mover, Some(stored.moves[k - 1].seat));
            }
        }
        let last = steps.last().unwrap();
        assert_eq!(last.view.phase, Phase::Finished);
        assert!(!last.view.places.is_empty(), "{game}: the result");
        let revealed: Vec<(u32, Vec<CardSet>)> = last
            .dealt
            .iter()
            .map(|d| {
                let hands = d
                    .hands
                    .iter()
                    .map(|h| h.iter().copied().collect())
                    .collect();
                (d.deal, hands)
            })
            .collect();
        assert_eq!(revealed, truth.dealt, "{game}: every hand as dealt");
        let cards: usize = revealed.iter().flat_map(|(_, h)| h).map(|h| h.len()).sum();
        if game != "pisha-pasha" {
            assert!(cards > 0, "{game}: the hands are shown");
        }
        // One step alone is the same as the one of a pass over every step.
        for k in [0, 1, steps.len() / 2, steps.len() - 1, steps.len() + 5] {
            let one = replay.step(k).unwrap();
            assert_eq!(one, steps[k.min(steps.len() - 1)], "{game} step {k}");
        }
    }
}

#[tokio::test]
async fn only_a_finished_game_of_this_server_replays() {
    let s = TableService::new(Store::open_in_memory().await.unwrap());
    let done = finished_in(&s, "pisha-pasha", 2, 7, 30).await;
    assert!(s.replay(done, GUILD).await.is_ok());
    assert_eq!(
        s.replay(done, GUILD + 1).await.unwrap_err(),
        ReplayError::OtherServer(done)
    );
    assert_eq!(
        s.replay(9_999, GUILD).await.unwrap_err(),
        ReplayError::Unknown(9_999)
    );
    // A lobby: Bob has not accepted.
    let mut invite = request("pisha-pasha", 2, 7, 31);
    invite.bots = 0;
    invite.invited = vec![Person {
        id: BOB,
        bot: false,
    }];
    let lobby = s.create(invite.clone()).await.unwrap();
    assert_eq!(
        s.replay(lobby.id, GUILD).await.unwrap_err(),
        ReplayError::Lobby(lobby.id)
    );
    // Running, then paused.
    let LobbyChange::Started(running) = s.accept(lobby.id, BOB).await.unwrap() else {
        panic!("the game starts");
    };
    assert_eq!(
        s.replay(running.id, GUILD).await.unwrap_err(),
        ReplayError::Running(running.id)
    );
    s.pause(running.id, ALICE).await.unwrap();
    assert_eq!(
        s.replay(running.id, GUILD).await.unwrap_err(),
        ReplayError::Paused(running.id)
    );
    // Forfeited, and closed by a moderator: no result.
    invite.channel_id = 32;
    let lobby = s.create(invite.clone()).await.unwrap();
    s.accept(lobby.id, BOB).await.unwrap();
    s.forfeit(lobby.id, BOB).await.unwrap();
    assert_eq!(
        s.replay(lobby.id, GUILD).await.unwrap_err(),
        ReplayError::NoResult(lobby.id)
    );
    invite.channel_id = 33;
    let lobby = s.create(invite).await.unwrap();
    s.close(lobby.id, 77, true).await.unwrap();
    assert_eq!(
        s.replay(lobby.id, GUILD).await.unwrap_err(),
        ReplayError::NoResult(lobby.id)
    );
    // Each refusal has its own sentence; a bug has the generic one.
    let sentences: Vec<String> = [
        ReplayError::Unknown(1),
        ReplayError::OtherServer(1),
        ReplayError::Lobby(1),
        ReplayError::Running(1),
        ReplayError::Paused(1),
        ReplayError::NoResult(1),
    ]
    .iter()
    .map(|e| crate::catalog::en(&e.msg()))
    .collect();
    let distinct: std::collections::BTreeSet<&String> = sentences.iter().collect();
    assert_eq!(distinct.len(), sentences.len(), "{sentences:?}");
    assert!(ReplayError::Internal("x".into()).is_internal());
    assert_eq!(
        crate::catalog::en(&ReplayError::Internal("x".into()).msg()),
        crate::catalog::en(&TableError::internal("x").msg())
    );
}

#[tokio::test]
async fn a_log_that_does_not_replay_is_a_bug_not_a_refusal() {
    let (s, id) = finished("pisha-pasha", 2, 7).await;
    let replay = s.replay(id, GUILD).await.unwrap();
    let mut broken = Replay {
        info: replay.info,
        stored: replay.stored.clone(),
    };
    broken.stored.moves[3].action = serde_json::json!("no such move");
    assert!(broken.step(1).is_ok(), "the moves before it replay");
    let e = broken.step(5).unwrap_err();
    assert!(e.is_internal(), "{e:?}");
    assert!(broken.steps().unwrap_err().is_internal());
}
