/* fuzz_instance.c — libFuzzer harness for the instance parser (fsbb_instance_parse): any
 * bytes must give an instance or a one-line error, never a crash, a leak or a read past
 * the input. A parsed instance must be one the solver can take. Build and run: README.md. */
#include "bound_data.h"
#include "error.h"
#include "instance.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fsbb_instance *instance = NULL;
    fsbb_error err;
    err.message[0] = '\0';
    if (fsbb_instance_parse((const char *)data, size, "fuzz.txt", &instance, &err) != FSBB_OK) {
        if (instance || strlen(err.message) == 0 || strchr(err.message, '\n'))
            abort();
        return 0;
    }
    if (!instance || instance->n < 1 || instance->n > FSBB_MAX_JOBS || instance->m < 1 ||
        instance->m > FSBB_MAX_MACHINES)
        abort();
    long long total = 0;
    for (long long i = 0; i < (long long)instance->n * instance->m; i++) {
        if (instance->p[i] < 0 || instance->p[i] > FSBB_MAX_TIME)
            abort();
        total += instance->p[i];
    }
    if (total > FSBB_MAX_TOTAL_TIME)
        abort();
    fsbb_instance_free(instance);
    return 0;
}
