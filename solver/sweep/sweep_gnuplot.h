/* sweep_gnuplot.h — text from a results folder (its name, runs.csv's fields) written into
 * gnuplot scripts and data files so that gnuplot takes it as text and nothing else.
 *
 * In a script, text goes into a single-quoted string: gnuplot runs `command` anywhere
 * but inside single quotes (double quotes included; @macro only outside quotes), and a
 * single-quoted string has one escape, '' for a quote; a line break would end the
 * command, so a break is written as the string expression '...'."\n".'...'. In a data
 * file, text is a double-quoted field, which gnuplot reads as data, never as a command;
 * a double quote or a line break there would end the field or the row, so they are
 * replaced. */
#ifndef FSBB_SWEEP_GNUPLOT_H
#define FSBB_SWEEP_GNUPLOT_H

#include <glib.h>

/* Appends text as a gnuplot string expression for a script: in single quotes with inner
 * quotes doubled, each line break (LF, CR LF or CR) as ."\n". between two such strings,
 * any other control character as a space. */
void fsbb_gnuplot_append_string(GString *script, const char *text);

/* Appends text as a quoted field of a gnuplot data file: in double quotes (gnuplot reads
 * backslash escapes there), a double quote inside as ', a backslash doubled, a line break
 * as the escape \n, any other control character as a space. */
void fsbb_gnuplot_append_data_field(GString *data, const char *text);

#endif
