/* schedule_files.h — the schedule of flowshop-bb's result as files: every operation as CSV
 * (--schedule) and the Gantt chart as SVG (--gantt, gantt_svg.c). The start times come from
 * the library (fsbb_instance_schedule), jobs and machines are numbered from 1 as the
 * command prints them. */
#ifndef FLOWSHOP_BB_SCHEDULE_FILES_H
#define FLOWSHOP_BB_SCHEDULE_FILES_H

#include "flowshopbb.h"

#include <glib.h>
#include <stdio.h>

/* The files asked for on the command line; NULL: not asked for. */
typedef struct schedule_files {
    const char *csv;
    const char *svg;
} schedule_files;

/* A schedule: the order of the jobs and when each operation starts. */
typedef struct schedule {
    const fsbb_instance *instance;
    const char *name;      /* the instance's name */
    int jobs, machines;
    const int *order;      /* jobs, 0-based, in processing order */
    int *start;            /* machines x jobs: start[k * jobs + j] */
    int makespan;
    int optimal;           /* the makespan is proven optimal */
} schedule;

/* Before a solve: 1 when every file asked for can be created (its folder exists and is
 * writable, it is not a folder); else 0 with a one-line message in error. */
int schedule_files_check(const schedule_files *files, GError **error);

/* After a solve: writes the files asked for from the result's schedule. Without a schedule
 * (a search that proved its upper bound without finding one, or stopped first) it writes
 * nothing and warns on stderr. 1, or 0 with the first file that could not be written in
 * error. */
int schedule_files_write(const schedule_files *files, const fsbb_instance *instance, const fsbb_result *result,
                         GError **error);

/* The Gantt chart of s as an SVG document (gantt_svg.c); 0, or -1 on a write error. */
int gantt_svg_write(FILE *file, const schedule *s);

#endif
