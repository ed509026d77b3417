/* distributed_nompi.c — the distributed search of a build made without MPI (MPI=0): a
 * solve asked to be a rank (by its option distributed: on, or auto under mpirun) cannot
 * join the job, and says so instead of running a whole search of its own on every rank. */
#include "distributed.h"

#include "error.h"

#include <string.h>

static fsbb_status no_mpi(fsbb_error *err)
{
    return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                     "a distributed search was asked for (distributed on, or auto and started by mpirun or another "
                     "MPI launcher), but this build of flowshop-bb was made without MPI (MPI=0, or no mpicc found): "
                     "the distributed search is not available; rebuild with Open MPI's mpicc, run it without "
                     "mpirun, or set distributed to off");
}

fsbb_status fsbb_distributed_begin(fsbb_distributed *d, fsbb_error *err)
{
    memset(d, 0, sizeof *d);
    return no_mpi(err);
}

fsbb_status fsbb_distributed_same_tree(fsbb_distributed *d, uint64_t instance_hash, uint64_t tree_hash,
                                       fsbb_error *err)
{
    (void)d;
    (void)instance_hash;
    (void)tree_hash;
    (void)err;
    return FSBB_OK;
}

fsbb_status fsbb_distributed_agree(fsbb_distributed *d, fsbb_status status, fsbb_error *err)
{
    (void)d;
    (void)err;
    return status;
}

void fsbb_distributed_end(fsbb_distributed *d)
{
    (void)d;
}

fsbb_status fsbb_search_distributed(fsbb_search *search, fsbb_distributed *d, fsbb_error *err)
{
    (void)search;
    (void)d;
    return no_mpi(err);
}
