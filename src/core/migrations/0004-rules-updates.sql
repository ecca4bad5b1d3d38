-- SPDX-License-Identifier: GPL-3.0-or-later
-- Muster library schema, version 4: taking newer rules into a campaign
-- keeps the copy of the rules it replaces, so that it can be undone.
-- (Version 3 is the history schema: kills restrict deleting either man.)

-- One row each time a campaign took other rules: the version and text it
-- played before, and the log entry that records the change. Undoing it
-- puts them back and deletes this row and the entry.
CREATE TABLE rules_update (
  id              INTEGER PRIMARY KEY,
  campaign_id     INTEGER NOT NULL REFERENCES campaign (id) ON DELETE CASCADE,
  log_id          INTEGER NOT NULL UNIQUE REFERENCES log_entry (id) ON DELETE CASCADE,
  ruleset_version TEXT    NOT NULL,         -- the copy it replaced
  ruleset_xml     TEXT    NOT NULL,
  created         TEXT    NOT NULL
);
CREATE INDEX rules_update_campaign ON rules_update (campaign_id);

-- The options the campaign had chosen before, as campaign_option held them.
CREATE TABLE rules_update_option (
  update_id INTEGER NOT NULL REFERENCES rules_update (id) ON DELETE CASCADE,
  key       TEXT    NOT NULL,
  value     TEXT    NOT NULL,
  PRIMARY KEY (update_id, key)
) WITHOUT ROWID;
