-- The latest result a match posted (a deal's or the game's), so that the next one, or a
-- process started after a restart, removes it instead of leaving it in the channel.
ALTER TABLE discord_messages ADD COLUMN result_id INTEGER;
