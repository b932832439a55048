-- Learning at the table (issue 30). `hints`: a 💡 button in every hand names the move the
-- `normal` computer player would make; such a table is unrated (no result rows, no rating).
-- `open_seats`: a person who is not seated may take a computer player's seat while the game
-- runs. A seat a person took over keeps the level it was played at (`taken_from`) and the move
-- number at which the person took it (`taken_at`), so the table's story and its replay say who
-- took over when; a table with a taken-over seat is unrated too.
ALTER TABLE tables ADD COLUMN hints BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE tables ADD COLUMN open_seats BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE seats ADD COLUMN taken_from TEXT CHECK (taken_from IN ('easy', 'normal', 'hard'));
ALTER TABLE seats ADD COLUMN taken_at BIGINT CHECK (taken_at >= 0);
