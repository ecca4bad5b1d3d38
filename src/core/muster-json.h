/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* @root as JSON text, indented by two spaces when @pretty. As JSON-GLib
 * writes it, but for U+001F, which JSON-GLib leaves bare in strings
 * although JSON wants every control character escaped: here it is
 * written "\u001f", so that any JSON reader (SQLite's json_valid()
 * among them) takes the text. */
char *muster_json_to_data (JsonNode *root,
                           gboolean  pretty);

G_END_DECLS
