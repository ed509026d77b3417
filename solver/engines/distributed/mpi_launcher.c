/* mpi_launcher.c — whether this process was started by an MPI launcher (Open MPI's mpirun,
 * or any PMI/PMIx one), read from the variables launchers set; in every build, so that a
 * build without MPI can refuse a job it cannot join instead of running N separate searches. */
#include "distributed.h"

#include <stdlib.h>

int fsbb_mpi_launcher_detected(void)
{
    static const char *const launcher_variables[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"};
    for (size_t i = 0; i < sizeof launcher_variables / sizeof *launcher_variables; i++)
        if (getenv(launcher_variables[i]))
            return 1;
    return 0;
}
