/* error.h — filling an fsbb_error: the library's one way of reporting failures. */
#ifndef FSBB_ERROR_H
#define FSBB_ERROR_H

#include "flowshopbb.h"

/* Sets err (if not NULL) to code and a printf-style message; returns code. */
fsbb_status fsbb_fail(fsbb_error *err, fsbb_status code, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* Sets err (if not NULL) to code and the printf-style words of what failed, followed by
 * ": " and err's message as it was (the cause); returns code. */
fsbb_status fsbb_fail_in(fsbb_error *err, fsbb_status code, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

#endif
