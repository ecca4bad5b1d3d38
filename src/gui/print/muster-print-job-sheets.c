/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-cards-sheet.h"
#include "muster-character.h"
#include "muster-chronicle-sheet.h"
#include "muster-deck-sheet.h"
#include "muster-figure-stats-sheet.h"
#include "muster-playsheet-sheet.h"
#include "muster-print-job-private.h"
#include "muster-roster-sheet.h"
#include "muster-unit.h"
#include "muster-units-sheet.h"

/* What a print job prints: the sheets a campaign's rules have, whose
 * characters or units go on them, and the renderer for the choices. */

static const char * const sheet_names[] = {
  [MUSTER_PRINT_FIGURE_STATS] = N_("Figure Stats"),
  [MUSTER_PRINT_PLAYSHEET]    = N_("Playsheet"),
  [MUSTER_PRINT_CARDS]        = N_("Stat Cards"),
  [MUSTER_PRINT_ROSTER]       = N_("Roster"),
  [MUSTER_PRINT_UNITS]        = N_("Units"),
  [MUSTER_PRINT_DECK]         = N_("Card Deck"),
  [MUSTER_PRINT_CHRONICLE]    = N_("Chronicle"),
};

/* Helpers */

static gboolean
wants_everyone (MusterPrintJob *self)
{
  /* The unit roster leaves out the dead and retired itself. */
  return self->sheet == MUSTER_PRINT_ROSTER || self->sheet == MUSTER_PRINT_UNITS;
}

gboolean
muster_print_job_scope_fits_sheet (MusterPrintJob   *self,
                                   MusterPrintSheet  sheet,
                                   MusterPrintScope  scope)
{
  /* A selection of characters does not say which units to list. */
  return !(sheet == MUSTER_PRINT_UNITS && scope == MUSTER_PRINT_SCOPE_CHARACTERS);
}

static GPtrArray *
load_units (MusterPrintJob  *self,
            GError         **error)
{
  return muster_store_list_units (self->store, muster_campaign_get_id (self->campaign),
                                  self->scope == MUSTER_PRINT_SCOPE_FORCE && self->force != NULL
                                    ? muster_force_get_id (self->force) : 0,
                                  error);
}

GPtrArray *
muster_print_job_load_characters (MusterPrintJob    *self,
                                  MusterPrintScope   scope,
                                  GError           **error)
{
  g_autoptr(GPtrArray) characters = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) listed = NULL;

  if (scope == MUSTER_PRINT_SCOPE_CHARACTERS)
    {
      for (guint i = 0; self->character_ids != NULL && i < self->character_ids->len; i++)
        {
          MusterCharacter *character;

          character = muster_store_get_character (self->store,
                                                  g_array_index (self->character_ids, gint64, i),
                                                  error);
          if (character == NULL)
            return NULL;
          g_ptr_array_add (characters, character);
        }
      return g_steal_pointer (&characters);
    }

  listed = muster_store_list_characters (self->store,
                                         muster_campaign_get_id (self->campaign),
                                         scope == MUSTER_PRINT_SCOPE_FORCE && self->force != NULL
                                           ? muster_force_get_id (self->force) : 0,
                                         error);
  if (listed == NULL)
    return NULL;

  for (guint i = 0; i < listed->len; i++)
    {
      MusterCharacter *character = g_ptr_array_index (listed, i);

      if (wants_everyone (self) || muster_character_get_status (character) == MUSTER_STATUS_ACTIVE)
        g_ptr_array_add (characters, g_object_ref (character));
    }

  return g_steal_pointer (&characters);
}

/* Public */

gboolean
muster_print_job_has_sheet (MusterPrintJob   *self,
                            MusterPrintSheet  sheet)
{
  MusterRuleset *ruleset;

  g_return_val_if_fail (MUSTER_IS_PRINT_JOB (self), FALSE);

  ruleset = muster_campaign_get_ruleset (self->campaign);
  switch (sheet)
    {
    case MUSTER_PRINT_UNITS:
      return ruleset != NULL && muster_ruleset_get_kept_by (ruleset) == MUSTER_KEPT_BY_UNIT;
    case MUSTER_PRINT_DECK:
      return ruleset != NULL && muster_deck_sheet_ruleset_has_deck (ruleset);
    default:
      return sheet <= MUSTER_PRINT_CHRONICLE;
    }
}

const char * const *
muster_print_job_get_specials (MusterPrintJob *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_JOB (self), NULL);

  return (const char * const *) self->specials;
}

void
muster_print_job_set_specials (MusterPrintJob     *self,
                               const char * const *specials)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_if_fail (MUSTER_IS_PRINT_JOB (self));

  for (guint i = 0; specials != NULL && specials[i] != NULL; i++)
    {
      g_autofree char *name = g_strstrip (g_strdup (specials[i]));

      if (*name != '\0')
        g_strv_builder_add (builder, name);
    }

  g_clear_pointer (&self->specials, g_strfreev);
  self->specials = g_strv_builder_end (builder);
}

guint
muster_print_job_count_units (MusterPrintJob    *self,
                              MusterPrintScope   scope,
                              GError           **error)
{
  g_autoptr(GPtrArray) units = NULL;

  g_return_val_if_fail (MUSTER_IS_PRINT_JOB (self), 0);

  units = muster_store_list_units (self->store, muster_campaign_get_id (self->campaign),
                                   scope == MUSTER_PRINT_SCOPE_FORCE && self->force != NULL
                                     ? muster_force_get_id (self->force) : 0,
                                   error);
  return units != NULL ? units->len : 0;
}

guint
muster_print_job_count_characters (MusterPrintJob    *self,
                                   MusterPrintScope   scope,
                                   GError           **error)
{
  g_autoptr(GPtrArray) characters = NULL;

  g_return_val_if_fail (MUSTER_IS_PRINT_JOB (self), 0);

  if (scope == MUSTER_PRINT_SCOPE_CHARACTERS)
    return self->character_ids != NULL ? self->character_ids->len : 0;

  characters = muster_print_job_load_characters (self, scope, error);
  return characters != NULL ? characters->len : 0;
}

const char *
muster_print_sheet_get_name (MusterPrintSheet sheet)
{
  g_return_val_if_fail (sheet < G_N_ELEMENTS (sheet_names), NULL);

  return _(sheet_names[sheet]);
}

const char *
muster_print_job_get_sheet_name (MusterPrintJob *self)
{
  g_return_val_if_fail (MUSTER_IS_PRINT_JOB (self), NULL);

  return _(sheet_names[self->sheet]);
}

char *
muster_print_job_get_suggested_filename (MusterPrintJob *self)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (MUSTER_IS_PRINT_JOB (self), NULL);

  if (self->scope == MUSTER_PRINT_SCOPE_FORCE && self->force != NULL && self->sheet != MUSTER_PRINT_PLAYSHEET)
    name = g_strdup_printf ("%s — %s — %s.pdf", muster_print_job_get_sheet_name (self),
                            muster_campaign_get_name (self->campaign), muster_force_get_name (self->force));
  else
    name = g_strdup_printf ("%s — %s.pdf", muster_print_job_get_sheet_name (self),
                            muster_campaign_get_name (self->campaign));

  /* A campaign may be called "1812/13": no folder separators in a file name. */
  g_strdelimit (name, "/\\", '-');
  return g_steal_pointer (&name);
}

static char *
sheet_title (MusterPrintJob *self)
{
  if (self->scope == MUSTER_PRINT_SCOPE_FORCE && self->force != NULL)
    return g_strdup_printf ("%s — %s", muster_campaign_get_name (self->campaign),
                            muster_force_get_name (self->force));
  return g_strdup (muster_campaign_get_name (self->campaign));
}

/* The sheets of rulesets kept by unit or played with a deck, which the
 * CLI prints as `units` and `deck`. */
static MusterSheet *
build_unit_sheet (MusterPrintJob  *self,
                  MusterRuleset   *ruleset,
                  GError         **error)
{
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(MusterSheet) sheet = NULL;
  g_autofree char *title = NULL;

  if (self->sheet == MUSTER_PRINT_UNITS && muster_ruleset_get_kept_by (ruleset) != MUSTER_KEPT_BY_UNIT)
    {
      g_set_error (error, MUSTER_SHEET_ERROR, MUSTER_SHEET_ERROR_UNSUPPORTED,
                   _("Campaign “%s” plays %s, which keeps no units: print its roster instead."),
                   muster_campaign_get_name (self->campaign), muster_ruleset_get_title (ruleset));
      return NULL;
    }

  characters = muster_print_job_load_characters (self, self->scope, error);
  if (characters == NULL)
    return NULL;

  if (self->sheet == MUSTER_PRINT_DECK)
    sheet = muster_deck_sheet_new (ruleset, characters, (const char * const *) self->specials, error);
  else
    {
      units = load_units (self, error);
      if (units == NULL)
        return NULL;
      if (units->len == 0 && characters->len == 0)
        {
          g_set_error_literal (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                               _("There are no units to list: choose a force or campaign that has some."));
          return NULL;
        }
      sheet = muster_units_sheet_new (ruleset, units, characters, NULL);
    }

  if (sheet == NULL)
    return NULL;

  title = sheet_title (self);
  muster_sheet_set_title (sheet, title);
  return g_steal_pointer (&sheet);
}

MusterSheet *
muster_print_job_build_sheet (MusterPrintJob  *self,
                              GError         **error)
{
  g_autoptr(GPtrArray) characters = NULL;
  g_autoptr(MusterSheet) sheet = NULL;
  g_autofree char *title = NULL;
  MusterRuleset *ruleset;

  g_return_val_if_fail (MUSTER_IS_PRINT_JOB (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  ruleset = muster_campaign_get_ruleset (self->campaign);
  if (ruleset == NULL)
    {
      g_set_error (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                   _("The rules of campaign “%s” could not be read, so its sheets cannot be drawn."),
                   muster_campaign_get_name (self->campaign));
      return NULL;
    }

  if (self->sheet == MUSTER_PRINT_UNITS || self->sheet == MUSTER_PRINT_DECK)
    return build_unit_sheet (self, ruleset, error);
  if (self->sheet == MUSTER_PRINT_CHRONICLE)
    return muster_chronicle_sheet_new (self->store, muster_campaign_get_id (self->campaign), error);

  if (self->sheet != MUSTER_PRINT_PLAYSHEET)
    {
      characters = muster_print_job_load_characters (self, self->scope, error);
      if (characters == NULL)
        return NULL;

      /* An empty Figure Stats sheet is a blank form to write in by hand;
       * cards and a roster of nobody are a mistake. */
      if (characters->len == 0 && self->sheet != MUSTER_PRINT_FIGURE_STATS)
        {
          if (self->sheet == MUSTER_PRINT_CARDS)
            g_set_error_literal (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                                 _("There are no characters to put on stat cards: choose a force or campaign with active characters."));
          else
            g_set_error_literal (error, MUSTER_STORE_ERROR, MUSTER_STORE_ERROR_INVALID,
                                 _("There are no characters to list on the roster: choose a force or campaign that has some."));
          return NULL;
        }
    }

  switch (self->sheet)
    {
    case MUSTER_PRINT_FIGURE_STATS:
      sheet = muster_figure_stats_sheet_new (ruleset, characters, self->turns);
      break;
    case MUSTER_PRINT_PLAYSHEET:
      sheet = muster_playsheet_sheet_new (ruleset);
      break;
    case MUSTER_PRINT_CARDS:
      sheet = muster_cards_sheet_new (ruleset, characters);
      break;
    case MUSTER_PRINT_ROSTER:
    default:
      sheet = muster_roster_sheet_new (ruleset, characters, NULL);
      break;
    }

  title = sheet_title (self);
  muster_sheet_set_title (sheet, title);

  return g_steal_pointer (&sheet);
}

GtkPageSetup *
muster_print_job_orient_page_setup (MusterPrintJob *self,
                                    MusterSheet    *sheet)
{
  GtkPageSetup *setup;
  MusterPageSize size;

  g_return_val_if_fail (MUSTER_IS_PRINT_JOB (self), NULL);
  g_return_val_if_fail (MUSTER_IS_SHEET (sheet), NULL);

  /* The sheet chooses from portrait; the page setup's own orientation
   * gives way to the job's. */
  setup = gtk_page_setup_copy (self->page_setup);
  gtk_page_setup_set_orientation (setup, GTK_PAGE_ORIENTATION_PORTRAIT);
  muster_print_job_page_size_from_setup (setup,
                                         gtk_page_setup_get_paper_width (setup, GTK_UNIT_POINTS),
                                         gtk_page_setup_get_paper_height (setup, GTK_UNIT_POINTS),
                                         &size);
  if (muster_sheet_wants_landscape (sheet, &size, self->orientation))
    gtk_page_setup_set_orientation (setup, GTK_PAGE_ORIENTATION_LANDSCAPE);

  return setup;
}

void
muster_print_job_get_sheet_page_size (MusterPrintJob *self,
                                      MusterSheet    *sheet,
                                      MusterPageSize *size)
{
  g_autoptr(GtkPageSetup) setup = NULL;

  g_return_if_fail (MUSTER_IS_PRINT_JOB (self));
  g_return_if_fail (MUSTER_IS_SHEET (sheet));
  g_return_if_fail (size != NULL);

  setup = muster_print_job_orient_page_setup (self, sheet);
  muster_print_job_page_size_from_setup (setup,
                                         gtk_page_setup_get_paper_width (setup, GTK_UNIT_POINTS),
                                         gtk_page_setup_get_paper_height (setup, GTK_UNIT_POINTS),
                                         size);
}
