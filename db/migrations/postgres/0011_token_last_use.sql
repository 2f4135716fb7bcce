-- When each token was last used, to the minute: the schema of
-- ../sqlite/0011_token_last_use.sql in PostgreSQL's types.
ALTER TABLE tokens ADD COLUMN last_used_at timestamptz;
