//! A player's private hand: the seat's view and its legal actions as buttons, in named steps
//! (its lines, then a confirm question, a group's actions, the first step in one message or
//! page by page), the 💡 hint and its button, a refused move's warning, and the notes that a
//! hand moved or closed.

use super::{
    private, told_once, words_lines, Button, Reply, Style, MAX_BUTTONS, MAX_CONTENT, PAGE,
};
use crate::ids::{ComponentId, HandStep};
use crate::message::clip;
use crate::words::{text, Lang, Reader};
use pakka_table::{HandAction, HandView, Hint, Row, TableView, Tone};
use pakka_text::msg;
use pakka_text::Msg;

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
        Some(_) => step_id(hand, HandStep::Ask(index)),
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

/// The id of a button that shows `step` of this hand.
fn step_id(hand: &HandView, step: HandStep) -> ComponentId {
    ComponentId::Step {
        table: hand.table,
        mv: hand.move_number,
        step,
    }
}

/// A button that shows the hand's first step at `page` (◀ ▶, Back, Cancel: nothing applied).
fn page_button(hand: &HandView, page: usize, label: Msg, lang: Lang) -> Button {
    Button::plain(
        step_id(hand, HandStep::Page(page)),
        label,
        Style::Secondary,
        lang,
    )
}

fn back_button(hand: &HandView, lang: Lang) -> Button {
    page_button(hand, 0, msg!("discord-button-back"), lang)
}

/// One button of the first step: an action's, or a group's that opens its actions.
fn entry_button(hand: &HandView, entry: &Entry, names: &dyn Reader) -> Button {
    match entry {
        Entry::Action(a) => action_button(hand, a, names),
        Entry::Group(k, label, _) => Button::new(
            step_id(hand, HandStep::Group(*k)),
            &text(
                &msg!("discord-button-group", group = (*label).clone()),
                names,
            ),
            Style::Primary,
        ),
    }
}

/// The ephemeral hand: the seat's view and its legal actions — exactly one button per action
/// when they fit one message and the game does not group them; otherwise a first step of
/// groups (then the group's actions), pages, and a confirm question where the game asks one.
/// `names` name the table's seats as this player sees them.
pub fn hand(hand: &HandView, step: HandStep, names: &dyn Reader) -> Reply {
    let lines = hand_lines(hand);
    let entries = entries(&hand.actions);
    match step {
        HandStep::Ask(index) => {
            if let Some(a) = hand.actions.iter().find(|a| a.index == index) {
                return ask(hand, a, lines, names);
            }
        }
        HandStep::Group(k) => {
            let members = entries.iter().find_map(|e| match e {
                Entry::Group(key, label, members) if *key == k => Some((*label, members)),
                _ => None,
            });
            if let Some((label, members)) = members {
                return group(hand, label, members, lines, names);
            }
        }
        HandStep::Page(_) => {}
    }
    let page = match step {
        HandStep::Page(p) => p,
        _ => 0,
    };
    // 💡 beside the moves of a table with hints, while the seat has one to make.
    let hinted = hand.hints && !hand.over && !hand.actions.is_empty();
    if entries.len() + usize::from(hinted) <= MAX_BUTTONS {
        one_message(hand, &entries, hinted, lines, names)
    } else {
        paged(hand, &entries, page, hinted, lines, names)
    }
}

/// The hand's lines: the seat's view, what happened since it was last told, and whether the
/// game is over or the seat waits.
fn hand_lines(hand: &HandView) -> Vec<Msg> {
    let mut lines = hand.lines.clone();
    let story = told_once(&hand.story, &lines);
    lines.extend(story);
    if hand.over {
        lines.push(msg!("discord-hand-over"));
    } else if hand.actions.is_empty() {
        lines.push(msg!("discord-hand-waiting"));
    }
    lines
}

/// The question before an action, with its confirm and cancel buttons.
fn ask(hand: &HandView, a: &HandAction, mut lines: Vec<Msg>, names: &dyn Reader) -> Reply {
    let question = a
        .confirm
        .clone()
        .unwrap_or_else(|| msg!("discord-ask-default", label = a.label.clone()));
    lines.push(msg!("discord-ask", question = question));
    let yes = Button::new(
        ComponentId::Act {
            table: hand.table,
            mv: hand.move_number,
            index: a.index,
        },
        &text(&msg!("discord-button-confirm"), names),
        match a.tone {
            Tone::Danger => Style::Danger,
            _ => Style::Primary,
        },
    );
    // Cancel shows the hand again: nothing was applied.
    let cancel = page_button(hand, 0, msg!("discord-button-cancel"), names.lang());
    Reply::new(words_lines(&lines, names))
        .ephemeral()
        .buttons(vec![yes, cancel])
}

/// A group's actions (the second step of a grouped choice), and Back.
fn group(
    hand: &HandView,
    label: &Msg,
    members: &[&HandAction],
    mut lines: Vec<Msg>,
    names: &dyn Reader,
) -> Reply {
    let mut buttons: Vec<Button> = members
        .iter()
        .take(MAX_BUTTONS - 1)
        .map(|a| action_button(hand, a, names))
        .collect();
    buttons.push(back_button(hand, names.lang()));
    lines.push(msg!("discord-group-title", group = label.clone()));
    Reply::new(words_lines(&lines, names))
        .ephemeral()
        .buttons(buttons)
}

/// The first step when it fits one message: the calls (bids, raises, passes, declarations) in
/// their own row after the cards, in every game alike, when both fit Discord's five rows; 💡
/// ends the last row.
fn one_message(
    hand: &HandView,
    entries: &[Entry],
    hinted: bool,
    lines: Vec<Msg>,
    names: &dyn Reader,
) -> Reply {
    let lang = names.lang();
    let button = |e: &Entry| entry_button(hand, e, names);
    let mut reply = Reply::new(words_lines(&lines, names)).ephemeral();
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
    reply.buttons(buttons)
}

/// The first step page by page (`PAGE` choices each), with ◀ ▶ and 💡 in the last row.
fn paged(
    hand: &HandView,
    entries: &[Entry],
    page: usize,
    hinted: bool,
    mut lines: Vec<Msg>,
    names: &dyn Reader,
) -> Reply {
    let lang = names.lang();
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
        .map(|e| entry_button(hand, e, names))
        .collect();
    reply.rows = shown.chunks(5).map(<[Button]>::to_vec).collect();
    let mut row = Vec::new();
    if page > 0 {
        row.push(page_button(
            hand,
            page - 1,
            msg!("discord-button-previous"),
            lang,
        ));
    }
    if page + 1 < pages {
        row.push(page_button(
            hand,
            page + 1,
            msg!("discord-button-next"),
            lang,
        ));
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

/// A hand message replaced by a newer one of the same player: no buttons left.
pub fn hand_moved(lang: Lang) -> Reply {
    private(&msg!("discord-hand-moved"), lang)
}

/// A hand of a table that was closed: no buttons left.
pub fn hand_closed(view: &TableView, lang: Lang) -> Reply {
    private(&msg!("discord-hand-closed", game = view.game_name()), lang)
}
