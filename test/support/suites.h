/* suites.h — self-registering CUnit suites: each test file lists its tests with
 * FSBB_SUITE(name, { "test name", function }, ...) and the runner (runner.c) adds every
 * suite it was given, so test files are independent of each other and of the runner.
 * A test that cannot run on every machine names a skip function, { "name", function,
 * skip }: when it returns a reason, the runner deactivates the test, so CUnit's summary
 * counts it as Inactive, and prints the reason. */
#ifndef FSBB_TEST_SUITES_H
#define FSBB_TEST_SUITES_H

#include <CUnit/CUnit.h>

typedef struct fsbb_test {
    const char *name;
    CU_TestFunc function;
    /* NULL: always runs; else NULL to run, or why the test cannot run here. */
    const char *(*skip)(void);
} fsbb_test;

void fsbb_register_suite(const char *name, const fsbb_test *tests, int count);

/* (Tests without a skip function leave it out: no warning for that.) */
#define FSBB_SUITE(suite_name, ...)                                                           \
    _Pragma("GCC diagnostic push")                                                            \
    _Pragma("GCC diagnostic ignored \"-Wmissing-field-initializers\"")                        \
    static const fsbb_test suite_tests_[] = {__VA_ARGS__};                                    \
    _Pragma("GCC diagnostic pop")                                                             \
    __attribute__((constructor)) static void register_suite_(void)                            \
    {                                                                                         \
        fsbb_register_suite(suite_name, suite_tests_, sizeof suite_tests_ / sizeof *suite_tests_); \
    }

#endif
