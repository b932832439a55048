//! The `custom_id` of every button pakka sends, as a typed value. Buttons must keep working after
//! a restart, so they are routed from the one global event handler by parsing this id, which
//! names the table and (for actions) the move number it was offered at. Raw strings from Discord
//! are parsed into a `ComponentId` first; anything else is refused. A button about a game
//! (Rules, ❔, a leaderboard's pages) names the game by its id, so adding a game to the
//! registry re-points no button; the earlier form, the game's place in the registry, is still
//! read, through the registry's order as it was then ([`POSITIONS`]).

use std::fmt;

use pakka_table::{games, TableId};

/// Discord's limit on a custom_id.
pub const MAX_CUSTOM_ID: usize = 100;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComponentId {
    /// "Show my hand" on the public table message.
    Hand(TableId),
    /// "Open the table" on the public table message: the Activity's window (when it is on).
    Window(TableId),
    /// An action: index into the seat's legal actions at move `mv`.
    Act {
        table: TableId,
        mv: u64,
        index: usize,
    },
    /// A step of the hand offered at move `mv` short of a move: a page of its first step, a
    /// group's actions, or the question before an action.
    Step {
        table: TableId,
        mv: u64,
        step: HandStep,
    },
    /// The action every seat to act may take alike without opening its hand (Kop's "no
    /// announcement"), from the turn ping of deal `deal`: taken for the presser's own seat.
    Open { table: TableId, deal: u32 },
    /// 💡 in a hand of a table with hints: the move the `normal` computer player would make
    /// for the presser's seat at move `mv`, answered privately.
    Hint { table: TableId, mv: u64 },
    /// Take over the computer player's seat `seat` of a running game whose seats are open.
    Take { table: TableId, seat: usize },
    /// Accept an invitation.
    Accept(TableId),
    /// Take an open seat.
    Join(TableId),
    /// Decline an invitation, or cancel the lobby.
    Decline(TableId),
    /// A new lobby with the same players, from a finished table.
    Again(TableId),
    /// Put a computer player on an open seat of a lobby.
    Bot(TableId),
    /// Take one's seat back from the computer standing in.
    Back(TableId),
    /// "Rules" on a table message: the summary of the game with this id, answered privately
    /// to whoever presses it.
    Rules(GameId),
    /// "❔" on a table message: the game's own words explained (its glossary), privately to
    /// whoever presses it, like `Rules`.
    Words(GameId),
    /// Confirm a forfeit (`true`) or keep playing (`false`), from `/abandon`.
    Abandon { table: TableId, confirm: bool },
    /// A moderator closes the table with no result, from `/abandon`.
    Close(TableId),
    /// A page of `/scores`: the game (None: every game), the period (its place in
    /// `Period::ALL`) and the page, from 0.
    Scores {
        game: Option<GameId>,
        period: usize,
        page: usize,
        /// A season's board (`/scores season:`), by its number.
        season: Option<u32>,
    },
    /// A replay's button: show `step` of finished game `table` (and at the last step, page
    /// `page` of the hands as dealt). `nav` tells the four buttons apart (two may lead to the
    /// same step, and a message's custom_ids must differ); `owner` is the person who shared a
    /// public replay, None for a private one.
    Replay {
        table: TableId,
        step: u32,
        page: u32,
        nav: Nav,
        owner: Option<u64>,
    },
    /// A button of a tournament's message: sign up, withdraw, check in, or (its organiser)
    /// start, pause and cancel.
    Event { event: i64, act: EventAct },
}

/// What a tournament message's button does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventAct {
    SignUp,
    Withdraw,
    CheckIn,
    Start,
    Pause,
    Cancel,
}

impl EventAct {
    pub const ALL: [EventAct; 6] = [
        EventAct::SignUp,
        EventAct::Withdraw,
        EventAct::CheckIn,
        EventAct::Start,
        EventAct::Pause,
        EventAct::Cancel,
    ];

    fn letter(self) -> &'static str {
        match self {
            EventAct::SignUp => "in",
            EventAct::Withdraw => "out",
            EventAct::CheckIn => "ci",
            EventAct::Start => "go",
            EventAct::Pause => "pa",
            EventAct::Cancel => "x",
        }
    }

    fn parse(s: &str) -> Option<EventAct> {
        EventAct::ALL.into_iter().find(|a| a.letter() == s)
    }
}

/// A registered game's id, as a button names it (`pk:ru:kop`): only ids of the registry parse.
pub type GameId = &'static str;

/// The registry's order when the buttons named a game by its place in it (`pk:ru:7`, and
/// `pk:sc:8:…` for the leaderboard, whose 0 was every game): the meaning of those places, kept
/// as it was so that the buttons already posted still answer about their own game. Never
/// reordered or extended: new buttons name the id.
const POSITIONS: [&str; 9] = [
    "pisha-pasha",
    "paskahousu",
    "poytapaska",
    "paston",
    "teka",
    "red7",
    "matapesa",
    "kop",
    "whist22",
];

/// The game a button names: its id (`kop`), or in the earlier form its place in the registry
/// as it was ([`POSITIONS`]). None for anything else, and for a game this release no longer
/// hosts.
fn game(s: &str) -> Option<GameId> {
    let id = match num::<usize>(s) {
        Some(place) => *POSITIONS.get(place)?,
        // An id as written: lower case, never an alias.
        None => s,
    };
    games::find(id).map(|g| g.id()).filter(|&found| found == id)
}

/// A leaderboard's game: `*` every game, else [`game`]'s id; in the earlier form 0 every game,
/// else its place plus one.
fn scores_game(s: &str) -> Option<Option<GameId>> {
    match (s, num::<usize>(s)) {
        ("*", _) | (_, Some(0)) => Some(None),
        (_, Some(n)) => game(&(n - 1).to_string()).map(Some),
        (_, None) => game(s).map(Some),
    }
}

/// Which of a replay's four buttons: ⏮ ◀ ▶ ⏭.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nav {
    First,
    Previous,
    Next,
    Last,
}

impl Nav {
    pub const ALL: [Nav; 4] = [Nav::First, Nav::Previous, Nav::Next, Nav::Last];

    fn letter(self) -> &'static str {
        match self {
            Nav::First => "f",
            Nav::Previous => "p",
            Nav::Next => "n",
            Nav::Last => "l",
        }
    }

    fn parse(s: &str) -> Option<Nav> {
        Nav::ALL.into_iter().find(|n| n.letter() == s)
    }
}

/// Which part of a hand to show: the first step is `Page(0)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandStep {
    /// The first step, page by page when it holds more than 25 choices (page 0 is also "back
    /// to the top").
    Page(usize),
    /// The actions of one group (the second step of a grouped choice).
    Group(usize),
    /// The question before the action at this index.
    Ask(usize),
}

/// A custom_id that is not one of ours.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unrecognised button id {0:?}")]
pub struct BadId(pub String);

impl fmt::Display for ComponentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ComponentId::Hand(t) => write!(f, "pk:h:{t}"),
            ComponentId::Window(t) => write!(f, "pk:win:{t}"),
            ComponentId::Act { table, mv, index } => write!(f, "pk:a:{table}:{mv}:{index}"),
            ComponentId::Step { table, mv, step } => {
                let (letter, n) = match step {
                    HandStep::Page(n) => ("p", n),
                    HandStep::Group(n) => ("g", n),
                    HandStep::Ask(n) => ("q", n),
                };
                write!(f, "pk:{letter}:{table}:{mv}:{n}")
            }
            ComponentId::Open { table, deal } => write!(f, "pk:o:{table}:{deal}"),
            ComponentId::Hint { table, mv } => write!(f, "pk:hi:{table}:{mv}"),
            ComponentId::Take { table, seat } => write!(f, "pk:tk:{table}:{seat}"),
            ComponentId::Accept(t) => write!(f, "pk:acc:{t}"),
            ComponentId::Join(t) => write!(f, "pk:join:{t}"),
            ComponentId::Decline(t) => write!(f, "pk:dec:{t}"),
            ComponentId::Again(t) => write!(f, "pk:again:{t}"),
            ComponentId::Bot(t) => write!(f, "pk:bot:{t}"),
            ComponentId::Back(t) => write!(f, "pk:back:{t}"),
            ComponentId::Rules(g) => write!(f, "pk:ru:{g}"),
            ComponentId::Words(g) => write!(f, "pk:wo:{g}"),
            ComponentId::Close(t) => write!(f, "pk:close:{t}"),
            ComponentId::Scores {
                game,
                period,
                page,
                season,
            } => {
                write!(f, "pk:sc:{}:{period}:{page}", game.unwrap_or("*"))?;
                match season {
                    Some(season) => write!(f, ":{season}"),
                    None => Ok(()),
                }
            }
            ComponentId::Abandon { table, confirm } => {
                write!(f, "pk:ab:{table}:{}", if confirm { "y" } else { "n" })
            }
            ComponentId::Event { event, act } => write!(f, "pk:ev:{event}:{}", act.letter()),
            ComponentId::Replay {
                table,
                step,
                page,
                nav,
                owner,
            } => {
                write!(f, "pk:r:{table}:{step}:{page}:{}", nav.letter())?;
                match owner {
                    Some(owner) => write!(f, ":{owner}"),
                    None => Ok(()),
                }
            }
        }
    }
}

impl ComponentId {
    /// The button's kind, as the metrics count interactions (a fixed name per variant).
    pub fn kind(&self) -> &'static str {
        match self {
            ComponentId::Hand(_) => "hand",
            ComponentId::Window(_) => "window",
            ComponentId::Act { .. } => "act",
            ComponentId::Step { step, .. } => match step {
                HandStep::Page(_) => "page",
                HandStep::Group(_) => "group",
                HandStep::Ask(_) => "ask",
            },
            ComponentId::Open { .. } => "open",
            ComponentId::Hint { .. } => "hint",
            ComponentId::Take { .. } => "take",
            ComponentId::Accept(_) => "accept",
            ComponentId::Join(_) => "join",
            ComponentId::Decline(_) => "decline",
            ComponentId::Again(_) => "again",
            ComponentId::Bot(_) => "bot",
            ComponentId::Back(_) => "back",
            ComponentId::Rules(_) => "rules",
            ComponentId::Words(_) => "words",
            ComponentId::Abandon { .. } => "abandon",
            ComponentId::Close(_) => "close",
            ComponentId::Scores { .. } => "scores_page",
            ComponentId::Replay { .. } => "replay_step",
            ComponentId::Event { .. } => "event",
        }
    }

    /// Whether the button may sit on a private (ephemeral) message: a hand's steps and moves,
    /// its "I'm back" while a computer player stands in (also on the public away notice), the
    /// confirm of `/abandon`, and a private replay's steps; the others sit on public messages
    /// (the table, the lobby, the result, the turn ping, a shared replay).
    pub fn on_private_message(&self) -> bool {
        matches!(
            self,
            ComponentId::Act { .. }
                | ComponentId::Step { .. }
                | ComponentId::Hint { .. }
                | ComponentId::Back(_)
                | ComponentId::Abandon { .. }
                | ComponentId::Close(_)
                | ComponentId::Replay { owner: None, .. }
        )
    }
}

fn num<T: std::str::FromStr>(s: &str) -> Option<T> {
    // Plain decimal digits only: no signs, no spaces, no leading zeros beyond "0".
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) || (s.len() > 1 && s.starts_with('0'))
    {
        return None;
    }
    s.parse().ok()
}

fn table(s: &str) -> Option<TableId> {
    num::<TableId>(s).filter(|&t| t > 0)
}

impl std::str::FromStr for ComponentId {
    type Err = BadId;

    fn from_str(s: &str) -> Result<ComponentId, BadId> {
        let bad = || BadId(s.chars().take(MAX_CUSTOM_ID).collect());
        if s.len() > MAX_CUSTOM_ID {
            return Err(bad());
        }
        let parts: Vec<&str> = s.split(':').collect();
        let id = match parts.as_slice() {
            ["pk", "h", t] => ComponentId::Hand(table(t).ok_or_else(bad)?),
            ["pk", "win", t] => ComponentId::Window(table(t).ok_or_else(bad)?),
            ["pk", "a", t, m, i] => ComponentId::Act {
                table: table(t).ok_or_else(bad)?,
                mv: num(m).ok_or_else(bad)?,
                index: num(i).ok_or_else(bad)?,
            },
            ["pk", letter @ ("p" | "g" | "q"), t, m, n] => {
                let n = num(n).ok_or_else(bad)?;
                ComponentId::Step {
                    table: table(t).ok_or_else(bad)?,
                    mv: num(m).ok_or_else(bad)?,
                    step: match *letter {
                        "p" => HandStep::Page(n),
                        "g" => HandStep::Group(n),
                        _ => HandStep::Ask(n),
                    },
                }
            }
            ["pk", "o", t, d] => ComponentId::Open {
                table: table(t).ok_or_else(bad)?,
                deal: num(d).ok_or_else(bad)?,
            },
            ["pk", "hi", t, m] => ComponentId::Hint {
                table: table(t).ok_or_else(bad)?,
                mv: num(m).ok_or_else(bad)?,
            },
            ["pk", "tk", t, seat] => ComponentId::Take {
                table: table(t).ok_or_else(bad)?,
                seat: num(seat).ok_or_else(bad)?,
            },
            ["pk", "acc", t] => ComponentId::Accept(table(t).ok_or_else(bad)?),
            ["pk", "join", t] => ComponentId::Join(table(t).ok_or_else(bad)?),
            ["pk", "dec", t] => ComponentId::Decline(table(t).ok_or_else(bad)?),
            ["pk", "again", t] => ComponentId::Again(table(t).ok_or_else(bad)?),
            ["pk", "bot", t] => ComponentId::Bot(table(t).ok_or_else(bad)?),
            ["pk", "back", t] => ComponentId::Back(table(t).ok_or_else(bad)?),
            ["pk", "ru", g] => ComponentId::Rules(game(g).ok_or_else(bad)?),
            ["pk", "wo", g] => ComponentId::Words(game(g).ok_or_else(bad)?),
            ["pk", "close", t] => ComponentId::Close(table(t).ok_or_else(bad)?),
            ["pk", "sc", g, p, n, season @ ..] if season.len() <= 1 => ComponentId::Scores {
                game: scores_game(g).ok_or_else(bad)?,
                period: num(p).ok_or_else(bad)?,
                page: num(n).ok_or_else(bad)?,
                season: match season {
                    [s] => Some(num::<u32>(s).filter(|&s| s > 0).ok_or_else(bad)?),
                    _ => None,
                },
            },
            ["pk", "ab", t, c] => ComponentId::Abandon {
                table: table(t).ok_or_else(bad)?,
                confirm: match *c {
                    "y" => true,
                    "n" => false,
                    _ => return Err(bad()),
                },
            },
            ["pk", "r", t, step, page, nav, owner @ ..] if owner.len() <= 1 => {
                ComponentId::Replay {
                    table: table(t).ok_or_else(bad)?,
                    step: num(step).ok_or_else(bad)?,
                    page: num(page).ok_or_else(bad)?,
                    nav: Nav::parse(nav).ok_or_else(bad)?,
                    owner: match owner {
                        [o] => Some(num::<u64>(o).filter(|&o| o > 0).ok_or_else(bad)?),
                        _ => None,
                    },
                }
            }
            ["pk", "ev", e, a] => ComponentId::Event {
                event: table(e).ok_or_else(bad)?,
                act: EventAct::parse(a).ok_or_else(bad)?,
            },
            _ => return Err(bad()),
        };
        Ok(id)
    }
}

#[cfg(test)]
mod tests {
    //! The custom_id format: every `ComponentId` round-trips through its text within Discord's
    //! limit (a property), arbitrary strings never panic the parser, forged and malformed ids are
    //! refused, and a game's button reads both its id and its earlier place in the registry.

    use super::*;
    use proptest::prelude::*;

    fn any_game() -> impl Strategy<Value = GameId> {
        prop::sample::select(games::all().map(|g| g.id()).collect::<Vec<_>>())
    }

    fn any_id() -> impl Strategy<Value = ComponentId> {
        let t = 1..i64::MAX;
        prop_oneof![
            t.clone().prop_map(ComponentId::Hand),
            t.clone().prop_map(ComponentId::Window),
            (t.clone(), any::<u64>(), any::<usize>())
                .prop_map(|(table, mv, index)| ComponentId::Act { table, mv, index }),
            (t.clone(), any::<u64>(), 0..3u8, any::<usize>()).prop_map(|(table, mv, kind, n)| {
                let step = match kind {
                    0 => HandStep::Page(n),
                    1 => HandStep::Group(n),
                    _ => HandStep::Ask(n),
                };
                ComponentId::Step { table, mv, step }
            }),
            (t.clone(), any::<u32>()).prop_map(|(table, deal)| ComponentId::Open { table, deal }),
            (t.clone(), any::<u64>()).prop_map(|(table, mv)| ComponentId::Hint { table, mv }),
            (t.clone(), any::<usize>()).prop_map(|(table, seat)| ComponentId::Take { table, seat }),
            t.clone().prop_map(ComponentId::Accept),
            t.clone().prop_map(ComponentId::Join),
            t.clone().prop_map(ComponentId::Decline),
            t.clone().prop_map(ComponentId::Again),
            t.clone().prop_map(ComponentId::Bot),
            t.clone().prop_map(ComponentId::Back),
            any_game().prop_map(ComponentId::Rules),
            any_game().prop_map(ComponentId::Words),
            t.clone().prop_map(ComponentId::Close),
            (t.clone(), any::<bool>())
                .prop_map(|(table, confirm)| ComponentId::Abandon { table, confirm }),
            (
                t,
                any::<u32>(),
                any::<u32>(),
                prop::sample::select(Nav::ALL.to_vec()),
                prop::option::of(1..u64::MAX),
            )
                .prop_map(|(table, step, page, nav, owner)| ComponentId::Replay {
                    table,
                    step,
                    page,
                    nav,
                    owner
                }),
            (
                prop::option::of(any_game()),
                any::<usize>(),
                any::<usize>(),
                prop::option::of(1..u32::MAX)
            )
                .prop_map(|(game, period, page, season)| ComponentId::Scores {
                    game,
                    period,
                    page,
                    season
                }),
            (1..i64::MAX, prop::sample::select(EventAct::ALL.to_vec()))
                .prop_map(|(event, act)| ComponentId::Event { event, act }),
        ]
    }

    proptest! {
        #[test]
        fn every_id_round_trips_within_discords_limit(id in any_id()) {
            let text = id.to_string();
            prop_assert!(text.len() <= MAX_CUSTOM_ID);
            prop_assert_eq!(text.parse::<ComponentId>(), Ok(id));
        }

        #[test]
        fn arbitrary_strings_never_panic(s in "\\PC{0,120}") {
            let _ = s.parse::<ComponentId>();
        }
    }

    // The ids below are written by hand on purpose: they test the parser against the wire
    // format itself, not a value it wrote.
    #[test]
    fn forged_and_malformed_ids_are_refused() {
        for bad in [
            "",
            "pk",
            "pk:h",
            "pk:h:",
            "pk:h:0",
            "pk:h:-1",
            "pk:h:+1",
            "pk:h:01",
            "pk:h:1:2",
            "pk:a:1:2",
            "pk:a:1:x:0",
            "pk:ab:1:maybe",
            "xx:h:1",
            "pk:h:99999999999999999999",
            "pk:zz:1",
            "pk:a:1:2:3:4",
            "pk:r:1:2:3",
            "pk:r:1:2:3:x",
            "pk:r:1:2:3:n:0",
            "pk:r:1:2:3:n:4:5",
            "pk:r:1:-2:3:n",
            "pk:o:1",
            "pk:o:1:x",
            "pk:o:0:1",
            "pk:ru",
            "pk:ru:x",
            "pk:ru:01",
            "pk:ru:9",
            "pk:ru:chess",
            "pk:ru:Kop",
            "pk:ru:kopf",
            "pk:wo:",
            "pk:sc:10:0:0",
            "pk:sc:chess:0:0",
            "pk:sc:**:0:0",
            "pk:hi:1",
            "pk:hi:0:1",
            "pk:tk:1",
            "pk:tk:1:x",
        ] {
            assert!(bad.parse::<ComponentId>().is_err(), "{bad:?} parsed");
        }
        assert_eq!(
            "pk:r:7:12:0:p:99".parse(),
            Ok(ComponentId::Replay {
                table: 7,
                step: 12,
                page: 0,
                nav: Nav::Previous,
                owner: Some(99)
            })
        );
        assert_eq!(
            "pk:a:7:12:3".parse(),
            Ok(ComponentId::Act {
                table: 7,
                mv: 12,
                index: 3
            })
        );
    }

    /// A Rules, ❔ or leaderboard button names its game by id; one posted before names it by
    /// its place in the registry as it was then, and still answers about the same game.
    #[test]
    fn game_buttons_read_the_id_and_the_earlier_place() {
        for (place, id) in POSITIONS.iter().enumerate() {
            let game: GameId = games::find(id).unwrap().id();
            let rules = ComponentId::Rules(game);
            assert_eq!(rules.to_string(), format!("pk:ru:{id}"));
            assert_eq!(format!("pk:ru:{id}").parse(), Ok(rules));
            assert_eq!(format!("pk:ru:{place}").parse(), Ok(rules));
            let words = ComponentId::Words(game);
            assert_eq!(format!("pk:wo:{id}").parse(), Ok(words));
            assert_eq!(format!("pk:wo:{place}").parse(), Ok(words));
            let scores = ComponentId::Scores {
                game: Some(game),
                period: 1,
                page: 2,
                season: None,
            };
            assert_eq!(scores.to_string(), format!("pk:sc:{id}:1:2"));
            assert_eq!(format!("pk:sc:{id}:1:2").parse(), Ok(scores));
            assert_eq!(format!("pk:sc:{}:1:2", place + 1).parse(), Ok(scores));
        }
        let every = ComponentId::Scores {
            game: None,
            period: 3,
            page: 0,
            season: None,
        };
        assert_eq!(every.to_string(), "pk:sc:*:3:0");
        assert_eq!("pk:sc:*:3:0".parse(), Ok(every));
        assert_eq!("pk:sc:0:3:0".parse(), Ok(every));
        // The earlier places, spelled out as the buttons already posted carry them (written by
        // hand: no `ComponentId` writes them now): Kop was 7th from 0, Whist 22 the last.
        assert_eq!("pk:ru:7".parse(), Ok(ComponentId::Rules("kop")));
        assert_eq!("pk:wo:8".parse(), Ok(ComponentId::Words("whist22")));
        assert_eq!(
            "pk:sc:1:0:0".parse(),
            Ok(ComponentId::Scores {
                game: Some("pisha-pasha"),
                period: 0,
                page: 0,
                season: None
            })
        );
        // A season's board names the season last.
        assert_eq!(
            "pk:sc:*:3:1:2".parse(),
            Ok(ComponentId::Scores {
                game: None,
                period: 3,
                page: 1,
                season: Some(2)
            })
        );
        assert!("pk:sc:*:3:1:0".parse::<ComponentId>().is_err());
    }
}
