//! Messages as plain values: content and rows of buttons, built only from table views, hand
//! views and the registry — never from a game state, so a public message cannot show a hidden
//! card. Every message respects Discord's limits (content ≤ 2,000 characters, ≤ 5 rows of ≤ 5
//! buttons, labels ≤ 80 characters, custom_ids ≤ 100); long action lists are paged. The
//! serenity builders are made from these values in `discord::send`.

use serde::Serialize;

use super::ids::ComponentId;
use crate::rules::registry::GameInfo;
use crate::store::{LeaderRow, Phase};
use crate::table::{HandAction, HandView, TableView};

pub const MAX_CONTENT: usize = 2000;
pub const MAX_LABEL: usize = 80;
pub const MAX_BUTTONS: usize = 25;
/// Actions per page when a hand has more than `MAX_BUTTONS`.
pub const PAGE: usize = 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Style {
    Primary,
    Secondary,
    Success,
    Danger,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Button {
    pub id: String,
    pub label: String,
    pub style: Style,
}

impl Button {
    fn new(id: ComponentId, label: &str, style: Style) -> Button {
        Button {
            id: id.to_string(),
            label: clip(label, MAX_LABEL),
            style,
        }
    }
}

/// One message: its content, its buttons, whether only the clicking user sees it, and the
/// users it should notify.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Reply {
    pub content: String,
    pub rows: Vec<Vec<Button>>,
    pub ephemeral: bool,
    pub ping: Vec<u64>,
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

    pub fn button_count(&self) -> usize {
        self.rows.iter().map(Vec::len).sum()
    }
}

/// Cuts text to `max` characters, marking the cut.
fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(max - 1).collect();
    cut.push('…');
    cut
}

fn mention(user: u64) -> String {
    format!("<@{user}>")
}

fn seat_name(view: &TableView, seat: usize) -> String {
    view.user_of(seat)
        .map_or_else(|| format!("(open seat {})", seat + 1), mention)
}

/// A short sentence only the clicking user sees.
pub fn notice(text: &str) -> Reply {
    Reply::new(text.to_string()).ephemeral()
}

/// The lobby: who is invited, who has accepted, and the buttons to accept, join or decline.
pub fn lobby(view: &TableView) -> Reply {
    let mut lines = vec![format!(
        "{} opened a table of **{}** for {} players.",
        mention(view.creator),
        view.game_name,
        view.seats.len()
    )];
    for s in &view.seats {
        let state = match (s.computer, s.user, s.accepted) {
            (Some(level), _, _) => format!("🤖 computer player ({level})"),
            (None, None, _) => "open — anyone may join".to_string(),
            (None, Some(u), true) => format!("{} ✅", mention(u)),
            (None, Some(u), false) => format!("{} — invited, please accept", mention(u)),
        };
        lines.push(format!("Seat {}: {state}", s.seat + 1));
    }
    lines.push(options_line(view));
    let mut buttons = Vec::new();
    let invited: Vec<u64> = view
        .seats
        .iter()
        .filter(|s| !s.accepted && s.computer.is_none())
        .filter_map(|s| s.user)
        .collect();
    if !invited.is_empty() {
        buttons.push(Button::new(
            ComponentId::Accept(view.id),
            "Accept",
            Style::Success,
        ));
    }
    if view
        .seats
        .iter()
        .any(|s| s.user.is_none() && s.computer.is_none())
    {
        buttons.push(Button::new(
            ComponentId::Join(view.id),
            "Join",
            Style::Primary,
        ));
        buttons.push(Button::new(
            ComponentId::Bot(view.id),
            "Add computer player",
            Style::Secondary,
        ));
    }
    buttons.push(Button::new(
        ComponentId::Decline(view.id),
        "Decline / cancel",
        Style::Danger,
    ));
    let mut reply = Reply::new(lines.join("\n")).buttons(buttons);
    reply.ping = invited;
    reply
}

fn options_line(view: &TableView) -> String {
    let opts = match &view.options {
        serde_json::Value::Object(map) if !map.is_empty() => map
            .iter()
            .map(|(k, v)| {
                format!(
                    "{k}={}",
                    v.as_str().map_or_else(|| v.to_string(), str::to_string)
                )
            })
            .collect::<Vec<_>>()
            .join(", "),
        _ => "defaults".to_string(),
    };
    format!("Options: {opts} · seed {}", view.seed)
}

/// The public table message: the public view, whose turn it is, and "Show my hand".
pub fn table(view: &TableView) -> Reply {
    let mut lines = Vec::new();
    let deal = view.status.as_ref().map_or(1, |s| s.deal);
    let deal_part = if deal > 1 {
        format!(" · deal {deal}")
    } else {
        String::new()
    };
    lines.push(format!(
        "**{}**{deal_part} · move {}",
        view.game_name, view.move_number
    ));
    if let Some(text) = &view.public_text {
        lines.push(text.clone());
    }
    let over = view.status.as_ref().is_some_and(|s| s.over);
    match view.phase {
        Phase::Abandoned => lines.push("This table was abandoned.".into()),
        _ if over => lines.extend(result_lines(view)),
        _ if view.paused => lines.push(
            "⏸ This match is paused: its players can take it up again with `/resume`.".into(),
        ),
        _ if view.to_act.is_empty() => lines.push("▶ A computer player is moving…".into()),
        _ => {
            let who: Vec<String> = view.to_act.iter().map(|&u| mention(u)).collect();
            lines.push(format!("▶ Waiting for {}.", who.join(" and ")));
        }
    }
    let away: Vec<String> = view
        .seats
        .iter()
        .filter(|s| s.stand_in)
        .filter_map(|s| s.user.map(mention))
        .collect();
    if !away.is_empty() && !over {
        lines.push(format!(
            "🤖 A computer player stands in for {} (away).",
            away.join(", ")
        ));
    }
    let mut reply = Reply::new(lines.join("\n"));
    if over {
        reply = reply.buttons(vec![Button::new(
            ComponentId::Again(view.id),
            "Play again",
            Style::Success,
        )]);
    } else if view.phase == Phase::Playing && !view.paused {
        reply = reply.buttons(vec![Button::new(
            ComponentId::Hand(view.id),
            "Show my hand",
            Style::Primary,
        )]);
    }
    reply
}

/// The table message of a finished game, with the players' running record in this channel
/// (`(user, wins, games)`): Mätäpesä's count of losses, and everyone's tally.
pub fn finished_table(view: &TableView, record: &[(u64, i64, i64)]) -> Reply {
    let mut reply = table(view);
    let players: Vec<u64> = view.seats.iter().filter_map(|s| s.user).collect();
    let tally: Vec<String> = record
        .iter()
        .filter(|(u, _, _)| players.contains(u))
        .map(|&(u, wins, games)| format!("{} {wins} won, {} lost", mention(u), games - wins))
        .collect();
    if !tally.is_empty() {
        let text = format!(
            "{}\nIn this channel so far: {}.",
            reply.content,
            tally.join(" · ")
        );
        reply.content = clip(&text, MAX_CONTENT);
    }
    reply
}

fn result_lines(view: &TableView) -> Vec<String> {
    let Some(status) = &view.status else {
        return Vec::new();
    };
    let mut lines = vec!["🏁 **Game over**".to_string()];
    let mut place = 1;
    for group in status.ranking.iter().flatten() {
        let names: Vec<String> = group.iter().map(|&s| seat_name(view, s)).collect();
        let score = match &status.scores {
            Some(scores) => {
                let pts: Vec<String> = group.iter().map(|&s| scores[s].to_string()).collect();
                format!(" — {} points", pts.join("/"))
            }
            None => String::new(),
        };
        lines.push(format!("{place}. {}{score}", names.join(", ")));
        place += group.len();
    }
    lines
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
    Group(usize, &'a str, Vec<&'a HandAction>),
}

/// The first step: actions in order, each group (of two or more) at its first member's place.
fn entries(actions: &[HandAction]) -> Vec<Entry<'_>> {
    let mut groups: Vec<(&str, Vec<&HandAction>)> = Vec::new();
    for a in actions {
        if let Some(g) = &a.group {
            match groups.iter_mut().find(|(label, _)| *label == g.as_str()) {
                Some((_, members)) => members.push(a),
                None => groups.push((g.as_str(), vec![a])),
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
            .position(|(label, _)| *label == g.as_str())
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

fn action_button(hand: &HandView, a: &HandAction) -> Button {
    let (table, mv, index) = (hand.table, hand.move_number, a.index);
    let id = match a.confirm {
        Some(_) => ComponentId::Ask { table, mv, index },
        None => ComponentId::Act { table, mv, index },
    };
    Button::new(id, &a.label, Style::Primary)
}

fn back_button(hand: &HandView, label: &str) -> Button {
    Button::new(
        ComponentId::Page {
            table: hand.table,
            mv: hand.move_number,
            page: 0,
        },
        label,
        Style::Secondary,
    )
}

/// The ephemeral hand: the seat's view and its legal actions — exactly one button per action
/// when they fit one message and the game does not group them; otherwise a first step of
/// groups (then the group's actions), pages, and a confirm question where the game asks one.
pub fn hand(hand: &HandView, step: HandStep) -> Reply {
    let mut text = hand.text.clone();
    if hand.over {
        text.push_str("\nThe game is over.");
    } else if hand.actions.is_empty() {
        text.push_str("\nNot your turn: this hand comes alive when it is.");
    }
    let entries = entries(&hand.actions);
    match step {
        HandStep::Ask(index) => {
            if let Some(a) = hand.actions.iter().find(|a| a.index == index) {
                let question = a.confirm.clone().unwrap_or_else(|| format!("{}?", a.label));
                let yes = Button::new(
                    ComponentId::Act {
                        table: hand.table,
                        mv: hand.move_number,
                        index,
                    },
                    &format!("Yes: {}", a.label),
                    Style::Danger,
                );
                return Reply::new(format!("{text}\n❓ {question}"))
                    .ephemeral()
                    .buttons(vec![yes, back_button(hand, "◀ Back")]);
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
                    .map(|a| action_button(hand, a))
                    .collect();
                buttons.push(back_button(hand, "◀ Back"));
                return Reply::new(format!("{text}\n{label}:"))
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
        Entry::Action(a) => action_button(hand, a),
        Entry::Group(k, label, _) => Button::new(
            ComponentId::Group {
                table: hand.table,
                mv: hand.move_number,
                group: *k,
            },
            &format!("{label} …"),
            Style::Primary,
        ),
    };
    if entries.len() <= MAX_BUTTONS {
        let buttons = entries.iter().map(button).collect();
        return Reply::new(text).ephemeral().buttons(buttons);
    }
    let pages = entries.len().div_ceil(PAGE);
    let page = page.min(pages - 1);
    text.push_str(&format!(
        "\nChoices {}–{} of {}.",
        page * PAGE + 1,
        ((page + 1) * PAGE).min(entries.len()),
        entries.len()
    ));
    let mut reply = Reply::new(text).ephemeral();
    let shown: Vec<Button> = entries
        .iter()
        .skip(page * PAGE)
        .take(PAGE)
        .map(button)
        .collect();
    reply.rows = shown.chunks(5).map(<[Button]>::to_vec).collect();
    let nav = |p: usize, label: &str| {
        Button::new(
            ComponentId::Page {
                table: hand.table,
                mv: hand.move_number,
                page: p,
            },
            label,
            Style::Secondary,
        )
    };
    let mut row = Vec::new();
    if page > 0 {
        row.push(nav(page - 1, "◀ Previous"));
    }
    if page + 1 < pages {
        row.push(nav(page + 1, "Next ▶"));
    }
    reply.rows.push(row);
    reply
}

/// A short message that notifies the users whose turn it now is.
pub fn your_turn(view: &TableView, users: &[u64]) -> Reply {
    let who: Vec<String> = users.iter().map(|&u| mention(u)).collect();
    let mut reply = Reply::new(format!(
        "🔔 {}: your move in **{}**.",
        who.join(", "),
        view.game_name
    ));
    reply.ping = users.to_vec();
    reply
}

/// A person ran out of time: the computer stands in until they press "I'm back".
pub fn away(view: &TableView, users: &[u64]) -> Reply {
    let who: Vec<String> = users.iter().map(|&u| mention(u)).collect();
    let mut reply = Reply::new(format!(
        "⏰ {} ran out of time in **{}**: a computer player stands in until you press \"I'm back\".",
        who.join(", "),
        view.game_name
    ))
    .buttons(vec![Button::new(ComponentId::Back(view.id), "I'm back", Style::Success)]);
    reply.ping = users.to_vec();
    reply
}

/// The confirm step of `/abandon`.
pub fn abandon_confirm(view: &TableView) -> Reply {
    Reply::new(format!(
        "Abandon this table of **{}**? Nobody wins and nothing counts on the leaderboard.",
        view.game_name
    ))
    .ephemeral()
    .buttons(vec![
        Button::new(
            ComponentId::Abandon {
                table: view.id,
                confirm: true,
            },
            "Abandon the game",
            Style::Danger,
        ),
        Button::new(
            ComponentId::Abandon {
                table: view.id,
                confirm: false,
            },
            "Keep playing",
            Style::Secondary,
        ),
    ])
}

/// `/scores`: the server's leaderboard.
pub fn leaderboard(game: Option<&GameInfo>, rows: &[LeaderRow]) -> Reply {
    let title = match game {
        Some(g) => format!("🏆 **Leaderboard — {}**", crate::catalog::en(&g.name())),
        None => "🏆 **Leaderboard — all games**".to_string(),
    };
    let mut lines = vec![title];
    if rows.is_empty() {
        lines.push("No finished games yet. Start one with `/play`.".into());
    }
    for (i, r) in rows.iter().enumerate() {
        let points = r.points.map_or(String::new(), |p| format!(" · {p} points"));
        lines.push(format!(
            "{}. {} — {} wins in {} games{points}",
            i + 1,
            mention(r.user_id),
            r.wins,
            r.games
        ));
    }
    Reply::new(lines.join("\n"))
}

/// `/rules`: the game's summary.
pub fn rules(info: &GameInfo) -> Reply {
    let (lo, hi) = info.seats;
    let players = if lo == hi {
        lo.to_string()
    } else {
        format!("{lo}–{hi}")
    };
    let aliases = if info.aliases.is_empty() {
        String::new()
    } else {
        format!(" (also `{}`)", info.aliases.join("`, `"))
    };
    let options = match info.default_options() {
        serde_json::Value::Object(map) if !map.is_empty() => {
            let opts: Vec<String> = map
                .iter()
                .map(|(k, v)| {
                    format!(
                        "`{k}={}`",
                        v.as_str().map_or_else(|| v.to_string(), str::to_string)
                    )
                })
                .collect();
            format!("\nOptions (defaults): {}", opts.join(", "))
        }
        _ => String::new(),
    };
    Reply::new(format!(
        "**{}** — `{}`{aliases}, {players} players\n{}{options}",
        crate::catalog::en(&info.name()),
        info.id,
        crate::catalog::en(&info.summary())
    ))
    .ephemeral()
}

#[cfg(test)]
mod tests;
