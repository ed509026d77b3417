/* checkpoint.c — checkpoint files (checkpoint.h): the atomic writer, the validating
 * reader, and the glue that lets an engine save its search or start from a saved one. */
#include "checkpoint.h"

#include "error.h"
#include "host_device.h"
#include "instance.h"
#include "lb1.h"
#include "options.h"
#include "search.h"
#include "taillard.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const unsigned char magic[8] = {'F', 'S', 'B', 'B', 'C', 'K', 'P', 'T'};

enum {
    HEADER_BYTES = 8 + 4 + 8,
    TRAILER_BYTES = 8,
    FIXED_PAYLOAD_BYTES = 4 + 4 + 8 + 4 + 4 + 4 + 8 + 4 + 4 + 4 + 8 + 8 + 8 + 8,
    REFERENCE_BYTES = 4 + 4 + 4,   /* origin, format, source bytes; the source follows */
    HEAD_BYTES = HEADER_BYTES + FIXED_PAYLOAD_BYTES + REFERENCE_BYTES + FSBB_CHECKPOINT_MAX_SOURCE,
    NODE_HEADER_BYTES = 4 + 2 + 2,
    FLAG_HAS_SCHEDULE = 1,
    FLAG_UB_ACHIEVABLE = 2,
    WRITE_BUFFER_BYTES = 1 << 16,
};


#define FNV_OFFSET 14695981039346656037ull
#define FNV_PRIME 1099511628211ull

static uint64_t fnv1a(uint64_t hash, const unsigned char *bytes, size_t size)
{
    for (size_t i = 0; i < size; i++)
        hash = (hash ^ bytes[i]) * FNV_PRIME;
    return hash;
}

static void encode_u16(unsigned char *to, uint32_t value)
{
    to[0] = (unsigned char)value;
    to[1] = (unsigned char)(value >> 8);
}

static void encode_u32(unsigned char *to, uint32_t value)
{
    for (int i = 0; i < 4; i++)
        to[i] = (unsigned char)(value >> (8 * i));
}

static void encode_u64(unsigned char *to, uint64_t value)
{
    for (int i = 0; i < 8; i++)
        to[i] = (unsigned char)(value >> (8 * i));
}

static uint32_t decode_u16(const unsigned char *from)
{
    return (uint32_t)from[0] | (uint32_t)from[1] << 8;
}

static uint32_t decode_u32(const unsigned char *from)
{
    uint32_t value = 0;
    for (int i = 0; i < 4; i++)
        value |= (uint32_t)from[i] << (8 * i);
    return value;
}

static uint64_t decode_u64(const unsigned char *from)
{
    uint64_t value = 0;
    for (int i = 0; i < 8; i++)
        value |= (uint64_t)from[i] << (8 * i);
    return value;
}

/* Two's complement on disk, whatever the host does with out-of-range conversions. */
static int32_t to_signed(uint32_t value)
{
    return value <= INT32_MAX ? (int32_t)value : (int32_t)(value - INT32_MAX - 1) + INT32_MIN;
}

uint64_t fsbb_checkpoint_fingerprint(int n, int m, const int *p)
{
    unsigned char bytes[4];
    encode_u32(bytes, (uint32_t)n);
    uint64_t hash = fnv1a(FNV_OFFSET, bytes, 4);
    encode_u32(bytes, (uint32_t)m);
    hash = fnv1a(hash, bytes, 4);
    for (size_t i = 0; i < (size_t)n * (size_t)m; i++) {
        encode_u32(bytes, (uint32_t)p[i]);
        hash = fnv1a(hash, bytes, 4);
    }
    return hash;
}

uint64_t fsbb_checkpoint_bounds_hash(const fsbb_custom_bound *bounds, int count)
{
    if (count <= 0)
        return 0;
    uint64_t hash = FNV_OFFSET;
    for (int b = 0; b < count; b++) {
        const char *name = bounds[b].definition.name;
        hash = fnv1a(hash, (const unsigned char *)name, strlen(name) + 1);
    }
    return hash;
}

uint64_t fsbb_checkpoint_tree_digest(int lb, int branch, int lb2_pairs, uint64_t bounds_hash)
{
    unsigned char bytes[8];
    uint64_t hash = FNV_OFFSET;
    const int shape[] = {lb, branch, lb2_pairs};
    for (size_t i = 0; i < sizeof shape / sizeof *shape; i++) {
        encode_u32(bytes, (uint32_t)shape[i]);
        hash = fnv1a(hash, bytes, 4);
    }
    encode_u64(bytes, bounds_hash);
    return fnv1a(hash, bytes, 8);
}

/* ---- Writing ----------------------------------------------------------------------- */

/* Bytes on their way to a file descriptor, hashed as they go. */
typedef struct output {
    int fd;
    int error;               /* errno of the first failure, 0 while all is well */
    uint64_t hash;
    size_t used;
    unsigned char buffer[WRITE_BUFFER_BYTES];
} output;

static void write_all(output *out, const unsigned char *bytes, size_t size)
{
    while (size > 0 && !out->error) {
        const ssize_t written = write(out->fd, bytes, size);
        if (written < 0) {
            if (errno != EINTR)
                out->error = errno;
            continue;
        }
        if (written == 0) {
            out->error = ENOSPC;
            continue;
        }
        bytes += written;
        size -= (size_t)written;
    }
}

static void flush_output(output *out)
{
    out->hash = fnv1a(out->hash, out->buffer, out->used);
    write_all(out, out->buffer, out->used);
    out->used = 0;
}

/* Room for size more bytes (size <= WRITE_BUFFER_BYTES); returns where to put them. */
static unsigned char *reserve_output(output *out, size_t size)
{
    if (out->used + size > sizeof out->buffer)
        flush_output(out);
    unsigned char *at = out->buffer + out->used;
    out->used += size;
    return at;
}

static void put_u32(output *out, uint32_t value)
{
    encode_u32(reserve_output(out, 4), value);
}

static void put_u64(output *out, uint64_t value)
{
    encode_u64(reserve_output(out, 8), value);
}

/* One open node: i32 lb, u16 front_len, u16 back_len, n x u16 permutation. */
static void encode_node(unsigned char *to, const fsbb_node *node, int n)
{
    encode_u32(to, (uint32_t)node->lb);
    encode_u16(to + 4, (uint32_t)node->front_len);
    encode_u16(to + 6, (uint32_t)node->back_len);
    for (int i = 0; i < n; i++)
        encode_u16(to + NODE_HEADER_BYTES + 2 * (size_t)i, (uint32_t)node->perm[i]);
}

size_t fsbb_checkpoint_node_bytes(int n)
{
    return NODE_HEADER_BYTES + 2 * (size_t)n;
}

void fsbb_checkpoint_encode_nodes(const unsigned char *nodes, size_t count, size_t stride, int n, unsigned char *out)
{
    for (size_t i = 0; i < count; i++)
        encode_node(out + i * fsbb_checkpoint_node_bytes(n), (const fsbb_node *)(nodes + i * stride), n);
}

/* The source as stored: at most FSBB_CHECKPOINT_MAX_SOURCE bytes (a longer name of an
 * instance built in memory is cut; a path is never that long). */
static size_t source_bytes(const fsbb_checkpoint *state)
{
    const size_t length = state->source ? strlen(state->source) : 0;
    return length < FSBB_CHECKPOINT_MAX_SOURCE ? length : FSBB_CHECKPOINT_MAX_SOURCE;
}

static void encode_checkpoint(output *out, const fsbb_checkpoint *state)
{
    const int n = state->n;
    const size_t node_bytes = fsbb_checkpoint_node_bytes(n);
    const size_t source_length = source_bytes(state);
    const uint64_t payload = FIXED_PAYLOAD_BYTES + REFERENCE_BYTES + source_length + 2 * (uint64_t)n +
                             (uint64_t)state->open_count * node_bytes;
    memcpy(reserve_output(out, sizeof magic), magic, sizeof magic);
    put_u32(out, FSBB_CHECKPOINT_VERSION);
    put_u64(out, payload);

    put_u32(out, (uint32_t)n);
    put_u32(out, (uint32_t)state->m);
    put_u64(out, state->instance_hash);
    put_u32(out, (uint32_t)state->lb);
    put_u32(out, (uint32_t)state->branch);
    put_u32(out, (uint32_t)state->lb2_pairs);
    put_u64(out, state->bounds_hash);
    put_u32(out, (uint32_t)state->incumbent);
    put_u32(out, (uint32_t)state->initial_ub);
    put_u32(out, (state->has_schedule ? FLAG_HAS_SCHEDULE : 0) | (state->ub_achievable ? FLAG_UB_ACHIEVABLE : 0));
    put_u64(out, state->nodes);
    put_u64(out, state->bounded);
    uint64_t elapsed_bits;
    memcpy(&elapsed_bits, &state->elapsed_s, sizeof elapsed_bits);
    put_u64(out, elapsed_bits);
    put_u64(out, state->open_count);
    put_u32(out, (uint32_t)state->origin);
    put_u32(out, (uint32_t)state->format);
    put_u32(out, (uint32_t)source_length);
    if (source_length)
        memcpy(reserve_output(out, source_length), state->source, source_length);
    for (int i = 0; i < n; i++)
        encode_u16(reserve_output(out, 2), state->has_schedule ? (uint32_t)state->incumbent_permutation[i] : 0);

    const size_t stride = state->node_stride ? state->node_stride : fsbb_node_size(n);
    for (size_t i = 0; i < state->open_count && !out->error; i++)
        encode_node(reserve_output(out, node_bytes), (const fsbb_node *)(state->open_nodes + i * stride), n);
    flush_output(out);
    unsigned char trailer[TRAILER_BYTES];
    encode_u64(trailer, out->hash);
    write_all(out, trailer, sizeof trailer);
}

/* Makes the rename durable. Some file systems refuse fsync on a directory; the new file
 * is in place either way, so a failure here is not reported. */
static void sync_directory(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *directory = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
    if (!directory)
        return;
    const int fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
    free(directory);
}

/* Creates path's temporary sibling PATH.XXXXXX under a name no file has (O_EXCL), written
 * into temporary (strlen(path) + 8 bytes): nothing of the user's is opened or replaced.
 * The descriptor, or -1 with errno set. */
static int create_temporary(const char *path, char *temporary)
{
    static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    const size_t length = strlen(path);
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    uint64_t seed = ((uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec) ^ ((uint64_t)getpid() << 32) ^
                    (uint64_t)(uintptr_t)temporary;
    for (int attempt = 0; attempt < 100; attempt++) {
        memcpy(temporary, path, length);
        temporary[length] = '.';
        for (int c = 0; c < 6; c++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            temporary[length + 1 + c] = letters[(seed >> 33) % (sizeof letters - 1)];
        }
        temporary[length + 7] = '\0';
        /* O_NOFOLLOW with O_EXCL: neither a planted link nor an existing file is used. */
        const int fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    errno = EEXIST;
    return -1;
}

fsbb_status fsbb_checkpoint_write(const char *path, const fsbb_checkpoint *state, fsbb_error *err)
{
    if (!path || !state || state->n < 1 || (state->open_count > 0 && !state->open_nodes) ||
        (state->has_schedule && !state->incumbent_permutation) || state->origin < FSBB_ORIGIN_MEMORY ||
        state->origin > FSBB_ORIGIN_STDIN)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_checkpoint_write: missing path, nodes, schedule or origin");
    char *temporary = malloc(strlen(path) + sizeof ".XXXXXX");
    output *out = malloc(sizeof *out);
    if (!temporary || !out) {
        free(temporary);
        free(out);
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for writing checkpoint %s", path);
    }
    out->error = 0;
    out->hash = FNV_OFFSET;
    out->used = 0;
    out->fd = create_temporary(path, temporary);
    if (out->fd < 0) {
        out->error = errno;
    } else {
        encode_checkpoint(out, state);
        if (!out->error && fsync(out->fd) != 0)
            out->error = errno;
        if (close(out->fd) != 0 && !out->error)
            out->error = errno;
        if (!out->error && rename(temporary, path) != 0)
            out->error = errno;
        if (out->error)
            unlink(temporary);
    }
    const int error = out->error;
    free(out);
    free(temporary);
    if (error)
        return fsbb_fail(err, FSBB_ERR_IO, "cannot write checkpoint %s: %s (the previous checkpoint is kept)", path,
                         strerror(error));
    sync_directory(path);
    return FSBB_OK;
}

/* ---- Reading ----------------------------------------------------------------------- */

void fsbb_checkpoint_clear(fsbb_checkpoint *checkpoint)
{
    if (!checkpoint)
        return;
    free(checkpoint->incumbent_permutation);
    free(checkpoint->open_nodes);
    free((char *)(uintptr_t)checkpoint->source);
    memset(checkpoint, 0, sizeof *checkpoint);
}

/* Checks that jobs (n little-endian u16) are a permutation of 0..n-1 and stores them;
 * seen is n stamps, stamp a value not yet used in it. */
static int decode_permutation(const unsigned char *from, int n, size_t *seen, size_t stamp, fsbb_job *jobs,
                              int *ints)
{
    for (int i = 0; i < n; i++) {
        const uint32_t job = decode_u16(from + 2 * (size_t)i);
        if (job >= (uint32_t)n || seen[job] == stamp)
            return 0;
        seen[job] = stamp;
        if (jobs)
            jobs[i] = (fsbb_job)job;
        if (ints)
            ints[i] = (int)job;
    }
    return 1;
}

/* One encoded open node into node, checked: NULL, or what is wrong with it. */
static const char *decode_node(const unsigned char *at, int n, size_t *seen, size_t stamp, fsbb_node *node)
{
    const int32_t lb = to_signed(decode_u32(at));
    const uint32_t front = decode_u16(at + 4), back = decode_u16(at + 6);
    if (lb < 0 || front + back >= (uint32_t)n)
        return "an open node has an impossible bound or depth";
    if (!decode_permutation(at + NODE_HEADER_BYTES, n, seen, stamp, node->perm, NULL))
        return "an open node's jobs are not a permutation";
    node->lb = lb;
    node->front_len = (int16_t)front;
    node->back_len = (int16_t)back;
    return NULL;
}

const char *fsbb_checkpoint_decode_nodes(const unsigned char *encoded, size_t count, int n, unsigned char *nodes,
                                         size_t stride)
{
    size_t *seen = calloc((size_t)n, sizeof *seen);
    if (!seen)
        return "out of memory to check the nodes";
    const char *problem = NULL;
    for (size_t i = 0; i < count && !problem; i++)
        problem = decode_node(encoded + i * fsbb_checkpoint_node_bytes(n), n, seen, i + 1,
                              (fsbb_node *)(nodes + i * stride));
    free(seen);
    return problem;
}

static fsbb_status corrupt(fsbb_error *err, const char *source, const char *what)
{
    return fsbb_fail(err, FSBB_ERR_CHECKPOINT, "checkpoint %s is corrupt (%s)", source, what);
}

/* The fixed fields of the payload; returns 0 with a reason when one is out of range. */
static const char *decode_fields(const unsigned char *at, fsbb_checkpoint *out, uint32_t *flags)
{
    const uint32_t n = decode_u32(at), m = decode_u32(at + 4);
    if (n < 1 || n > FSBB_MAX_JOBS || m < 1 || m > FSBB_MAX_MACHINES)
        return "impossible instance size";
    out->n = (int)n;
    out->m = (int)m;
    out->instance_hash = decode_u64(at + 8);
    const uint32_t lb = decode_u32(at + 16), branch = decode_u32(at + 20), pairs = decode_u32(at + 24);
    if (lb > FSBB_LB_AUTO || branch > FSBB_BRANCH_DYNAMIC || pairs > m * (m - 1) / 2 || (lb == FSBB_LB1 && pairs))
        return "unknown tree options";
    out->lb = (int)lb;
    out->branch = (int)branch;
    out->lb2_pairs = (int)pairs;
    out->bounds_hash = decode_u64(at + 28);
    out->incumbent = to_signed(decode_u32(at + 36));
    out->initial_ub = to_signed(decode_u32(at + 40));
    if (out->incumbent < 1 || out->initial_ub < 1 || out->incumbent > out->initial_ub)
        return "impossible upper bounds";
    *flags = decode_u32(at + 44);
    if (*flags & ~(uint32_t)(FLAG_HAS_SCHEDULE | FLAG_UB_ACHIEVABLE))
        return "unknown flags";
    out->has_schedule = (*flags & FLAG_HAS_SCHEDULE) != 0;
    out->ub_achievable = (*flags & FLAG_UB_ACHIEVABLE) != 0;
    out->nodes = decode_u64(at + 48);
    out->bounded = decode_u64(at + 56);
    const uint64_t elapsed_bits = decode_u64(at + 64);
    memcpy(&out->elapsed_s, &elapsed_bits, sizeof out->elapsed_s);
    if (!isfinite(out->elapsed_s) || out->elapsed_s < 0)
        return "impossible elapsed time";
    return NULL;
}

/* The instance's origin, format and source after the fixed fields (available bytes at at);
 * sets *bytes to their size. NULL, or what is wrong. */
static const char *decode_reference(const unsigned char *at, uint64_t available, fsbb_checkpoint *out, size_t *bytes)
{
    if (available < REFERENCE_BYTES)
        return "payload too short";
    const uint32_t origin = decode_u32(at), format = decode_u32(at + 4), length = decode_u32(at + 8);
    if (origin > FSBB_ORIGIN_STDIN || format > FSBB_FORMAT_VRF)
        return "unknown instance origin or format";
    if (length > FSBB_CHECKPOINT_MAX_SOURCE || length > available - REFERENCE_BYTES)
        return "impossible instance name length";
    const char *text = (const char *)at + REFERENCE_BYTES;
    if (memchr(text, '\0', length))
        return "a NUL byte in the instance name";
    char *source = strndup(text, length);
    if (!source)
        return "out of memory for the instance name";
    const int named =
        (origin == FSBB_ORIGIN_TAILLARD && fsbb_taillard_index(source) > 0 && format == FSBB_FORMAT_AUTO) ||
        (origin == FSBB_ORIGIN_FILE && length > 0) || (origin == FSBB_ORIGIN_STDIN && strcmp(source, "stdin") == 0) ||
        origin == FSBB_ORIGIN_MEMORY;
    if (!named) {
        free(source);
        return "impossible instance name";
    }
    out->origin = (int)origin;
    out->format = (int)format;
    out->source = source;
    *bytes = REFERENCE_BYTES + length;
    return NULL;
}

/* The fields before the incumbent's schedule, of a checkpoint of this version whose payload
 * is payload bytes (at least those fields are at at); checks that the rest holds the schedule
 * and the open nodes. NULL, or what is wrong (out then owns no source). */
static const char *decode_head(const unsigned char *at, uint32_t version, uint64_t payload, fsbb_checkpoint *out,
                               size_t *head_bytes)
{
    if (payload < FIXED_PAYLOAD_BYTES)
        return "payload too short";
    uint32_t flags = 0;
    const char *bad = decode_fields(at, out, &flags);
    if (bad)
        return bad;
    out->version = (int)version;
    out->origin = -1;
    out->format = FSBB_FORMAT_AUTO;
    size_t reference = 0;
    if (version >= 2 && (bad = decode_reference(at + FIXED_PAYLOAD_BYTES, payload - FIXED_PAYLOAD_BYTES, out,
                                                &reference)) != NULL)
        return bad;
    *head_bytes = FIXED_PAYLOAD_BYTES + reference;
    const size_t n = (size_t)out->n, node_bytes = fsbb_checkpoint_node_bytes(out->n);
    const uint64_t rest = payload - *head_bytes, open = decode_u64(at + 72);
    if (rest < 2 * n || (rest - 2 * n) % node_bytes != 0 || (rest - 2 * n) / node_bytes != open) {
        free((char *)(uintptr_t)out->source);
        out->source = NULL;
        return "the node count does not match the size";
    }
    return NULL;
}

/* The header of a checkpoint file of file_size bytes, whose first available bytes are at
 * data: its version and payload bytes, checked against the size. */
static fsbb_status check_header(const unsigned char *data, size_t available, size_t file_size, const char *source,
                                uint32_t *version, uint64_t *payload, fsbb_error *err)
{
    if (available < sizeof magic || memcmp(data, magic, sizeof magic) != 0)
        return fsbb_fail(err, FSBB_ERR_CHECKPOINT, "%s is not a flowshop-bb checkpoint", source);
    if (available < HEADER_BYTES)
        return fsbb_fail(err, FSBB_ERR_CHECKPOINT, "checkpoint %s is truncated (%zu bytes)", source, file_size);
    *version = decode_u32(data + 8);
    if (*version > FSBB_CHECKPOINT_VERSION)
        return fsbb_fail(err, FSBB_ERR_CHECKPOINT,
                         "checkpoint %s has format version %u; this flowshop-bb reads version %d and older "
                         "(it was written by a newer flowshop-bb)",
                         source, *version, FSBB_CHECKPOINT_VERSION);
    if (*version == 0)
        return corrupt(err, source, "format version 0");
    *payload = decode_u64(data + 12);
    const size_t body = file_size - HEADER_BYTES;
    if (*payload > body || body - *payload < TRAILER_BYTES)
        return fsbb_fail(err, FSBB_ERR_CHECKPOINT, "checkpoint %s is truncated (%zu bytes, its header promises %llu)",
                         source, file_size,
                         *payload > UINT64_MAX - HEADER_BYTES - TRAILER_BYTES
                             ? (unsigned long long)UINT64_MAX
                             : (unsigned long long)(*payload + HEADER_BYTES + TRAILER_BYTES));
    if (body - *payload > TRAILER_BYTES)
        return corrupt(err, source, "bytes after its end");
    return FSBB_OK;
}

fsbb_status fsbb_checkpoint_parse(const unsigned char *data, size_t size, const char *source, fsbb_checkpoint *out,
                                  fsbb_error *err)
{
    if (!data || !source || !out)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_checkpoint_parse: NULL argument");
    memset(out, 0, sizeof *out);
    uint32_t version = 0;
    uint64_t payload = 0;
    const fsbb_status header = check_header(data, size, size, source, &version, &payload, err);
    if (header != FSBB_OK)
        return header;
    const size_t checked = HEADER_BYTES + (size_t)payload;
    if (fnv1a(FNV_OFFSET, data, checked) != decode_u64(data + checked))
        return corrupt(err, source, "checksum mismatch");

    const unsigned char *at = data + HEADER_BYTES;
    size_t head_bytes = 0;
    const char *bad = decode_head(at, version, payload, out, &head_bytes);
    if (bad) {
        memset(out, 0, sizeof *out);
        return corrupt(err, source, bad);
    }
    const int n = out->n;
    const size_t node_bytes = fsbb_checkpoint_node_bytes(n);
    const uint64_t open = decode_u64(at + 72);
    out->open_count = (size_t)open;
    out->node_stride = fsbb_node_size(n);
    at += head_bytes;

    size_t *seen = calloc((size_t)n, sizeof *seen);
    out->incumbent_permutation = malloc(sizeof(int) * (size_t)n);
    out->open_nodes = out->open_count ? malloc(out->open_count * out->node_stride) : NULL;
    if (!seen || !out->incumbent_permutation || (out->open_count && !out->open_nodes)) {
        free(seen);
        fsbb_checkpoint_clear(out);
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for checkpoint %s (%zu open nodes)", source,
                         (size_t)open);
    }
    const char *problem = NULL;
    if (out->has_schedule) {
        if (!decode_permutation(at, n, seen, 1, NULL, out->incumbent_permutation))
            problem = "the incumbent schedule is not a permutation";
    } else {
        memset(out->incumbent_permutation, 0, sizeof(int) * (size_t)n);
    }
    at += 2 * (size_t)n;
    for (size_t i = 0; i < out->open_count && !problem; i++, at += node_bytes)
        problem = decode_node(at, n, seen, i + 2, (fsbb_node *)(out->open_nodes + i * out->node_stride));
    free(seen);
    if (problem) {
        fsbb_checkpoint_clear(out);
        return corrupt(err, source, problem);
    }
    return FSBB_OK;
}

/* Opens the checkpoint at path, a regular file, and tells its size. */
static fsbb_status open_checkpoint(const char *path, int *fd, size_t *size, fsbb_error *err)
{
    *fd = open(path, O_RDONLY | O_CLOEXEC);
    if (*fd < 0)
        return fsbb_fail(err, FSBB_ERR_CHECKPOINT, "cannot read checkpoint %s: %s", path, strerror(errno));
    struct stat info;
    if (fstat(*fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        close(*fd);
        return fsbb_fail(err, FSBB_ERR_CHECKPOINT, "cannot read checkpoint %s: not a regular file", path);
    }
    *size = (size_t)info.st_size;
    return FSBB_OK;
}

/* Reads up to size bytes at offset; returns how many (fewer at the end of the file), with
 * *error set to errno on a failure. */
static size_t read_at(int fd, unsigned char *to, size_t size, size_t offset, int *error)
{
    size_t done = 0;
    *error = 0;
    while (done < size) {
        const ssize_t got = pread(fd, to + done, size - done, (off_t)(offset + done));
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            *error = got < 0 ? errno : 0;
            break;
        }
        done += (size_t)got;
    }
    return done;
}

fsbb_status fsbb_checkpoint_read(const char *path, fsbb_checkpoint *out, fsbb_error *err)
{
    if (!path || !out)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_checkpoint_read: NULL argument");
    memset(out, 0, sizeof *out);
    int fd;
    size_t size;
    fsbb_status status = open_checkpoint(path, &fd, &size, err);
    if (status != FSBB_OK)
        return status;
    unsigned char *data = malloc(size ? size : 1);
    if (!data) {
        close(fd);
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for checkpoint %s (%zu bytes)", path, size);
    }
    int error;
    const size_t done = read_at(fd, data, size, 0, &error);
    close(fd);
    if (error)
        status = fsbb_fail(err, FSBB_ERR_CHECKPOINT, "cannot read checkpoint %s: %s", path, strerror(error));
    else
        status = fsbb_checkpoint_parse(data, done, path, out, err);
    free(data);
    return status;
}

/* Checks the trailing checksum of the checkpoint open at fd, checked bytes before it, reading
 * it piece by piece: NULL, or what is wrong; *error is errno when a read failed. */
static const char *check_checksum(int fd, size_t checked, int *error)
{
    unsigned char *piece = malloc(WRITE_BUFFER_BYTES);
    if (!piece)
        return "out of memory to check it";
    uint64_t hash = FNV_OFFSET;
    size_t offset = 0;
    *error = 0;
    while (offset < checked && !*error) {
        const size_t want = checked - offset < WRITE_BUFFER_BYTES ? checked - offset : WRITE_BUFFER_BYTES;
        const size_t got = read_at(fd, piece, want, offset, error);
        if (got < want && !*error)
            break;
        hash = fnv1a(hash, piece, got);
        offset += got;
    }
    const size_t trailer = offset == checked && !*error ? read_at(fd, piece, TRAILER_BYTES, checked, error) : 0;
    const int matches = trailer == TRAILER_BYTES && decode_u64(piece) == hash;
    free(piece);
    if (*error || offset < checked || trailer < TRAILER_BYTES)
        return "it changed while being read";
    return matches ? NULL : "checksum mismatch";
}

fsbb_status fsbb_checkpoint_read_head(const char *path, fsbb_checkpoint *out, fsbb_error *err)
{
    if (!path || !out)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_checkpoint_read_head: NULL argument");
    memset(out, 0, sizeof *out);
    int fd;
    size_t size;
    fsbb_status status = open_checkpoint(path, &fd, &size, err);
    if (status != FSBB_OK)
        return status;
    unsigned char *head = malloc(HEAD_BYTES);
    if (!head) {
        close(fd);
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for checkpoint %s", path);
    }
    int error;
    const size_t available = read_at(fd, head, size < HEAD_BYTES ? size : HEAD_BYTES, 0, &error);
    uint32_t version = 0;
    uint64_t payload = 0;
    if (error)
        status = fsbb_fail(err, FSBB_ERR_CHECKPOINT, "cannot read checkpoint %s: %s", path, strerror(error));
    else
        status = check_header(head, available, size, path, &version, &payload, err);
    const char *bad = NULL;
    if (status == FSBB_OK && (bad = check_checksum(fd, HEADER_BYTES + (size_t)payload, &error)) != NULL)
        status = error ? fsbb_fail(err, FSBB_ERR_CHECKPOINT, "cannot read checkpoint %s: %s", path, strerror(error))
                       : corrupt(err, path, bad);
    size_t head_bytes = 0;
    if (status == FSBB_OK && (bad = decode_head(head + HEADER_BYTES, version, payload, out, &head_bytes)) != NULL) {
        memset(out, 0, sizeof *out);
        status = corrupt(err, path, bad);
    }
    close(fd);
    free(head);
    return status;
}

const char *fsbb_checkpoint_describe_instance(const fsbb_checkpoint *checkpoint, char *buffer, size_t size)
{
    if (checkpoint->version < 2 || !checkpoint->source) {
        snprintf(buffer, size, "an instance of %d jobs x %d machines", checkpoint->n, checkpoint->m);
        return buffer;
    }
    char quoted[1024];
    snprintf(buffer, size, "%s (%d jobs x %d machines)", fsbb_quoted(checkpoint->source, quoted, sizeof quoted),
             checkpoint->n, checkpoint->m);
    return buffer;
}

/* ---- Engines ------------------------------------------------------------------------ */

void fsbb_search_snapshot(fsbb_search *search, fsbb_checkpoint *state, int *permutation)
{
    const fsbb_bound_data *d = search->data;
    const fsbb_options *options = search->options;
    memset(state, 0, sizeof *state);
    state->version = FSBB_CHECKPOINT_VERSION;
    state->n = d->n;
    state->m = d->m;
    state->instance_hash = search->instance_hash;
    const fsbb_instance *instance = search->instance;
    state->origin = instance ? (int)instance->origin : FSBB_ORIGIN_MEMORY;
    state->format = instance ? (int)instance->format : FSBB_FORMAT_AUTO;
    state->source = !instance ? "" : instance->origin == FSBB_ORIGIN_MEMORY ? instance->name : instance->source;
    state->lb = options->lb;
    state->branch = options->branch;
    state->lb2_pairs = options->lb != FSBB_LB1 ? fsbb_bound_data_pairs_kept(d->m, options->lb2_pairs) : 0;
    state->bounds_hash = search->bounds_hash;
    pthread_mutex_lock(&search->incumbent_lock);
    state->incumbent = atomic_load(&search->incumbent);
    state->has_schedule = search->incumbent_found;
    memcpy(permutation, search->incumbent_permutation, sizeof(int) * (size_t)d->n);
    pthread_mutex_unlock(&search->incumbent_lock);
    state->incumbent_permutation = permutation;
    state->initial_ub = search->initial_ub;
    state->ub_achievable = search->initial_ub_achievable;
    state->nodes = atomic_load(&search->nodes);
    state->bounded = atomic_load(&search->bounded);
    state->elapsed_s = fsbb_now() - search->start_time;
}

void fsbb_search_report_checkpoint(fsbb_search *search, fsbb_status status, const char *message, size_t open_nodes,
                                   double pause_s, int final)
{
    if (!search->on_checkpoint)
        return;
    const fsbb_checkpoint_report report = {
        .path = search->checkpoint_path,
        .status = status,
        .message = message,
        .open_nodes = open_nodes,
        .pause_s = pause_s,
        .final = final,
    };
    search->on_checkpoint(&report, search->checkpoint_data);
}

fsbb_status fsbb_search_write_checkpoint(fsbb_search *search, const fsbb_checkpoint *state, double pause_s, int final)
{
    fsbb_error err;
    const fsbb_status status = fsbb_checkpoint_write(search->checkpoint_path, state, &err);
    fsbb_search_report_checkpoint(search, status, status == FSBB_OK ? "" : err.message, state->open_count, pause_s,
                                  final);
    return status;
}

fsbb_status fsbb_search_checkpoint(fsbb_search *search, const fsbb_node *nodes, size_t count, size_t stride,
                                   int final)
{
    int *permutation = malloc(sizeof(int) * (size_t)search->data->n);
    if (!permutation) {
        fsbb_search_report_checkpoint(search, FSBB_ERR_MEMORY, "out of memory for a checkpoint", count, 0, final);
        return FSBB_ERR_MEMORY;
    }
    fsbb_checkpoint state;
    fsbb_search_snapshot(search, &state, permutation);
    state.open_count = count;
    state.node_stride = stride;
    state.open_nodes = (unsigned char *)(uintptr_t)nodes;
    const fsbb_status status = fsbb_search_write_checkpoint(search, &state, 0, final);
    free(permutation);
    return status;
}

static int makespan_of(const fsbb_bound_data *d, const int *permutation, int *completion)
{
    memset(completion, 0, sizeof(int) * (size_t)d->m);
    for (int i = 0; i < d->n; i++)
        fsbb_completion_append(d->n, d->m, d->p, permutation[i], completion, completion);
    return completion[d->m - 1];
}

/* The search's instance for messages: its source (or name) quoted, and its size. */
static const char *describe_instance(const fsbb_instance *instance, const fsbb_bound_data *d, char *buffer,
                                     size_t size)
{
    const char *name = !instance ? NULL : instance->source ? instance->source : instance->name;
    char quoted[1024];
    if (name)
        snprintf(buffer, size, "%s (%d jobs x %d machines)", fsbb_quoted(name, quoted, sizeof quoted), d->n, d->m);
    else
        snprintf(buffer, size, "an instance of %d jobs x %d machines", d->n, d->m);
    return buffer;
}

/* Refuses a checkpoint that does not belong to this search. */
static fsbb_status check_match(const fsbb_search *search, const fsbb_checkpoint *saved, const char *path,
                               fsbb_error *err)
{
    const fsbb_bound_data *d = search->data;
    const fsbb_options *options = search->options;
    const fsbb_instance *instance = search->instance;
    const int same_source = saved->source && instance && instance->source && saved->origin == (int)instance->origin &&
                            strcmp(saved->source, instance->source) == 0;
    if ((saved->n != d->n || saved->m != d->m || saved->instance_hash != search->instance_hash) && same_source) {
        char quoted[1024];
        return fsbb_fail(err, FSBB_ERR_CHECKPOINT,
                         "checkpoint %s is for another instance: %s has changed since the search was saved (now "
                         "%d jobs x %d machines, digest %016llx; saved: %d x %d, digest %016llx)",
                         path, fsbb_quoted(saved->source, quoted, sizeof quoted), d->n, d->m,
                         (unsigned long long)search->instance_hash, saved->n, saved->m,
                         (unsigned long long)saved->instance_hash);
    }
    if (saved->n != d->n || saved->m != d->m || saved->instance_hash != search->instance_hash) {
        char saved_name[1200], this_name[1200];
        return fsbb_fail(err, FSBB_ERR_CHECKPOINT,
                         "checkpoint %s is for another instance: %s, digest %016llx; not for %s, digest %016llx",
                         path, fsbb_checkpoint_describe_instance(saved, saved_name, sizeof saved_name),
                         (unsigned long long)saved->instance_hash,
                         describe_instance(search->instance, d, this_name, sizeof this_name),
                         (unsigned long long)search->instance_hash);
    }
    if (saved->lb != (int)options->lb || saved->branch != (int)options->branch)
        return fsbb_fail(err, FSBB_ERR_CHECKPOINT,
                         "checkpoint %s was made with --lb %s --branch %s, not --lb %s --branch %s: "
                         "resume with the options that shaped its tree",
                         path, fsbb_option_word("lb", saved->lb), fsbb_option_word("branch", saved->branch),
                         fsbb_option_word("lb", options->lb), fsbb_option_word("branch", options->branch));
    const int pairs = options->lb != FSBB_LB1 ? fsbb_bound_data_pairs_kept(d->m, options->lb2_pairs) : 0;
    if (saved->lb2_pairs != pairs)
        return fsbb_fail(err, FSBB_ERR_CHECKPOINT,
                         "checkpoint %s was made with LB2 on %d machine pairs, not %d: resume with the same "
                         "--lb2-pairs",
                         path, saved->lb2_pairs, pairs);
    if (saved->bounds_hash != search->bounds_hash)
        return fsbb_fail(err, FSBB_ERR_CHECKPOINT, "checkpoint %s was made with other custom bounds", path);
    if (saved->has_schedule) {
        int *completion = malloc(sizeof(int) * (size_t)d->m);
        if (!completion)
            return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory checking checkpoint %s", path);
        const int makespan = makespan_of(d, saved->incumbent_permutation, completion);
        free(completion);
        if (makespan != saved->incumbent)
            return corrupt(err, path, "its schedule does not have the incumbent's makespan");
    }
    return FSBB_OK;
}

fsbb_status fsbb_search_resume(fsbb_search *search, const char *path, fsbb_checkpoint *out, fsbb_error *err)
{
    fsbb_status status = fsbb_checkpoint_read(path, out, err);
    if (status == FSBB_OK)
        status = check_match(search, out, path, err);
    if (status != FSBB_OK) {
        fsbb_checkpoint_clear(out);
        return status;
    }
    atomic_store(&search->incumbent, out->incumbent);
    if (out->has_schedule) {
        memcpy(search->incumbent_permutation, out->incumbent_permutation, sizeof(int) * (size_t)out->n);
        search->incumbent_found = 1;
        search->incumbent_source = FSBB_FOUND_RESUMED;
    }
    search->initial_ub = out->initial_ub;
    search->initial_ub_achievable = out->ub_achievable;
    atomic_store(&search->nodes, out->nodes);
    atomic_store(&search->bounded, out->bounded);
    const double now = fsbb_now();
    search->start_time = now - out->elapsed_s;
    search->last_progress_time = now;
    search->resume = out;
    return FSBB_OK;
}
