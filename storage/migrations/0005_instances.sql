-- capomaestro store, PostgreSQL layout 5: stable instance names with a fencing counter.
-- A bot process claims work (outbox rows, timers) under its instance name (configured, or
-- its shard range), the same across its restarts: a restarted process takes back at once
-- what it held when it died instead of waiting for its own leases to end. Each start
-- bumps the name's incarnation; a claim is made only by the newest incarnation, so an
-- old one still running (a process thought dead) claims nothing after the new one starts.
CREATE TABLE instances (
    name        TEXT PRIMARY KEY,
    incarnation BIGINT NOT NULL,
    started_ms  BIGINT NOT NULL
);
