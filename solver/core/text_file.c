/* text_file.c — reading a whole text file within a size limit (text_file.h). */
#include "text_file.h"

#include "error.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The first read of a file whose size is unknown; then the buffer doubles. */
#define FIRST_BLOCK (1 << 16)

static fsbb_status too_large(const char *source, size_t limit, const char *what, fsbb_error *err)
{
    return fsbb_fail(err, FSBB_ERR_PARSE, "%s:1: larger than %zu bytes: too large for %s", source, limit, what);
}

fsbb_status fsbb_text_read(FILE *file, const char *source, size_t limit, const char *what, char **text,
                           size_t *length, fsbb_error *err)
{
    /* One byte more than a regular file holds, so that its end is seen without growing. */
    size_t capacity = FIRST_BLOCK;
    struct stat info;
    if (fstat(fileno(file), &info) == 0 && S_ISREG(info.st_mode)) {
        if ((unsigned long long)info.st_size > limit)
            return too_large(source, limit, what, err);
        capacity = (size_t)info.st_size + 1;
    }
    if (capacity > limit + 1)
        capacity = limit + 1;
    char *buffer = malloc(capacity + 1);
    if (!buffer)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "%s: out of memory", source);
    size_t used = 0;
    fsbb_status status = FSBB_OK;
    for (;;) {
        if (used == capacity) {
            if (capacity > limit) {
                status = too_large(source, limit, what, err);
                break;
            }
            const size_t larger = capacity > (limit + 1) / 2 ? limit + 1 : capacity * 2;
            char *grown = realloc(buffer, larger + 1);
            if (!grown) {
                status = fsbb_fail(err, FSBB_ERR_MEMORY, "%s: out of memory", source);
                break;
            }
            buffer = grown;
            capacity = larger;
        }
        const size_t got = fread(buffer + used, 1, capacity - used, file);
        const int binary = memchr(buffer + used, '\0', got) != NULL;
        used += got;
        if (binary)
            break;
        if (got == 0) {
            if (ferror(file))
                status = fsbb_fail(err, FSBB_ERR_IO, "%s: %s", source, strerror(errno));
            break;
        }
    }
    if (status != FSBB_OK) {
        free(buffer);
        return status;
    }
    buffer[used] = '\0';
    *text = buffer;
    *length = used;
    return FSBB_OK;
}
