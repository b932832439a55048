-- One row that `/readyz` writes to learn whether the database takes writes (a full disk, a
-- read-only file or server refuse it).
CREATE TABLE write_probe (
    id INTEGER PRIMARY KEY,
    probed_at TEXT NOT NULL
);
