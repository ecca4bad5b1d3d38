-- SPDX-License-Identifier: GPL-3.0-or-later
-- Muster library schema, version 2: units in games, with what happened to
-- their figures, and the numbers a ruleset keeps on each unit.

-- Unit stats kept on the unit itself (Chosen Men's colours, musicians);
-- key is the ruleset's unit stat key.
CREATE TABLE unit_stat (
  unit_id INTEGER NOT NULL REFERENCES unit (id) ON DELETE CASCADE,
  key     TEXT    NOT NULL,
  value   INTEGER NOT NULL,
  PRIMARY KEY (unit_id, key)
) WITHOUT ROWID;

-- Which units took part in a game, and what became of their figures.
CREATE TABLE unit_participation (
  game_id   INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
  unit_id   INTEGER NOT NULL REFERENCES unit (id) ON DELETE CASCADE,
  side      TEXT    NOT NULL,
  figures   INTEGER NOT NULL,               -- present when the game was planned
  recorded  INTEGER NOT NULL DEFAULT 0,     -- 1 once a result is recorded
  killed    INTEGER NOT NULL DEFAULT 0,
  wounded   INTEGER NOT NULL DEFAULT 0,
  captured  INTEGER NOT NULL DEFAULT 0,
  run       INTEGER NOT NULL DEFAULT 0,
  colours   TEXT    NOT NULL DEFAULT ''
            CHECK (colours IN ('', 'lost', 'captured')),
  notes     TEXT    NOT NULL DEFAULT '',
  PRIMARY KEY (game_id, unit_id)
);
CREATE INDEX unit_participation_unit ON unit_participation (unit_id);
