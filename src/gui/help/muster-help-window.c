/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-help"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-help-document.h"
#include "muster-help-window.h"
#include "muster-paths.h"

struct _MusterHelpWindow
{
  AdwWindow           parent_instance;

  MusterHelpDocument *document;
  char               *page;       /* the id shown */
  gboolean            guide;      /* whether it is a guide page */
  GPtrArray          *history;    /* ids shown before, latest last */
  GHashTable         *sections;   /* section id -> its heading, on this page */
  char               *scroll_to;  /* a section to bring into view */
  guint               scroll_frames;
  guint               scroll_tick;

  AdwWindowTitle     *window_title;
  GtkScrolledWindow  *scroller;
  GtkBox             *page_box;
};

G_DEFINE_FINAL_TYPE (MusterHelpWindow, muster_help_window, ADW_TYPE_WINDOW)

static void render_blocks (MusterHelpWindow *self,
                           GtkBox           *box,
                           xmlNodePtr        parent,
                           int               depth);

/* Links */

static gboolean
show_later_cb (gpointer user_data)
{
  gpointer *data = user_data;
  MusterHelpWindow *self = data[0];

  muster_help_window_show (self, data[1]);
  g_object_unref (self);
  g_free (data[1]);
  g_free (data);
  return G_SOURCE_REMOVE;
}

static gboolean
activate_link_cb (GtkLabel         *label,
                  const char       *uri,
                  MusterHelpWindow *self)
{
  gpointer *data;

  /* Anything else (a web address) goes to the default handler. */
  if (!g_str_has_prefix (uri, "xref:"))
    return FALSE;

  /* The page is rebuilt, and this label with it: not while it is
   * emitting the signal. */
  data = g_new (gpointer, 2);
  data[0] = g_object_ref (self);
  data[1] = g_strdup (uri + strlen ("xref:"));
  g_idle_add (show_later_cb, data);
  return TRUE;
}

/* Building a page */

static GtkWidget *
new_label_full (MusterHelpWindow *self,
                const char       *markup,
                const char       *css_class,
                gboolean          heading)
{
  GtkWidget *label = g_object_new (GTK_TYPE_LABEL,
                                   "accessible-role", heading ? GTK_ACCESSIBLE_ROLE_HEADING
                                                              : GTK_ACCESSIBLE_ROLE_LABEL,
                                   NULL);

  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  g_signal_connect (label, "activate-link", G_CALLBACK (activate_link_cb), self);
  return label;
}

static GtkWidget *
new_label (MusterHelpWindow *self,
           const char       *markup,
           const char       *css_class)
{
  return new_label_full (self, markup, css_class, FALSE);
}

static GtkWidget *
new_vbox (int spacing)
{
  return gtk_box_new (GTK_ORIENTATION_VERTICAL, spacing);
}

static void
add_markup (MusterHelpWindow *self,
            GtkBox           *box,
            xmlNodePtr        node,
            const char       *css_class)
{
  g_autofree char *markup = muster_help_document_markup (self->document, node, FALSE);

  gtk_box_append (box, new_label (self, markup, css_class));
}

/* A link to each page filed under @xref, with its description. */
static void
render_topics (MusterHelpWindow *self,
               GtkBox           *box,
               const char       *xref)
{
  g_autoptr(GPtrArray) ids = muster_help_document_list_topics (self->document, xref);

  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      const char *desc = muster_help_document_get_desc (self->document, id);
      g_autofree char *title = g_markup_escape_text (muster_help_document_get_title (self->document, id), -1);
      g_autofree char *link = g_strdup_printf ("<a href=\"xref:%s\">%s</a>", id, title);
      GtkWidget *topic = new_vbox (2);

      gtk_widget_set_margin_start (topic, 12);
      gtk_box_append (GTK_BOX (topic), new_label (self, link, "heading"));
      if (desc != NULL)
        {
          g_autofree char *escaped = g_markup_escape_text (desc, -1);

          gtk_box_append (GTK_BOX (topic), new_label (self, escaped, "dim-label"));
        }
      gtk_box_append (box, topic);
    }
}

/* <steps> and <list>: each item after its number or bullet. */
static void
render_list (MusterHelpWindow *self,
             GtkBox           *box,
             xmlNodePtr        list,
             gboolean          numbered,
             int               depth)
{
  guint n = 0;

  for (xmlNodePtr item = muster_help_first_element (list, "item"); item != NULL;
       item = muster_help_next_element (item, "item"))
    {
      g_autofree char *mark = numbered ? g_strdup_printf ("%u.", ++n) : g_strdup ("•");
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *mark_label = gtk_label_new (mark);
      GtkWidget *content = new_vbox (6);

      gtk_widget_set_valign (mark_label, GTK_ALIGN_START);
      gtk_widget_set_size_request (mark_label, 18, -1);
      gtk_label_set_xalign (GTK_LABEL (mark_label), 1.0);
      gtk_widget_set_hexpand (content, TRUE);
      render_blocks (self, GTK_BOX (content), item, depth);
      gtk_box_append (GTK_BOX (row), mark_label);
      gtk_box_append (GTK_BOX (row), content);
      gtk_widget_set_margin_start (row, 6);
      gtk_box_append (box, row);
    }
}

/* <terms>: each term in bold, what it means below. */
static void
render_terms (MusterHelpWindow *self,
              GtkBox           *box,
              xmlNodePtr        terms,
              int               depth)
{
  for (xmlNodePtr item = muster_help_first_element (terms, "item"); item != NULL;
       item = muster_help_next_element (item, "item"))
    {
      GtkWidget *content = new_vbox (6);

      for (xmlNodePtr title = muster_help_first_element (item, "title"); title != NULL;
           title = muster_help_next_element (title, "title"))
        add_markup (self, box, title, "heading");
      gtk_widget_set_margin_start (content, 18);
      render_blocks (self, GTK_BOX (content), item, depth);
      gtk_box_append (box, content);
    }
}

static void
render_row (MusterHelpWindow *self,
            GtkGrid          *grid,
            xmlNodePtr        tr,
            int               row,
            gboolean          heading,
            int               depth)
{
  int column = 0;

  for (xmlNodePtr cell = muster_help_first_element (tr, NULL); cell != NULL;
       cell = muster_help_next_element (cell, NULL))
    {
      GtkWidget *content;

      if (!muster_help_is_element (cell, "td") && !muster_help_is_element (cell, "th"))
        continue;
      content = new_vbox (6);
      render_blocks (self, GTK_BOX (content), cell, depth);
      if (heading)
        gtk_widget_add_css_class (content, "heading");
      gtk_widget_set_hexpand (content, TRUE);
      gtk_grid_attach (grid, content, column++, row, 1, 1);
    }
}

static void
render_table (MusterHelpWindow *self,
              GtkBox           *box,
              xmlNodePtr        table,
              int               depth)
{
  GtkWidget *grid = gtk_grid_new ();
  int row = 0;

  gtk_grid_set_column_spacing (GTK_GRID (grid), 24);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  for (xmlNodePtr part = muster_help_first_element (table, NULL); part != NULL;
       part = muster_help_next_element (part, NULL))
    {
      gboolean heading = muster_help_is_element (part, "thead");

      if (muster_help_is_element (part, "tr"))
        render_row (self, GTK_GRID (grid), part, row++, FALSE, depth);
      else if (heading || muster_help_is_element (part, "tbody") ||
               muster_help_is_element (part, "tfoot"))
        for (xmlNodePtr tr = muster_help_first_element (part, "tr"); tr != NULL;
             tr = muster_help_next_element (tr, "tr"))
          render_row (self, GTK_GRID (grid), tr, row++, heading, depth);
    }
  gtk_box_append (box, grid);
}

static void
render_section (MusterHelpWindow *self,
                GtkBox           *box,
                xmlNodePtr        section,
                int               depth)
{
  g_autofree char *id = (char *) xmlGetProp (section, (const xmlChar *) "id");
  xmlNodePtr title = muster_help_first_element (section, "title");

  if (title != NULL)
    {
      g_autofree char *markup = muster_help_document_markup (self->document, title, FALSE);
      GtkWidget *heading = new_label_full (self, markup, depth == 0 ? "title-2" : "title-4", TRUE);

      gtk_widget_set_margin_top (heading, 12);
      gtk_box_append (box, heading);
      if (id != NULL)
        g_hash_table_replace (self->sections, g_strdup (id), heading);
    }
  render_blocks (self, box, section, depth + 1);

  /* A guide's section lists the pages filed under it. */
  if (self->guide && id != NULL)
    {
      g_autofree char *xref = g_strconcat (self->page, "#", id, NULL);

      render_topics (self, box, xref);
    }
}

static void
render_blocks (MusterHelpWindow *self,
               GtkBox           *box,
               xmlNodePtr        parent,
               int               depth)
{
  for (xmlNodePtr node = muster_help_first_element (parent, NULL); node != NULL;
       node = muster_help_next_element (node, NULL))
    {
      const char *name = (const char *) node->name;

      if (g_str_equal (name, "info") || g_str_equal (name, "title") ||
          g_str_equal (name, "desc") || g_str_equal (name, "media") ||
          g_str_equal (name, "comment"))
        continue;
      else if (g_str_equal (name, "p"))
        add_markup (self, box, node, NULL);
      else if (g_str_equal (name, "section"))
        render_section (self, box, node, depth);
      else if (g_str_equal (name, "steps") || g_str_equal (name, "list"))
        render_list (self, box, node, g_str_equal (name, "steps"), depth);
      else if (g_str_equal (name, "terms"))
        render_terms (self, box, node, depth);
      else if (g_str_equal (name, "table"))
        render_table (self, box, node, depth);
      else if (g_str_equal (name, "code") || g_str_equal (name, "screen"))
        {
          g_autofree char *text = muster_help_document_markup (self->document, node, TRUE);
          g_autofree char *markup = g_strconcat ("<tt>", text, "</tt>", NULL);
          GtkWidget *label = new_label (self, markup, NULL);

          gtk_label_set_wrap (GTK_LABEL (label), FALSE);
          gtk_label_set_selectable (GTK_LABEL (label), TRUE);
          gtk_box_append (box, label);
        }
      else if (g_str_equal (name, "note"))
        {
          GtkWidget *note = new_vbox (6);

          gtk_widget_add_css_class (note, "card");
          gtk_widget_add_css_class (note, "help-note");
          render_blocks (self, GTK_BOX (note), node, depth);
          gtk_box_append (box, note);
        }
      else
        render_blocks (self, box, node, depth);
    }
}

/* A topic ends with the way back to the guides it is filed under. */
static void
render_more (MusterHelpWindow *self)
{
  GPtrArray *guides = muster_help_document_get_guides (self->document, self->page);
  GtkWidget *heading;

  if (guides == NULL || guides->len == 0)
    return;
  heading = new_label_full (self, _("More Information"), "title-4", TRUE);
  gtk_widget_set_margin_top (heading, 18);
  gtk_box_append (self->page_box, heading);
  for (guint i = 0; i < guides->len; i++)
    {
      const char *xref = g_ptr_array_index (guides, i);
      g_auto(GStrv) parts = g_strsplit (xref, "#", 2);
      const char *title = muster_help_document_get_title (self->document, parts[0]);
      g_autofree char *escaped_xref = g_markup_escape_text (xref, -1);
      g_autofree char *escaped = g_markup_escape_text (title ? title : xref, -1);
      g_autofree char *link = g_strdup_printf ("<a href=\"xref:%s\">%s</a>", escaped_xref, escaped);

      gtk_box_append (self->page_box, new_label (self, link, NULL));
    }
}

static void
clear_page (MusterHelpWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  GtkWidget *child;

  /* A link that had the focus is about to go: let go of it first. */
  if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->page_box)))
    gtk_root_set_focus (GTK_ROOT (self), NULL);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->page_box))) != NULL)
    gtk_box_remove (self->page_box, child);
  g_hash_table_remove_all (self->sections);
}

static gboolean
scroll_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  MusterHelpWindow *self = MUSTER_HELP_WINDOW (widget);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);
  GtkWidget *target = self->scroll_to ? g_hash_table_lookup (self->sections, self->scroll_to) : NULL;
  graphene_point_t origin = GRAPHENE_POINT_INIT (0, 0);
  graphene_point_t point;

  /* The new page is laid out in the frame after the one it was built in. */
  if (target != NULL && gtk_widget_get_width (target) == 0 && self->scroll_frames++ < 10)
    return G_SOURCE_CONTINUE;
  self->scroll_frames = 0;
  self->scroll_tick = 0;
  if (target != NULL &&
      gtk_widget_compute_point (target, GTK_WIDGET (self->page_box), &origin, &point))
    gtk_adjustment_set_value (adjustment, point.y);
  else
    gtk_adjustment_set_value (adjustment, 0);
  g_clear_pointer (&self->scroll_to, g_free);
  return G_SOURCE_REMOVE;
}

static void
update_actions (MusterHelpWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "help.back", self->history->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "help.contents",
                                 g_strcmp0 (self->page, "index") != 0);
}

static gboolean
show_page (MusterHelpWindow *self,
           const char       *xref,
           gboolean          remember)
{
  g_auto(GStrv) parts = g_strsplit (xref, "#", 2);
  xmlNodePtr root = muster_help_document_get_page (self->document, parts[0]);
  g_autofree char *type = NULL;
  GtkWidget *title;

  if (root == NULL)
    return FALSE;

  if (g_strcmp0 (self->page, parts[0]) != 0)
    {
      if (remember && self->page != NULL)
        g_ptr_array_add (self->history, g_strdup (self->page));
      g_free (self->page);
      self->page = g_strdup (parts[0]);

      type = (char *) xmlGetProp (root, (const xmlChar *) "type");
      self->guide = g_strcmp0 (type, "guide") == 0;

      clear_page (self);
      title = new_label_full (self, "", "title-1", TRUE);
      gtk_label_set_text (GTK_LABEL (title), muster_help_document_get_title (self->document, self->page));
      gtk_box_append (self->page_box, title);
      render_blocks (self, self->page_box, root, 0);

      if (self->guide)
        render_topics (self, self->page_box, self->page);
      else
        render_more (self);

      adw_window_title_set_title (self->window_title,
                                  muster_help_document_get_title (self->document, self->page));
      update_actions (self);
    }

  g_free (self->scroll_to);
  self->scroll_to = g_strdup (parts[1]);
  if (self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_tick_cb, NULL, NULL);
  return TRUE;
}

gboolean
muster_help_window_show (MusterHelpWindow *self,
                         const char       *xref)
{
  g_return_val_if_fail (MUSTER_IS_HELP_WINDOW (self), FALSE);
  g_return_val_if_fail (xref != NULL, FALSE);

  return show_page (self, xref, TRUE);
}

const char *
muster_help_window_get_page (MusterHelpWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_HELP_WINDOW (self), NULL);

  return self->page;
}

gboolean
muster_help_window_go_back (MusterHelpWindow *self)
{
  g_autofree char *previous = NULL;

  g_return_val_if_fail (MUSTER_IS_HELP_WINDOW (self), FALSE);

  if (self->history->len == 0)
    return FALSE;
  previous = g_ptr_array_steal_index (self->history, self->history->len - 1);
  show_page (self, previous, FALSE);
  update_actions (self);
  return TRUE;
}

static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  muster_help_window_go_back (MUSTER_HELP_WINDOW (widget));
}

static void
contents_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  muster_help_window_show (MUSTER_HELP_WINDOW (widget), "index");
}

static void
muster_help_window_dispose (GObject *object)
{
  MusterHelpWindow *self = MUSTER_HELP_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_HELP_WINDOW);
  g_clear_pointer (&self->sections, g_hash_table_unref);
  g_clear_pointer (&self->history, g_ptr_array_unref);
  g_clear_pointer (&self->document, muster_help_document_free);
  g_clear_pointer (&self->page, g_free);
  g_clear_pointer (&self->scroll_to, g_free);

  G_OBJECT_CLASS (muster_help_window_parent_class)->dispose (object);
}

static void
muster_help_window_class_init (MusterHelpWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_help_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/musterapp/Muster/muster-help-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterHelpWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, MusterHelpWindow, scroller);
  gtk_widget_class_bind_template_child (widget_class, MusterHelpWindow, page_box);

  gtk_widget_class_install_action (widget_class, "help.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "help.contents", NULL, contents_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "help.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, GDK_ALT_MASK, "help.contents", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
muster_help_window_init (MusterHelpWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->history = g_ptr_array_new_with_free_func (g_free);
  self->sections = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

MusterHelpWindow *
muster_help_window_new (GtkApplication  *application,
                        GError         **error)
{
  g_auto(GStrv) dirs = muster_paths_get_help_dirs ();
  MusterHelpDocument *document = muster_help_document_load ((const char * const *) dirs, error);
  MusterHelpWindow *self;

  if (document == NULL)
    return NULL;
  self = g_object_new (MUSTER_TYPE_HELP_WINDOW, "application", application, NULL);
  self->document = document;
  show_page (self, "index", FALSE);
  return self;
}
