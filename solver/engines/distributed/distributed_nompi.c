/* distributed_nompi.c — the distributed search of a build made without MPI (MPI=0): a
 * process is never part of an MPI job, and asking for one says why. */
#include "distributed.h"

#include "error.h"

#include <string.h>

static fsbb_status no_mpi(fsbb_error *err)
{
    return fsbb_fail(err, FSBB_ERR_ARGUMENT, "this build of flowshop-bb was made without MPI");
}

int fsbb_distributed_launched(void)
{
    return 0;
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
