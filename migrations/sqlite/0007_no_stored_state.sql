-- The move log and the seed are the truth: a table's game is replayed from them, and no state is
-- stored. Before this, every move rewrote the whole state (several kilobytes) and a restore
-- compared it with the replay, so a change of a state's shape stranded every running table.
ALTER TABLE tables DROP COLUMN state;
