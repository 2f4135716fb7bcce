-- Idempotency keys are remembered for a while, not forever: the janitor
-- deletes old ones by age, and this index keeps that off a full scan.
CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);
