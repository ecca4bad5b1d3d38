-- SPDX-License-Identifier: GPL-3.0-or-later
-- Muster library schema, version 6: a force has a nationality, which says
-- whose names its recruits take (data/names/NATIONALITY.txt).

ALTER TABLE force ADD COLUMN nationality TEXT NOT NULL DEFAULT 'british';

-- The forces made before: the nationality their side's name suggests, or
-- their own name's, British when neither suggests one. The function is
-- the store's own (muster_nationality_guess()), defined on the connection
-- that migrates.
UPDATE force SET nationality = muster_nationality_guess (side, name);

-- Recruits are given names that no character of their campaign has yet,
-- and a name given twice is pointed out: both look a name up within a
-- campaign, as people read names, case aside.
CREATE INDEX character_campaign_name ON character (campaign_id, name COLLATE NOCASE);
