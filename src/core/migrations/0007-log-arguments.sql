-- SPDX-License-Identifier: GPL-3.0-or-later
-- Muster library schema, version 7: the log keeps what happened, not
-- sentences.
--
-- Until now each entry was a sentence in the language of whoever wrote
-- it, so a campaign's log read in French to an English player forever.
-- An entry now keeps its kind and its arguments, a JSON object (names as
-- they were, ids, numbers, the ids of what the rules name), and says them
-- in the reader's language when it is read (muster-log-format.c); its
-- message is then empty. An entry with no arguments keeps its message:
-- those written before whose arguments cannot be read back.
ALTER TABLE log_entry ADD COLUMN args TEXT CHECK (args IS NULL OR json_valid (args));

-- Reading back the entries written before, in this migration's
-- transaction, is the store's (muster-log-recover.c): an entry takes the
-- arguments its text and the rows it names give, when they say that text
-- again word for word in one of the languages Muster has a catalogue for;
-- the others keep their text.
SELECT 1;
