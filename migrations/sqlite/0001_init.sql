-- pakka's schema: one row per table (a game in a channel), its seats, its move log, the running
-- match totals and, once finished, one result row per seat. Discord snowflakes and seeds are
-- stored as INTEGER (u64 bit-cast to i64); JSON values are stored as TEXT.

-- A game table in a Discord channel, from its lobby to its end. `state` is the serialized rules
-- state after move `move_number` (NULL while in the lobby).
CREATE TABLE tables (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    options     TEXT    NOT NULL,
    seats       INTEGER NOT NULL CHECK (seats > 0),
    seed        INTEGER NOT NULL,
    created_by  INTEGER NOT NULL,
    phase       TEXT    NOT NULL DEFAULT 'lobby'
                CHECK (phase IN ('lobby', 'playing', 'finished', 'abandoned')),
    move_number INTEGER NOT NULL DEFAULT 0,
    state       TEXT,
    message_id  INTEGER,
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    finished_at TEXT
);

-- At most one open (lobby or playing) table per channel.
CREATE UNIQUE INDEX tables_one_open_per_channel
    ON tables (channel_id) WHERE phase IN ('lobby', 'playing');

-- Finds the open tables at start-up.
CREATE INDEX tables_phase ON tables (phase);

-- Who sits where: user_id NULL is an open seat (or a computer player).
CREATE TABLE seats (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    user_id  INTEGER,
    accepted INTEGER NOT NULL DEFAULT 0 CHECK (accepted IN (0, 1)),
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;

-- The move log: every applied action, in order; a move number is stored at most once.
CREATE TABLE moves (
    table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    number     INTEGER NOT NULL CHECK (number >= 0),
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    action     TEXT    NOT NULL,
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (table_id, number)
) WITHOUT ROWID;

-- Running totals of a match of several deals: one row per seat, the latest deal's score.
CREATE TABLE match_totals (
    table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    deal       INTEGER NOT NULL,
    score      INTEGER NOT NULL,
    updated_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;

-- Final ranking of a finished table, one row per seat; guild and game are copied from the table
-- so the leaderboard reads one table. place 1 is best; ties share a place.
CREATE TABLE results (
    table_id    INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    user_id     INTEGER,
    place       INTEGER NOT NULL CHECK (place >= 1),
    won         INTEGER NOT NULL CHECK (won IN (0, 1)),
    score       INTEGER,
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;

-- The per-server (and per-game) leaderboard.
CREATE INDEX results_guild_game ON results (guild_id, game);
