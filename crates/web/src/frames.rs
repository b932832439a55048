//! What travels over a window's WebSocket, as JSON: the frames the server sends (the table as
//! the person may see it, worded from the catalog in their language, and a refusal or notice)
//! and the one frame a window sends (a move: table, move number and index, as a button's
//! `custom_id` says). A frame is built from a view only: a seated person's `HandView` (their
//! own cards) or the public `TableView`, never the game's state.

use serde::{Deserialize, Serialize};

use pakka_catalog::{catalog, Names};
use pakka_render::CatalogWords;
use pakka_table::{HandView, Phase, Row, TableId, TableView, Tone};
use pakka_text::{msg, seat, Msg};

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
    /// Where the public picture is (`picture?table=…&move=…&named=…`, under `/api`; the window
    /// asks for it with its session's key), once the game has begun: an SVG the render crate
    /// draws when it is asked for. Given to those without a seat: a seated person's hand picture
    /// shows them the table too. (A picture in the frame itself would make every frame, and the
    /// buffer each window's socket keeps at its largest frame's size, many times larger.)
    pub picture: Option<String>,
    /// A computer player's seat anyone watching may take over (a table with open seats).
    pub take: Option<TakeFrame>,
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
    /// Where the seat's picture of its hand and the table is (`picture?…&hand=1`), once the
    /// game has begun.
    pub picture: Option<String>,
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
    /// How many seats' names are known: part of a picture's address, so that a picture drawn
    /// while a name was still being asked for (the seat's number in its place) is not kept by
    /// the browser once the name comes.
    fn named(&self) -> usize {
        self.names.iter().flatten().count()
    }

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

/// The public table, for `user` (who may be seated or watching; only a watcher gets its
/// picture).
pub fn table(view: &TableView, user: u64, reader: &Reader) -> TableFrame {
    let seated = view.seat_of(user).is_some();
    let picture = view.picture.as_ref().filter(|_| !seated).map(|_| {
        format!(
            "picture?table={}&move={}&named={}",
            view.id,
            view.move_number,
            reader.named()
        )
    });
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
        picture,
        take: view.seat_to_take().filter(|_| !seated).map(|s| TakeFrame {
            seat: s,
            label: reader.text(&msg!("web-take-seat", who = seat(s))),
        }),
    }
}

/// A seated person's hand.
pub fn hand(hand: &HandView, reader: &Reader) -> HandFrame {
    let picture = hand.picture.as_ref().map(|_| {
        format!(
            "picture?table={}&move={}&hand=1&named={}",
            hand.table,
            hand.move_number,
            reader.named()
        )
    });
    HandFrame {
        picture,
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
            })
            .collect(),
        over: hand.over,
        hint: (hand.hints && !hand.over && !hand.actions.is_empty())
            .then(|| reader.text(&msg!("web-hint"))),
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

/// The public picture of `view` as an SVG, worded for `reader`.
pub fn table_picture(view: &TableView, reader: &Reader) -> Option<String> {
    let scene = view.picture.as_ref()?;
    let words = CatalogWords {
        lang: reader.lang,
        names: reader,
    };
    Some(pakka_render::table_svg(scene, &view.game_name(), &words).0)
}

/// A seat's picture of its hand and the table as an SVG, worded for `reader`.
pub fn hand_picture(hand: &HandView, reader: &Reader) -> Option<String> {
    let scene = hand.picture.as_ref()?;
    let words = CatalogWords {
        lang: reader.lang,
        names: reader,
    };
    Some(pakka_render::hand_svg(scene, &words).0)
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
        let huge = format!(
            r#"{{"type":"move","table":3,"move_number":7,"index":2,"x":"{}"}}"#,
            "a".repeat(MAX_CLIENT_FRAME)
        );
        assert!(read(&huge).is_none());
    }
}
