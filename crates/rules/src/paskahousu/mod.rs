//! Paskahousu, exactly as `docs/rules/paskahousu.md` §2.2, on the pile engine the two
//! shedding games share (`shedding.rs`). Options: `open_any_card` (default false: a new pile
//! may not start with J, Q or K), `draw_and_try` (default true), `court_min_top` (`"7"` by
//! default, or `"6"`).
//!
//! Choices and literal readings: everyone holds five cards, refilled after every play while the
//! stock lasts [C]; the first player has the most 3s (else 4s, …; ties go clockwise from the
//! dealer's left) and must open with all of them, even a rank that could not start a pile [C];
//! a 10 or an ace played on an empty pile (not as four of a kind) is picked up at once by the
//! next active player, who is skipped — also when it was the player's last card [S, C]; a card
//! revealed by draw-and-try is played alone when it may be, else it and the pile go to the hand
//! [A]; once every card of ranks `court_min_top`–9 has left the game, J, Q and K may start a
//! pile (the dead court cards rule) [C]; a player with no move (empty pile, nothing to draw, only
//! court cards) passes, and when every active player is in that position the player to move may
//! play any card [C]; two to six players [C]. The game has no scores (`scores: null`); the
//! ranking is the finishing order with the loser last; the shared stalemate bound (see
//! `shedding.rs`) ends a game in which nothing happens for `STALEMATE_ACTIONS` actions [C].
//!
//! The `normal` computer player is the shared rule of thumb of `shedding.rs` with
//! `Weights::PASKAHOUSU` (see `heuristic.rs`).
//!
//! This folder: `mod.rs` the rules (state, actions, views), `present.rs` what people are told,
//! `heuristic.rs` the rule of thumb, `tests.rs` the rules file's acceptance cases.

mod heuristic;
mod present;

use rand::RngCore;
use serde::{Deserialize, Serialize};

use super::options::{OptionSpec, OptionsSpec};

use super::shedding::{
    self, any_play, in_game_order, normalize_play, play_rank, push_plays, rank_cards, Action, Core,
    CourtMinTop, Legality, TableView,
};
use super::{
    deal_batches, seats_from, DeckSource, Events, Game, Observer, Seat, Seen, Setup, SetupError,
    Zone,
};
use pakka_cards::{standard52, Card, Rank};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Any rank may start a pile (otherwise J, Q and K may not).
    pub open_any_card: bool,
    /// The draw-and-try action.
    pub draw_and_try: bool,
    /// The lowest top card on which J, Q and K may be played.
    pub court_min_top: CourtMinTop,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            open_any_card: false,
            draw_and_try: true,
            court_min_top: CourtMinTop::Seven,
        }
    }
}

impl OptionsSpec for Options {
    const SPEC: &'static [OptionSpec] = &[
        OptionSpec::flag("open_any_card", false),
        OptionSpec::flag("draw_and_try", true),
        OptionSpec::choice("court_min_top", &["7", "6"]),
    ];
}

/// What happened, for everyone: Paskahousu's plays and takes, and what both shedding games tell
/// alike. Every card named was face up (or just turned face up).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// Cards put on the pile; `drawn` when it was the card turned by draw-and-try.
    Played {
        seat: Seat,
        cards: Vec<Card>,
        drawn: bool,
    },
    /// The pile went into the seat's hand: taken, after a failed draw, or `forced` by a 10 or
    /// an ace played on an empty pile.
    Took {
        seat: Seat,
        cards: Vec<Card>,
        forced: bool,
    },
    /// Drawing, refilling, clearing, passing, going out and the end, in their own shapes.
    #[serde(untagged)]
    Shared(shedding::Event),
}

/// Why an action is refused: the reasons both shedding games share, and Paskahousu's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    Shedding(shedding::Refusal),
    /// A face-down card tried: Paskahousu has none.
    NoFaceDown,
    /// Draw at a table without draw-and-try.
    NoDrawAndTry,
}

shedding::wraps_shared!();

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Paskahousu {
    options: Options,
    dealer: Seat,
    core: Core,
    source: DeckSource,
}

/// Whether `seat` has any move: a pile to take, a card to draw, or a rank it may play.
fn has_move(core: &Core, seat: Seat, legality: Legality, draw: bool) -> bool {
    !core.pile.is_empty()
        || (draw && !core.stock.is_empty())
        || any_play(core.hands[seat], |r| legality.allows(r, core.top()))
}

impl Paskahousu {
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    pub fn core(&self) -> &Core {
        &self.core
    }

    /// Once every card of ranks `court_min_top`–9 has left the game, J, Q and K could never be
    /// played again: from then on they may start a pile.
    pub fn courts_dead(&self) -> bool {
        let low = self.options.court_min_top.rank().number();
        (low..=Rank::Nine.number())
            .filter_map(Rank::from_number)
            .all(|r| rank_cards(r).is_subset(self.core.cleared))
    }

    fn legality(&self) -> Legality {
        Legality {
            court_min_top: self.options.court_min_top.rank(),
            courts_on_empty: self.options.open_any_card || self.courts_dead(),
        }
    }

    fn may_play(&self, rank: Rank) -> bool {
        self.core.free_play || self.legality().allows(rank, self.core.top())
    }

    /// The turn goes to the first seat from `start` with a move (see `Core::advance`).
    fn next_turn(&mut self, start: Seat, events: &mut Events<'_, Event>) {
        let legality = self.legality();
        let draw = self.options.draw_and_try;
        self.core
            .advance(start, |core, s| has_move(core, s, legality, draw), events);
    }

    /// Puts cards (already out of the seat's hand) on the pile and runs everything after it:
    /// refill, clearing, going out, the empty-pile ace/ten pick-up, the next turn.
    fn play(&mut self, seat: Seat, cards: &[Card], drawn: bool, events: &mut Events<'_, Event>) {
        let empty_before = self.core.pile.is_empty();
        let rank = cards[0].rank();
        let cleared = self.core.land(cards);
        events.tell(|| Event::Played {
            seat,
            cards: cards.to_vec(),
            drawn,
        });
        self.core.after_landing(seat, cleared, false, events);
        if cleared.is_some() {
            // The same player opens the new pile, or the next one if the clear took them out.
            let start = if self.core.is_active(seat) {
                seat
            } else {
                self.core.next_active(seat)
            };
            self.next_turn(start, events);
        } else if empty_before && matches!(rank, Rank::Ten | Rank::Ace) {
            let picker = self.core.next_active(seat);
            events.tell(|| Event::Took {
                seat: picker,
                cards: self.core.pile.clone(),
                forced: true,
            });
            self.core.take_pile(picker);
            let start = self.core.next_active(picker);
            self.next_turn(start, events);
        } else {
            let start = self.core.next_active(seat);
            self.next_turn(start, events);
        }
    }

    /// The pile (and a drawn card that may not be played) goes into the seat's hand; the turn
    /// passes.
    fn take(&mut self, seat: Seat, drawn: Option<Card>, events: &mut Events<'_, Event>) {
        events.tell(|| Event::Took {
            seat,
            cards: self.core.pile.iter().copied().chain(drawn).collect(),
            forced: false,
        });
        self.core.take_pile(seat);
        if let Some(card) = drawn {
            self.core.hands[seat].insert(card);
        }
        let start = self.core.next_active(seat);
        self.next_turn(start, events);
    }

    /// `Game::advance`: runs a listed action and every automatic step after it, telling
    /// `events` what happened (a playout's quiet sink builds nothing).
    fn run(&mut self, seat: Seat, action: &Action, events: &mut Events<'_, Event>) {
        match action {
            Action::Play(cards) => {
                self.core.opening = None;
                for &c in cards.iter() {
                    self.core.hands[seat].remove(c);
                }
                self.play(seat, cards, false, events);
            }
            Action::Take => self.take(seat, None, events),
            Action::Draw => {
                if let Some(card) = self.core.reveal() {
                    events.tell(|| shedding::Event::Drew { seat, card }.into());
                    if self.may_play(card.rank()) {
                        self.play(seat, &[card], true, events);
                    } else {
                        self.take(seat, Some(card), events);
                    }
                }
            }
            Action::Flip(_) => {}
        }
        self.core.after_action(self.measure(), events);
    }

    fn measure(&self) -> usize {
        self.core.base_measure()
    }
}

/// What one observer may see of a Paskahousu table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The observer's hand in the games' order; empty for the public.
    pub hand: Vec<Card>,
    pub observer: Observer,
    pub dealer: Seat,
    /// Whose turn it is; `None` once over.
    pub turn: Option<Seat>,
    pub hand_sizes: Vec<usize>,
    /// The pile, the stock, who is out and how the game stands, as both games show them.
    #[serde(flatten)]
    pub table: TableView,
    pub open_any_card: bool,
    pub draw_and_try: bool,
    /// 6 or 7.
    pub court_min_top: u8,
    pub courts_dead: bool,
}

impl Game for Paskahousu {
    crate::game_head! {
        id: "paskahousu", aliases: [], seats: (2, 6), seed: 4;
        arena_seats: 2, replay_seats: 3, people: 3, computers: 0, load_people: 3;
        picture seats: 3, options: "", moves: 10, hand: 1
    }

    fn configurations() -> Vec<(Options, usize)> {
        let default = Options::default();
        vec![
            (default.clone(), 2),
            (default.clone(), 4),
            (default.clone(), 6),
            (
                Options {
                    open_any_card: true,
                    draw_and_try: false,
                    court_min_top: CourtMinTop::Six,
                },
                3,
            ),
            (
                Options {
                    draw_and_try: false,
                    ..default
                },
                5,
            ),
        ]
    }

    fn new(options: Options, seats: usize, setup: Setup) -> Result<Self, SetupError> {
        let full = standard52();
        let (mut source, dealer) = DeckSource::new(setup, &full, seats)?;
        let deck = source.next_deck(&full);
        let first = (dealer + 1) % seats;
        let mut cards = deck.into_iter();
        let hands = deal_batches(&mut cards, &seats_from(first, seats), seats, &[1; 5]);
        let core = Core::new(hands, cards.collect(), first);
        let mut game = Paskahousu {
            options,
            dealer,
            core,
            source,
        };
        game.core.measure = game.measure();
        Ok(game)
    }

    shedding::from_core!();

    fn legal_into(&self, seat: Seat, actions: &mut Vec<Action>) {
        if !self.core.legal_start(seat, actions) {
            return;
        }
        let (legality, top, free) = (self.legality(), self.core.top(), self.core.free_play);
        push_plays(actions, self.core.hands[seat], |r| {
            free || legality.allows(r, top)
        });
        self.core.push_take_draw(actions, self.options.draw_and_try);
    }

    fn normalize(&self, seat: Seat, action: &Action) -> Action {
        match action {
            Action::Play(cards) => self
                .core
                .hands
                .get(seat)
                .and_then(|&hand| normalize_play(hand, cards))
                .unwrap_or_else(|| action.clone()),
            other => other.clone(),
        }
    }

    fn refusal(&self, seat: Seat, action: &Action) -> Refusal {
        if let Some(why) = self.core.opening_refusal() {
            if !matches!(action, Action::Flip(_)) {
                return why.into();
            }
        }
        match action {
            Action::Flip(_) => Refusal::NoFaceDown,
            Action::Take => shedding::Refusal::NothingToTake.into(),
            Action::Draw if !self.options.draw_and_try => Refusal::NoDrawAndTry,
            Action::Draw => shedding::Refusal::NothingToDraw.into(),
            Action::Play(cards) => match play_rank(cards) {
                Err(why) => why.into(),
                Ok(rank) => match cards.iter().find(|&&c| !self.core.hands[seat].contains(c)) {
                    Some(&c) => shedding::Refusal::NotHeld(c).into(),
                    None => self.legality().refusal(rank, self.core.top()).into(),
                },
            },
        }
    }

    fn advance(&mut self, seat: Seat, action: &Action, events: &mut Events<'_, Event>) {
        self.run(seat, action, events);
    }

    fn view(&self, observer: Observer) -> View {
        let hand = match observer {
            Observer::Seat(s) if s < self.seats() => in_game_order(self.core.hands[s]),
            _ => Vec::new(),
        };
        View {
            hand,
            observer,
            dealer: self.dealer,
            turn: (!self.core.is_over()).then_some(self.core.turn),
            hand_sizes: self.core.hand_sizes(),
            table: self.core.table_view(),
            open_any_card: self.options.open_any_card,
            draw_and_try: self.options.draw_and_try,
            court_min_top: self.options.court_min_top.rank().number(),
            courts_dead: self.courts_dead(),
        }
    }

    fn zones(&self) -> Vec<Zone> {
        let mut zones: Vec<Zone> = (0..self.seats())
            .map(|s| {
                Zone::new(
                    format!("hand {s}"),
                    in_game_order(self.core.hands[s]),
                    Seen::Only(s),
                )
            })
            .collect();
        zones.extend(self.core.table_zones());
        zones
    }

    fn hands(&self) -> Vec<Vec<Card>> {
        self.core.hands.iter().map(|&h| in_game_order(h)).collect()
    }

    fn determinize(&self, seat: Seat, rng: &mut dyn RngCore) -> Self {
        let mut game = self.clone();
        game.core.redeal_unseen(seat, Vec::new(), rng);
        game.source.reseed(rng);
        game
    }
}

#[cfg(test)]
mod tests;
