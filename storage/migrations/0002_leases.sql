-- capomaestro store, PostgreSQL layout 2: claims by several processes (leases).
-- A process claims due outbox rows and timers (SELECT ... FOR UPDATE SKIP LOCKED) and
-- sets lease_owner / lease_until_ms; the others take them only after the lease ends.
-- These partial indexes hold the claimed rows alone (few at any time): when the next
-- one held by another process frees up is found without reading every row.
CREATE INDEX outbox_leased ON outbox (lease_until_ms) WHERE lease_owner IS NOT NULL;
CREATE INDEX timers_leased ON timers (lease_until_ms) WHERE lease_owner IS NOT NULL;
