-- Seasons (issue 46). A server may run its ratings in seasons (`guild_settings.seasons`:
-- 'monthly' or 'quarterly'; NULL none), announced in `seasons_channel`. Each season is a row
-- of `seasons`, named for its month or quarter ('2026-11', '2026-Q4'); the results rated in it
-- are those of `rating_seq` from `first_seq` on. When a season ends its final ratings are kept
-- in `season_ratings` (what `/scores season:` shows), and every rating of the server starts the
-- next season from where it was with its uncertainty widened (docs/ratings.md).
ALTER TABLE guild_settings ADD COLUMN seasons TEXT CHECK (seasons IN ('monthly', 'quarterly'));
ALTER TABLE guild_settings ADD COLUMN seasons_channel BIGINT;

CREATE TABLE seasons (
    guild_id   BIGINT NOT NULL,
    number     BIGINT NOT NULL CHECK (number >= 1),
    name       TEXT    NOT NULL,
    first_seq  BIGINT NOT NULL,
    started_at TEXT    NOT NULL,
    ended_at   TEXT,
    PRIMARY KEY (guild_id, number)
);

CREATE TABLE season_ratings (
    guild_id BIGINT NOT NULL,
    season   BIGINT NOT NULL,
    game     TEXT    NOT NULL,
    user_id  BIGINT NOT NULL,
    level    TEXT    NOT NULL,
    mu       DOUBLE PRECISION NOT NULL,
    sigma    DOUBLE PRECISION NOT NULL,
    games    BIGINT NOT NULL,
    wins     BIGINT NOT NULL,
    points   BIGINT,
    PRIMARY KEY (guild_id, season, game, user_id, level)
);
