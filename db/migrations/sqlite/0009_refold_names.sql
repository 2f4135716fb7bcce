-- Names are folded anew (Arabic presentation forms and the heh variants
-- now fold to their letters): the next start folds every name again, as it
-- does any name whose folded form is empty.
UPDATE players SET folded = '';
