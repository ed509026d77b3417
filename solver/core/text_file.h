/* text_file.h — reading a whole text file (an instance, a trace) into memory within a size
 * limit, so that a huge file, a device or an endless stream costs no more than the limit:
 *   - a regular file larger than the limit is refused from its size, before it is read;
 *   - a pipe, a device or standard input is read until its end or the limit, no further;
 *   - reading stops after the first block that holds a NUL byte: the file is binary data,
 *     and the caller's parser names that byte and its line from the text read so far. */
#ifndef FSBB_TEXT_FILE_H
#define FSBB_TEXT_FILE_H

#include "flowshopbb.h"

#include <stddef.h>
#include <stdio.h>

/* The text of file into *text (NUL-terminated; *length excludes the terminator; free it)
 * when it has at most limit bytes. source names the file in messages and what names its
 * kind ("an instance"): "SOURCE:1: larger than LIMIT bytes: too large for WHAT" is
 * FSBB_ERR_PARSE, a read error FSBB_ERR_IO. The file is not closed. */
fsbb_status fsbb_text_read(FILE *file, const char *source, size_t limit, const char *what, char **text,
                           size_t *length, fsbb_error *err);

#endif
