/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-ruleset"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <gio/gio.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include "muster-core-resources.h"
#include "muster-ruleset.h"

#define RULESET_NS     "https://musterapp.github.io/ns/ruleset"
#define SCHEMA_PATH    "/io/github/musterapp/Muster/core/schemas/ruleset.rng"

#if LIBXML_VERSION >= 21200
typedef const xmlError *MusterXmlErrorArg;
#else
typedef xmlErrorPtr MusterXmlErrorArg;
#endif

struct _MusterRuleset
{
  GObject       parent_instance;

  char         *filename;
  char         *xml;
  GStringChunk *strings;

  const char   *id;
  const char   *version;
  const char   *title;
  const char   *source;
  MusterKeptBy  kept_by;

  GPtrArray    *stats;             /* MusterStatDef */
  GPtrArray    *weapons;           /* MusterWeaponDef */
  GPtrArray    *troop_types;       /* MusterTroopType */
  GPtrArray    *unit_kinds;        /* MusterUnitKindDef */
  GPtrArray    *ratings;           /* MusterRatingDef */
  GPtrArray    *outcomes;          /* MusterOutcomeDef */
  GPtrArray    *options;           /* MusterOptionDef */
  GPtrArray    *lookup_tables;     /* MusterLookupTable */
  GPtrArray    *steps;             /* MusterStepDef */
  GPtrArray    *reference_tables;  /* MusterReferenceTable */
};

/* Errors collected from libxml2 while a document is read or validated. */
typedef struct {
  const char *filename;
  GString    *first;     /* the first error, already formatted */
} XmlErrors;

G_DEFINE_FINAL_TYPE (MusterRuleset, muster_ruleset, G_TYPE_OBJECT)

/* Freeing */

static void
weapon_free (gpointer data)
{
  MusterWeaponDef *weapon = data;

  g_ptr_array_unref (weapon->caps);
  g_free (weapon);
}

static void
stat_roll_free (gpointer data)
{
  MusterStatRoll *roll = data;

  g_clear_pointer (&roll->dice, muster_dice_expr_unref);
  g_free (roll);
}

static void
troop_type_free (gpointer data)
{
  MusterTroopType *type = data;

  g_ptr_array_unref (type->rolls);
  g_free (type);
}

static void
option_free (gpointer data)
{
  MusterOptionDef *option = data;

  g_ptr_array_unref (option->choices);
  g_free (option);
}

static void
step_free (gpointer data)
{
  MusterStepDef *step = data;

  g_hash_table_unref (step->params);
  g_free (step);
}

static void
lookup_table_free (gpointer data)
{
  MusterLookupTable *table = data;

  g_clear_pointer (&table->dice, muster_dice_expr_unref);
  g_ptr_array_unref (table->entries);
  g_free (table);
}

static void
reference_table_free (gpointer data)
{
  MusterReferenceTable *table = data;

  g_ptr_array_unref (table->columns);
  g_ptr_array_unref (table->rows);
  g_free (table);
}

/* libxml2 glue */

static void
xml_error_cb (void              *user_data,
              MusterXmlErrorArg  xml_error)
{
  XmlErrors *errors = user_data;
  g_autofree char *message = NULL;
  int line;

  if (errors->first != NULL || xml_error == NULL)
    return;
  if (xml_error->level == XML_ERR_WARNING)
    return;

  message = g_strdup (xml_error->message ? xml_error->message : "");
  g_strstrip (message);
  line = xml_error->line;
  if (line <= 0 && xml_error->node != NULL)
    line = (int) xmlGetLineNo ((xmlNodePtr) xml_error->node);

  errors->first = g_string_new (NULL);
  g_string_append_printf (errors->first, "%s:%d: ", errors->filename, MAX (line, 1));
  /* Validation messages do not always say which element they are about;
   * those that start "Element x ..." do, and then the node may be a child. */
  if (xml_error->domain == XML_FROM_RELAXNGV && xml_error->node != NULL &&
      strstr (message, "Element ") == NULL &&
      ((xmlNodePtr) xml_error->node)->type == XML_ELEMENT_NODE)
    g_string_append_printf (errors->first, _("element <%s>: "),
                            (const char *) ((xmlNodePtr) xml_error->node)->name);
  g_string_append (errors->first, message);
}

static xmlRelaxNGPtr
get_schema (GError **error)
{
  static GMutex lock;
  static xmlRelaxNGPtr schema;
  xmlRelaxNGPtr result;

  g_mutex_lock (&lock);

  if (schema == NULL)
    {
      g_autoptr(GBytes) bytes = NULL;
      xmlRelaxNGParserCtxtPtr ctxt;
      gsize size;
      const char *data;

      bytes = g_resource_lookup_data (muster_core_get_resource (), SCHEMA_PATH,
                                      G_RESOURCE_LOOKUP_FLAGS_NONE, error);
      if (bytes == NULL)
        {
          g_mutex_unlock (&lock);
          return NULL;
        }

      data = g_bytes_get_data (bytes, &size);
      ctxt = xmlRelaxNGNewMemParserCtxt (data, (int) size);
      schema = xmlRelaxNGParse (ctxt);
      xmlRelaxNGFreeParserCtxt (ctxt);

      /* The schema is part of the program: failing to read it is a bug. */
      if (schema == NULL)
        g_critical ("The ruleset schema %s does not compile", SCHEMA_PATH);
    }

  result = schema;
  g_mutex_unlock (&lock);

  if (result == NULL)
    g_set_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_INVALID,
                 _("Muster’s ruleset schema cannot be read; the installation is broken."));
  return result;
}

static int
doctype_line (const char *data,
              gsize       length)
{
  const char *p = g_strstr_len (data, length, "<!DOCTYPE");
  int line = 1;

  if (p == NULL)
    return 1;
  for (const char *q = data; q < p; q++)
    if (*q == '\n')
      line++;
  return line;
}

/* Tree helpers */

static gboolean
is_element (xmlNodePtr  node,
            const char *name)
{
  return node != NULL &&
         node->type == XML_ELEMENT_NODE &&
         node->ns != NULL &&
         g_strcmp0 ((const char *) node->ns->href, RULESET_NS) == 0 &&
         (name == NULL || strcmp ((const char *) node->name, name) == 0);
}

static xmlNodePtr
first_child (xmlNodePtr  parent,
             const char *name)
{
  for (xmlNodePtr child = parent->children; child != NULL; child = child->next)
    if (is_element (child, name))
      return child;
  return NULL;
}

#define FOREACH_CHILD(child, parent, name) \
  for (xmlNodePtr child = first_child ((parent), (name)); \
       child != NULL; \
       child = next_sibling (child, (name)))

static xmlNodePtr
next_sibling (xmlNodePtr  node,
              const char *name)
{
  for (xmlNodePtr sib = node->next; sib != NULL; sib = sib->next)
    if (is_element (sib, name))
      return sib;
  return NULL;
}

static const char *
intern (MusterRuleset *self,
        const char    *text)
{
  if (text == NULL)
    return NULL;
  return g_string_chunk_insert_const (self->strings, text);
}

/* An attribute's value, interned, or NULL. */
static const char *
attr (MusterRuleset *self,
      xmlNodePtr     node,
      const char    *name)
{
  xmlChar *value = xmlGetNoNsProp (node, (const xmlChar *) name);
  const char *result;

  if (value == NULL)
    return NULL;
  result = intern (self, (const char *) value);
  xmlFree (value);
  return result;
}

static gboolean
attr_bool (MusterRuleset *self,
           xmlNodePtr     node,
           const char    *name)
{
  return g_strcmp0 (attr (self, node, name), "true") == 0;
}

static int
attr_int (MusterRuleset *self,
          xmlNodePtr     node,
          const char    *name,
          int            fallback)
{
  const char *value = attr (self, node, name);
  gint64 number;

  if (value == NULL ||
      !g_ascii_string_to_signed (value, 10, G_MININT, G_MAXINT, &number, NULL))
    return fallback;
  return (int) number;
}

/* Text content with white space collapsed as xgettext does it, then
 * translated. The catalogue's strings and the chunk's both live as long as
 * the ruleset. */
static const char *
text_of (MusterRuleset *self,
         xmlNodePtr     node)
{
  g_autoptr(GString) str = g_string_new (NULL);
  xmlChar *content;
  gboolean space = FALSE;
  const char *normal;

  if (node == NULL)
    return NULL;

  content = xmlNodeGetContent (node);
  for (const char *p = (const char *) content; p != NULL && *p != '\0'; p++)
    {
      if (g_ascii_isspace (*p))
        {
          space = TRUE;
          continue;
        }
      if (space && str->len > 0)
        g_string_append_c (str, ' ');
      space = FALSE;
      g_string_append_c (str, *p);
    }
  xmlFree (content);

  normal = intern (self, str->str);
  if (*normal == '\0')
    return normal;
  return g_dgettext (GETTEXT_PACKAGE, normal);
}

static const char *
child_text (MusterRuleset *self,
            xmlNodePtr     node,
            const char    *name)
{
  return text_of (self, first_child (node, name));
}

/* All the <note>s of @node joined into one paragraph each. */
static const char *
notes_of (MusterRuleset *self,
          xmlNodePtr     node)
{
  g_autoptr(GString) str = g_string_new (NULL);

  FOREACH_CHILD (note, node, "note")
    {
      if (str->len > 0)
        g_string_append_c (str, '\n');
      g_string_append (str, text_of (self, note));
    }

  return str->len > 0 ? intern (self, str->str) : NULL;
}

G_GNUC_PRINTF (4, 5)
static gboolean
fail (MusterRuleset  *self,
      xmlNodePtr      node,
      GError        **error,
      const char     *format,
      ...)
{
  g_autofree char *detail = NULL;
  va_list args;

  va_start (args, format);
  detail = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_INVALID,
               "%s:%ld: %s", self->filename, xmlGetLineNo (node), detail);
  return FALSE;
}

/* The dice module's message, with its first letter lowered to follow
 * "troop type “x”: ". */
static char *
lowered_message (const GError *dice_error)
{
  const char *msg = dice_error->message;
  char first[8] = { 0 };

  g_unichar_to_utf8 (g_unichar_tolower (g_utf8_get_char (msg)), first);
  return g_strconcat (first, g_utf8_next_char (msg), NULL);
}

static MusterDiceExpr *
parse_dice (MusterRuleset  *self,
            xmlNodePtr      node,
            const char     *what,
            const char     *text,
            GError        **error)
{
  g_autoptr(GError) dice_error = NULL;
  MusterDiceExpr *expr = muster_dice_expr_parse (text, &dice_error);

  if (expr == NULL)
    {
      g_autofree char *lowered = lowered_message (dice_error);
      /* Translators: the first %s names the thing, e.g. troop type “line”,
       * the second is why its dice cannot be read. */
      fail (self, node, error, _("%s: %s"), what, lowered);
    }
  return expr;
}

static gboolean
check_unique (MusterRuleset  *self,
              GHashTable     *seen,
              xmlNodePtr      node,
              const char     *kind,
              const char     *id,
              GError        **error)
{
  if (g_hash_table_contains (seen, id))
    /* Translators: %s is a kind of thing (“troop type”), then its id. */
    return fail (self, node, error, _("%s “%s” is defined twice; give each its own id."),
                 kind, id);
  g_hash_table_add (seen, (gpointer) id);
  return TRUE;
}

/* Sections */

static gboolean
load_stats (MusterRuleset  *self,
            xmlNodePtr      section,
            GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  FOREACH_CHILD (node, section, "stat")
    {
      MusterStatDef *stat = g_new0 (MusterStatDef, 1);

      stat->key = attr (self, node, "key");
      stat->name = child_text (self, node, "name");
      stat->min = attr_int (self, node, "min", 0);
      stat->max = attr_int (self, node, "max", 0);
      g_ptr_array_add (self->stats, stat);

      if (!check_unique (self, seen, node, _("stat"), stat->key, error))
        return FALSE;
      if (stat->min > stat->max)
        return fail (self, node, error,
                     _("stat “%s”: its minimum %d is above its maximum %d."),
                     stat->key, stat->min, stat->max);
    }

  return TRUE;
}

static gboolean
load_weapons (MusterRuleset  *self,
              xmlNodePtr      section,
              GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  FOREACH_CHILD (node, section, "weapon")
    {
      MusterWeaponDef *weapon = g_new0 (MusterWeaponDef, 1);

      weapon->id = attr (self, node, "id");
      weapon->name = child_text (self, node, "name");
      weapon->caps = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (self->weapons, weapon);

      if (!check_unique (self, seen, node, _("weapon"), weapon->id, error))
        return FALSE;

      FOREACH_CHILD (cap_node, node, "cap")
        {
          MusterCap *cap = g_new0 (MusterCap, 1);

          cap->stat = attr (self, cap_node, "stat");
          cap->max = attr_int (self, cap_node, "max", G_MAXINT);
          g_ptr_array_add (weapon->caps, cap);

          if (muster_ruleset_lookup_stat (self, cap->stat) == NULL)
            return fail (self, cap_node, error,
                         _("weapon “%s”: there is no stat “%s” to cap."),
                         weapon->id, cap->stat);
        }
    }

  return TRUE;
}

static guint
stat_index (MusterRuleset *self,
            const char    *key)
{
  for (guint i = 0; i < self->stats->len; i++)
    {
      const MusterStatDef *stat = g_ptr_array_index (self->stats, i);
      if (g_strcmp0 (stat->key, key) == 0)
        return i;
    }
  return G_MAXUINT;
}

static int
compare_rolls (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  MusterRuleset *self = user_data;
  const MusterStatRoll *ra = *(MusterStatRoll * const *) a;
  const MusterStatRoll *rb = *(MusterStatRoll * const *) b;
  guint ia = stat_index (self, ra->stat);
  guint ib = stat_index (self, rb->stat);

  return ia < ib ? -1 : ia > ib ? 1 : 0;
}

static gboolean
load_troop_types (MusterRuleset  *self,
                  xmlNodePtr      section,
                  GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  FOREACH_CHILD (node, section, "troop-type")
    {
      g_autoptr(GHashTable) rolled = g_hash_table_new (g_str_hash, g_str_equal);
      g_autofree char *what = NULL;
      MusterTroopType *type = g_new0 (MusterTroopType, 1);

      type->id = attr (self, node, "id");
      type->name = child_text (self, node, "name");
      type->default_weapon = attr (self, node, "weapon");
      type->mounted = attr_bool (self, node, "mounted");
      type->rolls = g_ptr_array_new_with_free_func (stat_roll_free);
      g_ptr_array_add (self->troop_types, type);

      what = g_strdup_printf (_("troop type “%s”"), type->id);

      if (!check_unique (self, seen, node, _("troop type"), type->id, error))
        return FALSE;
      if (type->default_weapon != NULL &&
          muster_ruleset_lookup_weapon (self, type->default_weapon) == NULL)
        return fail (self, node, error,
                     _("%s: there is no weapon “%s”; add it to <weapons> or name another."),
                     what, type->default_weapon);

      FOREACH_CHILD (roll_node, node, "roll")
        {
          MusterStatRoll *roll = g_new0 (MusterStatRoll, 1);
          const MusterStatDef *stat;
          const char *dice;

          roll->stat = attr (self, roll_node, "stat");
          g_ptr_array_add (type->rolls, roll);

          stat = muster_ruleset_lookup_stat (self, roll->stat);
          if (stat == NULL)
            return fail (self, roll_node, error,
                         _("%s: there is no stat “%s” to roll."),
                         what, roll->stat);
          if (!check_unique (self, rolled, roll_node, _("roll for stat"), roll->stat, error))
            return FALSE;

          dice = attr (self, roll_node, "dice");
          roll->dice = parse_dice (self, roll_node, what, dice, error);
          if (roll->dice == NULL)
            return FALSE;

          if (muster_dice_expr_get_min (roll->dice) < stat->min ||
              muster_dice_expr_get_max (roll->dice) > stat->max)
            return fail (self, roll_node, error,
                         _("%s: %s rolled as %s gives %d to %d, outside its range of %d to %d."),
                         what, stat->key, muster_dice_expr_to_string (roll->dice),
                         muster_dice_expr_get_min (roll->dice),
                         muster_dice_expr_get_max (roll->dice),
                         stat->min, stat->max);
        }

      /* Callers read rolls in the ruleset's stat order. */
      g_ptr_array_sort_with_data (type->rolls, compare_rolls, self);
    }

  return TRUE;
}

static gboolean
load_unit_kinds (MusterRuleset  *self,
                 xmlNodePtr      section,
                 GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  FOREACH_CHILD (node, section, "unit-kind")
    {
      MusterUnitKindDef *kind = g_new0 (MusterUnitKindDef, 1);
      const char *troop_type;

      kind->id = attr (self, node, "id");
      kind->name = child_text (self, node, "name");
      kind->size = attr_int (self, node, "size", 0);
      g_ptr_array_add (self->unit_kinds, kind);

      if (!check_unique (self, seen, node, _("unit kind"), kind->id, error))
        return FALSE;

      troop_type = attr (self, node, "troop-type");
      if (troop_type != NULL && muster_ruleset_lookup_troop_type (self, troop_type) == NULL)
        return fail (self, node, error,
                     _("unit kind “%s”: there is no troop type “%s”."),
                     kind->id, troop_type);
      if (attr_int (self, node, "min-size", 0) > attr_int (self, node, "max-size", G_MAXINT))
        return fail (self, node, error,
                     _("unit kind “%s”: its smallest size is above its largest."),
                     kind->id);
    }

  return TRUE;
}

static gboolean
load_ratings (MusterRuleset  *self,
              xmlNodePtr      section,
              GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  FOREACH_CHILD (node, section, "rating")
    {
      MusterRatingDef *rating = g_new0 (MusterRatingDef, 1);

      rating->id = attr (self, node, "id");
      rating->name = child_text (self, node, "name");
      rating->value = attr_int (self, node, "value", 0);
      g_ptr_array_add (self->ratings, rating);

      if (!check_unique (self, seen, node, _("rating"), rating->id, error))
        return FALSE;
    }

  return TRUE;
}

static gboolean
load_outcomes (MusterRuleset  *self,
               xmlNodePtr      section,
               GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  FOREACH_CHILD (node, section, "outcome")
    {
      MusterOutcomeDef *outcome = g_new0 (MusterOutcomeDef, 1);

      outcome->id = attr (self, node, "id");
      outcome->name = child_text (self, node, "name");
      outcome->takes_light = attr_bool (self, node, "light");
      outcome->takes_serious = attr_bool (self, node, "serious");
      outcome->removes = attr_bool (self, node, "removes");
      g_ptr_array_add (self->outcomes, outcome);

      if (!check_unique (self, seen, node, _("outcome"), outcome->id, error))
        return FALSE;
    }

  return TRUE;
}

static const MusterChoiceDef *
lookup_choice (const MusterOptionDef *option,
               const char            *id)
{
  for (guint i = 0; i < option->choices->len; i++)
    {
      const MusterChoiceDef *choice = g_ptr_array_index (option->choices, i);
      if (g_strcmp0 (choice->id, id) == 0)
        return choice;
    }
  return NULL;
}

static gboolean
load_options (MusterRuleset  *self,
              xmlNodePtr      section,
              GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  FOREACH_CHILD (node, section, "option")
    {
      g_autoptr(GHashTable) seen_choices = g_hash_table_new (g_str_hash, g_str_equal);
      MusterOptionDef *option = g_new0 (MusterOptionDef, 1);

      option->id = attr (self, node, "id");
      option->name = child_text (self, node, "name");
      option->description = child_text (self, node, "description");
      option->default_choice = attr (self, node, "default");
      option->choices = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (self->options, option);

      if (!check_unique (self, seen, node, _("option"), option->id, error))
        return FALSE;

      FOREACH_CHILD (choice_node, node, "choice")
        {
          MusterChoiceDef *choice = g_new0 (MusterChoiceDef, 1);

          choice->id = attr (self, choice_node, "id");
          choice->name = child_text (self, choice_node, "name");
          choice->house = attr_bool (self, choice_node, "house");
          g_ptr_array_add (option->choices, choice);

          if (!check_unique (self, seen_choices, choice_node, _("choice"), choice->id, error))
            return FALSE;
        }

      if (lookup_choice (option, option->default_choice) == NULL)
        return fail (self, node, error,
                     _("option “%s”: its default “%s” is not one of its choices."),
                     option->id, option->default_choice);
    }

  return TRUE;
}

static gboolean
load_tables (MusterRuleset  *self,
             xmlNodePtr      section,
             GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  FOREACH_CHILD (node, section, "table")
    {
      g_autofree char *what = NULL;
      MusterLookupTable *table = g_new0 (MusterLookupTable, 1);

      table->id = attr (self, node, "id");
      table->name = child_text (self, node, "name");
      table->house = attr_bool (self, node, "house");
      table->entries = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (self->lookup_tables, table);

      what = g_strdup_printf (_("table “%s”"), table->id);

      if (!check_unique (self, seen, node, _("table"), table->id, error))
        return FALSE;

      table->dice = parse_dice (self, node, what, attr (self, node, "dice"), error);
      if (table->dice == NULL)
        return FALSE;

      FOREACH_CHILD (entry_node, node, "entry")
        {
          MusterTableEntry *entry = g_new0 (MusterTableEntry, 1);

          entry->id = attr (self, entry_node, "id");
          entry->name = child_text (self, entry_node, "name");
          entry->min = attr_int (self, entry_node, "min", 0);
          entry->max = attr_int (self, entry_node, "max", 0);
          entry->value = attr_int (self, entry_node, "value", 0);
          entry->limit = attr_int (self, entry_node, "limit", -1);
          g_ptr_array_add (table->entries, entry);

          if (entry->min > entry->max)
            return fail (self, entry_node, error,
                         _("%s: entry “%s” runs from %d down to %d; put the smaller number in min."),
                         what, entry->id, entry->min, entry->max);
          if (entry->min < muster_dice_expr_get_min (table->dice) ||
              entry->max > muster_dice_expr_get_max (table->dice))
            return fail (self, entry_node, error,
                         _("%s: entry “%s” (%d to %d) lies outside what %s can roll (%d to %d)."),
                         what, entry->id, entry->min, entry->max,
                         muster_dice_expr_to_string (table->dice),
                         muster_dice_expr_get_min (table->dice),
                         muster_dice_expr_get_max (table->dice));
        }
    }

  return TRUE;
}

static gboolean
load_steps (MusterRuleset  *self,
            xmlNodePtr      section,
            GError        **error)
{
  guint n = 0;

  FOREACH_CHILD (node, section, "step")
    {
      g_autofree char *what = NULL;
      MusterStepDef *step = g_new0 (MusterStepDef, 1);
      const char *value;

      step->type = attr (self, node, "type");
      step->option = attr (self, node, "option");
      step->choice = attr (self, node, "choice");
      step->house = attr_bool (self, node, "house");
      step->params = g_hash_table_new (g_str_hash, g_str_equal);
      g_ptr_array_add (self->steps, step);

      for (xmlAttrPtr a = node->properties; a != NULL; a = a->next)
        {
          xmlChar *text = xmlNodeListGetString (node->doc, a->children, TRUE);

          g_hash_table_insert (step->params,
                               (gpointer) intern (self, (const char *) a->name),
                               (gpointer) intern (self, text ? (const char *) text : ""));
          xmlFree (text);
        }

      n++;
      what = g_strdup_printf (_("step %u (%s)"), n, step->type);

      if ((step->option == NULL) != (step->choice == NULL))
        return fail (self, node, error,
                     _("%s: give both option and choice, or neither."), what);
      if (step->option != NULL)
        {
          const MusterOptionDef *option = muster_ruleset_lookup_option (self, step->option);

          if (option == NULL)
            return fail (self, node, error, _("%s: there is no option “%s”."),
                         what, step->option);
          if (lookup_choice (option, step->choice) == NULL)
            return fail (self, node, error,
                         _("%s: option “%s” has no choice “%s”."),
                         what, step->option, step->choice);
        }

      if ((value = muster_step_get_param (step, "dice")) != NULL)
        {
          g_autoptr(MusterDiceExpr) expr = parse_dice (self, node, what, value, error);
          if (expr == NULL)
            return FALSE;
        }
      if ((value = muster_step_get_param (step, "outcome")) != NULL &&
          muster_ruleset_lookup_outcome (self, value) == NULL)
        return fail (self, node, error, _("%s: there is no outcome “%s”."), what, value);
      if ((value = muster_step_get_param (step, "stat")) != NULL &&
          muster_ruleset_lookup_stat (self, value) == NULL)
        return fail (self, node, error, _("%s: there is no stat “%s”."), what, value);
      if ((value = muster_step_get_param (step, "table")) != NULL &&
          muster_ruleset_lookup_table (self, value) == NULL)
        return fail (self, node, error, _("%s: there is no table “%s”."), what, value);
    }

  return TRUE;
}

static gboolean
load_reference (MusterRuleset  *self,
                xmlNodePtr      section,
                GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  FOREACH_CHILD (node, section, "ref-table")
    {
      MusterReferenceTable *table = g_new0 (MusterReferenceTable, 1);
      xmlNodePtr columns;
      guint n_columns = 0;

      table->id = attr (self, node, "id");
      table->title = child_text (self, node, "title");
      table->house = attr_bool (self, node, "house");
      table->note = notes_of (self, node);
      table->columns = g_ptr_array_new ();
      table->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
      g_ptr_array_add (self->reference_tables, table);

      if (!check_unique (self, seen, node, _("reference table"), table->id, error))
        return FALSE;

      if ((columns = first_child (node, "columns")) != NULL)
        FOREACH_CHILD (column, columns, "column")
          {
            g_ptr_array_add (table->columns, (gpointer) text_of (self, column));
            n_columns++;
          }

      FOREACH_CHILD (row_node, node, "row")
        {
          GPtrArray *row = g_ptr_array_new ();

          FOREACH_CHILD (cell, row_node, "cell")
            g_ptr_array_add (row, (gpointer) text_of (self, cell));
          g_ptr_array_add (table->rows, row);

          if (n_columns > 0 && row->len != n_columns)
            return fail (self, row_node, error,
                         ngettext ("reference table “%s”: this row has %u cell but there are %u columns.",
                                   "reference table “%s”: this row has %u cells but there are %u columns.",
                                   row->len),
                         table->id, row->len, n_columns);
        }
    }

  return TRUE;
}

static gboolean
load_document (MusterRuleset  *self,
               xmlDocPtr       doc,
               GError        **error)
{
  xmlNodePtr root = xmlDocGetRootElement (doc);
  const char *kept_by;
  static const struct {
    const char *name;
    gboolean  (*load) (MusterRuleset *, xmlNodePtr, GError **);
  } sections[] = {
    { "stats",        load_stats },
    { "weapons",      load_weapons },
    { "troop-types",  load_troop_types },
    { "unit-kinds",   load_unit_kinds },
    { "ratings",      load_ratings },
    { "outcomes",     load_outcomes },
    { "options",      load_options },
    { "tables",       load_tables },
    { "between-game", load_steps },
    { "reference",    load_reference },
  };

  self->id = attr (self, root, "id");
  self->version = attr (self, root, "version");
  self->title = child_text (self, root, "title");
  self->source = child_text (self, root, "source");
  kept_by = attr (self, root, "kept-by");
  self->kept_by = g_strcmp0 (kept_by, "unit") == 0 ? MUSTER_KEPT_BY_UNIT : MUSTER_KEPT_BY_FIGURE;

  /* The schema fixes the order of sections, so references always point
   * back to something already loaded. */
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    {
      xmlNodePtr section = first_child (root, sections[i].name);

      if (section != NULL && !sections[i].load (self, section, error))
        return FALSE;
    }

  return TRUE;
}

/* GObject */

static void
muster_ruleset_finalize (GObject *object)
{
  MusterRuleset *self = (MusterRuleset *) object;

  g_clear_pointer (&self->stats, g_ptr_array_unref);
  g_clear_pointer (&self->weapons, g_ptr_array_unref);
  g_clear_pointer (&self->troop_types, g_ptr_array_unref);
  g_clear_pointer (&self->unit_kinds, g_ptr_array_unref);
  g_clear_pointer (&self->ratings, g_ptr_array_unref);
  g_clear_pointer (&self->outcomes, g_ptr_array_unref);
  g_clear_pointer (&self->options, g_ptr_array_unref);
  g_clear_pointer (&self->lookup_tables, g_ptr_array_unref);
  g_clear_pointer (&self->steps, g_ptr_array_unref);
  g_clear_pointer (&self->reference_tables, g_ptr_array_unref);
  g_clear_pointer (&self->strings, g_string_chunk_free);
  g_clear_pointer (&self->filename, g_free);
  g_clear_pointer (&self->xml, g_free);

  G_OBJECT_CLASS (muster_ruleset_parent_class)->finalize (object);
}

static void
muster_ruleset_class_init (MusterRulesetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_ruleset_finalize;
}

static void
muster_ruleset_init (MusterRuleset *self)
{
  self->strings = g_string_chunk_new (1024);
  self->stats = g_ptr_array_new_with_free_func (g_free);
  self->weapons = g_ptr_array_new_with_free_func (weapon_free);
  self->troop_types = g_ptr_array_new_with_free_func (troop_type_free);
  self->unit_kinds = g_ptr_array_new_with_free_func (g_free);
  self->ratings = g_ptr_array_new_with_free_func (g_free);
  self->outcomes = g_ptr_array_new_with_free_func (g_free);
  self->options = g_ptr_array_new_with_free_func (option_free);
  self->lookup_tables = g_ptr_array_new_with_free_func (lookup_table_free);
  self->steps = g_ptr_array_new_with_free_func (step_free);
  self->reference_tables = g_ptr_array_new_with_free_func (reference_table_free);
}

/* Public API */

/**
 * muster_ruleset_new_from_data:
 * @data: the XML text
 * @length: its length, or -1 when nul-terminated
 * @filename: the name messages give for the file
 * @error: return location for a #MUSTER_RULESET_ERROR
 *
 * Reads a ruleset: well-formed XML without a DOCTYPE, read without network
 * access, DTD loading or entity expansion, valid against the ruleset
 * schema, with every dice expression readable and every reference to a
 * stat, weapon, option or outcome pointing at one that exists.
 *
 * Returns: (transfer full): the ruleset, or %NULL with @error set to a
 * message that starts with "FILE:LINE: ".
 */
MusterRuleset *
muster_ruleset_new_from_data (const char  *data,
                              gssize       length,
                              const char  *filename,
                              GError     **error)
{
  g_autoptr(MusterRuleset) self = NULL;
  XmlErrors errors = { 0 };
  xmlRelaxNGPtr schema;
  xmlRelaxNGValidCtxtPtr vctxt;
  xmlDocPtr doc;
  gboolean ok;
  int rc;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (filename == NULL)
    filename = _("(ruleset)");
  if (length < 0)
    length = strlen (data);
  if (length > G_MAXINT)
    {
      g_set_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_PARSE,
                   _("%s:1: the file is too large to be a ruleset."), filename);
      return NULL;
    }

  schema = get_schema (error);
  if (schema == NULL)
    return NULL;

  self = g_object_new (MUSTER_TYPE_RULESET, NULL);
  self->filename = g_strdup (filename);
  self->xml = g_strndup (data, length);

  errors.filename = filename;
  xmlSetStructuredErrorFunc (&errors, (xmlStructuredErrorFunc) xml_error_cb);
  doc = xmlReadMemory (data, (int) length, NULL, NULL,
                       XML_PARSE_NONET | XML_PARSE_NOCDATA);
  xmlSetStructuredErrorFunc (NULL, NULL);

  /* A DOCTYPE that declares entities often breaks the parse too (an
   * entity left undefined); say what to remove rather than the symptom. */
  if ((doc == NULL || errors.first != NULL) &&
      g_strstr_len (data, length, "<!DOCTYPE") != NULL)
    {
      g_set_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_PARSE,
                   _("%s:%d: a ruleset file must not have a DOCTYPE; remove it and any entities it declares."),
                   filename, doctype_line (data, length));
      if (errors.first != NULL)
        g_string_free (errors.first, TRUE);
      g_clear_pointer (&doc, xmlFreeDoc);
      return NULL;
    }

  if (doc == NULL || errors.first != NULL)
    {
      g_set_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_PARSE,
                   /* Translators: %s is “FILE:LINE: what libxml2 said” */
                   _("%s (the file is not well-formed XML)"),
                   errors.first ? errors.first->str : filename);
      if (errors.first != NULL)
        g_string_free (errors.first, TRUE);
      g_clear_pointer (&doc, xmlFreeDoc);
      return NULL;
    }

  if (doc->intSubset != NULL || doc->extSubset != NULL)
    {
      g_set_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_PARSE,
                   _("%s:%d: a ruleset file must not have a DOCTYPE; remove it and any entities it declares."),
                   filename, doctype_line (data, length));
      xmlFreeDoc (doc);
      return NULL;
    }

  vctxt = xmlRelaxNGNewValidCtxt (schema);
  xmlRelaxNGSetValidStructuredErrors (vctxt, (xmlStructuredErrorFunc) xml_error_cb, &errors);
  rc = xmlRelaxNGValidateDoc (vctxt, doc);
  xmlRelaxNGFreeValidCtxt (vctxt);

  if (rc != 0)
    {
      g_set_error (error, MUSTER_RULESET_ERROR, MUSTER_RULESET_ERROR_INVALID,
                   /* Translators: %s is “FILE:LINE: what the validator said” */
                   _("%s (the file does not follow the ruleset format)"),
                   errors.first ? errors.first->str : filename);
      if (errors.first != NULL)
        g_string_free (errors.first, TRUE);
      xmlFreeDoc (doc);
      return NULL;
    }
  if (errors.first != NULL)
    g_string_free (errors.first, TRUE);

  ok = load_document (self, doc, error);
  xmlFreeDoc (doc);

  if (!ok)
    return NULL;

  return g_steal_pointer (&self);
}

/**
 * muster_ruleset_new_from_file:
 * @path: a ruleset file
 * @error: return location for an error
 *
 * Reads the ruleset in @path; messages name @path.
 *
 * Returns: (transfer full): the ruleset, or %NULL.
 */
MusterRuleset *
muster_ruleset_new_from_file (const char  *path,
                              GError     **error)
{
  g_autofree char *contents = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_file_get_contents (path, &contents, &length, error))
    return NULL;

  return muster_ruleset_new_from_data (contents, length, path, error);
}

const char *
muster_ruleset_get_id (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->id;
}

const char *
muster_ruleset_get_version (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->version;
}

const char *
muster_ruleset_get_title (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->title;
}

const char *
muster_ruleset_get_source (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->source;
}

const char *
muster_ruleset_get_xml (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->xml;
}

MusterKeptBy
muster_ruleset_get_kept_by (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), MUSTER_KEPT_BY_FIGURE);
  return self->kept_by;
}

guint
muster_ruleset_get_n_stats (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), 0);
  return self->stats->len;
}

const MusterStatDef *
muster_ruleset_get_stat (MusterRuleset *self,
                         guint          i)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  g_return_val_if_fail (i < self->stats->len, NULL);
  return g_ptr_array_index (self->stats, i);
}

/* Looks up an element of @array whose first member (the id or key) is @id. */
static gconstpointer
find_by_id (GPtrArray  *array,
            const char *id)
{
  if (id == NULL)
    return NULL;
  for (guint i = 0; i < array->len; i++)
    {
      const char * const *item = g_ptr_array_index (array, i);
      if (g_strcmp0 (*item, id) == 0)
        return item;
    }
  return NULL;
}

const MusterStatDef *
muster_ruleset_lookup_stat (MusterRuleset *self,
                            const char    *key)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return find_by_id (self->stats, key);
}

guint
muster_ruleset_get_n_troop_types (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), 0);
  return self->troop_types->len;
}

const MusterTroopType *
muster_ruleset_get_troop_type (MusterRuleset *self,
                               guint          i)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  g_return_val_if_fail (i < self->troop_types->len, NULL);
  return g_ptr_array_index (self->troop_types, i);
}

const MusterTroopType *
muster_ruleset_lookup_troop_type (MusterRuleset *self,
                                  const char    *id)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return find_by_id (self->troop_types, id);
}

/**
 * muster_troop_type_get_roll:
 * @type: a troop type
 * @stat: a stat key
 *
 * Returns: (nullable): how @stat is rolled for @type, or %NULL when the
 * troop type does not roll it.
 */
const MusterDiceExpr *
muster_troop_type_get_roll (const MusterTroopType *type,
                            const char            *stat)
{
  g_return_val_if_fail (type != NULL, NULL);
  g_return_val_if_fail (stat != NULL, NULL);

  for (guint i = 0; i < type->rolls->len; i++)
    {
      const MusterStatRoll *roll = g_ptr_array_index (type->rolls, i);
      if (g_strcmp0 (roll->stat, stat) == 0)
        return roll->dice;
    }
  return NULL;
}

guint
muster_ruleset_get_n_weapons (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), 0);
  return self->weapons->len;
}

const MusterWeaponDef *
muster_ruleset_get_weapon (MusterRuleset *self,
                           guint          i)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  g_return_val_if_fail (i < self->weapons->len, NULL);
  return g_ptr_array_index (self->weapons, i);
}

const MusterWeaponDef *
muster_ruleset_lookup_weapon (MusterRuleset *self,
                              const char    *id)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return find_by_id (self->weapons, id);
}

int
muster_ruleset_get_cap (MusterRuleset *self,
                        const char    *weapon,
                        const char    *stat)
{
  const MusterWeaponDef *def;
  int cap = G_MAXINT;

  g_return_val_if_fail (MUSTER_IS_RULESET (self), G_MAXINT);
  g_return_val_if_fail (stat != NULL, G_MAXINT);

  def = muster_ruleset_lookup_weapon (self, weapon);
  if (def == NULL)
    return G_MAXINT;

  for (guint i = 0; i < def->caps->len; i++)
    {
      const MusterCap *c = g_ptr_array_index (def->caps, i);
      if (g_strcmp0 (c->stat, stat) == 0)
        cap = MIN (cap, c->max);
    }
  return cap;
}

GPtrArray *
muster_ruleset_get_outcomes (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->outcomes;
}

const MusterOutcomeDef *
muster_ruleset_lookup_outcome (MusterRuleset *self,
                               const char    *id)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return find_by_id (self->outcomes, id);
}

GPtrArray *
muster_ruleset_get_options (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->options;
}

const MusterOptionDef *
muster_ruleset_lookup_option (MusterRuleset *self,
                              const char    *id)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return find_by_id (self->options, id);
}

GPtrArray *
muster_ruleset_get_steps (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->steps;
}

GPtrArray *
muster_ruleset_get_lookup_tables (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->lookup_tables;
}

const MusterLookupTable *
muster_ruleset_lookup_table (MusterRuleset *self,
                             const char    *id)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return find_by_id (self->lookup_tables, id);
}

GPtrArray *
muster_ruleset_get_reference_tables (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->reference_tables;
}

GPtrArray *
muster_ruleset_get_unit_kinds (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->unit_kinds;
}

GPtrArray *
muster_ruleset_get_ratings (MusterRuleset *self)
{
  g_return_val_if_fail (MUSTER_IS_RULESET (self), NULL);
  return self->ratings;
}

/**
 * muster_step_get_param:
 * @step: a between-game step
 * @name: an attribute of the step, e.g. "dice"
 *
 * Returns: (nullable): the attribute's text, or %NULL when the step does
 * not have it.
 */
const char *
muster_step_get_param (const MusterStepDef *step,
                       const char          *name)
{
  g_return_val_if_fail (step != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);
  return g_hash_table_lookup (step->params, name);
}

/**
 * muster_step_get_int_param:
 * @step: a between-game step
 * @name: an attribute of the step, e.g. "dies-on"
 * @fallback: what to return when it is missing or not a number
 *
 * Returns: the attribute as an integer, or @fallback.
 */
int
muster_step_get_int_param (const MusterStepDef *step,
                           const char          *name,
                           int                  fallback)
{
  const char *value = muster_step_get_param (step, name);
  gint64 number;

  if (value == NULL ||
      !g_ascii_string_to_signed (value, 10, G_MININT, G_MAXINT, &number, NULL))
    return fallback;
  return (int) number;
}
