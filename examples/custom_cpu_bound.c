/* custom_cpu_bound.c — registers a custom lower bound evaluated on the CPU: for every
 * machine, the prefix's completion, the work of the unscheduled jobs and the suffix's
 * length. The bound is first checked against brute force (fsbb_bound_verify); the solver
 * then uses max(built-in LB1, custom bound). Its user data counts the calls and is freed
 * by the solver.
 *     cc custom_cpu_bound.c $(pkg-config --cflags --libs flowshopbb) -o custom_cpu_bound
 *     ./custom_cpu_bound ta002 */
#include <flowshopbb.h>

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct bound_statistics {
    atomic_long calls;  /* the solver's threads call the bound concurrently */
} bound_statistics;

static int machine_workload(const fsbb_node_view *node, void *user_data)
{
    bound_statistics *statistics = user_data;
    if (statistics)
        atomic_fetch_add_explicit(&statistics->calls, 1, memory_order_relaxed);
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

static void free_statistics(void *user_data)
{
    bound_statistics *statistics = user_data;
    printf("bound calls  %ld\n", atomic_load(&statistics->calls));
    free(statistics);
}

int main(int argc, char **argv)
{
    const char *name = argc > 1 ? argv[1] : "ta002";
    fsbb_error err;
    fsbb_bound_definition bound = {.name = "machine-workload", .cpu_bound = machine_workload};
    if (fsbb_bound_verify(&bound, 20, 1, &err) != FSBB_OK) {
        fprintf(stderr, "custom_cpu_bound: %s\n", err.message);
        return 1;
    }
    printf("verified     %s on 20 random instances\n", bound.name);

    fsbb_instance *instance = NULL;
    if (fsbb_instance_load(name, &instance, &err) != FSBB_OK) {
        fprintf(stderr, "custom_cpu_bound: %s\n", err.message);
        return 2;
    }
    bound_statistics *statistics = calloc(1, sizeof *statistics);
    atomic_init(&statistics->calls, 0);
    bound.user_data = statistics;
    bound.free_user_data = free_statistics;

    fsbb_solver *solver = NULL;
    fsbb_result result = {0};
    fsbb_status status = fsbb_solver_new(instance, NULL, &solver, &err);
    if (status == FSBB_OK)
        status = fsbb_solver_add_bound(solver, &bound, &err);
    if (status != FSBB_OK)
        free(statistics); /* the solver owns user data only once the bound is added */
    if (status == FSBB_OK)
        status = fsbb_solver_solve(solver, &result, &err);
    if (status == FSBB_OK) {
        printf("instance     %s\n", fsbb_instance_name(instance));
        printf("makespan     %d\n", result.makespan);
        printf("status       %s\n", result.optimal ? "optimal" : "best found");
        printf("nodes        %llu\n", (unsigned long long)result.nodes);
    } else {
        fprintf(stderr, "custom_cpu_bound: %s: %s\n", fsbb_status_name(status), err.message);
    }
    fsbb_result_clear(&result);
    fsbb_solver_free(solver);
    fsbb_instance_free(instance);
    return status == FSBB_OK ? 0 : 1;
}
