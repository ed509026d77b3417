/* checkpoint.h — the state of a search on disk, so that a long solve survives a Ctrl-C, a
 * killed job or a full disk: the open nodes, the incumbent and its schedule, the counters,
 * the elapsed time, a fingerprint of the instance and the options that shape the tree.
 * Files are written atomically (a new FILE.XXXXXX beside FILE, fsync, rename, fsync of the
 * directory) and every field is validated when read back: a corrupt, truncated or foreign
 * file is refused with one line, never trusted.
 *
 * Any engine can save: the CPU engine pauses its threads and copies their pools; a GPU
 * engine copies its device pools to the host in the fsbb_node layout and calls
 * fsbb_search_checkpoint.
 *
 * A checkpoint names its instance (how it was named: a Taillard name, a file's absolute
 * path and format, standard input, or the name of one built in memory) and keeps its digest
 * (fsbb_checkpoint_fingerprint), so that --resume FILE alone loads it again
 * (checkpoint_instance.c) and a changed file or another instance is refused.
 *
 * File format, version 2 (integers little-endian, signed ones in two's complement):
 *   header   "FSBBCKPT", u32 version, u64 payload bytes
 *   payload  u32 n, u32 m, u64 instance digest, u32 lb, u32 branch, u32 lb2 pairs,
 *            u64 custom bounds hash, i32 incumbent (INT32_MAX: none), i32 initial upper
 *            bound, u32 flags, u64 nodes, u64 bounded, f64 elapsed seconds, u64 open nodes,
 *            u32 instance origin (fsbb_instance_origin), u32 instance format
 *            (fsbb_instance_format), u32 source bytes (1..4096), the source (UTF-8 or any
 *            bytes but NUL, not terminated: "ta021", "/abs/path", "stdin" or the name),
 *            n x u16 incumbent permutation (zeros without a schedule),
 *            open nodes x (i32 lb, u16 front_len, u16 back_len, n x u16 permutation)
 *   trailer  u64 FNV-1a 64 of every byte before it
 * Version 1 is version 2 without the origin, format and source: it is still read, and
 * resumes with its instance named (checked against its digest, as before). */
#ifndef FSBB_CHECKPOINT_H
#define FSBB_CHECKPOINT_H

#include "flowshopbb.h"
#include "node.h"

#include <stddef.h>
#include <stdint.h>

#define FSBB_CHECKPOINT_VERSION 2
#define FSBB_CHECKPOINT_MAX_SOURCE 4096   /* bytes of the instance's source on disk */

struct fsbb_search;
struct fsbb_custom_bound;

typedef struct fsbb_checkpoint {
    int version;                 /* read: the file's format version; written: always the current */
    int n, m;
    uint64_t instance_hash;      /* fsbb_checkpoint_fingerprint of the instance */
    int origin;                  /* fsbb_instance_origin (version 1: none recorded) */
    int format;                  /* fsbb_instance_format of a file */
    const char *source;          /* see the format above; owned by a checkpoint read */
    int lb;                      /* fsbb_lb_kind */
    int branch;                  /* fsbb_branch_kind */
    int lb2_pairs;               /* machine pairs LB2 used; 0 with LB1 */
    uint64_t bounds_hash;        /* fsbb_checkpoint_bounds_hash of the custom bounds */
    int incumbent;               /* best makespan known, INT32_MAX when none */
    int initial_ub;              /* the upper bound the first run started from */
    int has_schedule;            /* incumbent_permutation achieves incumbent */
    int ub_achievable;           /* incumbent is a known makespan (a best-known value) */
    int *incumbent_permutation;  /* n jobs, 0-based */
    uint64_t nodes, bounded;
    double elapsed_s;
    size_t open_count;           /* open nodes */
    size_t node_stride;          /* bytes from one node to the next in open_nodes */
    unsigned char *open_nodes;   /* open_count nodes in the fsbb_node layout */
} fsbb_checkpoint;

/* The instance's digest: 64-bit FNV-1a over n, m and the m x n processing times machine by
 * machine (p[k * n + j]), each as a little-endian u32. */
uint64_t fsbb_checkpoint_fingerprint(int n, int m, const int *p);

/* A hash of the custom bounds' names in order; 0 when there are none. */
uint64_t fsbb_checkpoint_bounds_hash(const struct fsbb_custom_bound *bounds, int count);

/* A digest of what shapes the tree beside the instance: the bound, the branching, the LB2
 * pairs and the custom bounds' hash (the ranks of a distributed search compare it). */
uint64_t fsbb_checkpoint_tree_digest(int lb, int branch, int lb2_pairs, uint64_t bounds_hash);

/* Writes state atomically to path through a temporary file of a new name beside it (no
 * existing file is touched): on failure path is left as it was, the temporary file is
 * removed and the status is FSBB_ERR_IO. */
fsbb_status fsbb_checkpoint_write(const char *path, const fsbb_checkpoint *state, fsbb_error *err);

/* Decodes and validates a checkpoint held in memory; source names it in messages. On
 * success out owns its arrays (free them with fsbb_checkpoint_clear); on failure out is
 * empty and the status is FSBB_ERR_CHECKPOINT. */
fsbb_status fsbb_checkpoint_parse(const unsigned char *data, size_t size, const char *source, fsbb_checkpoint *out,
                                  fsbb_error *err);

/* Reads and validates the checkpoint at path (FSBB_ERR_CHECKPOINT on any failure). */
fsbb_status fsbb_checkpoint_read(const char *path, fsbb_checkpoint *out, fsbb_error *err);

/* fsbb_checkpoint_read without the open nodes and the schedule (open_count 0, no arrays but
 * source): the whole file's checksum is checked, reading it in pieces, and the fields before
 * the nodes are validated as fsbb_checkpoint_read does. */
fsbb_status fsbb_checkpoint_read_head(const char *path, fsbb_checkpoint *out, fsbb_error *err);

/* What the checkpoint says of its instance, in buffer, for messages: the source quoted as a
 * JSON string (fsbb_quoted) and its size, "\"ta021\" (20 jobs x 5 machines)"; version 1:
 * "an instance of 20 jobs x 5 machines". Returns buffer. */
const char *fsbb_checkpoint_describe_instance(const fsbb_checkpoint *checkpoint, char *buffer, size_t size);

void fsbb_checkpoint_clear(fsbb_checkpoint *checkpoint);

/* The open nodes' encoding on its own, for nodes sent between processes (the distributed
 * search): fsbb_checkpoint_node_bytes(n) bytes a node. encode_nodes writes count nodes
 * (stride bytes apart in the fsbb_node layout) to out; decode_nodes checks and decodes count
 * of them into nodes (stride apart), as the reader checks a file's: NULL, or what is wrong. */
size_t fsbb_checkpoint_node_bytes(int n);
void fsbb_checkpoint_encode_nodes(const unsigned char *nodes, size_t count, size_t stride, int n, unsigned char *out);
const char *fsbb_checkpoint_decode_nodes(const unsigned char *encoded, size_t count, int n, unsigned char *nodes,
                                         size_t stride);

/* ---- Engines ------------------------------------------------------------------------ */

/* Fills state with everything but the open nodes: the search's fingerprint, tree options,
 * incumbent (copied into permutation, n ints), counters and elapsed time. Call it while the
 * engine's nodes and counters agree (threads paused, counters flushed). */
void fsbb_search_snapshot(struct fsbb_search *search, fsbb_checkpoint *state, int *permutation);

/* Writes state to search->checkpoint_path and tells search->on_checkpoint how it went.
 * pause_s is how long the engine stopped to take the snapshot; final marks the checkpoint
 * written when the search stopped. A failure leaves the previous checkpoint in place. */
fsbb_status fsbb_search_write_checkpoint(struct fsbb_search *search, const fsbb_checkpoint *state, double pause_s,
                                         int final);

/* Tells search->on_checkpoint about a checkpoint that could not even be attempted (no
 * memory for the snapshot); fsbb_search_write_checkpoint reports the others itself. */
void fsbb_search_report_checkpoint(struct fsbb_search *search, fsbb_status status, const char *message,
                                   size_t open_nodes, double pause_s, int final);

/* Both steps at once for an engine whose counters are current: count open nodes, stride
 * bytes apart, in the fsbb_node layout (a GPU engine's pools copied to the host). */
fsbb_status fsbb_search_checkpoint(struct fsbb_search *search, const fsbb_node *nodes, size_t count, size_t stride,
                                   int final);

/* Loads the checkpoint at path for this search: refuses one made for another instance or
 * with other tree-shaping options (lb, branch, lb2-pairs, custom bounds); otherwise
 * restores the incumbent, its schedule, the counters and the clock into search and leaves
 * the open nodes in out, which search->resume then points to. */
fsbb_status fsbb_search_resume(struct fsbb_search *search, const char *path, fsbb_checkpoint *out, fsbb_error *err);

#endif
