-- Per-server settings: whether the table and hand messages carry a rendered picture (on unless a
-- server manager turned pictures off with /settings; text is always there beside it).
ALTER TABLE guild_settings ADD COLUMN images INTEGER NOT NULL DEFAULT 1 CHECK (images IN (0, 1));
