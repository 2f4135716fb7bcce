-- A match created with its log under an Idempotency-Key is found again by
-- the key alone when the request is retried.
CREATE INDEX idempotency_keys_key ON idempotency_keys(key);
