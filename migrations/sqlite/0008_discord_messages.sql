-- The Discord edge's own record of its messages per table (the public table message of the
-- current deal, the live turn ping), so the tables hold no Discord concept: the table service
-- never reads or writes these, and a move writes the move alone. The ids move over as they are.
CREATE TABLE discord_messages (
    table_id   INTEGER PRIMARY KEY REFERENCES tables(id),
    message_id INTEGER,
    ping_id    INTEGER
);
INSERT INTO discord_messages (table_id, message_id, ping_id)
    SELECT id, message_id, ping_id FROM tables
    WHERE message_id IS NOT NULL OR ping_id IS NOT NULL;
ALTER TABLE tables DROP COLUMN message_id;
ALTER TABLE tables DROP COLUMN ping_id;
