-- SPDX-License-Identifier: GPL-3.0-or-later
-- Muster library schema, version 9: every library keeps its recruit
-- counters in a table of their own.
--
-- A library made now takes the recruit_counter table with migration 3.
-- One that had already reached version 3 to 7 before migration 3 made it
-- still holds each campaign's counter in a column of the campaign row:
-- the table is made here when it is missing, and the store's step for
-- this migration (muster_store_move_recruit_counters()) moves each
-- campaign's value over as it was, drops the column, and gives any
-- campaign still without a row one at 0.
CREATE TABLE IF NOT EXISTS recruit_counter (
  campaign_id INTEGER PRIMARY KEY REFERENCES campaign (id) ON DELETE CASCADE,
  counter     INTEGER NOT NULL DEFAULT 0 CHECK (counter BETWEEN 0 AND 2147483647)
);
