/* rank_gpu.c — one GPU in view for each rank of a distributed search (rank_gpu.h). */
#include "rank_gpu.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

int fsbb_rank_gpu_to_show(const char *visible, const char *local_rank, int gpus)
{
    if (visible || !local_rank || gpus < 1)
        return -1;
    char *end = NULL;
    errno = 0;
    const long rank = strtol(local_rank, &end, 10);
    if (errno || end == local_rank || *end != '\0' || rank < 0 || rank > INT_MAX)
        return -1;
    return (int)(rank % gpus);
}

/* The NVIDIA driver lists each GPU of the host as a folder here. */
static int host_gpus(void)
{
    DIR *dir = opendir("/proc/driver/nvidia/gpus");
    if (!dir)
        return 0;
    int count = 0;
    for (const struct dirent *entry; (entry = readdir(dir));)
        count += entry->d_name[0] != '.';
    closedir(dir);
    return count;
}

static const char *launcher_local_rank(void)
{
    static const char *const local_rank_variables[] = {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID",
                                                       "SLURM_LOCALID"};
    const char *local_rank = NULL;
    for (size_t i = 0; !local_rank && i < sizeof local_rank_variables / sizeof *local_rank_variables; i++)
        local_rank = getenv(local_rank_variables[i]);
    return local_rank;
}

int fsbb_rank_gpu_show_of(int gpus)
{
    const int shown = fsbb_rank_gpu_to_show(getenv("CUDA_VISIBLE_DEVICES"), launcher_local_rank(), gpus);
    if (shown < 0)
        return -1;
    char index[16];
    snprintf(index, sizeof index, "%d", shown);
    return setenv("CUDA_VISIBLE_DEVICES", index, 1) == 0 ? shown : -1;
}

int fsbb_rank_gpu_show(void)
{
    return launcher_local_rank() ? fsbb_rank_gpu_show_of(host_gpus()) : -1;
}
