//! A leaderboard's line, worded alike by every edge: its place, its player (a person as the
//! edge names them, a computer player by its level), their rating (with "?" while it is
//! provisional), wins, games and, for games that count them, points.

use pakka_table::ratings::{Player, Rating};
use pakka_table::records::ScoreLine;
use pakka_text::{msg, tenths, Arg, Msg};

/// A computer level's word, from its stored name.
fn level_name(level: &str) -> Msg {
    match level {
        "easy" => msg!("level-easy"),
        "hard" => msg!("level-hard"),
        _ => msg!("level-normal"),
    }
}

/// A player of a leaderboard: a person as `person` names them, a computer by its level.
pub fn player_arg(player: &Player, person: &dyn Fn(u64) -> Arg) -> Arg {
    match player {
        Player::Person(user) => person(*user),
        Player::Computer(level) => msg!("records-computer", level = level_name(level)).into(),
    }
}

/// A rating as a leaderboard shows it: its conservative value, "?" while provisional.
pub fn rating_arg(rating: &Rating, provisional: bool) -> Arg {
    let value = tenths(rating.conservative());
    if provisional {
        msg!("records-rating-provisional", rating = value).into()
    } else {
        msg!("records-rating", rating = value).into()
    }
}

/// One line of a leaderboard, its people named by `person`.
pub fn score_line(line: &ScoreLine, person: &dyn Fn(u64) -> Arg) -> Msg {
    let (place, who) = (line.place, player_arg(&line.player, person));
    let rating = rating_arg(&line.rating, line.provisional);
    match line.points {
        Some(points) => msg!(
            "records-scores-row-points",
            place = place,
            who = who,
            rating = rating,
            wins = line.wins,
            games = line.games,
            points = points
        ),
        None => msg!(
            "records-scores-row",
            place = place,
            who = who,
            rating = rating,
            wins = line.wins,
            games = line.games
        ),
    }
}
