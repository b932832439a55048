//! What Paskahousu and Pöytäpaska both say, as catalog messages worded from
//! `locales/<lang>/shedding.ftl`: the reasons for refusals both games share ([`reason`] of the
//! shared `Refusal`, which each game's own `Refusal` wraps), the table's first lines, the buttons
//! and their "Play 5s" groups, the finishing order and the event sentences both games share
//! ([`told`]), and the picture both games draw ([`picture`]: the pile, stock and cleared cards,
//! hand sizes, who is out, the own hand), to which Pöytäpaska adds its table cards.

use super::{order, Action, Refusal, Source, TableView, STALEMATE_ACTIONS};
use crate::present::{cards_count, rank, seat_list};
use crate::{Observer, Seat};
use pakka_cards::Card;
use pakka_text::{key, msg};
use pakka_text::{list, seat, verbatim, Arg, Msg};

impl Source {
    /// The catalog's selector for this source.
    fn selector(self) -> Arg {
        verbatim(match self {
            Source::Hand => "hand",
            Source::FaceUp => "face-up",
            Source::FaceDown => "face-down",
            Source::Stock => "stock",
        })
    }
}

fn yes_no(b: bool) -> Arg {
    verbatim(if b { "yes" } else { "no" })
}

/// Why a shared refusal was given, for the player.
pub fn reason(refusal: &Refusal) -> Msg {
    match refusal {
        Refusal::Opening { rank: r, cards } => {
            msg!("shedding-opening", rank = rank(*r), cards = cards)
        }
        Refusal::NothingToTake => msg!("shedding-nothing-to-take"),
        Refusal::NothingToDraw => msg!("shedding-nothing-to-draw"),
        Refusal::NoCard => msg!("shedding-no-card"),
        Refusal::NotStandard => msg!("shedding-not-standard"),
        Refusal::MixedRanks => msg!("shedding-mixed-ranks"),
        Refusal::Twice => msg!("shedding-twice"),
        Refusal::NotHeld(card) => msg!("shedding-not-held", card = *card),
        Refusal::CourtOpening => msg!("shedding-court-opening"),
        Refusal::OnlyOnItself(top) => msg!("shedding-only-on-itself", rank = rank(*top)),
        Refusal::AceOnCourts => msg!("shedding-ace-on-courts"),
        Refusal::TenNotOnCourts => msg!("shedding-ten-not-on-courts"),
        Refusal::CourtsNeed { min, top } => {
            msg!("shedding-courts-need", min = rank(*min), top = rank(*top))
        }
        Refusal::LowNotOnCourts(r) => msg!("shedding-low-not-on-courts", rank = rank(*r)),
        Refusal::Lower { rank: r, top } => {
            msg!("shedding-lower", rank = rank(*r), top = rank(*top))
        }
    }
}

/// The first lines of both games' table: whose turn (while it runs), the pile, the stock.
pub fn table_lines(turn: Option<Seat>, table: &TableView) -> Vec<Msg> {
    let mut lines: Vec<Msg> = turn
        .map(|t| turn_line(t, table.opening, table.free_play))
        .into_iter()
        .collect();
    lines.push(pile_line(&table.pile));
    lines.push(stock_line(table.stock, table.cleared));
    lines
}

/// "Turn: Ann", with the forced opening or the free play noted.
fn turn_line(turn: Seat, opening: bool, free_play: bool) -> Msg {
    msg!(
        "shedding-turn",
        who = seat(turn),
        opening = yes_no(opening),
        free = yes_no(free_play)
    )
}

/// The pile as its size and its last few cards, top last.
pub fn pile_line(pile: &[Card]) -> Msg {
    const SHOWN: usize = 6;
    match pile.last() {
        None => msg!("shedding-pile-empty"),
        Some(&top) => {
            let start = pile.len().saturating_sub(SHOWN);
            msg!(
                "shedding-pile",
                count = cards_count(pile.len()),
                hidden = start,
                cards = &pile[start..],
                top = top
            )
        }
    }
}

/// "Stock: 43 cards · out of the game: 0 cards".
fn stock_line(stock: usize, cleared: usize) -> Msg {
    msg!(
        "shedding-stock",
        stock = cards_count(stock),
        cleared = cards_count(cleared)
    )
}

/// The observer's hand as a player holds it: one group per rank, from the lowest of the games'
/// order (3) up to the 2.
pub fn hand(hand: &[Card]) -> Msg {
    crate::present::hand(crate::present::by_rank(hand, |c| order(c.rank())))
}

/// What the action means to the player: taking the pile and drawing are the alternatives to
/// playing.
pub fn tone(action: &Action) -> crate::Tone {
    match action {
        Action::Play(_) | Action::Flip(_) => crate::Tone::Main,
        Action::Take | Action::Draw => crate::Tone::Other,
    }
}

/// The button label of every action, a play as `2× 5♠ 5♥`.
pub fn label(action: &Action) -> Msg {
    match action {
        Action::Play(cards) => crate::present::play_label(cards),
        Action::Take => msg!("shedding-take"),
        Action::Draw => msg!("shedding-draw"),
        Action::Flip(p) => msg!("shedding-flip", position = *p),
    }
}

/// Why a seat to move has a narrower choice than its hand suggests, from the pile's top and
/// its legal actions: only a 2 goes on a 2 (both games' rule), or nothing in the hand may go on the top, so taking the pile (or drawing) is all that is
/// left. None when the hand may play as usual.
pub fn why(pile: &[Card], hand: &[Card], legal: &[Action]) -> Option<Msg> {
    let top = *pile.last()?;
    if hand.is_empty() || !top.is_standard() {
        return None;
    }
    let plays = legal.iter().any(|a| matches!(a, Action::Play(_)));
    match top.rank() {
        pakka_cards::Rank::Two => Some(msg!("shedding-why-two")),
        _ if !plays => Some(msg!("shedding-why-none", top = top)),
        _ => None,
    }
}

/// The first-step button of plays of one rank: `Play 5s`.
pub fn group(action: &Action) -> Option<Msg> {
    let Action::Play(cards) = action else {
        return None;
    };
    let first = cards.first().filter(|c| c.is_standard())?;
    Some(msg!("shedding-play-group", rank = rank(first.rank())))
}

/// The closing lines: who went out in which place and, once over, who lost.
pub fn outcome_lines(table: &TableView, seats: usize) -> Vec<Msg> {
    let TableView {
        out, loser, over, ..
    } = table;
    let mut lines = Vec::new();
    if !out.is_empty() {
        let gone = out
            .iter()
            .enumerate()
            .map(|(i, &s)| msg!("shedding-out-place", who = seat(s), place = i + 1))
            .collect();
        lines.push(msg!("shedding-out", seats = list(gone, key!("sep-comma"))));
    }
    if *over {
        let still: Vec<Seat> = (0..seats).filter(|s| !out.contains(s)).collect();
        lines.push(game_over(*loser, &still));
    }
    lines
}

/// "Game over — Bo is left holding cards and loses.", or the stalemate shared by `still`.
pub fn game_over(loser: Option<Seat>, still: &[Seat]) -> Msg {
    match loser {
        Some(l) => msg!("shedding-over-loser", loser = seat(l)),
        None => msg!(
            "shedding-over-stalemate",
            moves = STALEMATE_ACTIONS,
            still = seat_list(still)
        ),
    }
}

/// The event sentences both games share.
pub mod told {
    use super::{game_over, Source};
    use crate::present::cards_count;
    use crate::shedding::Event;
    use crate::Seat;
    use pakka_cards::Card;
    use pakka_text::msg;
    use pakka_text::{seat, Msg};

    pub fn played(s: Seat, cards: &[Card], from: Source) -> Msg {
        msg!(
            "shedding-event-played",
            who = seat(s),
            cards = cards,
            from = from.selector()
        )
    }

    pub fn took(s: Seat, cards: &[Card]) -> Msg {
        msg!("shedding-event-took", who = seat(s), cards = cards)
    }

    /// The seats that went out, in their order, for a game's closing sentence: "@ann first,
    /// Bob second" (commas, so no list dot stands beside a computer's name). The last group
    /// of `ranking` (the loser, or those sharing the last place) is left out.
    pub fn out_order(ranking: &[Vec<Seat>]) -> pakka_text::Arg {
        let gone = ranking.split_last().map_or(&[][..], |(_, gone)| gone);
        let items = gone
            .iter()
            .flatten()
            .enumerate()
            .map(|(i, &s)| msg!("shedding-went-out-nth", who = seat(s), place = i + 1))
            .collect();
        pakka_text::list(items, pakka_text::key!("sep-comma"))
    }

    /// The sentence of an event both games tell alike; the end names the loser, or after a
    /// stalemate the last place shared.
    pub fn shared(event: &Event) -> Msg {
        match *event {
            Event::Drew { seat: s, card } => {
                msg!("shedding-event-drew", who = seat(s), card = card)
            }
            Event::Refilled { seat: s, cards } => msg!(
                "shedding-event-refilled",
                who = seat(s),
                cards = cards_count(cards)
            ),
            Event::Cleared { seat: s, cards } => msg!(
                "shedding-event-cleared",
                who = seat(s),
                cards = cards_count(cards)
            ),
            Event::Passed { seat: s } => msg!("shedding-event-passed", who = seat(s)),
            Event::FreePlay { seat: s } => msg!("shedding-event-free-play", who = seat(s)),
            Event::Out { seat: s, place } => {
                msg!("shedding-event-out", who = seat(s), place = place)
            }
            Event::GameOver { loser, ref ranking } => {
                game_over(loser, ranking.last().map_or(&[][..], Vec::as_slice))
            }
        }
    }
}

/// What the shedding games' pictures share, from the fields their views have in common.
pub struct PictureOf<'a> {
    pub observer: Observer,
    pub turn: Option<Seat>,
    pub table: &'a TableView,
    pub hand_sizes: &'a [usize],
    /// The observer's own hand (empty for the public).
    pub hand: &'a [Card],
}

/// How many cards of the pile a picture shows, top last.
const PILE_SHOWN: usize = 6;

/// The picture both shedding games share: whose turn (or how the game ended) at the top; the
/// pile's last cards with its count, the stock and the cards out of the game face down in the
/// middle; each seat's hand size, those out marked with their place; a seat's own hand by
/// rank, low to high. Pöytäpaska adds its table cards in front of each seat.
pub fn picture(t: &PictureOf) -> crate::Scene {
    use crate::picture::{Mark, Pile, Scene};
    let seats = t.hand_sizes.len();
    let viewer = t.observer.seat();
    let mut scene = Scene::new(seats, viewer);
    // The table's first line says whose turn it is (and a forced opening or free play).
    let table = t.table;
    if t.turn.is_some() {
        let lines = table_lines(t.turn, table);
        scene.notes.extend(lines.into_iter().next());
    }
    if table.over {
        let still: Vec<Seat> = (0..seats).filter(|s| !table.out.contains(s)).collect();
        scene.notes.push(game_over(table.loser, &still));
    }
    let pile = &table.pile;
    let shown = &pile[pile.len().saturating_sub(PILE_SHOWN)..];
    let mut top = Pile::up_row(Some(msg!("picture-pile")), shown);
    top.count = Some(pile.len());
    scene.middle = vec![
        top,
        Pile::backs(Some(msg!("picture-stock")), table.stock),
        Pile::backs(Some(msg!("picture-cleared")), table.cleared),
    ];
    for part in &mut scene.seats {
        let s = part.seat;
        part.hand = Some(t.hand_sizes[s]);
        part.to_act = t.turn == Some(s);
        if let Some(place) = table.out.iter().position(|&o| o == s) {
            part.mark = Mark::Out;
            part.lines
                .push(msg!("picture-out-place", place = place + 1));
        }
    }
    if viewer.is_some() {
        scene.set_hand(
            crate::present::by_rank(t.hand, |c| order(c.rank())),
            &[],
            false,
        );
    }
    scene
}
