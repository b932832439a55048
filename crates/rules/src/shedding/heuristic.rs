//! The rule of thumb Paskahousu and Pöytäpaska share (`Heuristic::rule_of_thumb` of both
//! games, the `normal` computer player and the rollout policy of `hard`): each game reads a
//! [`Position`] for the seat off its state (what the seat may see only, without allocating) and
//! [`choose`] answers the legal action of least [`action_cost`], a rough count of the cards the
//! action leaves the seat holding. Low cards go first, all of a rank at once; 10s, aces and 2s
//! are kept for high or big piles, where clearing (or a 2) beats taking; draw-and-try beats
//! taking the pile unless the pile is tiny and the draw hopeless; the pile is taken only when
//! nothing else is cheaper; going out beats everything. The weights ([`Weights`]) were tuned
//! per game by self-play.

use super::{is_court, is_low, order, rank_cards, Action, Legality, ORDER};
use crate::Why;
#[cfg(test)]
use crate::{Observer, Seat};
use pakka_cards::{Card, CardSet, Rank, Suit};
use pakka_text::msg;

/// The weights of the shared rule of thumb (see [`choose`]), in "cards held at the end" units.
/// Each game plays with its own constant (`Weights::PASKAHOUSU`, `Weights::POYTAPASKA`).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Weights {
    /// What holding one card of a rank is worth, by `order` (3 … A, 2): a low card is worth
    /// nothing (it only goes on low piles), a 10, an ace or a 2 a lot (they clear a pile or
    /// survive a high one).
    pub keep: [f64; 13],
    /// What a card leaving the hand is worth while the stock refills it (it only makes room for
    /// a random card); once the stock is gone every card shed counts in full (1).
    pub shed_with_stock: f64,
    /// The cost per step of `order` of leaving a pile topped by a card of 3–K: the higher the
    /// top, the fewer of our own cards we can play on it next time.
    pub height: f64,
    /// Clearing the pile: the same player plays again.
    pub play_again: f64,
    /// Per card of the pile we would leave on the table, times the share of the deck the next
    /// player cannot play on our top card: the pile he is likely to swallow.
    pub pressure: f64,
    /// Once the stock is gone and the next player is this close to going out (cards left to
    /// shed), how much a card he cannot beat is worth.
    pub block: f64,
    pub block_near: usize,
    /// Per card of the pile we would leave, when the next player's only cards are known
    /// (Pöytäpaska's face-up cards) and none of them may go on our top card: he must take it.
    pub known_block: f64,
    /// Per card taken, the share of its keep value that makes up for taking it.
    pub take_keep: f64,
    /// Paskahousu: a 10 or an ace on an empty pile is picked up by the next player, who is
    /// skipped; worth this much per card he takes.
    pub pickup: f64,
}

impl Weights {
    /// Pöytäpaska's weights (tuned by self-play).
    pub const POYTAPASKA: Weights = Weights {
        //     3    4     5     6     7     8     9     10   J    Q     K    A    2
        keep: [
            0.0, 0.02, 0.04, 0.06, 0.08, 0.1, 0.12, 1.2, 0.3, 0.35, 0.4, 0.8, 1.5,
        ],
        shed_with_stock: 0.3,
        height: 0.06,
        play_again: 0.5,
        pressure: 0.0,
        block: 1.0,
        block_near: 2,
        known_block: 0.5,
        take_keep: 0.5,
        pickup: 0.5,
    };

    /// Paskahousu's weights (tuned by self-play): no height, but pressure on the next player.
    pub const PASKAHOUSU: Weights = Weights {
        height: 0.0,
        pressure: 0.1,
        ..Weights::POYTAPASKA
    };
}

/// A position as the rule of thumb sees it: the compact observation each game reads off its
/// state for one seat without allocating (its `heuristic.rs`), of what that seat may see only.
#[derive(Clone, Debug, PartialEq)]
pub struct Position<'a> {
    /// The cards plays come from now: the hand, or Pöytäpaska's face-up cards.
    pub zone: CardSet,
    /// Every card whose place the seat knows (its hand, the pile, face-up table cards): the
    /// others may be the stock's top card.
    pub seen: CardSet,
    /// The pile, bottom first.
    pub pile: &'a [Card],
    /// Cards left in the stock.
    pub stock: usize,
    pub legality: Legality,
    /// Any card may be played (nobody had a move).
    pub free_play: bool,
    /// Cards the seat still has to shed once the zone is empty (Pöytäpaska's table cards).
    pub after_zone: usize,
    /// Cards the next active player still has to shed (hand and table cards).
    pub next_left: usize,
    /// The next player's only playable cards when everyone can see them (Pöytäpaska: his
    /// face-up cards once his hand and the stock are gone).
    pub next_known: Option<CardSet>,
    /// Paskahousu: a lone 10 or ace on an empty pile is picked up by the next player.
    pub empty_pickup: bool,
}

impl Position<'_> {
    fn top(&self) -> Option<Rank> {
        self.pile.last().map(|c| c.rank())
    }

    fn allows(&self, rank: Rank) -> bool {
        self.free_play || self.legality.allows(rank, self.top())
    }

    /// The share of the cards the seat cannot see that may be played on the pile now: the
    /// chance that draw-and-try succeeds.
    pub fn draw_odds(&self) -> f64 {
        let unseen = 52usize.saturating_sub(self.seen.len());
        if unseen == 0 {
            return 0.0;
        }
        // Per rank that may go on: its four cards less those seen, summed over the ranks
        // (counted suit by suit on the rank bits).
        let allowed = ORDER
            .iter()
            .filter(|&&r| self.allows(r))
            .fold(0u16, |bits, &r| bits | (1 << r.number()));
        let seen: u32 = Suit::ALL
            .iter()
            .map(|&s| (self.seen.suit_ranks(s) & allowed).count_ones())
            .sum();
        let playable = (4 * allowed.count_ones() - seen) as usize;
        playable as f64 / unseen as f64
    }

    /// What one card shed is worth now.
    fn shed(&self, w: &Weights) -> f64 {
        if self.stock > 0 {
            w.shed_with_stock
        } else {
            1.0
        }
    }

    /// What taking the pile costs: every card counts, less a share of what it is worth.
    fn take_cost(&self, w: &Weights) -> f64 {
        self.pile
            .iter()
            .map(|c| 1.0 - w.take_keep * w.keep[usize::from(order(c.rank()))])
            .sum()
    }

    /// Whether `k` cards of `rank` clear the pile.
    fn clears(&self, rank: Rank, k: usize) -> bool {
        let run = self
            .pile
            .iter()
            .rev()
            .take_while(|c| c.rank() == rank)
            .count();
        if run + k >= 4 {
            return true;
        }
        match self.top() {
            Some(t) => (rank == Rank::Ten && is_low(t)) || (rank == Rank::Ace && is_court(t)),
            None => false,
        }
    }
}

/// The seat a view belongs to (the seat to move for the public view) and the next active seat
/// after it: whom the rule of thumb plays for and whom it plays against, as the games' tests read
/// them from a view for the reference their observations must equal.
#[cfg(test)]
pub(crate) fn me_and_next(
    observer: Observer,
    turn: Option<Seat>,
    seats: usize,
    out: &[Seat],
) -> (Seat, Seat) {
    let me = match observer {
        Observer::Seat(s) => s,
        Observer::Public => turn.unwrap_or(0),
    };
    let next = (1..seats)
        .map(|i| (me + i) % seats)
        .find(|s| !out.contains(s))
        .unwrap_or(me);
    (me, next)
}

/// The share of the deck that may NOT be played on a pile topped by `top`: how hard the
/// next player finds it to go on.
pub fn blocking(legality: Legality, top: Rank) -> f64 {
    1.0 - open_on(legality, top) as f64 / 13.0
}

/// How many ranks may be played on `top`: `Legality::allows` counted in closed form (the rule
/// of thumb asks it for every play it weighs).
pub(super) fn open_on(legality: Legality, top: Rank) -> usize {
    let o = usize::from(order(top));
    if is_low(top) {
        // 3–9 from the top up, 10 and 2, and J, Q, K from `court_min_top`.
        (7 - o) + 2 + if top >= legality.court_min_top { 3 } else { 0 }
    } else if is_court(top) {
        // The court cards from the top up, A and 2.
        (11 - o) + 2
    } else {
        1
    }
}

/// What an action costs (lower is better) in cards held at the end, roughly.
///
/// - **A play** costs the keep value of the cards spent, less what shedding them is worth
///   (little while the stock refills the hand, a full card once it is gone), plus the height of
///   the pile it leaves (`height` per step: lowest first keeps our other cards playable). So the
///   lowest rank goes first with all its cards, while a 10, an ace or a 2 is spent one at a
///   time and only when it beats the alternatives. Clearing the pile earns `play_again`; a lone
///   10 or ace on an empty pile in Paskahousu earns `pickup` (the next player takes it). Once
///   the stock is gone and the next player is about to go out, a top card he is unlikely to
///   beat earns `block`. Going out beats everything.
/// - **Taking the pile** costs each of its cards, less a share of its keep value.
/// - **Draw and try** fails with the share of unseen cards that may not be played, and then
///   costs the pile and the card turned.
pub fn action_cost(pos: &Position<'_>, action: &Action, w: &Weights) -> f64 {
    cost_with(pos, action, w, &mut None)
}

/// [`action_cost`], with the cost of taking the pile worked out once in `take` for both the
/// take and draw-and-try (the same sum in the same order, so the same value).
fn cost_with(pos: &Position<'_>, action: &Action, w: &Weights, take: &mut Option<f64>) -> f64 {
    let mut take_cost = || *take.get_or_insert_with(|| pos.take_cost(w));
    match action {
        Action::Play(cards) => {
            let Some(rank) = cards.first().map(|c| c.rank()) else {
                return f64::MAX;
            };
            let k = cards.len();
            if pos.stock == 0 && pos.after_zone == 0 && k >= pos.zone.len() {
                return -1_000.0;
            }
            let o = usize::from(order(rank));
            let mut cost = k as f64 * (w.keep[o] - pos.shed(w));
            if pos.clears(rank, k) {
                return cost - w.play_again;
            }
            if pos.pile.is_empty() && pos.empty_pickup && matches!(rank, Rank::Ten | Rank::Ace) {
                return cost - w.pickup * k as f64;
            }
            if rank != Rank::Two {
                cost += w.height * o as f64;
            }
            let blocked = blocking(pos.legality, rank);
            cost -= w.pressure * blocked * (pos.pile.len() + k) as f64;
            if pos.stock == 0 && pos.next_left <= w.block_near {
                cost -= w.block * blocked;
            }
            if let Some(next) = pos.next_known {
                if !ORDER.iter().any(|&r| {
                    !next.intersection(rank_cards(r)).is_empty()
                        && pos.legality.allows(r, Some(rank))
                }) {
                    cost -= w.known_block * (pos.pile.len() + k) as f64;
                }
            }
            cost
        }
        Action::Take => take_cost(),
        Action::Draw => (1.0 - pos.draw_odds()) * (take_cost() + 1.0),
        // Pöytäpaska picks its face-down cards itself; never preferred here.
        Action::Flip(_) => f64::MAX,
    }
}

crate::reasons! {
    /// Why the shedding games' shared rule of thumb chose a move (Paskahousu's and
    /// Pöytäpaska's `Heuristic::Reason`), worded by the catalog (`why-*`).
    pub enum SheddingWhy {
        /// The play empties the seat's last cards: it goes out.
        GoOut => msg!("why-go-out"),
        /// The play clears the pile, and the seat plays again.
        ClearPile => msg!("why-clear-pile"),
        /// A lone 10 or ace on an empty pile: the next player picks it up and misses a turn.
        PickUp => msg!("why-pick-up"),
        /// The lowest rank that may go, all of its cards; the high cards wait for high piles.
        ShedLow => msg!("why-shed-low"),
        /// The next player is about to go out: a card that is hard to beat.
        Block => msg!("why-block"),
        /// Draw and try: on average it costs less than taking the pile now.
        DrawAndTry => msg!("why-draw-and-try"),
        /// Taking the pile: every play would cost more.
        TakePile => msg!("why-take-pile"),
        /// Face-down cards are tried blind, in order.
        Blind => msg!("why-blind"),
    }
}

/// Why [`choose`] picks `legal[chosen]`, read from the same branches as [`action_cost`]: going
/// out, clearing the pile, a pick-up forced on the next player, the lowest rank that may go,
/// a card hard to beat when the next player is about to go out; draw-and-try or taking the
/// pile when no play costs less.
pub fn why(pos: &Position<'_>, legal: &[Action], chosen: usize) -> Why<SheddingWhy> {
    use SheddingWhy::*;
    let Some(action) = legal.get(chosen) else {
        return Why::Weighed;
    };
    match action {
        Action::Play(cards) => {
            let Some(rank) = cards.first().map(|c| c.rank()) else {
                return Why::Weighed;
            };
            let k = cards.len();
            if pos.stock == 0 && pos.after_zone == 0 && k >= pos.zone.len() {
                return Why::Game(GoOut);
            }
            if pos.clears(rank, k) {
                return Why::Game(ClearPile);
            }
            if pos.pile.is_empty() && pos.empty_pickup && matches!(rank, Rank::Ten | Rank::Ace) {
                return Why::Game(PickUp);
            }
            let lowest = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Play(cards) => cards.first().map(|c| order(c.rank())),
                    _ => None,
                })
                .min();
            if lowest == Some(order(rank)) {
                Why::Game(ShedLow)
            } else if pos.stock == 0 && pos.next_left <= 2 {
                Why::Game(Block)
            } else {
                Why::Weighed
            }
        }
        Action::Take => Why::Game(TakePile),
        Action::Draw => Why::Game(DrawAndTry),
        Action::Flip(_) => Why::Game(Blind),
    }
}

/// The shared rule of thumb: the legal action of least [`action_cost`], the first on a tie.
pub fn choose(pos: &Position<'_>, legal: &[Action], w: &Weights) -> usize {
    let mut best = (f64::MAX, 0);
    let mut take = None;
    for (i, action) in legal.iter().enumerate() {
        let cost = cost_with(pos, action, w, &mut take);
        if cost < best.0 {
            best = (cost, i);
        }
    }
    best.1
}
