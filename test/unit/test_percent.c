/* test_percent.c — percentages for people (solver/tools/percent.h): 3 significant digits
 * with trailing zeros, 0 and 100 only when exact, never either end for a fraction between. */
#include "percent.h"
#include "suites.h"

#include <CUnit/CUnit.h>
#include <string.h>

static void expect_percent(double fraction, const char *expected)
{
    char text[32];
    fsbb_percent_text(text, sizeof text, fraction);
    CU_ASSERT_STRING_EQUAL(text, expected);
    if (strcmp(text, expected) != 0)
        fprintf(stderr, "\n  %.12g: \"%s\", expected \"%s\"\n", fraction, text, expected);
}

static void test_significant_digits(void)
{
    expect_percent(0.049986, "5.00");
    expect_percent(0.1, "10.0");
    expect_percent(0.1456, "14.6");
    expect_percent(0.5, "50.0");
    expect_percent(0.005, "0.500");
    expect_percent(0.0000123, "0.00123");
    expect_percent(0.09996, "10.0");
    expect_percent(0.9994, "99.9");
}

static void test_ends_only_when_exact(void)
{
    expect_percent(0, "0");
    expect_percent(1, "100");
    expect_percent(0.999998743, "99.9999");
    expect_percent(0.9996, "99.96");
    expect_percent(1e-8, "0.000001");
    expect_percent(1 - 1e-12, ">99.999999");
    expect_percent(1e-9, "<0.000001");
}

FSBB_SUITE("percent", {"3 significant digits, trailing zeros kept", test_significant_digits},
           {"0 and 100 only for exactly 0 and 1", test_ends_only_when_exact})
