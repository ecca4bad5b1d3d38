/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-store.h"

G_BEGIN_DECLS

/* The big campaign the statistics benchmarks measure: 10,000
 * characters in four forces, 1,000 games of 20 characters each, every
 * one resolved, with the resolutions' record of what they changed,
 * kills, prisoners taken and released, and the log that says when each
 * thing happened. */

#define N_CHARACTERS 10000
#define N_GAMES      1000
#define N_FORCES     4
#define PER_SIDE     10

/* Writes it straight into the tables of @store in one transaction, as
 * the store and the engine would have written it; returns its id. */
gint64 muster_bench_build_campaign (MusterStore *store);

G_END_DECLS
