/* checkpoint_instance.c — the instance a checkpoint names (fsbb_instance_load_checkpoint in
 * flowshopbb.h): read from the checkpoint's head, loaded again by its Taillard name or from
 * its file (the path is data: it goes to fopen, and into messages quoted as a JSON string),
 * and checked against the digest the checkpoint keeps. */
#include "checkpoint.h"
#include "error.h"
#include "instance.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

enum { QUOTED_BYTES = 1024 };

/* Refuses the instance loaded for checkpoint path when its data differ from the digest. */
static fsbb_status check_digest(const char *path, const fsbb_checkpoint *saved, const fsbb_instance *instance,
                                fsbb_error *err)
{
    const uint64_t digest = fsbb_checkpoint_fingerprint(instance->n, instance->m, instance->p);
    if (instance->n == saved->n && instance->m == saved->m && digest == saved->instance_hash)
        return FSBB_OK;
    char quoted[QUOTED_BYTES];
    return fsbb_fail(err, FSBB_ERR_CHECKPOINT,
                     "checkpoint %s: its instance %s%s has changed since the search was saved (now %d jobs x %d "
                     "machines, digest %016llx; saved: %d x %d, digest %016llx): restore the file, or name the "
                     "instance the search was made for before --resume",
                     path, saved->origin == FSBB_ORIGIN_FILE ? "file " : "",
                     fsbb_quoted(saved->source, quoted, sizeof quoted), instance->n, instance->m,
                     (unsigned long long)digest, saved->n, saved->m, (unsigned long long)saved->instance_hash);
}

/* Loads the file a checkpoint names, in the format it was read in. */
static fsbb_status load_file(const char *path, const fsbb_checkpoint *saved, fsbb_instance **out, fsbb_error *err)
{
    char quoted[QUOTED_BYTES];
    fsbb_quoted(saved->source, quoted, sizeof quoted);
    struct stat info;
    if (stat(saved->source, &info) != 0)
        return fsbb_fail(err, FSBB_ERR_CHECKPOINT,
                         "checkpoint %s: its instance file %s is gone (%s): restore it, or name the instance "
                         "before --resume",
                         path, quoted, strerror(errno));
    fsbb_error cause;
    if (fsbb_instance_load_as(saved->source, (fsbb_instance_format)saved->format, out, &cause) == FSBB_OK)
        return FSBB_OK;
    /* The cause names the file as it is; it goes into the message escaped, quotes and all. */
    char reason[FSBB_ERROR_MESSAGE_SIZE / 2];
    return fsbb_fail(err, FSBB_ERR_CHECKPOINT,
                     "checkpoint %s: its instance file %s cannot be loaded any more: %s: restore it, or name the "
                     "instance before --resume",
                     path, quoted, fsbb_quoted(cause.message, reason, sizeof reason));
}

fsbb_status fsbb_instance_load_checkpoint(const char *checkpoint_path, fsbb_instance **out, fsbb_error *err)
{
    if (!checkpoint_path || !out)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_instance_load_checkpoint: NULL argument");
    *out = NULL;
    fsbb_checkpoint saved;
    fsbb_status status = fsbb_checkpoint_read_head(checkpoint_path, &saved, err);
    if (status != FSBB_OK)
        return status;
    char described[QUOTED_BYTES + 64];
    fsbb_checkpoint_describe_instance(&saved, described, sizeof described);
    switch (saved.origin) {
    case FSBB_ORIGIN_TAILLARD:
        status = fsbb_instance_load_as(saved.source, FSBB_FORMAT_AUTO, out, err);
        break;
    case FSBB_ORIGIN_FILE:
        status = load_file(checkpoint_path, &saved, out, err);
        break;
    case FSBB_ORIGIN_STDIN:
        status = fsbb_fail(err, FSBB_ERR_CHECKPOINT,
                           "checkpoint %s was made for an instance read from standard input (%d jobs x %d machines): "
                           "give it again, as in flowshop-bb - --resume %s < INSTANCE-FILE",
                           checkpoint_path, saved.n, saved.m, checkpoint_path);
        break;
    case FSBB_ORIGIN_MEMORY:
        status = fsbb_fail(err, FSBB_ERR_CHECKPOINT,
                           "checkpoint %s was made for %s, built in memory: it names no file to load; give the "
                           "instance with the checkpoint",
                           checkpoint_path, described);
        break;
    default:
        status = fsbb_fail(err, FSBB_ERR_CHECKPOINT,
                           "checkpoint %s has format version %d, which does not name its instance (%s): give the "
                           "instance before --resume, as in flowshop-bb INSTANCE --resume %s",
                           checkpoint_path, saved.version, described, checkpoint_path);
    }
    if (status == FSBB_OK)
        status = check_digest(checkpoint_path, &saved, *out, err);
    if (status != FSBB_OK && *out) {
        fsbb_instance_free(*out);
        *out = NULL;
    }
    fsbb_checkpoint_clear(&saved);
    return status;
}
