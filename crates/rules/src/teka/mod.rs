//! Teka, exactly as `docs/rules/teka.md` §5.2: four players in the fixed partnerships (0,2)
//! and (1,3), the 52-card deck, a whole match to 104 points as one state. Option
//! `shuffle_every_deal` = false (default: the faithful deck handling) | true (a fresh shuffle
//! before every deal, for casual tables).
//!
//! Faithful deck handling: the first deal is shuffled; every later deal rebuilds the deck from
//! the previous hand — its completed tricks in the order they were played, then the unplayed
//! cards of seats 0 to 3, each hand in the order its cards were received (after an all-pass hand
//! the whole deck is unplayed) — and cuts it by lifting 1 to 51 cards from the top at random.
//! Explicit decks, while any are left, come first in both modes. Thirteen consecutive cards go
//! to each seat from the dealer's next seat; the deal passes to the next seat after every hand.
//!
//! [C] and literal readings, as implemented: players without an ace or a court card are asked in
//! turn from the dealer's next seat ("redeal" or "keep"); the first request makes the same dealer
//! redeal at once from a fresh shuffle (or the next explicit deck) with the same deal number.
//! One call each; numbers must beat the highest number so far and are no longer legal once
//! anyone has called double thirteen; the latest double thirteen wins; `ter` is a pass. All four
//! passing throws the hand in with no score. The declarer names any trump and must lead a trump
//! to the first trick when holding one. In double thirteen the declarer's partner sits out and
//! tricks have three cards. At each of the declarer's own turns (not the partner's) the declarer
//! may raise a number contract to at most 13 minus the opponents' tricks, any number of times;
//! the raised contract is what scores. The hand stops as soon as it is made or can no longer be
//! made: made scores the contract (double thirteen 26) to the declaring team, failed scores
//! twice the contract (double thirteen 52) to the opponents. A team at 104 or more after a hand
//! wins. Determinization respects the suits a player has shown to be void in (including a
//! declarer who led a non-trump to the first trick) and who was, or was not, asked about a
//! redeal.
//!
//! This folder: `mod.rs` the rules (state, actions, views), `present.rs` what people are told,
//! `heuristic.rs` the rule of thumb, `tests.rs` the rules file's acceptance cases.

mod heuristic;
pub use heuristic::TekaWhy;
#[cfg(test)]
pub(crate) use heuristic::STYLE;
mod present;

use rand::{Rng, RngCore};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::options::{OptionSpec, OptionsSpec};

use super::tricks::{
    constrained_deal, follow_suit, of_suit, partner, suit_bit, trick_zones, FixedTrick, LastTrick,
    Stack, TrickLog, TrickPlay,
};
use super::{DeckSource, Events, Game, Observer, Seat, Seen, Setup, SetupError, Status, Zone};
use pakka_cards::{standard52, Card, CardSet, Rank, Suit};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Shuffle before every deal instead of only cutting the previous hand's cards.
    pub shuffle_every_deal: bool,
}

impl OptionsSpec for Options {
    const SPEC: &'static [OptionSpec] = &[OptionSpec::flag("shuffle_every_deal", false)];
}

/// The score a match is played to.
pub const TARGET: i64 = 104;

const SEATS: usize = 4;

/// The standard deck in its new-deck order (`standard52`), for dealing in place.
const FULL_DECK: [Card; 52] = {
    let mut deck = [Card::new(Rank::Two, Suit::Spades); 52];
    let mut i = 0;
    while i < 52 {
        deck[i] = Card::new(Rank::ALL[i % 13], Suit::ALL[i / 13]);
        i += 1;
    }
    deck
};

/// A call of tricks: a number 8–13 (`{"bid":8}`) or double thirteen (`{"bid":"double13"}`).
/// Also the contract.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Bid {
    Tricks(u8),
    Double13,
}

impl Bid {
    /// The tricks the declaring side needs.
    pub fn target(self) -> u32 {
        match self {
            Bid::Tricks(n) => u32::from(n),
            Bid::Double13 => 13,
        }
    }

    /// Points to the declaring team when made.
    pub fn value(self) -> i64 {
        match self {
            Bid::Tricks(n) => i64::from(n),
            Bid::Double13 => 26,
        }
    }
}

impl Serialize for Bid {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Bid::Tricks(n) => s.serialize_u8(*n),
            Bid::Double13 => s.serialize_str("double13"),
        }
    }
}

impl<'de> Deserialize<'de> for Bid {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Bid, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Number(u8),
            Word(String),
        }
        match Raw::deserialize(d)? {
            Raw::Number(n) => Ok(Bid::Tricks(n)),
            Raw::Word(w) if w.eq_ignore_ascii_case("double13") => Ok(Bid::Double13),
            Raw::Word(w) => Err(serde::de::Error::custom(format!(
                "a bid is a number of tricks or \"double13\", not \"{w}\""
            ))),
        }
    }
}

/// A trump suit as the protocol writes it: `"S"`, `"H"`, `"D"` or `"C"`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TrumpSuit {
    #[serde(alias = "s")]
    S,
    #[serde(alias = "h")]
    H,
    #[serde(alias = "d")]
    D,
    #[serde(alias = "c")]
    C,
}

impl TrumpSuit {
    pub const ALL: [TrumpSuit; 4] = [TrumpSuit::S, TrumpSuit::H, TrumpSuit::D, TrumpSuit::C];

    pub fn suit(self) -> Suit {
        Suit::ALL[self as usize]
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Ask for a new deal (a hand without an ace or a court card).
    Redeal,
    Keep,
    Bid(Bid),
    Pass,
    /// A pass, said differently.
    Ter,
    Trump(TrumpSuit),
    /// The declarer raises the contract to this many tricks.
    Raise(u8),
    Play(Card),
}

/// One call of the auction.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CallKind {
    Bid(Bid),
    Pass,
    Ter,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Call {
    pub seat: Seat,
    pub call: CallKind,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// A player without an ace or a court card is asked whether to redeal.
    Redeal,
    Bidding,
    Trump,
    Play,
    Over,
}

/// The result of a finished hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandResult {
    pub deal: u32,
    /// `None` when all four passed.
    pub declarer: Option<Seat>,
    pub bid: Option<Bid>,
    pub contract: Option<Bid>,
    pub trump: Option<TrumpSuit>,
    pub made: Option<bool>,
    /// Tricks per team: (0,2) then (1,3).
    pub team_tricks: [u32; 2],
    /// Points per team.
    pub points: [i64; 2],
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Dealt {
        deal: u32,
        dealer: Seat,
        /// Whether the deck was only cut (the faithful handling) rather than shuffled or given.
        cut: bool,
    },
    RedealAsked {
        seat: Seat,
    },
    Kept {
        seat: Seat,
    },
    Called {
        seat: Seat,
        call: CallKind,
    },
    AllPassed,
    Declarer {
        seat: Seat,
        bid: Bid,
        /// The partner who sits out a double thirteen.
        sits_out: Option<Seat>,
    },
    Trump {
        seat: Seat,
        suit: TrumpSuit,
    },
    Raised {
        seat: Seat,
        to: u8,
    },
    Played {
        seat: Seat,
        card: Card,
    },
    TrickWon {
        seat: Seat,
        plays: Vec<(Seat, Card)>,
    },
    HandScored {
        result: HandResult,
        team_scores: Vec<i64>,
    },
    GameOver {
        ranking: Vec<Vec<Seat>>,
        team_scores: Vec<i64>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Teka {
    options: Options,
    source: DeckSource,
    deal: u32,
    dealer: Seat,
    /// Points of team (0,2) and team (1,3).
    team_scores: Vec<i64>,
    /// Each seat's hand in the order its cards were received.
    hands: [Stack<Card, 13>; SEATS],
    phase: Phase,
    turn: Seat,
    /// Seats asked about a redeal that kept their hand, this deal.
    kept: Vec<Seat>,
    /// Redeals on request in this deal.
    redeals: u32,
    calls: Vec<Call>,
    declarer: Option<Seat>,
    /// The winning call.
    bid: Option<Bid>,
    /// The contract after any raises.
    contract: Option<Bid>,
    trump: Option<TrumpSuit>,
    trick: FixedTrick,
    won: TrickLog,
    last_hand: Option<HandResult>,
    ranking: Option<Vec<Vec<Seat>>>,
}

fn team(seat: Seat) -> usize {
    seat % 2
}

fn is_honour(card: Card) -> bool {
    card.rank() >= Rank::Jack
}

impl Teka {
    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    pub fn declarer(&self) -> Option<Seat> {
        self.declarer
    }

    pub fn contract(&self) -> Option<Bid> {
        self.contract
    }

    pub fn team_scores(&self) -> &[i64] {
        &self.team_scores
    }

    fn first(&self) -> Seat {
        (self.dealer + 1) % SEATS
    }

    /// A seat's place in the dealing and calling order (0 for the dealer's next seat).
    fn position(&self, seat: Seat) -> usize {
        (seat + SEATS - self.first()) % SEATS
    }

    fn hand_set(&self, seat: Seat) -> CardSet {
        self.hands[seat].iter().collect()
    }

    /// The declarer's partner while sitting out a double thirteen.
    fn sitting_out(&self) -> Option<Seat> {
        match (self.declarer, self.contract) {
            (Some(d), Some(Bid::Double13)) => Some(partner(d)),
            _ => None,
        }
    }

    /// Tricks of the declaring side and of the opponents.
    fn side_tricks(&self) -> (u32, u32) {
        let d = self.declarer.unwrap_or(0);
        (
            self.won.side(&[d, partner(d)]),
            self.won.side(&[(d + 1) % SEATS, (d + 3) % SEATS]),
        )
    }

    fn trump_suit(&self) -> Option<Suit> {
        self.trump.map(TrumpSuit::suit)
    }

    /// The first seat from position `from` on whose hand has no ace, king, queen or jack.
    fn next_asked(&self, from: usize) -> Option<Seat> {
        (from..SEATS)
            .map(|p| (self.first() + p) % SEATS)
            .find(|&s| !self.hands[s].iter().any(|&c| is_honour(c)))
    }

    fn highest_number(&self) -> Option<u8> {
        self.calls
            .iter()
            .filter_map(|c| match c.call {
                CallKind::Bid(Bid::Tricks(n)) => Some(n),
                _ => None,
            })
            .max()
    }

    fn double13_called(&self) -> bool {
        self.calls
            .iter()
            .any(|c| c.call == CallKind::Bid(Bid::Double13))
    }

    /// The numbers a call may name now.
    fn legal_numbers(&self) -> std::ops::RangeInclusive<u8> {
        let low = if self.double13_called() {
            14
        } else {
            self.highest_number().map_or(8, |n| n + 1).max(8)
        };
        low..=13
    }

    /// The contracts the declarer may raise to now.
    fn raises(&self, seat: Seat) -> std::ops::RangeInclusive<u8> {
        match (self.phase, self.declarer, self.contract) {
            (Phase::Play, Some(d), Some(Bid::Tricks(n))) if d == seat && self.turn == seat => {
                let (_, opp) = self.side_tricks();
                let max = 13u32.saturating_sub(opp) as u8;
                (n + 1)..=max
            }
            _ => std::ops::RangeInclusive::new(1, 0),
        }
    }

    fn legal_cards(&self, seat: Seat) -> CardSet {
        let hand = self.hand_set(seat);
        if self.trick.is_empty() && self.won.is_empty() {
            if let Some(t) = self.trump_suit() {
                let trumps = of_suit(hand, t);
                if !trumps.is_empty() {
                    return trumps;
                }
            }
            return hand;
        }
        follow_suit(hand, self.trick.led())
    }

    // ---- dealing -------------------------------------------------------------------------------

    /// Deals `deck` for the current deal number and dealer, then asks about redeals or opens
    /// the bidding.
    fn deal_cards(&mut self, deck: &[Card], cut: bool, events: &mut Events<'_, Event>) {
        let first = self.first();
        for (i, chunk) in deck.chunks(13).enumerate() {
            let hand = &mut self.hands[(first + i) % SEATS];
            hand.clear();
            hand.extend_from(chunk);
        }
        self.kept.clear();
        self.calls.clear();
        self.declarer = None;
        self.bid = None;
        self.contract = None;
        self.trump = None;
        self.trick = FixedTrick::new(first);
        self.won = TrickLog::new(SEATS);
        events.tell(|| Event::Dealt {
            deal: self.deal,
            dealer: self.dealer,
            cut,
        });
        match self.next_asked(0) {
            Some(s) => {
                self.phase = Phase::Redeal;
                self.turn = s;
            }
            None => {
                self.phase = Phase::Bidding;
                self.turn = first;
            }
        }
    }

    /// The deck of the previous hand: its tricks in order, then the unplayed cards.
    fn gathered(&self) -> [Card; 52] {
        let mut deck = FULL_DECK;
        let played = self.won.plays().iter().chain(&self.trick.plays[..]);
        let cards = played.map(|&(_, c)| c);
        let held = self.hands.iter().flat_map(|hand| hand.iter().copied());
        for (place, card) in deck.iter_mut().zip(cards.chain(held)) {
            *place = card;
        }
        deck
    }

    fn next_deal(&mut self, events: &mut Events<'_, Event>) {
        self.dealer = (self.dealer + 1) % SEATS;
        self.deal += 1;
        self.redeals = 0;
        let (deck, cut) = if self.source.has_explicit() || self.options.shuffle_every_deal {
            (self.source.next_deck_in_place(&FULL_DECK), false)
        } else {
            let mut deck = self.gathered();
            let lift = self.source.rng().random_range(1..deck.len());
            deck.rotate_left(lift);
            (deck, true)
        };
        self.deal_cards(&deck, cut, events);
    }

    // ---- calls ---------------------------------------------------------------------------------

    fn call(&mut self, seat: Seat, call: CallKind, events: &mut Events<'_, Event>) {
        self.calls.push(Call { seat, call });
        events.tell(|| Event::Called { seat, call });
        if self.calls.len() < SEATS {
            self.turn = (seat + 1) % SEATS;
            return;
        }
        let winner = self
            .calls
            .iter()
            .rev()
            .find(|c| c.call == CallKind::Bid(Bid::Double13))
            .or_else(|| {
                self.calls
                    .iter()
                    .filter(|c| matches!(c.call, CallKind::Bid(Bid::Tricks(_))))
                    .max_by_key(|c| match c.call {
                        CallKind::Bid(Bid::Tricks(n)) => n,
                        _ => 0,
                    })
            })
            .copied();
        match winner {
            Some(Call {
                seat: d,
                call: CallKind::Bid(bid),
            }) => {
                self.declarer = Some(d);
                self.bid = Some(bid);
                self.contract = Some(bid);
                let sits_out = self.sitting_out();
                events.tell(|| Event::Declarer {
                    seat: d,
                    bid,
                    sits_out,
                });
                self.phase = Phase::Trump;
                self.turn = d;
            }
            _ => {
                events.tell(|| Event::AllPassed);
                self.end_hand(None, events);
            }
        }
    }

    // ---- play ----------------------------------------------------------------------------------

    fn play(&mut self, seat: Seat, card: Card, events: &mut Events<'_, Event>) {
        if let Some(i) = self.hands[seat].iter().position(|&c| c == card) {
            self.hands[seat].remove(i);
        }
        events.tell(|| Event::Played { seat, card });
        // The trick among every seat but a partner sitting out double thirteen.
        let out = self.sitting_out();
        let playing: [bool; SEATS] = std::array::from_fn(|s| Some(s) != out);
        let trick = TrickPlay {
            trick: &mut self.trick,
            won: &mut self.won,
            turn: &mut self.turn,
            playing: &playing,
            trump: self.trump.map(TrumpSuit::suit),
        };
        let Some((winner, done)) = trick.play(seat, card) else {
            return;
        };
        events.tell(|| Event::TrickWon {
            seat: winner,
            plays: done.plays.to_vec(),
        });
        let target = self.contract.map_or(13, Bid::target);
        let (ours, theirs) = self.side_tricks();
        if ours >= target {
            self.end_hand(Some(true), events);
        } else if theirs > 13 - target {
            self.end_hand(Some(false), events);
        }
    }

    /// Scores the hand (`made` is `None` after all passes), then ends the match or deals on.
    fn end_hand(&mut self, made: Option<bool>, events: &mut Events<'_, Event>) {
        let mut points = [0; 2];
        let mut team_tricks = [0; 2];
        if let (Some(d), Some(contract), Some(made)) = (self.declarer, self.contract, made) {
            let (ours, theirs) = self.side_tricks();
            team_tricks[team(d)] = ours;
            team_tricks[1 - team(d)] = theirs;
            if made {
                points[team(d)] = contract.value();
            } else {
                points[1 - team(d)] = 2 * contract.value();
            }
        }
        for (score, p) in self.team_scores.iter_mut().zip(&points) {
            *score += p;
        }
        let result = HandResult {
            deal: self.deal,
            declarer: self.declarer,
            bid: self.bid,
            contract: self.contract,
            trump: self.trump,
            made,
            team_tricks,
            points,
        };
        events.tell(|| Event::HandScored {
            result: result.clone(),
            team_scores: self.team_scores.clone(),
        });
        self.last_hand = Some(result);
        if let Some(w) = (0..2).find(|&t| self.team_scores[t] >= TARGET) {
            let ranking = vec![vec![w, w + 2], vec![1 - w, 3 - w]];
            events.tell(|| Event::GameOver {
                ranking: ranking.clone(),
                team_scores: self.team_scores.clone(),
            });
            self.ranking = Some(ranking);
            self.phase = Phase::Over;
        } else {
            self.next_deal(events);
        }
    }

    /// An action and every automatic step after it, telling `events`.
    fn act(&mut self, seat: Seat, action: &Action, events: &mut Events<'_, Event>) {
        match *action {
            Action::Redeal => {
                events.tell(|| Event::RedealAsked { seat });
                self.redeals += 1;
                let deck = self.source.next_deck_in_place(&FULL_DECK);
                self.deal_cards(&deck, false, events);
            }
            Action::Keep => {
                self.kept.push(seat);
                events.tell(|| Event::Kept { seat });
                match self.next_asked(self.position(seat) + 1) {
                    Some(s) => self.turn = s,
                    None => {
                        self.phase = Phase::Bidding;
                        self.turn = self.first();
                    }
                }
            }
            Action::Bid(bid) => self.call(seat, CallKind::Bid(bid), events),
            Action::Pass => self.call(seat, CallKind::Pass, events),
            Action::Ter => self.call(seat, CallKind::Ter, events),
            Action::Trump(suit) => {
                self.trump = Some(suit);
                events.tell(|| Event::Trump { seat, suit });
                self.phase = Phase::Play;
                self.turn = seat;
                self.trick = FixedTrick::new(seat);
            }
            Action::Raise(to) => {
                self.contract = Some(Bid::Tricks(to));
                events.tell(|| Event::Raised { seat, to });
            }
            Action::Play(card) => self.play(seat, card, events),
        }
    }

    // ---- determinization -------------------------------------------------------------------------

    /// Per seat, the cards it has played this hand and the suits it has shown to be void in.
    fn played_and_voids(&self) -> (Vec<CardSet>, Vec<u8>) {
        let mut played = vec![CardSet::new(); SEATS];
        let mut voids = vec![0u8; SEATS];
        let current = (self.trick.leader, self.trick.plays.as_slice());
        let mut first_lead = true;
        for (_, plays) in self.won.iter().chain(std::iter::once(current)) {
            let Some(&(leader, led)) = plays.first() else {
                continue;
            };
            if first_lead {
                first_lead = false;
                if let Some(t) = self.trump_suit().filter(|&t| t != led.suit()) {
                    voids[leader] |= suit_bit(t);
                }
            }
            for &(s, c) in plays {
                played[s].insert(c);
                if c.suit() != led.suit() {
                    voids[s] |= suit_bit(led.suit());
                }
            }
        }
        (played, voids)
    }
}
/// Why an action is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Anything but a redeal request or keeping the hand while asked.
    RedealOrKeep,
    /// A redeal request or keep when not asked.
    NoRedeal,
    /// A number once double thirteen has been called.
    Double13Called,
    /// A number outside 8 to 13.
    NotANumber,
    /// A number not higher than the highest so far (7 when none).
    CallHigher { than: u8 },
    /// Anything but a call during the calls.
    MakeACall,
    /// A call once everybody has called.
    CallsOver,
    /// Anything but trumps while the declarer names them.
    NameTrumps,
    /// Trumps named by anyone but the declarer, or again.
    TrumpsNamed,
    /// A raise of double thirteen.
    NoRaiseInDouble13,
    /// A raise by anyone but the declarer.
    OnlyDeclarerRaises,
    /// A raise not above the contract.
    RaiseAbove { contract: u8 },
    /// A raise above what the opponents' tricks still allow.
    RaiseAtMost { opponents: u32, most: u32 },
    /// A card the seat does not hold.
    NotHeld(Card),
    /// A card off the led suit while holding it.
    MustFollow { suit: Suit },
    /// The first lead not a trump while holding one.
    LeadTrump { trump: Suit },
    /// Any other card that may not be played now.
    NotNow(Card),
    /// A card or a raise before trumps are named.
    NotPlayTime,
}

/// What an observer sees of a Teka table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The observer's own hand (empty for the public), in card order.
    pub hand: Vec<Card>,
    pub observer: Observer,
    pub deal: u32,
    pub dealer: Seat,
    /// Points of team (0,2) and team (1,3).
    pub team_scores: Vec<i64>,
    pub phase: Phase,
    pub to_act: Option<Seat>,
    /// Seats that were asked about a redeal and kept their hand, this deal.
    pub kept: Vec<Seat>,
    pub redeals: u32,
    pub calls: Vec<Call>,
    pub declarer: Option<Seat>,
    pub bid: Option<Bid>,
    pub contract: Option<Bid>,
    pub trump: Option<TrumpSuit>,
    pub sits_out: Option<Seat>,
    pub hand_sizes: Vec<usize>,
    pub trick: Vec<(Seat, Card)>,
    pub trick_number: usize,
    pub last_trick: Option<LastTrick>,
    /// Tricks per seat and per team this hand.
    pub tricks: Vec<u32>,
    pub team_tricks: Vec<u32>,
    pub last_hand: Option<HandResult>,
    pub ranking: Option<Vec<Vec<Seat>>>,
}

impl Game for Teka {
    crate::game_head! {
        id: "teka", aliases: [], seats: (4, 4), seed: 9;
        arena_seats: 4, replay_seats: 4, people: 2, computers: 2, load_people: 4;
        picture seats: 4, options: "", moves: 14, hand: 1
    }
    const DUPLICATE: bool = true;

    /// Partners sit opposite: seats 0 and 2 are team 0, seats 1 and 3 team 1.
    fn team_of(seat: Seat) -> Seat {
        seat % 2
    }

    fn configurations() -> Vec<(Options, usize)> {
        vec![
            (Options::default(), SEATS),
            (
                Options {
                    shuffle_every_deal: true,
                },
                SEATS,
            ),
        ]
    }

    fn new(options: Options, _seats: usize, setup: Setup) -> Result<Self, SetupError> {
        let full = standard52();
        let (mut source, dealer) = DeckSource::new(setup, &full, SEATS)?;
        let deck = source.next_deck(&full);
        let mut game = Teka {
            options,
            source,
            deal: 1,
            dealer,
            team_scores: vec![0; 2],
            hands: [Stack::new(); SEATS],
            phase: Phase::Bidding,
            turn: 0,
            kept: Vec::new(),
            redeals: 0,
            calls: Vec::new(),
            declarer: None,
            bid: None,
            contract: None,
            trump: None,
            trick: FixedTrick::new(0),
            won: TrickLog::new(SEATS),
            last_hand: None,
            ranking: None,
        };
        game.deal_cards(&deck, false, &mut Events::quiet());
        Ok(game)
    }

    crate::game_accessors!(
        seats: |_| SEATS, over: |g| g.phase == Phase::Over,
        deal: |g| g.deal, turn: turn
    );

    fn legal_into(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if self.is_over() || seat != self.turn {
            return;
        }
        match self.phase {
            Phase::Redeal => out.extend([Action::Redeal, Action::Keep]),
            Phase::Bidding => {
                out.extend(self.legal_numbers().map(|n| Action::Bid(Bid::Tricks(n))));
                out.extend([Action::Bid(Bid::Double13), Action::Pass, Action::Ter]);
            }
            Phase::Trump => out.extend(TrumpSuit::ALL.into_iter().map(Action::Trump)),
            Phase::Play => {
                out.extend(self.legal_cards(seat).iter().map(Action::Play));
                out.extend(self.raises(seat).map(Action::Raise));
            }
            Phase::Over => {}
        }
    }

    fn card_play(card: Card) -> Option<Action> {
        Some(Action::Play(card))
    }

    fn refusal(&self, seat: Seat, action: &Action) -> Refusal {
        match (self.phase, action) {
            (Phase::Redeal, _) => Refusal::RedealOrKeep,
            (_, Action::Redeal | Action::Keep) => Refusal::NoRedeal,
            (Phase::Bidding, Action::Bid(Bid::Tricks(n))) => {
                if self.double13_called() {
                    Refusal::Double13Called
                } else if !(8..=13).contains(n) {
                    Refusal::NotANumber
                } else {
                    Refusal::CallHigher {
                        than: self.highest_number().unwrap_or(7),
                    }
                }
            }
            (Phase::Bidding, _) => Refusal::MakeACall,
            (_, Action::Bid(_) | Action::Pass | Action::Ter) => Refusal::CallsOver,
            (Phase::Trump, _) => Refusal::NameTrumps,
            (_, Action::Trump(_)) => Refusal::TrumpsNamed,
            (Phase::Play, Action::Raise(n)) => match (self.declarer, self.contract) {
                (_, Some(Bid::Double13)) => Refusal::NoRaiseInDouble13,
                (Some(d), _) if d != seat => Refusal::OnlyDeclarerRaises,
                (_, Some(Bid::Tricks(c))) if *n <= c => Refusal::RaiseAbove { contract: c },
                _ => {
                    let (_, opponents) = self.side_tricks();
                    Refusal::RaiseAtMost {
                        opponents,
                        most: 13 - opponents,
                    }
                }
            },
            (Phase::Play, Action::Play(card)) => {
                if !self.hand_set(seat).contains(*card) {
                    return Refusal::NotHeld(*card);
                }
                match (self.trick.led(), self.trump_suit()) {
                    (Some(led), _) => Refusal::MustFollow { suit: led.suit() },
                    (None, Some(trump)) => Refusal::LeadTrump { trump },
                    (None, None) => Refusal::NotNow(*card),
                }
            }
            (_, Action::Raise(_) | Action::Play(_)) => Refusal::NotPlayTime,
        }
    }

    fn advance(&mut self, seat: Seat, action: &Action, events: &mut Events<'_, Event>) {
        self.act(seat, action, events);
    }

    fn view(&self, observer: Observer) -> View {
        let own = match observer {
            Observer::Seat(s) if s < SEATS => Some(s),
            _ => None,
        };
        let d = self.declarer.unwrap_or(0);
        let (ours, theirs) = self.side_tricks();
        let mut team_tricks = vec![0; 2];
        team_tricks[team(d)] = ours;
        team_tricks[1 - team(d)] = theirs;
        View {
            hand: own.map(|s| self.hand_set(s).to_vec()).unwrap_or_default(),
            observer,
            deal: self.deal,
            dealer: self.dealer,
            team_scores: self.team_scores.clone(),
            phase: self.phase,
            to_act: (!self.is_over()).then_some(self.turn),
            kept: self.kept.clone(),
            redeals: self.redeals,
            calls: self.calls.clone(),
            declarer: self.declarer,
            bid: self.bid,
            contract: self.contract,
            trump: self.trump,
            sits_out: self.sitting_out(),
            hand_sizes: self.hands.iter().map(|h| h.len()).collect(),
            trick: self.trick.plays.to_vec(),
            trick_number: self.won.len() + 1,
            last_trick: self.won.last_trick(),
            tricks: self.won.counts.to_vec(),
            team_tricks,
            last_hand: self.last_hand.clone(),
            ranking: self.ranking.clone(),
        }
    }

    fn status(&self) -> Status {
        let (a, b) = (self.team_scores[0], self.team_scores[1]);
        Status::of(self, Some(vec![a, b, a, b]), self.ranking.clone())
    }

    fn zones(&self) -> Vec<Zone> {
        let mut zones: Vec<Zone> = (0..SEATS)
            .map(|s| {
                Zone::new(
                    format!("hand {s}"),
                    self.hands[s].iter().copied(),
                    Seen::Only(s),
                )
            })
            .collect();
        zones.extend(trick_zones(&self.trick.to_trick(), &self.won.into()));
        zones
    }

    fn hands(&self) -> Vec<Vec<Card>> {
        self.hands.iter().map(|h| h.to_vec()).collect()
    }

    fn action_space(&self) -> Vec<Action> {
        let mut all = vec![
            Action::Redeal,
            Action::Keep,
            Action::Pass,
            Action::Ter,
            Action::Bid(Bid::Double13),
        ];
        all.extend((7..=14).map(|n| Action::Bid(Bid::Tricks(n))));
        all.extend(TrumpSuit::ALL.map(Action::Trump));
        all.extend((8..=14).map(Action::Raise));
        all.extend(standard52().into_iter().map(Action::Play));
        all
    }

    fn determinize(&self, seat: Seat, rng: &mut dyn RngCore) -> Self {
        let mut game = self.clone();
        game.source.reseed(rng);
        let others: Vec<Seat> = (0..SEATS).filter(|&s| s != seat).collect();
        let pool: Vec<Card> = others
            .iter()
            .flat_map(|&s| self.hands[s].iter().copied())
            .collect();
        let sizes: Vec<usize> = others.iter().map(|&s| self.hands[s].len()).collect();
        let (played, voids) = self.played_and_voids();
        // What the table knows of each hand's aces and court cards: a seat asked about a
        // redeal has none, a seat passed over has at least one.
        let revealed = |s: Seat| match self.phase {
            Phase::Redeal => self.position(s) <= self.position(self.turn),
            _ => true,
        };
        let dealt_honour = |s: Seat| {
            self.hands[s].iter().any(|&c| is_honour(c)) || played[s].iter().any(is_honour)
        };
        let no_honours: Vec<bool> = others
            .iter()
            .map(|&s| revealed(s) && !dealt_honour(s))
            .collect();
        let needs_honour: Vec<bool> = others
            .iter()
            .map(|&s| revealed(s) && dealt_honour(s) && !played[s].iter().any(is_honour))
            .collect();
        let allowed = |c: Card, z: usize| {
            voids[others[z]] & suit_bit(c.suit()) == 0 && !(no_honours[z] && is_honour(c))
        };
        let accept = |piles: &[Vec<Card>]| {
            piles
                .iter()
                .zip(&needs_honour)
                .all(|(pile, &need)| !need || pile.iter().any(|&c| is_honour(c)))
        };
        // Should the known voids and honours admit no deal in 40 tries, deal without them
        // rather than keep the real cards (which would let the choice depend on them).
        let deal = constrained_deal(&pool, &sizes, allowed, accept, rng)
            .or_else(|| constrained_deal(&pool, &sizes, |_, _| true, |_| true, rng));
        if let Some(piles) = deal {
            for (&s, pile) in others.iter().zip(piles) {
                game.hands[s] = pile.into_iter().collect();
            }
        }
        game
    }
}

#[cfg(test)]
mod tests;
