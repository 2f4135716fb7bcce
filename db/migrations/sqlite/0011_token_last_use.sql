-- When each token was last used, to the minute: the server writes it at
-- most once a minute per token, so a busy table costs one write a minute,
-- not one per request. NULL for a token never used since this was kept.
ALTER TABLE tokens ADD COLUMN last_used_at TEXT;
