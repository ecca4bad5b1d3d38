/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-fuzz-dice"

#include "config.h"

#include <stdint.h>
#include <string.h>

#include <glib.h>

#include "muster-dice.h"

/*
 * libFuzzer target for dice expressions: each input, as text, is parsed;
 * what parses is rolled, written back as its canonical text and parsed
 * again, and its faces entered by hand as at the table.
 */

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  return 0;
}

static void
check_roll (const MusterDiceExpr *expr,
            const MusterRoll     *roll)
{
  g_autofree char *described = NULL;
  g_autofree char *faces = NULL;

  g_assert (roll != NULL);
  g_assert (strcmp (roll->expression, muster_dice_expr_to_string (expr)) == 0);
  g_assert (roll->faces->len == muster_dice_expr_get_n_dice (expr));
  g_assert (roll->total >= muster_dice_expr_get_min (expr));
  g_assert (roll->total <= muster_dice_expr_get_max (expr));
  for (guint i = 0; i < roll->faces->len; i++)
    {
      int face = g_array_index (roll->faces, int, i);

      g_assert (face >= 1 && (guint) face <= muster_dice_expr_get_die_sides (expr, i));
    }

  described = muster_roll_describe (roll);
  g_assert (described != NULL && described[0] != '\0');
  faces = muster_roll_faces_to_string (roll);
  g_assert (faces != NULL);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterDiceExpr) expr = NULL;
  g_autoptr(MusterDiceExpr) again = NULL;
  g_autoptr(MusterRoll) rolled = NULL;
  g_autoptr(MusterRoll) entered = NULL;
  g_autofree char *text = g_strndup ((const char *) data, size);
  MusterRng rng;
  guint n_dice;

  expr = muster_dice_expr_parse (text, &error);
  if (expr == NULL)
    {
      /* A refused expression says why. */
      g_assert (error != NULL);
      g_assert (error->domain == MUSTER_DICE_ERROR && error->code == MUSTER_DICE_ERROR_PARSE);
      g_assert (error->message != NULL && error->message[0] != '\0');
      return 0;
    }
  g_assert_no_error (error);

  g_assert (muster_dice_expr_get_min (expr) <= muster_dice_expr_get_max (expr));
  n_dice = muster_dice_expr_get_n_dice (expr);
  for (guint i = 0; i < n_dice; i++)
    {
      guint sides = muster_dice_expr_get_die_sides (expr, i);

      g_assert (sides >= 1 && sides <= 1000);
    }

  /* The canonical text means the same and is its own canonical text. */
  again = muster_dice_expr_parse (muster_dice_expr_to_string (expr), &error);
  g_assert_no_error (error);
  g_assert (strcmp (muster_dice_expr_to_string (again), muster_dice_expr_to_string (expr)) == 0);
  g_assert (muster_dice_expr_get_min (again) == muster_dice_expr_get_min (expr));
  g_assert (muster_dice_expr_get_max (again) == muster_dice_expr_get_max (expr));
  g_assert (muster_dice_expr_get_n_dice (again) == n_dice);

  muster_rng_init (&rng, size);
  rolled = muster_roll_new_random (expr, &rng);
  check_roll (expr, rolled);

  /* The same faces entered at the table give the same total... */
  entered = muster_roll_new_entered (expr, (const int *) (gpointer) rolled->faces->data,
                                     rolled->faces->len, &error);
  g_assert_no_error (error);
  check_roll (expr, entered);
  g_assert (entered->entered);
  g_assert (entered->total == rolled->total);
  g_clear_pointer (&entered, muster_roll_free);

  /* ...and one face too many, or a face the die does not have, is refused. */
  {
    g_autoptr(GArray) faces = g_array_copy (rolled->faces);
    int one = 1;

    g_array_append_val (faces, one);
    entered = muster_roll_new_entered (expr, (const int *) (gpointer) faces->data, faces->len, &error);
    g_assert (entered == NULL);
    g_assert (g_error_matches (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES));
    g_clear_error (&error);

    if (n_dice > 0)
      {
        g_array_set_size (faces, n_dice);
        g_array_index (faces, int, 0) = (int) muster_dice_expr_get_die_sides (expr, 0) + 1;
        entered = muster_roll_new_entered (expr, (const int *) (gpointer) faces->data, faces->len, &error);
        g_assert (entered == NULL);
        g_assert (g_error_matches (error, MUSTER_DICE_ERROR, MUSTER_DICE_ERROR_FACES));
        g_clear_error (&error);
      }
  }

  return 0;
}
