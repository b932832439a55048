//! What people are told about Kop: the table from a view (the deal, who still declares, what
//! was announced, what the seat knows of its partner, the trick, the last trick, card points
//! and victory cards, the last round's settlement) in words and as a picture (the trick by seat
//! and the card taking it, each seat's victory cards, announcement and card points, the own hand
//! trumps first with its playable cards), the declaration and play buttons, refusals and the
//! sentence for each event. Every sentence reads well with any seat name ("You" in the
//! terminal): seats are never the subject of a verb in the present tense. Words live in
//! `locales/<lang>/kop.ftl`.

use super::{
    beats, position, Action, Class, Contract, Declaration, Event, Kop, Phase, Refusal, RoundResult,
    View, QUEEN_CLUBS, QUEEN_SPADES,
};
use crate::picture::{trick_leader, Scene};
use crate::present::{self, grouped, last_trick, play_label, plays, seat_list, trick_line};
use crate::{Observer, Present, Row, Tone};
use pakka_cards::Card;
use pakka_text::{key, msg};
use pakka_text::{list, seat, signed, verbatim, Arg, Msg};

impl Present for Kop {
    /// The deal at the top (the winners once over, and for the wedding partner whose partner
    /// it is); the trick by seat with the card taking it marked; each seat's cards in hand,
    /// victory cards, its announcement (or, before the first lead, whether it has declared)
    /// and card points taken; a seat's own hand trumps first, strongest first.
    fn picture(view: &View) -> Scene {
        let viewer = view.observer.seat();
        let seats = view.victory_cards.len();
        let mut scene = Scene::new(seats, viewer);
        scene.notes.push(msg!(
            "kop-deal",
            deal = view.deal,
            dealer = seat(view.dealer)
        ));
        if let Some(best) = view.ranking.as_ref().and_then(|r| r.first()) {
            scene
                .notes
                .push(msg!("kop-over", winners = seat_list(best)));
        }
        if let Some(caller) = view.partner_of {
            scene
                .notes
                .push(msg!("kop-partner-of", caller = seat(caller)));
        }
        scene.trick = view.trick.clone();
        scene.trick_leader = trick_leader(&view.trick, beats);
        // Everyone is dealt an equal share of the deck and holds what it has not played.
        let dealt = super::DECK.len() / seats;
        for part in &mut scene.seats {
            let s = part.seat;
            let played = view.played.iter().filter(|&&(p, _)| p == s).count();
            part.hand = Some(dealt.saturating_sub(played));
            part.to_act = view.waiting.contains(&s);
            part.lines.push(msg!(
                "picture-score",
                score = Self::score(view.victory_cards[s])
            ));
            match view.announcement {
                Some(a) if a.seat == s => part.lines.push(msg!(
                    "kop-picture-announced",
                    declaration = declaration(a.declaration)
                )),
                _ if view.phase == Phase::Declaring && view.declared[s] => {
                    part.lines.push(msg!("kop-picture-declared"));
                }
                _ => {}
            }
            if view.phase == Phase::Playing {
                part.lines
                    .push(msg!("kop-picture-points", n = view.points_taken[s]));
            }
        }
        if viewer.is_some() {
            scene.set_hand(hand_groups(&view.hand), &[], false);
        }
        scene
    }

    fn name() -> Msg {
        msg!("kop-name")
    }

    fn summary() -> Msg {
        msg!("kop-summary")
    }

    fn describe(view: &View) -> Vec<Msg> {
        let mut lines = vec![msg!(
            "kop-deal",
            deal = view.deal,
            dealer = seat(view.dealer)
        )];
        match view.phase {
            Phase::Declaring => {
                lines.push(msg!("kop-waiting", seats = seat_list(&view.waiting)));
            }
            Phase::Playing => {
                if let Some(&turn) = view.waiting.first() {
                    lines.push(msg!("kop-turn", who = seat(turn)));
                }
            }
            Phase::Over => {
                if let Some(best) = view.ranking.as_ref().and_then(|r| r.first()) {
                    lines.push(msg!("kop-over", winners = seat_list(best)));
                }
            }
        }
        if let Some(a) = view.announcement {
            lines.push(msg!(
                "kop-announcement",
                who = seat(a.seat),
                declaration = declaration(a.declaration)
            ));
        }
        if let Some(caller) = view.partner_of {
            lines.push(msg!("kop-partner-of", caller = seat(caller)));
        }
        let has = |c: Card| view.hand.contains(&c);
        if view.phase != Phase::Over && view.announcement.is_none() {
            if has(QUEEN_CLUBS) && has(QUEEN_SPADES) {
                if view.my_declaration == Some(Declaration::Silent) {
                    lines.push(msg!("kop-silent-alone"));
                }
            } else if has(QUEEN_CLUBS) || has(QUEEN_SPADES) {
                let other = if has(QUEEN_CLUBS) {
                    QUEEN_SPADES
                } else {
                    QUEEN_CLUBS
                };
                lines.push(msg!("kop-one-queen", card = other));
            }
        }
        if view.phase == Phase::Playing {
            let now = (!view.trick.is_empty()).then(|| plays(&view.trick));
            lines.push(trick_line(view.leader, now));
        }
        if let Some(last) = &view.last_trick {
            lines.push(msg!(
                "kop-last-trick",
                last = last_trick(&last.trick),
                points = last.points
            ));
        }
        if view.phase == Phase::Playing {
            lines.push(msg!(
                "kop-points-taken",
                seats = per_seat(view.points_taken.iter().map(|&p| Arg::from(p)))
            ));
        }
        lines.push(msg!(
            "kop-scores",
            seats = present::scores(&view.victory_cards, Self::score)
        ));
        if let Some(r) = &view.last_round {
            lines.push(round(r));
        }
        if let Observer::Seat(_) = view.observer {
            lines.push(present::hand(hand_groups(&view.hand)));
        }
        lines
    }

    fn score(points: i64) -> Msg {
        msg!("kop-score", n = points)
    }

    /// While the four declare, "no announcement" is every seat's to take, the holder of both
    /// black queens' as much as anyone's: offered to all alike, it tells nothing.
    fn open_action(public: &View) -> Option<Action> {
        (public.phase == Phase::Declaring).then_some(Action::Silent)
    }

    /// The declarations sit in the row of calls.
    fn row(_view: &View, action: &Action) -> Row {
        match action {
            Action::Play(_) => Row::Cards,
            Action::Wedding | Action::Solo | Action::Silent => Row::Calls,
        }
    }

    fn glossary() -> Vec<Msg> {
        vec![
            msg!("kop-word-partners"),
            msg!("kop-word-wedding"),
            msg!("kop-word-solo"),
            msg!("kop-word-silent"),
            msg!("kop-word-points"),
            msg!("kop-word-victory"),
        ]
    }

    fn tone(_view: &View, action: &Action) -> Tone {
        match action {
            Action::Silent => Tone::Other,
            Action::Wedding | Action::Solo | Action::Play(_) => Tone::Main,
        }
    }

    fn label(view: &View, action: &Action) -> Msg {
        match *action {
            Action::Wedding => msg!("kop-label-wedding"),
            Action::Solo => msg!("kop-label-solo"),
            Action::Silent
                if view.hand.contains(&QUEEN_CLUBS) && view.hand.contains(&QUEEN_SPADES) =>
            {
                msg!("kop-label-silent")
            }
            Action::Silent => msg!("kop-label-no-announcement"),
            Action::Play(card) => play_label(&[card]),
        }
    }

    fn reason(refusal: &Refusal) -> Msg {
        match *refusal {
            Refusal::OnlyQueensAnnounce => msg!("kop-only-queens-announce"),
            Refusal::DeclarationsOver => msg!("kop-declarations-over"),
            Refusal::DeclareFirst => msg!("kop-declare-first"),
            Refusal::NotHeld(card) => msg!("kop-not-held", card = card),
            Refusal::CannotLead => msg!("kop-cannot-lead"),
            Refusal::MustBeat { winning } => msg!("kop-must-beat", card = winning),
            Refusal::MustFollow { led } => msg!("kop-must-follow", class = class(led)),
            Refusal::MustBeatWithTrump { winning } => {
                msg!("kop-must-beat-with-trump", card = winning)
            }
            Refusal::MustTrump { led } => msg!("kop-must-trump", class = class(led)),
            Refusal::CannotPlay => msg!("kop-cannot-play"),
        }
    }

    fn deals(event: &Event) -> bool {
        matches!(event, Event::Dealt { .. })
    }

    fn event(event: &Event) -> Msg {
        match event {
            Event::Dealt { deal, dealer } => {
                msg!("kop-event-dealt", deal = *deal, dealer = seat(*dealer))
            }
            Event::Declared { seat: s } => msg!("kop-event-declared", who = seat(*s)),
            Event::Announced(a) => msg!(
                "kop-event-announced",
                who = seat(a.seat),
                declaration = declaration(a.declaration)
            ),
            Event::Played { seat: s, card } => {
                msg!("event-card-played", who = seat(*s), card = *card)
            }
            Event::TrickWon { seat: s, points } => {
                msg!("kop-event-trick", who = seat(*s), points = *points)
            }
            Event::RoundScored(r) => round(r),
            Event::GameOver { ranking } => match ranking.first() {
                Some(best) => msg!("kop-over", winners = seat_list(best)),
                None => msg!("kop-event-over"),
            },
        }
    }
}

/// "Seat 0 7 · Seat 1 3 · …": one figure per seat, in seat order.
fn per_seat(figures: impl Iterator<Item = Arg>) -> Arg {
    list(
        figures
            .enumerate()
            .map(|(s, n)| msg!("kop-seat-figure", who = seat(s), n = n))
            .collect(),
        key!("sep-dot"),
    )
}

/// The settlement of a round in sentences: who played together, who won and with how many of
/// the card points (52–52 wins nobody, as `kop.md` rules), then each seat's victory cards moved
/// and now held: "Deal 1: Ann and Bob held the black queens and played together. Ann and Bob
/// won with 53 of the 104 card points (53 needed; the other side took 51). Victory cards: Ann
/// +2 (now 7), …".
fn round(r: &RoundResult) -> Msg {
    let outcome = if r.winners.is_empty() {
        msg!("kop-round-even")
    } else {
        let side_won = r.winners.contains(&r.side[0]);
        let (points, others) = if side_won {
            (r.side_points, r.other_points)
        } else {
            (r.other_points, r.side_points)
        };
        let changes = r
            .changes
            .iter()
            .zip(r.victory_cards.iter())
            .enumerate()
            .map(|(s, (&c, &n))| msg!("kop-seat-change", who = seat(s), change = signed(c), n = n))
            .collect();
        msg!(
            "kop-round-won",
            winners = seat_list(&r.winners),
            points = points,
            others = others,
            changes = list(changes, key!("sep-comma"))
        )
    };
    msg!(
        "kop-round",
        deal = r.deal,
        contract = contract(r.contract),
        outcome = outcome
    )
}

fn contract(contract: Contract) -> Msg {
    match contract {
        Contract::Queens { clubs, spades } => msg!(
            "kop-contract-queens",
            clubs = seat(clubs),
            spades = seat(spades)
        ),
        Contract::Wedding { caller, partner } => msg!(
            "kop-contract-wedding",
            caller = seat(caller),
            partner = seat(partner)
        ),
        Contract::Silent { player } => msg!("kop-contract-silent", who = seat(player)),
        Contract::Solo { player } => msg!("kop-contract-solo", who = seat(player)),
    }
}

/// A declaration as the catalog selects on it.
fn declaration(d: Declaration) -> Arg {
    verbatim(match d {
        Declaration::Wedding => "wedding",
        Declaration::Silent => "silent",
        Declaration::Solo => "solo",
    })
}

/// A hand as it is held: trumps, then clubs, then spades, each strongest first.
fn hand_groups(hand: &[Card]) -> Vec<Vec<Card>> {
    grouped(hand, |c| (class_place(super::class(c)), position(c)))
}

/// Where a suit class is held: trumps first, then clubs, then spades.
fn class_place(c: Class) -> u8 {
    match c {
        Class::Trumps => 0,
        Class::Clubs => 1,
        Class::Spades => 2,
    }
}

/// A suit class as the catalog selects on it.
fn class(c: Class) -> Arg {
    verbatim(match c {
        Class::Trumps => "trumps",
        Class::Clubs => "clubs",
        Class::Spades => "spades",
    })
}
