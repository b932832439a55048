//! A server's seasons (issue 46): the setting (`monthly`, `quarterly`, or none, announced in
//! a channel), the current season opened when they are turned on, the rollover when the
//! service's clock passes into the next month or quarter (the store keeps the ending season's
//! standings and starts every rating afresh, `Rating::next_season`), and the champions of the
//! season that ended, told to the edges as an `EventChange::SeasonEnded`. A past season's
//! leaderboard is `TableService::scores_in_season`. The clock is the service's own
//! (`TableService::now`), which the tests move forward.

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use time::OffsetDateTime;

use super::records::{game_named, score_lines, Period, ScoresPage, PAGE};
use super::tournaments::EventChange;
use super::{ChannelId, GuildId, TableError, TableService};
use pakka_store::GuildSetting;

pub use pakka_store::{Champion, Season, ALL_GAMES};

/// How long a server's season lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeasonLength {
    Monthly,
    Quarterly,
}

impl SeasonLength {
    pub const ALL: [SeasonLength; 2] = [SeasonLength::Monthly, SeasonLength::Quarterly];

    /// As stored and in the catalog's selectors.
    pub fn id(self) -> &'static str {
        match self {
            SeasonLength::Monthly => "monthly",
            SeasonLength::Quarterly => "quarterly",
        }
    }

    pub fn from_id(id: &str) -> Option<SeasonLength> {
        SeasonLength::ALL.into_iter().find(|l| l.id() == id)
    }

    /// The name of the season `at` falls in (UTC): `2026-11`, or `2026-Q4`.
    pub fn name_at(self, at: SystemTime) -> String {
        let secs = at
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        let date = OffsetDateTime::from_unix_timestamp(secs)
            .unwrap_or(OffsetDateTime::UNIX_EPOCH)
            .date();
        let month = date.month() as u8;
        match self {
            SeasonLength::Monthly => format!("{}-{month:02}", date.year()),
            SeasonLength::Quarterly => format!("{}-Q{}", date.year(), (month - 1) / 3 + 1),
        }
    }
}

/// How often the clock looks for a season to end.
const SEASON_CHECK: Duration = Duration::from_secs(1);

impl TableService {
    /// The service's clock: the system's, moved forward in the tests (`advance_clock`).
    pub fn now(&self) -> SystemTime {
        let ahead = self.clock_ahead.load(std::sync::atomic::Ordering::Relaxed);
        SystemTime::now() + Duration::from_millis(ahead)
    }

    /// Moves the service's clock forward (seasons in the tests).
    #[cfg(any(test, feature = "testing"))]
    pub fn advance_clock(&self, by: Duration) {
        self.clock_ahead
            .fetch_add(by.as_millis() as u64, std::sync::atomic::Ordering::Relaxed);
    }

    /// Turns a server's seasons on (`monthly`, `quarterly`, announced in `channel`) or off;
    /// answers the season now open, if any.
    pub async fn set_seasons(
        &self,
        guild: GuildId,
        length: Option<SeasonLength>,
        channel: ChannelId,
    ) -> Result<Option<Season>, TableError> {
        self.store
            .set_guild_setting(
                guild,
                &GuildSetting::Seasons {
                    length: length.map(|l| l.id().to_string()),
                    channel,
                },
            )
            .await?;
        match length {
            Some(length) => Ok(Some(
                self.store
                    .open_season(guild, &length.name_at(self.now()))
                    .await?,
            )),
            None => Ok(None),
        }
    }

    /// How long the server's seasons last, if its ratings run in seasons.
    pub async fn season_length(&self, guild: GuildId) -> Option<SeasonLength> {
        match self.store.guild_settings(guild).await {
            Ok(settings) => settings.seasons.as_deref().and_then(SeasonLength::from_id),
            Err(e) => {
                tracing::warn!(error = %e, "the server's seasons setting could not be read");
                None
            }
        }
    }

    /// A server's seasons, oldest first (none unless it ever ran them).
    pub async fn seasons(&self, guild: GuildId) -> Result<Vec<Season>, TableError> {
        Ok(self.store.seasons(guild).await?)
    }

    /// Page `page` of a season's leaderboard: a past season's final standings; the current
    /// season's is the leaderboard of all time (its ratings and counts since the season began).
    pub async fn scores_in_season(
        &self,
        guild: GuildId,
        game: Option<&str>,
        season: u32,
        page: usize,
    ) -> Result<ScoresPage, TableError> {
        let seasons = self.store.seasons(guild).await?;
        let Some(found) = seasons.iter().find(|s| s.number == season) else {
            return Err(TableError::NoSuchSeason { season });
        };
        if found.ended_at.is_none() {
            let mut current = self.scores(guild, game, Period::All, page).await?;
            current.season = Some((found.number, found.name.clone()));
            return Ok(current);
        }
        let game = game_named(game)?;
        let track = game.unwrap_or(ALL_GAMES);
        let total = self
            .store
            .season_board(guild, season, track, 0, 1)
            .await?
            .total;
        let pages = total.div_ceil(PAGE).max(1);
        let page = page.min(pages - 1);
        let board = self
            .store
            .season_board(guild, season, track, page * PAGE, PAGE)
            .await?;
        let lines = score_lines(board, page);
        Ok(ScoresPage {
            game,
            period: Period::All,
            season: Some((found.number, found.name.clone())),
            page,
            pages,
            lines,
        })
    }

    /// The seasons' clock, from the runner's tick (at most once a second): every server whose
    /// open season is not the season of now ends it and opens the next; its champions are told.
    pub(crate) async fn tick_seasons(&self) {
        {
            let Ok(mut last) = self.season_checked.lock() else {
                return;
            };
            if last.is_some_and(|at| at.elapsed() < SEASON_CHECK) {
                return;
            }
            *last = Some(std::time::Instant::now());
        }
        let servers = match self.store.season_servers().await {
            Ok(servers) => servers,
            Err(e) => {
                tracing::warn!(error = %e, "the seasons could not be read");
                return;
            }
        };
        let now = self.now();
        for (guild, length, channel) in servers {
            if !self.serves(guild) {
                continue;
            }
            let Some(length) = SeasonLength::from_id(&length) else {
                continue;
            };
            let name = length.name_at(now);
            // A read first: the rollover's transaction (and on PostgreSQL its lock on the
            // server's ratings) only when the season has changed.
            let open = match self.store.seasons(guild).await {
                Ok(seasons) => seasons.into_iter().find(|s| s.ended_at.is_none()),
                Err(e) => {
                    tracing::warn!(error = %e, guild, "a server's seasons could not be read");
                    continue;
                }
            };
            if open.is_none_or(|open| open.name == name) {
                continue;
            }
            match self.store.roll_season(guild, &name).await {
                Ok(Some(ended)) => {
                    let champions = match self.store.season_champions(guild, ended.number).await {
                        Ok(champions) => champions,
                        Err(e) => {
                            tracing::warn!(error = %e, guild, "a season's champions");
                            Vec::new()
                        }
                    };
                    tracing::info!(guild, season = %ended.name, next = %name, "a season ended");
                    let _ = self.events.bus.send(EventChange::SeasonEnded {
                        guild,
                        channel,
                        season: Arc::new(ended),
                        next: name,
                        champions: Arc::new(champions),
                    });
                }
                Ok(None) => {}
                Err(e) => tracing::warn!(error = %e, guild, "a season could not end"),
            }
        }
    }
}
