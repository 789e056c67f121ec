-- capomaestro store, PostgreSQL layout 1. Applied once, in one transaction, under the
-- migration advisory lock (see storage/src/pg/migrate.rs). Ids and times are the store's
-- u64 values as BIGINT (same bits); records are the versioned binary records of
-- storage/src/codec.rs, the same bytes sled stores.

-- Unique ids: game ids and outbox row ids.
CREATE SEQUENCE capomaestro_ids START 1;

-- Facts about the store itself: `written_by` (newest record formats ever written).
CREATE TABLE store_info (
    key   TEXT PRIMARY KEY,
    value BYTEA NOT NULL
);

-- One row per channel with a table (lobby or running, or finished and not yet
-- archived). `meta` is the encoded Meta; `snapshot` the encoded snapshot (tagged with
-- the move it was taken at); game_id, status, guild and version are copied out of
-- meta for the queries and locks. A move locks this row (SELECT ... FOR UPDATE).
CREATE TABLE games (
    channel  BIGINT PRIMARY KEY,
    game_id  BIGINT NOT NULL,
    version  BIGINT NOT NULL,
    guild    BIGINT NOT NULL,
    meta     BYTEA NOT NULL,
    snapshot BYTEA,
    -- Status Finished was committed: the archive is still to be written.
    finished BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX games_finished ON games (channel) WHERE finished;

-- The action log of every game: entry `idx` is the action that made version idx + 1.
CREATE TABLE game_log (
    game_id BIGINT NOT NULL,
    idx     BIGINT NOT NULL,
    entry   BYTEA NOT NULL,
    PRIMARY KEY (game_id, idx)
);

-- Finished and abandoned games with their result (encoded ArchiveEntry).
CREATE TABLE archive (
    channel     BIGINT NOT NULL,
    game_id     BIGINT NOT NULL,
    guild       BIGINT NOT NULL,
    game        TEXT NOT NULL,
    archived_at BIGINT NOT NULL,
    entry       BYTEA NOT NULL,
    PRIMARY KEY (channel, game_id)
);
CREATE INDEX archive_guild ON archive (guild, game_id);

-- Records that could not be read, kept with the reason.
CREATE TABLE quarantine (
    id             BIGSERIAL PRIMARY KEY,
    channel        BIGINT NOT NULL,
    reason         TEXT NOT NULL,
    at             BIGINT NOT NULL,
    meta_bytes     BYTEA NOT NULL,
    snapshot_bytes BYTEA
);

-- Deliveries not yet confirmed. lease_owner / lease_until_ms: a process that claims a
-- row (FOR UPDATE SKIP LOCKED) holds it until then; another takes it after.
CREATE TABLE outbox (
    id             BIGINT PRIMARY KEY,
    channel        BIGINT NOT NULL,
    due_ms         BIGINT NOT NULL,
    attempts       INTEGER NOT NULL DEFAULT 0,
    payload        BYTEA NOT NULL,
    lease_owner    TEXT,
    lease_until_ms BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX outbox_due ON outbox (due_ms, id);
CREATE INDEX outbox_channel ON outbox (channel, id);

-- Small per-channel facts (the live turn message, proposals).
CREATE TABLE notes (
    channel BIGINT NOT NULL,
    name    TEXT NOT NULL,
    value   BYTEA NOT NULL,
    PRIMARY KEY (channel, name)
);

-- One timer per (channel, kind); leases as for the outbox.
CREATE TABLE timers (
    channel        BIGINT NOT NULL,
    kind           SMALLINT NOT NULL,
    due_ms         BIGINT NOT NULL,
    game_id        BIGINT NOT NULL,
    version        BIGINT NOT NULL,
    count          INTEGER NOT NULL,
    held_up        BOOLEAN NOT NULL,
    lease_owner    TEXT,
    lease_until_ms BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (channel, kind)
);
CREATE INDEX timers_due ON timers (due_ms, channel, kind);

-- Where each player is seated ("my games").
CREATE TABLE players (
    user_id BIGINT NOT NULL,
    channel BIGINT NOT NULL,
    game_id BIGINT NOT NULL,
    PRIMARY KEY (user_id, channel)
);

-- Per-server stats, per game and for all games (game = '*').
CREATE TABLE stats (
    guild     BIGINT NOT NULL,
    game      TEXT NOT NULL,
    user_id   BIGINT NOT NULL,
    name      TEXT NOT NULL,
    played    INTEGER NOT NULL,
    won       INTEGER NOT NULL,
    score_sum BIGINT NOT NULL,
    best      BIGINT NOT NULL,
    streak    INTEGER NOT NULL,
    PRIMARY KEY (guild, game, user_id)
);
