//! What travels over a window's WebSocket, as JSON: the frames the server sends (the table as
//! the person may see it, worded from the catalog in their language, and a refusal or notice)
//! and the one frame a window sends (a move: table, move number and index, as a button's
//! `custom_id` says). A frame is built from a view only: a seated person's `HandView` (their
//! own cards) or the public `TableView`, never the game's state.

use serde::{Deserialize, Serialize};

use pakka_catalog::{catalog, Names};
use pakka_table::picture::{Face, Mark, Pile, Scene, Spread};
use pakka_table::{AtTable, HandView, Level, Phase, Row, TableAction, TableId, TableView, Tone};
use pakka_text::{key, msg, seat, verbatim, Msg};

/// The largest frame a window may send, in bytes.
pub const MAX_CLIENT_FRAME: usize = 512;

/// A frame for a window.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerFrame {
    /// The table as everyone sees it (for a seated person, their hand follows).
    Table(TableFrame),
    /// A seated person's hand: what they see, and the moves they may make now.
    Hand(HandFrame),
    /// The game's rules in brief (sent once per table a window shows).
    Rules(RulesFrame),
    /// A request refused: nothing changed.
    Refused { text: String },
    /// The answer to a hint: the move the normal computer player would make, and why.
    Hint { text: String },
    /// A notice: no table in the channel, the bot restarting.
    Notice { text: String },
    /// No table in the channel: the games and their options, to open one from the window.
    Setup(SetupFrame),
    /// The server's leaderboard of a table's game.
    Board { title: String, lines: Vec<String> },
}

impl ServerFrame {
    /// The frame's kind, as the metrics count frames sent.
    pub fn kind(&self) -> &'static str {
        match self {
            ServerFrame::Table(_) => "table",
            ServerFrame::Hand(_) => "hand",
            ServerFrame::Rules(_) => "rules",
            ServerFrame::Refused { .. } => "refused",
            ServerFrame::Hint { .. } => "hint",
            ServerFrame::Notice { .. } => "notice",
            ServerFrame::Setup(_) => "setup",
            ServerFrame::Board { .. } => "board",
        }
    }
}

/// The public table.
#[derive(Clone, Debug, Serialize)]
pub struct TableFrame {
    pub table: TableId,
    pub game: String,
    pub move_number: u64,
    pub phase: &'static str,
    pub seats: Vec<SeatFrame>,
    pub lines: Vec<String>,
    pub story: Vec<String>,
    pub scores: Vec<String>,
    /// The public scene, which the window draws, once the game has begun. Given to those
    /// without a seat: a seated person's hand frame carries their own scene, the table in it.
    pub scene: Option<SceneFrame>,
    /// A computer player's seat anyone watching may take over (a table with open seats).
    pub take: Option<TakeFrame>,
    /// The seats while the table is a lobby.
    pub lobby: Option<LobbyFrame>,
    /// What the reader may do at the table besides moves (`pakka_table::actions`).
    pub controls: Vec<ControlFrame>,
}

/// A lobby's seats and where it stands.
#[derive(Clone, Debug, Serialize)]
pub struct LobbyFrame {
    pub seats: Vec<LobbySeat>,
    pub text: String,
}

/// One seat of a lobby.
#[derive(Clone, Debug, Serialize)]
pub struct LobbySeat {
    pub seat: usize,
    pub name: Option<String>,
    /// "you", "person", "invited", "computer" or "open".
    pub state: &'static str,
}

/// One of the table's actions the reader may take from the window (moves aside).
#[derive(Clone, Debug, Serialize)]
pub struct ControlFrame {
    pub action: &'static str,
    pub label: String,
    pub tone: &'static str,
    pub confirm: Option<String>,
    pub choices: Option<Vec<Choice>>,
}

/// A value to choose, and its label.
#[derive(Clone, Debug, Serialize)]
pub struct Choice {
    pub value: String,
    pub label: String,
}

/// The games a table may be opened with from the window, and the form's words.
#[derive(Clone, Debug, Serialize)]
pub struct SetupFrame {
    pub title: String,
    pub text: String,
    pub games: Vec<GameSetup>,
    pub levels: Vec<Choice>,
    pub labels: SetupLabels,
}

/// One game of the setup form.
#[derive(Clone, Debug, Serialize)]
pub struct GameSetup {
    pub id: &'static str,
    pub name: String,
    pub summary: String,
    pub seats: SeatRange,
    pub options: Vec<OptionSetup>,
}

/// The seats a game allows, and those a new table has unless asked otherwise.
#[derive(Clone, Debug, Serialize)]
pub struct SeatRange {
    pub min: usize,
    pub max: usize,
    pub default: usize,
}

/// One option of a game, with its values.
#[derive(Clone, Debug, Serialize)]
pub struct OptionSetup {
    pub name: &'static str,
    pub label: String,
    pub choices: Vec<Choice>,
    pub default: String,
}

/// The setup form's own words.
#[derive(Clone, Debug, Serialize)]
pub struct SetupLabels {
    pub game: String,
    pub seats: String,
    pub computers: String,
    pub level: String,
    pub open: String,
}

/// A scene as the window draws it (`docs/window-protocol.md`): the view's [`Scene`] with its
/// words worded for the reader and its cards as their numbers (a face-down card `None`).
#[derive(Clone, Debug, Serialize)]
pub struct SceneFrame {
    pub notes: Vec<String>,
    pub middle: Vec<PileFrame>,
    pub trick: Vec<TrickCard>,
    pub trick_leader: Option<usize>,
    pub seats: Vec<SeatPartFrame>,
    pub viewer: Option<usize>,
    pub hand: Option<HandCards>,
}

/// A card of the trick, by the seat that played it.
#[derive(Clone, Debug, Serialize)]
pub struct TrickCard {
    pub seat: usize,
    pub card: u8,
}

/// A pile of cards.
#[derive(Clone, Debug, Serialize)]
pub struct PileFrame {
    pub label: Option<String>,
    pub cards: Vec<Option<u8>>,
    pub spread: &'static str,
    pub count: usize,
    pub mark: &'static str,
    pub on_top: Option<String>,
}

/// One seat's place at the table.
#[derive(Clone, Debug, Serialize)]
pub struct SeatPartFrame {
    pub seat: usize,
    pub name: String,
    pub hand: Option<usize>,
    pub hand_text: Option<String>,
    pub piles: Vec<PileFrame>,
    pub lines: Vec<String>,
    pub to_act: bool,
    pub mark: &'static str,
}

/// The reader's own hand, grouped as they hold it.
#[derive(Clone, Debug, Serialize)]
pub struct HandCards {
    pub groups: Vec<Vec<HandCard>>,
    pub to_act: bool,
}

/// A card of the reader's hand, and whether some move of theirs plays or uses it now.
#[derive(Clone, Debug, Serialize)]
pub struct HandCard {
    pub card: u8,
    pub legal: bool,
}

/// A seat to take over: which, and its button.
#[derive(Clone, Debug, Serialize)]
pub struct TakeFrame {
    pub seat: usize,
    pub label: String,
}

/// The game's rules in brief, as the table message's "Rules" and "❔" answer them: its
/// summary, then the game's own words explained.
#[derive(Clone, Debug, Serialize)]
pub struct RulesFrame {
    pub table: TableId,
    /// The button that shows them.
    pub label: String,
    pub summary: String,
    /// The heading of the game's words, and each word explained (none for a game without
    /// words of its own).
    pub words_title: String,
    pub words: Vec<String>,
}

/// One seat of the table.
#[derive(Clone, Debug, Serialize)]
pub struct SeatFrame {
    pub name: String,
    /// The game waits for this seat.
    pub to_act: bool,
    /// The window's own seat.
    pub you: bool,
}

/// A seated person's hand.
#[derive(Clone, Debug, Serialize)]
pub struct HandFrame {
    pub table: TableId,
    pub move_number: u64,
    pub seat: usize,
    pub lines: Vec<String>,
    pub story: Vec<String>,
    pub actions: Vec<ActionFrame>,
    pub over: bool,
    /// The hint button's label, while the seat has a move to make at a table with hints.
    pub hint: Option<String>,
    /// The seat's scene (the table and its own hand), once the game has begun.
    pub scene: Option<SceneFrame>,
}

/// One move the hand offers, as its button offers it.
#[derive(Clone, Debug, Serialize)]
pub struct ActionFrame {
    pub index: usize,
    pub label: String,
    /// The group a game gathers actions under ("Play 7s"), if any.
    pub group: Option<String>,
    /// The question to confirm first, if the move needs one.
    pub confirm: Option<String>,
    pub tone: &'static str,
    pub row: &'static str,
    /// The cards of the hand it plays or uses (their numbers): tapped to play it.
    pub cards: Vec<u8>,
    /// Its name for a screen reader ("Play 7 of spades"), when it plays cards.
    pub spoken: Option<String>,
}

/// A frame from a window.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientFrame {
    /// The move at `index` of the hand offered at `move_number` of `table`.
    Move {
        table: TableId,
        move_number: u64,
        index: usize,
    },
    /// Take over the computer player's `seat` of `table`.
    Take { table: TableId, seat: usize },
    /// A hint for the hand offered at `move_number` of `table`.
    Hint { table: TableId, move_number: u64 },
    /// One of the table's controls (`pakka_table::TableAction::name`), with its choice.
    Act {
        table: TableId,
        action: String,
        #[serde(default)]
        choice: Option<String>,
    },
    /// Open a table in the window's channel, as `/play` would.
    Open {
        game: String,
        seats: usize,
        #[serde(default)]
        bots: usize,
        #[serde(default)]
        level: Option<String>,
        #[serde(default)]
        options: serde_json::Map<String, serde_json::Value>,
    },
}

/// Who reads a frame: the language and the seats' names.
pub struct Reader<'a> {
    pub lang: &'a str,
    pub names: &'a [Option<String>],
}

impl Names for Reader<'_> {
    fn seat_name(&self, seat: usize) -> Option<String> {
        self.names.get(seat).cloned().flatten()
    }
}

impl Reader<'_> {
    pub fn text(&self, m: &Msg) -> String {
        catalog().text(self.lang, m, self)
    }

    fn texts(&self, msgs: &[Msg]) -> Vec<String> {
        msgs.iter().map(|m| self.text(m)).collect()
    }
}

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Lobby => "lobby",
        Phase::Playing => "playing",
        Phase::Finished => "finished",
        Phase::Abandoned => "closed",
    }
}

/// The public table as `at` says it stands, for `user` (who may be seated or watching; only a
/// watcher gets its scene, a seat's hand frame carrying theirs).
pub fn table(at: AtTable<'_>, user: u64, reader: &Reader) -> TableFrame {
    let view = at.view;
    let seated = view.seat_of(user).is_some();
    let seats = view
        .seats
        .iter()
        .map(|s| SeatFrame {
            name: reader.text(&msg!("web-seat", who = seat(s.seat))),
            to_act: s.user.is_some_and(|u| view.to_act.contains(&u)),
            you: s.user == Some(user),
        })
        .collect();
    TableFrame {
        table: view.id,
        game: reader.text(&view.game_name()),
        move_number: view.move_number,
        phase: phase_name(view.phase),
        seats,
        lines: view
            .public
            .as_deref()
            .map(|p| reader.texts(p))
            .unwrap_or_default(),
        story: reader.texts(&view.story),
        scores: view
            .scores
            .as_deref()
            .map(|s| reader.texts(s))
            .unwrap_or_default(),
        scene: view
            .picture
            .as_ref()
            .filter(|_| !seated)
            .map(|scene| scene_frame(scene, reader)),
        take: view.seat_to_take().filter(|_| !seated).map(|s| TakeFrame {
            seat: s,
            label: reader.text(&msg!("web-take-seat", who = seat(s))),
        }),
        lobby: (view.phase == Phase::Lobby).then(|| lobby(view, user, reader)),
        controls: controls(at, user, reader),
    }
}

/// A lobby's seats as `user` sees them.
fn lobby(view: &TableView, user: u64, reader: &Reader) -> LobbyFrame {
    let seats = view
        .seats
        .iter()
        .map(|s| {
            let state = match (s.user, s.computer) {
                (Some(u), _) if u == user => "you",
                (Some(_), _) if !s.accepted => "invited",
                (Some(_), _) => "person",
                (None, Some(_)) => "computer",
                (None, None) => "open",
            };
            LobbySeat {
                seat: s.seat,
                name: (state != "open").then(|| reader.text(&msg!("web-seat", who = seat(s.seat)))),
                state,
            }
        })
        .collect();
    let open = view
        .seats
        .iter()
        .filter(|s| s.user.is_none() && s.computer.is_none())
        .count();
    let waiting = view
        .seats
        .iter()
        .filter(|s| s.user.is_some() && !s.accepted)
        .count();
    LobbyFrame {
        seats,
        text: reader.text(&msg!("web-lobby-waiting", open = open, invited = waiting)),
    }
}

/// The controls the window shows `user`: the table's actions offered now
/// (`pakka_table::actions::offered`), but the moves and hints (the hand's own) and taking a
/// seat over (the table's `take`).
fn controls(at: AtTable<'_>, user: u64, reader: &Reader) -> Vec<ControlFrame> {
    pakka_table::actions::offered(at, user)
        .into_iter()
        .filter_map(|action| control(action, reader))
        .collect()
}

/// How the window offers `action`: as a control (most), or elsewhere (None: moves and hints in
/// the hand, taking over a seat as the table's `take`, the rules folded under their button).
/// Every action of the table's one list has its answer here: a new one fails to compile.
pub fn control(action: TableAction, reader: &Reader) -> Option<ControlFrame> {
    let (key, tone) = match action {
        TableAction::Move | TableAction::Hint | TableAction::TakeOver | TableAction::Rules => {
            return None
        }
        TableAction::Join => (key!("web-control-join"), "main"),
        TableAction::Accept => (key!("web-control-accept"), "main"),
        TableAction::Decline => (key!("web-control-decline"), "danger"),
        TableAction::Leave => (key!("web-control-leave"), "danger"),
        TableAction::AddComputer => (key!("web-control-add-computer"), "other"),
        TableAction::Back => (key!("web-control-back"), "main"),
        TableAction::PlayAgain => (key!("web-control-rematch"), "main"),
        TableAction::GiveUp => (key!("web-control-forfeit"), "danger"),
        TableAction::Pause => (key!("web-control-pause"), "other"),
        TableAction::Resume => (key!("web-control-resume"), "main"),
        TableAction::Leaderboard => (key!("web-control-leaderboard"), "other"),
    };
    Some(ControlFrame {
        action: action.name(),
        label: reader.text(&Msg::new(key, Vec::new())),
        tone,
        confirm: action
            .asks_first()
            .then(|| reader.text(&msg!("web-control-forfeit-confirm"))),
        choices: (action == TableAction::AddComputer).then(|| levels(reader)),
    })
}

/// The computer players' levels, to choose one.
fn levels(reader: &Reader) -> Vec<Choice> {
    Level::ALL
        .iter()
        .map(|l| Choice {
            value: l.name().to_string(),
            label: reader.text(&pakka_table::level_name(*l)),
        })
        .collect()
}

fn mark_name(mark: Mark) -> &'static str {
    match mark {
        Mark::None => "none",
        Mark::Leading => "leading",
        Mark::Out => "out",
    }
}

fn card_number(card: pakka_table::Card) -> u8 {
    // Fewer than 256 cards (`Card::COUNT`).
    card.index() as u8
}

fn pile_frame(pile: &Pile, reader: &Reader) -> PileFrame {
    PileFrame {
        label: pile.label.as_ref().map(|l| reader.text(l)),
        cards: pile
            .cards
            .iter()
            .map(|f| match f {
                Face::Up(c) => Some(card_number(*c)),
                Face::Down => None,
            })
            .collect(),
        spread: match pile.spread {
            Spread::Stack => "stack",
            Spread::Row => "row",
        },
        count: pile.len(),
        mark: mark_name(pile.mark),
        on_top: pile.on_top.as_ref().map(|w| reader.text(w)),
    }
}

/// A view's scene worded for `reader`: every card in it is one the scene shows (a scene is
/// built from a view, a hidden card a `Face::Down`).
pub fn scene_frame(scene: &Scene, reader: &Reader) -> SceneFrame {
    SceneFrame {
        notes: reader.texts(&scene.notes),
        middle: scene.middle.iter().map(|p| pile_frame(p, reader)).collect(),
        trick: scene
            .trick
            .iter()
            .map(|&(seat, card)| TrickCard {
                seat,
                card: card_number(card),
            })
            .collect(),
        trick_leader: scene.trick_leader,
        seats: scene
            .seats
            .iter()
            .map(|part| SeatPartFrame {
                seat: part.seat,
                name: reader.text(&msg!("web-seat", who = seat(part.seat))),
                hand: part.hand,
                hand_text: part.hand.map(|n| reader.text(&msg!("count-cards", n = n))),
                piles: part.piles.iter().map(|p| pile_frame(p, reader)).collect(),
                lines: reader.texts(&part.lines),
                to_act: part.to_act,
                mark: mark_name(part.mark),
            })
            .collect(),
        viewer: scene.viewer,
        hand: scene.hand.as_ref().map(|hand| HandCards {
            groups: hand
                .groups
                .iter()
                .map(|g| {
                    g.iter()
                        .map(|c| HandCard {
                            card: card_number(c.card),
                            legal: c.legal,
                        })
                        .collect()
                })
                .collect(),
            to_act: hand.to_act,
        }),
    }
}

/// A seated person's hand.
pub fn hand(hand: &HandView, reader: &Reader) -> HandFrame {
    HandFrame {
        scene: hand
            .picture
            .as_ref()
            .map(|scene| scene_frame(scene, reader)),
        table: hand.table,
        move_number: hand.move_number,
        seat: hand.seat,
        lines: reader.texts(&hand.lines),
        story: reader.texts(&hand.story),
        actions: hand
            .actions
            .iter()
            .map(|a| ActionFrame {
                index: a.index,
                label: reader.text(&a.label),
                group: a.group.as_ref().map(|g| reader.text(g)),
                confirm: a.confirm.as_ref().map(|c| reader.text(c)),
                tone: match a.tone {
                    Tone::Main => "main",
                    Tone::Other => "other",
                    Tone::Danger => "danger",
                },
                row: match a.row {
                    Row::Cards => "cards",
                    Row::Calls => "calls",
                },
                cards: a.cards.iter().map(|&c| card_number(c)).collect(),
                spoken: (!a.cards.is_empty()).then(|| {
                    let names: Vec<String> = a
                        .cards
                        .iter()
                        .map(|&c| catalog().card_spoken(reader.lang, c))
                        .collect();
                    let cards = verbatim(names.join(", "));
                    // A plain play ("7♥") is said by its cards; any other move that uses cards
                    // (Red7's palette or canvas) by its label, then its cards.
                    reader.text(&if a.label.key == "action-play" {
                        msg!("web-play-spoken", cards = cards)
                    } else {
                        msg!(
                            "web-act-spoken",
                            action = verbatim(reader.text(&a.label)),
                            cards = cards
                        )
                    })
                }),
            })
            .collect(),
        over: hand.over,
        hint: (hand.hints && !hand.over && !hand.actions.is_empty())
            .then(|| reader.text(&msg!("web-hint"))),
    }
}

/// The setup form of a channel without a table: every game, its seats and options, and the
/// computer players' levels, worded for `reader`. (An option's name and its values are the
/// game's own words, as the rules files and `/play`'s `options` write them.)
pub fn setup(reader: &Reader) -> SetupFrame {
    use pakka_table::games::{self, OptionKind};
    let games = games::all()
        .map(|g| {
            let (min, max) = g.seats();
            GameSetup {
                id: g.id(),
                name: reader.text(&g.name()),
                summary: reader.text(&g.summary()),
                seats: SeatRange {
                    min,
                    max,
                    default: min,
                },
                options: g
                    .options()
                    .iter()
                    .map(|o| OptionSetup {
                        name: o.name,
                        label: o.name.replace('_', " "),
                        choices: match o.kind {
                            OptionKind::Flag => vec![
                                Choice {
                                    value: "true".into(),
                                    label: reader.text(&msg!("web-setup-option-on")),
                                },
                                Choice {
                                    value: "false".into(),
                                    label: reader.text(&msg!("web-setup-option-off")),
                                },
                            ],
                            OptionKind::Choice(values) => values
                                .iter()
                                .map(|v| Choice {
                                    value: v.to_string(),
                                    label: v.replace('_', " "),
                                })
                                .collect(),
                        },
                        default: o.default.word().to_string(),
                    })
                    .collect(),
            }
        })
        .collect();
    SetupFrame {
        title: reader.text(&msg!("web-setup-title")),
        text: reader.text(&msg!("web-setup-text")),
        games,
        levels: levels(reader),
        labels: SetupLabels {
            game: reader.text(&msg!("web-setup-game")),
            seats: reader.text(&msg!("web-setup-seats")),
            computers: reader.text(&msg!("web-setup-computers")),
            level: reader.text(&msg!("web-setup-level")),
            open: reader.text(&msg!("web-setup-open")),
        },
    }
}

/// Reads a window's frame: None when it is not one (malformed, too large, unknown).
pub fn read(text: &str) -> Option<ClientFrame> {
    if text.len() > MAX_CLIENT_FRAME {
        return None;
    }
    serde_json::from_str(text).ok()
}

/// The rules in brief of the game at `view` (None: not a game of ours).
pub fn rules(view: &TableView, reader: &Reader) -> Option<RulesFrame> {
    let game = pakka_table::games::find(view.game_id)?;
    Some(RulesFrame {
        table: view.id,
        label: reader.text(&msg!("web-rules")),
        summary: reader.text(&game.summary()),
        words_title: reader.text(&msg!("web-rules-words")),
        words: game
            .glossary()
            .into_iter()
            .map(|word| reader.text(&msg!("web-rules-word", word = word)))
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    //! The frames a window sends: a well-formed move, take or hint reads, and anything else
    //! (missing or extra fields, wrong types, an unknown type, an oversized frame) does not.

    use super::*;

    // The frames are written by hand on purpose: the test is of the reader against the JSON a
    // window sends, and no code of ours writes a `ClientFrame`.
    #[test]
    fn a_move_frame_reads_and_anything_else_does_not() {
        let ok = r#"{"type":"move","table":3,"move_number":7,"index":2}"#;
        assert!(matches!(
            read(ok),
            Some(ClientFrame::Move {
                table: 3,
                move_number: 7,
                index: 2
            })
        ));
        assert!(matches!(
            read(r#"{"type":"take","table":3,"seat":1}"#),
            Some(ClientFrame::Take { table: 3, seat: 1 })
        ));
        assert!(matches!(
            read(r#"{"type":"hint","table":3,"move_number":7}"#),
            Some(ClientFrame::Hint {
                table: 3,
                move_number: 7
            })
        ));
        for bad in [
            "",
            r#"{"type":"take","table":3}"#,
            r#"{"type":"hint","table":3,"move_number":7,"index":1}"#,
            "move",
            r#"{"type":"move","table":3}"#,
            r#"{"type":"move","table":"3","move_number":7,"index":2}"#,
            r#"{"type":"move","table":3,"move_number":-7,"index":2}"#,
            r#"{"type":"shuffle","table":3,"move_number":7,"index":2}"#,
            r#"{"type":"move","table":3,"move_number":7,"index":2,"seat":1}"#,
        ] {
            assert!(read(bad).is_none(), "{bad}");
        }
        assert!(matches!(
            read(r#"{"type":"act","table":3,"action":"add_computer","choice":"easy"}"#),
            Some(ClientFrame::Act { table: 3, ref action, choice: Some(ref c) })
                if action == "add_computer" && c == "easy"
        ));
        assert!(matches!(
            read(r#"{"type":"act","table":3,"action":"join"}"#),
            Some(ClientFrame::Act { choice: None, .. })
        ));
        assert!(matches!(
            read(
                r#"{"type":"open","game":"kop","seats":3,"bots":2,"level":"hard","options":{"x":"y"}}"#
            ),
            Some(ClientFrame::Open {
                seats: 3,
                bots: 2,
                ..
            })
        ));
        for bad in [
            r#"{"type":"act","table":3}"#,
            r#"{"type":"act","table":3,"action":7}"#,
            r#"{"type":"open","game":"kop"}"#,
            r#"{"type":"open","game":"kop","seats":-1}"#,
            r#"{"type":"open","game":"kop","seats":3,"seed":5}"#,
        ] {
            assert!(read(bad).is_none(), "{bad}");
        }
        let huge = format!(
            r#"{{"type":"move","table":3,"move_number":7,"index":2,"x":"{}"}}"#,
            "a".repeat(MAX_CLIENT_FRAME)
        );
        assert!(read(&huge).is_none());
    }

    /// The table's actions the window offers other than as a control: moves (the hand's cards
    /// and buttons), hints (the hand's 💡), taking over a seat (the table's `take`) and the rules
    /// (the `rules` frame, folded under its button).
    const OFFERED_ELSEWHERE: [TableAction; 4] = [
        TableAction::Move,
        TableAction::Hint,
        TableAction::TakeOver,
        TableAction::Rules,
    ];

    #[test]
    fn the_window_offers_every_action_of_the_tables_list() {
        for lang in ["en-US", "fi"] {
            let reader = Reader { lang, names: &[] };
            for action in TableAction::ALL {
                match control(action, &reader) {
                    Some(c) => {
                        assert_eq!(c.action, action.name());
                        assert!(!c.label.is_empty(), "{action:?}");
                        assert_eq!(c.confirm.is_some(), action.asks_first(), "{action:?}");
                    }
                    None => assert!(OFFERED_ELSEWHERE.contains(&action), "{action:?}"),
                }
            }
        }
    }
}
