/* error.c — error reporting for the library (error.h) and the status names. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

/* The escape of one byte in a JSON string, written to out (at most 7 bytes with its NUL);
 * returns its length. */
static size_t escape_byte(unsigned char c, char *out)
{
    switch (c) {
    case '"': return (size_t)snprintf(out, 7, "\\\"");
    case '\\': return (size_t)snprintf(out, 7, "\\\\");
    case '\n': return (size_t)snprintf(out, 7, "\\n");
    case '\r': return (size_t)snprintf(out, 7, "\\r");
    case '\t': return (size_t)snprintf(out, 7, "\\t");
    default:
        if (c < 0x20 || c == 0x7f)
            return (size_t)snprintf(out, 7, "\\u%04x", c);
        out[0] = (char)c;
        out[1] = '\0';
        return 1;
    }
}

const char *fsbb_quoted(const char *text, char *buffer, size_t size)
{
    static const char cut[] = "...\"";
    size_t used = 0;
    buffer[used++] = '"';
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        char escaped[8];
        const size_t length = escape_byte(*c, escaped);
        if (used + length + sizeof cut > size) {
            memcpy(buffer + used, cut, sizeof cut);
            return buffer;
        }
        memcpy(buffer + used, escaped, length);
        used += length;
    }
    buffer[used++] = '"';
    buffer[used] = '\0';
    return buffer;
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
    case FSBB_ERR_GPU_ARCH: return "no kernel for this GPU";
    }
    return "unknown status";
}
