/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sample"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-recruit.h"
#include "muster-store-private.h"

/*
 * The sample campaign: the light troops of both armies on the Côa, summer
 * 1810. A British light company with a few riflemen of the 95th attached,
 * and a French voltigeur company with two chasseurs. The seed is fixed, so
 * the sample has the same figures and the same stats every time.
 */

#define SAMPLE_SEED 1809

typedef struct {
  const char *rank;
  const char *name;
  const char *troop_type;
  const char *weapon;     /* NULL: the troop type's */
} SampleFigure;

static const SampleFigure british[] = {
  { N_("Captain"),    "Edward Ashworth",   "other",          "sword" },
  { N_("Lieutenant"), "Henry Bramwell",    "other",          "sword" },
  { N_("Sergeant"),   "William Pardoe",    "musket-special", NULL },
  { N_("Corporal"),   "James Fenwick",     "line",           NULL },
  { N_("Private"),    "Thomas Ward",       "line",           NULL },
  { N_("Private"),    "Samuel Kettle",     "line",           NULL },
  { N_("Private"),    "George Dunmore",    "line",           NULL },
  { N_("Private"),    "Michael Doyle",     "line",           NULL },
  { N_("Private"),    "Robert Gilchrist",  "line",           NULL },
  { N_("Lieutenant"), "Charles Ellison",   "rifle-officer",  NULL },
  { N_("Rifleman"),   "Patrick Nolan",     "rifleman",       NULL },
  { N_("Rifleman"),   "Joseph Tulloch",    "rifleman",       NULL },
  { N_("Rifleman"),   "Daniel Marsh",      "rifleman",       NULL },
};

static const SampleFigure french[] = {
  { N_("Capitaine"),  "Étienne Marchal",   "other",          "sword" },
  { N_("Lieutenant"), "Louis Bazin",       "other",          "sword" },
  { N_("Sergent"),    "Jean Roussel",      "musket-special", NULL },
  { N_("Caporal"),    "Pierre Guérin",     "voltigeur",      NULL },
  { N_("Voltigeur"),  "Antoine Fabre",     "voltigeur",      NULL },
  { N_("Voltigeur"),  "Jacques Perrin",    "voltigeur",      NULL },
  { N_("Voltigeur"),  "François Lemoine",  "voltigeur",      NULL },
  { N_("Voltigeur"),  "Joseph Caillaux",   "voltigeur",      NULL },
  { N_("Voltigeur"),  "Michel Garnier",    "voltigeur",      NULL },
  { N_("Chasseur"),   "Henri Vasseur",     "chasseur",       NULL },
  { N_("Chasseur"),   "Claude Mercier",    "chasseur",       NULL },
};

static gboolean
add_figures (MusterStore         *store,
             MusterRuleset       *ruleset,
             gint64               campaign_id,
             gint64               force_id,
             const SampleFigure  *figures,
             guint                n_figures,
             GError             **error)
{
  for (guint i = 0; i < n_figures; i++)
    {
      g_autoptr(MusterRecruit) recruit = NULL;
      g_autofree char *purpose = NULL;
      MusterCharacterSpec spec = { 0 };
      MusterRng rng;
      guint64 seed = 0;
      gint64 counter;

      counter = muster_store_tx_next_recruit (store, campaign_id, &seed, error);
      if (counter == 0)
        return FALSE;
      purpose = g_strdup_printf ("recruit/%" G_GINT64_FORMAT, counter);
      muster_rng_init_for (&rng, seed, purpose);
      recruit = muster_recruit_roll (ruleset, figures[i].troop_type, figures[i].weapon, &rng, error);
      if (recruit == NULL)
        return FALSE;

      spec.name = figures[i].name;
      spec.rank = _(figures[i].rank);
      spec.troop_type = recruit->troop_type;
      spec.weapon = recruit->weapon;
      spec.stats = recruit->stats;
      spec.rolls = recruit->rolls;
      spec.roll_stats = recruit->roll_stats;
      if (muster_store_tx_create_character (store, force_id, &spec, error) == 0)
        return FALSE;
    }
  return TRUE;
}

/**
 * muster_store_create_sample:
 * @name: (nullable): the campaign's name; %NULL for the default
 *
 * Creates the sample Sharpe's Skirmish campaign in one transaction.
 *
 * Returns: its id, or 0 with @error set.
 */
gint64
muster_store_create_sample (MusterStore  *store,
                            const char   *name,
                            GError      **error)
{
  g_autoptr(MusterRuleset) ruleset = NULL;
  gint64 campaign_id, british_id, french_id;

  g_return_val_if_fail (MUSTER_IS_STORE (store), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  ruleset = muster_rulesets_lookup ("sharpes-skirmish", error);
  if (ruleset == NULL)
    return 0;
  if (name == NULL)
    name = _("Sample: Light Companies on the Côa");

  if (!muster_store_begin (store, error))
    return 0;

  campaign_id = muster_store_tx_create_campaign (store, name, ruleset, SAMPLE_SEED, NULL, error);
  if (campaign_id == 0)
    goto fail;
  british_id = muster_store_tx_create_force (store, campaign_id,
                                             _("Light Company, 45th Foot"), "British", "british", error);
  if (british_id == 0 ||
      !add_figures (store, ruleset, campaign_id, british_id, british, G_N_ELEMENTS (british), error))
    goto fail;
  french_id = muster_store_tx_create_force (store, campaign_id,
                                            _("Voltigeurs, 66e de Ligne"), "French", "french", error);
  if (french_id == 0 ||
      !add_figures (store, ruleset, campaign_id, french_id, french, G_N_ELEMENTS (french), error))
    goto fail;

  if (!muster_store_commit (store, error))
    goto fail;
  muster_store_emit_changed (store, MUSTER_CHANGE_ALL, campaign_id);
  return campaign_id;

fail:
  muster_store_rollback (store);
  return 0;
}
