/* test_engines.c — the engine table (engine.h): which engine a request runs on, for every
 * device, GPU engine named, custom bounds with and without GPU source and the divergence
 * options, with a GPU usable or not (the table is the same in builds without CUDA, where
 * its GPU engines cannot run), and the refusals' codes and words. */
#include "engine.h"
#include "suites.h"

#include <string.h>

/* What choosing for these option pairs and custom bounds gave. */
typedef struct choice {
    fsbb_status status;
    const fsbb_engine *engine;
    fsbb_error err;
} choice;

static choice choose(const char *const *pairs, const fsbb_custom_bound *bounds, int count, int gpu_available)
{
    fsbb_options *options = fsbb_options_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(options);
    for (int i = 0; pairs && pairs[i]; i += 2)
        CU_ASSERT_EQUAL(fsbb_options_set(options, pairs[i], pairs[i + 1], NULL), FSBB_OK);
    const fsbb_engine_request request = fsbb_engine_request_of(options, bounds, count, gpu_available);
    choice c;
    memset(&c, 0, sizeof c);
    c.status = fsbb_engine_choose(&request, &c.engine, &c.err);
    fsbb_options_free(options);
    return c;
}

static int chose(const choice *c, const char *name, int divergence)
{
    return c->status == FSBB_OK && c->engine && strcmp(c->engine->name, name) == 0 &&
           c->engine->divergence == divergence;
}

static int refused(const choice *c, fsbb_status status, const char *words)
{
    return c->status == status && !c->engine && strstr(c->err.message, words) != NULL;
}

static void test_devices(void)
{
    static const char *const cpu[] = {"device", "cpu", NULL};
    static const char *const gpu[] = {"device", "gpu", NULL};
    static const char *const gpu_offload[] = {"device", "gpu", "gpu-engine", "offload", NULL};
    static const char *const automatic[] = {"device", "auto", NULL};
    choice c = choose(cpu, NULL, 0, 1);
    CU_ASSERT_TRUE(chose(&c, "cpu", 0));
    CU_ASSERT_EQUAL(c.engine->threads, 1);
    c = choose(gpu, NULL, 0, 1);
    CU_ASSERT_TRUE(chose(&c, "resident", 0));
    CU_ASSERT_EQUAL(c.engine->threads, 0);
    CU_ASSERT_EQUAL(c.engine->device, FSBB_DEVICE_GPU);
    c = choose(gpu_offload, NULL, 0, 1);
    CU_ASSERT_TRUE(chose(&c, "offload", 0));
    CU_ASSERT_EQUAL(c.engine->threads, 1);  /* one host loop per thread */
    c = choose(gpu, NULL, 0, 0);
    CU_ASSERT_TRUE(refused(&c, FSBB_ERR_NO_GPU, "--device gpu: no usable CUDA GPU"));
    c = choose(automatic, NULL, 0, 1);
    CU_ASSERT_TRUE(chose(&c, "resident", 0));
    c = choose(automatic, NULL, 0, 0);
    CU_ASSERT_TRUE(chose(&c, "cpu", 0));
}

static void test_custom_bounds(void)
{
    const fsbb_custom_bound with_source[] = {
        {.definition = {.name = "a", .gpu_source = "source", .gpu_function = "a"}},
        {.definition = {.name = "b", .gpu_source = "source", .gpu_function = "b"}},
    };
    const fsbb_custom_bound one_without[] = {
        {.definition = {.name = "a", .gpu_source = "source", .gpu_function = "a"}},
        {.definition = {.name = "b"}},
    };
    static const char *const cpu[] = {"device", "cpu", NULL};
    static const char *const gpu[] = {"device", "gpu", NULL};
    static const char *const automatic[] = {"device", "auto", NULL};
    choice c = choose(gpu, with_source, 2, 1);
    CU_ASSERT_TRUE(chose(&c, "offload", 0));
    c = choose(automatic, with_source, 2, 1);
    CU_ASSERT_TRUE(chose(&c, "offload", 0));
    c = choose(cpu, one_without, 2, 1);
    CU_ASSERT_TRUE(chose(&c, "cpu", 0));
    c = choose(automatic, one_without, 2, 1);
    CU_ASSERT_TRUE(chose(&c, "cpu", 0));
    c = choose(gpu, one_without, 2, 1);
    CU_ASSERT_TRUE(refused(&c, FSBB_ERR_ARGUMENT, "--device gpu: a custom bound has no GPU source"));
}

static void test_divergence(void)
{
    static const char *const gpu[] = {"device", "gpu", "lb", "lb2", "cte", "on", NULL};
    static const char *const cpu[] = {"device", "cpu", "lb", "lb2", "cte", "on", NULL};
    static const char *const automatic[] = {"device", "auto", "lb", "lb2", "cte", "on", NULL};
    static const char *const two_kernels[] = {"device", "cpu", "lb", "lb2", "cte", "on", "ccc", "on", NULL};
    choice c = choose(gpu, NULL, 0, 1);
    CU_ASSERT_TRUE(chose(&c, "offload", 1));
    c = choose(automatic, NULL, 0, 1);
    CU_ASSERT_TRUE(chose(&c, "offload", 1));
    c = choose(cpu, NULL, 0, 1);
    CU_ASSERT_TRUE(refused(&c, FSBB_ERR_ARGUMENT, "act on the GPU offload engine: add --device gpu"));
    /* One refusal names all a technique needs: the GPU and LB2. */
    static const char *const cpu_lb1[] = {"device", "cpu", "cte", "on", NULL};
    c = choose(cpu_lb1, NULL, 0, 1);
    CU_ASSERT_TRUE(refused(&c, FSBB_ERR_ARGUMENT, "add --device gpu --lb lb2"));
    /* --device auto without a GPU falls back to the CPU, where the options do nothing; a
     * command line refused on a GPU is refused there too. */
    c = choose(automatic, NULL, 0, 0);
    CU_ASSERT_TRUE(chose(&c, "cpu", 0));
    static const char *const automatic_lb1[] = {"device", "auto", "cte", "on", NULL};
    c = choose(automatic_lb1, NULL, 0, 0);
    CU_ASSERT_TRUE(refused(&c, FSBB_ERR_ARGUMENT, "use --lb lb2"));
    c = choose(automatic_lb1, NULL, 0, 1);
    CU_ASSERT_TRUE(refused(&c, FSBB_ERR_ARGUMENT, "use --lb lb2"));
    static const char *const automatic_two[] = {"device", "auto", "lb", "lb2", "cte", "on", "ccc", "on", NULL};
    c = choose(automatic_two, NULL, 0, 0);
    CU_ASSERT_TRUE(refused(&c, FSBB_ERR_ARGUMENT, "each choose the LB2 bound kernel"));
    c = choose(two_kernels, NULL, 0, 1);
    CU_ASSERT_TRUE(refused(&c, FSBB_ERR_ARGUMENT, "each choose the LB2 bound kernel"));
    const fsbb_custom_bound with_source[] = {{.definition = {.name = "a", .gpu_source = "s", .gpu_function = "a"}}};
    c = choose(gpu, with_source, 1, 1);
    CU_ASSERT_TRUE(refused(&c, FSBB_ERR_ARGUMENT, "drop the custom bounds or the divergence options"));
}

/* The engine that would warm up is the one a GPU would run: none for the CPU. */
static void test_warm_up(void)
{
    fsbb_options *options = fsbb_options_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(options);
    fsbb_engine_request request = fsbb_engine_request_of(options, NULL, 0, 0);
    fsbb_engine_warm_up warm_up;
    fsbb_engine_warm_up_start(&warm_up, &request, 20, 0);
    CU_ASSERT_STRING_EQUAL(warm_up.engine->name, "cpu");
    CU_ASSERT_FALSE(warm_up.started);
    fsbb_engine_warm_up_finish(&warm_up);
    CU_ASSERT_EQUAL(fsbb_options_set(options, "device", "gpu", NULL), FSBB_OK);
    request = fsbb_engine_request_of(options, NULL, 0, 0);
    fsbb_engine_warm_up_start(&warm_up, &request, 20, 0);
    CU_ASSERT_STRING_EQUAL(warm_up.engine->name, "resident");
    fsbb_engine_warm_up_finish(&warm_up);
    CU_ASSERT_FALSE(warm_up.started);
    fsbb_options_free(options);
}

/* The engines that can be a rank of a distributed search: those that trade open nodes with a
 * party (work_exchange.h), the CPU and the resident engine; not the offload engine. */
static void test_party(void)
{
    static const char *const cpu[] = {"device", "cpu", NULL};
    static const char *const gpu[] = {"device", "gpu", NULL};
    static const char *const gpu_offload[] = {"device", "gpu", "gpu-engine", "offload", NULL};
    static const char *const divergence[] = {"device", "gpu", "lb", "lb2", "ccc", "on", NULL};
    choice c = choose(cpu, NULL, 0, 1);
    CU_ASSERT_TRUE(chose(&c, "cpu", 0) && c.engine->party);
    c = choose(gpu, NULL, 0, 1);
    CU_ASSERT_TRUE(chose(&c, "resident", 0) && c.engine->party);
    c = choose(gpu_offload, NULL, 0, 1);
    CU_ASSERT_TRUE(chose(&c, "offload", 0) && !c.engine->party);
    c = choose(divergence, NULL, 0, 1);
    CU_ASSERT_TRUE(chose(&c, "offload", 1) && !c.engine->party);
}

/* Option lb not given: the resident and CPU engines run auto, the offload engine LB1;
 * given (or taken from a checkpoint), the option's bound runs on every engine. */
static void test_default_bound(void)
{
    static const char *const cpu[] = {"device", "cpu", NULL};
    static const char *const gpu[] = {"device", "gpu", NULL};
    static const char *const gpu_offload[] = {"device", "gpu", "gpu-engine", "offload", NULL};
    const choice on_cpu = choose(cpu, NULL, 0, 1), resident = choose(gpu, NULL, 0, 1),
                 offload = choose(gpu_offload, NULL, 0, 1);
    CU_ASSERT_TRUE_FATAL(chose(&on_cpu, "cpu", 0) && chose(&resident, "resident", 0) && chose(&offload, "offload", 0));
    fsbb_options *options = fsbb_options_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(options);
    CU_ASSERT_EQUAL(fsbb_engine_lb(resident.engine, options, 0), FSBB_LB_AUTO);
    CU_ASSERT_EQUAL(fsbb_engine_lb(offload.engine, options, 0), FSBB_LB1);
    CU_ASSERT_EQUAL(fsbb_engine_lb(on_cpu.engine, options, 0), FSBB_LB_AUTO);
    CU_ASSERT_EQUAL(fsbb_engine_lb(resident.engine, options, 1), FSBB_LB1);  /* a checkpoint's lb1 */
    const char *const given[] = {"lb1", "lb2", "auto"};
    const fsbb_lb_kind kinds[] = {FSBB_LB1, FSBB_LB2, FSBB_LB_AUTO};
    for (int g = 0; g < 3; g++) {
        CU_ASSERT_EQUAL(fsbb_options_set(options, "lb", given[g], NULL), FSBB_OK);
        CU_ASSERT_EQUAL(fsbb_engine_lb(resident.engine, options, 0), kinds[g]);
        CU_ASSERT_EQUAL(fsbb_engine_lb(offload.engine, options, 0), kinds[g]);
        CU_ASSERT_EQUAL(fsbb_engine_lb(on_cpu.engine, options, 0), kinds[g]);
    }
    fsbb_options_free(options);
}

FSBB_SUITE("engines",
           {"the device, a usable GPU and gpu-engine choose the engine", test_devices},
           {"custom bounds take the offload engine on a GPU, the CPU engine without GPU source", test_custom_bounds},
           {"the divergence options take the offload engine's kernels, and only on a GPU", test_divergence},
           {"the warm-up is that of the engine a GPU would run", test_warm_up},
           {"the CPU and resident engines take a party (distributed ranks), the offload engine does not", test_party},
           {"without --lb the resident and CPU engines run auto, the offload engine LB1", test_default_bound})
