/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-ruleset"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-ruleset-play.h"
#include "muster-ruleset-private.h"

/* <play>: reading it into a MusterPlay, and the rules that read it. */

static void
row_free (gpointer data)
{
  MusterPlayRow *row = data;

  g_ptr_array_unref (row->effects);
  g_free (row);
}

static void
modifier_free (gpointer data)
{
  MusterPlayModifier *modifier = data;

  g_clear_pointer (&modifier->bands, g_array_unref);
  g_clear_pointer (&modifier->turns, g_ptr_array_unref);
  g_free (modifier);
}

void
muster_play_free (MusterPlay *play)
{
  if (play == NULL)
    return;
  g_ptr_array_unref (play->cards);
  g_clear_pointer (&play->order_dice, muster_dice_expr_unref);
  g_clear_pointer (&play->tie_dice, muster_dice_expr_unref);
  g_ptr_array_unref (play->effects);
  g_ptr_array_unref (play->locations);
  g_ptr_array_unref (play->rows);
  g_ptr_array_unref (play->modifiers);
  g_ptr_array_unref (play->penalty_stats);
  g_clear_pointer (&play->wound_bands, g_array_unref);
  g_clear_pointer (&play->location_dice, muster_dice_expr_unref);
  g_clear_pointer (&play->shot_dice, muster_dice_expr_unref);
  g_clear_pointer (&play->melee_dice, muster_dice_expr_unref);
  g_clear_pointer (&play->wound_die, muster_dice_expr_unref);
  g_free (play);
}

static gboolean
parse_dice_attr (MusterRuleset   *self,
                 xmlNodePtr       node,
                 const char      *name,
                 MusterDiceExpr **out,
                 GError         **error)
{
  const char *text = muster_ruleset_attr (self, node, name);

  if (text == NULL)
    return TRUE;
  *out = muster_ruleset_parse_dice (self, node, name, text, error);
  return *out != NULL;
}

/* <band from to value|effect/> children of @node into @bands. */
static gboolean
load_bands (MusterRuleset  *self,
            xmlNodePtr      node,
            GArray         *bands,
            GError        **error)
{
  FOREACH_CHILD (child, node, "band")
    {
      MusterPlayBand band = { 0, };

      if (!muster_ruleset_attr_int (self, child, "from", 0, &band.from, error) ||
          !muster_ruleset_attr_int (self, child, "to", 0, &band.to, error) ||
          !muster_ruleset_attr_int (self, child, "value", 0, &band.value, error))
        return FALSE;
      band.effect = muster_ruleset_attr (self, child, "effect");
      if (band.to < band.from)
        return muster_ruleset_fail (self, child, error,
                                    _("a band runs from %d down to %d; give the lower number first."),
                                    band.from, band.to);
      for (guint i = 0; i < bands->len; i++)
        {
          const MusterPlayBand *other = &g_array_index (bands, MusterPlayBand, i);

          if (band.from <= other->to && other->from <= band.to)
            return muster_ruleset_fail (self, child, error,
                                        _("the band %d–%d overlaps the band %d–%d."),
                                        band.from, band.to, other->from, other->to);
        }
      g_array_append_val (bands, band);
    }
  return TRUE;
}

static gboolean
load_order (MusterRuleset  *self,
            MusterPlay     *play,
            xmlNodePtr      section,
            GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  xmlNodePtr order = muster_ruleset_first_child (section, "order");
  const char *method = muster_ruleset_attr (self, order, "method");

  play->order_method = g_strcmp0 (method, "deck") == 0 ? MUSTER_ORDER_DECK
                       : g_strcmp0 (method, "sides") == 0 ? MUSTER_ORDER_SIDES
                       : MUSTER_ORDER_INITIATIVE;
  play->order_note = muster_ruleset_notes_of (self, order);
  play->order_stat = muster_ruleset_attr (self, order, "stat");
  if (!parse_dice_attr (self, order, "dice", &play->order_dice, error) ||
      !parse_dice_attr (self, order, "tie-dice", &play->tie_dice, error) ||
      !muster_ruleset_attr_int (self, order, "light-places", 0, &play->light_places, error) ||
      !muster_ruleset_attr_int (self, order, "serious-places", 0, &play->serious_places, error))
    return FALSE;
  if (play->order_method != MUSTER_ORDER_DECK && play->order_dice == NULL)
    return muster_ruleset_fail (self, order, error, _("the order of play is rolled, but on no dice."));
  if (play->order_stat != NULL && muster_ruleset_lookup_stat (self, play->order_stat) == NULL)
    return muster_ruleset_fail (self, order, error,
                                _("the order of play adds the stat “%s”, but there is no such stat."),
                                play->order_stat);
  FOREACH_CHILD (node, order, "card")
    {
      MusterPlayCard *card = g_new0 (MusterPlayCard, 1);

      card->id = muster_ruleset_attr (self, node, "id");
      card->name = muster_ruleset_child_text (self, node, "name");
      card->note = muster_ruleset_notes_of (self, node);
      card->per = muster_ruleset_attr (self, node, "per");
      g_ptr_array_add (play->cards, card);
      if (!muster_ruleset_check_unique (self, seen, node, _("card"), card->id, error) ||
          !muster_ruleset_attr_int (self, node, "count", 0, &card->count, error))
        return FALSE;
    }
  if (play->order_method == MUSTER_ORDER_DECK && play->cards->len == 0)
    return muster_ruleset_fail (self, order, error, _("the order of play is a deck, but it has no cards."));
  return TRUE;
}

static gboolean
load_effects (MusterRuleset  *self,
              MusterPlay     *play,
              xmlNodePtr      section,
              GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  xmlNodePtr effects = muster_ruleset_first_child (section, "effects");

  FOREACH_CHILD (node, effects, "effect")
    {
      MusterPlayEffect *effect = g_new0 (MusterPlayEffect, 1);

      effect->id = muster_ruleset_attr (self, node, "id");
      effect->name = muster_ruleset_child_text (self, node, "name");
      effect->abbr = muster_ruleset_attr (self, node, "abbr");
      effect->outcome = muster_ruleset_attr (self, node, "outcome");
      effect->unit = muster_ruleset_attr (self, node, "unit");
      g_ptr_array_add (play->effects, effect);
      if (!muster_ruleset_check_unique (self, seen, node, _("effect"), effect->id, error) ||
          !muster_ruleset_attr_int (self, node, "light", 0, &effect->light, error) ||
          !muster_ruleset_attr_int (self, node, "serious", 0, &effect->serious, error))
        return FALSE;
      if (muster_ruleset_lookup_outcome (self, effect->outcome) == NULL)
        return muster_ruleset_fail (self, node, error,
                                    _("the effect “%s” records the outcome “%s”, but there is no such outcome."),
                                    effect->id, effect->outcome);
    }
  return TRUE;
}

static gboolean
check_effect (MusterRuleset    *self,
              const MusterPlay *play,
              xmlNodePtr        node,
              const char       *id,
              GError          **error)
{
  if (id == NULL || muster_play_lookup_effect (play, id) == NULL)
    return muster_ruleset_fail (self, node, error, _("there is no effect “%s”."), id != NULL ? id : "");
  return TRUE;
}

static gboolean
load_locations (MusterRuleset  *self,
                MusterPlay     *play,
                xmlNodePtr      section,
                GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  xmlNodePtr locations = muster_ruleset_first_child (section, "hit-locations");

  if (locations == NULL)
    return TRUE;
  if (!parse_dice_attr (self, locations, "dice", &play->location_dice, error))
    return FALSE;
  FOREACH_CHILD (node, locations, "location")
    {
      MusterPlayLocation *location = g_new0 (MusterPlayLocation, 1);

      location->id = muster_ruleset_attr (self, node, "id");
      location->name = muster_ruleset_child_text (self, node, "name");
      location->row = muster_ruleset_attr (self, node, "row");
      g_ptr_array_add (play->locations, location);
      if (!muster_ruleset_check_unique (self, seen, node, _("hit location"), location->id, error) ||
          !muster_ruleset_attr_int (self, node, "face", 0, &location->face, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
load_lookup (MusterRuleset  *self,
             MusterPlay     *play,
             xmlNodePtr      section,
             GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  xmlNodePtr lookup = muster_ruleset_first_child (section, "wound-effect");
  guint columns = 0;

  if (lookup == NULL)
    return TRUE;
  if (!parse_dice_attr (self, lookup, "shot", &play->shot_dice, error) ||
      !parse_dice_attr (self, lookup, "melee", &play->melee_dice, error) ||
      !muster_ruleset_attr_int (self, lookup, "first-score", 2, &play->first_score, error))
    return FALSE;
  play->reference = muster_ruleset_attr (self, lookup, "reference");
  FOREACH_CHILD (node, lookup, "row")
    {
      MusterPlayRow *row = g_new0 (MusterPlayRow, 1);
      g_auto(GStrv) ids = g_strsplit_set (muster_ruleset_attr (self, node, "effects"), " \t\n", -1);

      row->id = muster_ruleset_attr (self, node, "id");
      row->effects = g_ptr_array_new ();
      g_ptr_array_add (play->rows, row);
      if (!muster_ruleset_check_unique (self, seen, node, _("row"), row->id, error))
        return FALSE;
      for (guint i = 0; ids[i] != NULL; i++)
        {
          if (ids[i][0] == '\0')
            continue;
          if (!check_effect (self, play, node, ids[i], error))
            return FALSE;
          g_ptr_array_add (row->effects, (gpointer) muster_ruleset_intern (self, ids[i]));
        }
      if (columns == 0)
        columns = row->effects->len;
      if (row->effects->len == 0 || row->effects->len != columns)
        return muster_ruleset_fail (self, node, error,
                                    _("the row “%s” has %u effects, but the first row has %u; every row needs one a score."),
                                    row->id, row->effects->len, columns);
    }
  for (guint i = 0; i < play->locations->len; i++)
    {
      const MusterPlayLocation *location = g_ptr_array_index (play->locations, i);
      gboolean found = FALSE;

      for (guint j = 0; j < play->rows->len && !found; j++)
        found = g_strcmp0 (((MusterPlayRow *) g_ptr_array_index (play->rows, j))->id, location->row) == 0;
      if (!found)
        return muster_ruleset_fail (self, lookup, error,
                                    _("the hit location “%s” reads the row “%s”, but the wound effect table has no such row."),
                                    location->id, location->row != NULL ? location->row : "");
    }
  return TRUE;
}

static gboolean
load_modifiers (MusterRuleset  *self,
                MusterPlay     *play,
                xmlNodePtr      section,
                GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  xmlNodePtr modifiers = muster_ruleset_first_child (section, "modifiers");

  FOREACH_CHILD (node, modifiers, "modifier")
    {
      MusterPlayModifier *modifier = g_new0 (MusterPlayModifier, 1);

      modifier->id = muster_ruleset_attr (self, node, "id");
      modifier->name = muster_ruleset_child_text (self, node, "name");
      modifier->stat = muster_ruleset_attr (self, node, "stat");
      g_ptr_array_add (play->modifiers, modifier);
      if (!muster_ruleset_check_unique (self, seen, node, _("modifier"), modifier->id, error) ||
          !muster_ruleset_attr_int (self, node, "value", 0, &modifier->value, error) ||
          !muster_ruleset_attr_int (self, node, "dice", 0, &modifier->dice, error))
        return FALSE;
      modifier->into = muster_ruleset_attr (self, node, "into");
      if (modifier->into != NULL)
        {
          g_auto(GStrv) ids = g_strsplit_set (muster_ruleset_attr (self, node, "turns"), " \t\n", -1);

          if (!check_effect (self, play, node, modifier->into, error))
            return FALSE;
          modifier->turns = g_ptr_array_new ();
          for (guint i = 0; ids[i] != NULL; i++)
            {
              if (ids[i][0] == '\0')
                continue;
              if (!check_effect (self, play, node, ids[i], error))
                return FALSE;
              g_ptr_array_add (modifier->turns, (gpointer) muster_ruleset_intern (self, ids[i]));
            }
          g_ptr_array_add (modifier->turns, NULL);
        }
      if (modifier->stat != NULL)
        {
          if (muster_ruleset_lookup_stat (self, modifier->stat) == NULL)
            return muster_ruleset_fail (self, node, error,
                                        _("the modifier “%s” reads the stat “%s”, but there is no such stat."),
                                        modifier->id, modifier->stat);
          modifier->bands = g_array_new (FALSE, TRUE, sizeof (MusterPlayBand));
          if (!load_bands (self, node, modifier->bands, error))
            return FALSE;
        }
    }
  return TRUE;
}

static gboolean
load_wound_die (MusterRuleset  *self,
                MusterPlay     *play,
                xmlNodePtr      section,
                GError        **error)
{
  xmlNodePtr node = muster_ruleset_first_child (section, "wound-die");

  if (node == NULL)
    return TRUE;
  if (!parse_dice_attr (self, node, "dice", &play->wound_die, error))
    return FALSE;
  play->wound_bands = g_array_new (FALSE, TRUE, sizeof (MusterPlayBand));
  if (!load_bands (self, node, play->wound_bands, error))
    return FALSE;
  for (guint i = 0; i < play->wound_bands->len; i++)
    if (!check_effect (self, play, node, g_array_index (play->wound_bands, MusterPlayBand, i).effect, error))
      return FALSE;
  for (int face = muster_dice_expr_get_min (play->wound_die); face <= muster_dice_expr_get_max (play->wound_die); face++)
    if (muster_play_wound_die_effect (play, face) == NULL)
      return muster_ruleset_fail (self, node, error, _("no band of the wound die takes a %d."), face);
  return TRUE;
}

static gboolean
load_penalty (MusterRuleset  *self,
              MusterPlay     *play,
              xmlNodePtr      section,
              GError        **error)
{
  xmlNodePtr node = muster_ruleset_first_child (section, "wound-penalty");
  g_auto(GStrv) keys = NULL;

  if (node == NULL)
    return TRUE;
  if (!muster_ruleset_attr_int (self, node, "light", 0, &play->penalty_light, error) ||
      !muster_ruleset_attr_int (self, node, "serious", 0, &play->penalty_serious, error) ||
      !muster_ruleset_attr_int (self, node, "movement-light", 0, &play->movement_light, error) ||
      !muster_ruleset_attr_int (self, node, "movement-serious", 0, &play->movement_serious, error))
    return FALSE;
  keys = g_strsplit_set (muster_ruleset_attr (self, node, "stats"), " \t\n", -1);
  for (guint i = 0; keys[i] != NULL; i++)
    {
      if (keys[i][0] == '\0')
        continue;
      if (muster_ruleset_lookup_stat (self, keys[i]) == NULL)
        return muster_ruleset_fail (self, node, error, _("wounds lower the stat “%s”, but there is no such stat."),
                                    keys[i]);
      g_ptr_array_add (play->penalty_stats, (gpointer) muster_ruleset_intern (self, keys[i]));
    }
  return TRUE;
}

gboolean
muster_ruleset_load_play (MusterRuleset  *self,
                          xmlNodePtr      section,
                          GError        **error)
{
  MusterPlay *play = self->play = g_new0 (MusterPlay, 1);

  play->cards = g_ptr_array_new_with_free_func (g_free);
  play->effects = g_ptr_array_new_with_free_func (g_free);
  play->locations = g_ptr_array_new_with_free_func (g_free);
  play->rows = g_ptr_array_new_with_free_func (row_free);
  play->modifiers = g_ptr_array_new_with_free_func (modifier_free);
  play->penalty_stats = g_ptr_array_new ();
  play->unhurt = muster_ruleset_attr (self, section, "unhurt");
  if (muster_ruleset_first_child (section, "effects") != NULL &&
      muster_ruleset_lookup_outcome (self, play->unhurt) == NULL)
    return muster_ruleset_fail (self, section, error,
                                _("those never hit are recorded as “%s”, but there is no such outcome."),
                                play->unhurt != NULL ? play->unhurt : "");

  return load_order (self, play, section, error) &&
         load_effects (self, play, section, error) &&
         load_locations (self, play, section, error) &&
         load_lookup (self, play, section, error) &&
         load_modifiers (self, play, section, error) &&
         load_wound_die (self, play, section, error) &&
         load_penalty (self, play, section, error);
}

/**
 * muster_ruleset_get_play:
 *
 * Returns: (nullable): what the ruleset says of play at the table, or
 * %NULL when its rules predate it.
 */
const MusterPlay *
muster_ruleset_get_play (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);

  return self->play;
}

const MusterPlayEffect *
muster_play_lookup_effect (const MusterPlay *play,
                           const char       *id)
{
  for (guint i = 0; id != NULL && i < play->effects->len; i++)
    {
      const MusterPlayEffect *effect = g_ptr_array_index (play->effects, i);

      if (g_str_equal (effect->id, id))
        return effect;
    }
  return NULL;
}

const MusterPlayLocation *
muster_play_lookup_location (const MusterPlay *play,
                             const char       *id)
{
  for (guint i = 0; id != NULL && i < play->locations->len; i++)
    {
      const MusterPlayLocation *location = g_ptr_array_index (play->locations, i);

      if (g_str_equal (location->id, id))
        return location;
    }
  return NULL;
}

const MusterPlayLocation *
muster_play_location_for_face (const MusterPlay *play,
                               int               face)
{
  for (guint i = 0; i < play->locations->len; i++)
    {
      const MusterPlayLocation *location = g_ptr_array_index (play->locations, i);

      if (location->face == face)
        return location;
    }
  return NULL;
}

const MusterPlayModifier *
muster_play_lookup_modifier (const MusterPlay *play,
                             const char       *id)
{
  for (guint i = 0; id != NULL && i < play->modifiers->len; i++)
    {
      const MusterPlayModifier *modifier = g_ptr_array_index (play->modifiers, i);

      if (g_str_equal (modifier->id, id))
        return modifier;
    }
  return NULL;
}

/**
 * muster_play_wound_effect:
 * @row: a row id of the lookup
 * @score: the score, modifiers included
 *
 * The wound effect table's cell for @row and @score; a score beyond the
 * table takes the nearest column.
 *
 * Returns: (nullable): the effect, or %NULL when there is no such row.
 */
const MusterPlayEffect *
muster_play_wound_effect (const MusterPlay *play,
                          const char       *row,
                          int               score)
{
  for (guint i = 0; row != NULL && i < play->rows->len; i++)
    {
      const MusterPlayRow *r = g_ptr_array_index (play->rows, i);
      gint64 column = (gint64) score - play->first_score;

      if (!g_str_equal (r->id, row))
        continue;
      column = CLAMP (column, 0, (gint64) r->effects->len - 1);
      return muster_play_lookup_effect (play, g_ptr_array_index (r->effects, (guint) column));
    }
  return NULL;
}

int
muster_play_modifier_value (const MusterPlayModifier *modifier,
                            int                       stat_value)
{
  if (modifier->bands == NULL)
    return modifier->value;
  for (guint i = 0; i < modifier->bands->len; i++)
    {
      const MusterPlayBand *band = &g_array_index (modifier->bands, MusterPlayBand, i);

      if (stat_value >= band->from && stat_value <= band->to)
        return band->value;
    }
  /* Beyond the bands: the nearest one's. */
  if (modifier->bands->len > 0)
    {
      const MusterPlayBand *first = &g_array_index (modifier->bands, MusterPlayBand, 0);
      const MusterPlayBand *last = &g_array_index (modifier->bands, MusterPlayBand, modifier->bands->len - 1);

      return stat_value < first->from ? first->value : last->value;
    }
  return 0;
}

const MusterPlayEffect *
muster_play_wound_die_effect (const MusterPlay *play,
                              int               face)
{
  for (guint i = 0; play->wound_bands != NULL && i < play->wound_bands->len; i++)
    {
      const MusterPlayBand *band = &g_array_index (play->wound_bands, MusterPlayBand, i);

      if (face >= band->from && face <= band->to)
        return muster_play_lookup_effect (play, band->effect);
    }
  return NULL;
}

int
muster_play_wounded_stat (const MusterPlay *play,
                          const char       *key,
                          int               value,
                          int               light,
                          int               serious)
{
  for (guint i = 0; i < play->penalty_stats->len; i++)
    if (g_str_equal (g_ptr_array_index (play->penalty_stats, i), key))
      return MAX (0, value - light * play->penalty_light - serious * play->penalty_serious);
  return value;
}
