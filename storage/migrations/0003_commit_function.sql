-- capomaestro store, PostgreSQL layout 3: a move commits in one round trip.
-- `capomaestro_commit` does every write of one `Store::commit` / `commit_at`: the game's
-- row (its lock serializes the channel's moves, whichever process makes them; the stamp
-- and version checks in the upsert's WHERE), the log entry, the outbox rows, the timer
-- changes and the seated players. The store calls it as one statement outside any
-- explicit transaction: PostgreSQL runs it as one implicit transaction, durable when the
-- answer comes (synchronous_commit on), and an exception rolls back all of it.
-- Refusals raise SQLSTATEs the store maps back (storage/src/pg/commit.rs):
--   CM001 the row was moved by another process since the base stamp was read;
--   CM002 the stored game is past this change's version (same game);
--   CM003 the log entry already exists.
-- Returns the row's new stamp (its xmin) and the new outbox ids, in order.
-- New outbox rows (a commit's, `Store::enqueue`'s): ids drawn from the sequence row by
-- row, in the rows' order; returned in that order.
CREATE FUNCTION capomaestro_add_outbox(
    p_channels BIGINT[],
    p_dues     BIGINT[],
    p_payloads BYTEA[]
) RETURNS BIGINT[] LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    v_ids BIGINT[];
BEGIN
    IF cardinality(p_channels) = 0 THEN
        RETURN '{}';
    END IF;
    WITH added AS (
        INSERT INTO outbox (id, channel, due_ms, payload)
        SELECT nextval('capomaestro_ids'), u.channel, u.due_ms, u.payload
        FROM UNNEST(p_channels, p_dues, p_payloads) WITH ORDINALITY
            AS u(channel, due_ms, payload, n)
        ORDER BY u.n
        RETURNING id
    )
    SELECT array_agg(id ORDER BY id) INTO v_ids FROM added;
    RETURN v_ids;
END
$$;

-- A channel's timer changes (a commit's, `Store::set_timers`'): the kinds set (one row
-- per kind; setting one ends any claim on the one it replaces), the kinds cancelled.
CREATE FUNCTION capomaestro_set_timers(
    p_channel  BIGINT,
    p_kinds    SMALLINT[],
    p_dues     BIGINT[],
    p_games    BIGINT[],
    p_versions BIGINT[],
    p_counts   INTEGER[],
    p_held     BOOLEAN[],
    p_cancel   SMALLINT[]
) RETURNS VOID LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
    IF cardinality(p_kinds) > 0 THEN
        INSERT INTO timers (channel, kind, due_ms, game_id, version, count, held_up)
        SELECT p_channel, * FROM UNNEST(p_kinds, p_dues, p_games, p_versions, p_counts, p_held)
        ON CONFLICT (channel, kind) DO UPDATE SET
            due_ms = EXCLUDED.due_ms, game_id = EXCLUDED.game_id,
            version = EXCLUDED.version, count = EXCLUDED.count,
            held_up = EXCLUDED.held_up, lease_owner = NULL, lease_until_ms = 0;
    END IF;
    IF cardinality(p_cancel) > 0 THEN
        DELETE FROM timers WHERE channel = p_channel AND kind = ANY(p_cancel);
    END IF;
END
$$;

CREATE FUNCTION capomaestro_commit(
    p_channel       BIGINT,
    p_game_id       BIGINT,
    p_version       BIGINT,
    p_guild         BIGINT,
    p_meta          BYTEA,
    p_snapshot      BYTEA,
    p_finished      BOOLEAN,
    p_base          BIGINT,
    p_log_idx       BIGINT,
    p_log_entry     BYTEA,
    p_out_channels  BIGINT[],
    p_out_dues      BIGINT[],
    p_out_payloads  BYTEA[],
    p_set_kinds     SMALLINT[],
    p_set_dues      BIGINT[],
    p_set_games     BIGINT[],
    p_set_versions  BIGINT[],
    p_set_counts    INTEGER[],
    p_set_held      BOOLEAN[],
    p_cancel_kinds  SMALLINT[],
    p_seats_left    BIGINT[],
    p_seated        BIGINT[],
    OUT o_stamp     BIGINT,
    OUT o_ids       BIGINT[]
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    v_logged INTEGER;
BEGIN
    INSERT INTO games (channel, game_id, version, guild, meta, snapshot, finished)
    VALUES (p_channel, p_game_id, p_version, p_guild, p_meta, p_snapshot, p_finished)
    ON CONFLICT (channel) DO UPDATE SET
        game_id = EXCLUDED.game_id, version = EXCLUDED.version, guild = EXCLUDED.guild,
        meta = EXCLUDED.meta, snapshot = COALESCE(EXCLUDED.snapshot, games.snapshot),
        finished = games.finished OR EXCLUDED.finished
    WHERE (games.game_id <> EXCLUDED.game_id OR games.version <= EXCLUDED.version)
      AND (p_base IS NULL OR games.xmin::text::bigint = p_base)
    RETURNING xmin::text::bigint INTO o_stamp;
    IF o_stamp IS NULL THEN
        IF p_base IS NOT NULL THEN
            RAISE EXCEPTION 'the game was moved by another process' USING ERRCODE = 'CM001';
        END IF;
        RAISE EXCEPTION 'the stored game is past this change''s move % (another writer?)',
            p_version USING ERRCODE = 'CM002';
    END IF;

    IF p_log_entry IS NOT NULL THEN
        INSERT INTO game_log (game_id, idx, entry) VALUES (p_game_id, p_log_idx, p_log_entry)
        ON CONFLICT DO NOTHING;
        GET DIAGNOSTICS v_logged = ROW_COUNT;
        IF v_logged = 0 THEN
            RAISE EXCEPTION 'log entry already exists (concurrent writer?)' USING ERRCODE = 'CM003';
        END IF;
    END IF;

    o_ids := capomaestro_add_outbox(p_out_channels, p_out_dues, p_out_payloads);
    PERFORM capomaestro_set_timers(p_channel, p_set_kinds, p_set_dues, p_set_games,
        p_set_versions, p_set_counts, p_set_held, p_cancel_kinds);

    IF p_seats_left IS NOT NULL THEN
        DELETE FROM players WHERE channel = p_channel AND user_id = ANY(p_seats_left);
        INSERT INTO players (user_id, channel, game_id)
        SELECT u, p_channel, p_game_id FROM UNNEST(p_seated) AS u
        ON CONFLICT (user_id, channel) DO UPDATE SET game_id = EXCLUDED.game_id;
    END IF;
END
$$;
