/* error.c — error reporting for the library (error.h) and the status names. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>

fsbb_status fsbb_fail(fsbb_error *err, fsbb_status code, const char *format, ...)
{
    if (err) {
        va_list args;
        va_start(args, format);
        err->code = code;
        vsnprintf(err->message, sizeof err->message, format, args);
        va_end(args);
    }
    return code;
}

fsbb_status fsbb_fail_in(fsbb_error *err, fsbb_status code, const char *format, ...)
{
    if (err) {
        char cause[FSBB_ERROR_MESSAGE_SIZE], what[FSBB_ERROR_MESSAGE_SIZE];
        snprintf(cause, sizeof cause, "%s", err->message);
        va_list args;
        va_start(args, format);
        vsnprintf(what, sizeof what, format, args);
        va_end(args);
        fsbb_fail(err, code, "%s: %s", what, cause);
    }
    return code;
}

const char *fsbb_status_name(fsbb_status status)
{
    switch (status) {
    case FSBB_OK: return "ok";
    case FSBB_ERR_ARGUMENT: return "bad argument";
    case FSBB_ERR_PARSE: return "parse error";
    case FSBB_ERR_IO: return "i/o error";
    case FSBB_ERR_MEMORY: return "out of memory";
    case FSBB_ERR_NO_GPU: return "no GPU";
    case FSBB_ERR_GPU: return "GPU error";
    case FSBB_ERR_COMPILE: return "compile error";
    case FSBB_ERR_CHECKPOINT: return "checkpoint refused";
    case FSBB_ERR_VERIFY: return "bound verification failed";
    case FSBB_ERR_RESOURCE: return "out of a system resource";
    }
    return "unknown status";
}
