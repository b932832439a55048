//! Finished seeded games of every kind, played by computer players (and one person choosing at
//! random) into an in-memory store, and what their table showed at each move: the fixtures of
//! the replay tests here and of the Discord edge's (behind the `testing` feature).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use std::sync::Arc;

use super::*;
use crate::{Acted, CreateTable, Edge, Mover, Person, TableService};
use pakka_ai::Level;
use pakka_cards::CardSet;
use pakka_rules::{Observer, Seen};
use pakka_text::Arg;
use serde_json::Value;

pub const GUILD: u64 = 10;
const CHANNEL: u64 = 20;
pub const ALICE: u64 = 1;
pub const BOB: u64 = 2;

/// One seeded table of each game: its id, its seats and the seed (each game's own,
/// `Showcase::replay_seats` and `Showcase::seed`).
pub const EVERY_GAME: &[(&str, usize, u64)] =
    pakka_rules::showcases!(|id, s| (id, s.replay_seats, s.seed));

pub fn request(game: &str, seats: usize, seed: u64, channel: u64) -> CreateTable {
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
        learning: Default::default(),
    }
}

/// Plays table `id` to its end: computer players by their rule of thumb, Alice (seat 0) at
/// random from the seed.
pub async fn play_out(s: &TableService, mut view: TableView, seed: u64) -> TableView {
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
                .clone()
        } else {
            let hand = s.hand(view.id, ALICE).await.unwrap();
            let index = rng.random_range(0..hand.actions.len());
            s.act(view.id, ALICE, view.move_number, index, Edge::Chat)
                .await
                .unwrap()
                .table
                .clone()
        };
    }
    panic!("{} did not end", view.game_id);
}

/// A finished seeded game of `game` in the service's channel `channel`.
pub async fn finished_in(
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

/// Every applied move of a seeded game of `game` played to its end (as `play_out` plays it),
/// with who made it: what the table service publishes, for the edges' tests of its events.
pub async fn every_move(game: &str, seats: usize, seed: u64) -> Vec<(Arc<Acted>, Mover)> {
    let s = TableService::new(Store::open_in_memory().await.unwrap());
    let mut view = s.create(request(game, seats, seed, CHANNEL)).await.unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut moves = Vec::new();
    while !view.status.as_ref().is_some_and(|st| st.over) {
        let (acted, by) = if view.to_act.is_empty() {
            let acted = s.computer_move(view.id).await.unwrap();
            (acted.expect("a computer player is to act"), Mover::Computer)
        } else {
            let hand = s.hand(view.id, ALICE).await.unwrap();
            let index = rng.random_range(0..hand.actions.len());
            let acted = s
                .act(view.id, ALICE, view.move_number, index, Edge::Chat)
                .await;
            (
                acted.unwrap(),
                Mover::Person {
                    user: ALICE,
                    edge: Edge::Chat,
                },
            )
        };
        view = acted.table.clone();
        moves.push((acted, by));
    }
    moves
}

/// A service with one finished seeded game of `game` in it.
pub async fn finished(game: &str, seats: usize, seed: u64) -> (TableService, TableId) {
    let s = TableService::new(Store::open_in_memory().await.unwrap());
    let id = finished_in(&s, game, seats, seed, CHANNEL).await;
    (s, id)
}

/// A finished seeded game of `game`, its replay, and what its table showed at each move.
pub async fn replayed(game: &str, seats: usize, seed: u64) -> (Replay, Truth) {
    let (s, id) = finished(game, seats, seed).await;
    let stored = s.store().table(id).await.unwrap().unwrap();
    (s.replay(id, GUILD).await.unwrap(), truth(&stored))
}

/// Every card a message names, in its arguments and the messages nested in them.
pub fn cards_named(msg: &Msg, out: &mut CardSet) {
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
pub fn cards_shown(step: &ReplayStep) -> CardSet {
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
pub struct Truth {
    /// `public[k]`: every card the public could know at move k — face up before or after it
    /// (a card played and gathered by the same move was seen as it went), named in its public
    /// events (Paskahousu's card drawn and turned, then taken with the pile), or named by the
    /// game's public description then (Paston's "Seat 1 bids first (holds J♠)").
    pub public: Vec<CardSet>,
    pub lines: Vec<Vec<Msg>>,
    pub pictures: Vec<pakka_rules::Scene>,
    pub events: Vec<Vec<Msg>>,
    pub dealt: Vec<(u32, Vec<CardSet>)>,
    /// `own[k][s]`: the cards only seat `s` may see at move k (its hand).
    pub own: Vec<Vec<CardSet>>,
}

pub fn truth(stored: &StoredTable) -> Truth {
    let info = registry::find(&stored.setup.game).unwrap();
    let mut game = info
        .create(
            stored.setup.options.clone(),
            stored.setup.seats,
            Setup::seeded(stored.setup.seed),
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
        own: vec![own(game.as_ref())],
    };
    let mut dealt: BTreeMap<u32, Vec<CardSet>> = BTreeMap::new();
    dealt.insert(game.status().deal, own(game.as_ref()));
    for m in &stored.moves {
        let before = face_up(game.as_ref());
        let deal = game.status().deal;
        let told = game.act_json(m.seat, &m.action).unwrap();
        let mut announced = CardSet::new();
        for t in &told {
            pakka_conformance::cards_in_json(&t.event, &mut announced);
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
        truth.own.push(own(game.as_ref()));
        if game.status().deal != deal || told.iter().any(|t| t.deals) {
            dealt.insert(game.status().deal, own(game.as_ref()));
        }
    }
    truth.dealt = dealt.into_iter().collect();
    truth
}
