//! The rules core: the one `Game` trait every game implements, the types the trait speaks in
//! (`Seat`, `Observer`, `Status`, `Zone`, `RuleError`, `Setup`), dealing from a seed or an
//! explicit deck (`DeckSource`), the type-erased `AnyGame` the registry, the engine console and
//! the table service drive, and one module per game. Everything here is pure and deterministic:
//! no I/O, no clock, no global random number generator; randomness comes from the seed a game was
//! created with (and, for determinization, from the caller's generator).
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

mod dyngame;
mod hash_key;
pub mod kop;
pub mod matapesa;
pub mod options;
pub mod paskahousu;
pub mod paston;
pub mod picture;
pub mod pishe_pasha;
pub mod poytapaska;
pub mod present;
pub mod red7;
pub mod registry;
pub mod shedding;
pub mod showcase;
pub mod teka;
#[cfg(test)]
mod testing;
pub mod trick_play;
pub mod tricks;
pub mod whist22;

use std::collections::VecDeque;
use std::fmt;
use std::hash::Hash;

use rand::seq::SliceRandom;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use pakka_cards::{shuffled, validate_deck, Card, CardSet, DeckError};
use pakka_text::{key, msg};
use pakka_text::{list, verbatim, Msg};

pub use dyngame::{
    ActError, AnyGame, Choice, Engine, Limit, Policy, Presentation, Searchable, Told,
};
pub use picture::Scene;
pub use present::{Present, Row, Tone};
pub use showcase::{Pictured, Showcase};

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

/// The options of a game that has none (Kop, Mätäpesä, Paston): the table's options object is
/// `{}`, and any field in it is refused.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NoOptions {}

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

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{got} seats, not {min}–{max}")]
    Seats {
        game: &'static str,
        got: usize,
        min: usize,
        max: usize,
    },
    /// Options that do not read as the game's options (the reader's own words, verbatim).
    #[error("bad options: {0}")]
    Options(String),
    #[error("bad deck: {0}")]
    Deck(#[from] DeckError),
    #[error("dealer {dealer} of {seats} seats")]
    Dealer { dealer: Seat, seats: usize },
}

impl SetupError {
    /// The refusal as a message for people.
    pub fn msg(&self) -> Msg {
        match self {
            SetupError::Seats {
                game,
                got,
                min,
                max,
            } => msg!(
                "setup-seats",
                game = registry::name_of(game),
                got = *got,
                min = *min,
                max = *max,
                exact = verbatim(if min == max { "yes" } else { "no" })
            ),
            SetupError::Options(detail) => msg!("setup-options", detail = verbatim(detail.clone())),
            SetupError::Deck(DeckError::WrongSize { got, want }) => {
                msg!("setup-deck-size", got = *got, want = *want)
            }
            // Explicit decks are written in notation (`AS`), so their refusals name cards so too.
            SetupError::Deck(DeckError::Doubled(card)) => {
                msg!("setup-deck-doubled", card = verbatim(card.to_string()))
            }
            SetupError::Deck(DeckError::Foreign(card)) => {
                msg!("setup-deck-foreign", card = verbatim(card.to_string()))
            }
            SetupError::Dealer { dealer, seats } => {
                msg!(
                    "setup-dealer",
                    dealer = *dealer,
                    last = seats.saturating_sub(1)
                )
            }
        }
    }
}

/// Refuses a seat count the game does not allow with these options: the one seat-count check
/// of every game, run by the registry before `Game::new`.
pub fn check_seats<G: Game>(options: &G::Options, seats: usize) -> Result<(), SetupError> {
    let (min, max) = G::seat_range(options);
    if (min..=max).contains(&seats) {
        Ok(())
    } else {
        Err(SetupError::Seats {
            game: G::ID,
            got: seats,
            min,
            max,
        })
    }
}

/// How the first deal (and, in a match, later deals) get their cards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Seeds every shuffle and the random dealer.
    pub seed: u64,
    /// The dealer; drawn from the seed when not given.
    pub dealer: Option<Seat>,
    /// Explicit decks, first card on top, one per deal (redeals included) in order.
    pub decks: Vec<Vec<Card>>,
}

impl Setup {
    pub fn seeded(seed: u64) -> Setup {
        Setup {
            seed,
            ..Setup::default()
        }
    }

    /// One explicit deck, dealer as given.
    pub fn deck(dealer: Seat, deck: Vec<Card>) -> Setup {
        Setup {
            seed: 0,
            dealer: Some(dealer),
            decks: vec![deck],
        }
    }
}

/// The source of every deal of a match: the explicit decks first, then seeded shuffles. Kept in
/// a game's state so later deals stay deterministic and the state stays serializable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckSource {
    decks: VecDeque<Vec<Card>>,
    seed: u64,
    /// Random streams used so far; each draw of randomness takes the next stream of the seed.
    streams: u64,
}

impl DeckSource {
    /// Validates the explicit decks against `full_deck` and settles the dealer.
    pub fn new(
        setup: Setup,
        full_deck: &[Card],
        seats: usize,
    ) -> Result<(DeckSource, Seat), SetupError> {
        for deck in &setup.decks {
            validate_deck(deck, full_deck)?;
        }
        let mut source = DeckSource {
            decks: setup.decks.into(),
            seed: setup.seed,
            streams: 0,
        };
        let dealer = match setup.dealer {
            Some(d) if d >= seats => return Err(SetupError::Dealer { dealer: d, seats }),
            Some(d) => d,
            None if source.decks.is_empty() => source.rng().random_range(0..seats),
            None => 0,
        };
        Ok((source, dealer))
    }

    /// A fresh random generator for one random decision of the rules (a shuffle, a cut).
    pub fn rng(&mut self) -> ChaCha8Rng {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(self.streams);
        self.streams += 1;
        rng
    }

    /// The next deal's deck: the next explicit deck, else a shuffle of `full_deck`.
    pub fn next_deck(&mut self, full_deck: &[Card]) -> Vec<Card> {
        match self.decks.pop_front() {
            Some(deck) => deck,
            None => shuffled(full_deck, &mut self.rng()),
        }
    }

    /// [`DeckSource::next_deck`] without allocating for a shuffle: the same deck, as an array
    /// (what a playout's next deal draws; explicit decks are `full_deck`'s length, checked by
    /// `new`).
    pub fn next_deck_in_place<const N: usize>(&mut self, full_deck: &[Card; N]) -> [Card; N] {
        match self.decks.pop_front() {
            Some(deck) => deck.try_into().unwrap_or(*full_deck),
            None => {
                let mut deck = *full_deck;
                deck.shuffle(&mut self.rng());
                deck
            }
        }
    }

    /// Whether an explicit deck is still waiting.
    pub fn has_explicit(&self) -> bool {
        !self.decks.is_empty()
    }

    /// Forgets the explicit decks and reseeds: what a computer player's determinization does
    /// with deals nobody has seen yet.
    pub fn reseed(&mut self, rng: &mut dyn RngCore) {
        self.decks.clear();
        self.seed = rng.next_u64();
        self.streams = 0;
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
    /// registry lists ([`registry::SHOWCASES`]).
    const SHOWCASE: Showcase;

    /// The team a seat plays in for ratings: the seat itself (every seat plays for itself), or
    /// one number per fixed partnership, whose partners win or lose together (Teka).
    fn team_of(seat: Seat) -> Seat {
        seat
    }

    /// The fewest and most seats these options allow ([`check_seats`] refuses the rest).
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
    /// are not exactly the game's deck; the seat count is checked before, by [`check_seats`].
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

    /// `status().deal`: the current deal of a match, from 1.
    fn deal_number(&self) -> u32 {
        self.status().deal
    }
}

/// The head of a game's `impl Game`, written once: the five associated types (every game names
/// its own `Options`, `Refusal`, `Action`, `Event` and `View` so, and each maps to the type of
/// the same name in scope), its `ID`, `ALIASES` and `SEATS`, and its `SHOWCASE` (the fields of
/// [`Showcase`] and then of its [`Pictured`](showcase::Pictured), named as in the structs):
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

/// The accessors of [`Game`] every game writes alike, each an expression over the game: `seats`,
/// `is_over` and `deal_number`, with `options` (the game's `options` field); with `turn: field`,
/// also `to_act_into` for a game where one seat acts at a time, the one in that field, until
/// the game is over.
macro_rules! game_accessors {
    (
        seats: |$g:pat_param| $seats:expr, over: |$o:pat_param| $over:expr,
        deal: |$d:pat_param| $deal:expr $(, turn: $turn:ident)? $(,)?
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

        fn deal_number(&self) -> u32 {
            let $d = self;
            $deal
        }

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

/// Where [`Game::advance`] tells what happened: into a list (what `apply_checked` answers and
/// the engine console prints, in order), or nowhere ([`Events::quiet`], a playout's), and then
/// no event is even built: the rules hand each event over as a closure only a list calls. The
/// one sink every game tells through.
pub struct Events<'a, E> {
    out: Option<&'a mut Vec<E>>,
}

impl<'a, E> Events<'a, E> {
    /// Events appended to `out`.
    pub fn to(out: &'a mut Vec<E>) -> Events<'a, E> {
        Events { out: Some(out) }
    }

    /// No events: a playout's sink, which builds none.
    pub fn quiet() -> Events<'a, E> {
        Events { out: None }
    }

    /// Tells one event, built by `event` only when someone listens.
    pub fn tell(&mut self, event: impl FnOnce() -> E) {
        if let Some(out) = self.out.as_deref_mut() {
            out.push(event());
        }
    }
}

/// Why a rule of thumb chose an action: one kind per line of reasoning the games' rules of
/// thumb follow, decided where they decide (`Heuristic::why`), worded by the catalog (`why-*`)
/// for a hint. The kinds here are those several games share (an only action, the shedding
/// games', the card play of `trick_play`); a game's own are its `Heuristic::Reason`, an enum
/// beside its rule of thumb (`kop::KopWhy`), carried as [`Why::Game`]. Each is true of the
/// action it is given for; a game's `why` answers the branch of its rule of thumb that chose
/// the action, and [`Why::Weighed`] only for an action the rule of thumb did not choose (or a
/// game without a finer account).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Why<G = NoReason> {
    /// The only legal action.
    Only,
    /// The play empties the seat's last cards: it goes out.
    GoOut,
    /// The play clears the pile, and the seat plays again.
    ClearPile,
    /// A lone 10 or ace on an empty pile: the next player picks it up and misses a turn.
    PickUp,
    /// The lowest rank that may go, all of its cards; the high cards wait for high piles.
    ShedLow,
    /// The next player is about to go out: a card that is hard to beat.
    Block,
    /// Draw and try: on average it costs less than taking the pile now.
    DrawAndTry,
    /// Taking the pile: every play would cost more.
    TakePile,
    /// Face-down cards are tried blind, in order.
    Blind,

    // The card play Teka and Paston share (`trick_play`).
    /// The declarer holds the highest trump still out: trumps are drawn.
    DrawTrumps,
    /// The declarer with four or more trumps leads them in the first tricks (Teka).
    LeadTrumps,
    /// A lead that nobody else can beat in its suit: every higher card is in sight.
    LeadMaster,
    /// A lead from the longest side suit.
    LeadLongSuit,
    /// Only trumps may be led.
    LeadTrumpsOnly,
    /// The partner's winning card could still be beaten: a high card goes over it.
    CoverPartner,
    /// The partner is winning the trick: the cheapest card.
    PartnerWins,
    /// No legal card takes the trick: the cheapest one.
    CannotWin,
    /// No opponent plays after: the cheapest card that wins.
    WinCheapest,
    /// Void in the suit led: the lowest trump that wins.
    Ruff,
    /// The partner plays after and no master wins: the cheapest card.
    SecondHandLow,
    /// An opponent plays after: a high card that wins for now.
    WinHigh,

    /// The game's own reason (its `Heuristic::Reason`, beside its rule of thumb): the branch
    /// of a rule of thumb that only that game follows.
    Game(G),

    /// The rule of thumb weighs every choice by what it leaves the seat with, and this one
    /// comes out best (the games that give no finer account).
    Weighed,
}

/// The reasons of a game whose rule of thumb gives only the shared ones (its
/// `Heuristic::Reason`): there is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NoReason {}

impl From<NoReason> for Msg {
    fn from(none: NoReason) -> Msg {
        match none {}
    }
}

/// A game's own hint reasons (its `Heuristic::Reason`) written once: the enum, each variant
/// with its documentation and its wording (`Variant => msg!("why-…")`), and the `From` that
/// turns a reason into its message.
macro_rules! reasons {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$variant_meta:meta])* $variant:ident => $msg:expr,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        $vis enum $name {
            $($(#[$variant_meta])* $variant,)*
        }

        impl From<$name> for pakka_text::Msg {
            fn from(why: $name) -> pakka_text::Msg {
                match why {
                    $($name::$variant => $msg,)*
                }
            }
        }
    };
}
pub(crate) use reasons;

impl<G> Why<G> {
    /// The same reason, the game's own turned into another type (`AnyGame::why` answers it as
    /// its message).
    pub fn map<H>(self, f: impl FnOnce(G) -> H) -> Why<H> {
        match self {
            Why::Only => Why::Only,
            Why::GoOut => Why::GoOut,
            Why::ClearPile => Why::ClearPile,
            Why::PickUp => Why::PickUp,
            Why::ShedLow => Why::ShedLow,
            Why::Block => Why::Block,
            Why::DrawAndTry => Why::DrawAndTry,
            Why::TakePile => Why::TakePile,
            Why::Blind => Why::Blind,
            Why::DrawTrumps => Why::DrawTrumps,
            Why::LeadTrumps => Why::LeadTrumps,
            Why::LeadMaster => Why::LeadMaster,
            Why::LeadLongSuit => Why::LeadLongSuit,
            Why::LeadTrumpsOnly => Why::LeadTrumpsOnly,
            Why::CoverPartner => Why::CoverPartner,
            Why::PartnerWins => Why::PartnerWins,
            Why::CannotWin => Why::CannotWin,
            Why::WinCheapest => Why::WinCheapest,
            Why::Ruff => Why::Ruff,
            Why::SecondHandLow => Why::SecondHandLow,
            Why::WinHigh => Why::WinHigh,
            Why::Weighed => Why::Weighed,
            Why::Game(own) => Why::Game(f(own)),
        }
    }
}

impl<G: Into<Msg>> Why<G> {
    /// The reason for people: a game's own reason is worded as the game says.
    pub fn msg(self) -> Msg {
        match self {
            Why::Only => msg!("why-only"),
            Why::GoOut => msg!("why-go-out"),
            Why::ClearPile => msg!("why-clear-pile"),
            Why::PickUp => msg!("why-pick-up"),
            Why::ShedLow => msg!("why-shed-low"),
            Why::Block => msg!("why-block"),
            Why::DrawAndTry => msg!("why-draw-and-try"),
            Why::TakePile => msg!("why-take-pile"),
            Why::Blind => msg!("why-blind"),
            Why::DrawTrumps => msg!("why-draw-trumps"),
            Why::LeadTrumps => msg!("why-lead-trumps"),
            Why::LeadMaster => msg!("why-lead-master"),
            Why::LeadLongSuit => msg!("why-lead-long-suit"),
            Why::LeadTrumpsOnly => msg!("why-lead-trumps-only"),
            Why::CoverPartner => msg!("why-cover-partner"),
            Why::PartnerWins => msg!("why-partner-wins"),
            Why::CannotWin => msg!("why-cannot-win"),
            Why::WinCheapest => msg!("why-win-cheapest"),
            Why::Ruff => msg!("why-ruff"),
            Why::SecondHandLow => msg!("why-second-hand-low"),
            Why::WinHigh => msg!("why-win-high"),
            Why::Game(own) => own.into(),
            Why::Weighed => msg!("why-weighed"),
        }
    }
}

/// Which search a game's `hard` computer player runs (the searches are `pakka-ai`'s; the game
/// names the one its arena results chose, `Heuristic::search`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Search {
    /// Determinized Monte Carlo over the seat's actions, UCB1 at the root.
    Flat,
    /// Information-set Monte Carlo tree search.
    IsMcts,
    /// Looks ahead at the seat's own later decisions as it will take them.
    Plan,
}

impl Search {
    pub const ALL: [Search; 3] = [Search::Flat, Search::IsMcts, Search::Plan];

    pub fn name(self) -> &'static str {
        match self {
            Search::Flat => "flat",
            Search::IsMcts => "ismcts",
            Search::Plan => "plan",
        }
    }
}

/// A game's rule of thumb, beside its rules in `<game>/heuristic.rs`: what the `normal`
/// computer player plays and what a search plays out with. Sees one seat's observation only.
pub trait Heuristic: Game {
    /// The rule of thumb for `seat` in this state, answering an index into `legal` (the seat's
    /// legal actions, never empty). A game answers it from a compact typed observation of the
    /// seat that it reads off the state (without allocating, where it can: it runs in every
    /// step of a search's playouts), and only what the seat may see goes into that observation
    /// (`ai::tests::no_computer_player_peeks_in_any_game` checks it).
    /// By default the choice [`Heuristic::decide`] answers (the first action where it answers
    /// `None`): a game implements one of the two.
    fn rule_of_thumb(&self, seat: Seat, legal: &[Self::Action], _rng: &mut dyn RngCore) -> usize {
        self.decide(seat, legal).map_or(0, |(i, _)| i)
    }

    /// The rule of thumb's choice for `seat` (an index into `legal`) and the branch that chose
    /// it, decided together so that a hint's reason is always the branch that chose the move,
    /// for a game whose rule of thumb needs no random numbers and names its branches as it
    /// goes: it implements this alone, and `rule_of_thumb` and `why` follow from it. `None` by
    /// default: the game answers `rule_of_thumb` (and `why`, if it can say more) itself.
    fn decide(&self, _seat: Seat, _legal: &[Self::Action]) -> Option<(usize, Why<Self::Reason>)> {
        None
    }

    /// The game's own reasons for a hint (`Why::Game`), each worded by the catalog: an enum in
    /// the game's folder beside its rule of thumb, or [`NoReason`] for a game whose rule of
    /// thumb gives only the shared ones.
    type Reason: Copy + fmt::Debug + Ord + Hash + Send + Sync + Into<Msg>;

    /// Why the rule of thumb would choose `legal[chosen]` for `seat` (a hint's one line): from
    /// the same observation `rule_of_thumb` reads. By default the branch of
    /// [`Heuristic::decide`] that chose it ([`Why::Weighed`] for an action it did not choose);
    /// for a game without `decide`, only that an only action is forced. A game that can say
    /// more some other way overrides it.
    fn why(&self, seat: Seat, legal: &[Self::Action], chosen: usize) -> Why<Self::Reason> {
        match self.decide(seat, legal) {
            Some((i, why)) if i == chosen => why,
            Some(_) => Why::Weighed,
            None if legal.len() <= 1 => Why::Only,
            None => Why::Weighed,
        }
    }

    /// Whether a search may try `action` as one of its random moves when it plays a sample out.
    /// True by default; a game says false for actions no sensible player takes at random and
    /// whose random use would drown what the search measures (Teka's raises sink contracts).
    fn explore(_action: &Self::Action) -> bool {
        true
    }

    /// How many actions a search's playout may run before it judges the position from the
    /// cards each seat still holds (see `ai::reward`); `None` plays to the end of the deal (or
    /// the search's own horizon). Long shedding games set it: their playouts to the end cost
    /// hundreds of actions and say little more.
    fn rollout_horizon() -> Option<u32> {
        None
    }

    /// How well the deal so far, as this state records it, fits every seat but `observer`
    /// playing its rule of thumb: the probability of their recorded decisions when each seat
    /// takes its rule of thumb's choice with probability `1 − noise` and else any of its legal
    /// actions alike. A search weighs its samples by it (policy-based inference), so it is
    /// only ever asked of a sample, which holds nothing the observer cannot see. `None` where
    /// the game does not replay its deal: every sample counts alike.
    fn rule_of_thumb_fit(&self, _observer: Seat, _noise: f64) -> Option<f64> {
        None
    }

    /// The search the `hard` computer player runs in this game, by the arena's results
    /// (BENCHMARKS.md, "Computer players"): `hard/flat`, `hard/ismcts` and `hard/plan`, each
    /// against `normal` over the same rotated deals at 1,000 iterations. The flat search won or
    /// tied IS-MCTS in every game measured: IS-MCTS spends its iterations on a tree of the other
    /// seats' replies that the samples' differing hands keep shallow, and plays its
    /// rule-of-thumb playouts from deeper, fewer states. So `Flat` by default; a game whose
    /// deal is short enough to plan over overrides it (Kop).
    fn search() -> Search {
        Search::Flat
    }

    /// The share of a search's reward that is the margin in cards rather than the place
    /// (`ai::reward`), for a game that scores the cards its losers still hold; `None` (the
    /// default) rewards the place, or the score, alone.
    fn margin_share() -> Option<f64> {
        None
    }
}

/// Deals `cards` into piles following a batch plan: each batch size goes to every seat in
/// `order` before the next batch. Answers the piles in order of receipt, indexed by seat.
pub fn deal_batches(
    cards: &mut impl Iterator<Item = Card>,
    order: &[Seat],
    seats: usize,
    batches: &[usize],
) -> Vec<Vec<Card>> {
    let mut piles = vec![Vec::new(); seats];
    for &size in batches {
        for &seat in order {
            piles[seat].extend(cards.by_ref().take(size));
        }
    }
    piles
}

/// The seats in order of play starting with `first`.
pub fn seats_from(first: Seat, seats: usize) -> Vec<Seat> {
    (0..seats).map(|i| (first + i) % seats).collect()
}

/// Seats from the highest score to the lowest, equal scores sharing a place.
pub fn rank_by_score(scores: &[i64]) -> Vec<Vec<Seat>> {
    let mut order: Vec<Seat> = (0..scores.len()).collect();
    order.sort_by_key(|&s| std::cmp::Reverse(scores[s]));
    // Each place allocated once at its size (the end of a playout's game runs this too).
    let mut ranking: Vec<Vec<Seat>> = Vec::with_capacity(order.len());
    let mut start = 0;
    for end in 1..=order.len() {
        if end == order.len() || scores[order[end]] != scores[order[start]] {
            ranking.push(order[start..end].to_vec());
            start = end;
        }
    }
    ranking
}

/// Shuffles all the cards of the given piles among them, each pile keeping its size: the common
/// core of determinization, called with the piles the determinizing seat cannot see. The result
/// depends only on which cards are in the piles and their sizes, never on where the cards were:
/// the pool is sorted before it is shuffled, so two states that differ only in what the seat
/// cannot see determinize alike (computer players must not peek).
pub fn redeal_unseen(piles: &mut [&mut Vec<Card>], rng: &mut dyn RngCore) {
    use rand::seq::SliceRandom;
    let mut pool: Vec<Card> = piles.iter().flat_map(|p| p.iter().copied()).collect();
    pool.sort_unstable();
    pool.shuffle(rng);
    let mut it = pool.into_iter();
    for pile in piles.iter_mut() {
        for slot in pile.iter_mut() {
            if let Some(c) = it.next() {
                *slot = c;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pakka_cards::standard52;

    /// Over many seeded positions of the seven games whose rules of thumb name their branches,
    /// `why` of the rule of thumb's own choice never panics and is never the catch-all
    /// `Weighed`; and every branch each game names comes up.
    #[test]
    fn every_hint_names_the_branch_its_rule_of_thumb_took() {
        use kop::KopWhy;
        use matapesa::MatapesaWhy;
        use paston::PastonWhy;
        use pishe_pasha::PisheWhy;
        use red7::Red7Why;
        use teka::TekaWhy;
        use testing::{reasons, Games};
        use whist22::Whist22Why;
        let games = Games {
            seeds: 40,
            actions: 2000,
            deals: 6,
        };
        /// Fails unless each of `branches` came up in `G`'s seeded games.
        fn all_come_up<G: Heuristic>(game: &str, games: Games, branches: &[Why<G::Reason>]) {
            let seen = reasons::<G>(games);
            for why in branches {
                assert!(
                    seen.contains_key(why),
                    "{game}: {why:?} never came up: {seen:?}"
                );
            }
        }
        // Each game's branches that the seeded games reach (the rarest, such as Teka's
        // Double thirteen and raises, have their own tests with explicit decks).
        use Why::*;
        all_come_up::<pishe_pasha::PishePasha>(
            "pishe_pasha",
            games,
            &[
                Why::Game(PisheWhy::Foundation),
                Why::Game(PisheWhy::Give),
                Why::Game(PisheWhy::Stop),
                Why::Game(PisheWhy::TakeOver),
            ],
        );
        all_come_up::<paston::Paston>(
            "paston",
            games,
            &[
                DrawTrumps,
                LeadMaster,
                LeadLongSuit,
                LeadTrumpsOnly,
                CoverPartner,
                PartnerWins,
                CannotWin,
                WinCheapest,
                Ruff,
                WinHigh,
                Why::Game(PastonWhy::Bid),
                Why::Game(PastonWhy::Pass),
                Why::Game(PastonWhy::Discard),
                Why::Game(PastonWhy::Trump),
                Why::Game(PastonWhy::Surrender),
                Why::Game(PastonWhy::Whist),
                Why::Game(PastonWhy::SitOut),
            ],
        );
        all_come_up::<teka::Teka>(
            "teka",
            games,
            &[
                DrawTrumps,
                LeadTrumps,
                LeadMaster,
                LeadLongSuit,
                LeadTrumpsOnly,
                CoverPartner,
                PartnerWins,
                CannotWin,
                WinCheapest,
                Ruff,
                SecondHandLow,
                WinHigh,
                Why::Game(TekaWhy::Redeal),
                Why::Game(TekaWhy::PartnerHighest),
                Why::Game(TekaWhy::Call),
                Why::Game(TekaWhy::Pass),
                Why::Game(TekaWhy::Trump),
            ],
        );
        all_come_up::<red7::Red7>(
            "red7",
            games,
            &[
                Why::Game(Red7Why::EndWinning),
                Why::Game(Red7Why::Palette),
                Why::Game(Red7Why::Canvas),
                Why::Game(Red7Why::PaletteThenCanvas),
                Why::Game(Red7Why::NoWin),
            ],
        );
        all_come_up::<matapesa::Matapesa>(
            "matapesa",
            games,
            &[
                Why::Game(MatapesaWhy::ShedHigh),
                Why::Game(MatapesaWhy::LowLate),
            ],
        );
        all_come_up::<kop::Kop>(
            "kop",
            games,
            &[
                Why::Game(KopWhy::Solo),
                Why::Game(KopWhy::Wedding),
                Why::Game(KopWhy::LeadRichSide),
                Why::Game(KopWhy::LeadWeakTrump),
                Why::Game(KopWhy::LeadCheapTrump),
                Why::Game(KopWhy::Smear),
                Why::Game(KopWhy::TakeSure),
                Why::Game(KopWhy::TryHigh),
                Why::Game(KopWhy::GiveLittle),
            ],
        );
        all_come_up::<whist22::Whist22>(
            "whist22",
            games,
            &[
                Why::Game(Whist22Why::Bid),
                Why::Game(Whist22Why::BidNearest),
                Why::Game(Whist22Why::BidUnseen),
                Why::Game(Whist22Why::NeedTricks),
                Why::Game(Whist22Why::BidMade),
            ],
        );
    }

    #[test]
    fn deck_source_takes_explicit_decks_then_shuffles() {
        let full = standard52();
        let mut reversed = full.clone();
        reversed.reverse();
        let setup = Setup {
            seed: 3,
            dealer: Some(1),
            decks: vec![reversed.clone()],
        };
        let (mut src, dealer) = DeckSource::new(setup, &full, 2).unwrap();
        assert_eq!(dealer, 1);
        assert_eq!(src.next_deck(&full), reversed);
        let a = src.next_deck(&full);
        let b = src.next_deck(&full);
        assert_ne!(a, b, "each later deal takes a fresh stream");
        assert_eq!(validate_deck(&a, &full), Ok(()));
    }

    #[test]
    fn deck_source_refuses_bad_decks_and_dealers() {
        let full = standard52();
        let short = Setup::deck(0, full[1..].to_vec());
        assert!(matches!(
            DeckSource::new(short, &full, 2),
            Err(SetupError::Deck(DeckError::WrongSize { .. }))
        ));
        assert!(matches!(
            DeckSource::new(Setup::deck(2, full.clone()), &full, 2),
            Err(SetupError::Dealer { .. })
        ));
    }

    #[test]
    fn seeded_dealer_is_deterministic() {
        let full = standard52();
        let d1 = DeckSource::new(Setup::seeded(9), &full, 3).unwrap().1;
        let d2 = DeckSource::new(Setup::seeded(9), &full, 3).unwrap().1;
        assert_eq!(d1, d2);
    }

    #[test]
    fn equal_scores_share_a_place() {
        assert_eq!(
            rank_by_score(&[3, 5, 3, 1]),
            vec![vec![1], vec![0, 2], vec![3]]
        );
    }

    #[test]
    fn batches_follow_the_order() {
        let deck = standard52();
        let piles = deal_batches(&mut deck.iter().copied(), &[1, 0], 2, &[2, 3]);
        assert_eq!(piles[1], vec![deck[0], deck[1], deck[4], deck[5], deck[6]]);
        assert_eq!(piles[0], vec![deck[2], deck[3], deck[7], deck[8], deck[9]]);
    }
}
