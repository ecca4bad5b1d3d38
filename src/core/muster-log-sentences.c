/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-log"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-log-private.h"

/* The sentences of the campaign log, by kind: what each entry says and
 * with which of its arguments (muster-log-private.h says how to read a
 * row). The order matters within a kind: the first whose conditions hold
 * says the entry. The few entries glued from parts have a function. */

static char *format_weapon        (const MusterLogContext *ctx);
static char *format_unit_result   (const MusterLogContext *ctx);
static char *format_rules_updated (const MusterLogContext *ctx);

static const MusterLogSentence sentences[] = {
  /* Translators: the campaign name, the ruleset title and its version. */
  { "campaign-created", NULL, LS_("Campaign “%s” created with %s (version %s)"), NULL,
    { "name", "ruleset(ruleset)", "version" } },
  { "campaign-renamed", NULL, LS_("Campaign “%s” renamed to “%s”"), NULL, { "old", "new" } },
  { "force-created", "side", LS_("Force “%s” created, fighting for %s"), NULL, { "name", "side" } },
  { "force-created", NULL, LS_("Force “%s” created"), NULL, { "name" } },
  { "force-renamed", NULL, LS_("Force “%s” renamed to “%s”"), NULL, { "old", "new" } },
  { "force-side", "side", LS_("Force “%s” now fights for %s"), NULL, { "name", "side" } },
  { "force-side", NULL, LS_("Force “%s” is now a side of its own"), NULL, { "name" } },
  /* TRANSLATORS: the force's name and its nationality, e.g. “Spanish” */
  { "force-nationality", NULL, LS_("Nationality of force “%s” set to %s"), NULL,
    { "name", "nationality(nationality)" } },
  { "force-deleted", "characters>0",
    LP_("Force “%s” deleted with its %u character", "Force “%s” deleted with its %u characters"),
    "characters", { "name", "#characters" } },
  { "force-deleted", NULL, LS_("Force “%s” deleted"), NULL, { "name" } },
  /* Translators: the numbers are totals the character brought from the
   * campaign the force file came from */
  { "import", "name,?kills",
    LS_("%s joined with the force “%s” (kills elsewhere: %d, games elsewhere: %d)."), NULL,
    { "name", "force", "#kills", "#games" } },
  { "import", "name", LS_("%s joined with the force “%s”."), NULL, { "name", "force" } },
  { "import", NULL, LS_("Force “%s” joined the campaign from a file."), NULL, { "force" } },

  /* Translators: "Thomas Ward recruited: I 4, D 3, S 5, C 2, F 6" */
  { "recruit", NULL, LS_("%s recruited: %s"), NULL, { "name", "stats(stats,weapon)" } },
  { "character-created", NULL, LS_("%s joined “%s”"), NULL, { "name", "force" } },
  { "character-renamed", NULL, LS_("%s is now called %s"), NULL, { "old", "new" } },
  { "character-edited", "field=rank,value", LS_("%s is now %s"), NULL, { "name", "value" } },
  { "character-edited", "field=rank", LS_("%s no longer holds a rank"), NULL, { "name" } },
  { "character-edited", "field=troop_type", LS_("%s is now a %s"), NULL, { "name", "troop(value)" } },
  { "character-edited", "field=weapon,value", LS_("%s now carries a %s"), NULL,
    { "name", "weapon(value)" }, format_weapon },
  { "character-edited", "field=weapon", LS_("%s no longer carries a weapon"), NULL, { "name" } },
  { "character-edited", "field=notes", LS_("Notes on %s changed"), NULL, { "name" } },
  { "character-edited", "field=mounted,value=true", LS_("%s is now mounted"), NULL, { "name" } },
  { "character-edited", "field=mounted,value=false", LS_("%s now fights on foot"), NULL, { "name" } },
  { "stat-changed", "?old", LS_("%s: %s changed from %d to %d"), NULL,
    { "name", "stat(stat)", "#old", "#value" } },
  { "stat-changed", NULL, LS_("%s: %s set to %d"), NULL, { "name", "stat(stat)", "#value" } },
  { "status", "status=out-of-action,games>0",
    LP_("%s is out of action for %d game", "%s is out of action for %d games"), "games",
    { "name", "#games" } },
  /* Translators: "Thomas Ward is now Dead" (a status label). */
  { "status", NULL, LS_("%s is now %s"), NULL, { "name", "status(status)" } },
  { "character-moved", NULL, LS_("%s moved from “%s” to “%s”"), NULL, { "name", "from", "to" } },
  { "character-deleted", NULL, LS_("Character “%s” deleted"), NULL, { "name" } },
  { "released", NULL, LS_("%s is released in an exchange of prisoners and is back with his force."), NULL,
    { "name" } },
  /* Translators: written to the log when a library is brought up to
   * date: "Ward: Firing back to 11, as rolled when he was recruited;
   * it was kept at 9, his weapon's limit, which he still uses with
   * that weapon." */
  { "stat-restored", NULL,
    LS_("%s: %s back to %d, as rolled when he was recruited; it was kept at %d, "
        "his weapon’s limit, which he still uses with that weapon."), NULL,
    { "name", "stat(stat)", "#value", "#kept" } },
  { "unit-joined", "unit", LS_("%s joins %s"), NULL, { "name", "unit" } },
  { "unit-joined", NULL, LS_("%s leaves his unit"), NULL, { "name" } },

  { "unit-created", NULL, LP_("%s joins %s: %s, %d figure", "%s joins %s: %s, %d figures"), "size",
    { "name", "force", "unit-kind(kind)", "#size" } },
  { "unit-edited", "field=name", LS_("The unit %s is now called %s"), NULL, { "name", "value" } },
  { "unit-edited", "field=kind", LS_("%s is now %s"), NULL, { "name", "unit-kind(value)" } },
  { "unit-edited", "field=rating", LS_("%s is now rated %s"), NULL, { "name", "rating(value)" } },
  { "unit-edited", "field=status", LS_("%s is now %s"), NULL, { "name", "value" } },
  { "unit-edited", "field=notes", LS_("The notes on %s changed"), NULL, { "name" } },
  { "unit-edited", "field=size", LS_("%s now has %d figures"), NULL, { "name", "#value" } },
  { "unit-edited", "field=lost", LS_("%s has lost %d figures for good"), NULL, { "name", "#value" } },
  { "unit-edited", "field=morale_loss", LS_("%s’s morale is changed by %d for good"), NULL,
    { "name", "-#value" } },
  { "unit-edited", "field=value", LS_("%s: %s is now %d"), NULL, { "name", "unit-stat(stat)", "#value" } },
  { "unit-deleted", NULL, LS_("Unit “%s” deleted"), NULL, { "name" } },

  { "game", "units",
    LP_("Game %d “%s” planned: %s against %s, %u character and units.",
        "Game %d “%s” planned: %s against %s, %u characters and units."), "characters",
    { "#number", "title", "side_a", "side_b", "#characters" } },
  { "game", NULL,
    LP_("Game %d “%s” planned: %s against %s, %u character.",
        "Game %d “%s” planned: %s against %s, %u characters."), "characters",
    { "#number", "title", "side_a", "side_b", "#characters" } },
  { "result", NULL, LS_("%s: %s"), NULL, { "name", "outcome(outcome)" }, muster_log_format_result },
  { "finished", "winner", LS_("%s played: “%s” won."), NULL, { "game(number,title)", "winner" } },
  { "finished", NULL, LS_("%s played: a draw."), NULL, { "game(number,title)" } },
  { "game-deleted", NULL, LS_("%s deleted."), NULL, { "game(number,title)" } },
  { "started", NULL, LS_("%s started at the table."), NULL, { "game(number,title)" } },
  /* Translators: “Hit 3: 2 figures of Grenadiers: 1 killed, 1 wounded” */
  { "hit", "figures",
    LP_("Hit %d: %d figure of %s: %d killed, %d wounded", "Hit %d: %d figures of %s: %d killed, %d wounded"),
    "figures", { "#ordinal", "#figures", "name", "#killed", "#wounded" } },
  /* Translators: “Hit 2: Ward hits Lefort in the Chest, score 9: Serious wound” */
  { "hit", "attacker,location", LS_("Hit %d: %s hits %s in the %s, score %d: %s"), NULL,
    { "#ordinal", "attacker", "name", "location(location)", "#score", "effect(effect)" } },
  /* Translators: “Hit 2: Lefort is hit in the Chest, score 9: Serious wound” */
  { "hit", "location", LS_("Hit %d: %s is hit in the %s, score %d: %s"), NULL,
    { "#ordinal", "name", "location(location)", "#score", "effect(effect)" } },
  /* Translators: “Hit 4: Harper hits Dubois: Fatal” (the wound die) */
  { "hit", "attacker", LS_("Hit %d: %s hits %s: %s"), NULL,
    { "#ordinal", "attacker", "name", "effect(effect)" } },
  { "hit", NULL, LS_("Hit %d: %s is hit: %s"), NULL, { "#ordinal", "name", "effect(effect)" } },
  /* Translators: “Turn 2: Character card for Thomas Ward dealt” (the
   * turn, the rules' name of the card, and whose card it is) */
  { "dealt", "name", LS_("Turn %d: %s for %s dealt"), NULL, { "#turn", "card(card)", "name" } },
  /* Translators: “Turn 2: Pause card dealt” (a card that is nobody's) */
  { "dealt", NULL, LS_("Turn %d: %s dealt"), NULL, { "#turn", "card(card)" } },
  /* Translators: “Bound 2: order of play rolled again” (the order of
   * the bound had been rolled before; this roll replaced it) */
  { "ordered", "again", LS_("Bound %d: order of play rolled again"), NULL, { "#bound" } },
  /* Translators: “Bound 2: order of play rolled” (who plays first in the
   * bound, by initiative or by side) */
  { "ordered", NULL, LS_("Bound %d: order of play rolled"), NULL, { "#bound" } },
  /* Translators: “Game 2 “The bridge”: the units Grenadiers, Rifles take the field” */
  { "unit-joined-game", NULL, LS_("%s: %s take the field"), NULL, { "game(number,title)", "units(units)" } },
  /* Translators: game: unit: 2 killed, 1 wounded, 0 captured, 0 run */
  { "unit-result", NULL, LS_("%s: %s: %d killed, %d wounded, %d captured, %d run"), NULL,
    { "game(number,title)", "name", "#killed", "#wounded", "#captured", "#run" }, format_unit_result },
  { "resolved", NULL, LS_("%s resolved."), NULL, { "game(number,title)" } },
  { "rules-updated", "broken",
    /* Translators: the new version, the rules' title and the old version */
    LS_("The campaign now plays version %s of %s, in place of its copy of version %s, which no longer loaded."),
    NULL, { "version", "ruleset(ruleset)", "old_version" }, format_rules_updated },
  { "rules-updated", NULL,
    /* Translators: the new version, the rules' title and the old version */
    LS_("The campaign now plays version %s of %s, in place of version %s."),
    NULL, { "version", "ruleset(ruleset)", "old_version" }, format_rules_updated },

  { "recovered", "step=countdown", LS_("%s has recovered and is available for the next game."), NULL,
    { "name" } },
  { "countdown", NULL,
    LP_("%s misses this game and is out of action for %d more game.",
        "%s misses this game and is out of action for %d more games."), "games",
    { "name", "#games" } },
  { "death", "step=death-roll", LS_("%s dies of his wounds."), NULL, { "name" } },
  { "survived", "step=death-roll", LS_("%s survives and is back for the next game."), NULL, { "name" } },
  { "out", "step=out-for-games",
    LP_("%s is out of action for %d game.", "%s is out of action for %d games."), "games",
    { "name", "#games" } },
  { "survived", "step=out-for-games", LS_("%s misses no game and is back for the next one."), NULL,
    { "name" } },
  { "captured", NULL, LS_("%s is taken prisoner and stays captured until released."), NULL, { "name" } },
  { "healed", "light,serious", LS_("The wounds of %s heal (%d light, %d serious)."), NULL,
    { "name", "#light", "#serious" } },
  { "healed", "light",
    LP_("The light wound of %s heals.", "The %2$d light wounds of %1$s heal."), "light",
    { "name", "#light" } },
  { "healed", NULL,
    LP_("The serious wound of %s heals.", "The %2$d serious wounds of %1$s heal."), "serious",
    { "name", "#serious" } },
  { "death", "stat", LS_("%s dies: his %s is spent."), NULL, { "name", "stat(stat)" } },
  { "out", "stat", LS_("%s is out of action for good: his %s is spent."), NULL, { "name", "stat(stat)" } },
  { "retired", "stat", LS_("%s retires: his %s is spent."), NULL, { "name", "stat(stat)" } },
  { "death", "step=struck-off", LS_("%s was killed and is struck off the roll."), NULL, { "name" } },
  { "retired", "step=struck-off", LS_("%s is struck off the roll (%s)."), NULL,
    { "name", "status(status)" } },
  { "death", NULL,
    LP_("%s dies of his %d serious wound.", "%s dies of his %d serious wounds."), "serious",
    { "name", "#serious" } },
  { "carried", NULL, LS_("%s carries his wounds into the next game (%d light, %d serious)."), NULL,
    { "name", "#light", "#serious" } },
  { "recovered", "step=drop-stat,entry",
    LS_("%s, a %s, recovers in time for the next game: his wounds cost him no %s."), NULL,
    { "name", "entry(table,entry)", "stat(stat)" } },
  { "recovered", "step=drop-stat", LS_("%s keeps %s %d."), NULL, { "name", "stat(stat)", "#value" } },
  { "class-drop", NULL, LS_("%s drops to %s %d for good."), NULL, { "name", "stat(stat)", "#value" } },
  { "stat-drop", NULL, LS_("%s drops to %s %d for good."), NULL, { "name", "stat(stat)", "#value" } },
  { "recovered", "entry", LS_("%s, a %s, recovers in time for the next game."), NULL,
    { "name", "entry(table,entry)" } },
  { "recovered", NULL, LS_("%s (%s %d) recovers in time for the next game."), NULL,
    { "name", "stat(stat)", "#value" } },
  { "morale-loss", "?total", LS_("%s’s unit “%s” loses %d base morale for good (%d in all)."), NULL,
    { "name", "unit", "#by", "#total" } },
  { "morale-loss", "cause,by<0",
    LS_("%s gains %d base morale for good: %s of its command took the enemy’s colours."), NULL,
    { "name", "-#by", "cause" } },
  { "morale-loss", "cause",
    LS_("%s loses %d base morale for good: %s of its command lost its colours."), NULL,
    { "name", "#by", "cause" } },
  { "morale-loss", "by<0", LS_("%s took the enemy’s colours and gains %d base morale for good."), NULL,
    { "name", "-#by" } },
  { "morale-loss", NULL, LS_("%s lost its colours and loses %d base morale for good."), NULL,
    { "name", "#by" } },
  /* Translators: "1st Company: 2 figures killed struck off for good; 8 figures left." */
  { "unit-loss", NULL,
    LP_("%s: %s struck off for good; %d figure left.", "%s: %s struck off for good; %d figures left."),
    "left", { "name", "why(figures,count,bases)", "#left" } },
  { "destroyed", NULL, LS_("%s has no figures left and is destroyed."), NULL, { "name" } },
  /* Translators: "1st Company: 1 wounded figure rejoins for the next game, tended by its musicians." */
  { "rejoined", "step=musicians",
    LP_("%s: %d wounded figure rejoins for the next game, tended by its musicians.",
        "%s: %d wounded figures rejoin for the next game, tended by its musicians."), "count",
    { "name", "#count" } },
  /* Translators: "1st Company: 2 figures wounded rejoin for the next game." */
  { "rejoined", NULL,
    LP_("%s: %s rejoins for the next game.", "%s: %s rejoin for the next game."), "count",
    { "name", "why(figures,count,bases)" } },
  /* Translators: "Jean Lefort: 3 light wounds become 1 serious wound." */
  { "worsened", NULL,
    LP_("%s: %d light wounds become %d serious wound.", "%s: %d light wounds become %d serious wounds."),
    "serious", { "name", "#light", "#serious" } },
  { "ignored", NULL,
    LP_("The light wound of %s is ignored: his unit has a musician.",
        "The %2$d light wounds of %1$s are ignored: his unit has a musician."), "light",
    { "name", "#light" } },
};

const MusterLogSentence *
muster_log_get_sentences (guint *n_sentences)
{
  *n_sentences = G_N_ELEMENTS (sentences);
  return sentences;
}

/* --- Entries glued from parts ---------------------------------------------- */

static char *
format_plain (const MusterLogContext *ctx)
{
  const MusterLogSentence *sentence = muster_log_find_sentence (ctx);
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < G_N_ELEMENTS (sentence->args) && sentence->args[i] != NULL; i++)
    g_ptr_array_add (values, muster_log_show (ctx, sentence->args[i]));
  return muster_log_fill (muster_log_gettext (ctx->lang, sentence->msgid),
                          (const char * const *) values->pdata, values->len);
}

/* "Thomas Ward now carries a Musket; he uses Firing 9 with it, and keeps
 * his 11": the weapon, then each of his own values it holds lower. */
static char *
format_weapon (const MusterLogContext *ctx)
{
  GString *text = g_string_new (NULL);
  JsonArray *caps = json_object_has_member (ctx->args, "caps")
                    ? json_object_get_array_member (ctx->args, "caps") : NULL;
  g_autofree char *plain = format_plain (ctx);

  g_string_append (text, plain);
  /* Each held value is told after what came before it. */
  for (guint i = 0; caps != NULL && i < json_array_get_length (caps); i++)
    {
      JsonObject *cap = json_array_get_object_element (caps, i);
      MusterLogContext sub = *ctx;
      g_autofree char *stat = NULL;
      g_autofree char *fill = NULL;
      g_autofree char *max = NULL;
      g_autofree char *value = NULL;

      if (cap == NULL)
        continue;
      sub.args = cap;
      stat = muster_log_show (&sub, "stat(key)");
      max = muster_log_show (&sub, "#cap");
      value = muster_log_show (&sub, "#value");
      /* Translators: "Thomas Ward now carries a Musket" (and what was told
       * after it), then "he uses Firing 9 with it, and keeps his 11" */
      fill = muster_log_fill (muster_log_gettext (ctx->lang, "%s; he uses %s %d with it, and keeps his %d"),
                              (const char *[]) { text->str, stat, max, value }, 4);
      g_string_assign (text, fill);
    }
  return g_string_free (text, FALSE);
}

/* "Game 1 “The hill”: Voltigeurs: 3 killed, ...; its colours lost" */
static char *
format_unit_result (const MusterLogContext *ctx)
{
  g_autofree char *plain = format_plain (ctx);
  const char *colours = muster_log_args_get_string (ctx->args, "colours");

  if (g_strcmp0 (colours, "lost") == 0)
    /* Translators: a unit's results in a game, then that it lost its colours */
    return muster_log_fill (muster_log_gettext (ctx->lang, "%s; its colours lost"), (const char *[]) { plain }, 1);
  if (g_strcmp0 (colours, "captured") == 0)
    /* Translators: a unit's results in a game, then that it took the enemy's colours */
    return muster_log_fill (muster_log_gettext (ctx->lang, "%s; took the enemy’s colours"),
                            (const char *[]) { plain }, 1);
  return g_steal_pointer (&plain);
}

/* Taking newer rules: the versions, then what became of each option that
 * did not simply carry over. */
static char *
format_rules_updated (const MusterLogContext *ctx)
{
  GString *text = g_string_new (NULL);
  JsonArray *options = json_object_has_member (ctx->args, "options")
                       ? json_object_get_array_member (ctx->args, "options") : NULL;
  g_autofree char *plain = format_plain (ctx);
  const char *version = muster_log_args_get_string (ctx->args, "version");

  g_string_append (text, plain);
  for (guint i = 0; options != NULL && i < json_array_get_length (options); i++)
    {
      JsonObject *option = json_array_get_object_element (options, i);
      const MusterOptionDef *def;
      const MusterChoiceDef *choice, *old_choice;
      g_autofree char *description = NULL;
      const char *id, *chosen, *old;

      if (option == NULL)
        continue;
      id = muster_log_args_get_string (option, "option");
      chosen = muster_log_args_get_string (option, "choice");
      old = muster_log_args_get_string (option, "old_choice");
      def = ctx->ruleset != NULL && id != NULL ? muster_ruleset_lookup_option (ctx->ruleset, id) : NULL;
      choice = def != NULL && chosen != NULL ? muster_option_lookup_choice (def, chosen) : NULL;
      old_choice = def != NULL && old != NULL ? muster_option_lookup_choice (def, old) : NULL;
      description = muster_log_describe_option (ctx->lang,
                                                muster_log_args_get_string (option, "fate"),
                                                def != NULL ? muster_log_name (ctx, def->name) : id,
                                                choice != NULL ? muster_log_name (ctx, choice->name) : chosen,
                                                version,
                                                old_choice != NULL ? muster_log_name (ctx, old_choice->name) : old,
                                                old);
      if (description != NULL)
        g_string_append_printf (text, " %s", description);
    }
  return g_string_free (text, FALSE);
}

/* "Ward: Wounded (1 light wound, 2 serious wounds); put 1 enemy out of
 * action.", and why wounds that added up are recorded as another
 * outcome. */
char *
muster_log_format_result (const MusterLogContext *ctx)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *plain = format_plain (ctx);
  JsonObject *args = ctx->args;
  gint64 kills = muster_log_args_get_int (args, "kills");

  g_string_append (text, plain);
  if (muster_log_args_has (args, "light") || muster_log_args_has (args, "serious"))
    {
      gint64 light = muster_log_args_get_int (args, "light");
      gint64 serious = muster_log_args_get_int (args, "serious");
      g_autofree char *l = g_strdup_printf ("%" G_GINT64_FORMAT, light);
      g_autofree char *s = g_strdup_printf ("%" G_GINT64_FORMAT, serious);
      g_autofree char *lw = muster_log_fill (muster_log_ngettext (ctx->lang, "%d light wound", "%d light wounds",
                                                                  light),
                                             (const char *[]) { l }, 1);
      g_autofree char *sw = muster_log_fill (muster_log_ngettext (ctx->lang, "%d serious wound",
                                                                  "%d serious wounds", serious),
                                             (const char *[]) { s }, 1);

      g_string_append_printf (text, " (%s, %s)", lw, sw);
    }
  if (kills > 0)
    {
      g_autofree char *k = g_strdup_printf ("%" G_GINT64_FORMAT, kills);
      g_autofree char *put = muster_log_fill (muster_log_ngettext (ctx->lang, "put %d enemy out of action",
                                                  "put %d enemies out of action", kills),
                                              (const char *[]) { k }, 1);

      g_string_append_printf (text, "; %s", put);
    }
  g_string_append (text, ".");

  if (muster_log_args_has (args, "added_light") || muster_log_args_has (args, "added_serious"))
    {
      g_autofree char *outcome = muster_log_show (ctx, "outcome(outcome)");
      int light = (int) muster_log_args_get_int (args, "added_light");
      int serious = (int) muster_log_args_get_int (args, "added_serious");
      g_autofree char *note = muster_log_describe_wounds_add_up (ctx->lang, light, serious, outcome);
      g_autofree char *whole = NULL;

      /* Translators: a result, then why it is recorded so: "Ward: Out of
       * action. 2 serious wounds count as “Out of action”." */
      whole = muster_log_fill (muster_log_gettext (ctx->lang, "%s %s"), (const char *[]) { text->str, note }, 2);
      return g_steal_pointer (&whole);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* --- Parts shared with the rest of core ------------------------------------ */

char *
muster_log_describe_game (MusterLogLanguage *lang,
                          int                number,
                          const char        *title)
{
  g_autofree char *n = g_strdup_printf ("%d", number);

  return muster_log_fill (muster_log_gettext (lang, N_("Game %d “%s”")),
                          (const char *[]) { n, title != NULL ? title : "" }, 2);
}

char *
muster_log_describe_wounds_add_up (MusterLogLanguage *lang,
                                   int                light,
                                   int                serious,
                                   const char        *outcome)
{
  g_autofree char *l = g_strdup_printf ("%d", light);
  g_autofree char *s = g_strdup_printf ("%d", serious);

  if (light == 0)
    return muster_log_fill (muster_log_ngettext (lang, "%d serious wound counts as “%s”.",
                                                 "%d serious wounds count as “%s”.", serious),
                            (const char *[]) { s, outcome }, 2);
  if (serious == 0)
    return muster_log_fill (muster_log_ngettext (lang, "%d light wound counts as “%s”.",
                                                 "%d light wounds count as “%s”.", light),
                            (const char *[]) { l, outcome }, 2);
  /* Translators: "1 serious and 2 light wounds count as “Out of action”."
   * The plural follows the number of wounds in all. */
  return muster_log_fill (muster_log_ngettext (lang, "%d serious and %d light wound count as “%s”.",
                                               "%d serious and %d light wounds count as “%s”.",
                                               light + serious),
                          (const char *[]) { s, l, outcome }, 3);
}

char *
muster_log_describe_option (MusterLogLanguage *lang,
                            const char        *fate,
                            const char        *option,
                            const char        *choice,
                            const char        *version,
                            const char        *old_choice,
                            const char        *old_choice_id)
{
  option = option != NULL ? option : "";
  choice = choice != NULL ? choice : "";
  version = version != NULL ? version : "";
  old_choice = old_choice != NULL ? old_choice : "";
  old_choice_id = old_choice_id != NULL ? old_choice_id : "";

  if (g_strcmp0 (fate, "kept") == 0)
    /* Translators: an option of the rules and the choice the campaign keeps */
    return muster_log_fill (muster_log_gettext (lang, N_("“%s” stays “%s”.")),
                            (const char *[]) { option, choice }, 2);
  if (g_strcmp0 (fate, "new") == 0)
    return muster_log_fill (muster_log_gettext (lang, N_("“%s” is new and takes its default, “%s”.")),
                            (const char *[]) { option, choice }, 2);
  if (g_strcmp0 (fate, "defaulted") == 0)
    /* Translators: an option, its default choice, the version of
     * the rules and the choice the campaign had made */
    return muster_log_fill (muster_log_gettext (lang,
                                                N_("“%s” takes its default, “%s”: version %s has no choice “%s”.")),
                            (const char *[]) { option, choice, version, old_choice_id }, 4);
  if (g_strcmp0 (fate, "dropped") == 0)
    /* Translators: an option, the version of the rules that no
     * longer has it and the choice the campaign had made */
    return muster_log_fill (muster_log_gettext (lang,
                                                N_("“%s” is gone from version %s; the campaign had chosen “%s”.")),
                            (const char *[]) { option, version, old_choice }, 3);
  return NULL;
}
