-- Matches can be paused (/pause) and taken up again later (/resume) in the same channel. A paused
-- table stays in phase 'playing' with its move log, but no longer holds its channel.
ALTER TABLE tables ADD COLUMN paused INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1));

DROP INDEX tables_one_open_per_channel;
CREATE UNIQUE INDEX tables_one_open_per_channel
    ON tables (channel_id) WHERE phase IN ('lobby', 'playing') AND paused = 0;

-- Finds a channel's paused matches for /resume.
CREATE INDEX tables_paused ON tables (channel_id) WHERE paused = 1;
