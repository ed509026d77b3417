/* test_div_options.c — the divergence options: parsing and reading back, which of them make
 * a solve use the divergence kernels, their mapping to a kernel configuration
 * (div_options.h), the refused combinations, and the refusal to run them on the CPU. */
#include "div_options.h"
#include "error.h"
#include "flowshopbb.h"
#include "options.h"
#include "suites.h"

#include <stdarg.h>
#include <string.h>

static void expect_value(const fsbb_options *options, const char *name, const char *want)
{
    char buffer[64];
    const char *got = fsbb_options_get(options, name, buffer, sizeof buffer);
    CU_ASSERT_PTR_NOT_NULL_FATAL(got);
    CU_ASSERT_STRING_EQUAL(got, want);
}

static void test_parsing(void)
{
    fsbb_options *options = fsbb_options_new();
    const char *defaults[][2] = {{"balance", "none"}, {"loading-ratio", "0"}, {"ccc", "off"},  {"cte", "off"},
                                 {"subwarp", "0"},    {"throttle", "none"},   {"diagnose", ""}};
    for (size_t i = 0; i < sizeof defaults / sizeof *defaults; i++)
        expect_value(options, defaults[i][0], defaults[i][1]);
    CU_ASSERT_FALSE(fsbb_div_options_active(&options->divergence));
    const char *accepted[][2] = {
        {"balance", "central"}, {"balance", "distributed"}, {"balance", "steal"}, {"balance", "persistent"},
        {"balance", "none"},    {"throttle", "cf"},         {"throttle", "cfq"},  {"throttle", "sj"},
        {"throttle", "sjq"},    {"throttle", "none"},       {"ccc", "on"},        {"ccc", "off"},
        {"cte", "on"},          {"cte", "off"},             {"subwarp", "2"},     {"subwarp", "32"},
        {"subwarp", "0"},       {"loading-ratio", "2.5"},   {"loading-ratio", "0"}};
    for (size_t i = 0; i < sizeof accepted / sizeof *accepted; i++) {
        CU_ASSERT_EQUAL(fsbb_options_set(options, accepted[i][0], accepted[i][1], NULL), FSBB_OK);
        expect_value(options, accepted[i][0], accepted[i][1]);
    }
    const char *refused[][2] = {{"balance", "stealing"}, {"throttle", "lru"},    {"ccc", "yes"},
                                {"cte", "1"},            {"subwarp", "3"},       {"subwarp", "1"},
                                {"subwarp", "64"},       {"subwarp", "-2"},      {"loading-ratio", "-1"},
                                {"loading-ratio", "x"},  {"loading-ratio", "2x"}};
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        fsbb_error err;
        CU_ASSERT_EQUAL(fsbb_options_set(options, refused[i][0], refused[i][1], &err), FSBB_ERR_ARGUMENT);
        CU_ASSERT_PTR_NOT_NULL(strstr(err.message, refused[i][1]));
    }
    CU_ASSERT_EQUAL(fsbb_options_set(options, "diagnose", "trace.txt", NULL), FSBB_OK);
    expect_value(options, "diagnose", "trace.txt");
    fsbb_options_free(options);
}

static void test_active(void)
{
    const char *on[][2] = {{"balance", "persistent"}, {"loading-ratio", "4"}, {"ccc", "on"}, {"cte", "on"},
                           {"subwarp", "8"},          {"throttle", "sj"},     {"diagnose", "t.txt"}};
    for (size_t i = 0; i < sizeof on / sizeof *on; i++) {
        fsbb_options *options = fsbb_options_new();
        CU_ASSERT_EQUAL(fsbb_options_set(options, on[i][0], on[i][1], NULL), FSBB_OK);
        CU_ASSERT_TRUE(fsbb_div_options_active(&options->divergence));
        fsbb_options_free(options);
    }
    fsbb_options *options = fsbb_options_new();
    CU_ASSERT_EQUAL(fsbb_options_set(options, "ccc", "off", NULL), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_options_set(options, "balance", "none", NULL), FSBB_OK);
    CU_ASSERT_FALSE(fsbb_div_options_active(&options->divergence));
    fsbb_options_free(options);
}

/* Sets lb2 and the given name/value pairs (NULL-terminated) and maps them. */
static fsbb_status config_of(fsbb_div_config *config, fsbb_error *err, const char *first, ...)
{
    fsbb_options *options = fsbb_options_new();
    CU_ASSERT_EQUAL(fsbb_options_set(options, "lb", "lb2", NULL), FSBB_OK);
    va_list list;
    va_start(list, first);
    for (const char *name = first; name; name = va_arg(list, const char *))
        CU_ASSERT_EQUAL(fsbb_options_set(options, name, va_arg(list, const char *), NULL), FSBB_OK);
    va_end(list);
    const fsbb_status status = fsbb_div_options_config(options, config, err);
    fsbb_options_free(options);
    return status;
}

static void test_mapping(void)
{
    fsbb_div_config c;
    CU_ASSERT_EQUAL(config_of(&c, NULL, "diagnose", "t.txt", NULL), FSBB_OK);
    CU_ASSERT_EQUAL(c.kernel, FSBB_DIV_PLAIN);
    CU_ASSERT_EQUAL(c.lb, FSBB_LB2);
    CU_ASSERT_EQUAL(c.balance, FSBB_DIV_BALANCE_NONE);
    CU_ASSERT_EQUAL(config_of(&c, NULL, "cte", "on", NULL), FSBB_OK);
    CU_ASSERT_EQUAL(c.kernel, FSBB_DIV_CTE);
    CU_ASSERT_EQUAL(config_of(&c, NULL, "ccc", "on", "block-size", "256", NULL), FSBB_OK);
    CU_ASSERT_EQUAL(c.kernel, FSBB_DIV_CCC);
    CU_ASSERT_EQUAL(c.block_size, 256);
    CU_ASSERT_EQUAL(config_of(&c, NULL, "subwarp", "16", NULL), FSBB_OK);
    CU_ASSERT_EQUAL(c.kernel, FSBB_DIV_SUBWARP);
    CU_ASSERT_EQUAL(c.subwarp, 16);
    CU_ASSERT_EQUAL(config_of(&c, NULL, "balance", "distributed", "loading-ratio", "2.5", NULL), FSBB_OK);
    CU_ASSERT_EQUAL(c.kernel, FSBB_DIV_FLAT);
    CU_ASSERT_EQUAL(c.balance, FSBB_DIV_BALANCE_DISTRIBUTED);
    CU_ASSERT_DOUBLE_EQUAL(c.loading_ratio, 2.5, 1e-12);
    CU_ASSERT_EQUAL(config_of(&c, NULL, "balance", "persistent", NULL), FSBB_OK);
    CU_ASSERT_EQUAL(c.kernel, FSBB_DIV_PLAIN);
    CU_ASSERT_EQUAL(c.balance, FSBB_DIV_BALANCE_PERSISTENT);
    CU_ASSERT_EQUAL(config_of(&c, NULL, "balance", "persistent", "cte", "on", NULL), FSBB_OK);
    CU_ASSERT_EQUAL(c.kernel, FSBB_DIV_CTE);
    CU_ASSERT_EQUAL(c.balance, FSBB_DIV_BALANCE_PERSISTENT);
    CU_ASSERT_EQUAL(config_of(&c, NULL, "throttle", "sjq", NULL), FSBB_OK);
    CU_ASSERT_EQUAL(c.kernel, FSBB_DIV_TILED);
    CU_ASSERT_EQUAL(c.throttle, FSBB_DIV_THROTTLE_SJQ);
}

static void expect_refused(const char *needle, const char *first, ...)
{
    fsbb_options *options = fsbb_options_new();
    va_list list;
    va_start(list, first);
    for (const char *name = first; name; name = va_arg(list, const char *))
        CU_ASSERT_EQUAL(fsbb_options_set(options, name, va_arg(list, const char *), NULL), FSBB_OK);
    va_end(list);
    fsbb_div_config c;
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_div_options_config(options, &c, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, needle));
    fsbb_options_free(options);
}

static void test_refused_combinations(void)
{
    expect_refused("--cte on and --ccc on", "lb", "lb2", "ccc", "on", "cte", "on", NULL);
    expect_refused("--cte on and --subwarp 4", "lb", "lb2", "subwarp", "4", "cte", "on", NULL);
    expect_refused("--balance steal and --throttle cf", "lb", "lb2", "balance", "steal", "throttle", "cf", NULL);
    expect_refused("--ccc on and --balance central", "lb", "lb2", "balance", "central", "ccc", "on", NULL);
    expect_refused("persistent", "lb", "lb2", "balance", "persistent", "throttle", "sj", NULL);
    expect_refused("--loading-ratio", "lb", "lb2", "loading-ratio", "2", NULL);
    expect_refused("--loading-ratio", "lb", "lb2", "balance", "persistent", "loading-ratio", "2", NULL);
    expect_refused("--lb lb2", "lb", "lb1", "cte", "on", NULL);
    expect_refused("--lb lb2", "lb", "lb1", "balance", "persistent", NULL);
    fsbb_div_config c;
    fsbb_options *options = fsbb_options_new();
    CU_ASSERT_EQUAL(fsbb_options_set(options, "diagnose", "t.txt", NULL), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_div_options_config(options, &c, NULL), FSBB_OK);
    CU_ASSERT_EQUAL(c.lb, FSBB_LB1);
    CU_ASSERT_EQUAL(c.kernel, FSBB_DIV_PLAIN);
    fsbb_options_free(options);
}

/* The divergence kernels run only on the GPU: a CPU solve with one of them on is refused
 * before it starts (the engine table, engine.h), and one with them off is not affected. */
static void test_cpu_refused(void)
{
    fsbb_options *options = fsbb_options_new();
    CU_ASSERT_EQUAL(fsbb_options_set(options, "lb", "lb2", NULL), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_options_set(options, "cte", "on", NULL), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_div_options_check_combination(options, NULL), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_div_options_check_bound(options, NULL), FSBB_OK);
    fsbb_error err;
    fsbb_instance *instance;
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load("ta001", &instance, NULL), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_options_set(options, "device", "cpu", NULL), FSBB_OK);
    fsbb_result result;
    CU_ASSERT_EQUAL(fsbb_solve(instance, options, &result, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "add --device gpu"));
    CU_ASSERT_EQUAL(fsbb_options_set(options, "cte", "off", NULL), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_options_set(options, "ub", "opt", NULL), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_options_set(options, "threads", "2", NULL), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_solve(instance, options, &result, &err), FSBB_OK);
    CU_ASSERT_EQUAL(result.makespan, 1278);
    fsbb_result_clear(&result);
    fsbb_instance_free(instance);
    fsbb_options_free(options);
}

FSBB_SUITE("divergence options",
           {"parsing, reading back and refused values", test_parsing},
           {"any option off its default makes the solve use the divergence kernels", test_active},
           {"options to kernel configurations", test_mapping},
           {"contradictory combinations and LB1 are refused", test_refused_combinations},
           {"a CPU solve with a divergence option is refused", test_cpu_refused})
