//! Messages as plain values: content and rows of buttons, built only from table views, hand
//! views and the registry — never from a game state, so a public message cannot show a hidden
//! card. Every word comes from the catalog (`locales/<lang>/discord.ftl` and the games' files),
//! worded with the seats named by `words`. Every message respects Discord's limits (content ≤ 2,000 characters, ≤ 5 rows of ≤ 5
//! buttons, labels ≤ 80 characters, custom_ids ≤ 100); long action lists are paged. The
//! serenity builders are made from these values in `discord::send`.

use serde::Serialize;

mod records;

pub use records::{history, scores, scores_id, scores_of, stats};

use super::ids::{ComponentId, Nav};
use super::words::{mention, plain, text, Lang, Plain, Reader, SeatNames};

use pakka_table::games::{self, GameKind};
use pakka_table::{HandAction, HandView, Hint, Phase, Record, ReplayStep, Row, TableView, Tone};
use pakka_text::msg;
use pakka_text::{list, list_of, seat, verbatim, Arg, Msg};

pub const MAX_CONTENT: usize = 2000;
pub const MAX_LABEL: usize = 80;
/// The longest address a link button may open.
pub const MAX_URL: usize = 512;
pub const MAX_BUTTONS: usize = 25;
/// Actions per page when a hand has more than `MAX_BUTTONS`.
pub const PAGE: usize = 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Style {
    Primary,
    Secondary,
    Success,
    Danger,
    /// A link: Discord opens `Button::url` and tells the bot nothing.
    Link,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Button {
    /// The custom_id a click comes back with; empty for a link.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub id: String,
    pub label: String,
    pub style: Style,
    /// Shown greyed out and not clickable (a replay's ◀ at its first step).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub disabled: bool,
    /// A link's address (style `Link`); None for every other button.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

impl Button {
    fn new(id: ComponentId, label: &str, style: Style) -> Button {
        Button {
            id: id.to_string(),
            label: clip(label, MAX_LABEL),
            style,
            disabled: false,
            url: None,
        }
    }

    /// A link button: opens `url` (at most `MAX_URL` characters) in the browser.
    fn link(url: String, label: Msg, lang: Lang) -> Button {
        Button {
            id: String::new(),
            label: clip(&plain(&label, lang), MAX_LABEL),
            style: Style::Link,
            disabled: false,
            url: Some(url),
        }
    }

    /// A button whose label names no seat.
    fn plain(id: ComponentId, label: Msg, style: Style, lang: Lang) -> Button {
        Button::new(id, &plain(&label, lang), style)
    }
}

/// A picture attached to a message and shown in its embed (`attachment://<file>`), drawn by
/// the `render` layer from the same view as the text beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// The attachment's file name.
    pub file: &'static str,
    pub png: std::sync::Arc<Vec<u8>>,
}

/// Snapshots name the file only.
impl Serialize for Image {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.file)
    }
}

/// One message: its content, its buttons, whether only the clicking user sees it, the users
/// it should notify, and its picture.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Reply {
    pub content: String,
    pub rows: Vec<Vec<Button>>,
    pub ephemeral: bool,
    pub ping: Vec<u64>,
    /// `None`: no picture (an edit takes an earlier one away).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<Image>,
}

impl Reply {
    fn new(content: String) -> Reply {
        Reply {
            content: clip(&content, MAX_CONTENT),
            ..Reply::default()
        }
    }

    fn ephemeral(mut self) -> Reply {
        self.ephemeral = true;
        self
    }

    fn buttons(mut self, buttons: Vec<Button>) -> Reply {
        self.rows = buttons.chunks(5).map(<[Button]>::to_vec).collect();
        self
    }

    /// The reply with a picture.
    pub fn with_image(mut self, image: Option<Image>) -> Reply {
        self.image = image;
        self
    }

    pub fn button_count(&self) -> usize {
        self.rows.iter().map(Vec::len).sum()
    }
}

/// Cuts text to `max` characters, marking the cut: at the end of its last whole line when it
/// has lines (a long match's result), so no name or number is cut in two.
fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(max - 1).collect();
    if let Some(end) = cut.rfind('\n').filter(|&at| at > 0) {
        cut.truncate(end + 1);
    }
    cut.push('…');
    cut
}

/// The seats named, joined by the catalog's separator `sep`.
fn seats_arg(seats: impl IntoIterator<Item = usize>, sep: &'static str) -> Arg {
    list_of(seats.into_iter().map(seat), sep)
}

/// Users who may have no seat (a leaderboard), by mention.
fn user_arg(user: u64) -> Arg {
    verbatim(mention(user))
}

/// A short sentence only the clicking user sees.
pub fn notice(msg: &Msg, reader: &dyn Reader) -> Reply {
    Reply::new(text(msg, reader)).ephemeral()
}

/// A public message with no buttons.
pub fn announce(msg: &Msg, reader: &dyn Reader) -> Reply {
    Reply::new(text(msg, reader))
}

/// An ephemeral message with no buttons that replaces the clicked one.
pub fn private(msg: &Msg, lang: Lang) -> Reply {
    Reply::new(plain(msg, lang)).ephemeral()
}

/// A table just opened: its lobby, or its table message when every seat was taken at once.
pub fn opened(view: &TableView, lang: Lang) -> Reply {
    if view.phase == Phase::Playing {
        table(view, lang)
    } else {
        lobby(view, lang)
    }
}

/// The lobby: who is invited, who has accepted, and the buttons to accept, join or decline.
pub fn lobby(view: &TableView, lang: Lang) -> Reply {
    let names = SeatNames::public(view, lang);
    let mut lines = vec![msg!(
        "discord-lobby-opened",
        creator = user_arg(view.creator),
        game = view.game_name(),
        seats = view.seats.len()
    )];
    for s in &view.seats {
        let state = match (s.computer, s.user, s.accepted) {
            (Some(_), _, _) => msg!("discord-seat-computer", who = seat(s.seat)),
            (None, None, _) => msg!("discord-seat-open"),
            (None, Some(_), true) => msg!("discord-seat-accepted", who = seat(s.seat)),
            (None, Some(_), false) => msg!("discord-seat-invited", who = seat(s.seat)),
        };
        lines.push(msg!("discord-lobby-seat", n = s.seat + 1, state = state));
    }
    lines.push(options_line(view));
    lines.extend(learning_lines(view));
    if view
        .seats
        .iter()
        .any(|s| s.user.is_none() && s.computer.is_none())
    {
        lines.push(msg!("discord-lobby-hint", creator = user_arg(view.creator)));
    }
    let invited: Vec<u64> = view
        .seats
        .iter()
        .filter(|s| !s.accepted && s.computer.is_none())
        .filter_map(|s| s.user)
        .collect();
    let open = view
        .seats
        .iter()
        .any(|s| s.user.is_none() && s.computer.is_none());
    let button = |id, label, style| Button::plain(id, label, style, lang);
    let buttons = [
        (!invited.is_empty()).then(|| {
            button(
                ComponentId::Accept(view.id),
                msg!("discord-button-accept"),
                Style::Success,
            )
        }),
        open.then(|| {
            button(
                ComponentId::Join(view.id),
                msg!("discord-button-join"),
                Style::Success,
            )
        }),
        open.then(|| {
            button(
                ComponentId::Bot(view.id),
                msg!("discord-button-add-computer"),
                Style::Secondary,
            )
        }),
        Some(button(
            ComponentId::Decline(view.id),
            msg!("discord-button-decline"),
            Style::Danger,
        )),
    ];
    let buttons = buttons.into_iter().flatten().collect();
    let mut reply = Reply::new(words_lines(&lines, &names)).buttons(buttons);
    reply.ping = invited;
    reply
}

/// What a table's learning options mean for its players: hints on (and the game unrated), its
/// computer seats open to latecomers, and a game unrated since a person took over a seat.
fn learning_lines(view: &TableView) -> Vec<Msg> {
    let mut lines = Vec::new();
    if view.learning.hints {
        lines.push(msg!("discord-hints-on"));
    }
    if view.learning.open_seats {
        lines.push(msg!("discord-open-seats-on"));
    }
    if !view.rated && !view.learning.hints {
        lines.push(msg!("discord-unrated-taken-over"));
    }
    lines
}

fn words_lines(msgs: &[Msg], reader: &dyn Reader) -> String {
    super::words::lines(msgs, reader)
}

/// An option's value as written: strings bare, everything else as JSON.
fn option_value(v: &serde_json::Value) -> String {
    v.as_str().map_or_else(|| v.to_string(), str::to_string)
}

fn options_line(view: &TableView) -> Msg {
    let options = match &view.options {
        serde_json::Value::Object(map) if !map.is_empty() => list(
            map.iter()
                .map(|(k, v)| {
                    msg!(
                        "discord-option",
                        name = verbatim(k.clone()),
                        value = verbatim(option_value(v))
                    )
                })
                .collect(),
            pakka_text::key!("sep-comma"),
        ),
        _ => msg!("discord-options-defaults").into(),
    };
    msg!(
        "discord-options",
        options = options,
        seed = verbatim(view.seed.to_string())
    )
}

/// The public table message: the public view, whose turn it is, and "Show my hand".
pub fn table(view: &TableView, lang: Lang) -> Reply {
    let names = SeatNames::public(view, lang);
    let mut lines = table_head(view);
    let over = view.status.as_ref().is_some_and(|s| s.over);
    match view.phase {
        Phase::Abandoned => lines.push(msg!("discord-table-abandoned")),
        _ if over => lines.push(msg!("discord-table-over")),
        _ if view.paused => lines.push(msg!("discord-table-paused")),
        _ if view.to_act.is_empty() => lines.push(msg!("discord-table-computer-moving")),
        _ => lines.push(msg!(
            "discord-table-waiting",
            who = seats_arg(
                view.to_act.iter().filter_map(|&u| view.seat_of(u)),
                pakka_text::key!("sep-and")
            )
        )),
    }
    let away: Vec<usize> = view
        .seats
        .iter()
        .filter(|s| s.stand_in && s.user.is_some())
        .map(|s| s.seat)
        .collect();
    if !away.is_empty() && !over {
        lines.push(msg!(
            "discord-table-stand-in",
            who = seats_arg(away, pakka_text::key!("sep-comma"))
        ));
    }
    lines.extend(learning_lines(view));
    let mut reply = Reply::new(words_lines(&lines, &names));
    if !over && view.phase == Phase::Playing && !view.paused {
        let mut buttons = vec![show_hand(view, lang), rules_button(view, lang)];
        if let Some(computer) = view.seat_to_take() {
            buttons.push(Button::new(
                ComponentId::Take {
                    table: view.id,
                    seat: computer,
                },
                &text(
                    &msg!("discord-button-take-seat", who = seat(computer)),
                    &names,
                ),
                Style::Secondary,
            ));
        }
        buttons.extend(words_button(view, lang));
        reply = reply.buttons(buttons);
    }
    reply
}

/// The private answer to 💡: the move the `normal` computer player would make for the asker's
/// seat, and why.
pub fn hint(hint: &Hint, names: &dyn Reader) -> Reply {
    let line = msg!(
        "discord-hint",
        action = hint.label.clone(),
        why = hint.reason.clone()
    );
    Reply::new(text(&line, names)).ephemeral()
}

/// 💡 in a hand of a table with hints.
fn hint_button(hand: &HandView, lang: Lang) -> Button {
    Button::plain(
        ComponentId::Hint {
            table: hand.table,
            mv: hand.move_number,
        },
        msg!("discord-button-hint"),
        Style::Secondary,
        lang,
    )
}

/// "Rules" on the table message: the game's summary, answered privately to whoever presses it
/// (a player learning the game, or someone watching).
fn rules_button(view: &TableView, lang: Lang) -> Button {
    Button::plain(
        ComponentId::Rules(view.game_id),
        msg!("discord-button-rules"),
        Style::Secondary,
        lang,
    )
}

/// "❔" on the table message: the game's own words ("prikup", "Ter", "Fool=22") explained,
/// answered privately like "Rules". None for a game without words of its own.
fn words_button(view: &TableView, lang: Lang) -> Option<Button> {
    let game = games::find(view.game_id)?;
    if game.glossary().is_empty() {
        return None;
    }
    Some(Button::plain(
        ComponentId::Words(game.id()),
        msg!("discord-button-words"),
        Style::Secondary,
        lang,
    ))
}

/// The private answer to a table's "❔" button: the game's words, one line each (None: not a
/// game of ours).
pub fn words_privately(game: &str, lang: Lang) -> Option<Reply> {
    let info = games::find(game)?;
    let mut lines = vec![msg!("discord-words-title", game = info.name())];
    lines.extend(
        info.glossary()
            .into_iter()
            .map(|word| msg!("discord-words-line", word = word)),
    );
    Some(Reply::new(words_lines(&lines, &Plain(lang))).ephemeral())
}

/// The private answer to a table's "Rules" button (None: not a game of ours).
pub fn rules_privately(game: &str, lang: Lang) -> Option<Reply> {
    Some(rules(games::find(game)?, lang).ephemeral())
}

/// What a table message shows of the game: its title (game, deal, move), the public view,
/// and what happened lately. A replay's step shows the same.
fn table_head(view: &TableView) -> Vec<Msg> {
    let mut lines = Vec::new();
    let deal = view.status.as_ref().map_or(1, |s| s.deal);
    lines.push(if deal > 1 {
        msg!(
            "discord-table-title-deal",
            game = view.game_name(),
            deal = deal,
            number = view.move_number
        )
    } else {
        msg!(
            "discord-table-title",
            game = view.game_name(),
            number = view.move_number
        )
    });
    if let Some(public) = &view.public {
        lines.extend(public.iter().cloned());
    }
    let story = told_once(&view.story, &lines);
    lines.extend(story);
    lines
}

/// "Show my hand": on the table message and on the turn ping.
fn show_hand(view: &TableView, lang: Lang) -> Button {
    Button::plain(
        ComponentId::Hand(view.id),
        msg!("discord-button-show-hand"),
        Style::Primary,
        lang,
    )
}

/// The story lines: what happened lately, one event a line.
fn story_lines(story: &[Msg]) -> impl Iterator<Item = Msg> + '_ {
    story
        .iter()
        .map(|event| msg!("discord-story-line", event = event.clone()))
}

/// The story lines of a message whose `lines` already say some of its events word for word (a
/// deal's scoring stays on the table until the next deal ends, and was also the story's latest
/// event): those are told once, in the lines.
fn told_once(story: &[Msg], lines: &[Msg]) -> Vec<Msg> {
    let unsaid: Vec<Msg> = story
        .iter()
        .filter(|event| !lines.contains(event))
        .cloned()
        .collect();
    story_lines(&unsaid).collect()
}

/// Every seat's running score as the game counts it: "@ann 12 points, @bob 7 points" (commas,
/// so no list dot stands beside a computer's name).
fn scores_list(view: &TableView) -> Option<Arg> {
    let scores = view.scores.as_ref()?;
    let each = scores
        .iter()
        .enumerate()
        .map(|(s, score)| msg!("seat-score", who = seat(s), score = score.clone()))
        .collect();
    Some(list(each, pakka_text::key!("sep-comma")))
}

/// "Scores: @ann 12 points, @bob 7 points".
fn scores_line(view: &TableView) -> Option<Msg> {
    Some(msg!("discord-scores", scores = scores_list(view)?))
}

/// A deal of a match in one line, for the results that follow it: its number and every
/// seat's running score after it (None for a game that keeps no score).
pub fn deal_line(view: &TableView, deal: u32) -> Option<Msg> {
    Some(msg!(
        "discord-deal-line",
        deal = deal,
        scores = scores_list(view)?
    ))
}

/// The end of a deal of a match, as a new message (the one result a match keeps in its
/// channel: the one before it is removed): what the last move did (the deal's scoring among
/// it), every seat's running score, and the earlier deals one line each (`earlier`, from
/// [`deal_line`]).
pub fn deal_over(
    view: &TableView,
    deal: u32,
    events: &[Msg],
    earlier: &[Msg],
    lang: Lang,
) -> Reply {
    let mut lines = vec![msg!(
        "discord-deal-over",
        game = view.game_name(),
        deal = deal
    )];
    lines.extend(story_lines(events));
    lines.extend(scores_line(view));
    if !earlier.is_empty() {
        lines.push(msg!("discord-deals-earlier"));
        lines.extend(earlier.iter().cloned());
    }
    Reply::new(words_lines(&lines, &SeatNames::public(view, lang)))
}

/// The end of a game, as a new message: what the last move did, the final ranking with every
/// seat's score, a match's deals one line each (`deals`, from [`deal_line`]; none for a game
/// of one deal), each player's running record in this channel (games won of games played,
/// "won" as the game's ranking counts it: first place), and "Play again".
pub fn game_over(
    view: &TableView,
    events: &[Msg],
    deals: &[Msg],
    record: &[Record],
    lang: Lang,
) -> Reply {
    let mut lines = vec![msg!("discord-game-over", game = view.game_name())];
    lines.extend(story_lines(events));
    lines.extend(result_lines(view));
    if !deals.is_empty() {
        lines.push(msg!("discord-deals-all"));
        lines.extend(deals.iter().cloned());
    }
    let tally: Vec<Msg> = record
        .iter()
        .filter_map(|r| {
            let s = view.seat_of(r.user)?;
            Some(msg!(
                "discord-record",
                who = seat(s),
                won = r.wins,
                games = r.games
            ))
        })
        .collect();
    if !tally.is_empty() {
        lines.push(msg!(
            "discord-record-line",
            tally = list(tally, pakka_text::key!("sep-dot"))
        ));
    }
    Reply::new(words_lines(&lines, &SeatNames::public(view, lang))).buttons(vec![Button::plain(
        ComponentId::Again(view.id),
        msg!("discord-button-play-again"),
        Style::Success,
        lang,
    )])
}

/// The final ranking, one line per seat: seats that tie share their place number ("1. … 1. …
/// 3."), and a team's partners each have their own line with the team's points.
fn result_lines(view: &TableView) -> Vec<Msg> {
    view.places
        .iter()
        .flat_map(|p| {
            p.seats.iter().map(move |&s| match &p.score {
                None => msg!("discord-place", place = p.place, who = seat(s)),
                Some(score) => msg!(
                    "discord-place-points",
                    place = p.place,
                    who = seat(s),
                    points = score.clone()
                ),
            })
        })
        .collect()
}

/// Which part of a hand to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandStep {
    /// The first step, page by page when it holds more than 25 choices.
    Page(usize),
    /// The actions of one group (the second step of a grouped choice).
    Group(usize),
    /// The question before the action at this index.
    Ask(usize),
}

/// One button of a hand's first step: an action, or a group of actions behind one button.
enum Entry<'a> {
    Action(&'a HandAction),
    Group(usize, &'a Msg, Vec<&'a HandAction>),
}

/// The first step: actions in order, each group (of two or more) at its first member's place.
fn entries(actions: &[HandAction]) -> Vec<Entry<'_>> {
    let mut groups: Vec<(&Msg, Vec<&HandAction>)> = Vec::new();
    for a in actions {
        if let Some(g) = &a.group {
            match groups.iter_mut().find(|(label, _)| *label == g) {
                Some((_, members)) => members.push(a),
                None => groups.push((g, vec![a])),
            }
        }
    }
    let mut out = Vec::new();
    let mut shown = vec![false; groups.len()];
    for a in actions {
        let Some(g) = &a.group else {
            out.push(Entry::Action(a));
            continue;
        };
        let k = groups
            .iter()
            .position(|(label, _)| *label == g)
            .unwrap_or(0);
        match groups[k].1.len() {
            1 => out.push(Entry::Action(a)),
            _ if !shown[k] => {
                shown[k] = true;
                out.push(Entry::Group(k, groups[k].0, groups[k].1.clone()));
            }
            _ => {}
        }
    }
    out
}

fn action_button(hand: &HandView, a: &HandAction, names: &dyn Reader) -> Button {
    let (table, mv, index) = (hand.table, hand.move_number, a.index);
    let id = match a.confirm {
        Some(_) => ComponentId::Ask { table, mv, index },
        None => ComponentId::Act { table, mv, index },
    };
    Button::new(id, &text(&a.label, names), style_of(a.tone))
}

/// A move's button colour by what it means to the player.
fn style_of(tone: Tone) -> Style {
    match tone {
        Tone::Main => Style::Primary,
        Tone::Other => Style::Secondary,
        Tone::Danger => Style::Danger,
    }
}

fn back_button(hand: &HandView, lang: Lang) -> Button {
    Button::plain(
        ComponentId::Page {
            table: hand.table,
            mv: hand.move_number,
            page: 0,
        },
        msg!("discord-button-back"),
        Style::Secondary,
        lang,
    )
}

/// The ephemeral hand: the seat's view and its legal actions — exactly one button per action
/// when they fit one message and the game does not group them; otherwise a first step of
/// groups (then the group's actions), pages, and a confirm question where the game asks one.
/// `names` name the table's seats as this player sees them.
pub fn hand(hand: &HandView, step: HandStep, names: &dyn Reader) -> Reply {
    let lang = names.lang();
    let mut lines = hand.lines.clone();
    let story = told_once(&hand.story, &lines);
    lines.extend(story);
    if hand.over {
        lines.push(msg!("discord-hand-over"));
    } else if hand.actions.is_empty() {
        lines.push(msg!("discord-hand-waiting"));
    }
    let entries = entries(&hand.actions);
    match step {
        HandStep::Ask(index) => {
            if let Some(a) = hand.actions.iter().find(|a| a.index == index) {
                let question = a
                    .confirm
                    .clone()
                    .unwrap_or_else(|| msg!("discord-ask-default", label = a.label.clone()));
                lines.push(msg!("discord-ask", question = question));
                let yes = Button::new(
                    ComponentId::Act {
                        table: hand.table,
                        mv: hand.move_number,
                        index,
                    },
                    &text(&msg!("discord-button-confirm"), names),
                    match a.tone {
                        Tone::Danger => Style::Danger,
                        _ => Style::Primary,
                    },
                );
                // Cancel shows the hand again: nothing was applied.
                let cancel = Button::plain(
                    ComponentId::Page {
                        table: hand.table,
                        mv: hand.move_number,
                        page: 0,
                    },
                    msg!("discord-button-cancel"),
                    Style::Secondary,
                    lang,
                );
                return Reply::new(words_lines(&lines, names))
                    .ephemeral()
                    .buttons(vec![yes, cancel]);
            }
        }
        HandStep::Group(k) => {
            let members = entries.iter().find_map(|e| match e {
                Entry::Group(key, label, members) if *key == k => Some((*label, members)),
                _ => None,
            });
            if let Some((label, members)) = members {
                let mut buttons: Vec<Button> = members
                    .iter()
                    .take(MAX_BUTTONS - 1)
                    .map(|a| action_button(hand, a, names))
                    .collect();
                buttons.push(back_button(hand, lang));
                lines.push(msg!("discord-group-title", group = label.clone()));
                return Reply::new(words_lines(&lines, names))
                    .ephemeral()
                    .buttons(buttons);
            }
        }
        HandStep::Page(_) => {}
    }
    let page = match step {
        HandStep::Page(p) => p,
        _ => 0,
    };
    let button = |e: &Entry| match e {
        Entry::Action(a) => action_button(hand, a, names),
        Entry::Group(k, label, _) => Button::new(
            ComponentId::Group {
                table: hand.table,
                mv: hand.move_number,
                group: *k,
            },
            &text(
                &msg!("discord-button-group", group = (*label).clone()),
                names,
            ),
            Style::Primary,
        ),
    };
    // 💡 beside the moves of a table with hints, while the seat has one to make.
    let hinted = hand.hints && !hand.over && !hand.actions.is_empty();
    if entries.len() + usize::from(hinted) <= MAX_BUTTONS {
        let mut reply = Reply::new(words_lines(&lines, names)).ephemeral();
        // The calls (bids, raises, passes, declarations) in their own row after the cards, in
        // every game alike, when both fit Discord's five rows; 💡 ends the last row.
        let is_call = |e: &&Entry| matches!(e, Entry::Action(a) if a.row == Row::Calls);
        let cards: Vec<Button> = entries.iter().filter(|e| !is_call(e)).map(button).collect();
        let mut calls: Vec<Button> = entries.iter().filter(is_call).map(button).collect();
        if hinted {
            calls.push(hint_button(hand, lang));
        }
        let rows: Vec<Vec<Button>> = cards
            .chunks(5)
            .chain(calls.chunks(5))
            .map(<[Button]>::to_vec)
            .collect();
        if rows.len() <= 5 {
            reply.rows = rows;
            return reply;
        }
        let mut buttons: Vec<Button> = entries.iter().map(button).collect();
        if hinted {
            buttons.push(hint_button(hand, lang));
        }
        return reply.buttons(buttons);
    }
    let pages = entries.len().div_ceil(PAGE);
    let page = page.min(pages - 1);
    lines.push(msg!(
        "discord-choices",
        first = page * PAGE + 1,
        last = ((page + 1) * PAGE).min(entries.len()),
        total = entries.len()
    ));
    let mut reply = Reply::new(words_lines(&lines, names)).ephemeral();
    let shown: Vec<Button> = entries
        .iter()
        .skip(page * PAGE)
        .take(PAGE)
        .map(button)
        .collect();
    reply.rows = shown.chunks(5).map(<[Button]>::to_vec).collect();
    let nav = |p: usize, label: Msg| {
        Button::plain(
            ComponentId::Page {
                table: hand.table,
                mv: hand.move_number,
                page: p,
            },
            label,
            Style::Secondary,
            lang,
        )
    };
    let mut row = Vec::new();
    if page > 0 {
        row.push(nav(page - 1, msg!("discord-button-previous")));
    }
    if page + 1 < pages {
        row.push(nav(page + 1, msg!("discord-button-next")));
    }
    if hinted {
        row.push(hint_button(hand, lang));
    }
    reply.rows.push(row);
    reply
}

/// A refused move: the reason on top of the hand as it stands now.
pub fn refused(reason: &Msg, mut reply: Reply, names: &dyn Reader) -> Reply {
    let warning = text(&msg!("discord-refused", reason = reason.clone()), names);
    reply.content = clip(&format!("{warning}\n{}", reply.content), MAX_CONTENT);
    reply
}

/// A short message that notifies the users whose turn it now is, with "Show my hand" and the
/// action all of them may take alike without it, when the game offers one.
pub fn your_turn(view: &TableView, users: &[u64], lang: Lang) -> Reply {
    let who = seats_arg(
        users.iter().filter_map(|&u| view.seat_of(u)),
        pakka_text::key!("sep-comma"),
    );
    let mut buttons = vec![show_hand(view, lang)];
    // Kop's "no announcement": offered to everyone to act alike, taken without a hand.
    if let Some(label) = &view.open_choice {
        let deal = view.status.as_ref().map_or(1, |s| s.deal);
        buttons.push(Button::plain(
            ComponentId::Open {
                table: view.id,
                deal,
            },
            label.clone(),
            Style::Secondary,
            lang,
        ));
    }
    let mut reply = announce(
        &msg!("discord-your-turn", who = who, game = view.game_name()),
        &SeatNames::public(view, lang),
    )
    .buttons(buttons);
    reply.ping = users.to_vec();
    reply
}

/// The one line a table played in its own thread leaves in the channel (the thread starts
/// from it): who opened which game, with whom. It notifies nobody; the lobby in the thread
/// notifies the invited.
pub fn thread_line(creator: u64, game: &Msg, others: &[u64], lang: Lang) -> Reply {
    let line = msg!(
        "discord-thread-opened",
        creator = user_arg(creator),
        game = game.clone(),
        others = others.len(),
        with = list_of(
            others.iter().map(|&u| user_arg(u)),
            pakka_text::key!("sep-and")
        )
    );
    Reply::new(words_lines(&[line], &Plain(lang)))
}

/// `/invite`: the invited person is notified, in the channel, where to accept.
pub fn invited(view: &TableView, user: u64, lang: Lang) -> Reply {
    let mut reply = announce(
        &msg!(
            "discord-invited",
            who = user_arg(user),
            creator = user_arg(view.creator),
            game = view.game_name()
        ),
        &Plain(lang),
    );
    reply.ping = vec![user];
    reply
}

/// `/settings`: what changed (`changed`, in the order asked), or the server's settings as they
/// are when nothing was asked to change.
pub fn settings(current: Settings, changed: &[Setting], lang: Lang) -> Reply {
    let yes = |b: bool| verbatim(if b { "yes" } else { "no" });
    let lines: Vec<Msg> = if changed.is_empty() {
        vec![msg!(
            "discord-settings",
            threads = yes(current.threads),
            images = yes(current.images),
            language = language_name(current.language)
        )]
    } else {
        changed
            .iter()
            .map(|c| match *c {
                Setting::Threads(on) => msg!("discord-settings-changed", threads = yes(on)),
                Setting::Images(on) => msg!("discord-settings-images-changed", images = yes(on)),
                Setting::Language(l) => {
                    msg!(
                        "discord-settings-language-changed",
                        language = language_name(l)
                    )
                }
            })
            .collect()
    };
    Reply::new(super::words::lines(&lines, &Plain(lang))).ephemeral()
}

/// A language by its own name ("English", "suomi"), as that language's catalog writes it.
pub fn language_name(lang: Lang) -> pakka_text::Arg {
    verbatim(plain(&msg!("language-name"), lang))
}

/// A server's settings as `/settings` shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub threads: bool,
    pub images: bool,
    /// The language of the server's public messages.
    pub language: Lang,
}

/// One server setting as `/settings` changed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    Threads(bool),
    Images(bool),
    Language(Lang),
}

/// A hand message replaced by a newer one of the same player: no buttons left.
pub fn hand_moved(lang: Lang) -> Reply {
    private(&msg!("discord-hand-moved"), lang)
}

/// A hand of a table that was closed: no buttons left.
pub fn hand_closed(view: &TableView, lang: Lang) -> Reply {
    private(&msg!("discord-hand-closed", game = view.game_name()), lang)
}

/// A person ran out of time: the computer stands in until they press "I'm back".
pub fn away(view: &TableView, users: &[u64], lang: Lang) -> Reply {
    let who = seats_arg(
        users.iter().filter_map(|&u| view.seat_of(u)),
        pakka_text::key!("sep-comma"),
    );
    let mut reply = announce(
        &msg!("discord-away", who = who, game = view.game_name()),
        &SeatNames::public(view, lang),
    )
    .buttons(vec![Button::plain(
        ComponentId::Back(view.id),
        msg!("discord-button-im-back"),
        Style::Success,
        lang,
    )]);
    reply.ping = users.to_vec();
    reply
}

/// The confirm step of `/abandon`: a seated player may forfeit (a loss for them only); a
/// moderator may close the table with no result.
pub fn abandon_confirm(view: &TableView, forfeit: bool, close: bool, lang: Lang) -> Reply {
    let question = match (forfeit, close) {
        (true, false) => msg!("discord-forfeit-confirm", game = view.game_name()),
        (true, true) => msg!("discord-forfeit-or-close", game = view.game_name()),
        _ => msg!("discord-close-confirm", game = view.game_name()),
    };
    let button = |id, label, style| Button::plain(id, label, style, lang);
    let keep = ComponentId::Abandon {
        table: view.id,
        confirm: false,
    };
    let buttons = [
        forfeit.then(|| {
            let id = ComponentId::Abandon {
                table: view.id,
                confirm: true,
            };
            button(id, msg!("discord-button-forfeit"), Style::Danger)
        }),
        close.then(|| {
            button(
                ComponentId::Close(view.id),
                msg!("discord-button-close"),
                Style::Danger,
            )
        }),
        Some(button(
            keep,
            msg!("discord-button-keep-playing"),
            Style::Secondary,
        )),
    ];
    let buttons = buttons.into_iter().flatten().collect();
    notice(&question, &Plain(lang)).buttons(buttons)
}

/// Where a game's full rules are read: its page in the repository, `docs/rules/<id>.md` on
/// the main branch (the workspace's `repository` address).
pub fn rules_url(id: &str) -> String {
    format!(
        "{}/blob/main/docs/rules/{id}.md",
        env!("CARGO_PKG_REPOSITORY")
    )
}

/// `/rules` (and a table's "Rules" button): the game's summary, and a link to its full rules.
pub fn rules(info: GameKind, lang: Lang) -> Reply {
    let (lo, hi) = info.seats();
    let players = msg!(
        "discord-players",
        min = lo,
        max = hi,
        exact = verbatim(if lo == hi { "yes" } else { "no" })
    );
    let title = if info.aliases().is_empty() {
        msg!(
            "discord-rules-title",
            name = info.name(),
            id = verbatim(info.id()),
            players = players
        )
    } else {
        let aliases = info
            .aliases()
            .iter()
            .map(|a| msg!("discord-rules-alias", alias = verbatim(*a)))
            .collect();
        msg!(
            "discord-rules-title-aliases",
            name = info.name(),
            id = verbatim(info.id()),
            aliases = list(aliases, pakka_text::key!("sep-comma")),
            players = players
        )
    };
    let mut lines = vec![title, info.summary()];
    if let serde_json::Value::Object(map) = info.default_options() {
        if !map.is_empty() {
            let options = map
                .iter()
                .map(|(k, v)| {
                    msg!(
                        "discord-rules-option",
                        name = verbatim(k.clone()),
                        value = verbatim(option_value(v))
                    )
                })
                .collect();
            lines.push(msg!(
                "discord-rules-options",
                options = list(options, pakka_text::key!("sep-comma"))
            ));
        }
    }
    let full = Button::link(
        rules_url(info.id()),
        msg!("discord-button-full-rules"),
        lang,
    );
    Reply::new(words_lines(&lines, &Plain(lang)))
        .ephemeral()
        .buttons(vec![full])
}

/// One step of a replay (`/replay`): what the table message showed after that move (its title,
/// the public view and what the move did), who was to move next — or, at the last step, the
/// result and every hand as dealt, paged when a long match's hands do not fit one message —
/// then "Move k of n" and the buttons ⏮ ◀ ▶ ⏭ (greyed out where they lead nowhere). `owner`
/// is the person who shared a public replay; None makes a private one, for the one who asked.
/// `page` (of the hands, at the last step) is clamped to the pages there are.
pub fn replay(step: &ReplayStep, page: usize, owner: Option<u64>, lang: Lang) -> Reply {
    let view = &step.view;
    let names = SeatNames::public(view, lang);
    let mut head = vec![msg!("replay-title", id = verbatim(view.id.to_string()))];
    head.extend(table_head(view));
    match step.mover {
        None => head.push(msg!("replay-start")),
        Some(mover) if view.story.is_empty() => {
            head.extend(story_lines(&[msg!("replay-moved", who = seat(mover))]));
        }
        Some(_) => {}
    }
    if step.last() {
        head.push(msg!("replay-over"));
        head.extend(result_lines(view));
    } else if let Some(status) = view.status.as_ref().filter(|s| !s.to_act.is_empty()) {
        head.push(msg!(
            "replay-next",
            who = seats_arg(status.to_act.iter().copied(), pakka_text::key!("sep-and"))
        ));
    }
    let pages = dealt_pages(step, &head, &names);
    let page = page.min(pages.len().saturating_sub(1));
    let mut lines = head;
    if let Some(hands) = pages.get(page) {
        lines.push(msg!("replay-dealt"));
        lines.extend(hands.iter().cloned());
    }
    lines.extend(replay_position(step, page, pages.len()));
    let buttons = replay_buttons(step, page, pages.len(), owner, lang);
    let mut reply = Reply::new(words_lines(&lines, &names)).buttons(buttons);
    reply.ephemeral = owner.is_none();
    reply
}

/// A step of a shared replay for someone other than the person stepping it: a private copy at
/// that step, with a line saying whose the shared one is.
pub fn replay_copy(step: &ReplayStep, page: usize, owner: u64, lang: Lang) -> Reply {
    let mut reply = replay(step, page, None, lang);
    let note = plain(&msg!("replay-not-yours", owner = user_arg(owner)), lang);
    reply.content = clip(&format!("{note}\n{}", reply.content), MAX_CONTENT);
    reply
}

/// "Move k of n", and which page of the hands when they take several.
fn replay_position(step: &ReplayStep, page: usize, pages: usize) -> Vec<Msg> {
    let mut lines = vec![msg!(
        "replay-position",
        step = step.step,
        moves = step.moves
    )];
    if pages > 1 {
        lines.push(msg!("replay-page", page = page + 1, pages = pages));
    }
    lines
}

/// The hands as dealt, one block of lines per deal ("Deal 2:" first when there are several),
/// packed into pages that fit one message beside `head`. None before the last step.
fn dealt_pages(step: &ReplayStep, head: &[Msg], names: &SeatNames) -> Vec<Vec<Msg>> {
    if step.dealt.is_empty() {
        return Vec::new();
    }
    let several = step.dealt.len() > 1;
    let blocks: Vec<Vec<Msg>> = step
        .dealt
        .iter()
        .map(|d| {
            let mut block = Vec::new();
            if several {
                block.push(msg!("replay-dealt-deal", deal = d.deal));
            }
            for (s, hand) in d.hands.iter().enumerate() {
                block.push(if hand.is_empty() {
                    msg!("replay-hand-none", who = seat(s))
                } else {
                    msg!("replay-hand", who = seat(s), cards = hand.clone())
                });
            }
            block
        })
        .collect();
    let length = |msgs: &[Msg]| words_lines(msgs, names).chars().count() + 1;
    // Room for the head, the title of the hands and the widest position lines.
    let mut frame = head.to_vec();
    frame.push(msg!("replay-dealt"));
    frame.extend(replay_position(step, 999, 1000));
    let room = MAX_CONTENT.saturating_sub(length(&frame));
    let mut pages: Vec<Vec<Msg>> = Vec::new();
    let mut used = room;
    for block in blocks {
        let size = length(&block);
        match pages.last_mut() {
            Some(page) if used + size <= room => {
                page.extend(block);
                used += size;
            }
            _ => {
                pages.push(block);
                used = size;
            }
        }
    }
    pages
}

/// ⏮ ◀ ▶ ⏭: each names the step (and page) it shows, so a click needs nothing remembered.
fn replay_buttons(
    step: &ReplayStep,
    page: usize,
    pages: usize,
    owner: Option<u64>,
    lang: Lang,
) -> Vec<Button> {
    let number = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    let (k, n, p) = (number(step.step), number(step.moves), number(page));
    let more_pages = page + 1 < pages;
    Nav::ALL
        .into_iter()
        .map(|nav| {
            let ((to, to_page), disabled, label, style) = match nav {
                Nav::First => (
                    (0, 0),
                    k == 0,
                    msg!("replay-button-first"),
                    Style::Secondary,
                ),
                Nav::Previous => (
                    if p > 0 {
                        (k, p - 1)
                    } else {
                        (k.saturating_sub(1), 0)
                    },
                    k == 0 && p == 0,
                    msg!("replay-button-previous"),
                    Style::Secondary,
                ),
                Nav::Next => (
                    if k >= n { (n, p + 1) } else { (k + 1, 0) },
                    k >= n && !more_pages,
                    msg!("replay-button-next"),
                    Style::Primary,
                ),
                Nav::Last => ((n, 0), k >= n, msg!("replay-button-last"), Style::Secondary),
            };
            let id = ComponentId::Replay {
                table: step.view.id,
                step: to,
                page: to_page,
                nav,
                owner,
            };
            let mut button = Button::plain(id, label, style, lang);
            button.disabled = disabled;
            button
        })
        .collect()
}

#[cfg(test)]
mod tests;
