-- A player who gives up a running game (/abandon) forfeits it: the table is abandoned and one
-- result row is written for that player only (a loss on the leaderboard, `forfeit` set); nobody
-- else is charged.
ALTER TABLE results ADD COLUMN forfeit INTEGER NOT NULL DEFAULT 0 CHECK (forfeit IN (0, 1));

-- Per-server settings: whether /play opens a thread of its own for each table by default.
CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    threads  INTEGER NOT NULL DEFAULT 0 CHECK (threads IN (0, 1))
);

-- The table's one live turn ping (a Discord message id), so a restarted bot deletes it when the
-- turn passes instead of leaving it behind.
ALTER TABLE tables ADD COLUMN ping_id INTEGER;
