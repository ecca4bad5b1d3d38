-- SPDX-License-Identifier: GPL-3.0-or-later
-- Muster library schema, version 1.
-- Every table a campaign needs, for rulesets kept by figure and by unit.
-- Ids are plain INTEGER PRIMARY KEYs (no AUTOINCREMENT): undo deletes the
-- rows it added and the next insert takes the same id again, so a database
-- after undo is exactly the database before.

CREATE TABLE campaign (
  id              INTEGER PRIMARY KEY,
  name            TEXT    NOT NULL UNIQUE,
  ruleset_id      TEXT    NOT NULL,
  ruleset_version TEXT    NOT NULL,
  ruleset_xml     TEXT    NOT NULL,          -- the campaign's own copy
  seed            INTEGER NOT NULL,          -- dice seed
  recruit_counter INTEGER NOT NULL DEFAULT 0,-- purpose counter for recruits
  notes           TEXT    NOT NULL DEFAULT '',
  created         TEXT    NOT NULL           -- ISO 8601
);

CREATE TABLE campaign_option (
  campaign_id INTEGER NOT NULL REFERENCES campaign (id) ON DELETE CASCADE,
  key         TEXT    NOT NULL,
  value       TEXT    NOT NULL,
  PRIMARY KEY (campaign_id, key)
);

-- A player's roster. A NULL side means the force is a side of its own.
CREATE TABLE force (
  id          INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES campaign (id) ON DELETE CASCADE,
  name        TEXT    NOT NULL,
  side        TEXT,
  notes       TEXT    NOT NULL DEFAULT '',
  UNIQUE (campaign_id, name)
);
CREATE INDEX force_campaign ON force (campaign_id);

-- Units of figures (rulesets kept by unit).
CREATE TABLE unit (
  id          INTEGER PRIMARY KEY,
  force_id    INTEGER NOT NULL REFERENCES force (id) ON DELETE CASCADE,
  name        TEXT    NOT NULL,
  kind        TEXT    NOT NULL DEFAULT '',   -- ruleset unit kind id
  troop_type  TEXT    NOT NULL DEFAULT '',   -- ruleset troop type id
  rating      TEXT    NOT NULL DEFAULT '',   -- ruleset rating id
  size        INTEGER NOT NULL DEFAULT 0,    -- figures or bases
  lost        INTEGER NOT NULL DEFAULT 0,
  morale_loss INTEGER NOT NULL DEFAULT 0,    -- permanent, e.g. lost colours
  status      TEXT    NOT NULL DEFAULT 'active',
  notes       TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX unit_force ON unit (force_id);

CREATE TABLE character (
  id             INTEGER PRIMARY KEY,
  campaign_id    INTEGER NOT NULL REFERENCES campaign (id) ON DELETE CASCADE,
  force_id       INTEGER NOT NULL REFERENCES force (id) ON DELETE CASCADE,
  unit_id        INTEGER REFERENCES unit (id) ON DELETE SET NULL,
  name           TEXT    NOT NULL,
  rank           TEXT    NOT NULL DEFAULT '',
  troop_type     TEXT    NOT NULL,
  weapon         TEXT    NOT NULL DEFAULT '',
  mounted        INTEGER NOT NULL DEFAULT 0,
  status         TEXT    NOT NULL DEFAULT 'active'
                 CHECK (status IN ('active', 'out-of-action', 'dead', 'captured', 'retired')),
  out_games      INTEGER NOT NULL DEFAULT 0,  -- games still to miss
  light_wounds   INTEGER NOT NULL DEFAULT 0,  -- wounds carried between games
  serious_wounds INTEGER NOT NULL DEFAULT 0,
  notes          TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX character_campaign ON character (campaign_id);
CREATE INDEX character_force ON character (force_id);
CREATE INDEX character_name ON character (campaign_id, name);
CREATE INDEX character_unit ON character (unit_id);

-- Stat values; key is the ruleset's stat key ("I", "D", "class", ...).
CREATE TABLE stat (
  character_id INTEGER NOT NULL REFERENCES character (id) ON DELETE CASCADE,
  key          TEXT    NOT NULL,
  value        INTEGER NOT NULL,
  PRIMARY KEY (character_id, key)
) WITHOUT ROWID;

CREATE TABLE game (
  id          INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES campaign (id) ON DELETE CASCADE,
  number      INTEGER NOT NULL,               -- 1, 2, 3 ... within the campaign
  title       TEXT    NOT NULL,
  date        TEXT,                           -- YYYY-MM-DD
  state       TEXT    NOT NULL DEFAULT 'planned'
              CHECK (state IN ('planned', 'played', 'resolved')),
  side_a      TEXT,
  side_b      TEXT,
  winner      TEXT,                           -- a side, or NULL
  notes       TEXT    NOT NULL DEFAULT '',
  UNIQUE (campaign_id, number)
);

-- Who took part, and what happened to them.
CREATE TABLE participation (
  game_id        INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
  character_id   INTEGER NOT NULL REFERENCES character (id) ON DELETE CASCADE,
  side           TEXT    NOT NULL,
  outcome        TEXT,                        -- ruleset outcome id; NULL until recorded
  light_wounds   INTEGER NOT NULL DEFAULT 0,
  serious_wounds INTEGER NOT NULL DEFAULT 0,
  killed_unnamed INTEGER NOT NULL DEFAULT 0,  -- unnamed figures put out of action
  notes          TEXT    NOT NULL DEFAULT '',
  PRIMARY KEY (game_id, character_id)
);
CREATE INDEX participation_character ON participation (character_id);

CREATE TABLE kill (
  id        INTEGER PRIMARY KEY,
  game_id   INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
  killer_id INTEGER NOT NULL REFERENCES character (id) ON DELETE CASCADE,
  victim_id INTEGER NOT NULL REFERENCES character (id) ON DELETE CASCADE
);
CREATE INDEX kill_killer ON kill (killer_id);
CREATE INDEX kill_victim ON kill (victim_id);
CREATE INDEX kill_game ON kill (game_id);

-- A between-game resolution, so it can be shown and undone.
CREATE TABLE resolution (
  id          INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES campaign (id) ON DELETE CASCADE,
  game_id     INTEGER NOT NULL UNIQUE REFERENCES game (id) ON DELETE CASCADE,
  created     TEXT    NOT NULL
);

-- The previous values of every row a resolution changed, to undo it.
CREATE TABLE resolution_change (
  resolution_id INTEGER NOT NULL REFERENCES resolution (id) ON DELETE CASCADE,
  seq           INTEGER NOT NULL,
  tbl           TEXT    NOT NULL,             -- 'character', 'unit', 'stat', 'game'
  row_id        INTEGER NOT NULL,
  col           TEXT    NOT NULL,
  old_value,                                  -- any type
  PRIMARY KEY (resolution_id, seq)
);

-- Every die rolled.
CREATE TABLE roll (
  id            INTEGER PRIMARY KEY,
  campaign_id   INTEGER NOT NULL REFERENCES campaign (id) ON DELETE CASCADE,
  game_id       INTEGER REFERENCES game (id) ON DELETE SET NULL,
  character_id  INTEGER REFERENCES character (id) ON DELETE SET NULL,
  resolution_id INTEGER REFERENCES resolution (id) ON DELETE CASCADE,
  purpose       TEXT    NOT NULL,             -- "recruit:F", "death-roll", ...
  expression    TEXT    NOT NULL,
  faces         TEXT    NOT NULL,             -- "3,5"
  total         INTEGER NOT NULL,
  entered       INTEGER NOT NULL DEFAULT 0,   -- typed in from the table
  created       TEXT    NOT NULL
);
CREATE INDEX roll_campaign ON roll (campaign_id);
CREATE INDEX roll_character ON roll (character_id);
CREATE INDEX roll_game ON roll (game_id);
CREATE INDEX roll_resolution ON roll (resolution_id);

-- The campaign log.
CREATE TABLE log_entry (
  id            INTEGER PRIMARY KEY,
  campaign_id   INTEGER NOT NULL REFERENCES campaign (id) ON DELETE CASCADE,
  game_id       INTEGER REFERENCES game (id) ON DELETE SET NULL,
  character_id  INTEGER REFERENCES character (id) ON DELETE SET NULL,
  resolution_id INTEGER REFERENCES resolution (id) ON DELETE CASCADE,
  roll_id       INTEGER REFERENCES roll (id) ON DELETE SET NULL,
  kind          TEXT    NOT NULL,             -- "recruit", "death", "recovered", ...
  message       TEXT    NOT NULL,
  created       TEXT    NOT NULL
);
CREATE INDEX log_campaign ON log_entry (campaign_id, id);
-- Deleting a character, game, resolution or roll sets or removes its log
-- entries: without these every such delete scans the whole log.
CREATE INDEX log_character ON log_entry (character_id);
CREATE INDEX log_game ON log_entry (game_id);
CREATE INDEX log_resolution ON log_entry (resolution_id);
CREATE INDEX log_roll ON log_entry (roll_id);
