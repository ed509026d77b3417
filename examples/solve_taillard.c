/* solve_taillard.c — solves one instance with libflowshopbb: a Taillard instance by name
 * (ta001 ... ta120) or an instance file, printing each better schedule as it is found and
 * then the result.
 *     cc solve_taillard.c $(pkg-config --cflags --libs flowshopbb) -o solve_taillard
 *     ./solve_taillard ta001 [threads] */
#include <flowshopbb.h>

#include <stdio.h>
#include <stdlib.h>

static void print_incumbent(int makespan, const int *permutation, int jobs, void *user_data)
{
    (void)permutation;
    (void)jobs;
    printf("incumbent    %d (%s)\n", makespan, (const char *)user_data);
}

int main(int argc, char **argv)
{
    const char *name = argc > 1 ? argv[1] : "ta001";
    fsbb_error err;
    fsbb_instance *instance = NULL;
    if (fsbb_instance_load(name, &instance, &err) != FSBB_OK) {
        fprintf(stderr, "solve_taillard: %s\n", err.message);
        return 2;
    }
    fsbb_options *options = fsbb_options_new();
    if (argc > 2 && fsbb_options_set(options, "threads", argv[2], &err) != FSBB_OK) {
        fprintf(stderr, "solve_taillard: %s\n", err.message);
        fsbb_options_free(options);
        fsbb_instance_free(instance);
        return 2;
    }
    fsbb_solver *solver = NULL;
    fsbb_result result = {0};
    fsbb_status status = fsbb_solver_new(instance, options, &solver, &err);
    if (status == FSBB_OK) {
        fsbb_solver_on_incumbent(solver, print_incumbent, (void *)fsbb_instance_name(instance));
        status = fsbb_solver_solve(solver, &result, &err);
    }
    if (status != FSBB_OK) {
        fprintf(stderr, "solve_taillard: %s: %s\n", fsbb_status_name(status), err.message);
        fsbb_result_clear(&result); /* a failed solve may hold a partial result */
        fsbb_solver_free(solver);
        fsbb_options_free(options);
        fsbb_instance_free(instance);
        return 1;
    }
    printf("instance     %s (%d jobs x %d machines)\n", fsbb_instance_name(instance), fsbb_instance_jobs(instance),
           fsbb_instance_machines(instance));
    printf("makespan     %d\n", result.makespan);
    printf("status       %s\n", result.optimal ? "optimal" : "best found");
    printf("nodes        %llu\n", (unsigned long long)result.nodes);
    printf("time         %.3f s on %s, %d threads\n", result.time_s, result.device, result.threads);
    if (result.permutation) {
        printf("permutation ");
        for (int j = 0; j < result.jobs; j++)
            printf(" %d", result.permutation[j] + 1);
        printf("\n");
    }
    fsbb_result_clear(&result);
    fsbb_solver_free(solver);
    fsbb_options_free(options);
    fsbb_instance_free(instance);
    return 0;
}
