-- SPDX-License-Identifier: GPL-3.0-or-later
-- Muster library schema, version 3: history other records point to is
-- never removed as a side effect.
--
-- The kill ledger. Until now deleting a character deleted every kill he
-- made or suffered (ON DELETE CASCADE on killer and victim), so the
-- ledger, the other side's kill counts and the fallen's killers changed
-- behind everyone's back. A kill now stops the deletion of either man
-- (ON DELETE RESTRICT); deleting a game still takes its own kills with it.
-- The store refuses such a deletion first, with a message saying what to
-- do instead; the constraint is the guarantee underneath.
--
-- SQLite cannot change a foreign key in place: the table is built again
-- under a new name, filled with every row as it was (ids kept), and put in
-- the old one's place with its indexes. Nothing refers to kill, so
-- dropping the old table touches no other row.

CREATE TABLE kill_v3 (
  id        INTEGER PRIMARY KEY,
  game_id   INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
  killer_id INTEGER NOT NULL REFERENCES character (id) ON DELETE RESTRICT,
  victim_id INTEGER NOT NULL REFERENCES character (id) ON DELETE RESTRICT
);
INSERT INTO kill_v3 (id, game_id, killer_id, victim_id)
  SELECT id, game_id, killer_id, victim_id FROM kill;
DROP TABLE kill;
ALTER TABLE kill_v3 RENAME TO kill;
CREATE INDEX kill_killer ON kill (killer_id);
CREATE INDEX kill_victim ON kill (victim_id);
CREATE INDEX kill_game ON kill (game_id);

-- The recruit counter. It was a column of the campaign row, which also
-- holds the campaign's copy of its ruleset (tens of kilobytes), so every
-- recruit wrote that whole row again. It gets a table of its own, a row a
-- campaign, holding what the store holds it to (0 to 2147483647, as
-- muster_store_check_recruit_counter() says), each campaign's value moved
-- over as it was.

CREATE TABLE recruit_counter (
  campaign_id INTEGER PRIMARY KEY REFERENCES campaign (id) ON DELETE CASCADE,
  counter     INTEGER NOT NULL DEFAULT 0 CHECK (counter BETWEEN 0 AND 2147483647)
);
INSERT INTO recruit_counter (campaign_id, counter)
  SELECT id, recruit_counter FROM campaign;
ALTER TABLE campaign DROP COLUMN recruit_counter;
