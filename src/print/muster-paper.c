/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <glib.h>

#include "muster-sheet.h"

/* Half an inch all round: inside what every office printer can reach. */
#define DEFAULT_MARGIN 36.0

static const struct {
  const char *name;
  double      width;
  double      height;
} papers[] = {
  [MUSTER_PAPER_A4]     = { "a4",     595.28, 841.89 },
  [MUSTER_PAPER_LETTER] = { "letter", 612.0,  792.0 },
};

/**
 * muster_page_size_init_for_paper:
 *
 * Fills @size with @paper's portrait size in points and half-inch margins.
 */
void
muster_page_size_init_for_paper (MusterPageSize *size,
                                 MusterPaper     paper)
{
  g_return_if_fail (size != NULL);
  g_return_if_fail (paper <= MUSTER_PAPER_LETTER);

  size->width = papers[paper].width;
  size->height = papers[paper].height;
  size->margin_top = DEFAULT_MARGIN;
  size->margin_right = DEFAULT_MARGIN;
  size->margin_bottom = DEFAULT_MARGIN;
  size->margin_left = DEFAULT_MARGIN;
}

gboolean
muster_paper_from_string (const char  *text,
                          MusterPaper *paper)
{
  g_return_val_if_fail (paper != NULL, FALSE);

  if (text == NULL)
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (papers); i++)
    if (g_ascii_strcasecmp (text, papers[i].name) == 0)
      {
        *paper = (MusterPaper) i;
        return TRUE;
      }

  return FALSE;
}

const char *
muster_paper_to_string (MusterPaper paper)
{
  g_return_val_if_fail (paper <= MUSTER_PAPER_LETTER, NULL);

  return papers[paper].name;
}

static const char * const orientation_names[] = {
  [MUSTER_ORIENTATION_AUTOMATIC] = "automatic",
  [MUSTER_ORIENTATION_PORTRAIT]  = "portrait",
  [MUSTER_ORIENTATION_LANDSCAPE] = "landscape",
};

gboolean
muster_orientation_from_string (const char        *text,
                                MusterOrientation *orientation)
{
  g_return_val_if_fail (orientation != NULL, FALSE);

  if (text == NULL)
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (orientation_names); i++)
    if (g_ascii_strcasecmp (text, orientation_names[i]) == 0)
      {
        *orientation = (MusterOrientation) i;
        return TRUE;
      }
  if (g_ascii_strcasecmp (text, "auto") == 0)
    {
      *orientation = MUSTER_ORIENTATION_AUTOMATIC;
      return TRUE;
    }

  return FALSE;
}

gboolean
muster_page_size_is_landscape (const MusterPageSize *size)
{
  g_return_val_if_fail (size != NULL, FALSE);

  return size->width > size->height;
}

/**
 * muster_page_size_turn:
 *
 * Turns @size a quarter turn anticlockwise, as a printer turns a
 * landscape page: the left margin goes to the foot, the top to the left.
 */
void
muster_page_size_turn (MusterPageSize *size)
{
  MusterPageSize turned;

  g_return_if_fail (size != NULL);

  turned.width = size->height;
  turned.height = size->width;
  turned.margin_top = size->margin_right;
  turned.margin_right = size->margin_bottom;
  turned.margin_bottom = size->margin_left;
  turned.margin_left = size->margin_top;
  *size = turned;
}
