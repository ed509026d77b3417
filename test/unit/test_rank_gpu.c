/* test_rank_gpu.c — which GPU a rank of a distributed search is shown (solver/tools/rank_gpu.h):
 * local_rank % GPUs, as the library would choose; nothing when a scheduler or the user set
 * CUDA_VISIBLE_DEVICES, without a local rank or a GPU, or with a local rank that is no number. */
#include "rank_gpu.h"
#include "suites.h"

#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

static void test_local_rank_modulo_gpus(void)
{
    CU_ASSERT_EQUAL(fsbb_rank_gpu_to_show(NULL, "0", 4), 0);
    CU_ASSERT_EQUAL(fsbb_rank_gpu_to_show(NULL, "3", 4), 3);
    CU_ASSERT_EQUAL(fsbb_rank_gpu_to_show(NULL, "5", 4), 1);
    CU_ASSERT_EQUAL(fsbb_rank_gpu_to_show(NULL, "7", 1), 0);
}

static void test_environment_left_alone(void)
{
    CU_ASSERT_EQUAL(fsbb_rank_gpu_to_show("2", "1", 4), -1);
    CU_ASSERT_EQUAL(fsbb_rank_gpu_to_show("", "1", 4), -1);
    CU_ASSERT_EQUAL(fsbb_rank_gpu_to_show(NULL, NULL, 4), -1);
    CU_ASSERT_EQUAL(fsbb_rank_gpu_to_show(NULL, "1", 0), -1);
    CU_ASSERT_EQUAL(fsbb_rank_gpu_to_show(NULL, "-1", 4), -1);
    CU_ASSERT_EQUAL(fsbb_rank_gpu_to_show(NULL, "1x", 4), -1);
    CU_ASSERT_EQUAL(fsbb_rank_gpu_to_show(NULL, "", 4), -1);
    CU_ASSERT_EQUAL(fsbb_rank_gpu_to_show(NULL, "99999999999999999999", 4), -1);
}

/* The process's own choice from its environment, on a host of 4 GPUs. */
static void test_process_environment(void)
{
    const char *saved_visible = getenv("CUDA_VISIBLE_DEVICES"), *saved_rank = getenv("OMPI_COMM_WORLD_LOCAL_RANK");
    char *visible = saved_visible ? strdup(saved_visible) : NULL, *rank = saved_rank ? strdup(saved_rank) : NULL;
    unsetenv("CUDA_VISIBLE_DEVICES");
    setenv("OMPI_COMM_WORLD_LOCAL_RANK", "5", 1);
    CU_ASSERT_EQUAL(fsbb_rank_gpu_show_of(4), 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(getenv("CUDA_VISIBLE_DEVICES"));
    CU_ASSERT_STRING_EQUAL(getenv("CUDA_VISIBLE_DEVICES"), "1");
    setenv("CUDA_VISIBLE_DEVICES", "7", 1);
    CU_ASSERT_EQUAL(fsbb_rank_gpu_show_of(4), -1);
    CU_ASSERT_STRING_EQUAL(getenv("CUDA_VISIBLE_DEVICES"), "7");
    unsetenv("CUDA_VISIBLE_DEVICES");
    unsetenv("OMPI_COMM_WORLD_LOCAL_RANK");
    if (visible)
        setenv("CUDA_VISIBLE_DEVICES", visible, 1);
    if (rank)
        setenv("OMPI_COMM_WORLD_LOCAL_RANK", rank, 1);
    free(visible);
    free(rank);
}

FSBB_SUITE("rank gpu", {"a rank is shown GPU local_rank % GPUs", test_local_rank_modulo_gpus},
           {"nothing without a local rank or GPUs, or with CUDA_VISIBLE_DEVICES set", test_environment_left_alone},
           {"from the environment: set, or kept when already set", test_process_environment})
