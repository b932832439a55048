//! The messages of players' records: a page of `/scores` with its ⏮ ◀ ▶ ⏭ buttons, a
//! player's `/stats`, and `/history`. Built from the table layer's record views only; every
//! word from `records.ftl`. Times are Discord's own timestamps (`<t:…:R>`), which each reader's
//! client words in their language and time zone.

use super::{user_arg, words_lines, Button, Reply, Style};
use crate::ids::ComponentId;
use crate::words::{Lang, Plain};
use pakka_table::games;
use pakka_table::ratings::{Player, Rating, PROVISIONAL_GAMES};
use pakka_table::records::{
    unix_time, Finish, PastGame, PastSeat, Period, PlayerStats, ScoreLine, ScoresPage,
};
use pakka_text::msg;
use pakka_text::{list_of, signed_tenths, tenths, verbatim, Arg, Msg};

/// A player as a leaderboard names them: a mention, or the computer level.
fn player_arg(player: &Player) -> Arg {
    pakka_edge::records::player_arg(player, &user_arg)
}

fn rating_arg(rating: &Rating, provisional: bool) -> Arg {
    pakka_edge::records::rating_arg(rating, provisional)
}

fn game_arg(game: Option<&str>) -> Arg {
    match game {
        Some(id) => games::name_of(id).into(),
        None => msg!("records-all-games").into(),
    }
}

/// Discord's relative timestamp of a stored time ("3 days ago"), or the text as stored.
fn when_arg(stored: &str) -> Arg {
    match unix_time(stored) {
        Some(unix) => verbatim(format!("<t:{unix}:R>")),
        None => verbatim(stored.to_string()),
    }
}

/// The button id of a page of the leaderboard.
pub fn scores_id(
    game: Option<&str>,
    period: Period,
    page: usize,
    season: Option<u32>,
) -> ComponentId {
    ComponentId::Scores {
        game: game.and_then(games::find).map(|g| g.id()),
        period: Period::ALL.iter().position(|&p| p == period).unwrap_or(3),
        page,
        season,
    }
}

/// The game and period a leaderboard button names (None: not a period of ours; its game was
/// read from the id).
pub fn scores_of(
    game: Option<&'static str>,
    period: usize,
) -> Option<(Option<&'static str>, Period)> {
    Some((game, *Period::ALL.get(period)?))
}

fn score_line(line: &ScoreLine) -> Msg {
    pakka_edge::records::score_line(line, &user_arg)
}

/// A page of `/scores`: established ratings first, then the provisional ones under their
/// heading; the page buttons when there is more than one page (anyone may turn them).
pub fn scores(page: &ScoresPage, lang: Lang) -> Reply {
    let span = match &page.season {
        Some((_, name)) => msg!("records-season", season = verbatim(name.clone())),
        None => msg!("records-period", period = verbatim(page.period.name())),
    };
    let mut lines = vec![msg!(
        "records-scores-title",
        game = game_arg(page.game),
        period = span
    )];
    if page.lines.is_empty() {
        lines.push(msg!("records-scores-empty"));
    }
    let mut heading = false;
    for line in &page.lines {
        if line.provisional && !heading {
            lines.push(msg!("records-scores-provisional", min = PROVISIONAL_GAMES));
            heading = true;
        }
        lines.push(score_line(line));
    }
    lines.push(msg!(
        "records-scores-page",
        page = page.page + 1,
        pages = page.pages,
        min = PROVISIONAL_GAMES
    ));
    let mut reply = Reply::new(words_lines(&lines, &Plain(lang)));
    if page.pages > 1 {
        let last = page.pages - 1;
        let season = page.season.as_ref().map(|(number, _)| *number);
        let id = |n: usize| scores_id(page.game, page.period, n, season);
        // ⏮ and ⏭ only where they lead further than ◀ and ▶, so no two buttons share an id
        // (Discord refuses that).
        let buttons = [
            (0, msg!("records-button-first"), page.page >= 2),
            (
                page.page.saturating_sub(1),
                msg!("records-button-previous"),
                page.page >= 1,
            ),
            (
                (page.page + 1).min(last),
                msg!("records-button-next"),
                page.page < last,
            ),
            (last, msg!("records-button-last"), page.page + 2 <= last),
        ];
        reply = reply.buttons(
            buttons
                .into_iter()
                .filter(|(_, _, useful)| *useful)
                .map(|(n, label, _)| Button::plain(id(n), label, Style::Secondary, lang))
                .collect(),
        );
    }
    reply
}

fn finish_arg(finish: &Finish) -> Arg {
    let when = when_arg(&finish.finished_at);
    let id = verbatim(finish.table.to_string());
    match finish.score {
        Some(points) => msg!(
            "records-finish-points",
            place = finish.place,
            seats = finish.seats,
            points = points,
            id = id,
            when = when
        ),
        None => msg!(
            "records-finish",
            place = finish.place,
            seats = finish.seats,
            id = id,
            when = when
        ),
    }
    .into()
}

/// A small chart of ratings, oldest first: one block per rating, higher is taller.
fn sparkline(ratings: &[Rating]) -> String {
    const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    let values: Vec<f64> = ratings.iter().map(Rating::conservative).collect();
    let (lo, hi) = values
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &v| {
            (lo.min(v), hi.max(v))
        });
    values
        .iter()
        .map(|&v| {
            let at = if hi - lo < 1e-9 {
                0.5
            } else {
                (v - lo) / (hi - lo)
            };
            BARS[((at * 7.0).round() as usize).min(7)]
        })
        .collect()
}

/// `/stats`: the player's record per game, every game together first; `chat` when the place
/// is a DM or a group DM (its records are its own), not a server.
pub fn stats(stats: &PlayerStats, game: Option<&str>, chat: bool, lang: Lang) -> Reply {
    let who = user_arg(stats.user);
    let mut lines = vec![if chat {
        msg!("records-stats-title-chat", who = who.clone())
    } else {
        msg!("records-stats-title", who = who.clone())
    }];
    if stats.games.is_empty() {
        let game = game.map(games::name_of);
        lines = vec![match (game, chat) {
            (Some(game), false) => msg!("records-stats-empty-game", who = who, game = game),
            (Some(game), true) => msg!("records-stats-empty-game-chat", who = who, game = game),
            (None, false) => msg!("records-stats-empty", who = who),
            (None, true) => msg!("records-stats-empty-chat", who = who),
        }];
    }
    // One game, or a player of one game: everything. Several games: everything over every
    // game, then one line per game (a message holds 2,000 characters; nine games in full do
    // not fit), and how to see one game in full.
    let several = stats.games.len() > 1;
    for (i, g) in stats.games.iter().enumerate() {
        let percent = if g.games > 0 {
            (g.wins * 100 + g.games / 2) / g.games
        } else {
            0
        };
        let rating = g
            .rating
            .as_ref()
            .map(|(r, provisional)| rating_arg(r, *provisional));
        if several && i > 0 {
            let change = match (g.rating, g.trend.first()) {
                (Some((r, _)), Some(first)) if g.trend.len() >= 2 => {
                    signed_tenths(r.conservative() - first.conservative())
                }
                _ => signed_tenths(0.0),
            };
            lines.push(msg!(
                "records-stats-game-line",
                game = game_arg(g.game),
                games = g.games,
                wins = g.wins,
                percent = percent,
                rating = rating.unwrap_or_else(|| verbatim("—")),
                change = change
            ));
            continue;
        }
        lines.push(msg!(
            "records-stats-game",
            game = game_arg(g.game),
            games = g.games,
            wins = g.wins,
            percent = percent
        ));
        if let (Some((r, _)), Some(value)) = (&g.rating, rating) {
            lines.push(match (g.trend.first(), g.trend.len()) {
                (Some(first), n) if n >= 2 => msg!(
                    "records-stats-rating-trend",
                    rating = value,
                    change = signed_tenths(r.conservative() - first.conservative()),
                    games = n - 1,
                    spark = verbatim(sparkline(&g.trend[1..]))
                ),
                _ => msg!("records-stats-rating", rating = value),
            });
        }
        let places: Vec<Arg> = g
            .places
            .iter()
            .map(|&(place, count)| msg!("records-stats-place", place = place, count = count).into())
            .collect();
        lines.push(msg!(
            "records-stats-places",
            places = list_of(places, pakka_text::key!("sep-comma"))
        ));
        if let Some(average) = g.average {
            lines.push(msg!("records-stats-average", points = tenths(average)));
        }
        if let Some(best) = &g.best {
            lines.push(msg!("records-stats-best", finish = finish_arg(best)));
        }
        // The worst only when it is a loss: a player who always won has none.
        if let Some(worst) = g.worst.as_ref().filter(|w| w.place > 1) {
            lines.push(msg!("records-stats-worst", finish = finish_arg(worst)));
        }
        if several {
            lines.push(msg!("records-stats-per-game"));
        }
    }
    if let (Some(favourite), None) = (stats.favourite, game) {
        lines.push(msg!(
            "records-stats-favourite",
            game = games::name_of(favourite)
        ));
    }
    Reply::new(words_lines(&lines, &Plain(lang)))
}

/// Whose games `/history` lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryOf {
    /// One channel of a server.
    Channel,
    /// The whole server.
    Server,
    /// A DM or a group DM, its own place.
    Chat,
}

/// `/history`: the last finished games, newest first, each with its number for `/replay`.
pub fn history(games: &[PastGame], of: HistoryOf, lang: Lang) -> Reply {
    let mut lines = vec![match of {
        HistoryOf::Channel => msg!("records-history-title-channel"),
        HistoryOf::Server => msg!("records-history-title-server"),
        HistoryOf::Chat => msg!("records-history-title-chat"),
    }];
    if games.is_empty() {
        lines.push(msg!("records-history-empty"));
    }
    for g in games {
        let id = verbatim(g.table.to_string());
        let game = games::name_of(&g.game);
        let when = when_arg(&g.finished_at);
        let who = |s: &PastSeat| -> Arg {
            match &s.player {
                Some(player) => player_arg(player),
                None => verbatim("—"),
            }
        };
        let result: Arg = if g.forfeit {
            let gave_up: Vec<Arg> = g
                .seats
                .iter()
                .filter(|s| s.place.is_some())
                .map(who)
                .collect();
            msg!(
                "records-history-gave-up",
                who = list_of(gave_up, pakka_text::key!("sep-and"))
            )
            .into()
        } else {
            let mut seats: Vec<&PastSeat> = g.seats.iter().collect();
            seats.sort_by_key(|s| (s.place, s.seat));
            let places: Vec<Arg> = seats
                .into_iter()
                .map(|s| {
                    let place = s.place.unwrap_or_default();
                    match s.score {
                        Some(points) => msg!(
                            "records-history-place-points",
                            place = place,
                            who = who(s),
                            points = points
                        ),
                        None => msg!("records-history-place", place = place, who = who(s)),
                    }
                    .into()
                })
                .collect();
            list_of(places, pakka_text::key!("sep-comma"))
        };
        lines.push(msg!(
            "records-history-row",
            id = id,
            game = game,
            when = when,
            result = result
        ));
    }
    if !games.is_empty() {
        lines.push(msg!("records-history-hint"));
    }
    Reply::new(words_lines(&lines, &Plain(lang)))
}

/// A season's end, announced in the server's seasons channel: its champion of each game it
/// was played at (and over every game), with their final ratings.
pub fn season_over(
    season: &pakka_table::seasons::Season,
    next: &str,
    champions: &[pakka_table::seasons::Champion],
    lang: Lang,
) -> Reply {
    let mut lines = vec![msg!(
        "discord-season-ended",
        season = verbatim(season.name.clone()),
        next = verbatim(next.to_string())
    )];
    // Every game first, then the games by their names' order in the registry.
    let mut ordered: Vec<&pakka_table::seasons::Champion> = champions.iter().collect();
    ordered.sort_by_key(|c| (c.game != pakka_table::seasons::ALL_GAMES, c.game.clone()));
    for c in ordered {
        let (who, rating) = (
            user_arg(c.user_id),
            rating_arg(&c.rating, pakka_table::ratings::provisional(c.games)),
        );
        lines.push(if c.game == pakka_table::seasons::ALL_GAMES {
            msg!("discord-season-champion-all", who = who, rating = rating)
        } else {
            msg!(
                "discord-season-champion",
                game = game_arg(Some(c.game.as_str())),
                who = who,
                rating = rating
            )
        });
    }
    if champions.is_empty() {
        lines.push(msg!(
            "discord-season-no-champions",
            season = verbatim(season.name.clone())
        ));
    }
    Reply::new(words_lines(&lines, &Plain(lang)))
}
