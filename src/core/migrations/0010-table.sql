-- SPDX-License-Identifier: GPL-3.0-or-later
-- Muster library schema, version 10: games played at the table.
--
-- A game is now started between planned and played: its hits are kept
-- as they happen, and finishing it turns them into its results. The
-- game's state is checked by a CHECK constraint, which SQLite cannot
-- change in place: the table is built again under a new name, filled
-- with every row as it was (ids kept), and put in the old one's place
-- with its index. Other tables refer to game, so this migration runs
-- with foreign keys off (muster-store-migrate.c), which keeps dropping
-- the old table from taking their rows with it, and checks them all
-- before it commits.

CREATE TABLE game_v10 (
  id          INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES campaign (id) ON DELETE CASCADE,
  number      INTEGER NOT NULL,               -- 1, 2, 3 ... within the campaign
  title       TEXT    NOT NULL,
  date        TEXT,                           -- YYYY-MM-DD
  state       TEXT    NOT NULL DEFAULT 'planned'
              CHECK (state IN ('planned', 'started', 'played', 'resolved')),
  side_a      TEXT,
  side_b      TEXT,
  winner      TEXT,                           -- a side, or NULL
  notes       TEXT    NOT NULL DEFAULT '',
  UNIQUE (campaign_id, number)
);
INSERT INTO game_v10 (id, campaign_id, number, title, date, state, side_a, side_b, winner, notes)
  SELECT id, campaign_id, number, title, date, state, side_a, side_b, winner, notes FROM game;
DROP TABLE game;
ALTER TABLE game_v10 RENAME TO game;

-- The hits of a started game, in the order they were recorded. A hit
-- falls on a character (target_id) or on figures of a unit (unit_id);
-- its dice are in roll, under the purpose "table/hit/ORDINAL", and are
-- derived from the campaign seed, the game and the ordinal, so undoing
-- the last hit and entering it again gives the same dice.
CREATE TABLE table_hit (
  game_id     INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
  ordinal     INTEGER NOT NULL,               -- 1, 2, 3 ... within the game
  target_id   INTEGER REFERENCES character (id) ON DELETE CASCADE,
  unit_id     INTEGER REFERENCES unit (id) ON DELETE CASCADE,
  attacker_id INTEGER REFERENCES character (id) ON DELETE SET NULL,
  bound       INTEGER NOT NULL DEFAULT 0,     -- 0: not said
  kind        TEXT    NOT NULL CHECK (kind IN ('shot', 'melee', 'wound-die')),
  location    TEXT,                           -- the ruleset's hit-location id
  difference  INTEGER,                        -- a melee's difference of scores
  score       INTEGER,                        -- modifiers included
  modifiers   TEXT    NOT NULL DEFAULT '',    -- the ruleset's modifier ids, space-separated
  effect      TEXT    NOT NULL,               -- the ruleset's effect id (the worst, for wound dice)
  light       INTEGER NOT NULL DEFAULT 0,     -- the wounds it gave a character
  serious     INTEGER NOT NULL DEFAULT 0,
  location_faces TEXT NOT NULL DEFAULT '',    -- "3", as the roll keeps them
  effect_faces   TEXT NOT NULL DEFAULT '',    -- "4,5"; empty when the score was given
  entered     INTEGER NOT NULL DEFAULT 0,     -- dice typed in from the table
  figures     INTEGER NOT NULL DEFAULT 0,     -- a unit's figures hit
  killed      INTEGER NOT NULL DEFAULT 0,     -- of them: killed and wounded
  wounded     INTEGER NOT NULL DEFAULT 0,
  created     TEXT    NOT NULL,
  PRIMARY KEY (game_id, ordinal),
  CHECK ((target_id IS NULL) <> (unit_id IS NULL))
);
CREATE INDEX table_hit_target ON table_hit (target_id);
CREATE INDEX table_hit_unit ON table_hit (unit_id);
CREATE INDEX table_hit_attacker ON table_hit (attacker_id);

-- How a started game is played: whether the order of play is rolled
-- again at every bound (Sharpe's Skirmish's alternative).
CREATE TABLE table_game (
  game_id   INTEGER PRIMARY KEY REFERENCES game (id) ON DELETE CASCADE,
  per_bound INTEGER NOT NULL DEFAULT 0
);

-- The order of play of a started game: for rolled orders each man's (or
-- side's) roll at a bound, in the order rolled; for a deck each card
-- dealt, by turn and its place in that turn's shuffled deck. The dice
-- are derived from the campaign seed, the game and what is rolled for.
CREATE TABLE table_order (
  game_id      INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
  bound        INTEGER NOT NULL,              -- the bound, or the deck's turn
  place        INTEGER NOT NULL,              -- 1 first
  character_id INTEGER REFERENCES character (id) ON DELETE CASCADE,
  unit_id      INTEGER REFERENCES unit (id) ON DELETE CASCADE,
  side         TEXT,                          -- a side's roll (or its man's side)
  card         TEXT,                          -- the ruleset's card id, for a deck
  faces        TEXT    NOT NULL DEFAULT '',
  total        INTEGER NOT NULL DEFAULT 0,    -- dice and stat
  tie_faces    TEXT    NOT NULL DEFAULT '',   -- the unmodified dice that broke a tie
  entered      INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (game_id, bound, place)
);
CREATE INDEX table_order_character ON table_order (character_id);
CREATE INDEX table_order_unit ON table_order (unit_id);
