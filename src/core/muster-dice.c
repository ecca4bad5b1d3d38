/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-dice"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "muster-dice.h"

#define MAX_DICE_PER_TERM 100
#define MIN_SIDES         2
#define MAX_SIDES         1000
#define MAX_DICE_TOTAL    1000
#define MAX_CONSTANT      1000000

typedef struct {
  int   sign;      /* +1 or -1 */
  guint count;     /* dice rolled; 0 for a constant */
  guint sides;     /* 0 for a constant */
  int   constant;  /* the value of a constant term, unsigned */
} DiceTerm;

struct _MusterDiceExpr {
  gatomicrefcount  ref_count;
  char            *text;
  GArray          *terms;   /* of DiceTerm */
  int              min;
  int              max;
  guint            n_dice;
};

/* Generator */

static guint64
splitmix64 (guint64 *x)
{
  guint64 z = (*x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static inline guint64
rotl (guint64 x,
      int     k)
{
  return (x << k) | (x >> (64 - k));
}

/**
 * muster_rng_init:
 * @rng: a generator
 * @seed: any 64-bit value
 *
 * Fills the generator's state from @seed with splitmix64, as the
 * xoshiro authors recommend, so that nearby seeds give unrelated streams.
 */
void
muster_rng_init (MusterRng *rng,
                 guint64    seed)
{
  guint64 x = seed;

  g_return_if_fail (rng != NULL);

  for (guint i = 0; i < 4; i++)
    rng->s[i] = splitmix64 (&x);
}

/* FNV-1a over the bytes of @text: stable on every platform and byte order. */
static guint64
fnv1a64 (const char *text)
{
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325);

  for (const guchar *p = (const guchar *) text; *p != '\0'; p++)
    {
      h ^= *p;
      h *= G_GUINT64_CONSTANT (0x100000001b3);
    }
  return h;
}

/**
 * muster_rng_init_for:
 * @rng: a generator
 * @seed: the campaign's seed
 * @purpose: what the rolls are for, e.g. "recruit/17"
 *
 * Seeds @rng from @seed and @purpose. The same seed and purpose always give
 * the same stream of numbers, on every platform.
 */
void
muster_rng_init_for (MusterRng  *rng,
                     guint64     seed,
                     const char *purpose)
{
  guint64 x = seed;
  guint64 mixed;

  g_return_if_fail (rng != NULL);
  g_return_if_fail (purpose != NULL);

  mixed = splitmix64 (&x) ^ fnv1a64 (purpose);
  muster_rng_init (rng, mixed);
}

/**
 * muster_rng_fork:
 * @rng: a generator
 * @purpose: what the new generator is for, e.g. "name"
 * @out: the generator to seed
 *
 * Seeds @out from the whole state of @rng and @purpose, without drawing
 * from @rng: a stream of its own, such as a recruit's name beside the
 * dice of its stats.
 */
void
muster_rng_fork (const MusterRng *rng,
                 const char      *purpose,
                 MusterRng       *out)
{
  g_return_if_fail (rng != NULL);
  g_return_if_fail (out != NULL && out != rng);

  muster_rng_init_for (out, rng->s[0] ^ rotl (rng->s[1], 16) ^ rotl (rng->s[2], 32) ^ rotl (rng->s[3], 48),
                       purpose);
}

/**
 * muster_rng_next:
 * @rng: a generator
 *
 * Returns: the next 64 random bits (xoshiro256**).
 */
guint64
muster_rng_next (MusterRng *rng)
{
  guint64 result;
  guint64 t;

  g_return_val_if_fail (rng != NULL, 0);

  result = rotl (rng->s[1] * 5, 7) * 9;
  t = rng->s[1] << 17;
  rng->s[2] ^= rng->s[0];
  rng->s[3] ^= rng->s[1];
  rng->s[1] ^= rng->s[2];
  rng->s[0] ^= rng->s[3];
  rng->s[2] ^= t;
  rng->s[3] = rotl (rng->s[3], 45);

  return result;
}

/**
 * muster_rng_die:
 * @rng: a generator
 * @sides: sides of the die, at least 1
 *
 * Returns: a uniform integer in 1..@sides. Draws that would favour low faces
 * (the top, incomplete bucket of 2^64 values) are rejected and drawn again.
 */
guint
muster_rng_die (MusterRng *rng,
                guint      sides)
{
  guint64 rem;
  guint64 last_ok;
  guint64 r;

  g_return_val_if_fail (rng != NULL, 1);
  g_return_val_if_fail (sides > 0, 1);

  /* 2^64 mod sides, computed without overflowing. */
  rem = ((G_MAXUINT64 % sides) + 1) % sides;
  last_ok = G_MAXUINT64 - rem;

  do
    r = muster_rng_next (rng);
  while (r > last_ok);

  return (guint) (r % sides) + 1;
}

/* Expressions */

static void
set_parse_error (GError     **error,
                 const char  *text,
                 const char  *reason)
{
  g_set_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_PARSE,
               /* Translators: the first %s is a dice expression such as
                * “2d6+1”, the second says what is wrong with it. */
               _("Cannot read the dice expression “%s”: %s"),
               text, reason);
}

static const char *
skip_spaces (const char *p)
{
  while (*p == ' ' || *p == '\t')
    p++;
  return p;
}

/* Reads a decimal number of at most 9 digits at @p. */
static gboolean
read_number (const char  *text,
             const char **p,
             guint       *out,
             GError     **error)
{
  const char *start = *p;
  guint64 value = 0;

  while (g_ascii_isdigit (**p))
    {
      value = value * 10 + (guint) (**p - '0');
      (*p)++;
      if (*p - start > 9)
        {
          g_autofree char *reason = NULL;

          while (g_ascii_isdigit (**p))
            (*p)++;
          reason = g_strdup_printf (_("the number “%.*s” is too large."),
                                    (int) (*p - start), start);
          set_parse_error (error, text, reason);
          return FALSE;
        }
    }

  *out = (guint) value;
  return TRUE;
}

static void
append_term (GString        *str,
             const DiceTerm *term,
             gboolean        first)
{
  if (term->sign < 0)
    g_string_append_c (str, '-');
  else if (!first)
    g_string_append_c (str, '+');

  if (term->sides == 0)
    g_string_append_printf (str, "%d", term->constant);
  else
    g_string_append_printf (str, "%ud%u", term->count, term->sides);
}

static void
unexpected_char_error (GError     **error,
                       const char  *text,
                       const char  *p)
{
  g_autofree char *reason = NULL;
  gunichar c = g_utf8_get_char_validated (p, -1);
  char buf[8] = { 0 };
  glong position;

  if (c == (gunichar) -1 || c == (gunichar) -2)
    {
      buf[0] = '?';
    }
  else
    g_unichar_to_utf8 (c, buf);

  position = g_utf8_pointer_to_offset (text, p) + 1;
  reason = g_strdup_printf (
      /* Translators: %s is one character, %ld its position in the text */
      _("“%s” at character %ld does not belong in a dice expression; write something like “2d6+1”."),
      buf, position);
  set_parse_error (error, text, reason);
}

/**
 * muster_dice_expr_parse:
 * @text: an expression such as "1d6", "2D6", "1d6+3", "d3+1", "6", "2d6-1"
 * @error: return location for a #MUSTER_DICE_ERROR_PARSE error
 *
 * Returns: (transfer full): the parsed expression, or %NULL with @error set
 * to a message that quotes @text and says where it went wrong.
 */
MusterDiceExpr *
muster_dice_expr_parse (const char  *text,
                        GError     **error)
{
  g_autoptr(GArray) terms = NULL;
  g_autoptr(GString) canonical = NULL;
  MusterDiceExpr *expr;
  const char *p;
  gint64 min = 0, max = 0;
  guint n_dice = 0;
  int sign = 1;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_PARSE,
                   _("Cannot read a dice expression that is not valid text."));
      return NULL;
    }

  terms = g_array_new (FALSE, TRUE, sizeof (DiceTerm));
  p = skip_spaces (text);

  if (*p == '\0')
    {
      set_parse_error (error, text,
                       _("it is empty; write something like “1d6”."));
      return NULL;
    }

  if (*p == '+' || *p == '-')
    {
      sign = *p == '-' ? -1 : 1;
      p = skip_spaces (p + 1);
    }

  for (;;)
    {
      DiceTerm term = { sign, 0, 0, 0 };
      gboolean has_number = FALSE;
      guint number = 0;

      if (g_ascii_isdigit (*p))
        {
          if (!read_number (text, &p, &number, error))
            return NULL;
          has_number = TRUE;
        }

      if (*p == 'd' || *p == 'D')
        {
          guint sides = 0;

          p++;
          if (!g_ascii_isdigit (*p))
            {
              set_parse_error (error, text,
                               _("a number of sides must follow “d”."));
              return NULL;
            }
          if (!read_number (text, &p, &sides, error))
            return NULL;

          term.count = has_number ? number : 1;
          term.sides = sides;

          if (term.count < 1 || term.count > MAX_DICE_PER_TERM)
            {
              g_autofree char *reason =
                g_strdup_printf (_("a term may roll from 1 to %d dice, not %u."),
                                 MAX_DICE_PER_TERM, term.count);
              set_parse_error (error, text, reason);
              return NULL;
            }
          if (sides < MIN_SIDES || sides > MAX_SIDES)
            {
              g_autofree char *reason =
                g_strdup_printf (_("a die has from %d to %d sides, not %u."),
                                 MIN_SIDES, MAX_SIDES, sides);
              set_parse_error (error, text, reason);
              return NULL;
            }

          n_dice += term.count;
          if (n_dice > MAX_DICE_TOTAL)
            {
              g_autofree char *reason =
                g_strdup_printf (_("it rolls more than %d dice."), MAX_DICE_TOTAL);
              set_parse_error (error, text, reason);
              return NULL;
            }

          if (sign > 0)
            {
              min += term.count;
              max += (gint64) term.count * sides;
            }
          else
            {
              min -= (gint64) term.count * sides;
              max -= term.count;
            }
        }
      else if (has_number)
        {
          if (number > MAX_CONSTANT)
            {
              g_autofree char *reason =
                g_strdup_printf (_("the number %u is too large."), number);
              set_parse_error (error, text, reason);
              return NULL;
            }
          term.constant = (int) number;
          min += sign * (gint64) number;
          max += sign * (gint64) number;
        }
      else if (*p == '\0')
        {
          set_parse_error (error, text,
                           _("it ends where a number or dice should follow."));
          return NULL;
        }
      else
        {
          unexpected_char_error (error, text, p);
          return NULL;
        }

      if (min < G_MININT || max > G_MAXINT)
        {
          set_parse_error (error, text, _("its total is too large."));
          return NULL;
        }

      g_array_append_val (terms, term);

      p = skip_spaces (p);
      if (*p == '\0')
        break;
      if (*p != '+' && *p != '-')
        {
          unexpected_char_error (error, text, p);
          return NULL;
        }
      sign = *p == '-' ? -1 : 1;
      p = skip_spaces (p + 1);
    }

  canonical = g_string_new (NULL);
  for (guint i = 0; i < terms->len; i++)
    append_term (canonical, &g_array_index (terms, DiceTerm, i), i == 0);

  expr = g_new0 (MusterDiceExpr, 1);
  g_atomic_ref_count_init (&expr->ref_count);
  expr->text = g_string_free (g_steal_pointer (&canonical), FALSE);
  expr->terms = g_steal_pointer (&terms);
  expr->min = (int) min;
  expr->max = (int) max;
  expr->n_dice = n_dice;

  return expr;
}

MusterDiceExpr *
muster_dice_expr_ref (MusterDiceExpr *expr)
{
  g_return_val_if_fail (expr != NULL, NULL);

  g_atomic_ref_count_inc (&expr->ref_count);
  return expr;
}

void
muster_dice_expr_unref (MusterDiceExpr *expr)
{
  g_return_if_fail (expr != NULL);

  if (g_atomic_ref_count_dec (&expr->ref_count))
    {
      g_free (expr->text);
      g_array_unref (expr->terms);
      g_free (expr);
    }
}

/**
 * muster_dice_expr_to_string:
 * @expr: an expression
 *
 * Returns: the canonical text: every dice term with its count ("1d3+1"
 * for "d3 + 1"), a lower-case "d", no spaces.
 */
const char *
muster_dice_expr_to_string (const MusterDiceExpr *expr)
{
  g_return_val_if_fail (expr != NULL, NULL);

  return expr->text;
}

int
muster_dice_expr_get_min (const MusterDiceExpr *expr)
{
  g_return_val_if_fail (expr != NULL, 0);

  return expr->min;
}

int
muster_dice_expr_get_max (const MusterDiceExpr *expr)
{
  g_return_val_if_fail (expr != NULL, 0);

  return expr->max;
}

guint
muster_dice_expr_get_n_dice (const MusterDiceExpr *expr)
{
  g_return_val_if_fail (expr != NULL, 0);

  return expr->n_dice;
}

guint
muster_dice_expr_get_die_sides (const MusterDiceExpr *expr,
                                guint                 index)
{
  g_return_val_if_fail (expr != NULL, 0);
  g_return_val_if_fail (index < expr->n_dice, 0);

  for (guint i = 0; i < expr->terms->len; i++)
    {
      const DiceTerm *term = &g_array_index (expr->terms, DiceTerm, i);

      if (index < term->count)
        return term->sides;
      index -= term->count;
    }

  g_return_val_if_reached (0);
}

/* Rolls */

static MusterRoll *
roll_new_from_faces (const MusterDiceExpr *expr,
                     const int            *faces,
                     gboolean              entered)
{
  MusterRoll *roll = g_new0 (MusterRoll, 1);
  guint face_index = 0;
  int total = 0;

  roll->expression = g_strdup (expr->text);
  roll->faces = g_array_sized_new (FALSE, FALSE, sizeof (int), expr->n_dice);
  roll->entered = entered;

  for (guint i = 0; i < expr->terms->len; i++)
    {
      const DiceTerm *term = &g_array_index (expr->terms, DiceTerm, i);

      if (term->sides == 0)
        {
          total += term->sign * term->constant;
          continue;
        }
      for (guint j = 0; j < term->count; j++)
        {
          int face = faces[face_index++];

          g_array_append_val (roll->faces, face);
          total += term->sign * face;
        }
    }

  roll->total = total;
  return roll;
}

/**
 * muster_roll_new_random:
 * @expr: what to roll
 * @rng: the generator to draw from
 *
 * Returns: (transfer full): a roll with a face for every die of @expr.
 */
MusterRoll *
muster_roll_new_random (const MusterDiceExpr *expr,
                        MusterRng            *rng)
{
  g_autofree int *faces = NULL;
  guint k = 0;

  g_return_val_if_fail (expr != NULL, NULL);
  g_return_val_if_fail (rng != NULL, NULL);

  faces = g_new0 (int, MAX (expr->n_dice, 1));
  for (guint i = 0; i < expr->terms->len; i++)
    {
      const DiceTerm *term = &g_array_index (expr->terms, DiceTerm, i);

      for (guint j = 0; j < term->count; j++)
        faces[k++] = (int) muster_rng_die (rng, term->sides);
    }

  return roll_new_from_faces (expr, faces, FALSE);
}

/**
 * muster_roll_new_entered:
 * @expr: what was rolled
 * @faces: (array length=n_faces): the faces read off the dice at the table
 * @n_faces: how many
 * @error: return location for a #MUSTER_DICE_ERROR_FACES error
 *
 * Returns: (transfer full): the roll, or %NULL when the faces do not fit
 * the expression.
 */
MusterRoll *
muster_roll_new_entered (const MusterDiceExpr *expr,
                         const int            *faces,
                         guint                 n_faces,
                         GError              **error)
{
  g_return_val_if_fail (expr != NULL, NULL);
  g_return_val_if_fail (faces != NULL || n_faces == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (n_faces != expr->n_dice)
    {
      g_set_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES,
                   g_dngettext (GETTEXT_PACKAGE, "The roll “%s” needs %u die, but %u faces were entered.",
                             "The roll “%s” needs %u dice, but %u faces were entered.",
                             expr->n_dice),
                   expr->text, expr->n_dice, n_faces);
      return NULL;
    }

  for (guint i = 0; i < n_faces; i++)
    {
      guint sides = muster_dice_expr_get_die_sides (expr, i);

      if (faces[i] < 1 || (guint) faces[i] > sides)
        {
          g_set_error (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES,
                       /* Translators: “%d” is the face entered, then the
                        * die's position in the roll, then its sides. */
                       _("A face of %d for die %u of “%s” is not possible: enter a number from 1 to %u."),
                       faces[i], i + 1, expr->text, sides);
          return NULL;
        }
    }

  return roll_new_from_faces (expr, faces, TRUE);
}

MusterRoll *
muster_roll_copy (const MusterRoll *roll)
{
  MusterRoll *copy;

  g_return_val_if_fail (roll != NULL, NULL);

  copy = g_new0 (MusterRoll, 1);
  copy->expression = g_strdup (roll->expression);
  copy->faces = g_array_copy (roll->faces);
  copy->total = roll->total;
  copy->entered = roll->entered;
  return copy;
}

void
muster_roll_free (MusterRoll *roll)
{
  if (roll == NULL)
    return;

  g_free (roll->expression);
  g_clear_pointer (&roll->faces, g_array_unref);
  g_free (roll);
}

/**
 * muster_roll_describe:
 * @roll: a roll
 *
 * Returns: (transfer full): the faces and constants with their signs and
 * the total, e.g. "3 + 5 = 8" for 2d6, "4 + 3 = 7" for 1d6+3, or just the
 * total ("6") when there is only one number to show.
 */
char *
muster_roll_describe (const MusterRoll *roll)
{
  g_autoptr(MusterDiceExpr) expr = NULL;
  g_autoptr(GString) str = NULL;
  guint face_index = 0;
  guint n_items = 0;

  g_return_val_if_fail (roll != NULL, NULL);

  /* One term and at most one die ("1d6", "6"): the total alone, without
   * parsing the expression again for each of a batch's rolls. */
  if (roll->faces->len <= 1 && strpbrk (roll->expression, "+-") == NULL)
    return g_strdup_printf ("%d", roll->total);
  expr = muster_dice_expr_parse (roll->expression, NULL);
  if (expr == NULL || expr->n_dice != roll->faces->len)
    return g_strdup_printf ("%d", roll->total);

  str = g_string_new (NULL);
  for (guint i = 0; i < expr->terms->len; i++)
    {
      const DiceTerm *term = &g_array_index (expr->terms, DiceTerm, i);
      guint count = term->sides == 0 ? 1 : term->count;

      for (guint j = 0; j < count; j++)
        {
          int value = term->sides == 0
            ? term->constant
            : g_array_index (roll->faces, int, face_index++);

          if (n_items == 0)
            g_string_append_printf (str, term->sign < 0 ? "-%d" : "%d", value);
          else
            g_string_append_printf (str, term->sign < 0 ? " - %d" : " + %d", value);
          n_items++;
        }
    }

  if (n_items <= 1)
    return g_strdup_printf ("%d", roll->total);

  g_string_append_printf (str, " = %d", roll->total);
  return g_string_free (g_steal_pointer (&str), FALSE);
}

/**
 * muster_roll_faces_to_string:
 * @roll: a roll
 *
 * Returns: (transfer full): the faces as "3,5", empty for a constant.
 */
char *
muster_roll_faces_to_string (const MusterRoll *roll)
{
  GString *str;

  g_return_val_if_fail (roll != NULL, NULL);

  str = g_string_new (NULL);
  for (guint i = 0; i < roll->faces->len; i++)
    {
      if (i > 0)
        g_string_append_c (str, ',');
      g_string_append_printf (str, "%d", g_array_index (roll->faces, int, i));
    }
  return g_string_free (str, FALSE);
}

/**
 * muster_dice_roll:
 * @expression: a dice expression
 * @rng: the generator to draw from
 * @error: return location for a #MUSTER_DICE_ERROR_PARSE error
 *
 * Returns: (transfer full): a roll of @expression, or %NULL.
 */
MusterRoll *
muster_dice_roll (const char  *expression,
                  MusterRng   *rng,
                  GError     **error)
{
  g_autoptr(MusterDiceExpr) expr = NULL;

  g_return_val_if_fail (expression != NULL, NULL);
  g_return_val_if_fail (rng != NULL, NULL);

  expr = muster_dice_expr_parse (expression, error);
  if (expr == NULL)
    return NULL;

  return muster_roll_new_random (expr, rng);
}
