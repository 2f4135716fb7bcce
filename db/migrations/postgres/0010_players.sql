-- Who created each player (a token's ID; NULL for players created before
-- this was kept, or by an import): a league's owner may rename a player it
-- created who has not played yet.
ALTER TABLE players ADD COLUMN created_by text;

-- Names are folded anew (Arabic presentation forms and the heh variants
-- now fold to their letters): the next start folds every name again, as it
-- does any name whose folded form is empty.
UPDATE players SET folded = '';
