/* sweep_spec.h — a sweep file (GLib key file) read into the sweep it describes: its name,
 * the instances, the values of each solver parameter, and the repeats.
 *
 *     [sweep]
 *     name = cpu-bounds                 (default: the file's name without .ini)
 *     description = LB1 vs LB2 ...      (optional, copied into summary.md)
 *     instances = ta001..ta010, ta021, instances/my\,file.txt
 *     repeats = 3                       (default 1)
 *
 *     [parameters]                      (any fsbb_options_set name; optional group)
 *     lb = lb1, lb2
 *     threads = 1, 2
 *
 * Lists are comma-separated; a comma inside a value is written "\,". Every value is
 * checked with fsbb_options_set when the file is read, so a typo fails before any run.
 * Taillard names are recorded in Taillard's spelling (ta1 -> ta001); two names of one
 * instance are an error. */
#ifndef FSBB_SWEEP_SPEC_H
#define FSBB_SWEEP_SPEC_H

#include "flowshopbb.h"

#include <stddef.h>

/* The most runs a sweep may plan. */
#define FSBB_SWEEP_MAX_RUNS 10000000L
#define FSBB_SWEEP_MAX_REPEATS 1000

typedef struct fsbb_sweep_parameter {
    char *name;
    char **values;            /* NULL-terminated */
    int value_count;
} fsbb_sweep_parameter;

typedef struct fsbb_sweep_spec {
    char *source;             /* the sweep file as named, which error messages start with */
    char *name;               /* the results folder's name: letters, digits, '.', '_', '-' */
    char *description;        /* NULL when none */
    char **instances;         /* expanded names or paths, Taillard's as ta001; NULL-terminated */
    int instance_count;
    int repeats;
    fsbb_sweep_parameter *parameters;
    int parameter_count;
} fsbb_sweep_spec;

/* Reads a sweep from text; source (a file name) prefixes error messages, and its base name
 * without ".ini" is the default name. Errors (FSBB_ERR_PARSE for the file's syntax,
 * FSBB_ERR_ARGUMENT for a bad key or value) name the group and key at fault. */
fsbb_status fsbb_sweep_spec_parse(const char *text, size_t length, const char *source, fsbb_sweep_spec **out,
                                  fsbb_error *err);
/* Reads a sweep file. */
fsbb_status fsbb_sweep_spec_load(const char *path, fsbb_sweep_spec **out, fsbb_error *err);
void fsbb_sweep_spec_free(fsbb_sweep_spec *spec);

#endif
