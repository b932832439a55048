//! The card play Paston and Teka share for their `normal` computer players, written once with
//! each game's weights as parameters ([`Style`]): a hand valued in expected tricks for a trump
//! suit, and the card to lead or to follow chosen from what one seat sees ([`Table`]). Each
//! game's `heuristic.rs` builds the table from its own view (who is a partner, who plays after,
//! which cards are in sight) and keeps its own auction, contract and whist rules; nothing here
//! knows either game, reads a full state or draws at random.
//!
//! The valuation: within a suit a card is a winner when the missing higher cards are no more
//! than the holder's own cards above it (A; K Q; Q J 10 once A and K are gone), half a winner
//! when guarded once more (K x); side suits fade from the second round on (ruffs), trumps count
//! for length from the fourth on, and short side suits add ruffs for the trumps not already
//! counted as winners.
//!
//! The play: the declarer draws trumps while holding the top trump (and, where the style says
//! so, leads trumps from four or more in the first tricks), until the last trick shows the
//! opponents out of trumps; lead masters, then from the longest side suit (the top of two
//! touching honours, else low). Follow with the cheapest card that wins when no opponent plays
//! after; with an opponent still to play, the lowest card equal to the highest winner (the
//! lowest winning trump when ruffing), but second hand low when the partner also plays after and
//! no master wins; when the partner holds the trick, duck with the cheapest card (low, from a
//! short side suit, never a trump or a master) unless the partner's card is at risk and a master
//! or an honour (J or better) can go over it; duck as well when nothing wins. A card is a master
//! when every higher card of its suit is in sight. [`Table::card`] answers, beside the card, the
//! branch that chose it as a [`TrickWhy`] (a hint's reason).

use super::tricks::{self, ace_high, rank_bits as ranks, suit_beats, LastTrick};
use super::Seat;
use pakka_cards::{Card, CardSet, Rank, Suit};
use pakka_text::msg;

crate::reasons! {
    /// Why the shared card play chose a card ([`Table::card`]), worded by the catalog
    /// (`why-*`): carried by Paston's and Teka's own reasons as their card play's.
    pub enum TrickWhy {
        /// The declarer holds the highest trump still out: trumps are drawn.
        DrawTrumps => msg!("why-draw-trumps"),
        /// The declarer with four or more trumps leads them in the first tricks (Teka).
        LeadTrumps => msg!("why-lead-trumps"),
        /// A lead that nobody else can beat in its suit: every higher card is in sight.
        LeadMaster => msg!("why-lead-master"),
        /// A lead from the longest side suit.
        LeadLongSuit => msg!("why-lead-long-suit"),
        /// Only trumps may be led.
        LeadTrumpsOnly => msg!("why-lead-trumps-only"),
        /// The partner's winning card could still be beaten: a high card goes over it.
        CoverPartner => msg!("why-cover-partner"),
        /// The partner is winning the trick: the cheapest card.
        PartnerWins => msg!("why-partner-wins"),
        /// No legal card takes the trick: the cheapest one.
        CannotWin => msg!("why-cannot-win"),
        /// No opponent plays after: the cheapest card that wins.
        WinCheapest => msg!("why-win-cheapest"),
        /// Void in the suit led: the lowest trump that wins.
        Ruff => msg!("why-ruff"),
        /// The partner plays after and no master wins: the cheapest card.
        SecondHandLow => msg!("why-second-hand-low"),
        /// An opponent plays after: a high card that wins for now.
        WinHigh => msg!("why-win-high"),
    }
}

/// One game's weights for the shared play.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// The ranks of the deck as bits by rank number (bit 14: the ace).
    pub deck_ranks: u16,
    /// The least a trump is worth by its place among the trumps held, highest first (the last
    /// entry for the sixth and later): length tricks.
    pub trump_length: [f32; 6],
    /// What a side suit's winner is worth by its place, highest first (the last entry for the
    /// fourth and later): later rounds are ruffed.
    pub side_fade: [f32; 4],
    /// The declarer holding four or more trumps leads them (the top of two touching honours,
    /// else low) up to this trick; 0: never.
    pub trump_leads_until: usize,
    /// With only trumps left and no master among them, lead the top of two touching honours
    /// (else the lowest) rather than always the lowest.
    pub touching_trump_lead: bool,
}

impl Style {
    /// Expected tricks from one suit held as `held` (rank bits).
    pub fn suit_tricks(&self, held: u16, trump: bool) -> f32 {
        let n = held.count_ones() as usize;
        let lowest = self.deck_ranks.trailing_zeros();
        let (mut i, mut missing, mut total) = (0usize, 0usize, 0.0f32);
        for r in (lowest..=14).rev() {
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
                w = f32::max(w, self.trump_length[i.min(5)]);
            } else {
                w *= self.side_fade[i.min(3)];
            }
            total += w;
            i += 1;
        }
        total
    }

    /// Expected tricks of a hand with `trump` as trumps, played by the declarer.
    pub fn tricks(&self, hand: CardSet, trump: Suit) -> f32 {
        self.tricks_from(hand, trump, |_, held, trump| self.suit_tricks(held, trump))
    }

    /// [`Style::tricks`] with each suit's expected tricks answered by `suit(suit, held,
    /// trump)`, which must answer `suit_tricks(held, trump)`: a search over many hands that
    /// share most suits (Paston's discards) values each suit once. The same sums in the same
    /// order, so the same value to the last bit.
    pub fn tricks_from(
        &self,
        hand: CardSet,
        trump: Suit,
        suit_tricks: impl Fn(Suit, u16, bool) -> f32,
    ) -> f32 {
        let mut total = 0.0;
        let mut short = 0.0;
        let mut trump_tricks = 0.0;
        let mut trumps = 0.0;
        for suit in Suit::ALL {
            let held = ranks(hand, suit);
            if suit == trump {
                trump_tricks = suit_tricks(suit, held, true);
                trumps = held.count_ones() as f32;
            } else {
                total += suit_tricks(suit, held, false);
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

    /// Whether every higher card of `c`'s suit is in `known`.
    pub fn master(&self, known: CardSet, c: Card) -> bool {
        tricks::is_master(self.deck_ranks, known, c)
    }
}

/// [`Style::suit_tricks`] of every holding of one suit, worked out once per style (a rule of
/// thumb values hands in every step of a search's playouts: the auction's and the trump
/// choice's 16 suits, Paston's 66 discards): the same function on the same ranks, so the same
/// value to the last bit. Indexed by the rank bits 2 (the two) to 14 (the ace), as
/// `CardSet::suit_ranks` gives them; other bits never occur there and are not read.
pub struct SuitValues {
    values: [[f32; 2]; 1 << 13],
}

impl SuitValues {
    pub fn new(style: &Style) -> SuitValues {
        let mut values = [[0.0; 2]; 1 << 13];
        for (i, v) in values.iter_mut().enumerate() {
            let held = (i as u16) << 2;
            *v = [
                style.suit_tricks(held, false),
                style.suit_tricks(held, true),
            ];
        }
        SuitValues { values }
    }

    /// `style.suit_tricks(held, trump)` for the style this table was made of.
    pub fn get(&self, held: u16, trump: bool) -> f32 {
        self.values[usize::from(held >> 2) & 0x1fff][usize::from(trump)]
    }

    /// [`Style::tricks`] for the style this table was made of, each suit looked up.
    pub fn tricks(&self, style: &Style, hand: CardSet, trump: Suit) -> f32 {
        style.tricks_from(hand, trump, |_, held, trump| self.get(held, trump))
    }
}

/// What the card play looks at: one seat's hand and what it knows of the trick in play.
pub struct Table<'a> {
    pub style: &'a Style,
    pub hand: CardSet,
    pub trump: Option<Suit>,
    /// Cards whose place the seat knows (see [`in_sight`]).
    pub known: CardSet,
    /// The seat's partner in this hand, if any.
    pub partner: Option<Seat>,
    /// Opponents still to play to the current trick after this seat.
    pub opponents_after: usize,
    /// The partner is still to play to the current trick after this seat.
    pub partner_after: bool,
    /// The declarer (not the declarer's partner).
    pub declarer: bool,
    /// The opponents have shown out of trumps in the last trick.
    pub opponents_out: bool,
    /// The current trick's number, from 1.
    pub trick_number: usize,
}

impl Table<'_> {
    /// The card to play from `cards` (the legal ones) to the trick so far, and why: the branch
    /// of the play that chose it (a hint's reason), decided in the same place as the card.
    pub fn card(&self, cards: CardSet, trick: &[(Seat, Card)]) -> Option<(Card, TrickWhy)> {
        if cards.is_empty() {
            None
        } else if trick.is_empty() {
            self.lead(cards)
        } else {
            self.follow(cards, trick)
        }
    }

    fn is_trump(&self, c: Card) -> bool {
        Some(c.suit()) == self.trump
    }

    /// Every higher card of the suit is in sight.
    fn master(&self, c: Card) -> bool {
        self.style.master(self.known, c)
    }

    /// The lowest card of the hand worth as much as `c` (`tricks::equal_low`).
    fn equal_low(&self, c: Card, keep: impl Fn(Card) -> bool) -> Card {
        tricks::equal_low(self.style.deck_ranks, self.hand, self.known, c, keep)
    }

    /// The card to throw away: not a trump, not a master, low, from a short suit (in that
    /// order of importance).
    fn cheapest(&self, cards: CardSet) -> Option<Card> {
        cards.iter().min_by_key(|&c| {
            (
                self.is_trump(c),
                self.master(c),
                c.rank(),
                ranks(self.hand, c.suit()).count_ones(),
            )
        })
    }

    /// The lead from cards of one suit: the top of two touching honours, else low.
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

    fn lead(&self, cards: CardSet) -> Option<(Card, TrickWhy)> {
        let trumps: CardSet = cards.iter().filter(|&c| self.is_trump(c)).collect();
        let side = cards.difference(trumps);
        let top_trump = trumps.iter().max_by_key(|c| c.rank());
        if self.declarer && !self.opponents_out {
            if let Some(top) = top_trump.filter(|&c| self.master(c)) {
                return Some((self.equal_low(top, |_| true), TrickWhy::DrawTrumps));
            }
            if trumps.len() >= 4 && self.trick_number <= self.style.trump_leads_until {
                return self.lead_from(trumps).map(|c| (c, TrickWhy::LeadTrumps));
            }
        }
        if let Some(m) = side
            .iter()
            .filter(|&c| self.master(c))
            .min_by_key(|c| c.rank())
        {
            return Some((m, TrickWhy::LeadMaster));
        }
        let suit_len = |s: Suit| ranks(side, s).count_ones();
        if let Some(suit) = Suit::ALL
            .into_iter()
            .filter(|&s| suit_len(s) > 0)
            .max_by_key(|&s| (suit_len(s), std::cmp::Reverse(s)))
        {
            return self
                .lead_from(side.iter().filter(|c| c.suit() == suit).collect())
                .map(|c| (c, TrickWhy::LeadLongSuit));
        }
        // Only trumps left (or, in Teka, the first lead).
        match top_trump {
            Some(top) if self.master(top) => {
                Some((self.equal_low(top, |_| true), TrickWhy::LeadMaster))
            }
            _ if self.style.touching_trump_lead => self
                .lead_from(trumps)
                .map(|c| (c, TrickWhy::LeadTrumpsOnly)),
            _ => trumps
                .iter()
                .min_by_key(|c| c.rank())
                .map(|c| (c, TrickWhy::LeadTrumpsOnly)),
        }
    }

    fn follow(&self, cards: CardSet, trick: &[(Seat, Card)]) -> Option<(Card, TrickWhy)> {
        let led = trick.first()?.1;
        let beats = |a: Card, b: Card| suit_beats(a, b, led, self.trump, ace_high);
        let (wseat, wcard) = trick[1..]
            .iter()
            .fold(trick[0], |w, &p| if beats(p.1, w.1) { p } else { w });
        let winners: CardSet = cards.iter().filter(|&c| beats(c, wcard)).collect();
        let cost = |c: Card| (self.is_trump(c), c.rank());
        if Some(wseat) == self.partner {
            // The partner holds the trick: duck, unless an opponent still to play is likely
            // to beat a card that is not a master while this seat can go over it.
            let safe = self.opponents_after == 0 || self.master(wcard);
            let top = winners
                .iter()
                .filter(|c| c.suit() == led.suit())
                .max_by_key(|c| c.rank());
            return match top {
                Some(top) if !safe && (self.master(top) || top.rank() >= Rank::Jack) => Some((
                    self.equal_low(top, |c| beats(c, wcard)),
                    TrickWhy::CoverPartner,
                )),
                _ => self.cheapest(cards).map(|c| (c, TrickWhy::PartnerWins)),
            };
        }
        if winners.is_empty() {
            return self.cheapest(cards).map(|c| (c, TrickWhy::CannotWin));
        }
        if self.opponents_after == 0 {
            return winners
                .iter()
                .min_by_key(|&c| cost(c))
                .map(|c| (c, TrickWhy::WinCheapest));
        }
        let top = winners.iter().max_by_key(|&c| cost(c))?;
        if self.is_trump(top) && led.suit() != top.suit() {
            // Ruffing: the lowest trump that wins.
            return winners
                .iter()
                .min_by_key(|&c| cost(c))
                .map(|c| (c, TrickWhy::Ruff));
        }
        if self.partner_after && !self.master(top) {
            return self.cheapest(cards).map(|c| (c, TrickWhy::SecondHandLow));
        }
        Some((self.equal_low(top, |c| beats(c, wcard)), TrickWhy::WinHigh))
    }
}

/// Cards whose place a seat knows from its view: its hand, the trick in play and the last
/// trick (views keep no older tricks, so masters are counted conservatively).
pub fn in_sight(hand: &[Card], trick: &[(Seat, Card)], last: Option<&LastTrick>) -> CardSet {
    let mut known: CardSet = hand.iter().copied().collect();
    known = known.union(trick.iter().map(|&(_, c)| c).collect());
    if let Some(last) = last {
        known = known.union(last.plays.iter().map(|&(_, c)| c).collect());
    }
    known
}

/// The cards among the `legal` actions (`card`: the card an action plays, if it plays one), the
/// set the shared play chooses from.
pub fn playable<A>(legal: &[A], card: impl Fn(&A) -> Option<Card>) -> CardSet {
    legal.iter().filter_map(card).collect()
}

/// Where `action` stands in `legal`.
pub fn index_of<A: PartialEq>(legal: &[A], action: &A) -> Option<usize> {
    legal.iter().position(|a| a == action)
}

/// A rule of thumb's pick as an index into `legal`: the first action when it has none.
pub fn pick(choice: Option<usize>, legal: usize) -> usize {
    choice.unwrap_or(0).min(legal.saturating_sub(1))
}

#[cfg(test)]
mod tests {
    //! The trick games' rule-of-thumb weights: the precomputed suit values table answers
    //! `suit_tricks` for every holding, with Paston's and Teka's weights.

    use super::*;

    #[test]
    fn the_suit_values_table_answers_suit_tricks_for_every_holding() {
        // Paston's and Teka's weights, as the games play with them.
        for style in [crate::paston::STYLE, crate::teka::STYLE] {
            let table = SuitValues::new(&style);
            for i in 0u16..1 << 13 {
                let held = (i << 2) & style.deck_ranks;
                for trump in [false, true] {
                    let want = style.suit_tricks(held, trump);
                    assert_eq!(table.get(held, trump).to_bits(), want.to_bits());
                }
            }
        }
    }
}
