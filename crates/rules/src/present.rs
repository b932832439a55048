//! What people are told about a game, before any language: the `Present` trait each game
//! implements in its `<game>/present.rs` (its name and summary, the table and hand described
//! from a view, action labels, two-step groups, confirm questions, refusals and the sentence for
//! each public event, a score as the game counts it, an action's tone), and the text toolkit the
//! games share (the last trick, ranking by score, and the seat's own hand: `grouped`, `by_suit`,
//! `by_rank` sort and group cards the way a player holds them and `hand` words them — every
//! game's seat description says its hand with it).
//! Everything answers [`Msg`] values worded later by the catalog; nothing here reads a full
//! state, so nothing here can show a hidden card.

use super::picture::Scene;
use super::tricks::LastTrick;
use super::{Game, Seat};
use pakka_text::msg;
use pakka_text::{seat, Msg};

/// What an offered action means to the player who may take it; the front ends choose a
/// button's colour (or a terminal's mark) by it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Tone {
    /// The game's main move (play a card, bid).
    #[default]
    Main,
    /// An alternative to the main move (pass, take the pile, draw, keep).
    Other,
    /// A move that costs the player: surrender, resign, going out of the deal.
    Danger,
}

/// Where an offered action's button sits: among the cards, or in the row of calls — bids,
/// raises, passes and declarations, after the cards and in the same shape in every game that
/// bids.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Row {
    /// Cards to play and everything else a game offers (the default).
    #[default]
    Cards,
    /// A call of the auction or the contract: a bid, a raise, a pass, a declaration.
    Calls,
}

/// A game's presentation: everything said to people about it, as catalog messages.
pub trait Present: Game {
    /// The game's name.
    fn name() -> Msg;
    /// A few sentences for `/rules`.
    fn summary() -> Msg;
    /// The view as a few lines for people (Discord, the terminal), one message a line. Written
    /// from the view alone, so it cannot show a hidden card.
    fn describe(view: &Self::View) -> Vec<Msg>;
    /// A short button label (at most 80 characters once worded) for one of the viewing seat's
    /// actions.
    fn label(view: &Self::View, action: &Self::Action) -> Msg;
    /// The first step of a two-step choice: actions that share a group are offered behind one
    /// button with this label (Paskahousu's "Play 5s", then how many). `None` offers the
    /// action directly.
    fn group(_view: &Self::View, _action: &Self::Action) -> Option<Msg> {
        None
    }
    /// A question the player must confirm before the action applies (Red7's "End turn" while
    /// not winning, which eliminates). `None` applies it at once.
    fn confirm(_view: &Self::View, _action: &Self::Action) -> Option<Msg> {
        None
    }
    /// The one action every seat now to act may take alike from a public message, without
    /// opening its hand: a simultaneous step in which each of them may simply pass (Kop's
    /// "no announcement" while the four declare). Given the public view only, so offering it
    /// tells nobody anything of anyone's cards. None (the default): every action is taken from
    /// the hand.
    fn open_action(_public: &Self::View) -> Option<Self::Action> {
        None
    }
    /// Where the action's button sits: with the cards, or in the row of calls (bids, raises,
    /// passes, declarations). With the cards by default.
    fn row(_view: &Self::View, _action: &Self::Action) -> Row {
        Row::Cards
    }
    /// Why the seat's choice is narrower than it looks, for the seat whose `legal` actions
    /// these are ("Only a 2 may go on a 2."): one line beside a restricted choice, from the
    /// seat's own view. None (the default) when nothing needs saying.
    fn why(_view: &Self::View, _legal: &[Self::Action]) -> Option<Msg> {
        None
    }
    /// The game's own words, each explained in one line ("Ter: a pass…"), for a player who
    /// meets them at the table (its "❔" button answers with them). None by default.
    fn glossary() -> Vec<Msg> {
        Vec::new()
    }
    /// What the action means to the player, for how a button looks: the main move, a quieter
    /// alternative, or one that costs them (surrender, going out). The main move by default.
    fn tone(_view: &Self::View, _action: &Self::Action) -> Tone {
        Tone::Main
    }
    /// A seat's running score or final score as a game counts it ("17 points"; Kop counts
    /// victory cards). Points by default.
    fn score(points: i64) -> Msg {
        msg!("score-points", points = points)
    }
    /// Why an illegal action was refused, for the player who tried it.
    fn reason(refusal: &Self::Refusal) -> Msg;
    /// What happened, for everyone: one sentence per public event.
    fn event(event: &Self::Event) -> Msg;
    /// Whether the event hands out new hands: a deal, a redeal or a new round begins. A replay's
    /// last step shows every seat's hand as it stood right after such an event (and after any
    /// move that changes `Status::deal`). Required, so no game can forget its deals.
    fn deals(event: &Self::Event) -> bool;
    /// The view as a picture (see [`Scene`]): the middle of the table, the trick by seat, each
    /// seat's place, and for a seat's own view its hand in playing order (its legal cards are
    /// marked afterwards from `action_cards`). Built from the view alone, like `describe`.
    fn picture(view: &Self::View) -> Scene;
    /// The cards of the acting seat's hand that an action plays or uses, for marking the legal
    /// cards of a hand's picture. By default the card an action plays in a game whose card play
    /// is one card ([`Game::card_play`]), and none for every other action (passes, bids,
    /// draws) or game: a game whose actions use cards otherwise says so itself.
    fn action_cards(action: &Self::Action) -> Vec<pakka_cards::Card> {
        (0..pakka_cards::Card::COUNT)
            .filter_map(pakka_cards::Card::from_index)
            .filter(|&card| Self::card_play(card).as_ref() == Some(action))
            .collect()
    }
}

/// A button that plays cards, worded alike in every game: the bare card ("7♥") or the set
/// ("6♠ 6♥"). Every game's card buttons go through here, so all nine speak with one voice.
pub fn play_label(cards: &[pakka_cards::Card]) -> Msg {
    msg!("action-play", cards = cards)
}

/// The plays of a trick in order: "Ann 7♥, Bob 9♥" (commas, so no list dot stands beside a
/// computer's name).
pub fn plays(plays: &[(Seat, pakka_cards::Card)]) -> Msg {
    msg!(
        "trick-plays",
        plays = pakka_text::list(
            plays
                .iter()
                .map(|&(s, c)| msg!("trick-play", who = seat(s), card = c))
                .collect(),
            pakka_text::key!("sep-comma")
        )
    )
}

/// A rank in its notation (`7`, `10`, `J`); the catalog chooses plural names by it.
pub fn rank(r: pakka_cards::Rank) -> pakka_text::Arg {
    pakka_text::verbatim(r.notation())
}

/// "Last trick: Ann 7♥, Bob 9♥ — won by Bob".
pub fn last_trick(last: &LastTrick) -> Msg {
    msg!(
        "trick-last",
        plays = plays(&last.plays),
        winner = seat(last.winner)
    )
}

/// Seats joined with "and": "Ann and Bob", for sentences whose verb suits any seat name.
pub fn seat_list(seats: &[Seat]) -> pakka_text::Arg {
    pakka_text::list_of(seats.iter().map(|&s| seat(s)), pakka_text::key!("sep-and"))
}

/// The line of the trick in play: "Trick: Ann to lead" while it is empty (`plays` is `None`),
/// else "Trick: " and its plays.
pub fn trick_line(leader: Seat, plays: Option<Msg>) -> Msg {
    match plays {
        None => msg!("trick-to-lead", who = seat(leader)),
        Some(plays) => msg!("trick-now", plays = plays),
    }
}

/// A number of cards in words: "1 card", "5 cards".
pub fn cards_count(n: usize) -> Msg {
    msg!("count-cards", n = n)
}

/// A suit in its notation (`♠`, `♥`, `♦`, `♣`).
pub fn suit(s: pakka_cards::Suit) -> pakka_text::Arg {
    pakka_text::verbatim(s.symbol())
}

/// The trick in play with its number: "Trick 2: Ann K♥ — Bob to play." or "Trick 1: Ann to
/// lead." (`turn`: whose turn it is).
pub fn numbered_trick(number: usize, trick: &[(Seat, pakka_cards::Card)], turn: Seat) -> Msg {
    if trick.is_empty() {
        msg!("trick-numbered-lead", n = number, who = seat(turn))
    } else {
        msg!(
            "trick-numbered-play",
            n = number,
            plays = plays(trick),
            who = seat(turn)
        )
    }
}

/// Cards grouped the way a player holds them: sorted by `key` (its group first, then its place
/// within the group, both ascending) and split where the group changes. Trick games group by
/// suit (trumps first) with the strongest card first; shedding games by rank, low to high.
pub fn grouped<G: Ord, P: Ord>(
    cards: &[pakka_cards::Card],
    key: impl Fn(pakka_cards::Card) -> (G, P),
) -> Vec<Vec<pakka_cards::Card>> {
    let mut sorted = cards.to_vec();
    sorted.sort_by_key(|&c| key(c));
    let mut groups: Vec<Vec<pakka_cards::Card>> = Vec::new();
    let mut last: Option<G> = None;
    for c in sorted {
        let (g, _) = key(c);
        match (&last, groups.last_mut()) {
            (Some(l), Some(group)) if *l == g => group.push(c),
            _ => groups.push(vec![c]),
        }
        last = Some(g);
    }
    groups
}

/// A standard hand by suit, as a player holds it: `trump` first (when there is one), the other
/// suits alternating colours (♠ ♥ ♣ ♦), each suit strongest first by `strength` (higher is
/// stronger).
pub fn by_suit(
    cards: &[pakka_cards::Card],
    trump: Option<pakka_cards::Suit>,
    strength: impl Fn(pakka_cards::Card) -> u8,
) -> Vec<Vec<pakka_cards::Card>> {
    use pakka_cards::Suit;
    let place = |s: Suit| match s {
        s if Some(s) == trump => 0,
        Suit::Spades => 1,
        Suit::Hearts => 2,
        Suit::Clubs => 3,
        Suit::Diamonds => 4,
    };
    grouped(cards, |c| {
        (
            place(c.suit()),
            std::cmp::Reverse((strength(c), c.suit().index())),
        )
    })
}

/// A standard hand by rank, one group per rank from the lowest up by `order` (the shedding
/// games and Mätäpesä, where suits do not matter).
pub fn by_rank(
    cards: &[pakka_cards::Card],
    order: impl Fn(pakka_cards::Card) -> u8,
) -> Vec<Vec<pakka_cards::Card>> {
    grouped(cards, |c| (order(c), c.suit().index()))
}

/// The seat's own hand as a player holds it, groups joined by " · ": "Your hand: A♠ K♠ 9♠ · Q♥
/// 7♥ · 10♣", or "Your hand: no cards". Every game's seat description says its hand with this.
pub fn hand(groups: Vec<Vec<pakka_cards::Card>>) -> Msg {
    let groups: Vec<pakka_text::Arg> = groups
        .into_iter()
        .filter(|g| !g.is_empty())
        .map(pakka_text::Arg::Cards)
        .collect();
    if groups.is_empty() {
        msg!("hand-yours-empty")
    } else {
        msg!(
            "hand-yours",
            cards = pakka_text::list_of(groups, pakka_text::key!("sep-dot"))
        )
    }
}

/// Every seat's score as the game counts it (`score`, the game's `Present::score`), joined by
/// " · ": "Ann 12 points · Bob −3 points".
pub fn scores(points: &[i64], score: impl Fn(i64) -> Msg) -> pakka_text::Arg {
    pakka_text::list(
        points
            .iter()
            .enumerate()
            .map(|(s, &p)| msg!("seat-score", who = seat(s), score = score(p)))
            .collect(),
        pakka_text::key!("sep-dot"),
    )
}

#[cfg(test)]
mod tests;
