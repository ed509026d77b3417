/* error.h — filling an fsbb_error: the library's one way of reporting failures. */
#ifndef FSBB_ERROR_H
#define FSBB_ERROR_H

#include "flowshopbb.h"

#include <stddef.h>

/* Sets err (if not NULL) to code and a printf-style message; returns code. */
fsbb_status fsbb_fail(fsbb_error *err, fsbb_status code, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* Sets err (if not NULL) to code and the printf-style words of what failed, followed by
 * ": " and err's message as it was (the cause); returns code. */
fsbb_status fsbb_fail_in(fsbb_error *err, fsbb_status code, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* text as a JSON string literal in buffer ("...", with \", \\, \n, \r, \t and \u00XX for
 * the other control characters), cut short with "..." inside the quotes when it does not fit
 * in size bytes (at least 8); returns buffer. For names that come from files or the command
 * line, such as paths, in messages: one line, quotes and newlines shown, never taken as text. */
const char *fsbb_quoted(const char *text, char *buffer, size_t size);

#endif
