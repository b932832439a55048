//! Whist 22 (the tarot trumps' "Oh Hell"), exactly as `docs/rules/whist22.md`: the 22 tarot
//! trumps (1–21 and the Fool), 3–4 seats (2–7 with `bga_seats`, hand sizes 2:9, 3:7, 4:5, 5:4,
//! 6–7:3), hands shrinking by one to a single card and growing back (`max…1, 2…max, max−1…`,
//! turning points not repeated), exact bidding with the dealer's restriction, no following
//! requirement, the highest value wins the trick, the Fool worth 0 or 22 as its player declares
//! when playing it; everyone starts on 14 points and loses one per trick of difference between
//! bid and tricks; the match ends after the hand in which someone reaches 0 or less, the highest
//! score winning (ties shared). The dealer is drawn from the seed, then rotates to the left.
//!
//! Options: `bga_sequence` (false; true: `max…1, max…1, …`), `blind_one_card_round` (false; true:
//! in every one-card hand each player sees the others' cards but not their own, through bidding
//! and play), `bga_seats` (false; true: allow 2 and 5–7 seats).
//!
//! Choices made here: in the blind round a seat cannot name a card it has not seen, so it plays
//! with the action `"play"` ("play my card"), which reveals the card; a Fool revealed that way
//! stays face up in its owner's hand until the owner declares its value with
//! `{"play":"Fool","value":0}` or `22` (rules §9.2: "in the blind round, when it is shown").
//! Listing `{"play":card}` there instead would tell the seat its own card through its legal
//! actions. Cards won in tricks are kept face up (everyone saw them played).
//!
//! This folder: `mod.rs` the rules (state, actions, views), `present.rs` what people are told,
//! `heuristic.rs` the rule of thumb, `tests.rs` the rules file's acceptance cases.

mod heuristic;
pub use heuristic::Whist22Why;
mod present;

use std::fmt;
use std::sync::LazyLock;

use rand::RngCore;
use serde::de::{self, MapAccess, Visitor};

use super::options::{OptionSpec, OptionsSpec};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::tricks::{self, Trick, TricksTaken};
use super::{
    redeal_unseen, DeckSource, Events, Game, Observer, Seat, Seen, Setup, SetupError, Status, Zone,
};
use pakka_cards::{tarot22, Card, CardSet};

/// Every player's score at the start of a match.
pub const START_POINTS: i64 = 14;

/// The most seats (with `bga_seats`).
const MAX_SEATS: usize = 7;

/// The 22 trumps in order, the full deck every hand is shuffled from.
static DECK: LazyLock<Vec<Card>> = LazyLock::new(tarot22);

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Hand sizes `max…1` then again from `max` (Board Game Arena) instead of down and up.
    pub bga_sequence: bool,
    /// In one-card hands each player sees the others' cards but not their own.
    pub blind_one_card_round: bool,
    /// Allow 2 and 5–7 seats with Board Game Arena's hand sizes.
    pub bga_seats: bool,
}

impl OptionsSpec for Options {
    const SPEC: &'static [OptionSpec] = &[
        OptionSpec::flag("bga_sequence", false),
        OptionSpec::flag("blind_one_card_round", false),
        OptionSpec::flag("bga_seats", false),
    ];
}

/// The value a player gives the Fool as it is played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FoolValue {
    Zero,
    TwentyTwo,
}

impl FoolValue {
    pub fn value(self) -> u8 {
        match self {
            FoolValue::Zero => 0,
            FoolValue::TwentyTwo => 22,
        }
    }
}

/// A decision of one seat. JSON: `{"bid":N}`, `{"play":card}`, `{"play":"Fool","value":0}` (or
/// `22`), and `"play"` for the blind round's "play my card".
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Bid(u8),
    /// Play a trump 1–21.
    Play(Card),
    /// Play the Fool with its value.
    Fool(FoolValue),
    /// Blind round: play the own card, unseen (a Fool is revealed and then given its value).
    PlayUnseen,
}

impl Serialize for Action {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self {
            Action::PlayUnseen => s.serialize_str("play"),
            Action::Bid(n) => {
                let mut map = s.serialize_map(Some(1))?;
                map.serialize_entry("bid", &n)?;
                map.end()
            }
            Action::Play(card) => {
                let mut map = s.serialize_map(Some(1))?;
                map.serialize_entry("play", &card)?;
                map.end()
            }
            Action::Fool(value) => {
                let mut map = s.serialize_map(Some(2))?;
                map.serialize_entry("play", &Card::FOOL)?;
                map.serialize_entry("value", &value.value())?;
                map.end()
            }
        }
    }
}

const ACTION_SHAPES: &str = "{\"bid\":N}, {\"play\":card}, {\"play\":\"Fool\",\"value\":0 or 22} \
    or \"play\" (the blind round's unseen card)";

struct ActionVisitor;

impl<'de> Visitor<'de> for ActionVisitor {
    type Value = Action;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a Whist 22 action: {ACTION_SHAPES}")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Action, E> {
        if v == "play" {
            Ok(Action::PlayUnseen)
        } else {
            Err(E::custom(format!(
                "\"{v}\" is not a Whist 22 action; the actions are {ACTION_SHAPES}"
            )))
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Action, A::Error> {
        let (mut bid, mut play, mut value) = (None::<u8>, None::<Card>, None::<u64>);
        while let Some(key) = map.next_key::<String>()? {
            let duplicate = match key.as_str() {
                "bid" => bid.replace(map.next_value()?).is_some(),
                "play" => play.replace(map.next_value()?).is_some(),
                "value" => value.replace(map.next_value()?).is_some(),
                other => {
                    return Err(de::Error::custom(format!(
                        "unknown field \"{other}\"; the actions are {ACTION_SHAPES}"
                    )))
                }
            };
            if duplicate {
                return Err(de::Error::custom(format!("field \"{key}\" given twice")));
            }
        }
        match (bid, play, value) {
            (Some(n), None, None) => Ok(Action::Bid(n)),
            (None, Some(card), None) if card == Card::FOOL => Err(de::Error::custom(
                "the Fool needs a value: {\"play\":\"Fool\",\"value\":0} or 22",
            )),
            (None, Some(card), None) => Ok(Action::Play(card)),
            (None, Some(card), Some(v)) if card == Card::FOOL => match v {
                0 => Ok(Action::Fool(FoolValue::Zero)),
                22 => Ok(Action::Fool(FoolValue::TwentyTwo)),
                _ => Err(de::Error::custom(format!(
                    "the Fool is worth 0 or 22, not {v}"
                ))),
            },
            (None, Some(card), Some(_)) => Err(de::Error::custom(format!(
                "only the Fool takes a value, not {card}"
            ))),
            _ => Err(de::Error::custom(format!(
                "a Whist 22 action is one of {ACTION_SHAPES}"
            ))),
        }
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        d.deserialize_any(ActionVisitor)
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Bidding,
    Playing,
    Over,
}

/// One card in a trick with the value it counts for (the Fool's as declared).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Play {
    pub seat: Seat,
    pub card: Card,
    pub value: u8,
}

/// A completed trick as shown to everyone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastTrick {
    pub winner: Seat,
    pub plays: Vec<Play>,
}

/// The scoring of one hand, public once it is played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandResult {
    pub deal: u32,
    pub bids: Vec<u8>,
    pub tricks: Vec<u32>,
    /// Points lost by each seat (zero or negative).
    pub changes: Vec<i64>,
    pub scores: Vec<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    HandDealt {
        deal: u32,
        dealer: Seat,
        hand_size: u8,
        blind: bool,
    },
    Bid {
        seat: Seat,
        bid: u8,
    },
    /// Blind round: the seat's unseen card turned out to be the Fool; its value comes next.
    Revealed {
        seat: Seat,
        card: Card,
    },
    Played {
        seat: Seat,
        card: Card,
        value: u8,
    },
    TrickWon {
        seat: Seat,
    },
    HandScored(HandResult),
    GameOver {
        ranking: Vec<Vec<Seat>>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Whist22 {
    options: Options,
    /// The largest hand at this seat count.
    max_hand: u8,
    dealer: Seat,
    /// The current hand's number, from 1.
    deal: u32,
    hand_size: u8,
    hands: Vec<CardSet>,
    /// The cards not dealt this hand, face down.
    unused: Vec<Card>,
    phase: Phase,
    turn: Seat,
    bids: Vec<Option<u8>>,
    trick: Trick,
    /// The value declared for the Fool if it is in the current trick.
    fool_value: Option<u8>,
    won: TricksTaken,
    /// The Fool's value in the last completed trick, if it was there.
    last_fool_value: Option<u8>,
    /// Blind round: the seat whose Fool was revealed and waits for its value.
    revealed: Option<Seat>,
    scores: Vec<i64>,
    last_hand: Option<Scored>,
    ranking: Option<Vec<Vec<Seat>>>,
    source: DeckSource,
}

/// The last hand's scoring as the state keeps it: fixed arrays by seat, so that scoring a hand
/// allocates nothing; the scores after it are the current ones (they change only there).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Scored {
    deal: u32,
    bids: [u8; MAX_SEATS],
    tricks: [u32; MAX_SEATS],
    changes: [i64; MAX_SEATS],
}

impl Scored {
    /// The public result, with the scores after it.
    fn result(&self, scores: &[i64]) -> HandResult {
        let n = scores.len();
        HandResult {
            deal: self.deal,
            bids: self.bids[..n].to_vec(),
            tricks: self.tricks[..n].to_vec(),
            changes: self.changes[..n].to_vec(),
            scores: scores.to_vec(),
        }
    }
}

/// The largest hand for `seats` players (Board Game Arena's sizes for 2 and 5–7).
pub fn max_hand(seats: usize) -> u8 {
    match seats {
        2 => 9,
        3 => 7,
        4 => 5,
        5 => 4,
        _ => 3,
    }
}

/// The hand size of the hand with 0-based index `index` in a match.
pub fn hand_size(max: u8, bga_sequence: bool, index: u32) -> u8 {
    let max32 = u32::from(max);
    if bga_sequence || max <= 1 {
        return (max32 - index % max32) as u8;
    }
    let period = 2 * (max32 - 1);
    let p = index % period;
    if p < max32 {
        (max32 - p) as u8
    } else {
        (p - max32 + 2) as u8
    }
}

/// The value a card counts for in a trick (`fool` = the Fool's declared value).
fn card_value(card: Card, fool: Option<u8>) -> u8 {
    card.trump_value().unwrap_or_else(|| fool.unwrap_or(0))
}

impl Whist22 {
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    fn n(&self) -> usize {
        self.hands.len()
    }

    fn first(&self) -> Seat {
        (self.dealer + 1) % self.n()
    }

    /// Whether this hand is played blind (each seat sees every card but its own).
    fn blind(&self) -> bool {
        self.options.blind_one_card_round && self.hand_size == 1
    }

    fn setup(options: Options, seats: usize, setup: Setup) -> Result<Whist22, SetupError> {
        let full = tarot22();
        let (source, dealer) = DeckSource::new(setup, &full, seats)?;
        let max = max_hand(seats);
        let mut game = Whist22 {
            options,
            max_hand: max,
            dealer,
            deal: 0,
            hand_size: max,
            hands: vec![CardSet::new(); seats],
            unused: Vec::new(),
            phase: Phase::Bidding,
            turn: (dealer + 1) % seats,
            bids: vec![None; seats],
            trick: Trick::new((dealer + 1) % seats),
            fool_value: None,
            won: TricksTaken::new(seats),
            last_fool_value: None,
            revealed: None,
            scores: vec![START_POINTS; seats],
            last_hand: None,
            ranking: None,
            source,
        };
        game.deal_hand(&mut Events::quiet());
        Ok(game)
    }

    /// Deals the next hand with the current dealer: the hand size each, one at a time from the
    /// dealer's left; the rest unused.
    fn deal_hand(&mut self, events: &mut Events<'_, Event>) {
        let n = self.n();
        self.hand_size = hand_size(self.max_hand, self.options.bga_sequence, self.deal);
        self.deal += 1;
        let mut deck = self.source.next_deck(&DECK);
        let dealt = n * usize::from(self.hand_size);
        let first = self.first();
        self.hands.fill(CardSet::new());
        for (i, card) in deck.drain(..dealt).enumerate() {
            self.hands[(first + i) % n].insert(card);
        }
        self.unused = deck;
        self.phase = Phase::Bidding;
        self.turn = first;
        self.bids.fill(None);
        self.trick.plays.clear();
        self.trick.leader = first;
        self.fool_value = None;
        self.won.reset();
        self.last_fool_value = None;
        self.revealed = None;
        events.tell(|| Event::HandDealt {
            deal: self.deal,
            dealer: self.dealer,
            hand_size: self.hand_size,
            blind: self.blind(),
        });
    }

    /// The bid the dealer may not make now, if any.
    fn forbidden_bid(&self) -> Option<u8> {
        if self.phase != Phase::Bidding || self.turn != self.dealer {
            return None;
        }
        let others: u32 = self.bids.iter().flatten().map(|&b| u32::from(b)).sum();
        u32::from(self.hand_size)
            .checked_sub(others)
            .map(|v| v as u8)
    }

    fn play_card(
        &mut self,
        seat: Seat,
        card: Card,
        fool: Option<u8>,
        events: &mut Events<'_, Event>,
    ) {
        self.hands[seat].remove(card);
        self.revealed = None;
        if card == Card::FOOL {
            self.fool_value = fool;
        }
        self.trick.play(seat, card);
        events.tell(|| Event::Played {
            seat,
            card,
            value: card_value(card, fool),
        });
        if self.trick.len() < self.n() {
            self.turn = (seat + 1) % self.n();
            return;
        }
        let fool_value = self.fool_value;
        let Some((winner, _)) = self
            .trick
            .winning(|c, w, _| card_value(c, fool_value) > card_value(w, fool_value))
        else {
            return;
        };
        self.won.take(winner, &mut self.trick);
        self.last_fool_value = self.fool_value.take();
        events.tell(|| Event::TrickWon { seat: winner });
        self.turn = winner;
        if self.hands.iter().all(|h| h.is_empty()) {
            self.score_hand(events);
        }
    }

    fn score_hand(&mut self, events: &mut Events<'_, Event>) {
        let n = self.n();
        let mut scored = Scored {
            deal: self.deal,
            bids: [0; MAX_SEATS],
            tricks: [0; MAX_SEATS],
            changes: [0; MAX_SEATS],
        };
        for s in 0..n {
            let (bid, tricks) = (self.bids[s].unwrap_or(0), self.won.counts[s]);
            scored.bids[s] = bid;
            scored.tricks[s] = tricks;
            scored.changes[s] = -(i64::from(bid) - i64::from(tricks)).abs();
        }
        let over = tricks::add_to_totals(&mut self.scores, &scored.changes[..n]);
        events.tell(|| Event::HandScored(scored.result(&self.scores)));
        self.last_hand = Some(scored);
        if let Some(ranking) = over {
            self.phase = Phase::Over;
            events.tell(|| Event::GameOver {
                ranking: ranking.clone(),
            });
            self.ranking = Some(ranking);
        } else {
            self.dealer = (self.dealer + 1) % self.n();
            self.deal_hand(events);
        }
    }

    /// Where the seat's hand may be seen from.
    fn hand_seen(&self, seat: Seat) -> Seen {
        if !self.blind() {
            Seen::Only(seat)
        } else if self.revealed == Some(seat) {
            Seen::All
        } else {
            Seen::AllBut(seat)
        }
    }

    /// Applies a listed action and what follows it automatically, telling `events`.
    fn step(&mut self, seat: Seat, action: &Action, events: &mut Events<'_, Event>) {
        match *action {
            Action::Bid(bid) => {
                self.bids[seat] = Some(bid);
                events.tell(|| Event::Bid { seat, bid });
                if seat == self.dealer {
                    self.phase = Phase::Playing;
                    self.turn = self.first();
                } else {
                    self.turn = (seat + 1) % self.n();
                }
            }
            Action::Play(card) => self.play_card(seat, card, None, events),
            Action::Fool(value) => self.play_card(seat, Card::FOOL, Some(value.value()), events),
            Action::PlayUnseen => {
                if let Some(card) = self.hands[seat].first() {
                    if card == Card::FOOL {
                        self.revealed = Some(seat);
                        events.tell(|| Event::Revealed { seat, card });
                    } else {
                        self.play_card(seat, card, None, events);
                    }
                }
            }
        }
    }

    fn illegal_play(&self, seat: Seat, card: Card) -> Refusal {
        if self.phase == Phase::Bidding {
            return Refusal::BidFirst;
        }
        if self.revealed == Some(seat) {
            return Refusal::FoolRevealed;
        }
        if self.blind() {
            return Refusal::Blind;
        }
        if card == Card::FOOL && self.hands[seat].contains(card) {
            return Refusal::FoolNeedsValue;
        }
        if card.trump_value().is_none() && card != Card::FOOL {
            return Refusal::NotACard(card);
        }
        Refusal::NotHeld(card)
    }
}

/// Why an action is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A bid once the play has begun.
    BiddingOver,
    /// A bid above the hand size (`max`, the number of tricks).
    BidTooHigh {
        max: u8,
    },
    /// The dealer's bid that would make the bids add up to the tricks of the hand.
    DealerBid {
        bid: u8,
        tricks: u8,
    },
    /// A play during the bidding.
    BidFirst,
    /// The seat's unseen card turned out to be the Fool: it must be given a value.
    FoolRevealed,
    /// A card named in the blind round, where the seat cannot see its own.
    Blind,
    /// The Fool without its value.
    FoolNeedsValue,
    /// Not one of the 22 tarot trumps.
    NotACard(Card),
    NotHeld(Card),
    /// "Play my card" outside the blind round.
    CanSee,
}

/// What an observer sees of a Whist 22 table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The observer's cards that it may see: empty in the blind round (until a Fool is
    /// revealed) and for the public.
    pub hand: Vec<Card>,
    pub observer: Observer,
    pub dealer: Seat,
    pub deal: u32,
    pub hand_size: u8,
    /// This hand is the blind one-card round.
    pub blind: bool,
    pub phase: Phase,
    /// Whose turn it is, until the game is over.
    pub turn: Option<Seat>,
    pub bids: Vec<Option<u8>>,
    /// The dealer's forbidden bid while the dealer is bidding.
    pub forbidden_bid: Option<u8>,
    pub tricks: Vec<u32>,
    pub scores: Vec<i64>,
    pub hand_sizes: Vec<usize>,
    /// Blind round: the other seats' cards, which this observer sees (its own entry empty).
    pub others_cards: Vec<Vec<Card>>,
    /// Blind round: a seat whose card was revealed as the Fool and waits for its value.
    pub revealed: Option<Seat>,
    pub leader: Seat,
    pub trick: Vec<Play>,
    pub last_trick: Option<LastTrick>,
    pub last_hand: Option<HandResult>,
    pub ranking: Option<Vec<Vec<Seat>>>,
}

impl Game for Whist22 {
    crate::game_head! {
        id: "whist22", aliases: ["whist-22"], seats: (2, 7), seed: 6;
        arena_seats: 3, replay_seats: 4, people: 3, computers: 0, load_people: 3;
        picture seats: 4, options: "", moves: 9, hand: 0
    }
    const DUPLICATE: bool = true;

    /// 3–4 seats, 2–7 with `bga_seats`.
    fn seat_range(options: &Options) -> (usize, usize) {
        if options.bga_seats {
            (2, 7)
        } else {
            (3, 4)
        }
    }

    fn configurations() -> Vec<(Options, usize)> {
        let plain = Options::default();
        let blind = Options {
            blind_one_card_round: true,
            ..Options::default()
        };
        let bga = Options {
            bga_sequence: true,
            blind_one_card_round: true,
            bga_seats: true,
        };
        let bga_seats = Options {
            bga_seats: true,
            ..Options::default()
        };
        vec![
            (plain.clone(), 3),
            (plain, 4),
            (blind, 3),
            (bga.clone(), 2),
            (bga, 7),
            (bga_seats, 5),
        ]
    }

    fn new(options: Options, seats: usize, setup: Setup) -> Result<Self, SetupError> {
        Self::setup(options, seats, setup)
    }

    crate::game_accessors!(
        seats: |g| g.n(), over: |g| g.phase == Phase::Over,
        deal: |g| g.deal, turn: turn
    );

    fn legal_into(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if self.phase == Phase::Over || seat != self.turn {
            return;
        }
        match self.phase {
            Phase::Bidding => {
                let forbidden = self.forbidden_bid();
                out.extend(
                    (0..=self.hand_size)
                        .filter(|&b| Some(b) != forbidden)
                        .map(Action::Bid),
                );
            }
            _ if self.revealed == Some(seat) => {
                out.push(Action::Fool(FoolValue::Zero));
                out.push(Action::Fool(FoolValue::TwentyTwo));
            }
            _ if self.blind() => out.push(Action::PlayUnseen),
            _ => {
                for card in self.hands[seat] {
                    if card == Card::FOOL {
                        out.push(Action::Fool(FoolValue::Zero));
                        out.push(Action::Fool(FoolValue::TwentyTwo));
                    } else {
                        out.push(Action::Play(card));
                    }
                }
            }
        }
    }

    fn card_play(card: Card) -> Option<Action> {
        // The Fool's play carries its value: no one-card play.
        (card != Card::FOOL).then_some(Action::Play(card))
    }

    fn refusal(&self, seat: Seat, action: &Action) -> Refusal {
        match *action {
            Action::Bid(_) if self.phase != Phase::Bidding => Refusal::BiddingOver,
            Action::Bid(b) if b > self.hand_size => Refusal::BidTooHigh {
                max: self.hand_size,
            },
            Action::Bid(bid) => Refusal::DealerBid {
                bid,
                tricks: self.hand_size,
            },
            Action::Play(card) => self.illegal_play(seat, card),
            Action::Fool(_) => self.illegal_play(seat, Card::FOOL),
            Action::PlayUnseen if self.phase == Phase::Bidding => Refusal::BidFirst,
            Action::PlayUnseen if self.revealed == Some(seat) => Refusal::FoolRevealed,
            Action::PlayUnseen => Refusal::CanSee,
        }
    }

    fn advance(&mut self, seat: Seat, action: &Action, events: &mut Events<'_, Event>) {
        self.step(seat, action, events);
    }

    fn view(&self, observer: Observer) -> View {
        let n = self.n();
        let hand = observer.own_hand(&self.hands, |s| self.hand_seen(s));
        let others_cards = (0..n)
            .map(|t| match observer {
                Observer::Seat(s) if s != t && self.blind() && observer.sees(self.hand_seen(t)) => {
                    self.hands[t].to_vec()
                }
                _ => Vec::new(),
            })
            .collect();
        let fool = self.fool_value;
        let plays = |plays: &[(Seat, Card)], fool: Option<u8>| {
            plays
                .iter()
                .map(|&(seat, card)| Play {
                    seat,
                    card,
                    value: card_value(card, fool),
                })
                .collect::<Vec<_>>()
        };
        View {
            hand,
            observer,
            dealer: self.dealer,
            deal: self.deal,
            hand_size: self.hand_size,
            blind: self.blind(),
            phase: self.phase,
            turn: (self.phase != Phase::Over).then_some(self.turn),
            bids: self.bids.clone(),
            forbidden_bid: self.forbidden_bid(),
            tricks: self.won.counts.clone(),
            scores: self.scores.clone(),
            hand_sizes: self.hands.iter().map(|h| h.len()).collect(),
            others_cards,
            revealed: self.revealed,
            leader: self.trick.leader,
            trick: plays(&self.trick.plays, fool),
            last_trick: self.won.last_winner.map(|winner| LastTrick {
                winner,
                plays: plays(&self.won.last.plays, self.last_fool_value),
            }),
            last_hand: self.last_hand.as_ref().map(|h| h.result(&self.scores)),
            ranking: self.ranking.clone(),
        }
    }

    fn status(&self) -> Status {
        Status::of(self, Some(self.scores.clone()), self.ranking.clone())
    }

    fn zones(&self) -> Vec<Zone> {
        let mut zones =
            tricks::taken_zones(&self.hands, |s| self.hand_seen(s), &self.won, &self.trick);
        zones.push(Zone::new(
            "unused",
            self.unused.iter().copied(),
            Seen::Nobody,
        ));
        zones
    }

    fn hands(&self) -> Vec<Vec<Card>> {
        self.hands.iter().map(|h| h.to_vec()).collect()
    }

    fn action_space(&self) -> Vec<Action> {
        let mut all: Vec<Action> = (0..=max_hand(self.n()) + 1).map(Action::Bid).collect();
        all.extend((1..=21).map(|n| Action::Play(Card::trump(n))));
        all.push(Action::Fool(FoolValue::Zero));
        all.push(Action::Fool(FoolValue::TwentyTwo));
        all.push(Action::PlayUnseen);
        all
    }

    fn determinize(&self, seat: Seat, rng: &mut dyn RngCore) -> Self {
        let mut game = self.clone();
        game.source.reseed(rng);
        if self.phase == Phase::Over {
            return game;
        }
        let observer = Observer::Seat(seat);
        let hidden: Vec<Seat> = (0..self.n())
            .filter(|&s| !observer.sees(self.hand_seen(s)))
            .collect();
        let mut piles: Vec<Vec<Card>> = hidden.iter().map(|&s| self.hands[s].to_vec()).collect();
        piles.push(self.unused.clone());
        let mut refs: Vec<&mut Vec<Card>> = piles.iter_mut().collect();
        redeal_unseen(&mut refs, rng);
        game.unused = piles.pop().unwrap_or_default();
        for (&s, pile) in hidden.iter().zip(piles) {
            game.hands[s] = pile.into_iter().collect();
        }
        game
    }
}

#[cfg(test)]
mod tests;
