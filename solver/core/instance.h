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

/* The formats of instance files (instance_parse.c describes them); AUTO tells them apart. */
typedef enum fsbb_instance_format {
    FSBB_FORMAT_AUTO,
    FSBB_FORMAT_TAILLARD,
    FSBB_FORMAT_PLAIN,
    FSBB_FORMAT_VRF
} fsbb_instance_format;

/* How an instance was named, so that a checkpoint can name it again (the values are
 * stored in checkpoints: never renumber them). */
typedef enum fsbb_instance_origin {
    FSBB_ORIGIN_MEMORY = 0,    /* fsbb_instance_from_matrix: nothing to load it from */
    FSBB_ORIGIN_TAILLARD = 1,  /* built in, by its name */
    FSBB_ORIGIN_FILE = 2,      /* a file, by its absolute path */
    FSBB_ORIGIN_STDIN = 3      /* standard input */
} fsbb_instance_origin;

struct fsbb_instance {
    char *name;       /* "ta021", or the file's base name without extension */
    int n;            /* jobs */
    int m;            /* machines */
    int *p;           /* m x n, p[k * n + j] */
    long seed;        /* Taillard time seed, 0 if unknown */
    int best_known;   /* best-known makespan, 0 if unknown */
    fsbb_instance_origin origin;
    char *source;     /* "ta021", the file's absolute path, "stdin"; NULL for MEMORY */
    fsbb_instance_format format;  /* the format a file was read in (AUTO: told from its content) */
};

/* No instance within the limits needs a larger file, even with generous spacing. */
#define FSBB_MAX_FILE_BYTES ((size_t)1 << 30)

/* The format named "auto", "taillard", "plain" or "vrf"; NULL is auto. */
fsbb_status fsbb_instance_format_named(const char *name, fsbb_instance_format *format, fsbb_error *err);

/* fsbb_instance_load_format with the format as a value. */
fsbb_status fsbb_instance_load_as(const char *name_or_path, fsbb_instance_format format, fsbb_instance **out,
                                  fsbb_error *err);

/* Parses the text of an instance file in the given format, or in the one it is in (AUTO:
 * an ambiguous file is refused); source names it in error messages ("FILE:LINE: what is
 * wrong") and names the instance (fsbb_instance_adopt_file). */
fsbb_status fsbb_instance_parse_format(const char *text, size_t length, const char *source,
                                       fsbb_instance_format format, fsbb_instance **out, fsbb_error *err);
/* fsbb_instance_parse_format in format AUTO. */
fsbb_status fsbb_instance_parse(const char *text, size_t length, const char *source, fsbb_instance **out,
                                fsbb_error *err);

/* A new instance of name, n x m times p (both taken over, freed on failure), recognised as
 * one of Taillard's by its name or by header_seed (0: none) when its times are his. */
fsbb_status fsbb_instance_adopt(char *name, int n, int m, int *p, long header_seed, fsbb_instance **out,
                                fsbb_error *err);
/* fsbb_instance_adopt for an instance read from source (a file's path as given, or "stdin"):
 * named by source's base name without extension ("instances/ta001.txt" -> "ta001"), unless
 * that is a Taillard name and the times are not that instance's ("./ta005" holding another
 * instance): then by source as given, never taken for the built-in one. */
fsbb_status fsbb_instance_adopt_file(const char *source, int n, int m, int *p, long header_seed, fsbb_instance **out,
                                     fsbb_error *err);
/* The base name of path without its last extension ("dir/ta001.txt" -> "ta001"), allocated;
 * NULL when out of memory. */
char *fsbb_name_from_path(const char *path);

#endif
