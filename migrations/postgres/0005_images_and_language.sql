-- Per-server settings: whether the table and hand messages carry a rendered picture (on unless a
-- server manager turned pictures off with /settings; text is always there beside it), and the
-- language of the server's public messages (NULL: the server's preferred locale when pakka
-- ships it, else English).
ALTER TABLE guild_settings ADD COLUMN images BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE guild_settings ADD COLUMN language TEXT;
