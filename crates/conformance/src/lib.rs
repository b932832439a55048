//! The conformance suite every registered game runs, driven through `AnyGame` so a new game is
//! covered by registration alone. One seeded random playout checks, after every action: the
//! status is consistent with the legal actions; every listed action applies, by its JSON and
//! by its place in the list alike (`act_at`: the same logged JSON, events and state), and the
//! place past the list is refused; a sample of
//! unlisted actions is refused and changes nothing; every card is in exactly one place; no view
//! shows a card its observer may not see; each seat's determinization agrees with its view;
//! and serialize → deserialize gives an equal state. The playout must end within a bound.
//! [`contract`] checks, on each game's own types, that the fast forms of `Game` a search's
//! playouts run agree with the derived ones.

pub mod contract;

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use pakka_cards::{Card, CardSet};
use pakka_catalog::catalog;
use pakka_rules::registry::GameInfo;
use pakka_rules::{ActError, AnyGame, Observer, Seat, Setup, Told, Zone};

/// What one playout did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Playout {
    pub actions: usize,
}

/// How thorough one playout is.
#[derive(Clone, Copy, Debug)]
pub struct Depth {
    /// Fail when the game has not ended after this many actions.
    pub max_actions: usize,
    /// Check determinization and serde every `every` actions (1 = always).
    pub every: usize,
    /// Unlisted actions tried per check.
    pub unlisted: usize,
}

impl Default for Depth {
    fn default() -> Depth {
        Depth {
            max_actions: 20_000,
            every: 1,
            unlisted: 8,
        }
    }
}

/// Plays one seeded random game of `info` with `options` and `seats`, checking every invariant
/// along the way. Answers a description of the first violation.
pub fn playout(
    info: &GameInfo,
    options: &Value,
    seats: usize,
    seed: u64,
    depth: Depth,
) -> Result<Playout, String> {
    let mut game = info
        .create(options.clone(), seats, Setup::seeded(seed))
        .map_err(|e| format!("setup failed: {e}"))?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let deck = all_cards(game.as_ref())?;
    // The table's vocabulary, the same at every step: built once, not at every action.
    let space = game.action_space_json();
    let ctx = |step: usize| {
        format!(
            "{} {options} seats={seats} seed={seed} step={step}",
            info.id
        )
    };
    for step in 0..=depth.max_actions {
        let thorough = step % depth.every.max(1) == 0;
        check_state(game.as_ref(), deck).map_err(|e| format!("{}: {e}", ctx(step)))?;
        if thorough {
            check_round_trip(info, game.as_ref()).map_err(|e| format!("{}: {e}", ctx(step)))?;
            check_determinization(game.as_ref(), deck, &mut rng)
                .map_err(|e| format!("{}: {e}", ctx(step)))?;
        }
        check_unlisted(game.as_mut(), &space, depth.unlisted, &mut rng)
            .map_err(|e| format!("{}: {e}", ctx(step)))?;
        let status = game.status();
        if status.over {
            return Ok(Playout { actions: step });
        }
        let seat = *status.to_act.choose(&mut rng).ok_or("no seat to act")?;
        let legal = game.legal_json(seat);
        if thorough {
            check_words(game.as_ref()).map_err(|e| format!("{}: {e}", ctx(step)))?;
            for (index, action) in legal.iter().enumerate() {
                let mut probe = game.clone();
                let told = probe
                    .act_json(seat, action)
                    .map_err(|e| format!("{}: listed action {action} refused: {e}", ctx(step)))?;
                check_act_at(game.as_ref(), seat, index, action, probe.as_ref(), &told)
                    .map_err(|e| format!("{}: {e}", ctx(step)))?;
                for t in told {
                    catalog()
                        .check(&t.text)
                        .map_err(|e| format!("{}: event {}: {e}", ctx(step), t.event))?;
                }
            }
        }
        if thorough {
            let mut probe = game.clone();
            match probe.act_at(seat, legal.len()) {
                Err(ActError::NoSuchIndex(_)) if probe.state_json() == game.state_json() => {}
                other => {
                    return Err(format!(
                        "{}: the index past the legal actions answered {other:?}",
                        ctx(step)
                    ))
                }
            }
        }
        let action = legal
            .choose(&mut rng)
            .ok_or("seat to act has no legal action")?;
        game.act_json(seat, action)
            .map_err(|e| format!("{}: listed action {action} refused: {e}", ctx(step)))?;
    }
    Err(format!(
        "{}: game did not end within {} actions",
        ctx(depth.max_actions),
        depth.max_actions
    ))
}

/// Every message of the state words in every shipped language with the arguments it has: the
/// descriptions for the public and every seat, and every offered choice's label, group and
/// question. (The catalog is the edges' business; the suite words messages only to check them.)
pub fn check_words(game: &dyn AnyGame) -> Result<(), String> {
    let observers = std::iter::once(Observer::Public).chain((0..game.seats()).map(Observer::Seat));
    for observer in observers {
        for line in game.describe(observer) {
            catalog()
                .check(&line)
                .map_err(|e| format!("{observer:?}'s description: {e}"))?;
        }
        for m in picture_msgs(&game.picture(observer)) {
            catalog()
                .check(&m)
                .map_err(|e| format!("{observer:?}'s picture: {e}"))?;
        }
    }
    for seat in game.to_act() {
        for (index, choice) in game.choices(seat).iter().enumerate() {
            let msgs = std::iter::once(&choice.label)
                .chain(choice.group.as_ref())
                .chain(choice.confirm.as_ref());
            for m in msgs {
                catalog()
                    .check(m)
                    .map_err(|e| format!("seat {seat}'s choice {index}: {e}"))?;
            }
        }
    }
    catalog().check(&game.name())
}

/// The cheap invariants of one state: cards in exactly one place (against `deck`), a
/// consistent status, views that leak nothing.
pub fn check_state(game: &dyn AnyGame, deck: CardSet) -> Result<(), String> {
    // The zones once for every check of this state (a shedding game sorts its hands for them).
    let zones = game.zones();
    check_zones(&zones, deck)?;
    check_status(game)?;
    check_views(game, &zones)?;
    check_pictures(game, &zones)
}

/// The set of all cards in a fresh game's zones (its deck).
pub fn all_cards(game: &dyn AnyGame) -> Result<CardSet, String> {
    let mut set = CardSet::new();
    for zone in game.zones() {
        for c in zone.cards {
            if !set.insert(c) {
                return Err(format!("{c} is in two places at the start"));
            }
        }
    }
    Ok(set)
}

/// Every card of the deck is in exactly one zone.
fn check_cards(game: &dyn AnyGame, deck: CardSet) -> Result<(), String> {
    check_zones(&game.zones(), deck)
}

/// Every card of the deck is in exactly one of these zones.
fn check_zones(zones: &[Zone], deck: CardSet) -> Result<(), String> {
    let mut seen = CardSet::new();
    for zone in zones {
        for &c in &zone.cards {
            if !seen.insert(c) {
                return Err(format!("{c} is in two places (again in {})", zone.name));
            }
        }
    }
    if seen != deck {
        return Err(format!(
            "cards lost {:?} or appeared {:?}",
            deck.difference(seen),
            seen.difference(deck)
        ));
    }
    Ok(())
}

fn check_status(game: &dyn AnyGame) -> Result<(), String> {
    let status = game.status();
    if status.over != status.to_act.is_empty() {
        return Err(format!(
            "over={} but to_act={:?}",
            status.over, status.to_act
        ));
    }
    if status.over != status.ranking.is_some() {
        return Err("a ranking exists exactly when the game is over".into());
    }
    if let Some(ranking) = &status.ranking {
        let mut seats: Vec<usize> = ranking.iter().flatten().copied().collect();
        seats.sort_unstable();
        if seats != (0..game.seats()).collect::<Vec<_>>() {
            return Err(format!("ranking {ranking:?} does not list every seat once"));
        }
    }
    if let Some(scores) = &status.scores {
        if scores.len() != game.seats() {
            return Err("scores must have one entry per seat".into());
        }
    }
    for seat in 0..game.seats() {
        let legal = game.legal_json(seat);
        if status.to_act.contains(&seat) == legal.is_empty() {
            return Err(format!(
                "seat {seat}: in to_act {:?} but legal actions {legal:?}",
                status.to_act
            ));
        }
    }
    Ok(())
}

/// Applying the legal action at `index` by its place (`act_at`, a click's typed path) does
/// what applying its JSON did (`after`, `told`): the same JSON for the move log, the same
/// events, the same state.
fn check_act_at(
    game: &dyn AnyGame,
    seat: Seat,
    index: usize,
    action: &Value,
    after: &dyn AnyGame,
    told: &[Told],
) -> Result<(), String> {
    let mut probe = game.clone_box();
    let (logged, told_at) = probe
        .act_at(seat, index)
        .map_err(|e| format!("listed action {index} ({action}) refused by its place: {e}"))?;
    if &logged != action {
        return Err(format!(
            "action {index} logs as {logged}, listed as {action}"
        ));
    }
    if told_at != told {
        return Err(format!("action {action} tells otherwise by its place"));
    }
    if probe.state_json() != after.state_json() {
        return Err(format!("action {action} leaves another state by its place"));
    }
    Ok(())
}

/// The cards each observer may see, from the zones.
fn visible(zones: &[Zone], observer: Observer) -> CardSet {
    zones
        .iter()
        .filter(|z| observer.sees(z.seen))
        .flat_map(|z| z.cards.iter().copied())
        .collect()
}

/// Every string in a JSON value that names a card.
pub fn cards_in_json(value: &Value, out: &mut CardSet) {
    match value {
        Value::String(s) => {
            if let Ok(c) = s.parse::<Card>() {
                out.insert(c);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| cards_in_json(v, out)),
        Value::Object(map) => map.values().for_each(|v| cards_in_json(v, out)),
        _ => {}
    }
}

fn check_views(game: &dyn AnyGame, zones: &[Zone]) -> Result<(), String> {
    let observers = (0..game.seats())
        .map(Observer::Seat)
        .chain([Observer::Public]);
    for observer in observers {
        let view = game.view_json(observer);
        if !view.get("hand").is_some_and(Value::is_array) {
            return Err(format!("view for {observer:?} has no hand"));
        }
        let mut shown = CardSet::new();
        cards_in_json(&view, &mut shown);
        let leaked = shown.difference(visible(zones, observer));
        if !leaked.is_empty() {
            return Err(format!(
                "view for {observer:?} shows hidden cards {leaked:?}"
            ));
        }
    }
    Ok(())
}

/// Every observer's picture shows only cards that observer may see, has a place for every
/// seat, and a seat's hand in it holds only that seat's own cards (the public's none).
fn check_pictures(game: &dyn AnyGame, zones: &[Zone]) -> Result<(), String> {
    let observers = (0..game.seats())
        .map(Observer::Seat)
        .chain([Observer::Public]);
    let hands = game.hands();
    for observer in observers {
        let scene = game.picture(observer);
        let viewer = match observer {
            Observer::Seat(s) => Some(s),
            Observer::Public => None,
        };
        if scene.viewer != viewer {
            return Err(format!("picture for {observer:?} is {:?}'s", scene.viewer));
        }
        if scene.seats.len() != game.seats()
            || scene.seats.iter().enumerate().any(|(i, p)| p.seat != i)
        {
            return Err(format!(
                "picture for {observer:?} has seats {:?}",
                scene.seats.iter().map(|p| p.seat).collect::<Vec<_>>()
            ));
        }
        let shown: CardSet = scene.face_up().into_iter().collect();
        let leaked = shown.difference(visible(zones, observer));
        if !leaked.is_empty() {
            return Err(format!(
                "picture for {observer:?} shows hidden cards {leaked:?}"
            ));
        }
        if let Some(hand) = &scene.hand {
            let own: CardSet = viewer
                .map(|s| hands[s].iter().copied().collect())
                .unwrap_or_default();
            let stray: Vec<Card> = hand
                .cards()
                .map(|h| h.card)
                .filter(|c| !own.contains(*c))
                .collect();
            if !stray.is_empty() {
                return Err(format!(
                    "picture for {observer:?} holds {stray:?} in its hand, which it does not hold"
                ));
            }
        }
    }
    Ok(())
}

/// Every message of a picture: notes, captions, words on cards, seat lines.
fn picture_msgs(scene: &pakka_rules::Scene) -> Vec<pakka_text::Msg> {
    let piles = scene
        .middle
        .iter()
        .chain(scene.seats.iter().flat_map(|p| p.piles.iter()));
    let mut out: Vec<pakka_text::Msg> = scene.notes.clone();
    for p in piles {
        out.extend(p.label.iter().cloned());
        out.extend(p.on_top.iter().cloned());
    }
    out.extend(scene.seats.iter().flat_map(|p| p.lines.iter().cloned()));
    out
}

fn check_round_trip(info: &GameInfo, game: &dyn AnyGame) -> Result<(), String> {
    let state = game.state_json();
    let text = serde_json::to_string(&state).map_err(|e| e.to_string())?;
    let back: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let restored = info
        .restore(back)
        .map_err(|e| format!("restore failed: {e}"))?;
    if restored.state_json() != state {
        return Err("serialize → deserialize changed the state".into());
    }
    Ok(())
}

fn check_determinization(
    game: &dyn AnyGame,
    deck: CardSet,
    rng: &mut ChaCha8Rng,
) -> Result<(), String> {
    for seat in 0..game.seats() {
        let mut det_rng = ChaCha8Rng::seed_from_u64(rng.random());
        let det = game.determinize_box(seat, &mut det_rng);
        let observer = Observer::Seat(seat);
        if det.view_json(observer) != game.view_json(observer) {
            return Err(format!("determinization for seat {seat} changes its view"));
        }
        if det.status() != game.status() || det.legal_json(seat) != game.legal_json(seat) {
            return Err(format!(
                "determinization for seat {seat} changes status or legal actions"
            ));
        }
        check_cards(det.as_ref(), deck)
            .map_err(|e| format!("determinization for seat {seat}: {e}"))?;
    }
    Ok(())
}

/// Actions outside a seat's legal list are refused, and the state is unchanged. The state is
/// compared once after all the samples (serializing it is most of this check's cost); when it
/// changed, the refusals are tried again one by one on the state as it was, to name the one.
fn check_unlisted(
    game: &mut dyn AnyGame,
    space: &[Value],
    samples: usize,
    rng: &mut ChaCha8Rng,
) -> Result<(), String> {
    if space.is_empty() {
        return Ok(());
    }
    let original = game.clone_box();
    let mut refused = Vec::new();
    for _ in 0..samples {
        let seat = rng.random_range(0..game.seats());
        let action = space.choose(rng).ok_or("empty action space")?;
        if game
            .legal_json(seat)
            .contains(&game.normalize_json(seat, action))
        {
            continue;
        }
        match game.act_json(seat, action) {
            Ok(events) => {
                return Err(format!(
                    "unlisted action {action} by seat {seat} applied: {events:?}"
                ))
            }
            Err(refusal) => catalog()
                .check(&refusal.msg())
                .map_err(|e| format!("refusal of {action} by seat {seat}: {e}"))?,
        }
        refused.push((seat, action));
    }
    if refused.is_empty() {
        return Ok(());
    }
    let before = original.state_json();
    if game.state_json() == before {
        return Ok(());
    }
    let mut probe = original;
    for (seat, action) in refused {
        let _ = probe.act_json(seat, action);
        if probe.state_json() != before {
            return Err(format!(
                "refused action {action} by seat {seat} changed the state"
            ));
        }
    }
    Err("refused actions changed the state, though none did alone".into())
}
