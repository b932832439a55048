-- Ratings (issue 17). Each result row now says who played a computer seat (`computer`, the
-- level), which team the seat played in (`team`: the seat itself, or its partnership in Teka)
-- and in which order the server's results were rated (`rating_seq`, per server, shared by the
-- rows of one table). Ratings are recomputed from these rows in that order.
ALTER TABLE results ADD COLUMN computer TEXT;
ALTER TABLE results ADD COLUMN team INTEGER;
ALTER TABLE results ADD COLUMN rating_seq INTEGER;

UPDATE results SET computer = (
    SELECT s.computer FROM seats AS s WHERE s.table_id = results.table_id AND s.seat = results.seat
) WHERE user_id IS NULL;
UPDATE results SET team = CASE WHEN game = 'teka' AND NOT forfeit THEN seat % 2 ELSE seat END;
UPDATE results SET rating_seq = o.seq FROM (
    SELECT table_id, DENSE_RANK() OVER (PARTITION BY guild_id ORDER BY finished_at, table_id) AS seq
    FROM results
) AS o WHERE o.table_id = results.table_id;

CREATE INDEX results_guild_seq ON results (guild_id, rating_seq);
CREATE INDEX results_guild_finished ON results (guild_id, finished_at);
CREATE INDEX results_user ON results (guild_id, user_id);

-- The current rating of each player per server and game (`game` '*' is the server's rating over
-- every game). A player is a person (`user_id`, `level` '') or a computer level (`user_id` 0,
-- `level` 'easy', 'normal' or 'hard'). `games`, `wins` and `points` count the player's result rows.
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    level      TEXT    NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    points     INTEGER,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id, level)
) WITHOUT ROWID;

-- Each rated game's new rating per player and track (the game, and '*'): /stats draws the trend.
CREATE TABLE rating_history (
    table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    game       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    level      TEXT    NOT NULL,
    guild_id   INTEGER NOT NULL,
    seq        INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    PRIMARY KEY (table_id, game, user_id, level)
) WITHOUT ROWID;

CREATE INDEX rating_history_player ON rating_history (guild_id, game, user_id, level, seq);
