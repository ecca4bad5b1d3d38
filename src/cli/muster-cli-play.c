/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-cli-private.h"
#include "muster-engine.h"
#include "muster-order-sheet.h"
#include "muster-ruleset-play.h"
#include "muster-table.h"

/* Play at the table: start, order, hit, undo-hit, undo-card and undo
 * (finish records what the hits did, muster-cli-games.c). */

/* --- start ------------------------------------------------------------------- */

int
muster_cli_cmd_start (MusterCli  *cli,
                      int         argc,
                      char      **argv)
{
  g_autofree char *campaign_arg = NULL;
  gboolean per_bound = FALSE;
  const GOptionEntry entries[] = {
    MUSTER_CLI_GAME_CAMPAIGN_ENTRY (campaign_arg),
    { "per-bound", 0, 0, G_OPTION_ARG_NONE, &per_bound,
      N_("Roll the order of play again at every bound, the rules’ alternative"), NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(MusterGame) started = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *what = NULL;
  int status;

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 1, 1, &status))
    return status;
  game = muster_cli_find_arg (cli, MUSTER_CLI_GAME, campaign_arg, argv[1], NULL, &error);
  if (game == NULL ||
      !muster_store_start_game_full (cli->store, muster_game_get_id (game), per_bound, &error) ||
      (started = muster_store_get_game (cli->store, muster_game_get_id (game), &error)) == NULL)
    return muster_cli_fail (error);

  what = muster_game_describe_full (started);
  /* TRANSLATORS: the game (“Game 1 “The ford” of Peninsula 1812”), then
   * its state (“Started”) */
  g_print (_("%s: %s\n"), what, muster_game_state_get_label (muster_game_get_state (started)));
  return 0;
}

/* --- order ------------------------------------------------------------------- */

static void
print_order (MusterCli *cli,
             GPtrArray *entries)
{
  static const char * const keys[] = {
    "bound", "place", "character_id", "unit_id", "name", "side", "card", "faces", "total", "tie_faces",
    "moved", "entered"
  };
  const char * const headings[] = {
    _("Bound"), _("Place"), _("Id"), _("Unit"), _("Name"), _("Side"), _("Card"), _("Faces"), _("Total"),
    _("Tie"), _("Moved down"), _("Entered")
  };
  g_autoptr(MusterCliTable) out = muster_cli_table_new (G_N_ELEMENTS (keys), keys, headings);

  for (guint i = 0; i < entries->len; i++)
    {
      const MusterOrderEntry *entry = g_ptr_array_index (entries, i);

      muster_cli_table_add_row (out);
      muster_cli_table_add_int (out, entry->bound);
      muster_cli_table_add_int (out, entry->place);
      muster_cli_table_add_id (out, entry->character_id);
      muster_cli_table_add_id (out, entry->unit_id);
      muster_cli_table_add_text (out, entry->name != NULL ? entry->name : "");
      muster_cli_table_add_text (out, entry->side != NULL ? entry->side : "");
      muster_cli_table_add_text (out, entry->card != NULL ? entry->card : "");
      muster_cli_table_add_text (out, entry->faces != NULL ? entry->faces : "");
      muster_cli_table_add_int (out, entry->total);
      muster_cli_table_add_text (out, entry->tie_faces != NULL ? entry->tie_faces : "");
      muster_cli_table_add_int (out, entry->moved);
      muster_cli_table_add_bool (out, entry->entered, entry->entered ? _("yes") : _("no"));
    }
  muster_cli_table_print (out, cli->format, FALSE);
}

int
muster_cli_cmd_order (MusterCli  *cli,
                      int         argc,
                      char      **argv)
{
  g_autofree char *campaign_arg = NULL;
  g_autofree char *bound_text = NULL;
  g_auto(GStrv) faces = NULL;
  const GOptionEntry entries[] = {
    MUSTER_CLI_GAME_CAMPAIGN_ENTRY (campaign_arg),
    { "bound", 0, 0, G_OPTION_ARG_STRING, &bound_text,
      N_("The bound whose order to roll or show (default: the last rolled, or 1)"), N_("N") },
    { "faces", 0, 0, G_OPTION_ARG_STRING_ARRAY, &faces,
      N_("Faces rolled at the table for a man or a side, e.g. \"Jean Lefort=4\" (repeat for each)"),
      N_("WHO=FACES") },
    MUSTER_CLI_FORMAT_ENTRY (cli),
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(GHashTable) table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(GPtrArray) order = NULL;
  g_autoptr(GError) error = NULL;
  const MusterPlay *play;
  MusterRuleset *ruleset;
  int bound = 0, status;

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 1, 1, &status) ||
      !muster_cli_parse_count (cli, "--bound", bound_text, &bound, &status) ||
      !muster_cli_parse_faces_by_name (cli, faces, table, &status))
    return status;

  game = muster_cli_find_arg (cli, MUSTER_CLI_GAME, campaign_arg, argv[1], &campaign, &error);
  ruleset = game != NULL ? muster_cli_campaign_ruleset (campaign, &error) : NULL;
  if (ruleset == NULL)
    return muster_cli_fail (error);
  if ((play = muster_table_require_play (ruleset, &error)) == NULL)
    return muster_cli_fail (error);

  /* A deck: the next card, then the turn's cards so far. */
  if (play->order_method == MUSTER_ORDER_DECK)
    {
      g_autoptr(MusterOrderEntry) card = muster_store_deal_card (cli->store, muster_game_get_id (game), &error);

      if (card == NULL ||
          (order = muster_store_list_order (cli->store, muster_game_get_id (game), card->bound, &error)) == NULL)
        return muster_cli_fail (error);
      print_order (cli, order);
      return 0;
    }

  if (bound == 0 && (bound = muster_store_last_bound (cli->store, muster_game_get_id (game), &error)) < 0)
    return muster_cli_fail (error);
  bound = MAX (bound, 1);
  order = muster_store_list_order (cli->store, muster_game_get_id (game), bound, &error);
  /* Rolled when it was not yet, or again with the faces of the table. */
  if (order != NULL && (order->len == 0 || faces != NULL))
    {
      g_clear_pointer (&order, g_ptr_array_unref);
      if (muster_store_roll_order (cli->store, muster_game_get_id (game), bound, table, &error) != NULL)
        order = muster_store_list_order (cli->store, muster_game_get_id (game), bound, &error);
    }
  if (order == NULL)
    return muster_cli_fail (error);
  print_order (cli, order);
  return 0;
}

/* --- hit --------------------------------------------------------------------- */

/* A participant of @game named by @arg (a name or an id). */
static gint64
find_participant (MusterCli       *cli,
                  MusterCampaign  *campaign,
                  const char      *arg,
                  GError         **error)
{
  g_autoptr(MusterCharacter) character = muster_cli_find_character (cli, campaign, arg, error);

  return character != NULL ? muster_character_get_id (character) : 0;
}

static void
say_hit (MusterCli         *cli,
         MusterRuleset     *ruleset,
         const MusterHit   *hit)
{
  const MusterPlay *play = muster_ruleset_get_play (ruleset);
  const MusterPlayEffect *effect = muster_play_lookup_effect (play, hit->effect);
  const MusterPlayLocation *location = muster_play_lookup_location (play, hit->location);
  static const char * const keys[] = {
    "ordinal", "target", "attacker", "kind", "location", "location_faces", "effect_faces",
    "score", "modifiers", "effect", "light", "serious", "figures", "killed", "wounded", "entered"
  };
  const char * const headings[] = {
    _("Hit"), _("Target"), _("Attacker"), _("Kind"), _("Location"), _("Location die"), _("Effect dice"),
    _("Score"), _("Modifiers"), _("Effect"), _("Light"), _("Serious"), _("Figures"), _("Killed"),
    _("Wounded"), _("Entered")
  };
  g_autoptr(MusterCliTable) out = muster_cli_table_new (G_N_ELEMENTS (keys), keys, headings);
  g_autofree char *modifiers = g_strjoinv (" ", hit->modifiers);

  muster_cli_table_add_row (out);
  muster_cli_table_add_int (out, hit->ordinal);
  muster_cli_table_add_text (out, hit->target_name);
  muster_cli_table_add_text (out, hit->attacker_name != NULL ? hit->attacker_name : "");
  muster_cli_table_add_text (out, muster_hit_kind_to_string (hit->kind));
  muster_cli_table_add_value (out, hit->location != NULL ? hit->location : "",
                              location != NULL ? location->name : "");
  muster_cli_table_add_text (out, hit->location_faces);
  muster_cli_table_add_text (out, hit->effect_faces);
  muster_cli_table_add_int (out, hit->score);
  muster_cli_table_add_text (out, modifiers);
  muster_cli_table_add_value (out, hit->effect, effect != NULL ? effect->name : hit->effect);
  muster_cli_table_add_int (out, hit->light);
  muster_cli_table_add_int (out, hit->serious);
  muster_cli_table_add_int (out, hit->figures);
  muster_cli_table_add_int (out, hit->killed);
  muster_cli_table_add_int (out, hit->wounded);
  muster_cli_table_add_bool (out, hit->entered, hit->entered ? _("yes") : _("no"));
  muster_cli_table_print (out, cli->format, TRUE);
}

int
muster_cli_cmd_hit (MusterCli  *cli,
                    int         argc,
                    char      **argv)
{
  g_autofree char *campaign_arg = NULL;
  g_autofree char *by = NULL;
  g_autofree char *location = NULL;
  g_autofree char *melee = NULL;
  g_autofree char *score = NULL;
  g_autofree char *bound = NULL;
  g_autofree char *unit_arg = NULL;
  g_autofree char *figures = NULL;
  g_auto(GStrv) modifiers = NULL;
  g_auto(GStrv) faces = NULL;
  gboolean shot = FALSE;
  const GOptionEntry entries[] = {
    MUSTER_CLI_GAME_CAMPAIGN_ENTRY (campaign_arg),
    { "by", 0, 0, G_OPTION_ARG_STRING, &by, N_("The firer or attacker"), N_("ATTACKER") },
    { "location", 0, 0, G_OPTION_ARG_STRING, &location,
      N_("The hit location, an id of the rules (rolled when left out)"), N_("ID") },
    { "shot", 0, 0, G_OPTION_ARG_NONE, &shot, N_("A shot (the default)"), NULL },
    { "melee", 0, 0, G_OPTION_ARG_STRING, &melee,
      N_("A melee: the winner’s score minus the loser’s"), N_("DIFF") },
    { "score", 0, 0, G_OPTION_ARG_STRING, &score,
      N_("The score as worked out at the table, modifiers included"), N_("N") },
    { "modifier", 0, 0, G_OPTION_ARG_STRING_ARRAY, &modifiers,
      N_("A modifier of the wound effect, an id of the rules (repeat for each)"), N_("ID") },
    { "bound", 0, 0, G_OPTION_ARG_STRING, &bound, N_("The bound the hit happened in"), N_("N") },
    { "faces", 0, 0, G_OPTION_ARG_STRING_ARRAY, &faces,
      N_("Faces rolled at the table: location=3, effect=4,5"), N_("PURPOSE=FACES") },
    { "unit", 0, 0, G_OPTION_ARG_STRING, &unit_arg,
      N_("Figures of a unit are hit instead of a character"), N_("UNIT") },
    { "figures", 0, 0, G_OPTION_ARG_STRING, &figures, N_("The unit’s figures hit"), N_("N") },
    MUSTER_CLI_FORMAT_ENTRY (cli),
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(MusterCampaign) campaign = NULL;
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(MusterHit) hit = NULL;
  g_autoptr(GArray) location_faces = NULL;
  g_autoptr(GArray) effect_faces = NULL;
  g_autoptr(GError) error = NULL;
  MusterHitRequest request = { 0, };
  MusterRuleset *ruleset;
  int status;

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 1, -1, &status) ||
      !muster_cli_check_args (cli, argc, argv, unit_arg != NULL ? 1 : 2, unit_arg != NULL ? 1 : 2, &status))
    return status;
  if (shot && melee != NULL)
    return muster_cli_usage_error (cli, _("A hit is a shot or a melee: give --shot or --melee DIFF, not both."));
  if (!muster_cli_parse_count (cli, "--bound", bound, &request.bound, &status) ||
      !muster_cli_parse_count (cli, "--figures", figures, &request.figures, &status))
    return status;
  if (melee != NULL && !g_ascii_string_to_signed (melee, 10, -1000, 1000, &(gint64) { 0 }, NULL))
    return muster_cli_usage_error (cli, _("--melee takes the difference of the scores, a whole number, not “%s”."), melee);
  if (score != NULL && !g_ascii_string_to_signed (score, 10, -1000, 1000, &(gint64) { 0 }, NULL))
    return muster_cli_usage_error (cli, _("--score takes a whole number, not “%s”."), score);
  for (guint i = 0; faces != NULL && faces[i] != NULL; i++)
    {
      g_autofree char *key = NULL;
      g_autofree char *value = NULL;
      GArray **into;

      if (!muster_cli_split_assignment (faces[i], &key, &value))
        return muster_cli_usage_error (cli, _("--faces takes PURPOSE=FACES, e.g. location=3 or effect=4,5, not “%s”."),
                                       faces[i]);
      into = g_str_equal (key, "location") ? &location_faces : g_str_equal (key, "effect") ? &effect_faces : NULL;
      if (into == NULL)
        return muster_cli_usage_error (cli, _("A hit rolls for “location” and “effect”, not “%s”."), key);
      g_clear_pointer (into, g_array_unref);
      *into = muster_engine_parse_faces (value, &error);
      if (*into == NULL)
        return muster_cli_fail (error);
    }

  game = muster_cli_find_arg (cli, MUSTER_CLI_GAME, campaign_arg, argv[1], &campaign, &error);
  if (game == NULL)
    return muster_cli_fail (error);
  if (unit_arg != NULL)
    {
      g_autoptr(MusterUnit) unit = muster_cli_find_unit (cli, campaign, unit_arg, &error);

      if (unit == NULL)
        return muster_cli_fail (error);
      request.unit_id = muster_unit_get_id (unit);
    }
  else if ((request.target_id = find_participant (cli, campaign, argv[2], &error)) == 0)
    return muster_cli_fail (error);
  if (by != NULL && (request.attacker_id = find_participant (cli, campaign, by, &error)) == 0)
    return muster_cli_fail (error);

  request.kind = melee != NULL ? MUSTER_HIT_MELEE : MUSTER_HIT_SHOT;
  request.difference = melee != NULL ? atoi (melee) : 0;
  request.has_score = score != NULL;
  request.score = score != NULL ? atoi (score) : 0;
  request.location = location;
  request.modifiers = (const char * const *) modifiers;
  if (location_faces != NULL)
    {
      request.location_faces = (const int *) location_faces->data;
      request.n_location_faces = location_faces->len;
    }
  if (effect_faces != NULL)
    {
      request.effect_faces = (const int *) effect_faces->data;
      request.n_effect_faces = effect_faces->len;
    }

  hit = muster_store_record_hit (cli->store, muster_game_get_id (game), &request, &error);
  ruleset = hit != NULL ? muster_cli_campaign_ruleset (campaign, &error) : NULL;
  if (ruleset == NULL)
    return muster_cli_fail (error);
  say_hit (cli, ruleset, hit);
  return 0;
}

/* --- undo-hit, undo-card, undo ------------------------------------------------ */

static void
say_hit_undone (const MusterHit *hit)
{
  /* TRANSLATORS: the number of the hit taken back, and its target */
  g_print (_("Hit %d on %s undone.\n"), hit->ordinal, hit->target_name);
}

static void
say_card_undone (const MusterOrderEntry *card)
{
  if (card->character_id != 0 || card->unit_id != 0)
    /* TRANSLATORS: the turn, and whose card was taken back */
    g_print (_("Turn %d: card for %s taken back.\n"), card->bound, card->name);
  else
    /* TRANSLATORS: the turn, and the card taken back (“Pause card”) */
    g_print (_("Turn %d: %s taken back.\n"), card->bound, card->name);
}

static void
say_order_undone (const MusterTableStep *step)
{
  if (step->replaced)
    /* TRANSLATORS: the bound whose last roll of the order of play was
     * taken back; the order rolled before it is its order again */
    g_print (_("Bound %d: the last roll of the order of play taken back; the order rolled before it is back.\n"),
             step->bound);
  else
    /* TRANSLATORS: the bound whose roll of the order of play was taken
     * back; it had no order before it */
    g_print (_("Bound %d: the roll of the order of play taken back; the bound has no order now.\n"), step->bound);
}

/* Takes back the last hit, the last card, or (@kind
 * MUSTER_TABLE_STEP_NONE) whichever of them and the rolls of the order
 * came last, and says which. */
static int
undo_at_table (MusterCli           *cli,
               int                  argc,
               char               **argv,
               MusterTableStepKind  kind)
{
  g_autofree char *campaign_arg = NULL;
  const GOptionEntry entries[] = {
    MUSTER_CLI_GAME_CAMPAIGN_ENTRY (campaign_arg),
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(MusterGame) game = NULL;
  g_autoptr(MusterTableStep) step = g_new0 (MusterTableStep, 1);
  g_autoptr(GPtrArray) hits = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  if (!muster_cli_parse_command (cli, entries, &argc, &argv, 1, 1, &status))
    return status;
  game = muster_cli_find_arg (cli, MUSTER_CLI_GAME, campaign_arg, argv[1], NULL, &error);
  if (game == NULL)
    return muster_cli_fail (error);
  step->kind = kind;
  if (kind == MUSTER_TABLE_STEP_HIT)
    {
      if ((hits = muster_store_list_hits (cli->store, muster_game_get_id (game), &error)) == NULL ||
          !muster_store_undo_hit (cli->store, muster_game_get_id (game), &error))
        return muster_cli_fail (error);
      step->hit = g_ptr_array_steal_index (hits, hits->len - 1);
    }
  else if (kind == MUSTER_TABLE_STEP_CARD)
    {
      if ((step->card = muster_store_undo_card (cli->store, muster_game_get_id (game), &error)) == NULL)
        return muster_cli_fail (error);
    }
  else
    {
      g_clear_pointer (&step, muster_table_step_free);
      if ((step = muster_store_undo_last_step (cli->store, muster_game_get_id (game), &error)) == NULL)
        return muster_cli_fail (error);
    }
  if (step->kind == MUSTER_TABLE_STEP_HIT)
    say_hit_undone (step->hit);
  else if (step->kind == MUSTER_TABLE_STEP_ORDER)
    say_order_undone (step);
  else
    say_card_undone (step->card);
  return 0;
}

int
muster_cli_cmd_undo_hit (MusterCli  *cli,
                         int         argc,
                         char      **argv)
{
  return undo_at_table (cli, argc, argv, MUSTER_TABLE_STEP_HIT);
}

int
muster_cli_cmd_undo_card (MusterCli  *cli,
                          int         argc,
                          char      **argv)
{
  return undo_at_table (cli, argc, argv, MUSTER_TABLE_STEP_CARD);
}

int
muster_cli_cmd_undo (MusterCli  *cli,
                     int         argc,
                     char      **argv)
{
  return undo_at_table (cli, argc, argv, MUSTER_TABLE_STEP_NONE);
}

/* --- print order ------------------------------------------------------------- */

/* Every man of @game, to roll for at the table (of MusterOrderEntry*). */
static GPtrArray *
entries_of_game (MusterCli   *cli,
                 MusterGame  *game,
                 GError     **error)
{
  g_autoptr(GPtrArray) participants = muster_store_list_participants (cli->store, muster_game_get_id (game), error);
  GPtrArray *entries;

  if (participants == NULL)
    return NULL;
  entries = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_order_entry_free);
  for (guint i = 0; i < participants->len; i++)
    {
      const MusterParticipant *p = g_ptr_array_index (participants, i);
      MusterOrderEntry *entry = g_new0 (MusterOrderEntry, 1);

      entry->character_id = p->character_id;
      entry->name = g_strdup (p->name);
      entry->side = g_strdup (p->side);
      g_ptr_array_add (entries, entry);
    }
  return entries;
}

/* The order of play of @game as it stands, or its deck as a check-list. */
MusterSheet *
muster_cli_order_sheet (MusterCli      *cli,
                        MusterRuleset  *ruleset,
                        MusterGame     *game,
                        GError        **error)
{
  const MusterPlay *play = muster_table_require_play (ruleset, error);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr(GPtrArray) entries = NULL;
  gint64 game_id = muster_game_get_id (game);

  if (play == NULL)
    return NULL;

  if (play->order_method == MUSTER_ORDER_DECK)
    {
      const char *headings[] = { _("Card"), _("Whose"), _("Turn 1"), _("Turn 2"), _("Turn 3"), _("Turn 4"),
                                 _("Turn 5"), _("Turn 6"), NULL };

      entries = muster_store_list_deck (cli->store, game_id, error);
      if (entries == NULL)
        return NULL;
      for (guint i = 0; i < entries->len; i++)
        {
          const MusterOrderEntry *entry = g_ptr_array_index (entries, i);
          const char *card_name = entry->card;
          GStrv row = g_new0 (char *, 9);

          for (guint c = 0; c < play->cards->len; c++)
            if (g_str_equal (((MusterPlayCard *) g_ptr_array_index (play->cards, c))->id, entry->card))
              card_name = ((MusterPlayCard *) g_ptr_array_index (play->cards, c))->name;
          row[0] = g_strdup (card_name);
          row[1] = g_strdup (entry->character_id != 0 || entry->unit_id != 0 ? entry->name : "");
          for (guint c = 2; c < 8; c++)
            row[c] = g_strdup ("");
          g_ptr_array_add (rows, row);
        }
      return muster_order_sheet_new (ruleset, headings, rows, play->order_note);
    }

  {
    const char *headings[] = { _("Name"), _("Side"), _("Place"), _("Roll"), _("Total"), _("Tie"), NULL };
    int bound = muster_store_last_bound (cli->store, game_id, error);

    if (bound < 0)
      return NULL;
    entries = bound > 0 ? muster_store_list_order (cli->store, game_id, bound, error) : entries_of_game (cli, game, error);
    if (entries == NULL)
      return NULL;
    for (guint i = 0; i < entries->len; i++)
      {
        const MusterOrderEntry *entry = g_ptr_array_index (entries, i);
        GStrv row = g_new0 (char *, 7);

        row[0] = g_strdup (entry->name != NULL ? entry->name : "");
        row[1] = g_strdup (entry->side != NULL ? entry->side : "");
        row[2] = bound > 0 ? g_strdup_printf ("%u", i + 1) : g_strdup ("");
        row[3] = g_strdup (entry->faces != NULL ? entry->faces : "");
        row[4] = bound > 0 ? g_strdup_printf ("%d", entry->total) : g_strdup ("");
        row[5] = g_strdup (entry->tie_faces != NULL ? entry->tie_faces : "");
        g_ptr_array_add (rows, row);
      }
    return muster_order_sheet_new (ruleset, headings, rows, play->order_note);
  }
}
