//! The contract every game implements: the [`Game`] trait, and the types it speaks in (`Seat`,
//! `Observer`, `Seen`, `Zone`, `Status`, `RuleError`), with the macros that write a game's
//! `impl Game` head and accessors once.
//!
//! ## The contract of a `Game` state
//! - `to_act_into` lists the seats whose decision the game waits for, the turn owner first; it
//!   is empty exactly when `is_over`. Steps that need no decision run inside `advance`.
//! - `legal_into(seat)` lists that seat's actions, never empty for a seat to act, empty for
//!   every other seat.
//! - `advance` applies a listed action and tells its public events to an [`Events`] sink,
//!   which builds none in a playout. `to_act`, `legal_actions` and `apply_checked` are the
//!   same three as new lists, derived once here.
//! - `apply` refuses, with a `RuleError` and without changing anything, an action by a seat not
//!   to act, an illegal action, or any action once the game is over.
//! - `view(observer)` holds only what that observer may see; the Discord layer renders only views.
//! - `zones` puts every card of the game's deck in exactly one place, tagged with who may see it.
//! - `determinize(seat, rng)` returns a full state whose `view(seat)` equals this one's.
//!
//! ## A whole game
//!
//! The contract in full, on a game small enough to read at once (it is no game of the registry):
//! Nim over five cards. The cards lie face up in a row; in turn each seat takes one or two from
//! its front, and whoever takes the last card wins. Nothing is hidden, so `determinize` has only
//! future deals to reseed; and its rule of thumb names no branch (`NoReason`).
//!
//! ```
//! use pakka_cards::Card;
//! use pakka_rules::{
//!     DeckSource, Events, Game, Heuristic, NoOptions, NoReason, Observer, Pictured, RuleError,
//!     Seat, Seen, Setup, SetupError, Showcase, Status, Zone,
//! };
//! use rand::{RngCore, SeedableRng};
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
//! struct Nim {
//!     options: NoOptions,
//!     row: Vec<Card>,
//!     taken: [Vec<Card>; 2],
//!     turn: Seat,
//!     source: DeckSource,
//! }
//!
//! /// Take this many cards from the front of the row.
//! #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
//! struct Take(usize);
//!
//! #[derive(Clone, Debug, PartialEq)]
//! enum Refusal {
//!     OneOrTwo { left: usize },
//! }
//!
//! #[derive(Clone, Debug, PartialEq, Serialize)]
//! struct Took {
//!     seat: Seat,
//!     cards: Vec<Card>,
//! }
//!
//! #[derive(Clone, Debug, PartialEq, Serialize)]
//! struct View {
//!     /// The cards the observer has taken.
//!     hand: Vec<Card>,
//!     row: Vec<Card>,
//!     turn: Option<Seat>,
//! }
//!
//! fn deck() -> Vec<Card> {
//!     pakka_cards::parse_cards("AS 2S 3S 4S 5S").unwrap()
//! }
//!
//! impl Game for Nim {
//!     type Options = NoOptions;
//!     type Refusal = Refusal;
//!     type Action = Take;
//!     type Event = Took;
//!     type View = View;
//!
//!     const ID: &'static str = "nim";
//!     const ALIASES: &'static [&'static str] = &[];
//!     const SEATS: (usize, usize) = (2, 2);
//!     const SHOWCASE: Showcase = Showcase {
//!         seed: 1,
//!         arena_seats: 2,
//!         replay_seats: 2,
//!         people: 2,
//!         computers: 0,
//!         load_people: 2,
//!         picture: Pictured { seats: 2, options: "", moves: 1, hand: 0 },
//!     };
//!
//!     fn new(options: NoOptions, seats: usize, setup: Setup) -> Result<Nim, SetupError> {
//!         let (mut source, dealer) = DeckSource::new(setup, &deck(), seats)?;
//!         let row = source.next_deck(&deck());
//!         let turn = (dealer + 1) % 2;
//!         Ok(Nim { options, row, taken: Default::default(), turn, source })
//!     }
//!
//!     fn options(&self) -> &NoOptions {
//!         &self.options
//!     }
//!
//!     fn seats(&self) -> usize {
//!         2
//!     }
//!
//!     fn is_over(&self) -> bool {
//!         self.row.is_empty()
//!     }
//!
//!     fn to_act_into(&self, out: &mut Vec<Seat>) {
//!         out.clear();
//!         if !self.is_over() {
//!             out.push(self.turn);
//!         }
//!     }
//!
//!     fn legal_into(&self, seat: Seat, out: &mut Vec<Take>) {
//!         out.clear();
//!         if seat == self.turn {
//!             out.extend((1..=self.row.len().min(2)).map(Take));
//!         }
//!     }
//!
//!     fn advance(&mut self, seat: Seat, &Take(n): &Take, events: &mut Events<'_, Took>) {
//!         let cards: Vec<Card> = self.row.drain(..n).collect();
//!         self.taken[seat].extend(&cards);
//!         events.tell(|| Took { seat, cards });
//!         self.turn = 1 - seat;
//!     }
//!
//!     fn refusal(&self, _seat: Seat, _action: &Take) -> Refusal {
//!         Refusal::OneOrTwo { left: self.row.len() }
//!     }
//!
//!     fn view(&self, observer: Observer) -> View {
//!         View {
//!             hand: observer.seat().map_or(Vec::new(), |s| self.taken[s].clone()),
//!             row: self.row.clone(),
//!             turn: (!self.is_over()).then_some(self.turn),
//!         }
//!     }
//!
//!     fn status(&self) -> Status {
//!         // Once over, the seat to move next is the one that did not take the last card.
//!         let ranking = self.is_over().then(|| vec![vec![1 - self.turn], vec![self.turn]]);
//!         Status::of(self, None, ranking)
//!     }
//!
//!     fn zones(&self) -> Vec<Zone> {
//!         let mut zones = vec![Zone::new("row", self.row.iter().copied(), Seen::All)];
//!         for (s, taken) in self.taken.iter().enumerate() {
//!             zones.push(Zone::new(format!("taken {s}"), taken.iter().copied(), Seen::All));
//!         }
//!         zones
//!     }
//!
//!     fn hands(&self) -> Vec<Vec<Card>> {
//!         self.taken.to_vec()
//!     }
//!
//!     fn action_space(&self) -> Vec<Take> {
//!         (0..=3).map(Take).collect()
//!     }
//!
//!     fn determinize(&self, _seat: Seat, rng: &mut dyn RngCore) -> Nim {
//!         let mut game = self.clone();
//!         game.source.reseed(rng);
//!         game
//!     }
//! }
//!
//! impl Heuristic for Nim {
//!     type Reason = NoReason;
//!
//!     /// Leave the other seat a multiple of three, where it can.
//!     fn rule_of_thumb(&self, _seat: Seat, legal: &[Take], _rng: &mut dyn RngCore) -> usize {
//!         legal.iter().position(|&Take(n)| (self.row.len() - n) % 3 == 0).unwrap_or(0)
//!     }
//! }
//!
//! // The row as dealt (seat 1 deals, so seat 0 starts): A♠ 2♠ 3♠ 4♠ 5♠.
//! let mut game = Nim::new(NoOptions::default(), 2, Setup::deck(1, deck())).unwrap();
//! assert_eq!(game.to_act(), [0]);
//! assert_eq!(game.legal_actions(0), [Take(1), Take(2)]);
//! assert!(game.legal_actions(1).is_empty());
//! assert!(matches!(game.apply(1, &Take(1)), Err(RuleError::NotYourTurn { seat: 1, .. })));
//! assert_eq!(
//!     game.apply(0, &Take(3)),
//!     Err(RuleError::Illegal(Refusal::OneOrTwo { left: 5 }))
//! );
//!
//! // Each seat plays its rule of thumb until the game is over: seat 0 takes two and leaves three,
//! // and wins whatever seat 1 does.
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
//! while let Some(&seat) = game.to_act().first() {
//!     let legal = game.legal_actions(seat);
//!     let choice = game.rule_of_thumb(seat, &legal, &mut rng);
//!     game.apply(seat, &legal[choice]).unwrap();
//! }
//! assert_eq!(game.hands()[0].len() + game.hands()[1].len(), 5);
//! assert_eq!(game.status().ranking, Some(vec![vec![0], vec![1]]));
//! assert_eq!(game.apply(1, &Take(1)), Err(RuleError::GameOver));
//!
//! // Every view is the observer's own: the public holds no hand.
//! assert!(game.view(Observer::Public).hand.is_empty());
//! assert_eq!(game.view(Observer::Seat(0)).hand, game.hands()[0]);
//! ```

use std::fmt;
use std::hash::Hash;

use rand::RngCore;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use pakka_cards::{Card, CardSet};
use pakka_text::{key, list, msg, Msg};

use crate::setup::{Setup, SetupError};
use crate::showcase::Showcase;
use crate::Events;

/// A seat at the table, numbered `0..n` in the order of play.
pub type Seat = usize;

/// Who is looking at a game: one seat, or the public (everyone watching the channel).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Observer {
    Seat(Seat),
    Public,
}

impl Observer {
    /// The observing seat; `None` for the public.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Observer::Seat(s) => Some(s),
            Observer::Public => None,
        }
    }

    /// Whether this observer may see a card in a zone seen by `seen`.
    pub fn sees(self, seen: Seen) -> bool {
        match (seen, self) {
            (Seen::All, _) => true,
            (Seen::Nobody, _) => false,
            (Seen::Only(s), Observer::Seat(o)) => s == o,
            (Seen::AllBut(s), Observer::Seat(o)) => s != o,
            (Seen::Only(_) | Seen::AllBut(_), Observer::Public) => false,
        }
    }

    /// A view's `hand`: the observing seat's cards among the per-seat `hands`, in card order,
    /// when it may see them (`seen`: who sees a seat's hand); empty for the public and for a
    /// hand hidden from its own seat.
    pub fn own_hand(self, hands: &[CardSet], seen: impl Fn(Seat) -> Seen) -> Vec<Card> {
        match self {
            Observer::Seat(s) if s < hands.len() && self.sees(seen(s)) => hands[s].to_vec(),
            _ => Vec::new(),
        }
    }
}

/// Who may see the faces of the cards in a zone.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seen {
    /// Face up.
    All,
    /// Only this seat (a hand).
    Only(Seat),
    /// Every seat but this one (Whist 22's blind round).
    AllBut(Seat),
    /// Face down to everyone (a stock).
    Nobody,
}

/// A place where cards are: a hand, a stock, a pile, a trick, out of play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Zone {
    pub name: String,
    pub cards: Vec<Card>,
    pub seen: Seen,
}

impl Zone {
    pub fn new(name: impl Into<String>, cards: impl IntoIterator<Item = Card>, seen: Seen) -> Zone {
        Zone {
            name: name.into(),
            cards: cards.into_iter().collect(),
            seen,
        }
    }
}

/// Where a game stands: the shape of the engine console's `status` object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Status {
    /// The seats whose decision the game waits for, turn owner first; empty once over.
    pub to_act: Vec<Seat>,
    pub over: bool,
    /// The current deal of a match, from 1.
    pub deal: u32,
    /// Running match totals per seat, where the game keeps them.
    pub scores: Option<Vec<i64>>,
    /// Seats from best to worst once over, ties sharing a list.
    pub ranking: Option<Vec<Vec<Seat>>>,
}

impl Status {
    /// A game's status from what the game already answers (the seats to act, whether it is
    /// over, the deal) and its match totals and ranking: the fields can never disagree with
    /// `to_act`, `is_over` and `deal_number`.
    pub fn of<G: Game>(
        game: &G,
        scores: Option<Vec<i64>>,
        ranking: Option<Vec<Vec<Seat>>>,
    ) -> Status {
        Status {
            to_act: game.to_act(),
            over: game.is_over(),
            deal: game.deal_number(),
            scores,
            ranking,
        }
    }
}

/// Why an action was refused, with the game's own typed reason for an illegal action (`R`, the
/// game's `Refusal`; `Msg` once a game is behind `AnyGame`). Worded by the catalog, never here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError<R> {
    GameOver,
    NotYourTurn { seat: Seat, to_act: Vec<Seat> },
    Illegal(R),
}

impl<R> RuleError<R> {
    /// The same refusal with the illegal-action reason turned into another type.
    pub fn map<S>(self, f: impl FnOnce(R) -> S) -> RuleError<S> {
        match self {
            RuleError::GameOver => RuleError::GameOver,
            RuleError::NotYourTurn { seat, to_act } => RuleError::NotYourTurn { seat, to_act },
            RuleError::Illegal(r) => RuleError::Illegal(f(r)),
        }
    }
}

impl RuleError<Msg> {
    /// The refusal as a message for the player.
    pub fn msg(&self) -> Msg {
        match self {
            RuleError::GameOver => msg!("rule-game-over"),
            RuleError::NotYourTurn { seat, to_act } => msg!(
                "rule-not-your-turn",
                seat = *seat,
                to_act = list(
                    to_act.iter().map(|&s| msg!("rule-seat", n = s)).collect(),
                    key!("sep-or")
                ),
                waiting = to_act.len()
            ),
            RuleError::Illegal(m) => m.clone(),
        }
    }
}

/// One game's rules. See the module documentation for the contract.
pub trait Game:
    Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// House rules and variants, with the rules file's names and defaults.
    type Options: Clone
        + fmt::Debug
        + Default
        + PartialEq
        + Serialize
        + DeserializeOwned
        + Send
        + Sync;
    /// Why an illegal action is refused: the game's typed reasons, worded by its `Present`.
    type Refusal: Clone + fmt::Debug + PartialEq + Send + Sync;
    /// A decision of one seat, in the engine console's JSON shape.
    type Action: Clone
        + fmt::Debug
        + PartialEq
        + Eq
        + Hash
        + Serialize
        + DeserializeOwned
        + Send
        + Sync;
    /// What happened, for everyone: events carry only public information.
    type Event: Clone + fmt::Debug + PartialEq + Serialize + Send + Sync;
    /// What one observer may see. Always has a `hand` field (the observer's visible hand).
    type View: Clone + fmt::Debug + PartialEq + Serialize + Send + Sync;

    /// The id used by `/play` and the engine.
    const ID: &'static str;
    /// Other accepted names.
    const ALIASES: &'static [&'static str];
    /// The fewest and most seats any option allows.
    const SEATS: (usize, usize);
    /// The fixed tables every suite outside the game's folder plays it at (the arena's, the
    /// replay fixture's, the end-to-end and load tests', the reference pictures'), which the
    /// registry lists ([`registry::SHOWCASES`](crate::registry::SHOWCASES)).
    const SHOWCASE: Showcase;
    /// Whether a tournament may play its rounds as duplicate (every table the same deal): a
    /// trick game, where holding the same cards makes seats comparable.
    const DUPLICATE: bool = false;

    /// The team a seat plays in for ratings: the seat itself (every seat plays for itself), or
    /// one number per fixed partnership, whose partners win or lose together (Teka).
    fn team_of(seat: Seat) -> Seat {
        seat
    }

    /// The fewest and most seats these options allow ([`check_seats`](crate::check_seats)
    /// refuses the rest).
    fn seat_range(_options: &Self::Options) -> (usize, usize) {
        Self::SEATS
    }

    /// Representative tables: every variant at every seat count it allows. The conformance
    /// suite and the benchmarks run over these. The default, for a game without variants: the
    /// default options at every seat count of `SEATS`.
    fn configurations() -> Vec<(Self::Options, usize)> {
        (Self::SEATS.0..=Self::SEATS.1)
            .map(|n| (Self::Options::default(), n))
            .collect()
    }

    /// Deals the first deal. Refuses options the game does not allow and explicit decks that
    /// are not exactly the game's deck; the seat count is checked before, by
    /// [`check_seats`](crate::check_seats).
    fn new(options: Self::Options, seats: usize, setup: Setup) -> Result<Self, SetupError>;

    fn options(&self) -> &Self::Options;
    fn seats(&self) -> usize;
    fn is_over(&self) -> bool;

    // The three methods below are the contract's hot loop: a search's playouts
    // (`AnyGame::rollout`) run them and nothing else, so they fill the caller's buffers and
    // build no event a playout does not ask for. The allocating forms (`to_act`,
    // `legal_actions`, `apply_checked`) are derived from them below and games do not override
    // them; the conformance suite checks that every game's forms agree.

    /// The seats whose decision the game waits for, turn owner first, into `out` (cleared
    /// first); none once over.
    fn to_act_into(&self, out: &mut Vec<Seat>);

    /// The seat's legal actions in a stable order into `out` (cleared first); none for a seat
    /// not to act.
    fn legal_into(&self, seat: Seat, out: &mut Vec<Self::Action>);

    /// Applies an action already checked by [`Game::check`] and every automatic step after it,
    /// telling `events` what happened, in order. A playout passes [`Events::quiet`], and then
    /// no event is built.
    fn advance(&mut self, seat: Seat, action: &Self::Action, events: &mut Events<'_, Self::Event>);

    /// Why `action` is not legal for `seat` now. Only called for illegal actions.
    fn refusal(&self, seat: Seat, action: &Self::Action) -> Self::Refusal;

    /// [`Game::to_act_into`] as a new list.
    fn to_act(&self) -> Vec<Seat> {
        let mut out = Vec::new();
        self.to_act_into(&mut out);
        out
    }

    /// [`Game::legal_into`] as a new list.
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action> {
        let mut out = Vec::new();
        self.legal_into(seat, &mut out);
        out
    }

    /// [`Game::advance`] answering its events.
    fn apply_checked(&mut self, seat: Seat, action: &Self::Action) -> Vec<Self::Event> {
        let mut out = Vec::new();
        self.advance(seat, action, &mut Events::to(&mut out));
        out
    }

    /// The listed form of an action that the game accepts in several spellings (shedding
    /// games accept any cards of a rank where `legal_actions` names the first ones in suit
    /// order). The default: every action is its own form.
    fn normalize(&self, _seat: Seat, action: &Self::Action) -> Self::Action {
        action.clone()
    }

    /// The action that plays this one card, in a game whose card play is one card (the engine
    /// protocol's `{"play": CARD}`); `None`, the default, in the others. A held-back card's
    /// hint asks the game's refusal of it (`Presentation::describe`).
    fn card_play(_card: Card) -> Option<Self::Action> {
        None
    }

    /// Refuses what may not be applied now. The default accepts exactly `legal_actions`, up to
    /// `normalize`.
    fn check(&self, seat: Seat, action: &Self::Action) -> Result<(), RuleError<Self::Refusal>> {
        if self.is_over() {
            return Err(RuleError::GameOver);
        }
        let to_act = self.to_act();
        if !to_act.contains(&seat) {
            return Err(RuleError::NotYourTurn { seat, to_act });
        }
        if self
            .legal_actions(seat)
            .contains(&self.normalize(seat, action))
        {
            Ok(())
        } else {
            Err(RuleError::Illegal(self.refusal(seat, action)))
        }
    }

    /// Applies an action, or refuses it and changes nothing.
    fn apply(
        &mut self,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, RuleError<Self::Refusal>> {
        self.check(seat, action)?;
        Ok(self.apply_checked(seat, action))
    }

    fn view(&self, observer: Observer) -> Self::View;
    fn status(&self) -> Status;

    /// Every card of the game's deck, each in exactly one zone.
    fn zones(&self) -> Vec<Zone>;
    /// The cards each seat holds, for the engine's `state` (`hands`).
    fn hands(&self) -> Vec<Vec<Card>>;
    /// Every action of the game's vocabulary at this table, legal now or not: used by tests and
    /// fuzzing to try unlisted actions.
    fn action_space(&self) -> Vec<Self::Action>;

    /// A full state consistent with everything `seat` may see, the hidden cards redealt at
    /// random and unseen future deals reseeded.
    fn determinize(&self, seat: Seat, rng: &mut dyn RngCore) -> Self;

    /// The current deal of a match, from 1 (`status().deal`, which [`Status::of`] reads from
    /// here). 1 by default: a game of one deal says nothing.
    fn deal_number(&self) -> u32 {
        1
    }
}

/// The head of a game's `impl Game`, written once: the five associated types (every game names
/// its own `Options`, `Refusal`, `Action`, `Event` and `View` so, and each maps to the type of
/// the same name in scope), its `ID`, `ALIASES` and `SEATS`, and its `SHOWCASE` (the fields of
/// [`Showcase`] and then of its [`Pictured`](crate::showcase::Pictured), named as in the structs):
///
/// ```text
/// crate::game_head! {
///     id: "red7", aliases: [], seats: (2, 4), seed: 21;
///     arena_seats: 3, replay_seats: 3, people: 3, computers: 0, load_people: 3;
///     picture seats: 4, options: "", moves: 5, hand: 1
/// }
/// ```
macro_rules! game_head {
    (
        id: $id:literal, aliases: [$($alias:literal),* $(,)?], seats: $seats:expr, seed: $seed:expr;
        $($field:ident: $value:expr),+ ;
        picture $($pfield:ident: $pvalue:expr),+ $(,)?
    ) => {
        type Options = Options;
        type Refusal = Refusal;
        type Action = Action;
        type Event = Event;
        type View = View;

        const ID: &'static str = $id;
        const ALIASES: &'static [&'static str] = &[$($alias),*];
        const SEATS: (usize, usize) = $seats;
        const SHOWCASE: $crate::showcase::Showcase = $crate::showcase::Showcase {
            seed: $seed,
            $($field: $value,)+
            picture: $crate::showcase::Pictured { $($pfield: $pvalue,)+ },
        };
    };
}
pub(crate) use game_head;

/// The accessors of [`Game`] every game writes alike, each an expression over the game: `seats`
/// and `is_over`, with `options` (the game's `options` field); with `deal:`, `deal_number` for a
/// game of several deals; with `turn: field`, also `to_act_into` for a game where one seat acts
/// at a time, the one in that field, until the game is over.
macro_rules! game_accessors {
    (
        seats: |$g:pat_param| $seats:expr, over: |$o:pat_param| $over:expr
        $(, deal: |$d:pat_param| $deal:expr)? $(, turn: $turn:ident)? $(,)?
    ) => {
        fn options(&self) -> &Options {
            &self.options
        }

        fn seats(&self) -> usize {
            let $g = self;
            $seats
        }

        fn is_over(&self) -> bool {
            let $o = self;
            $over
        }

        $(
            fn deal_number(&self) -> u32 {
                let $d = self;
                $deal
            }
        )?

        $(
            #[inline]
            fn to_act_into(&self, out: &mut Vec<$crate::Seat>) {
                out.clear();
                if !self.is_over() {
                    out.push(self.$turn);
                }
            }
        )?
    };
}
pub(crate) use game_accessors;
