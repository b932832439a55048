//! Messages as plain values ([`Reply`], from `message`): content and rows of buttons, built
//! only from table views, hand views and the registry — never from a game state, so a public
//! message cannot show a hidden card. Every word comes from the catalog
//! (`locales/<lang>/discord.ftl` and the games' files), worded with the seats named by
//! `words`. Every message respects Discord's limits (content ≤ 2,000 characters, ≤ 5 rows of
//! ≤ 5 buttons, labels ≤ 80 characters, custom_ids ≤ 100); long action lists are paged. One
//! file per kind of message: `lobby`, `table`, `hand`, `rules`, `replay`, `records` (the
//! leaderboard, stats and history) and `event` (a tournament's message); this one holds what they share (the short notices, the
//! lines of a table's head and story). The serenity builders are made from these values in
//! `discord::send`.

mod event;
mod hand;
mod lobby;
mod records;
mod replay;
mod rules;
mod table;

pub use crate::ids::HandStep;
pub use event::{champions, event, format_name, thread_name};
pub use hand::{hand, hand_closed, hand_moved, hint, refused};
pub use lobby::{invited, language_name, lobby, opened, settings, thread_line, Setting, Settings};
pub use records::{history, scores, scores_id, scores_of, season_over, stats, HistoryOf};
pub use replay::{replay, replay_copy};
pub use rules::{rules, rules_privately, rules_url, words_privately};
pub use table::{
    abandon_confirm, away, deal_line, deal_over, game_over, last_deal_line, stood_in, table,
    your_turn,
};

use super::ids::ComponentId;
use super::message::clip;
pub use super::message::{
    Button, Image, Reply, Style, MAX_BUTTONS, MAX_CONTENT, MAX_LABEL, MAX_URL,
};
use super::words::{mention, plain, text, Lang, Reader};

use pakka_table::TableView;
use pakka_text::msg;
use pakka_text::{list_of, seat, verbatim, Arg, Msg};

/// Actions per page when a hand has more than `MAX_BUTTONS`.
pub const PAGE: usize = 20;

impl Button {
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

/// A table message where the bot reaches the channel by interactions alone (a DM, a group DM,
/// a server without the bot): its last line says how to bring it up to date when no token is
/// left to edit it (`discord-table-by-interactions`).
pub fn by_interactions(mut reply: Reply, lang: Lang) -> Reply {
    let note = plain(&msg!("discord-table-by-interactions"), lang);
    reply.content = clip(
        &format!("{}\n{note}", reply.content),
        super::message::MAX_CONTENT,
    );
    reply
}

/// A public message with no buttons.
pub fn announce(msg: &Msg, reader: &dyn Reader) -> Reply {
    Reply::new(text(msg, reader))
}

/// An ephemeral message with no buttons that replaces the clicked one.
pub fn private(msg: &Msg, lang: Lang) -> Reply {
    Reply::new(plain(msg, lang)).ephemeral()
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

#[cfg(test)]
mod tests;
