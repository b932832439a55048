-- Matches can be paused (/pause) and taken up again later (/resume) in the same channel. A paused
-- table stays in phase 'playing' with its move log, but no longer holds its channel.
ALTER TABLE tables ADD COLUMN paused BOOLEAN NOT NULL DEFAULT FALSE;

DROP INDEX tables_one_open_per_channel;
CREATE UNIQUE INDEX tables_one_open_per_channel
    ON tables (channel_id) WHERE phase IN ('lobby', 'playing') AND NOT paused;

-- Finds a channel's paused matches for /resume.
CREATE INDEX tables_paused ON tables (channel_id) WHERE paused;
