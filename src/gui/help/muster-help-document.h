/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

/*
 * The user guide as Muster reads it when no help browser can show it: the
 * Mallard pages of help/ (the same files Yelp shows), each page taken from
 * the first of the folders given that holds it, so that a page left
 * untranslated falls back to English. Pages are read with the network off,
 * no DTD and no entities; a DOCTYPE is refused.
 */

typedef struct _MusterHelpDocument MusterHelpDocument;

/* Reads every *.page of @dirs (best first, as muster_paths_get_help_dirs()
 * gives them). Fails when a page is malformed (the message names the file
 * and line) or when there is no index page. */
MusterHelpDocument *muster_help_document_load        (const char * const  *dirs,
                                                      GError             **error);
void                muster_help_document_free        (MusterHelpDocument  *self);

/* The <page> element of page @id, or NULL. */
xmlNodePtr          muster_help_document_get_page    (MusterHelpDocument  *self,
                                                      const char          *id);
/* The page's title and its one-line description (<info><desc>, or NULL),
 * as plain text. */
const char         *muster_help_document_get_title   (MusterHelpDocument  *self,
                                                      const char          *id);
const char         *muster_help_document_get_desc    (MusterHelpDocument  *self,
                                                      const char          *id);
/* The xrefs of the guides page @id links itself to (its <link type="guide">s). */
GPtrArray          *muster_help_document_get_guides  (MusterHelpDocument  *self,
                                                      const char          *id);
/* The ids of the pages whose guide link names @xref ("index" or
 * "index#section"), sorted by title. */
GPtrArray          *muster_help_document_list_topics (MusterHelpDocument  *self,
                                                      const char          *xref);

/* The Pango markup of the inline content of @node: a link to another page
 * becomes <a href="xref:PAGE">, one to the web keeps its address. Spaces
 * are collapsed unless @preserve_space. */
char               *muster_help_document_markup      (MusterHelpDocument  *self,
                                                      xmlNodePtr           node,
                                                      gboolean             preserve_space);

/* The first element child of @node named @name in the Mallard namespace
 * (NULL: any), and the next after @node. */
xmlNodePtr          muster_help_first_element        (xmlNodePtr           node,
                                                      const char          *name);
xmlNodePtr          muster_help_next_element         (xmlNodePtr           node,
                                                      const char          *name);
gboolean            muster_help_is_element           (xmlNodePtr           node,
                                                      const char          *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterHelpDocument, muster_help_document_free)

G_END_DECLS
