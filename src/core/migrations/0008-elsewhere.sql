-- SPDX-License-Identifier: GPL-3.0-or-later
-- Muster library schema, version 8: a character keeps the kills and games
-- he brought from another campaign in a force file, as numbers, so that
-- the campaign's statistics can show them apart from its own.

ALTER TABLE character ADD COLUMN kills_elsewhere INTEGER NOT NULL DEFAULT 0
  CHECK (kills_elsewhere >= 0);
ALTER TABLE character ADD COLUMN games_elsewhere INTEGER NOT NULL DEFAULT 0
  CHECK (games_elsewhere >= 0);

-- Until now only the log entry of the force joining kept them: since
-- version 7 as its arguments "kills" and "games"; an entry whose
-- arguments could not be read back keeps its words, "... (kills
-- elsewhere: 4, games elsewhere: 3)." in the language of whoever imported
-- it. The function is the store's own (muster_store_elsewhere_total()),
-- defined on the connection that migrates: the two numbers of the entry's
-- closing brackets, or 0.
UPDATE character SET
  kills_elsewhere = (SELECT COALESCE (json_extract (l.args, '$.kills'),
                                      muster_elsewhere_total (l.message, 1))
                     FROM log_entry l
                     WHERE l.character_id = character.id AND l.kind = 'import'
                     ORDER BY l.id DESC LIMIT 1),
  games_elsewhere = (SELECT COALESCE (json_extract (l.args, '$.games'),
                                      muster_elsewhere_total (l.message, 2))
                     FROM log_entry l
                     WHERE l.character_id = character.id AND l.kind = 'import'
                     ORDER BY l.id DESC LIMIT 1)
  WHERE id IN (SELECT character_id FROM log_entry
               WHERE kind = 'import' AND character_id IS NOT NULL);
