/* sweep_range.h — expanding one item of a sweep file's instances list: a Taillard name
 * or path as it is, or a range such as ta021..ta030. */
#ifndef FSBB_SWEEP_RANGE_H
#define FSBB_SWEEP_RANGE_H

#include "flowshopbb.h"

#include <glib.h>

/* The most instances one range may name. */
#define FSBB_SWEEP_MAX_RANGE 100000

/* Appends (g_strdup'ed) to out the instances that item names. An item with a '/' is a path
 * and taken as it is. Otherwise an item with ".." is a range PREFIX<a>..PREFIX<b>: the same
 * prefix (letters, '_' or '-') on both sides, a <= b, numbers padded with zeros to the
 * width of <a> ("ta021..ta030", "ta1..ta10"). Anything else is taken as it is. A bad
 * range is an FSBB_ERR_ARGUMENT error that quotes the item. */
fsbb_status fsbb_sweep_expand_instance(const char *item, GPtrArray *out, fsbb_error *err);

#endif
