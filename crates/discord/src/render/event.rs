//! A tournament's one message, kept up to date as the event goes: its game and format, where
//! it stands (sign-up, a round's check-in with its deadline, a round being played, paused,
//! over), who signed up, the standings with the format's tie-breaks, and the current round's
//! tables with why each was paired so and how each ended; its buttons (sign up, withdraw, check
//! in, and the organiser's start, pause and cancel) while it runs. Also the line that opens a
//! round's table thread and the champions' announcement. Built from the event's view only.

use super::{user_arg, Button, Reply, Style};
use crate::ids::{ComponentId, EventAct};
use crate::words::{lines, Lang, Plain};
use pakka_table::tournaments::{
    EventView, Format, Halves, Left, Occupant, Phase, RoundView, Tiebreak, Why,
};
use pakka_text::{list, list_of, msg, verbatim, Arg, Msg};

/// The standings lines shown at most (the rest counted).
const STANDINGS_SHOWN: usize = 16;
/// The tables of a round listed at most (the rest counted).
const TABLES_SHOWN: usize = 12;
/// The players named at most while signing up.
const PLAYERS_SHOWN: usize = 40;

/// Points, in halves, as a number with one decimal where it has one (`2`, `2.5`).
fn points(h: Halves) -> Arg {
    if h.0 % 2 == 0 {
        Arg::Num(i64::from(h.0 / 2))
    } else {
        Arg::Tenths {
            tenths: i64::from(h.0) * 5,
            signed: false,
        }
    }
}

/// A format's name.
pub fn format_name(format: Format) -> Msg {
    match format {
        Format::Swiss => msg!("discord-event-format-swiss"),
        Format::RoundRobin => msg!("discord-event-format-round-robin"),
        Format::Knockout => msg!("discord-event-format-knockout"),
        Format::Duplicate => msg!("discord-event-format-duplicate"),
    }
}

/// A deadline as Discord shows it to each reader, in their own time ("in 5 minutes").
fn until(unix: i64) -> Arg {
    verbatim(format!("<t:{unix}:R>"))
}

/// The players of a table in seat order (computers by the catalog's name).
fn seated(seats: &[Occupant]) -> Arg {
    list(
        seats
            .iter()
            .map(|o| match o {
                Occupant::Player(p) => msg!("discord-event-seat-player", who = user_arg(*p)),
                Occupant::Computer => msg!("discord-event-seat-computer"),
            })
            .collect(),
        pakka_text::key!("sep-comma"),
    )
}

/// Why a table was paired so, in one clause.
fn why(why: &Why) -> Msg {
    match why {
        Why::FirstRound { slices, places } => msg!(
            "discord-event-why-first-round",
            slices = i64::from(*slices),
            places = list_of(
                places.iter().map(|p| Arg::Num(i64::from(*p))),
                pakka_text::key!("sep-comma")
            )
        ),
        Why::ScoreGroup {
            top,
            bottom,
            repeats,
        } => {
            if repeats.is_empty() && top == bottom {
                msg!("discord-event-why-score-level", points = points(*top))
            } else if repeats.is_empty() {
                msg!(
                    "discord-event-why-score-group",
                    top = points(*top),
                    bottom = points(*bottom)
                )
            } else {
                msg!(
                    "discord-event-why-score-group-repeats",
                    top = points(*top),
                    bottom = points(*bottom),
                    pairs = list(
                        repeats
                            .iter()
                            .map(|(a, b)| msg!(
                                "discord-event-pair",
                                a = user_arg(*a),
                                b = user_arg(*b)
                            ))
                            .collect(),
                        pakka_text::key!("sep-comma")
                    )
                )
            }
        }
        Why::Schedule { new_pairs, pairs } => msg!(
            "discord-event-why-schedule",
            new = i64::from(*new_pairs),
            pairs = i64::from(*pairs)
        ),
        Why::Bracket { seeds } => msg!(
            "discord-event-why-bracket",
            seeds = list_of(
                seeds.iter().map(|s| Arg::Num(i64::from(*s))),
                pakka_text::key!("sep-comma")
            )
        ),
    }
}

/// A tie-break as the standings show it.
fn tiebreak(t: &Tiebreak) -> Msg {
    match t {
        Tiebreak::Buchholz(h) => msg!("discord-event-buchholz", points = points(*h)),
        Tiebreak::SonnebornBerger(q) => msg!(
            "discord-event-sonneborn-berger",
            points = if q.0 % 4 == 0 {
                Arg::Num((q.0 / 4) as i64)
            } else {
                // Quarter points to one decimal, rounded half up (0.25 shows 0.3).
                Arg::Tenths {
                    tenths: (q.0 as i64 * 10 + 2) / 4,
                    signed: false,
                }
            }
        ),
        Tiebreak::MatchPoints(h) => msg!("discord-event-match-points", points = points(*h)),
        Tiebreak::RoundReached(r) => {
            msg!("discord-event-round-reached", round = i64::from(*r))
        }
        Tiebreak::Seed(s) => msg!("discord-event-seed", seed = i64::from(*s)),
    }
}

/// The event's message: what it is, where it stands, who plays, the standings and the round.
pub fn event(view: &EventView, lang: Lang) -> Reply {
    let mut out = vec![msg!(
        "discord-event-title",
        game = view.game_name(),
        organiser = user_arg(view.organiser),
        format = format_name(view.format),
        rounds = i64::from(view.rounds),
        seats = view.seats
    )];
    out.push(msg!(
        "discord-event-settings",
        minutes = i64::from(view.round_minutes),
        checkin = i64::from(view.checkin_minutes),
        level = pakka_table::level_name(view.level)
    ));
    let active: Vec<u64> = view.active().map(|p| p.user_id).collect();
    out.push(match view.phase {
        Phase::Signup => msg!(
            "discord-event-signup",
            count = active.len(),
            max = view.max_players,
            organiser = user_arg(view.organiser)
        ),
        Phase::Checkin => msg!(
            "discord-event-checkin",
            round = i64::from(view.round),
            until = view.deadline.map_or_else(|| verbatim("—"), until),
            checked = view.active().filter(|p| p.checked_in == view.round).count(),
            count = active.len()
        ),
        Phase::Playing => msg!(
            "discord-event-playing",
            round = i64::from(view.round),
            rounds = i64::from(view.rounds),
            until = view.deadline.map_or_else(|| verbatim("—"), until)
        ),
        Phase::Finished => msg!("discord-event-finished"),
        Phase::Cancelled => msg!("discord-event-cancelled"),
    });
    if view.paused {
        out.push(msg!("discord-event-paused-line"));
    }
    if view.played.is_empty() {
        if !active.is_empty() {
            let shown = active.iter().take(PLAYERS_SHOWN).map(|&p| user_arg(p));
            out.push(msg!(
                "discord-event-players",
                players = list_of(shown, pakka_text::key!("sep-comma")),
                more = active.len().saturating_sub(PLAYERS_SHOWN)
            ));
        }
    } else {
        standings(view, &mut out);
    }
    let left: Vec<Msg> = view
        .players
        .iter()
        .filter(|p| p.withdrawn != Left::No)
        .map(|p| match p.withdrawn {
            Left::Absent => msg!("discord-event-left-absent", who = user_arg(p.user_id)),
            _ => msg!("discord-event-left", who = user_arg(p.user_id)),
        })
        .collect();
    if !left.is_empty() {
        out.push(msg!(
            "discord-event-withdrawn",
            players = list(left, pakka_text::key!("sep-comma"))
        ));
    }
    if let Some(round) = view.current() {
        round_lines(view, round, &mut out);
    }
    let reply = Reply::new(lines(&out, &Plain(lang)));
    if view.is_over() {
        return reply;
    }
    let button = |act, label, style| {
        Button::plain(
            ComponentId::Event {
                event: view.id,
                act,
            },
            label,
            style,
            lang,
        )
    };
    let mut buttons = vec![
        button(
            EventAct::SignUp,
            msg!("discord-event-button-sign-up"),
            Style::Success,
        ),
        button(
            EventAct::Withdraw,
            msg!("discord-event-button-withdraw"),
            Style::Secondary,
        ),
    ];
    if view.phase == Phase::Checkin {
        buttons.push(button(
            EventAct::CheckIn,
            msg!("discord-event-button-check-in"),
            Style::Primary,
        ));
    }
    if view.phase != Phase::Playing {
        buttons.push(button(
            EventAct::Start,
            if view.phase == Phase::Checkin {
                msg!("discord-event-button-begin-round")
            } else {
                msg!("discord-event-button-start")
            },
            Style::Primary,
        ));
    }
    buttons.push(button(
        EventAct::Pause,
        if view.paused {
            msg!("discord-event-button-resume")
        } else {
            msg!("discord-event-button-pause")
        },
        Style::Secondary,
    ));
    buttons.push(button(
        EventAct::Cancel,
        msg!("discord-event-button-cancel"),
        Style::Danger,
    ));
    reply.buttons(buttons)
}

/// The standings after the rounds played, with the format's tie-breaks. While a round is under
/// way and something of it already counts (a bye, a walkover, a game over), the head says the
/// standings are those of the round so far, not of the rounds before it.
fn standings(view: &EventView, out: &mut Vec<Msg>) {
    let done = view
        .played
        .iter()
        .filter(|r| r.tables.iter().all(|t| t.result.is_some()))
        .count();
    let under_way = view.played.last().filter(|r| {
        r.tables.iter().any(|t| t.result.is_none())
            && (!r.plan.byes.is_empty()
                || !r.plan.walkovers.is_empty()
                || r.tables.iter().any(|t| t.result.is_some()))
    });
    out.push(match under_way {
        Some(r) => msg!(
            "discord-event-standings-head-live",
            round = i64::from(r.round)
        ),
        None => msg!("discord-event-standings-head", round = done),
    });
    // A knockout over: the one still in is its champion, whose round reached is the final won.
    let finished = view.phase == Phase::Finished;
    let tiebreak = |t: &Tiebreak| match t {
        Tiebreak::RoundReached(r) if view.rounds > 0 && *r > view.rounds => {
            msg!("discord-event-won-final")
        }
        t => tiebreak(t),
    };
    for s in view.standings.iter().take(STANDINGS_SHOWN) {
        let breaks: Vec<Msg> = s.tiebreaks.iter().map(&tiebreak).collect();
        let line = if view.format == Format::Knockout {
            msg!(
                "discord-event-standing-knockout",
                rank = s.rank,
                who = user_arg(s.id),
                out = match (s.out, finished) {
                    (true, _) => 1,
                    (false, true) => 2,
                    (false, false) => 0,
                },
                breaks = list(breaks, pakka_text::key!("sep-comma"))
            )
        } else {
            msg!(
                "discord-event-standing",
                rank = s.rank,
                who = user_arg(s.id),
                points = points(s.points),
                breaks = list(breaks, pakka_text::key!("sep-comma"))
            )
        };
        out.push(line);
    }
    if view.standings.len() > STANDINGS_SHOWN {
        out.push(msg!(
            "discord-event-more",
            more = view.standings.len() - STANDINGS_SHOWN
        ));
    }
}

/// The round's tables: who sits where, why, and how each ended.
fn round_lines(view: &EventView, round: &RoundView, out: &mut Vec<Msg>) {
    out.push(msg!(
        "discord-event-round-head",
        round = i64::from(round.round)
    ));
    for (i, (plan, table)) in round
        .plan
        .tables
        .iter()
        .zip(&round.tables)
        .enumerate()
        .take(TABLES_SHOWN)
    {
        let mut reason = why(&plan.why);
        if plan.computers() > 0 {
            reason = msg!(
                "discord-event-why-computers",
                why = reason,
                computers = plan.computers()
            );
        }
        let state = match &table.result {
            None => match table.table_id {
                Some(_) => msg!("discord-event-table-playing"),
                None => msg!("discord-event-table-opening"),
            },
            Some(result) if result.walkover => msg!(
                "discord-event-table-walkover",
                who = list_of(
                    plan.players()
                        .filter(|p| !result.absent.contains(p))
                        .map(user_arg),
                    pakka_text::key!("sep-comma")
                )
            ),
            Some(_) => {
                let earned = list(
                    plan.seats
                        .iter()
                        .zip(&table.points)
                        .filter_map(|(o, p)| {
                            Some(msg!(
                                "discord-event-table-points",
                                who = user_arg(o.player()?),
                                points = points((*p)?)
                            ))
                        })
                        .collect(),
                    pakka_text::key!("sep-comma"),
                );
                // Duplicate counts match points against the other tables, not the game's.
                let key = if view.format == Format::Duplicate {
                    pakka_text::key!("discord-event-table-match-points")
                } else {
                    pakka_text::key!("discord-event-table-result")
                };
                Msg::new(key, vec![("points", earned)])
            }
        };
        out.push(msg!(
            "discord-event-table",
            n = i + 1,
            players = seated(&plan.seats),
            why = reason,
            state = state
        ));
    }
    if round.plan.tables.len() > TABLES_SHOWN {
        out.push(msg!(
            "discord-event-more-tables",
            more = round.plan.tables.len() - TABLES_SHOWN
        ));
    }
    if !round.plan.byes.is_empty() {
        out.push(msg!(
            "discord-event-byes",
            format = verbatim(view.format.id()),
            players = list_of(
                round.plan.byes.iter().map(|&p| user_arg(p)),
                pakka_text::key!("sep-comma")
            )
        ));
    }
    if !round.plan.walkovers.is_empty() {
        out.push(msg!(
            "discord-event-walkovers",
            players = list_of(
                round.plan.walkovers.iter().map(|&p| user_arg(p)),
                pakka_text::key!("sep-comma")
            )
        ));
    }
    if !round.absent.is_empty() {
        out.push(msg!(
            "discord-event-absent",
            players = list_of(
                round.absent.iter().map(|&p| user_arg(p)),
                pakka_text::key!("sep-comma")
            )
        ));
    }
}

/// The name of a round's table thread.
pub fn thread_name(view: &EventView, round: u32, table: usize, lang: Lang) -> String {
    crate::words::plain(
        &msg!(
            "discord-event-thread",
            game = view.game_name(),
            round = i64::from(round),
            n = table + 1
        ),
        lang,
    )
}

/// The announcement of the event's end: its winners (everyone ranked first).
pub fn champions(view: &EventView, lang: Lang) -> Reply {
    let winners: Vec<u64> = view
        .standings
        .iter()
        .filter(|s| s.rank == 1)
        .map(|s| s.id)
        .collect();
    let text = msg!(
        "discord-event-champions",
        game = view.game_name(),
        count = winners.len(),
        players = list_of(
            winners.iter().map(|&p| user_arg(p)),
            pakka_text::key!("sep-comma")
        )
    );
    Reply::new(lines(&[text], &Plain(lang)))
}
