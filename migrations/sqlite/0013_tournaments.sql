-- Tournaments (issue 46). An event runs rounds of ordinary tables for one game: who signed up
-- (`tournament_players`), each round's pairing as its planner made it (`tournament_rounds.plan`,
-- JSON) and each of the round's tables with its result once it ended (`tournament_tables`).
-- The standings are computed from these rows, never stored. Times the event waits for
-- (`deadline_ms`: the end of a check-in, or of a round's time) are milliseconds since the Unix
-- epoch, so they survive a restart. `rounds` 0 is the format's own count for the players who
-- start, set at the start.
CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    message_id    INTEGER,
    organiser     INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    options       TEXT    NOT NULL,
    format        TEXT    NOT NULL
                  CHECK (format IN ('swiss', 'round-robin', 'knockout', 'duplicate')),
    seats         INTEGER NOT NULL CHECK (seats BETWEEN 2 AND 8),
    rounds        INTEGER NOT NULL CHECK (rounds >= 0),
    max_players   INTEGER NOT NULL CHECK (max_players BETWEEN 2 AND 256),
    round_minutes INTEGER NOT NULL CHECK (round_minutes >= 1),
    checkin_minutes INTEGER NOT NULL CHECK (checkin_minutes >= 1),
    level         TEXT    NOT NULL CHECK (level IN ('easy', 'normal', 'hard')),
    seed          INTEGER NOT NULL,
    phase         TEXT    NOT NULL DEFAULT 'signup'
                  CHECK (phase IN ('signup', 'checkin', 'playing', 'finished', 'cancelled')),
    paused        INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
    round         INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),
    deadline_ms   INTEGER,
    created_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The events still running, found at start-up.
CREATE INDEX tournaments_phase ON tournaments (phase);

-- Who signed up, in order (`joined`), with the rating they came with; the round they last
-- checked in for; how many rounds in a row they missed; and whether they left (`withdrawn`:
-- 0 still in, 1 by themselves, 2 for missing two rounds in a row).
CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    joined        INTEGER NOT NULL,
    rating        REAL    NOT NULL,
    checked_in    INTEGER NOT NULL DEFAULT 0,
    missed        INTEGER NOT NULL DEFAULT 0,
    withdrawn     INTEGER NOT NULL DEFAULT 0 CHECK (withdrawn IN (0, 1, 2)),
    PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;

-- A round as paired: the plan (JSON) is written once, with its tables, in one transaction.
CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL CHECK (round >= 1),
    plan          TEXT    NOT NULL,
    created_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (tournament_id, round)
) WITHOUT ROWID;

-- Each table of a round: the pakka table playing it once opened (NULL before, and for a
-- table decided without a game), and its result (JSON) once it ended.
CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL,
    round         INTEGER NOT NULL,
    idx           INTEGER NOT NULL CHECK (idx >= 0),
    table_id      INTEGER REFERENCES tables (id),
    result        TEXT,
    PRIMARY KEY (tournament_id, round, idx),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, round)
        ON DELETE CASCADE
) WITHOUT ROWID;

-- A finished table finds its event.
CREATE UNIQUE INDEX tournament_tables_table ON tournament_tables (table_id);
