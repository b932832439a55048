//! The messages of a table before its game: the lobby (its seats, options and buttons), the
//! line that opens a table's thread, an invitation, and `/settings`' answer.

use super::table::table;
use super::{announce, learning_lines, user_arg, words_lines, Button, Reply, Style};
use crate::ids::ComponentId;
use crate::words::{plain, Lang, Plain, SeatNames};
use pakka_table::seasons::SeasonLength;
use pakka_table::{Phase, TableView};
use pakka_text::msg;
use pakka_text::{list, list_of, seat, verbatim, Msg};

/// A table just opened: its lobby, or its table message when every seat was taken at once
/// (with "Open the table" when the Activity's `window` is served).
pub fn opened(view: &TableView, lang: Lang, window: bool) -> Reply {
    if view.phase == Phase::Playing {
        table(view, lang, window)
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

fn options_line(view: &TableView) -> Msg {
    let options = if view.options.is_empty() {
        msg!("discord-options-defaults").into()
    } else {
        list(
            view.options
                .iter()
                .map(|(option, value)| {
                    msg!(
                        "discord-option",
                        name = verbatim(option.name),
                        value = verbatim(value.word())
                    )
                })
                .collect(),
            pakka_text::key!("sep-comma"),
        )
    };
    msg!(
        "discord-options",
        options = options,
        seed = verbatim(view.seed.to_string())
    )
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
    let seasons = |length: Option<SeasonLength>| verbatim(length.map_or("off", |l| l.id()));
    let lines: Vec<Msg> = if changed.is_empty() {
        vec![
            msg!(
                "discord-settings",
                threads = yes(current.threads),
                images = yes(current.images),
                language = language_name(current.language)
            ),
            msg!(
                "discord-settings-seasons",
                seasons = seasons(current.seasons)
            ),
        ]
    } else {
        changed
            .iter()
            .map(|c| match c {
                Setting::Seasons(Some(length), name) => msg!(
                    "discord-settings-seasons-on",
                    seasons = seasons(Some(*length)),
                    name = verbatim(name.clone().unwrap_or_default())
                ),
                Setting::Seasons(None, _) => msg!("discord-settings-seasons-off"),
                Setting::Threads(on) => msg!("discord-settings-changed", threads = yes(*on)),
                Setting::Images(on) => msg!("discord-settings-images-changed", images = yes(*on)),
                Setting::Language(l) => {
                    msg!(
                        "discord-settings-language-changed",
                        language = language_name(l)
                    )
                }
            })
            .collect()
    };
    Reply::new(crate::words::lines(&lines, &Plain(lang))).ephemeral()
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
    /// The server's seasons, if its ratings run in them.
    pub seasons: Option<SeasonLength>,
}

/// One server setting as `/settings` changed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    Threads(bool),
    Images(bool),
    Language(Lang),
    /// Seasons turned on (with the name of the season now open) or off.
    Seasons(Option<SeasonLength>, Option<String>),
}
