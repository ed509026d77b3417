/* custom_gpu_bound.c — registers a custom lower bound for the GPU as CUDA source text,
 * compiled at run time by NVRTC (no nvcc needed), together with its CPU version for CPU
 * solves. The source is checked first (it compiles without a GPU; errors come back with
 * NVRTC's log); the solve then runs with --device auto: on the GPU when one is usable.
 *     cc custom_gpu_bound.c $(pkg-config --cflags --libs flowshopbb) -o custom_gpu_bound
 *     ./custom_gpu_bound ta001 */
#include <flowshopbb.h>

#include <stdio.h>

/* The GPU version: one thread evaluates one node (fsbb_gpu_node is in flowshopbb.h). */
static const char machine_workload_source[] =
    "extern \"C\" __device__ int machine_workload(const fsbb_gpu_node *node)\n"
    "{\n"
    "    int lb = 0;\n"
    "    for (int k = 0; k < node->machines; k++) {\n"
    "        int work = node->front[k] + node->back[k];\n"
    "        for (int i = 0; i < node->unscheduled_count; i++)\n"
    "            work += node->times[k * node->jobs + node->unscheduled[i]];\n"
    "        lb = FSBB_MAX(lb, work);\n"
    "    }\n"
    "    return lb;\n"
    "}\n";

/* The CPU version of the same bound. */
static int machine_workload(const fsbb_node_view *node, void *user_data)
{
    (void)user_data;
    int lb = 0;
    for (int k = 0; k < node->machines; k++) {
        int work = node->front[k] + node->back[k];
        for (int i = 0; i < node->unscheduled_count; i++)
            work += node->times[k * node->jobs + node->unscheduled[i]];
        if (work > lb)
            lb = work;
    }
    return lb;
}

int main(int argc, char **argv)
{
    const char *name = argc > 1 ? argv[1] : "ta001";
    fsbb_error err;
    fsbb_instance *instance = NULL;
    if (fsbb_instance_load(name, &instance, &err) != FSBB_OK) {
        fprintf(stderr, "custom_gpu_bound: %s\n", err.message);
        return 2;
    }
    const fsbb_bound_definition bound = {
        .name = "machine-workload",
        .cpu_bound = machine_workload,
        .gpu_source = machine_workload_source,
        .gpu_function = "machine_workload",
    };
    const fsbb_status compiled =
        fsbb_bound_check_gpu_source(&bound, fsbb_instance_jobs(instance), fsbb_instance_machines(instance), &err);
    if (compiled == FSBB_OK)
        printf("gpu source   compiles with NVRTC\n");
    else if (compiled == FSBB_ERR_NO_GPU)
        printf("gpu source   not checked: %s\n", err.message);
    else {
        fprintf(stderr, "custom_gpu_bound: %s\n", err.message);
        return 1;
    }

    fsbb_options *options = fsbb_options_new();
    fsbb_options_set(options, "device", "auto", &err);
    fsbb_solver *solver = NULL;
    fsbb_result result = {0};
    fsbb_status status = fsbb_solver_new(instance, options, &solver, &err);
    if (status == FSBB_OK)
        status = fsbb_solver_add_bound(solver, &bound, &err);
    if (status == FSBB_OK)
        status = fsbb_solver_solve(solver, &result, &err);
    if (status == FSBB_OK) {
        printf("device       %s\n", result.device);
        printf("makespan     %d\n", result.makespan);
        printf("status       %s\n", result.optimal ? "optimal" : "best found");
    } else {
        fprintf(stderr, "custom_gpu_bound: %s: %s\n", fsbb_status_name(status), err.message);
    }
    fsbb_result_clear(&result);
    fsbb_solver_free(solver);
    fsbb_options_free(options);
    fsbb_instance_free(instance);
    return status == FSBB_OK ? 0 : 1;
}
