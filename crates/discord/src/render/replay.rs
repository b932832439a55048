//! `/replay`: one step of a finished game's log, page by page, with its ◀ ▶ buttons, and the
//! copy a player keeps.

use super::{
    result_lines, seats_arg, story_lines, table_head, user_arg, words_lines, Button, Reply, Style,
    MAX_CONTENT,
};
use crate::ids::{ComponentId, Nav};
use crate::message::clip;
use crate::words::{plain, Lang, SeatNames};
use pakka_table::ReplayStep;
use pakka_text::msg;
use pakka_text::{seat, verbatim, Msg};

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
