//! Players' records as the front ends show them: the rating leaderboard of a server by game
//! and period, in pages (`/scores`), one player's record per game (`/stats`) and the last
//! finished games (`/history`), and every rating recomputed from the stored results (`pakka
//! ratings`). Reads the store; the periods are counted back from now on the
//! database's own clock text (ISO 8601 UTC), which `time` writes and reads here.

use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

use super::{ChannelId, GuildId, TableError, TableService, UserId};
use pakka_ratings::{provisional, Player, Rating};
use pakka_rules::registry;
use pakka_store::{self, ALL_GAMES};

/// Lines per page of a leaderboard.
pub const PAGE: usize = 10;
/// Games `/history` lists.
pub const HISTORY: usize = 10;

/// The span of a leaderboard: the last 7, 30 or 365 days, or all time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Period {
    Week,
    Month,
    Year,
    #[default]
    All,
}

impl Period {
    pub const ALL: [Period; 4] = [Period::Week, Period::Month, Period::Year, Period::All];

    /// The period's name in the catalog's selectors and in button ids.
    pub fn name(self) -> &'static str {
        match self {
            Period::Week => "week",
            Period::Month => "month",
            Period::Year => "year",
            Period::All => "all",
        }
    }

    pub fn from_name(name: &str) -> Option<Period> {
        Period::ALL.into_iter().find(|p| p.name() == name)
    }

    fn days(self) -> Option<i64> {
        match self {
            Period::Week => Some(7),
            Period::Month => Some(30),
            Period::Year => Some(365),
            Period::All => None,
        }
    }

    /// The first instant of the period ending `now`, as the store's timestamp text.
    pub fn since(self, now: OffsetDateTime) -> Option<String> {
        let start = now - time::Duration::days(self.days()?);
        Some(timestamp_text(start))
    }
}

/// A timestamp as the store writes it: `2026-11-25T01:22:04.123Z`.
fn timestamp_text(at: OffsetDateTime) -> String {
    let at = at.to_offset(time::UtcOffset::UTC);
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
        at.year(),
        u8::from(at.month()),
        at.day(),
        at.hour(),
        at.minute(),
        at.second(),
        at.millisecond()
    )
}

/// The Unix time of a stored timestamp (for Discord's `<t:…>` and the terminal), if it reads.
pub fn unix_time(stored: &str) -> Option<i64> {
    OffsetDateTime::parse(stored, &Rfc3339)
        .ok()
        .map(OffsetDateTime::unix_timestamp)
}

// A finished game of a player, and the games `/history` lists, as the store reads them.
pub use pakka_store::{Finish, PastGame, PastSeat};

/// One line of a leaderboard page.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreLine {
    /// The line's place on the whole board, from 1.
    pub place: usize,
    pub player: Player,
    pub rating: Rating,
    /// Too few rated games for the rating to mean much yet: shown with "?", listed after the
    /// established ones.
    pub provisional: bool,
    pub games: i64,
    pub wins: i64,
    pub points: Option<i64>,
}

/// A page of a server's leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoresPage {
    pub game: Option<&'static str>,
    pub period: Period,
    /// A season's board: its number and name (`/scores season:`).
    pub season: Option<(u32, String)>,
    /// From 0.
    pub page: usize,
    pub pages: usize,
    pub lines: Vec<ScoreLine>,
}

/// One player's record at one game (`game` None: every game together).
#[derive(Clone, Debug, PartialEq)]
pub struct GameStats {
    pub game: Option<&'static str>,
    pub games: i64,
    pub wins: i64,
    /// (place, how many times), best first.
    pub places: Vec<(usize, i64)>,
    /// Average points over the games that count points, if any did.
    pub average: Option<f64>,
    pub rating: Option<(Rating, bool)>,
    /// Ratings before and after the last rated games, oldest first.
    pub trend: Vec<Rating>,
    pub best: Option<Finish>,
    pub worst: Option<Finish>,
}

/// One player's record in a server: every game together first (when several were played),
/// then each game, most played first; the favourite is the most played.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerStats {
    pub user: UserId,
    pub games: Vec<GameStats>,
    pub favourite: Option<&'static str>,
}

/// The registry id of a game named by id or alias.
/// A leaderboard's page `page` as the lines people read, placed from the page's first.
pub(crate) fn score_lines(board: pakka_store::Board, page: usize) -> Vec<ScoreLine> {
    board
        .rows
        .into_iter()
        .enumerate()
        .map(|(i, r)| ScoreLine {
            place: page * PAGE + i + 1,
            provisional: provisional(r.rated_games),
            player: r.player,
            rating: r.rating,
            games: r.games,
            wins: r.wins,
            points: r.points,
        })
        .collect()
}

pub(crate) fn game_named(name: Option<&str>) -> Result<Option<&'static str>, TableError> {
    name.map(|n| {
        registry::find(n)
            .map(|g| g.id)
            .ok_or_else(|| TableError::UnknownGame(n.to_string()))
    })
    .transpose()
}

impl TableService {
    /// Page `page` (from 0; past the end shows the last) of the server's leaderboard by
    /// rating, for one game or every game, over a period.
    pub async fn scores(
        &self,
        guild: GuildId,
        game: Option<&str>,
        period: Period,
        page: usize,
    ) -> Result<ScoresPage, TableError> {
        let game = game_named(game)?;
        let track = game.unwrap_or(ALL_GAMES);
        let since = period.since(OffsetDateTime::now_utc());
        let mut board = self
            .store
            .board(guild, track, since.as_deref(), page * PAGE, PAGE)
            .await?;
        let pages = board.total.div_ceil(PAGE).max(1);
        let page = page.min(pages - 1);
        if board.rows.is_empty() && board.total > 0 {
            board = self
                .store
                .board(guild, track, since.as_deref(), page * PAGE, PAGE)
                .await?;
        }
        let lines = score_lines(board, page);
        Ok(ScoresPage {
            game,
            period,
            season: None,
            page,
            pages,
            lines,
        })
    }

    /// A person's record in the server, for one game or all they played.
    pub async fn stats(
        &self,
        guild: GuildId,
        user: UserId,
        game: Option<&str>,
    ) -> Result<PlayerStats, TableError> {
        let game = game_named(game)?;
        let records = self.store.player_records(guild, user, game).await?;
        let games: Vec<GameStats> = records
            .into_iter()
            .map(|r| GameStats {
                game: registry::find(&r.game).map(|g| g.id),
                games: r.games,
                wins: r.wins,
                places: r.places,
                average: (r.points.1 > 0).then(|| r.points.0 as f64 / r.points.1 as f64),
                rating: r.rating.map(|(rating, n)| (rating, provisional(n))),
                trend: r.trend,
                best: r.best,
                worst: r.worst,
            })
            .collect();
        let favourite = games
            .iter()
            .filter(|g| g.game.is_some())
            // The first of the most played (the list is ordered by games, then game id).
            .reduce(|best, g| if g.games > best.games { g } else { best })
            .and_then(|g| g.game);
        Ok(PlayerStats {
            user,
            games,
            favourite,
        })
    }

    /// The last finished games of a channel, or of the whole server.
    pub async fn history(
        &self,
        guild: GuildId,
        channel: Option<ChannelId>,
    ) -> Result<Vec<PastGame>, TableError> {
        let games = self.store.history(guild, channel, HISTORY).await?;
        Ok(games)
    }

    /// Recomputes every rating from the results (see `Store::recompute_ratings`).
    pub async fn recompute_ratings(
        &self,
        write: bool,
    ) -> Result<pakka_store::Recomputed, TableError> {
        Ok(self.store.recompute_ratings(write).await?)
    }
}

#[cfg(test)]
mod tests {
    //! Periods of the records: they count back from now in the store's time format and round-trip
    //! by name.

    use super::*;

    #[test]
    fn periods_count_back_from_now_in_the_stores_format() {
        let now = OffsetDateTime::from_unix_timestamp(1_795_000_000).unwrap();
        assert_eq!(Period::All.since(now), None);
        let week = Period::Week.since(now).unwrap();
        assert_eq!(week, "2026-11-11T11:06:40.000Z");
        assert_eq!(unix_time(&week), Some(1_795_000_000 - 7 * 86_400));
        assert_eq!(unix_time("2026-11-25T01:22:04.123Z"), Some(1_795_569_724));
        assert_eq!(unix_time("yesterday"), None);
        for p in Period::ALL {
            assert_eq!(Period::from_name(p.name()), Some(p));
        }
    }
}
