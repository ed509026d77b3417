/* fuzz_checkpoint.c — libFuzzer harness for the checkpoint reader (fsbb_checkpoint_parse):
 * any bytes must be refused with one line or give a checkpoint whose every field is in
 * range (a named instance's source too). The checksum would stop the fuzzer at the door, so when the first input byte is
 * odd the harness drops that byte and repairs the length and checksum fields of the rest:
 * the fuzzer then reaches the field and node validation. Build and run: README.md. */
#include "checkpoint.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { HEADER_BYTES = 20, TRAILER_BYTES = 8 };

static void put_u64(unsigned char *to, uint64_t value)
{
    for (int i = 0; i < 8; i++)
        to[i] = (unsigned char)(value >> (8 * i));
}

/* Sets the payload length and the trailing FNV-1a 64 to what the bytes hold. */
static void repair(unsigned char *bytes, size_t size)
{
    if (size < HEADER_BYTES + TRAILER_BYTES)
        return;
    put_u64(bytes + 12, size - HEADER_BYTES - TRAILER_BYTES);
    uint64_t hash = 14695981039346656037ull;
    for (size_t i = 0; i < size - TRAILER_BYTES; i++)
        hash = (hash ^ bytes[i]) * 1099511628211ull;
    put_u64(bytes + size - TRAILER_BYTES, hash);
}

static int is_permutation(const fsbb_job *jobs, int n, unsigned char *seen)
{
    memset(seen, 0, (size_t)n);
    for (int i = 0; i < n; i++) {
        if (jobs[i] < 0 || jobs[i] >= n || seen[jobs[i]])
            return 0;
        seen[jobs[i]] = 1;
    }
    return 1;
}

static void check(const fsbb_checkpoint *c)
{
    if (c->n < 1 || c->n > FSBB_MAX_JOBS || c->m < 1 || c->m > FSBB_MAX_MACHINES || c->incumbent < 1 ||
        c->node_stride != fsbb_node_size(c->n) || (c->open_count && !c->open_nodes) || !c->incumbent_permutation ||
        (c->version >= 2 && (!c->source || strlen(c->source) > FSBB_CHECKPOINT_MAX_SOURCE)) ||
        (c->version < 2 && c->source))
        abort();
    unsigned char *seen = malloc((size_t)c->n);
    if (!seen)
        abort();
    for (size_t i = 0; i < c->open_count; i++) {
        const fsbb_node *node = (const fsbb_node *)(c->open_nodes + i * c->node_stride);
        if (node->lb < 0 || node->front_len < 0 || node->back_len < 0 || fsbb_node_depth(node) >= c->n ||
            !is_permutation(node->perm, c->n, seen))
            abort();
    }
    free(seen);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const int repaired = size > 0 && (data[0] & 1);
    const size_t length = repaired ? size - 1 : size;
    unsigned char *bytes = malloc(length ? length : 1);
    if (!bytes)
        return 0;
    memcpy(bytes, repaired ? data + 1 : data, length);
    if (repaired)
        repair(bytes, length);
    fsbb_checkpoint checkpoint;
    fsbb_error err;
    err.message[0] = '\0';
    if (fsbb_checkpoint_parse(bytes, length, "fuzz.ckpt", &checkpoint, &err) == FSBB_OK) {
        check(&checkpoint);
        fsbb_checkpoint_clear(&checkpoint);
    } else if (strlen(err.message) == 0 || strchr(err.message, '\n') || checkpoint.open_nodes ||
               checkpoint.incumbent_permutation || checkpoint.source) {
        abort();
    }
    free(bytes);
    return 0;
}
