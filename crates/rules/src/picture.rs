//! A picture of a table before any drawing: the `Scene` a game's presentation builds from one
//! observer's view (`Present::picture`), which the `render` layer lays out and draws. A scene
//! says what lies where — the middle of the table (stock, pile, foundations, canvas), the trick
//! in play by seat, each seat's place (its face-up cards, its hand as a count of backs, its
//! score), and, for a seat's own picture, its hand in playing order with the cards it may play
//! marked — and nothing about pixels. Built from a view only, a scene cannot hold a card its
//! observer may not see: a hidden card is a `Face::Down`.

use pakka_cards::Card;
use pakka_text::Msg;

use super::Seat;

/// One card as it lies on the table: face up, or a back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    Up(Card),
    Down,
}

/// How a pile's cards are laid out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Spread {
    /// Squared up: only the top card (the last one) shows, with the pile's count beside it.
    #[default]
    Stack,
    /// Side by side, overlapping as much as the space needs, the first card leftmost (a palette,
    /// a discard pile whose cards all count, the face-up table cards).
    Row,
}

/// What a pile, a card of the trick or a seat stands out by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mark {
    #[default]
    None,
    /// Winning now: the card that takes the trick so far, Red7's winning palette, the canvas.
    Leading,
    /// Out of the deal or the game (face-down cards of a Red7 seat that is out).
    Out,
}

/// A pile of cards with what people are told about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Pile {
    /// A short caption over the pile ("Stock", "Pile", "Canvas: highest card").
    pub label: Option<Msg>,
    /// Its cards, bottom first (`Stack` shows the last). May be empty: an empty place.
    pub cards: Vec<Face>,
    pub spread: Spread,
    /// How many cards lie there when that is more than `cards` shows (a stock drawn as one
    /// back); `None`: `cards.len()`.
    pub count: Option<usize>,
    pub mark: Mark,
    /// A few words written across the top card (Red7's canvas: the rule its colour sets).
    pub on_top: Option<Msg>,
}

impl Pile {
    /// A squared-up pile whose top card shows (an empty place when there is none).
    pub fn stack(label: Option<Msg>, cards: Vec<Face>) -> Pile {
        Pile {
            label,
            cards,
            spread: Spread::Stack,
            count: None,
            mark: Mark::None,
            on_top: None,
        }
    }

    /// `n` cards face down, drawn as one back with the count beside it.
    pub fn backs(label: Option<Msg>, n: usize) -> Pile {
        Pile {
            label,
            cards: if n > 0 { vec![Face::Down] } else { Vec::new() },
            spread: Spread::Stack,
            count: Some(n),
            mark: Mark::None,
            on_top: None,
        }
    }

    /// Cards side by side.
    pub fn row(label: Option<Msg>, cards: Vec<Face>) -> Pile {
        Pile {
            label,
            cards,
            spread: Spread::Row,
            count: None,
            mark: Mark::None,
            on_top: None,
        }
    }

    /// Face-up cards side by side.
    pub fn up_row(label: Option<Msg>, cards: &[Card]) -> Pile {
        Pile::row(label, cards.iter().map(|&c| Face::Up(c)).collect())
    }

    pub fn with_words(mut self, words: Msg) -> Pile {
        self.on_top = Some(words);
        self
    }

    pub fn marked(mut self, mark: Mark) -> Pile {
        self.mark = mark;
        self
    }

    /// How many cards the pile holds.
    pub fn len(&self) -> usize {
        self.count.unwrap_or(self.cards.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// One seat's place at the table.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatPart {
    pub seat: Seat,
    /// Cards in the seat's hand, shown to others as a count of backs (`None`: the game holds no
    /// hand there, as Pishe Pasha's stocks, which are piles).
    pub hand: Option<usize>,
    /// What lies in front of the seat, face up or down: a palette, table cards, a discard pile,
    /// a stock.
    pub piles: Vec<Pile>,
    /// Short lines under the seat's name: its score, bid, tricks, role ("declarer").
    pub lines: Vec<Msg>,
    /// The game waits for this seat.
    pub to_act: bool,
    pub mark: Mark,
}

impl SeatPart {
    pub fn new(seat: Seat) -> SeatPart {
        SeatPart {
            seat,
            hand: None,
            piles: Vec::new(),
            lines: Vec::new(),
            to_act: false,
            mark: Mark::None,
        }
    }
}

/// One card of the viewing seat's hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HandCard {
    pub card: Card,
    /// Some legal action of the seat plays or uses this card now.
    pub legal: bool,
}

/// The viewing seat's own hand, grouped as a player holds it (by suit or by rank), in playing
/// order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HandPicture {
    pub groups: Vec<Vec<HandCard>>,
    /// The seat is to act now (its legal cards are marked; the others are dimmed).
    pub to_act: bool,
}

impl HandPicture {
    /// Every card of the hand, in order.
    pub fn cards(&self) -> impl Iterator<Item = &HandCard> {
        self.groups.iter().flatten()
    }
}

/// A table as a picture: what the `render` layer draws, for the public or for one seat.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// A line at the top besides the game's name: the deal and its contract, the trump, the
    /// rule in force.
    pub notes: Vec<Msg>,
    /// The middle of the table, left to right.
    pub middle: Vec<Pile>,
    /// The trick in play, in play order, each card by the seat that played it.
    pub trick: Vec<(Seat, Card)>,
    /// The seat whose card takes the trick so far.
    pub trick_leader: Option<Seat>,
    /// Every seat, in seat order.
    pub seats: Vec<SeatPart>,
    /// The seat whose picture this is (`None`: the public's).
    pub viewer: Option<Seat>,
    /// The viewer's own hand (`None` for the public, and before the viewer may see it).
    pub hand: Option<HandPicture>,
}

impl Scene {
    /// An empty scene of `seats` seats for the observer (`None`: the public).
    pub fn new(seats: usize, viewer: Option<Seat>) -> Scene {
        Scene {
            notes: Vec::new(),
            middle: Vec::new(),
            trick: Vec::new(),
            trick_leader: None,
            seats: (0..seats).map(SeatPart::new).collect(),
            viewer,
            hand: None,
        }
    }

    /// Every card shown face up anywhere in the scene (for the checks that a picture shows
    /// nothing its observer may not see).
    pub fn face_up(&self) -> Vec<Card> {
        let piles = self
            .middle
            .iter()
            .chain(self.seats.iter().flat_map(|s| s.piles.iter()));
        let mut out: Vec<Card> = piles
            .flat_map(|p| p.cards.iter())
            .filter_map(|f| match f {
                Face::Up(c) => Some(*c),
                Face::Down => None,
            })
            .collect();
        out.extend(self.trick.iter().map(|&(_, c)| c));
        if let Some(hand) = &self.hand {
            out.extend(hand.cards().map(|h| h.card));
        }
        out
    }

    /// Sets the viewer's hand from groups of cards, marking those in `legal`.
    pub fn set_hand(&mut self, groups: Vec<Vec<Card>>, legal: &[Card], to_act: bool) {
        self.hand = Some(HandPicture {
            groups: groups
                .into_iter()
                .filter(|g| !g.is_empty())
                .map(|g| {
                    g.into_iter()
                        .map(|card| HandCard {
                            card,
                            legal: legal.contains(&card),
                        })
                        .collect()
                })
                .collect(),
            to_act,
        });
    }
}

/// The seat whose card takes the trick so far: the first play, replaced by every later one
/// that `beats(challenger, winner, led)`.
pub fn trick_leader(
    trick: &[(Seat, Card)],
    beats: impl Fn(Card, Card, Card) -> bool,
) -> Option<Seat> {
    let (&first, rest) = trick.split_first()?;
    let led = first.1;
    let mut best = first;
    for &(seat, card) in rest {
        if beats(card, best.1, led) {
            best = (seat, card);
        }
    }
    Some(best.0)
}
