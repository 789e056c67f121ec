-- capomaestro store, PostgreSQL layout 4: a move never brings back a game that is gone,
-- and a move's wait for its game's row is bounded by the caller.
-- `capomaestro_commit` as in layout 3, with two changes:
-- * A non-zero base stamp requires the game's row to exist (a stamp was read from it):
--   a process holding a stale copy of a game another process finished and archived
--   (or discarded, or quarantined) is refused with CM001 instead of inserting the game
--   again. A game already archived in its channel is refused with CM004, whatever the
--   stamp: a finished game never comes back.
-- * p_lock_wait_ms, when not NULL, bounds this transaction's wait for a row lock (its
--   `lock_timeout`, SQLSTATE 55P03 when it runs out): the group committer tries a move
--   with a short wait and gives one that waits longer a connection of its own.
DROP FUNCTION capomaestro_commit(BIGINT, BIGINT, BIGINT, BIGINT, BYTEA, BYTEA, BOOLEAN,
    BIGINT, BIGINT, BYTEA, BIGINT[], BIGINT[], BYTEA[], SMALLINT[], BIGINT[], BIGINT[],
    BIGINT[], INTEGER[], BOOLEAN[], SMALLINT[], BIGINT[], BIGINT[]);

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
    p_lock_wait_ms  BIGINT,
    OUT o_stamp     BIGINT,
    OUT o_ids       BIGINT[]
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    v_logged INTEGER;
BEGIN
    IF p_lock_wait_ms IS NOT NULL THEN
        PERFORM set_config('lock_timeout', GREATEST(p_lock_wait_ms, 1)::text || 'ms', true);
    END IF;
    IF p_base IS NOT NULL AND p_base <> 0 THEN
        -- Over a stamp read from the row: the row must still be there, at that stamp.
        UPDATE games SET
            game_id = p_game_id, version = p_version, guild = p_guild, meta = p_meta,
            snapshot = COALESCE(p_snapshot, games.snapshot),
            finished = games.finished OR p_finished
        WHERE channel = p_channel
          AND (games.game_id <> p_game_id OR games.version <= p_version)
          AND games.xmin::text::bigint = p_base
        RETURNING xmin::text::bigint INTO o_stamp;
    ELSE
        INSERT INTO games (channel, game_id, version, guild, meta, snapshot, finished)
        VALUES (p_channel, p_game_id, p_version, p_guild, p_meta, p_snapshot, p_finished)
        ON CONFLICT (channel) DO UPDATE SET
            game_id = EXCLUDED.game_id, version = EXCLUDED.version, guild = EXCLUDED.guild,
            meta = EXCLUDED.meta, snapshot = COALESCE(EXCLUDED.snapshot, games.snapshot),
            finished = games.finished OR EXCLUDED.finished
        WHERE (games.game_id <> EXCLUDED.game_id OR games.version <= EXCLUDED.version)
          AND (p_base IS NULL OR games.xmin::text::bigint = p_base)
        RETURNING xmin::text::bigint INTO o_stamp;
    END IF;
    IF o_stamp IS NULL THEN
        IF p_base IS NOT NULL THEN
            RAISE EXCEPTION 'the game was moved by another process' USING ERRCODE = 'CM001';
        END IF;
        RAISE EXCEPTION 'the stored game is past this change''s move % (another writer?)',
            p_version USING ERRCODE = 'CM002';
    END IF;
    -- After the row's lock: an archive that committed while this move waited is seen.
    IF EXISTS (SELECT 1 FROM archive WHERE channel = p_channel AND game_id = p_game_id) THEN
        RAISE EXCEPTION 'the game % was archived (finished in another process?)', p_game_id
            USING ERRCODE = 'CM004';
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
