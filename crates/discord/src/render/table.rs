//! The public table message and what the channel is told about a game: the table while it is
//! played (its head, story, scores and buttons), a deal's and a game's end, the turn ping, the
//! "I'm back" notice of people away, and the question before abandoning a table.

use super::rules::{rules_button, words_button};
use super::{
    announce, learning_lines, notice, result_lines, seats_arg, show_hand, story_lines, table_head,
    words_lines, Button, Reply, Style,
};
use crate::ids::ComponentId;
use crate::words::{text, Lang, Plain, SeatNames};
use pakka_table::{DealScores, Phase, Record, TableId, TableView};
use pakka_text::msg;
use pakka_text::{list, seat, Arg, Msg};

/// The public table message: the public view, whose turn it is, "Show my hand", and "Open the
/// table" when the Activity's `window` is served.
pub fn table(view: &TableView, lang: Lang, window: bool) -> Reply {
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
        let mut buttons = vec![show_hand(view, lang)];
        if window {
            buttons.push(Button::plain(
                ComponentId::Window(view.id),
                msg!("discord-button-open-window"),
                Style::Secondary,
                lang,
            ));
        }
        buttons.push(rules_button(view, lang));
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

/// Every seat's running score as the game counts it: "@ann 12 points, @bob 7 points" (commas,
/// so no list dot stands beside a computer's name).
fn scores_list(view: &TableView) -> Option<Arg> {
    Some(each_score(view.scores.as_ref()?))
}

/// "@ann 12 points, @bob 7 points": each seat's score, as the game words it.
fn each_score(scores: &[Msg]) -> Arg {
    let each = scores
        .iter()
        .enumerate()
        .map(|(s, score)| msg!("seat-score", who = seat(s), score = score.clone()))
        .collect();
    list(each, pakka_text::key!("sep-comma"))
}

/// "Scores: @ann 12 points, @bob 7 points".
fn scores_line(view: &TableView) -> Option<Msg> {
    Some(msg!("discord-scores", scores = scores_list(view)?))
}

/// A deal of a match in one line, for the results that follow it: its number and every
/// seat's running score after it (the table's [`TableView::deals`]).
pub fn deal_line(deal: &DealScores) -> Msg {
    msg!(
        "discord-deal-line",
        deal = deal.deal,
        scores = each_score(&deal.scores)
    )
}

/// The last deal of a match in one line, as it stands (None for a game that keeps no score).
pub fn last_deal_line(view: &TableView, deal: u32) -> Option<Msg> {
    Some(msg!(
        "discord-deal-line",
        deal = deal,
        scores = scores_list(view)?
    ))
}

/// The end of a deal of a match, as a new message (the one result a match keeps in its
/// channel: the one before it is removed): what the last move did (the deal's scoring among
/// it), every seat's running score, and the earlier deals of [`TableView::deals`] one line
/// each.
pub fn deal_over(view: &TableView, deal: u32, events: &[Msg], lang: Lang) -> Reply {
    // The table's deals end with this one.
    let earlier = match view.deals.split_last() {
        Some((last, rest)) if last.deal == deal => rest,
        _ => &view.deals[..],
    };
    let mut lines = vec![msg!(
        "discord-deal-over",
        game = view.game_name(),
        deal = deal
    )];
    lines.extend(story_lines(events));
    lines.extend(scores_line(view));
    if !earlier.is_empty() {
        lines.push(msg!("discord-deals-earlier"));
        lines.extend(earlier.iter().map(deal_line));
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
    rematch: bool,
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
    let reply = Reply::new(words_lines(&lines, &SeatNames::public(view, lang)));
    if !rematch {
        return reply;
    }
    reply.buttons(vec![Button::plain(
        ComponentId::Again(view.id),
        msg!("discord-button-play-again"),
        Style::Success,
        lang,
    )])
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

/// A move refused because a computer player stands in for its person (`reason`, worded): the
/// reason with "I'm back" beside it, so the seat can be taken again from the hand itself
/// (where the bot reaches by interactions alone the away notice may never have reached them).
pub fn stood_in(reason: Reply, table: TableId, lang: Lang) -> Reply {
    reason.buttons(vec![Button::plain(
        ComponentId::Back(table),
        msg!("discord-button-im-back"),
        Style::Success,
        lang,
    )])
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
