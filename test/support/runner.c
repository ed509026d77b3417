/* runner.c — the CUnit runner for the suites of test/unit and test/gpu (see suites.h). Runs
 * all suites, or those whose names are given as arguments; prints CUnit's summary; exits 1
 * on a failure. FSBB_TEST_CORES=N runs them as on an N-core machine (reported_cores.c). */
#include "suites.h"

#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_SUITES 64

static struct {
    const char *name;
    const fsbb_test *tests;
    int count;
} registered[MAX_SUITES];
static int registered_count;

void fsbb_register_suite(const char *name, const fsbb_test *tests, int count)
{
    if (registered_count == MAX_SUITES) {
        fprintf(stderr, "too many test suites (raise MAX_SUITES)\n");
        return;
    }
    registered[registered_count].name = name;
    registered[registered_count].tests = tests;
    registered[registered_count].count = count;
    registered_count++;
}

static int wanted(const char *name, int argc, char **argv)
{
    if (argc < 2)
        return 1;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], name) == 0)
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    for (int s = 0; s < registered_count; s++) {
        if (!wanted(registered[s].name, argc, argv))
            continue;
        CU_pSuite suite = CU_add_suite(registered[s].name, NULL, NULL);
        for (int t = 0; suite && t < registered[s].count; t++) {
            const fsbb_test *test = &registered[s].tests[t];
            CU_pTest added = CU_add_test(suite, test->name, test->function);
            const char *reason = test->skip && added ? test->skip() : NULL;
            if (reason) {
                CU_set_test_active(added, CU_FALSE);
                printf("skipped: %s: %s: %s\n", registered[s].name, test->name, reason);
            }
        }
    }
    const char *cores = getenv("FSBB_TEST_CORES");
    if (cores)
        printf("as on a machine of %ld cores (FSBB_TEST_CORES=%s)\n", sysconf(_SC_NPROCESSORS_ONLN), cores);
    /* A skipped test is Inactive, not a failure. */
    CU_set_fail_on_inactive(CU_FALSE);
    CU_basic_set_mode(CU_BRM_NORMAL);
    CU_basic_run_tests();
    const unsigned failures = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
    CU_cleanup_registry();
    return failures ? 1 : 0;
}
