/* distributed.h — the search spread over the processes (ranks) of an MPI job: `mpirun -np N
 * flowshop-bb INSTANCE ...`. Every rank loads the instance, sets up the search as a single
 * process would (the same initial schedule, the same tables) and runs one of the existing
 * engines on its share of the tree, through a party (rank_party.h) that its communication
 * thread serves: the CPU engine with --threads, or the resident GPU engine on the GPU
 * local_rank % device count. The protocol is distributed_mpi.c's; the solver sees only
 * this interface, and a build without MPI (MPI=0) has stubs that say so.
 *
 * The solver makes a search distributed when its option distributed asks for it (on, or
 * auto in a process started by an MPI launcher: Open MPI's, or any PMI/PMIx one); a build
 * without MPI then refuses to search. MPI that the program started is the program's: the
 * search uses it and leaves it running; MPI that fsbb_distributed_begin started ends in
 * fsbb_distributed_end (MPI cannot start twice in a process: one such solve per process). */
#ifndef FSBB_DISTRIBUTED_H
#define FSBB_DISTRIBUTED_H

#include "engine.h"
#include "flowshopbb.h"
#include "search.h"

#include <stddef.h>
#include <stdint.h>

typedef struct fsbb_distributed {
    int rank, ranks;
    int local_rank, local_ranks;     /* among the ranks of this host */
    const fsbb_engine *engine;       /* this rank's engine (engine.h), set before fsbb_search_distributed:
                                        one that takes a party (the CPU or the resident GPU engine) */
    /* Knobs, set before fsbb_search_distributed. */
    size_t steal_nodes;              /* most nodes a steal asks for */
    double message_delay_s;          /* tests: each message with nodes, steal request or token
                                        waits up to this long (at random) before it leaves */
    unsigned seed;                   /* of the victims' and delays' random draws */
    /* What the search did, on rank 0 (ranks entries, malloc'd: the caller frees it). */
    fsbb_rank_stats *stats;
    int started_mpi;                 /* fsbb_distributed_begin started MPI: _end ends it */
    int broken;                      /* MPI failed here: the job cannot end in order */
    int failed_together;             /* an agreement found a failure: every rank holds it */
} fsbb_distributed;

/* 1 when the process was started by an MPI launcher (mpi_launcher.c), whatever the build. */
int fsbb_mpi_launcher_detected(void);

/* Starts MPI unless the program did (MPI_THREAD_FUNNELED is all it needs: the thread that
 * calls this makes every MPI call; MPI the program started must offer that level, or
 * MPI_THREAD_SERIALIZED when this is not the thread that started it) and fills rank, ranks,
 * local_rank and local_ranks. A build without MPI fails here, saying so. */
fsbb_status fsbb_distributed_begin(fsbb_distributed *d, fsbb_error *err);

/* Whether every rank solves the same tree (collective, on every rank that began):
 * instance_hash (fsbb_checkpoint_fingerprint) and tree_hash (the options that shape the
 * tree and the custom bounds) compared across the ranks; FSBB_ERR_ARGUMENT on every rank,
 * saying which differs, when they differ. */
fsbb_status fsbb_distributed_same_tree(fsbb_distributed *d, uint64_t instance_hash, uint64_t tree_hash,
                                       fsbb_error *err);

/* Whether every rank got this far without failing (collective: every rank that began calls
 * it, with its own status): FSBB_OK, or on every rank the status and message of the
 * lowest-numbered rank that failed, its message led by "rank N: ". Once a failure is
 * agreed, later calls return status and err as they are (on every rank alike, so no
 * collective is left unmatched). */
fsbb_status fsbb_distributed_agree(fsbb_distributed *d, fsbb_status status, fsbb_error *err);

/* Ends MPI when fsbb_distributed_begin started it (MPI the program started stays running);
 * frees nothing of d's results. After MPI failed here (broken: another rank died, say) it
 * leaves MPI as it is, so that the process's exit makes mpirun end the whole job. */
void fsbb_distributed_end(fsbb_distributed *d);

/* Runs the distributed search on every rank of the job (call it on every rank, even when the
 * set-up stopped the search: the ranks then agree to stop). search is set up as for any
 * engine, on every rank alike, a resumed search's checkpoint loaded on every rank. On return,
 * rank 0's search holds the totals (nodes, bounded, the best schedule of any rank, the
 * stop flags, the open bound, the measures of the tree: while it ran, rank 0's search
 * measured the whole tree by the ranks' census, rank_census_mpi.c, and at the end by the
 * open nodes gathered), the final checkpoint is written (rank 0, with every rank's open
 * nodes) and d->stats filled; every other rank's search holds the same incumbent, stop
 * flags, open bound and measures, so that each process reports the same outcome. */
fsbb_status fsbb_search_distributed(fsbb_search *search, fsbb_distributed *d, fsbb_error *err);

#endif
