/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-window"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-a11y.h"
#include "muster-campaign-row.h"
#include "muster-names.h"

struct _MusterCampaignRow
{
  GtkBox    parent_instance;

  GtkLabel *name_label;
  GtkLabel *ruleset_label;
  gint64    campaign_id;
};

G_DEFINE_FINAL_TYPE (MusterCampaignRow, muster_campaign_row, GTK_TYPE_BOX)

static void
muster_campaign_row_class_init (MusterCampaignRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/muster-campaign-row.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterCampaignRow, name_label);
  gtk_widget_class_bind_template_child (widget_class, MusterCampaignRow, ruleset_label);
  muster_a11y_class_add_row_activate (widget_class);
}

static void
muster_campaign_row_init (MusterCampaignRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
muster_campaign_row_new (void)
{
  return g_object_new (MUSTER_TYPE_CAMPAIGN_ROW, NULL);
}

void
muster_campaign_row_set_campaign (MusterCampaignRow *self,
                                  MusterCampaign    *campaign)
{
  MusterRuleset *ruleset;

  g_return_if_fail (MUSTER_IS_CAMPAIGN_ROW (self));

  self->campaign_id = campaign != NULL ? muster_campaign_get_id (campaign) : 0;
  if (campaign == NULL)
    {
      gtk_label_set_label (self->name_label, "");
      gtk_label_set_label (self->ruleset_label, "");
      muster_a11y_label_row (GTK_WIDGET (self), NULL, NULL);
      return;
    }

  ruleset = muster_campaign_get_ruleset (campaign);
  {
    g_autofree char *name = muster_names_shorten (muster_campaign_get_name (campaign));

    gtk_label_set_label (self->name_label, name);
  }
  if (ruleset != NULL)
    {
      gtk_label_set_label (self->ruleset_label, muster_ruleset_get_title (ruleset));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->ruleset_label), NULL);
      gtk_widget_remove_css_class (GTK_WIDGET (self->ruleset_label), "error");
    }
  else
    {
      g_autofree char *tooltip = NULL;

      /* Translators: a ruleset id; the campaign settings can replace the copy */
      tooltip = g_strdup_printf (_("The copy of the rules “%s” this campaign keeps no longer loads. Its settings can replace it."),
                                 muster_campaign_get_ruleset_id (campaign));
      /* Translators: in the sidebar, under a campaign whose copy of its rules does not load */
      gtk_label_set_label (self->ruleset_label, _("Its rules no longer load"));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->ruleset_label), tooltip);
      gtk_widget_add_css_class (GTK_WIDGET (self->ruleset_label), "error");
    }

  /* The row is named by the campaign, and says its rules. */
  muster_a11y_label_row (GTK_WIDGET (self), gtk_label_get_label (self->name_label),
                         gtk_label_get_label (self->ruleset_label));
}

gint64
muster_campaign_row_get_campaign_id (MusterCampaignRow *self)
{
  g_return_val_if_fail (MUSTER_IS_CAMPAIGN_ROW (self), 0);
  return self->campaign_id;
}
