//! Teka, exactly as `shared/rules/teka.md` §5.2: four players in the fixed partnerships (0,2)
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

use rand::seq::SliceRandom;
use rand::{Rng, RngCore};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::tricks::{ace_high, follow_suit, of_suit, partner, suit_beats, Trick, TricksWon};
use super::{DeckSource, Game, Observer, Seat, Seen, Setup, SetupError, Status, Zone};
use crate::cards::{standard52, Card, CardSet, Rank, Suit};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Shuffle before every deal instead of only cutting the previous hand's cards.
    pub shuffle_every_deal: bool,
}

/// The score a match is played to.
pub const TARGET: i64 = 104;

const SEATS: usize = 4;

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

    pub fn text(self) -> String {
        match self {
            Bid::Tricks(n) => n.to_string(),
            Bid::Double13 => "double thirteen".into(),
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
    pub team_tricks: Vec<u32>,
    /// Points per team.
    pub points: Vec<i64>,
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
    hands: Vec<Vec<Card>>,
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
    trick: Trick,
    won: TricksWon,
    last_hand: Option<HandResult>,
    ranking: Option<Vec<Vec<Seat>>>,
}

fn team(seat: Seat) -> usize {
    seat % 2
}

fn is_honour(card: Card) -> bool {
    card.rank() >= Rank::Jack
}

fn suit_bit(suit: Suit) -> u8 {
    1 << suit.index()
}

/// Deals `pool` at random into piles of the given sizes, each card only into a pile that
/// `allowed(card, pile)` accepts and the whole deal only if `accept` agrees; `None` when a few
/// random tries find no such deal. Most constrained cards go first. (A private helper: the
/// trick toolkit has no constrained redeal.)
fn constrained_deal(
    pool: &[Card],
    sizes: &[usize],
    allowed: impl Fn(Card, usize) -> bool,
    accept: impl Fn(&[Vec<Card>]) -> bool,
    rng: &mut dyn RngCore,
) -> Option<Vec<Vec<Card>>> {
    const TRIES: usize = 40;
    // Sorted first: the result must depend only on which cards are hidden, never on where
    // they really are (a computer player must not peek).
    let mut order = pool.to_vec();
    order.sort_unstable();
    for _ in 0..TRIES {
        order.shuffle(rng);
        order.sort_by_key(|&c| (0..sizes.len()).filter(|&z| allowed(c, z)).count());
        let mut piles: Vec<Vec<Card>> = sizes.iter().map(|&n| Vec::with_capacity(n)).collect();
        let mut ok = true;
        for &c in &order {
            let room = |z: usize, piles: &[Vec<Card>]| {
                if allowed(c, z) {
                    sizes[z] - piles[z].len()
                } else {
                    0
                }
            };
            let total: usize = (0..sizes.len()).map(|z| room(z, &piles)).sum();
            if total == 0 {
                ok = false;
                break;
            }
            let mut pick = rng.random_range(0..total);
            for z in 0..sizes.len() {
                let r = room(z, &piles);
                if pick < r {
                    piles[z].push(c);
                    break;
                }
                pick -= r;
            }
        }
        if ok && accept(&piles) {
            return Some(piles);
        }
    }
    None
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

    fn plays(&self, seat: Seat) -> bool {
        self.sitting_out() != Some(seat)
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
        if self.trick.is_empty() && self.won.history.is_empty() {
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
    fn deal_cards(&mut self, deck: Vec<Card>, cut: bool, events: &mut Vec<Event>) {
        let first = self.first();
        for (i, chunk) in deck.chunks(13).enumerate() {
            self.hands[(first + i) % SEATS] = chunk.to_vec();
        }
        self.kept.clear();
        self.calls.clear();
        self.declarer = None;
        self.bid = None;
        self.contract = None;
        self.trump = None;
        self.trick = Trick::new(first);
        self.won = TricksWon::new(SEATS);
        events.push(Event::Dealt {
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
    fn gathered(&self) -> Vec<Card> {
        let mut deck: Vec<Card> = self
            .won
            .history
            .iter()
            .flat_map(|(_, plays)| plays.iter().map(|&(_, c)| c))
            .collect();
        deck.extend(self.trick.cards());
        for hand in &self.hands {
            deck.extend(hand.iter().copied());
        }
        deck
    }

    fn next_deal(&mut self, events: &mut Vec<Event>) {
        self.dealer = (self.dealer + 1) % SEATS;
        self.deal += 1;
        self.redeals = 0;
        let (deck, cut) = if self.source.has_explicit() || self.options.shuffle_every_deal {
            (self.source.next_deck(&standard52()), false)
        } else {
            let mut deck = self.gathered();
            let lift = self.source.rng().random_range(1..deck.len());
            deck.rotate_left(lift);
            (deck, true)
        };
        self.deal_cards(deck, cut, events);
    }

    // ---- calls ---------------------------------------------------------------------------------

    fn call(&mut self, seat: Seat, call: CallKind, events: &mut Vec<Event>) {
        self.calls.push(Call { seat, call });
        events.push(Event::Called { seat, call });
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
                events.push(Event::Declarer {
                    seat: d,
                    bid,
                    sits_out: self.sitting_out(),
                });
                self.phase = Phase::Trump;
                self.turn = d;
            }
            _ => {
                events.push(Event::AllPassed);
                self.end_hand(None, events);
            }
        }
    }

    // ---- play ----------------------------------------------------------------------------------

    fn play(&mut self, seat: Seat, card: Card, events: &mut Vec<Event>) {
        if let Some(i) = self.hands[seat].iter().position(|&c| c == card) {
            self.hands[seat].remove(i);
        }
        self.trick.play(seat, card);
        events.push(Event::Played { seat, card });
        let players = if self.sitting_out().is_some() { 3 } else { 4 };
        if self.trick.len() < players {
            self.turn = super::tricks::next_seat(seat, SEATS, |s| self.plays(s)).unwrap_or(seat);
            return;
        }
        let trump = self.trump_suit();
        let (winner, _) = self
            .trick
            .winning(|c, w, led| suit_beats(c, w, led, trump, ace_high))
            .unwrap_or((seat, card));
        self.won.record(winner, &self.trick);
        events.push(Event::TrickWon {
            seat: winner,
            plays: self.trick.plays.clone(),
        });
        self.trick = Trick::new(winner);
        self.turn = winner;
        let target = self.contract.map_or(13, Bid::target);
        let (ours, theirs) = self.side_tricks();
        if ours >= target {
            self.end_hand(Some(true), events);
        } else if theirs > 13 - target {
            self.end_hand(Some(false), events);
        }
    }

    /// Scores the hand (`made` is `None` after all passes), then ends the match or deals on.
    fn end_hand(&mut self, made: Option<bool>, events: &mut Vec<Event>) {
        let mut points = vec![0; 2];
        let mut team_tricks = vec![0; 2];
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
        events.push(Event::HandScored {
            result: result.clone(),
            team_scores: self.team_scores.clone(),
        });
        self.last_hand = Some(result);
        if let Some(w) = (0..2).find(|&t| self.team_scores[t] >= TARGET) {
            let ranking = vec![vec![w, w + 2], vec![1 - w, 3 - w]];
            events.push(Event::GameOver {
                ranking: ranking.clone(),
                team_scores: self.team_scores.clone(),
            });
            self.ranking = Some(ranking);
            self.phase = Phase::Over;
        } else {
            self.next_deal(events);
        }
    }

    // ---- determinization -------------------------------------------------------------------------

    /// Per seat, the cards it has played this hand and the suits it has shown to be void in.
    fn played_and_voids(&self) -> (Vec<CardSet>, Vec<u8>) {
        let mut played = vec![CardSet::new(); SEATS];
        let mut voids = vec![0u8; SEATS];
        let current = (self.trick.leader, self.trick.plays.clone());
        let mut first_lead = true;
        for (_, plays) in self.won.history.iter().chain(std::iter::once(&current)) {
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

/// The last completed trick, shown until the next one is complete.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastTrick {
    pub winner: Seat,
    pub plays: Vec<(Seat, Card)>,
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

fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("Seat {seat}"))
}

fn team_name(names: &[String], team: usize) -> String {
    format!("{} & {}", name(names, team), name(names, team + 2))
}

fn plays_text(plays: &[(Seat, Card)], names: &[String]) -> String {
    plays
        .iter()
        .map(|&(s, c)| format!("{} {}", name(names, s), c.pretty()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn call_text(call: CallKind) -> String {
    match call {
        CallKind::Bid(b) => b.text(),
        CallKind::Pass => "pass".into(),
        CallKind::Ter => "ter".into(),
    }
}

fn hand_result_text(r: &HandResult, names: &[String]) -> String {
    let (Some(d), Some(contract), Some(made)) = (r.declarer, r.contract, r.made) else {
        return format!("Last hand (deal {}): all four passed, no score.", r.deal);
    };
    let t = team(d);
    let (winner, points) = if made {
        (t, r.points[t])
    } else {
        (1 - t, r.points[1 - t])
    };
    format!(
        "Last hand (deal {}): {} {} {} ({}–{} in tricks): {} +{points}.",
        r.deal,
        name(names, d),
        if made { "made" } else { "lost" },
        contract.text(),
        r.team_tricks[t],
        r.team_tricks[1 - t],
        team_name(names, winner)
    )
}

fn describe(view: &View, names: &[String]) -> String {
    let mut lines = vec![
        format!(
            "Teka · deal {} · dealer {}",
            view.deal,
            name(names, view.dealer)
        ),
        format!(
            "Teams: {} {} · {} {} (first to {TARGET})",
            team_name(names, 0),
            view.team_scores[0],
            team_name(names, 1),
            view.team_scores[1]
        ),
    ];
    if let Some(ranking) = &view.ranking {
        let w = team(ranking[0][0]);
        lines.push(format!("Game over: {} won.", team_name(names, w)));
        if let Some(r) = &view.last_hand {
            lines.push(hand_result_text(r, names));
        }
        return lines.join("\n");
    }
    let turn = view.to_act.map(|s| name(names, s)).unwrap_or_default();
    if view.redeals > 0 {
        lines.push(format!("Redealt {}× on request this deal.", view.redeals));
    }
    match view.phase {
        Phase::Redeal => lines.push(format!(
            "{turn} holds no ace, king, queen or jack and may ask for a new deal or keep."
        )),
        Phase::Bidding => {
            let calls: Vec<String> = view
                .calls
                .iter()
                .map(|c| format!("{} {}", name(names, c.seat), call_text(c.call)))
                .collect();
            let calls = if calls.is_empty() {
                "none yet".to_string()
            } else {
                calls.join(", ")
            };
            lines.push(format!("Calls: {calls} — {turn} to call (one call each)."));
        }
        _ => {}
    }
    if let (Some(d), Some(contract)) = (view.declarer, view.contract) {
        let mut text = format!(
            "Contract: {} {} for {}",
            name(names, d),
            contract.text(),
            team_name(names, team(d))
        );
        if view.bid != view.contract {
            text.push_str(&format!(
                " (bid {}, raised)",
                view.bid.map_or(String::new(), Bid::text)
            ));
        }
        match view.trump {
            Some(t) => text.push_str(&format!(", trumps {}", t.suit().symbol())),
            None => text.push_str(&format!(" — {turn} names trumps")),
        }
        text.push('.');
        if let Some(out) = view.sits_out {
            text.push_str(&format!(" {} sits out.", name(names, out)));
        }
        lines.push(text);
    }
    if view.phase == Phase::Play {
        let t = view.declarer.map_or(0, team);
        lines.push(format!(
            "Tricks: {} {} · {} {}",
            team_name(names, t),
            view.team_tricks[t],
            team_name(names, 1 - t),
            view.team_tricks[1 - t]
        ));
        if let Some(last) = &view.last_trick {
            lines.push(format!(
                "Last trick: {} — won by {}",
                plays_text(&last.plays, names),
                name(names, last.winner)
            ));
        }
        let now = if view.trick.is_empty() {
            format!("{turn} to lead.")
        } else {
            format!("{} — {turn} to play.", plays_text(&view.trick, names))
        };
        lines.push(format!("Trick {}: {now}", view.trick_number));
    }
    if !view.hand.is_empty() {
        let hand: Vec<String> = view.hand.iter().map(|c| c.pretty()).collect();
        lines.push(format!("Your hand: {}", hand.join(" ")));
    }
    if let Some(r) = &view.last_hand {
        lines.push(hand_result_text(r, names));
    }
    lines.join("\n")
}

impl Game for Teka {
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;

    const ID: &'static str = "teka";
    const ALIASES: &'static [&'static str] = &[];
    const NAME: &'static str = "Teka";
    const SEATS: (usize, usize) = (4, 4);
    const SUMMARY: &'static str = "An Afghan trick-taking game for two partnerships (seats 0 & 2 \
        against 1 & 3), 52 cards, aces high. Each player calls once: a number of tricks from 8 to \
        13 for their team (higher than any number before), double thirteen (all 13 tricks, \
        playing alone), or pass. The declarer names trumps and must lead one; follow suit if you \
        can. The declarer may raise the contract during play. A made contract scores its number \
        (double thirteen 26); a lost one gives the opponents twice as much (52). First team to \
        104 wins. Later deals are only cut, not shuffled, unless the table says so.";

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

    fn new(options: Options, seats: usize, setup: Setup) -> Result<Self, SetupError> {
        if seats != SEATS {
            return Err(SetupError::Seats {
                game: Self::NAME,
                got: seats,
                allowed: "4".into(),
            });
        }
        let full = standard52();
        let (mut source, dealer) = DeckSource::new(setup, &full, SEATS)?;
        let deck = source.next_deck(&full);
        let mut game = Teka {
            options,
            source,
            deal: 1,
            dealer,
            team_scores: vec![0; 2],
            hands: vec![Vec::new(); SEATS],
            phase: Phase::Bidding,
            turn: 0,
            kept: Vec::new(),
            redeals: 0,
            calls: Vec::new(),
            declarer: None,
            bid: None,
            contract: None,
            trump: None,
            trick: Trick::new(0),
            won: TricksWon::new(SEATS),
            last_hand: None,
            ranking: None,
        };
        game.deal_cards(deck, false, &mut Vec::new());
        Ok(game)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn seats(&self) -> usize {
        SEATS
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.is_over() {
            Vec::new()
        } else {
            vec![self.turn]
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.is_over() || seat != self.turn {
            return Vec::new();
        }
        match self.phase {
            Phase::Redeal => vec![Action::Redeal, Action::Keep],
            Phase::Bidding => {
                let mut actions: Vec<Action> = self
                    .legal_numbers()
                    .map(|n| Action::Bid(Bid::Tricks(n)))
                    .collect();
                actions.extend([Action::Bid(Bid::Double13), Action::Pass, Action::Ter]);
                actions
            }
            Phase::Trump => TrumpSuit::ALL.into_iter().map(Action::Trump).collect(),
            Phase::Play => {
                let mut actions: Vec<Action> =
                    self.legal_cards(seat).iter().map(Action::Play).collect();
                actions.extend(self.raises(seat).map(Action::Raise));
                actions
            }
            Phase::Over => Vec::new(),
        }
    }

    fn illegal_reason(&self, seat: Seat, action: &Action) -> String {
        match (self.phase, action) {
            (Phase::Redeal, _) => "Ask for a new deal or keep your hand.".into(),
            (_, Action::Redeal | Action::Keep) => {
                "A new deal may only be asked for before the calls, with a hand without an ace, \
                 king, queen or jack."
                    .into()
            }
            (Phase::Bidding, Action::Bid(Bid::Tricks(n))) => {
                if self.double13_called() {
                    "Double thirteen has been called: only another double thirteen beats it.".into()
                } else if !(8..=13).contains(n) {
                    "Call a number of tricks from 8 to 13.".into()
                } else {
                    format!(
                        "Your call must be higher than {}.",
                        self.highest_number().unwrap_or(7)
                    )
                }
            }
            (Phase::Bidding, _) => "Make your call: a number, double thirteen, or pass.".into(),
            (_, Action::Bid(_) | Action::Pass | Action::Ter) => {
                "Everybody has called: the calls are over.".into()
            }
            (Phase::Trump, _) => "Name the trump suit.".into(),
            (_, Action::Trump(_)) => "Trumps are named by the declarer, once.".into(),
            (Phase::Play, Action::Raise(n)) => match (self.declarer, self.contract) {
                (_, Some(Bid::Double13)) => "Double thirteen cannot be raised.".into(),
                (Some(d), _) if d != seat => "Only the declarer may raise the contract.".into(),
                (_, Some(Bid::Tricks(c))) if *n <= c => {
                    format!("The contract is already {c}: raise to more than that.")
                }
                _ => {
                    let (_, opp) = self.side_tricks();
                    format!(
                        "The opponents have {opp} tricks: you can raise to {} at most.",
                        13 - opp
                    )
                }
            },
            (Phase::Play, Action::Play(card)) => {
                let hand = self.hand_set(seat);
                if !hand.contains(*card) {
                    return format!("You do not hold {}.", card.pretty());
                }
                match (self.trick.led(), self.trump_suit()) {
                    (Some(led), _) => {
                        format!("You must follow suit: play a {}.", led.suit().symbol())
                    }
                    (None, Some(t)) => {
                        format!("The first lead must be a trump: play a {}.", t.symbol())
                    }
                    (None, None) => "That card cannot be played now.".into(),
                }
            }
            (_, Action::Raise(_) | Action::Play(_)) => {
                "Cards are played once trumps are named.".into()
            }
        }
    }

    fn apply_checked(&mut self, seat: Seat, action: &Action) -> Vec<Event> {
        let mut events = Vec::new();
        match *action {
            Action::Redeal => {
                events.push(Event::RedealAsked { seat });
                self.redeals += 1;
                let deck = self.source.next_deck(&standard52());
                self.deal_cards(deck, false, &mut events);
            }
            Action::Keep => {
                self.kept.push(seat);
                events.push(Event::Kept { seat });
                match self.next_asked(self.position(seat) + 1) {
                    Some(s) => self.turn = s,
                    None => {
                        self.phase = Phase::Bidding;
                        self.turn = self.first();
                    }
                }
            }
            Action::Bid(bid) => self.call(seat, CallKind::Bid(bid), &mut events),
            Action::Pass => self.call(seat, CallKind::Pass, &mut events),
            Action::Ter => self.call(seat, CallKind::Ter, &mut events),
            Action::Trump(suit) => {
                self.trump = Some(suit);
                events.push(Event::Trump { seat, suit });
                self.phase = Phase::Play;
                self.turn = seat;
                self.trick = Trick::new(seat);
            }
            Action::Raise(to) => {
                self.contract = Some(Bid::Tricks(to));
                events.push(Event::Raised { seat, to });
            }
            Action::Play(card) => self.play(seat, card, &mut events),
        }
        events
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
            hand_sizes: self.hands.iter().map(Vec::len).collect(),
            trick: self.trick.plays.clone(),
            trick_number: self.won.history.len() + 1,
            last_trick: self.won.last().map(|(w, plays)| LastTrick {
                winner: *w,
                plays: plays.clone(),
            }),
            tricks: self.won.counts.clone(),
            team_tricks,
            last_hand: self.last_hand.clone(),
            ranking: self.ranking.clone(),
        }
    }

    fn status(&self) -> Status {
        let (a, b) = (self.team_scores[0], self.team_scores[1]);
        Status {
            to_act: self.to_act(),
            over: self.is_over(),
            deal: self.deal,
            scores: Some(vec![a, b, a, b]),
            ranking: self.ranking.clone(),
        }
    }

    fn describe(view: &View, names: &[String]) -> String {
        describe(view, names)
    }

    fn label(_view: &View, action: &Action, _names: &[String]) -> String {
        match action {
            Action::Redeal => "Ask for a new deal".into(),
            Action::Keep => "Keep my hand".into(),
            Action::Bid(Bid::Tricks(n)) => format!("Bid {n}"),
            Action::Bid(Bid::Double13) => "Double thirteen".into(),
            Action::Pass => "Pass".into(),
            Action::Ter => "Ter".into(),
            Action::Trump(t) => format!("Trumps {}", t.suit().symbol()),
            Action::Raise(n) => format!("Raise to {n}"),
            Action::Play(card) => card.pretty(),
        }
    }

    /// The `normal` computer player: counted tricks for the calls, trumps and raises, the usual
    /// rules of thumb in play (see the `heuristic` module below).
    fn heuristic(view: &View, legal: &[Action], _rng: &mut dyn RngCore) -> usize {
        heuristic::choose(view, legal)
    }

    /// A random raise in a search's playout sinks the contract it is meant to measure.
    fn explore(action: &Action) -> bool {
        !matches!(action, Action::Raise(_))
    }

    fn confirm(_view: &View, action: &Action) -> Option<String> {
        match action {
            Action::Bid(Bid::Double13) => Some(
                "Double thirteen: you play alone (your partner sits out) and must win all 13 \
                 tricks — 26 points, or 52 to the opponents at the first trick lost. Call it?"
                    .into(),
            ),
            _ => None,
        }
    }

    fn zones(&self) -> Vec<Zone> {
        let mut zones: Vec<Zone> = (0..SEATS)
            .map(|s| Zone::new(format!("hand {s}"), self.hands[s].clone(), Seen::Only(s)))
            .collect();
        zones.push(Zone::new("trick", self.trick.cards(), Seen::All));
        zones.push(Zone::new(
            "tricks won",
            self.won
                .history
                .iter()
                .flat_map(|(_, plays)| plays.iter().map(|&(_, c)| c)),
            Seen::All,
        ));
        zones
    }

    fn hands(&self) -> Vec<Vec<Card>> {
        self.hands.clone()
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
                game.hands[s] = pile;
            }
        }
        game
    }
}

/// The `normal` computer player (`Game::heuristic`): a rule of thumb computed from the seat's
/// view alone, with no search and no memory beyond what the view shows.
///
/// A hand is valued in expected tricks for a given trump suit. Within a suit a card is a winner
/// when the missing higher cards are no more than the holder's own cards above it (A; K Q;
/// Q J 10 once A and K are gone), half a winner when guarded once more (K x); side suits fade
/// from the second round on (ruffs), trumps count from the fourth on for length, and short side
/// suits add ruffs for the trumps not already counted as winners. From that:
/// - redeal: always asked for when offered (a hand without an ace or a court card);
/// - calls: the team's tricks are the hand's (with its best trump) plus the partner's share of
///   the rest — a third of it by default, a quarter after the partner passed, what the
///   partner's own number promises after a bid, less when an opponent has bid. Call the lowest
///   legal number the team makes with a quarter trick to spare (a failure gives away twice the
///   contract), never over the partner's own number; double thirteen only when every card is a
///   sure trick;
/// - trumps: the suit worth the most tricks (the longer one on a tie);
/// - raise: only to what is certain — the declaring side's tricks plus the declarer's master
///   trumps, which win whenever they are played;
/// - play: the declarer draws trumps while holding the top trump (and leads low from four or
///   more in the first three tricks), until the last trick shows the opponents out of trumps;
///   lead masters, then from the longest side suit (the top of two touching honours, else low).
///   Follow with the cheapest card that wins when no opponent plays after; with an opponent
///   still to play, the lowest card equal to the highest winner (the lowest winning trump when
///   ruffing), but second hand low (duck) when the partner also plays after and no master wins;
///   when the partner holds the trick, duck with the cheapest card (low, from a short side
///   suit, never a trump or a master) unless the partner's card is at risk and a master or an
///   honour (J or better) can go over it; duck as well when nothing wins. A card is a master
///   when every higher card of its suit is in sight (own hand, the trick, the last trick): the
///   view keeps no older tricks, so masters, trumps played and voids are counted
///   conservatively.
mod heuristic {
    use super::{Action, Bid, CallKind, Phase, TrumpSuit, View};
    use crate::cards::{Card, CardSet, Rank, Suit};
    use crate::rules::tricks::{self, ace_high, partner, rank_bits as ranks, suit_beats};
    use crate::rules::{Observer, Seat};

    /// The ranks of the deck (2 to A) as bits by rank number.
    const DECK_RANKS: u16 = 0x7FFC;
    /// Tricks to spare before calling a number.
    const MARGIN: f32 = 0.25;
    /// The trick in which a declarer stops leading low trumps from length.
    const LOW_TRUMP_LEADS: usize = 3;

    pub(super) fn choose(view: &View, legal: &[Action]) -> usize {
        let pick = match view.phase {
            Phase::Redeal => index_of(legal, &Action::Redeal),
            Phase::Bidding => call(view, legal),
            Phase::Trump => trumps(view, legal),
            Phase::Play => raise(view, legal).or_else(|| play(view, legal)),
            Phase::Over => None,
        };
        pick.unwrap_or(0).min(legal.len().saturating_sub(1))
    }

    fn index_of(legal: &[Action], action: &Action) -> Option<usize> {
        legal.iter().position(|a| a == action)
    }

    fn seat(view: &View) -> Option<Seat> {
        match view.observer {
            Observer::Seat(s) => Some(s),
            Observer::Public => None,
        }
    }

    fn hand_of(view: &View) -> CardSet {
        view.hand.iter().copied().collect()
    }

    /// How many top cards of a suit (from the ace down) `held` holds without a gap.
    fn top_run(held: u16) -> u32 {
        (held << 1).leading_ones()
    }

    /// Expected tricks from one suit held as `held` (rank bits).
    fn suit_tricks(held: u16, trump: bool) -> f32 {
        let n = held.count_ones() as usize;
        let (mut i, mut missing, mut total) = (0usize, 0usize, 0.0f32);
        for r in (2..=14).rev() {
            if held & (1 << r) == 0 {
                missing += 1;
                continue;
            }
            let mut w = if missing <= i {
                1.0
            } else if missing == i + 1 && n > missing {
                0.5
            } else {
                0.0
            };
            if trump {
                w = f32::max(w, [0.0, 0.0, 0.0, 0.6, 0.85, 1.0][i.min(5)]);
            } else {
                w *= [1.0, 0.9, 0.6, 0.3][i.min(3)];
            }
            total += w;
            i += 1;
        }
        total
    }

    /// Expected tricks of a hand with `trump` as trumps, playing it as the declarer.
    fn tricks(hand: CardSet, trump: Suit) -> f32 {
        let mut total = 0.0;
        let mut short = 0.0;
        let mut trump_tricks = 0.0;
        let mut trumps = 0.0;
        for suit in Suit::ALL {
            let held = ranks(hand, suit);
            if suit == trump {
                trump_tricks = suit_tricks(held, true);
                trumps = held.count_ones() as f32;
            } else {
                total += suit_tricks(held, false);
                short += match held.count_ones() {
                    0 => 2.0,
                    1 => 1.0,
                    _ => 0.0,
                };
            }
        }
        let spare = f32::max(trumps - trump_tricks, 0.0);
        total + trump_tricks + 0.8 * f32::min(short, spare)
    }

    /// The trump suit worth the most tricks: the suit and its tricks.
    fn best_trump(hand: CardSet) -> (Suit, f32) {
        let mut best = (Suit::Spades, f32::MIN, 0);
        for suit in Suit::ALL {
            let t = tricks(hand, suit);
            let len = ranks(hand, suit).count_ones();
            if t > best.1 || (t == best.1 && len > best.2) {
                best = (suit, t, len);
            }
        }
        (best.0, best.1)
    }

    /// Whether every card of the hand is a sure trick alone against two hands with `trump`: the
    /// unbroken top trumps are at least as many as the missing trumps, and every side suit is
    /// held from the ace down either whole or at least as long as its missing cards.
    fn all_sure(hand: CardSet, trump: Suit) -> bool {
        ranks(hand, trump) != 0
            && Suit::ALL.into_iter().all(|suit| {
                let held = ranks(hand, suit);
                let (n, run) = (held.count_ones(), top_run(held));
                run >= 13 - n || (suit != trump && run == n)
            })
    }

    /// What a number call promises of the caller's own hand.
    fn promised(n: u8) -> f32 {
        (3.0 * f32::from(n) - 13.0) / 2.0
    }

    fn call(view: &View, legal: &[Action]) -> Option<usize> {
        let me = seat(view)?;
        let pass = index_of(legal, &Action::Pass);
        let hand = hand_of(view);
        let (suit, mine) = best_trump(hand);
        if all_sure(hand, suit) {
            if let Some(i) = index_of(legal, &Action::Bid(Bid::Double13)) {
                return Some(i);
            }
        }
        let numbers = |seats: &dyn Fn(Seat) -> bool| {
            view.calls
                .iter()
                .filter(|c| seats(c.seat))
                .filter_map(|c| match c.call {
                    CallKind::Bid(Bid::Tricks(n)) => Some(n),
                    _ => None,
                })
                .max()
        };
        let highest = numbers(&|_| true);
        let partners = numbers(&|s| s == partner(me));
        if partners.is_some() && partners == highest {
            return pass;
        }
        let rest = f32::max(13.0 - mine, 0.0);
        let partner_call = view.calls.iter().find(|c| c.seat == partner(me));
        let mut share = match partner_call.map(|c| c.call) {
            None => rest / 3.0,
            Some(CallKind::Bid(Bid::Tricks(n))) => f32::min(promised(n), rest),
            Some(CallKind::Bid(Bid::Double13)) => 0.0,
            Some(CallKind::Pass | CallKind::Ter) => rest / 4.0,
        };
        if let Some(n) = numbers(&|s| s % 2 != me % 2) {
            share = f32::min(share, f32::max(rest - promised(n), 0.0) / 2.0);
        }
        let team = mine + share;
        legal
            .iter()
            .position(
                |a| matches!(a, Action::Bid(Bid::Tricks(n)) if team >= f32::from(*n) + MARGIN),
            )
            .or(pass)
    }

    fn trumps(view: &View, legal: &[Action]) -> Option<usize> {
        let (suit, _) = best_trump(hand_of(view));
        let t = TrumpSuit::ALL.into_iter().find(|t| t.suit() == suit)?;
        index_of(legal, &Action::Trump(t))
    }

    /// Cards whose place the seat knows: its hand, the trick and the last trick.
    fn known(view: &View) -> CardSet {
        let mut known = hand_of(view);
        known = known.union(view.trick.iter().map(|&(_, c)| c).collect());
        if let Some(last) = &view.last_trick {
            known = known.union(last.plays.iter().map(|&(_, c)| c).collect());
        }
        known
    }

    /// Raises the contract as far as is certain.
    fn raise(view: &View, legal: &[Action]) -> Option<usize> {
        let me = seat(view)?;
        let (Some(Bid::Tricks(contract)), Some(trump)) = (view.contract, view.trump) else {
            return None;
        };
        // A trump above every unseen one wins whenever it is played, though not in the
        // current trick if a higher trump is already in it: count against the unseen cards and
        // the current trick alike.
        let mut known = hand_of(view);
        if let Some(last) = &view.last_trick {
            known = known.union(last.plays.iter().map(|&(_, c)| c).collect());
        }
        let suit = trump.suit();
        let masters = hand_of(view)
            .iter()
            .filter(|&c| c.suit() == suit && tricks::is_master(DECK_RANKS, known, c))
            .count() as u32;
        let sure = view.team_tricks[me % 2] + masters;
        legal
            .iter()
            .enumerate()
            .filter_map(|(i, a)| match *a {
                Action::Raise(n) if n > contract && u32::from(n) <= sure => Some((n, i)),
                _ => None,
            })
            .max()
            .map(|(_, i)| i)
    }

    /// What the card play looks at.
    struct Table {
        hand: CardSet,
        trump: Option<Suit>,
        known: CardSet,
        partner: Option<Seat>,
        /// Opponents still to play to the current trick after this seat.
        opponents_after: usize,
        /// The partner is still to play to the current trick after this seat.
        partner_after: bool,
        /// The declarer (not the partner).
        declarer: bool,
        /// The opponents have shown out of trumps in the last trick.
        opponents_out: bool,
        trick_number: usize,
    }

    impl Table {
        fn is_trump(&self, c: Card) -> bool {
            Some(c.suit()) == self.trump
        }

        /// Every higher card of the suit is in sight.
        fn master(&self, c: Card) -> bool {
            tricks::is_master(DECK_RANKS, self.known, c)
        }

        /// The lowest card of the hand worth as much as `c` (`tricks::equal_low`).
        fn equal_low(&self, c: Card, keep: impl Fn(Card) -> bool) -> Card {
            tricks::equal_low(DECK_RANKS, self.hand, self.known, c, keep)
        }

        /// The card to throw away: low, not a trump, not a master, from a short suit.
        fn cheapest(&self, cards: CardSet) -> Option<Card> {
            cards.iter().min_by_key(|&c| {
                let len = ranks(self.hand, c.suit()).count_ones();
                u32::from(c.rank().number()) * 20
                    + len
                    + if self.is_trump(c) { 800 } else { 0 }
                    + if self.master(c) { 400 } else { 0 }
            })
        }

        /// The lead from a set of cards of one suit: the top of two touching honours, else low.
        fn lead_from(&self, of: CardSet) -> Option<Card> {
            let top = of.iter().max_by_key(|c| c.rank())?;
            let held = ranks(self.hand, top.suit());
            let second = top.rank().number() - 1;
            if top.rank() >= Rank::Jack && held & (1 << second) != 0 {
                Some(top)
            } else {
                of.iter().min_by_key(|c| c.rank())
            }
        }

        fn lead(&self, cards: CardSet) -> Option<Card> {
            let trumps: CardSet = cards.iter().filter(|&c| self.is_trump(c)).collect();
            let side = cards.difference(trumps);
            let top_trump = trumps.iter().max_by_key(|c| c.rank());
            if self.declarer && !self.opponents_out {
                if let Some(top) = top_trump.filter(|&c| self.master(c)) {
                    return Some(self.equal_low(top, |_| true));
                }
                if trumps.len() >= 4 && self.trick_number <= LOW_TRUMP_LEADS {
                    return self.lead_from(trumps);
                }
            }
            if let Some(m) = side
                .iter()
                .filter(|&c| self.master(c))
                .min_by_key(|c| c.rank())
            {
                return Some(m);
            }
            let suit_len = |s: Suit| ranks(side, s).count_ones();
            if let Some(suit) = Suit::ALL
                .into_iter()
                .filter(|&s| suit_len(s) > 0)
                .max_by_key(|&s| (suit_len(s), std::cmp::Reverse(s)))
            {
                return self.lead_from(side.iter().filter(|c| c.suit() == suit).collect());
            }
            // Only trumps (the first lead, or the end of the hand).
            match top_trump {
                Some(top) if self.master(top) => Some(self.equal_low(top, |_| true)),
                _ => self.lead_from(trumps),
            }
        }

        fn follow(&self, cards: CardSet, trick: &[(Seat, Card)]) -> Option<Card> {
            let led = trick.first()?.1;
            let beats = |a: Card, b: Card| suit_beats(a, b, led, self.trump, ace_high);
            let (wseat, wcard) =
                trick[1..]
                    .iter()
                    .fold(trick[0], |w, &p| if beats(p.1, w.1) { p } else { w });
            let winners: CardSet = cards.iter().filter(|&c| beats(c, wcard)).collect();
            let cost = |c: Card| (self.is_trump(c), c.rank());
            if Some(wseat) == self.partner {
                // The partner holds the trick: duck, unless an opponent still to play is likely
                // to beat a card that is not a master while this seat holds a master over it.
                let safe = self.opponents_after == 0 || self.master(wcard);
                let top = winners
                    .iter()
                    .filter(|c| c.suit() == led.suit())
                    .max_by_key(|c| c.rank());
                return match top {
                    Some(top) if !safe && (self.master(top) || top.rank() >= Rank::Jack) => {
                        Some(self.equal_low(top, |c| beats(c, wcard)))
                    }
                    _ => self.cheapest(cards),
                };
            }
            if winners.is_empty() {
                return self.cheapest(cards);
            }
            if self.opponents_after == 0 {
                return winners.iter().min_by_key(|&c| cost(c));
            }
            let top = winners.iter().max_by_key(|&c| cost(c))?;
            if self.is_trump(top) && led.suit() != top.suit() {
                // Ruffing: the lowest trump that wins.
                return winners.iter().min_by_key(|&c| cost(c));
            }
            if self.partner_after && !self.master(top) {
                return self.cheapest(cards);
            }
            Some(self.equal_low(top, |c| beats(c, wcard)))
        }
    }

    fn play(view: &View, legal: &[Action]) -> Option<usize> {
        let me = seat(view)?;
        let cards: CardSet = legal
            .iter()
            .filter_map(|a| match a {
                Action::Play(c) => Some(*c),
                _ => None,
            })
            .collect();
        if cards.is_empty() {
            return None;
        }
        let plays = |s: Seat| view.sits_out != Some(s);
        let mate = Some(partner(me)).filter(|&p| plays(p));
        let in_trick = |s: Seat| view.trick.iter().any(|&(p, _)| p == s);
        let opponents_after = (0..view.hand_sizes.len())
            .filter(|&s| s != me && s % 2 != me % 2 && plays(s) && !in_trick(s))
            .count();
        let trump = view.trump.map(TrumpSuit::suit);
        let opponents_out = match (&view.last_trick, trump) {
            (Some(last), Some(t)) => {
                last.plays.first().is_some_and(|&(_, c)| c.suit() == t)
                    && last
                        .plays
                        .iter()
                        .all(|&(s, c)| s % 2 == me % 2 || c.suit() != t)
            }
            _ => false,
        };
        let table = Table {
            hand: hand_of(view),
            trump,
            known: known(view),
            partner: mate,
            opponents_after,
            partner_after: mate.is_some_and(|p| !in_trick(p)),
            declarer: view.declarer == Some(me),
            opponents_out,
            trick_number: view.trick_number,
        };
        let card = if view.trick.is_empty() {
            table.lead(cards)
        } else {
            table.follow(cards, &view.trick)
        }?;
        index_of(legal, &Action::Play(card))
    }
}

#[cfg(test)]
mod tests;
