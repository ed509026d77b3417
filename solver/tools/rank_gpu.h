/* rank_gpu.h — one GPU in view for each rank of a distributed search on a host with several.
 *
 * CUDA starts every GPU a process can see, and the processes of one host start them one after
 * another: 4 ranks on a 4-GPU host each starting all four GPUs took 0.6 s longer than ranks
 * shown one GPU each (results/distributed/multigpu). So before CUDA starts, flowshop-bb shows a
 * rank only the GPU local_rank % GPUs (CUDA_VISIBLE_DEVICES), the one the library would choose
 * for it (fsbb_gpu_choose). A CUDA_VISIBLE_DEVICES already set (by a scheduler, or the user)
 * stands. */
#ifndef FSBB_RANK_GPU_H
#define FSBB_RANK_GPU_H

/* The CUDA device index to show a rank, or -1 for none (leave the environment alone):
 * visible is CUDA_VISIBLE_DEVICES (NULL: unset), local_rank the launcher's local rank of the
 * process (NULL: none), gpus the host's GPU count. */
int fsbb_rank_gpu_to_show(const char *visible, const char *local_rank, int gpus);

/* This process's choice on a host of gpus GPUs: the local rank from the launcher's variables
 * (Open MPI, MPICH's Hydra, Slurm); sets CUDA_VISIBLE_DEVICES and returns the index shown, or
 * -1 when it leaves the environment alone. */
int fsbb_rank_gpu_show_of(int gpus);

/* The same with the host's GPUs counted in /proc/driver/nvidia/gpus. */
int fsbb_rank_gpu_show(void);

#endif
