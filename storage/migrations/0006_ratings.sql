-- capomaestro store, PostgreSQL layout 6: ratings. Each person's rating per ladder (a
-- server `server:<guild id>`, or `global`) and title, and the rated results they are
-- computed from, in the order they were rated (`seq`), so that `capomaestro ratings
-- rebuild` recomputes every rating. Both are written in the archive's transaction.
CREATE TABLE ratings (
    ladder      TEXT NOT NULL,
    title       TEXT NOT NULL,
    user_id     BIGINT NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    games       INTEGER NOT NULL,
    last_change BIGINT NOT NULL,
    updated     BIGINT NOT NULL,
    -- The name they last played under (for leaderboards).
    name        TEXT NOT NULL,
    PRIMARY KEY (ladder, title, user_id)
);

CREATE TABLE rated_games (
    seq     BIGSERIAL PRIMARY KEY,
    game_id BIGINT NOT NULL UNIQUE,
    -- The result as JSON: title, ladders, seats (person or anchor) with places, end.
    result  TEXT NOT NULL
);
