-- Computer players. A seat may be played by the computer at a level ('easy', 'normal',
-- 'hard'), and a person's seat may be taken over by the computer while its owner is away
-- (`stand_in`, after the table's turn timer ran out, until they press "I'm back").
ALTER TABLE seats ADD COLUMN computer TEXT CHECK (computer IN ('easy', 'normal', 'hard'));
ALTER TABLE seats ADD COLUMN stand_in INTEGER NOT NULL DEFAULT 0 CHECK (stand_in IN (0, 1));

-- The table's turn timer in minutes (NULL: off).
ALTER TABLE tables ADD COLUMN turn_timer INTEGER CHECK (turn_timer > 0);
