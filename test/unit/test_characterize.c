/* test_characterize.c — CUIRRE's trace characterization (I_irre, U_util, task and thread
 * lengths) on hand-made traces whose values follow from the paper's equations by hand,
 * the trace file format, and the loading ratio arithmetic. */
#include "characterize.h"
#include "loading_ratio.h"
#include "suites.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NEAR(x, y) CU_ASSERT(fabs((x) - (y)) < 1e-9)

static void add(fsbb_trace *trace, int64_t warp, int lane, int64_t begin, int64_t end)
{
    CU_ASSERT_EQUAL(fsbb_trace_add_task(trace, warp, lane, trace->task_count, begin, end, NULL), FSBB_OK);
}

static void test_regular_warp(void)
{
    fsbb_trace trace;
    fsbb_trace_init(&trace);
    for (int lane = 0; lane < 32; lane++)
        add(&trace, 0, lane, 100 + lane, 110 + lane);
    fsbb_trace_stats s;
    CU_ASSERT_EQUAL(fsbb_trace_characterize(&trace, &s, NULL), FSBB_OK);
    CU_ASSERT_EQUAL(s.tasks, 32);
    CU_ASSERT_EQUAL(s.threads, 32);
    CU_ASSERT_EQUAL(s.warps, 1);
    NEAR(s.task_min, 10);
    NEAR(s.task_max, 10);
    NEAR(s.irregularity, 1.0);
    NEAR(s.utilization, 1.0);
    fsbb_trace_free(&trace);
}

/* Two lanes of 10 and 30 cycles: I = 2 / (10/30 + 30/30) = 1.5; U = 40 / (30 * 2) = 2/3,
 * and with a head and a tail of 5: U = (40 + 10 * 2) / ((5 + 30 + 5) * 2) = 0.75. */
static void test_two_lanes(void)
{
    fsbb_trace trace;
    fsbb_trace_init(&trace);
    add(&trace, 7, 0, 0, 10);
    add(&trace, 7, 1, 0, 30);
    fsbb_trace_stats s;
    CU_ASSERT_EQUAL(fsbb_trace_characterize(&trace, &s, NULL), FSBB_OK);
    NEAR(s.irregularity, 1.5);
    NEAR(s.utilization, 2.0 / 3.0);
    NEAR(s.task_mean, 20);
    CU_ASSERT_EQUAL(fsbb_trace_add_warp(&trace, 7, 5, 5, NULL), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_trace_characterize(&trace, &s, NULL), FSBB_OK);
    NEAR(s.irregularity, 1.5);
    NEAR(s.utilization, 0.75);
    fsbb_trace_free(&trace);
}

/* Warp 0: lanes of 1..32 cycles (sum 528, max 32, ratios sum 16.5), head 10, tail 2;
 * warp 1: one lane of 7 cycles, head 3. I = 33 / 17.5; U = (528 + 12*32 + 7 + 3) /
 * ((10 + 32 + 2) * 32 + (3 + 7) * 1) = 922 / 1418. Records arrive out of order. */
static void test_two_warps(void)
{
    fsbb_trace trace;
    fsbb_trace_init(&trace);
    CU_ASSERT_EQUAL(fsbb_trace_add_warp(&trace, 1, 3, 0, NULL), FSBB_OK);
    add(&trace, 1, 4, 50, 57);
    for (int lane = 31; lane >= 0; lane--)
        add(&trace, 0, lane, 1000, 1000 + lane + 1);
    CU_ASSERT_EQUAL(fsbb_trace_add_warp(&trace, 0, 10, 2, NULL), FSBB_OK);
    fsbb_trace_stats s;
    CU_ASSERT_EQUAL(fsbb_trace_characterize(&trace, &s, NULL), FSBB_OK);
    CU_ASSERT_EQUAL(s.warps, 2);
    CU_ASSERT_EQUAL(s.threads, 33);
    NEAR(s.irregularity, 33.0 / 17.5);
    NEAR(s.utilization, 922.0 / 1418.0);
    NEAR(s.task_min, 1);
    NEAR(s.task_max, 32);
    NEAR(s.thread_mean, 535.0 / 33.0);
    fsbb_trace_free(&trace);
}

/* A task pool: lane 0 runs tasks of 5 and 15, lane 1 one of 20: T_body 20 and 20, I = 1;
 * task lengths 5, 15, 20. */
static void test_several_tasks_per_lane(void)
{
    fsbb_trace trace;
    fsbb_trace_init(&trace);
    add(&trace, 0, 0, 0, 5);
    add(&trace, 0, 1, 0, 20);
    add(&trace, 0, 0, 6, 21);
    fsbb_trace_stats s;
    CU_ASSERT_EQUAL(fsbb_trace_characterize(&trace, &s, NULL), FSBB_OK);
    CU_ASSERT_EQUAL(s.tasks, 3);
    CU_ASSERT_EQUAL(s.threads, 2);
    NEAR(s.irregularity, 1.0);
    NEAR(s.utilization, 1.0);
    NEAR(s.task_min, 5);
    NEAR(s.task_max, 20);
    NEAR(s.task_mean, 40.0 / 3.0);
    NEAR(s.thread_min, 20);
    fsbb_trace_free(&trace);
}

static void test_refusals(void)
{
    fsbb_trace trace;
    fsbb_trace_stats s;
    fsbb_error err;
    fsbb_trace_init(&trace);
    CU_ASSERT_EQUAL(fsbb_trace_characterize(&trace, &s, &err), FSBB_ERR_ARGUMENT);
    add(&trace, 0, 32, 0, 1);
    CU_ASSERT_EQUAL(fsbb_trace_characterize(&trace, &s, &err), FSBB_ERR_ARGUMENT);
    fsbb_trace_free(&trace);
    add(&trace, 0, 3, 9, 8);
    CU_ASSERT_EQUAL(fsbb_trace_characterize(&trace, &s, &err), FSBB_ERR_ARGUMENT);
    fsbb_trace_free(&trace);
}

static void test_file_round_trip(void)
{
    fsbb_trace trace, back;
    fsbb_trace_init(&trace);
    fsbb_trace_init(&back);
    for (int lane = 0; lane < 32; lane++)
        add(&trace, 3, lane, 1LL << 40, (1LL << 40) + 17 * lane + 4);
    CU_ASSERT_EQUAL(fsbb_trace_add_warp(&trace, 3, 11, 13, NULL), FSBB_OK);
    FILE *file = tmpfile();
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    CU_ASSERT_EQUAL(fsbb_trace_write(file, &trace, NULL), FSBB_OK);
    fputs("\n# a comment\n", file);
    rewind(file);
    CU_ASSERT_EQUAL(fsbb_trace_read(file, &back, NULL), FSBB_OK);
    fclose(file);
    fsbb_trace_stats a, b;
    CU_ASSERT_EQUAL(fsbb_trace_characterize(&trace, &a, NULL), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_trace_characterize(&back, &b, NULL), FSBB_OK);
    CU_ASSERT_EQUAL(back.task_count, 32);
    CU_ASSERT_EQUAL(back.warp_count, 1);
    NEAR(a.irregularity, b.irregularity);
    NEAR(a.utilization, b.utilization);
    NEAR(b.task_max, 17 * 31 + 4);

    file = tmpfile();
    fputs("task 0 1 2 3\n", file);
    rewind(file);
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_trace_read(file, &back, &err), FSBB_ERR_PARSE);
    fclose(file);
    fsbb_trace_free(&trace);
    fsbb_trace_free(&back);
}

/* Binary data is refused at its line, whether or not it could pass for a record (/dev/zero
 * used to be read for ever, its NUL bytes taken for empty lines), and so is an overlong line. */
static void test_binary_refused(void)
{
    static const char with_nul[] = "task 0 0 0 0 1\ntask 0 1 0 0 1\0garbage\n";
    fsbb_trace trace;
    fsbb_trace_init(&trace);
    fsbb_error err = {0};
    FILE *file = tmpfile();
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    fwrite(with_nul, 1, sizeof with_nul - 1, file);
    rewind(file);
    CU_ASSERT_EQUAL(fsbb_trace_read(file, &trace, &err), FSBB_ERR_PARSE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "line 2: NUL byte"));
    fclose(file);
    fsbb_trace_free(&trace);

    file = tmpfile();
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    fputs("task 0 0 0 0 1\n# ", file);
    for (int i = 0; i < 300; i++)
        fputc('x', file);
    rewind(file);
    CU_ASSERT_EQUAL(fsbb_trace_read(file, &trace, &err), FSBB_ERR_PARSE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "line 2: longer than"));
    fclose(file);
    fsbb_trace_free(&trace);
}

/* 2^20 tasks in blocks of 256 on 132 SMs with 8 resident blocks each: the block threshold
 * is 1056, R = 2^20 / (256 * 1056), and that ratio launches exactly 1056 blocks. */
static void test_loading_ratio(void)
{
    const double ratio = fsbb_adaptive_loading_ratio(1 << 20, 256, 132, 8);
    NEAR(ratio, 1048576.0 / (256.0 * 1056.0));
    CU_ASSERT_EQUAL(fsbb_loading_ratio_blocks(1 << 20, 256, ratio), 1056);
    /* Fewer tasks than threads of a full GPU: one task per thread. */
    NEAR(fsbb_adaptive_loading_ratio(1000, 256, 132, 8), 1.0);
    CU_ASSERT_EQUAL(fsbb_loading_ratio_blocks(1000, 256, 1.0), 4);
    CU_ASSERT_EQUAL(fsbb_loading_ratio_blocks(1000, 256, 4.0), 1);
    CU_ASSERT_EQUAL(fsbb_loading_ratio_blocks(1000, 256, 0.5), 4);
    const int64_t blocks = fsbb_loading_ratio_blocks(1000003, 128, 3.0);
    CU_ASSERT_EQUAL(blocks, 2605);
    CU_ASSERT(fsbb_loading_ratio_tasks_per_block(1000003, blocks) * blocks >= 1000003);
    CU_ASSERT(fsbb_loading_ratio_tasks_per_block(1000003, blocks) * (blocks - 1) < 1000003);
}

/* test/data/trace_synthetic.txt, by the paper's equations: warp 0 has bodies 40, 30, 20,
 * 10 (ratios 1 + 3/4 + 1/2 + 1/4 = 2.5, n = 4), warp 5 bodies 20, 20 (ratios 2, n = 2), so
 * I_irre = (4 + 2) / (2.5 + 2) = 4/3; U_util = (100 + (4 + 6) * 4 + 40) / ((4 + 40 + 6) * 4 +
 * 20 * 2) = 180 / 240 = 0.75. Seven tasks of 10..40 cycles, mean 140 / 7 = 20. */
static void test_synthetic_file(void)
{
    fsbb_trace trace;
    fsbb_trace_init(&trace);
    fsbb_trace_stats s;
    CU_ASSERT_EQUAL_FATAL(fsbb_trace_load("test/data/trace_synthetic.txt", &trace, NULL), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_trace_characterize(&trace, &s, NULL), FSBB_OK);
    CU_ASSERT_EQUAL(s.tasks, 7);
    NEAR(s.task_min, 10);
    NEAR(s.task_max, 40);
    NEAR(s.task_mean, 20);
    CU_ASSERT_EQUAL(s.threads, 6);
    CU_ASSERT_EQUAL(s.warps, 2);
    NEAR(s.irregularity, 4.0 / 3.0);
    NEAR(s.utilization, 0.75);
    fsbb_trace_free(&trace);
}

FSBB_SUITE("characterize",
           {"a regular warp: I_irre = U_util = 1", test_regular_warp},
           {"two lanes of 10 and 30 cycles, with and without head and tail", test_two_lanes},
           {"two warps, one partial, out of order", test_two_warps},
           {"several tasks per lane (a task pool)", test_several_tasks_per_lane},
           {"bad traces are refused", test_refusals},
           {"trace files round-trip; malformed lines are refused", test_file_round_trip},
           {"binary data and overlong lines in a trace are refused", test_binary_refused},
           {"loading ratio and grid of the task pools", test_loading_ratio},
           {"the synthetic trace file: I_irre = 4/3, U_util = 3/4", test_synthetic_file})
