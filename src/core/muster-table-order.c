/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-table"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-campaign.h"
#include "muster-character.h"
#include "muster-engine.h"
#include "muster-store-private.h"
#include "muster-table-private.h"

/* The order of play of a started game: rolled by initiative or by side,
 * or dealt from a deck (muster-table.h). */

void
muster_order_entry_free (MusterOrderEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->name);
  g_free (entry->side);
  g_free (entry->card);
  g_free (entry->faces);
  g_free (entry->tie_faces);
  g_free (entry);
}

static GPtrArray *
entries_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) muster_order_entry_free);
}

/* One who rolls: a man, or a side. */
typedef struct {
  MusterOrderEntry *entry;
  MusterRng         rng;
  GArray           *ties;      /* of int, the tie dice rolled so far */
} Roller;

static void
roller_clear (Roller *roller)
{
  g_clear_pointer (&roller->ties, g_array_unref);
}

static int
compare_rollers (gconstpointer a,
                 gconstpointer b)
{
  const Roller *x = a, *y = b;

  if (x->entry->total != y->entry->total)
    return x->entry->total > y->entry->total ? -1 : 1;
  for (guint i = 0; i < MIN (x->ties->len, y->ties->len); i++)
    if (g_array_index (x->ties, int, i) != g_array_index (y->ties, int, i))
      return g_array_index (x->ties, int, i) > g_array_index (y->ties, int, i) ? -1 : 1;
  return 0;
}

/* Ties are rolled again on @dice alone, as often as they stay tied. */
static void
break_ties (GArray               *rollers,
            const MusterDiceExpr *dice)
{
  gboolean tied = TRUE;

  for (guint round = 0; tied && round < 100; round++)
    {
      g_autoptr(GArray) roll_now = g_array_new (FALSE, TRUE, sizeof (gboolean));

      g_array_sort (rollers, compare_rollers);
      g_array_set_size (roll_now, rollers->len);
      tied = FALSE;
      for (guint i = 0; i + 1 < rollers->len; i++)
        if (compare_rollers (&g_array_index (rollers, Roller, i), &g_array_index (rollers, Roller, i + 1)) == 0)
          g_array_index (roll_now, gboolean, i) = g_array_index (roll_now, gboolean, i + 1) = tied = TRUE;
      for (guint i = 0; i < rollers->len; i++)
        {
          Roller *roller = &g_array_index (rollers, Roller, i);
          g_autoptr(MusterRoll) roll = NULL;

          if (!g_array_index (roll_now, gboolean, i))
            continue;
          /* Pad those who rolled fewer ties before, so that only this
           * round's dice are compared. */
          while (roller->ties->len < round)
            g_array_append_val (roller->ties, (int) { 0 });
          roll = muster_roll_new_random (dice, &roller->rng);
          g_array_append_val (roller->ties, roll->total);
        }
    }
  g_array_sort (rollers, compare_rollers);
}

static char *
ties_to_string (GArray *ties)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < ties->len; i++)
    if (g_array_index (ties, int, i) > 0)
      g_string_append_printf (text, "%s%d", text->len > 0 ? "," : "", g_array_index (ties, int, i));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The faces typed in for @name or @id, or NULL. */
static GArray *
typed_faces (GHashTable  *faces,
             const char  *name,
             gint64       id,
             GError     **error)
{
  g_autofree char *key = g_strdup_printf ("%" G_GINT64_FORMAT, id);
  const char *text;

  if (faces == NULL)
    return NULL;
  text = g_hash_table_lookup (faces, name);
  if (text == NULL && id != 0)
    text = g_hash_table_lookup (faces, key);
  return text != NULL ? muster_engine_parse_faces (text, error) : NULL;
}

static GPtrArray *read_bound (MusterStore  *store,
                              gint64        game_id,
                              int           bound,
                              GError      **error);

static gboolean
delete_bound (MusterStore  *store,
              gint64        game_id,
              int           bound,
              GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (store, "DELETE FROM table_order WHERE game_id = ? AND bound = ?",
                                             error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int (stmt, 2, bound);
  return muster_store_exec (store, stmt, _("Could not keep the order of play"), error);
}

static gboolean
insert_entry (MusterStore             *store,
              gint64                   game_id,
              const MusterOrderEntry  *entry,
              GError                 **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = muster_store_prepare (store,
                                                              "INSERT INTO table_order (game_id, bound, place, character_id, "
                                             "unit_id, side, card, faces, total, tie_faces, entered) "
                                             "VALUES (?, ?, ?, nullif (?, 0), nullif (?, 0), ?, ?, ?, ?, ?, ?)",
                                             error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int (stmt, 2, entry->bound);
  sqlite3_bind_int (stmt, 3, entry->place);
  sqlite3_bind_int64 (stmt, 4, entry->character_id);
  sqlite3_bind_int64 (stmt, 5, entry->unit_id);
  sqlite3_bind_text (stmt, 6, entry->side, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 7, entry->card, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 8, entry->faces != NULL ? entry->faces : "", -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 9, entry->total);
  sqlite3_bind_text (stmt, 10, entry->tie_faces != NULL ? entry->tie_faces : "", -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 11, entry->entered);
  return muster_store_exec (store, stmt, _("Could not keep the order of play"), error);
}

gboolean
muster_table_replace_bound (MusterStore  *store,
                            gint64        game_id,
                            int           bound,
                            GPtrArray    *entries,
                            GError      **error)
{
  if (!delete_bound (store, game_id, bound, error))
    return FALSE;
  for (guint i = 0; i < entries->len; i++)
    if (!insert_entry (store, game_id, g_ptr_array_index (entries, i), error))
      return FALSE;
  return TRUE;
}

/* Fills @rollers with the game's men (by initiative) or sides. */
static gboolean
add_rollers (MusterStore       *store,
             MusterGame        *game,
             const MusterPlay  *play,
             int                bound,
             GHashTable        *faces,
             GArray            *rollers,
             GError           **error)
{
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(GPtrArray) seen_sides = g_ptr_array_new ();
  gboolean per_bound = FALSE;
  gint64 game_id = muster_game_get_id (game);

  campaign = muster_store_get_campaign (store, muster_game_get_campaign_id (game), error);
  participants = campaign != NULL ? muster_store_list_participants (store, game_id, error) : NULL;
  if (participants == NULL || !muster_store_get_per_bound (store, game_id, &per_bound, error))
    return FALSE;

  /* By side: the game's two, whoever fights for them. */
  if (play->order_method == MUSTER_ORDER_SIDES)
    {
      g_ptr_array_set_size (participants, 0);
      for (guint i = 0; i < 2; i++)
        {
          const char *side = i == 0 ? muster_game_get_side_a (game) : muster_game_get_side_b (game);
          MusterParticipant *p = g_new0 (MusterParticipant, 1);

          p->name = g_strdup (side);
          p->side = g_strdup (side);
          if (side != NULL)
            g_ptr_array_add (participants, p);
          else
            muster_participant_free (p);
        }
    }
  for (guint i = 0; i < participants->len; i++)
    {
      const MusterParticipant *p = g_ptr_array_index (participants, i);
      g_autofree char *purpose = NULL;
      g_autoptr(GArray) typed = NULL;
      g_autoptr(MusterRoll) roll = NULL;
      g_autoptr(GError) faces_error = NULL;
      Roller roller = { 0, };
      gboolean by_side = play->order_method == MUSTER_ORDER_SIDES;
      int light = 0, serious = 0;
      gboolean removed = FALSE;

      if (by_side && g_ptr_array_find_with_equal_func (seen_sides, p->side, g_str_equal, NULL))
        continue;
      if (!by_side)
        {
          if (!muster_store_tally_hits (store, game_id, p->character_id, &light, &serious, &removed, error))
            return FALSE;
          /* A man out of the game no longer takes a place. */
          if (removed)
            continue;
        }
      g_ptr_array_add (seen_sides, p->side);

      roller.entry = g_new0 (MusterOrderEntry, 1);
      roller.entry->bound = bound;
      roller.entry->character_id = by_side ? 0 : p->character_id;
      roller.entry->name = g_strdup (by_side ? p->side : p->name);
      roller.entry->side = g_strdup (p->side);
      roller.ties = g_array_new (FALSE, TRUE, sizeof (int));
      purpose = by_side
                ? g_strdup_printf ("table/game/%" G_GINT64_FORMAT "/order/%d/side/%s", game_id, bound, p->side)
                : g_strdup_printf ("table/game/%" G_GINT64_FORMAT "/order/%d/character/%" G_GINT64_FORMAT,
                                   game_id, bound, p->character_id);
      muster_rng_init_for (&roller.rng, muster_campaign_get_seed (campaign), purpose);
      typed = typed_faces (faces, roller.entry->name, roller.entry->character_id, &faces_error);
      if (faces_error == NULL)
        roll = typed != NULL
               ? muster_roll_new_entered (play->order_dice, (const int *) typed->data, typed->len, &faces_error)
               : muster_roll_new_random (play->order_dice, &roller.rng);
      if (roll == NULL)
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&faces_error), "%s: ", roller.entry->name);
          muster_order_entry_free (roller.entry);
          roller_clear (&roller);
          return FALSE;
        }
      roller.entry->faces = muster_roll_faces_to_string (roll);
      roller.entry->entered = roll->entered;
      roller.entry->total = roll->total;
      if (!by_side && play->order_stat != NULL)
        {
          g_autoptr(MusterCharacter) character = muster_store_get_character (store, p->character_id, error);
          int value = 0;

          if (character == NULL)
            {
              muster_order_entry_free (roller.entry);
              roller_clear (&roller);
              return FALSE;
            }
          muster_character_get_stat (character, play->order_stat, &value);
          /* Rolled at every bound: his wounds lower the stat instead of
           * moving him down. */
          if (per_bound)
            value = muster_play_wounded_stat (play, play->order_stat, value, light, serious);
          roller.entry->total += value;
        }
      g_array_append_val (rollers, roller);
    }
  return TRUE;
}

GPtrArray *
muster_store_roll_order (MusterStore  *store,
                         gint64        game_id,
                         int           bound,
                         GHashTable   *faces,
                         GError      **error)
{
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GArray) rollers = g_array_new (FALSE, TRUE, sizeof (Roller));
  g_autoptr(GPtrArray) entries = entries_new ();
  g_autoptr(GPtrArray) previous = NULL;
  MusterRuleset *ruleset = NULL;
  const MusterPlay *play;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  g_array_set_clear_func (rollers, (GDestroyNotify) roller_clear);
  game = muster_table_get_started_game (store, game_id, error);
  if (game == NULL || (play = muster_table_get_play (store, game, &ruleset, error)) == NULL)
    return NULL;
  if (play->order_method == MUSTER_ORDER_DECK)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE,
                   _("%s decides the order of play with cards: deal them one at a time."),
                   muster_ruleset_get_title (ruleset));
      return NULL;
    }
  if (bound < 1)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID,
                   _("The bounds are counted from 1, not %d."), bound);
      return NULL;
    }
  if (!add_rollers (store, game, play, bound, faces, rollers, error))
    return NULL;
  break_ties (rollers, play->tie_dice != NULL ? play->tie_dice : play->order_dice);

  for (guint i = 0; i < rollers->len; i++)
    {
      Roller *roller = &g_array_index (rollers, Roller, i);

      roller->entry->place = (int) i + 1;
      roller->entry->tie_faces = ties_to_string (roller->ties);
      g_ptr_array_add (entries, g_steal_pointer (&roller->entry));
    }

  /* Logged with the order it replaces, so that the roll can be taken
   * back as a hit or a card can (muster-table-undo.c). */
  if (!muster_store_begin (store, error))
    return NULL;
  previous = read_bound (store, game_id, bound, error);
  if (previous == NULL || !muster_table_replace_bound (store, game_id, bound, entries, error))
    {
      muster_store_rollback (store);
      return NULL;
    }
  if (!muster_store_log_and_commit (store, muster_game_get_campaign_id (game), game_id, 0, "ordered",
                                    muster_table_order_args (bound, previous),
                                    MUSTER_CHANGE_GAMES | MUSTER_CHANGE_LOG, error))
    return NULL;
  return g_steal_pointer (&entries);
}

static MusterOrderEntry *
entry_from_row (sqlite3_stmt *stmt)
{
  MusterOrderEntry *entry = g_new0 (MusterOrderEntry, 1);

  entry->bound = sqlite3_column_int (stmt, 0);
  entry->place = sqlite3_column_int (stmt, 1);
  entry->character_id = sqlite3_column_int64 (stmt, 2);
  entry->unit_id = sqlite3_column_int64 (stmt, 3);
  entry->name = g_strdup (muster_column_text (stmt, 4));
  entry->side = g_strdup (muster_column_text (stmt, 5));
  entry->card = g_strdup (muster_column_text (stmt, 6));
  entry->faces = g_strdup (muster_column_text (stmt, 7));
  entry->total = sqlite3_column_int (stmt, 8);
  entry->tie_faces = g_strdup (muster_column_text (stmt, 9));
  entry->entered = sqlite3_column_int (stmt, 10) != 0;
  return entry;
}

#define ORDER_COLUMNS \
  "o.bound, o.place, o.character_id, o.unit_id, " \
  "coalesce (c.name, u.name, o.side), o.side, o.card, o.faces, o.total, " \
  "o.tie_faces, o.entered FROM table_order o " \
  "LEFT JOIN character c ON c.id = o.character_id " \
  "LEFT JOIN unit u ON u.id = o.unit_id "

static GPtrArray *
read_bound (MusterStore  *store,
            gint64        game_id,
            int           bound,
            GError      **error)
{
  g_autoptr(GPtrArray) entries = entries_new ();
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  int rc;

  stmt = muster_store_prepare (store, "SELECT " ORDER_COLUMNS "WHERE o.game_id = ? AND o.bound = ? ORDER BY o.place",
                               error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int (stmt, 2, bound);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_ptr_array_add (entries, entry_from_row (stmt));
  if (rc != SQLITE_DONE)
    {
      muster_store_set_error (store, error, _("Could not read the order of play"));
      return NULL;
    }
  return g_steal_pointer (&entries);
}

int
muster_store_last_bound (MusterStore  *store,
                         gint64        game_id,
                         GError      **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;

  stmt = muster_store_prepare (store, "SELECT coalesce (max (bound), 0) FROM table_order WHERE game_id = ?",
                               error);
  if (stmt == NULL)
    return -1;
  sqlite3_bind_int64 (stmt, 1, game_id);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      muster_store_set_error (store, error, _("Could not read the order of play"));
      return -1;
    }
  return sqlite3_column_int (stmt, 0);
}

/* A card nobody holds is called by its own name, as in the deck. */
static void
name_card (const MusterPlay *play,
           MusterOrderEntry *entry)
{
  if (entry->name != NULL || entry->card == NULL)
    return;
  for (guint c = 0; c < play->cards->len; c++)
    {
      const MusterPlayCard *card = g_ptr_array_index (play->cards, c);

      if (g_str_equal (card->id, entry->card))
        entry->name = g_strdup (card->name);
    }
  if (entry->name == NULL)
    entry->name = g_strdup (entry->card);
}

/* Moving down: the place he rolled plus the places his wounds take him;
 * a man moved down goes after the one whose place he takes. */
static int
compare_moved (gconstpointer a,
               gconstpointer b)
{
  const MusterOrderEntry *x = *(MusterOrderEntry * const *) a;
  const MusterOrderEntry *y = *(MusterOrderEntry * const *) b;
  int kx = x->place + x->moved, ky = y->place + y->moved;

  if (kx != ky)
    return kx < ky ? -1 : 1;
  if ((x->moved > 0) != (y->moved > 0))
    return x->moved > 0 ? 1 : -1;
  return x->place < y->place ? -1 : x->place > y->place;
}

GPtrArray *
muster_store_list_order (MusterStore  *store,
                         gint64        game_id,
                         int           bound,
                         GError      **error)
{
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  MusterRuleset *ruleset = NULL;
  const MusterPlay *play;
  gboolean per_bound = FALSE;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  game = muster_store_get_game (store, game_id, error);
  if (game == NULL || (play = muster_table_get_play (store, game, &ruleset, error)) == NULL ||
      !muster_store_get_per_bound (store, game_id, &per_bound, error))
    return NULL;
  entries = read_bound (store, game_id, bound, error);
  if (entries != NULL && play->order_method == MUSTER_ORDER_DECK)
    for (guint i = 0; i < entries->len; i++)
      name_card (play, g_ptr_array_index (entries, i));
  if (entries == NULL || per_bound || play->order_method != MUSTER_ORDER_INITIATIVE)
    return g_steal_pointer (&entries);

  /* Rolled once for the game: a wounded man moves down the order. */
  for (guint i = 0; i < entries->len; i++)
    {
      MusterOrderEntry *entry = g_ptr_array_index (entries, i);
      int light = 0, serious = 0;
      gboolean removed = FALSE;

      if (entry->character_id == 0 ||
          !muster_store_tally_hits (store, game_id, entry->character_id, &light, &serious, &removed, error))
        continue;
      entry->moved = light * play->light_places + serious * play->serious_places;
    }
  g_ptr_array_sort (entries, compare_moved);
  return g_steal_pointer (&entries);
}

/* --- The deck ------------------------------------------------------------ */

GPtrArray *
muster_store_list_deck (MusterStore  *store,
                        gint64        game_id,
                        GError      **error)
{
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GPtrArray) participants = NULL;
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(GPtrArray) deck = entries_new ();
  MusterRuleset *ruleset = NULL;
  const MusterPlay *play;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  game = muster_store_get_game (store, game_id, error);
  if (game == NULL || (play = muster_table_get_play (store, game, &ruleset, error)) == NULL)
    return NULL;
  if (play->order_method != MUSTER_ORDER_DECK)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE,
                   _("%s rolls for the order of play: it has no deck."), muster_ruleset_get_title (ruleset));
      return NULL;
    }
  participants = muster_store_list_participants (store, game_id, error);
  units = participants != NULL ? muster_store_list_game_units (store, game_id, error) : NULL;
  if (units == NULL)
    return NULL;

  for (guint c = 0; c < play->cards->len; c++)
    {
      const MusterPlayCard *card = g_ptr_array_index (play->cards, c);

      if (g_strcmp0 (card->per, "unit") == 0)
        for (guint i = 0; i < units->len; i++)
          {
            const MusterUnitParticipant *u = g_ptr_array_index (units, i);
            MusterOrderEntry *entry = g_new0 (MusterOrderEntry, 1);

            entry->unit_id = u->unit_id;
            entry->name = g_strdup (u->name);
            entry->side = g_strdup (u->side);
            entry->card = g_strdup (card->id);
            g_ptr_array_add (deck, entry);
          }
      else if (card->per != NULL)
        for (guint i = 0; i < participants->len; i++)
          {
            const MusterParticipant *p = g_ptr_array_index (participants, i);
            g_autoptr(MusterCharacter) character = NULL;
            MusterOrderEntry *entry;

            if (g_str_equal (card->per, "leader"))
              {
                character = muster_store_get_character (store, p->character_id, error);
                if (character == NULL)
                  return NULL;
                if (muster_character_get_unit_id (character) != 0)
                  continue;
              }
            entry = g_new0 (MusterOrderEntry, 1);
            entry->character_id = p->character_id;
            entry->name = g_strdup (p->name);
            entry->side = g_strdup (p->side);
            entry->card = g_strdup (card->id);
            g_ptr_array_add (deck, entry);
          }
      else
        for (int i = 0; i < card->count; i++)
          {
            MusterOrderEntry *entry = g_new0 (MusterOrderEntry, 1);

            entry->name = g_strdup (card->name);
            entry->card = g_strdup (card->id);
            g_ptr_array_add (deck, entry);
          }
    }
  for (guint i = 0; i < deck->len; i++)
    ((MusterOrderEntry *) g_ptr_array_index (deck, i))->place = (int) i + 1;
  return g_steal_pointer (&deck);
}

/* Whether the man or unit of @entry is out of the game. */
static gboolean
entry_out (MusterStore             *store,
           gint64                   game_id,
           const MusterOrderEntry  *entry,
           gboolean                *out,
           GError                 **error)
{
  int light, serious;

  *out = FALSE;
  if (entry->character_id == 0)
    return TRUE;
  return muster_store_tally_hits (store, game_id, entry->character_id, &light, &serious, out, error);
}

MusterOrderEntry *
muster_store_deal_card (MusterStore  *store,
                        gint64        game_id,
                        GError      **error)
{
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(GPtrArray) deck = NULL;
  g_autoptr(GPtrArray) dealt = NULL;
  MusterOrderEntry *card = NULL;
  int turn, last = 0;

  g_return_val_if_fail (MUSTER_IS_STORE (store), NULL);

  game = muster_table_get_started_game (store, game_id, error);
  if (game == NULL ||
      (campaign = muster_store_get_campaign (store, muster_game_get_campaign_id (game), error)) == NULL ||
      (deck = muster_store_list_deck (store, game_id, error)) == NULL ||
      (turn = muster_store_last_bound (store, game_id, error)) < 0)
    return NULL;
  if (deck->len == 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE, _("The deck has no cards."));
      return NULL;
    }
  turn = MAX (turn, 1);
  dealt = read_bound (store, game_id, turn, error);
  if (dealt == NULL)
    return NULL;
  if (dealt->len > 0)
    last = ((MusterOrderEntry *) g_ptr_array_index (dealt, dealt->len - 1))->place;

  /* This turn's deck, then the next turn's when it is used up. */
  for (int round = 0; round < 2 && card == NULL; round++)
    {
      g_autofree char *purpose = g_strdup_printf ("table/game/%" G_GINT64_FORMAT "/deck/%d", game_id, turn);
      g_autoptr(GPtrArray) shuffled = g_ptr_array_new ();
      MusterRng rng;

      muster_rng_init_for (&rng, muster_campaign_get_seed (campaign), purpose);
      for (guint i = 0; i < deck->len; i++)
        g_ptr_array_add (shuffled, g_ptr_array_index (deck, i));
      for (guint i = shuffled->len - 1; i > 0; i--)
        {
          guint j = muster_rng_die (&rng, i + 1) - 1;
          gpointer swap = shuffled->pdata[i];

          shuffled->pdata[i] = shuffled->pdata[j];
          shuffled->pdata[j] = swap;
        }
      for (guint i = (guint) last; i < shuffled->len && card == NULL; i++)
        {
          MusterOrderEntry *entry = g_ptr_array_index (shuffled, i);
          gboolean out = FALSE;

          if (!entry_out (store, game_id, entry, &out, error))
            return NULL;
          if (out)
            continue;
          card = entry;
          card->bound = turn;
          card->place = (int) i + 1;
        }
      if (card == NULL)
        {
          turn++;
          last = 0;
        }
    }
  if (card == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_STATE,
                   _("Every card of the deck belongs to someone out of the game."));
      return NULL;
    }

  /* Logged, so that the deals and the hits of the table can be taken
   * back in the order they came (muster-table-undo.c); as the game's, not
   * the man's, whose history a card dealt every turn would crowd. */
  if (!muster_store_begin (store, error))
    return NULL;
  if (!insert_entry (store, game_id, card, error))
    {
      muster_store_rollback (store);
      return NULL;
    }
  {
    gboolean owned = card->character_id != 0 || card->unit_id != 0;

    if (!muster_store_log_and_commit (store, muster_game_get_campaign_id (game), game_id, 0, "dealt",
                                      muster_log_args ("i:turn", card->bound, "i:place", card->place,
                                                       "s:card", card->card, "s:name", owned ? card->name : NULL,
                                                       "r:character_id", card->character_id,
                                                       "r:unit_id", card->unit_id, NULL),
                                      MUSTER_CHANGE_GAMES | MUSTER_CHANGE_LOG, error))
      return NULL;
  }
  {
    guint index = 0;

    g_ptr_array_find (deck, card, &index);
    return g_ptr_array_steal_index (deck, index);
  }
}

/* --- Taking a card back ------------------------------------------------- */

gboolean
muster_table_last_card (MusterStore       *store,
                        MusterGame        *game,
                        MusterOrderEntry **out_card,
                        GError           **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *stmt = NULL;
  MusterRuleset *ruleset = NULL;
  const MusterPlay *play;
  int rc;

  *out_card = NULL;
  stmt = muster_store_prepare (store,
                               "SELECT " ORDER_COLUMNS "WHERE o.game_id = ? AND o.card IS NOT NULL "
                               "ORDER BY o.bound DESC, o.place DESC LIMIT 1",
                               error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, muster_game_get_id (game));
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    {
      muster_store_set_error (store, error, _("Could not read the order of play"));
      return FALSE;
    }
  if (rc == SQLITE_DONE)
    return TRUE;
  *out_card = entry_from_row (stmt);
  /* Rules that no longer have play at the table leave the card's id. */
  play = muster_table_get_play (store, game, &ruleset, NULL);
  if (play != NULL)
    name_card (play, *out_card);
  else if ((*out_card)->name == NULL)
    (*out_card)->name = g_strdup ((*out_card)->card);
  return TRUE;
}

gboolean
muster_table_delete_card (MusterStore             *store,
                          gint64                   game_id,
                          const MusterOrderEntry  *card,
                          GError                 **error)
{
  MUSTER_STMT_AUTO sqlite3_stmt *log = NULL;
  MUSTER_STMT_AUTO sqlite3_stmt *row = NULL;

  log = muster_store_prepare (store,
                              "DELETE FROM log_entry WHERE game_id = ? AND kind = 'dealt' "
                              "AND json_extract (args, '$.turn') = ? AND json_extract (args, '$.place') = ?",
                              error);
  if (log == NULL)
    return FALSE;
  sqlite3_bind_int64 (log, 1, game_id);
  sqlite3_bind_int (log, 2, card->bound);
  sqlite3_bind_int (log, 3, card->place);
  if (!muster_store_exec (store, log, _("Could not take the card back"), error))
    return FALSE;
  row = muster_store_prepare (store, "DELETE FROM table_order WHERE game_id = ? AND bound = ? AND place = ?", error);
  if (row == NULL)
    return FALSE;
  sqlite3_bind_int64 (row, 1, game_id);
  sqlite3_bind_int (row, 2, card->bound);
  sqlite3_bind_int (row, 3, card->place);
  return muster_store_exec (store, row, _("Could not take the card back"), error);
}
