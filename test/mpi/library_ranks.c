/* library_ranks.c — a program of the library's users under mpirun (test/cli/mpi.sh): the
 * option distributed decides whether a solve is a rank of a distributed search, whatever
 * the launcher; MPI the program started stays its own. Each check prints
 * "rank R: NAME: ok" or "rank R: NAME: FAILED (why)"; the exit status is 1 when one failed.
 * Modes:
 *   program   MPI_Init_thread(FUNNELED) by the program: with distributed off each rank solves
 *             its own instance (ta001 on even ranks, ta002 on odd ones) to its own optimum;
 *             distributed on with those instances fails on every rank; distributed on with
 *             ta001 everywhere, twice, is one search of every rank each time, and only rank 0
 *             reports progress, its first schedule's set-up included; MPI is still running
 *             afterwards.
 *   single    MPI_Init by the program (MPI_THREAD_SINGLE): distributed on fails, naming the
 *             level given and the level needed.
 *   library   no MPI started by the program: distributed on starts MPI and ends it with the
 *             solve; a second such solve is refused, saying why; distributed off still solves. */
#include "flowshopbb.h"

#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int rank, failures;

static void check(const char *name, int ok, const char *why)
{
    printf("rank %d: %s: %s%s%s%s\n", rank, name, ok ? "ok" : "FAILED", ok ? "" : " (", ok ? "" : why,
           ok ? "" : ")");
    failures += !ok;
}

/* Solves instance with option distributed set to mode; FSBB_OK with result filled, or the
 * error in err. */
static fsbb_status solve(const char *instance_name, const char *mode, fsbb_result *result, fsbb_error *err)
{
    fsbb_instance *instance = NULL;
    fsbb_status status = fsbb_instance_load(instance_name, &instance, err);
    if (status != FSBB_OK)
        return status;
    fsbb_options *options = fsbb_options_new();
    status = fsbb_options_set(options, "threads", "1", err);
    if (status == FSBB_OK)
        status = fsbb_options_set(options, "heuristic-threads", "0", err);
    if (status == FSBB_OK)
        status = fsbb_options_set(options, "distributed", mode, err);
    if (status == FSBB_OK)
        status = fsbb_solve(instance, options, result, err);
    fsbb_options_free(options);
    fsbb_instance_free(instance);
    return status;
}

/* A solve expected to reach makespan, optimal, as a rank of ranks (0: not distributed). */
static void expect_optimum(const char *name, const char *instance, const char *mode, int makespan, int ranks)
{
    fsbb_result result;
    fsbb_error err = {0};
    const fsbb_status status = solve(instance, mode, &result, &err);
    char why[FSBB_ERROR_MESSAGE_SIZE + 128];
    snprintf(why, sizeof why, "%s %s, makespan %d, optimal %d, ranks %d", fsbb_status_name(status),
             status == FSBB_OK ? "" : err.message, status == FSBB_OK ? result.makespan : -1,
             status == FSBB_OK ? result.optimal : -1, status == FSBB_OK ? result.ranks : -1);
    check(name, status == FSBB_OK && result.makespan == makespan && result.optimal && result.ranks == ranks, why);
    if (status == FSBB_OK)
        fsbb_result_clear(&result);
}

/* A solve expected to fail with a message holding each of the words. */
static void expect_failure(const char *name, const char *instance, const char *mode, const char *word,
                           const char *other_word)
{
    fsbb_result result;
    fsbb_error err = {0};
    const fsbb_status status = solve(instance, mode, &result, &err);
    check(name, status != FSBB_OK && strstr(err.message, word) && (!other_word || strstr(err.message, other_word)),
          status == FSBB_OK ? "it solved" : err.message);
    if (status == FSBB_OK)
        fsbb_result_clear(&result);
}

static void count_report(const fsbb_progress *progress, void *data)
{
    (void)progress;
    ++*(int *)data;
}

/* A distributed solve of ta001 with a progress callback: rank 0 reports, the others never
 * (not even while the initial upper bound's walks run, before the search). */
static void expect_progress_on_rank_zero(void)
{
    fsbb_instance *instance = NULL;
    fsbb_options *options = fsbb_options_new();
    fsbb_solver *solver = NULL;
    fsbb_result result;
    fsbb_error err = {0};
    int reports = 0, solved = 0;
    fsbb_status status = fsbb_instance_load("ta001", &instance, &err);
    if (status == FSBB_OK)
        status = fsbb_options_set(options, "threads", "1", &err);
    if (status == FSBB_OK)
        status = fsbb_options_set(options, "distributed", "on", &err);
    if (status == FSBB_OK)
        status = fsbb_solver_new(instance, options, &solver, &err);
    if (status == FSBB_OK) {
        fsbb_solver_on_progress(solver, count_report, &reports, 1e-6);
        status = fsbb_solver_solve(solver, &result, &err);
        solved = status == FSBB_OK;
    }
    char why[FSBB_ERROR_MESSAGE_SIZE + 64];
    snprintf(why, sizeof why, "%s %s, %d reports", fsbb_status_name(status), solved ? "" : err.message, reports);
    check("on: progress from rank 0 alone", solved && result.optimal && (rank == 0 ? reports > 0 : reports == 0), why);
    if (solved)
        fsbb_result_clear(&result);
    fsbb_solver_free(solver);
    fsbb_options_free(options);
    fsbb_instance_free(instance);
}

static int mpi_running(void)
{
    int initialized = 0, finalized = 0;
    MPI_Initialized(&initialized);
    MPI_Finalized(&finalized);
    return initialized && !finalized;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    int ranks = 0, provided = 0;
    if (strcmp(mode, "program") == 0) {
        MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        MPI_Comm_size(MPI_COMM_WORLD, &ranks);
        const int own_makespan = rank % 2 ? 1359 : 1278;
        const char *own = rank % 2 ? "ta002" : "ta001";
        expect_optimum("off: its own instance", own, "off", own_makespan, 0);
        expect_failure("on: different instances refused", own, "on", "different instances", NULL);
        expect_optimum("on: one search of every rank", "ta001", "on", 1278, ranks);
        expect_optimum("on: a second one", "ta001", "on", 1278, ranks);
        expect_progress_on_rank_zero();
        expect_optimum("auto under mpirun: a third one", "ta001", "auto", 1278, ranks);
        check("MPI still the program's", mpi_running(), "the library ended it");
        MPI_Finalize();
    } else if (strcmp(mode, "single") == 0) {
        MPI_Init(&argc, &argv);
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        expect_failure("MPI_THREAD_SINGLE refused", "ta001", "on", "MPI_THREAD_SINGLE", "MPI_THREAD_FUNNELED");
        expect_optimum("off: searches alone", "ta001", "off", 1278, 0);
        check("MPI still the program's", mpi_running(), "the library ended it");
        MPI_Finalize();
    } else if (strcmp(mode, "library") == 0) {
        fsbb_result result;
        fsbb_error err = {0};
        if (solve("ta001", "on", &result, &err) == FSBB_OK) {
            rank = result.rank;
            check("on: one search of every rank", result.makespan == 1278 && result.optimal && result.ranks > 1,
                  "not one search of every rank");
            fsbb_result_clear(&result);
        } else {
            check("on: one search of every rank", 0, err.message);
        }
        check("MPI ended with the solve that started it", !mpi_running(), "still running");
        expect_failure("a second distributed solve refused", "ta001", "on", "MPI has ended",
                       "one distributed solve per process");
        expect_optimum("off: searches alone", "ta001", "off", 1278, 0);
    } else {
        fprintf(stderr, "usage: %s program|single|library (under mpirun)\n", argv[0]);
        return 2;
    }
    return failures ? 1 : 0;
}
