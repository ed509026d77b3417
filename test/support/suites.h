/* suites.h — self-registering CUnit suites: each test file lists its tests with
 * FSBB_SUITE(name, { "test name", function }, ...) and the runner (runner.c) adds every
 * suite it was given, so test files are independent of each other and of the runner. */
#ifndef FSBB_TEST_SUITES_H
#define FSBB_TEST_SUITES_H

#include <CUnit/CUnit.h>

typedef struct fsbb_test {
    const char *name;
    CU_TestFunc function;
} fsbb_test;

void fsbb_register_suite(const char *name, const fsbb_test *tests, int count);

#define FSBB_SUITE(suite_name, ...)                                                           \
    static const fsbb_test suite_tests_[] = {__VA_ARGS__};                                    \
    __attribute__((constructor)) static void register_suite_(void)                            \
    {                                                                                         \
        fsbb_register_suite(suite_name, suite_tests_, sizeof suite_tests_ / sizeof *suite_tests_); \
    }

#endif
