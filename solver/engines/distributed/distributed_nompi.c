/* distributed_nompi.c — the distributed search of a build made without MPI (MPI=0): a
 * process started by mpirun cannot join the job, and says so instead of running a whole
 * search of its own on every rank. */
#include "distributed.h"

#include "error.h"

#include <string.h>

static fsbb_status no_mpi(fsbb_error *err)
{
    return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                     "started by mpirun, but this build of flowshop-bb was made without MPI (MPI=0, or no mpicc "
                     "found): the distributed search is not available; rebuild with Open MPI's mpicc, or run it "
                     "without mpirun");
}

int fsbb_distributed_launched(void)
{
    return fsbb_mpi_launcher_detected();
}

fsbb_status fsbb_distributed_begin(fsbb_distributed *d, fsbb_error *err)
{
    memset(d, 0, sizeof *d);
    return no_mpi(err);
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
