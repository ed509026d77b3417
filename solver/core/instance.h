/* instance.h — the instance object behind fsbb_instance, and the library's internal ways of
 * making one: parsing the text of a file in one of its formats (instance_parse.c), and
 * adopting the parts of a new instance (instance.c). */
#ifndef FSBB_INSTANCE_H
#define FSBB_INSTANCE_H

#include "flowshopbb.h"

#include <limits.h>
#include <stddef.h>

/* FSBB_MAX_TOTAL_TIME (flowshopbb.h) keeps INT_MAX, the search's "no upper bound", above
 * every makespan: a schedule whose makespan were INT_MAX would never count as found. */
_Static_assert(FSBB_MAX_TOTAL_TIME == INT_MAX - 1, "the sum of an instance's times stays below INT_MAX");

struct fsbb_instance {
    char *name;       /* "ta021", or the file's base name without extension */
    int n;            /* jobs */
    int m;            /* machines */
    int *p;           /* m x n, p[k * n + j] */
    long seed;        /* Taillard time seed, 0 if unknown */
    int best_known;   /* best-known makespan, 0 if unknown */
};

/* No instance within the limits needs a larger file, even with generous spacing. */
#define FSBB_MAX_FILE_BYTES ((size_t)1 << 30)

/* The formats of instance files (instance_parse.c describes them); AUTO tells them apart. */
typedef enum fsbb_instance_format {
    FSBB_FORMAT_AUTO,
    FSBB_FORMAT_TAILLARD,
    FSBB_FORMAT_PLAIN,
    FSBB_FORMAT_VRF
} fsbb_instance_format;

/* The format named "auto", "taillard", "plain" or "vrf"; NULL is auto. */
fsbb_status fsbb_instance_format_named(const char *name, fsbb_instance_format *format, fsbb_error *err);

/* Parses the text of an instance file in the given format, or in the one it is in (AUTO:
 * an ambiguous file is refused); source names it in error messages ("FILE:LINE: what is
 * wrong") and, without directory and extension, names the instance. */
fsbb_status fsbb_instance_parse_format(const char *text, size_t length, const char *source,
                                       fsbb_instance_format format, fsbb_instance **out, fsbb_error *err);
/* fsbb_instance_parse_format in format AUTO. */
fsbb_status fsbb_instance_parse(const char *text, size_t length, const char *source, fsbb_instance **out,
                                fsbb_error *err);

/* A new instance of name, n x m times p (both taken over, freed on failure), recognised as
 * one of Taillard's by its name or by header_seed (0: none) when its times are his. */
fsbb_status fsbb_instance_adopt(char *name, int n, int m, int *p, long header_seed, fsbb_instance **out,
                                fsbb_error *err);
/* The base name of path without its last extension ("dir/ta001.txt" -> "ta001"), allocated;
 * NULL when out of memory. */
char *fsbb_name_from_path(const char *path);

#endif
