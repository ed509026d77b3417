/* options.h — the option set behind fsbb_options, as the engines read it: one typed field
 * per option of the table in options.c, which alone parses, prints, documents and sets
 * their defaults (fsbb_options_set, fsbb_options_get, fsbb_option_info, fsbb_options_new).
 * File names are allocated (NULL: none), so copies go through fsbb_options_copy. */
#ifndef FSBB_OPTIONS_H
#define FSBB_OPTIONS_H

#include "bound_kind.h"
#include "child_order.h"
#include "div_kinds.h"
#include "flowshopbb.h"
#include "gpu_pool.h"
#include "node_pool.h"

#include <stdint.h>

/* The default of warm-start: nodes a GPU search without an upper bound branches on the CPU
 * before the device takes over (warm_start.h). */
#define FSBB_WARM_START_DEFAULT_NODES ((uint64_t)1 << 20)

/* FSBB_UB_HEURISTIC: the heuristic engine with a short budget (anytime.h); FSBB_UB_NEH: NEH
 * and a short local search (heuristic.h). */
typedef enum { FSBB_UB_HEURISTIC, FSBB_UB_NEH, FSBB_UB_OPTIMUM, FSBB_UB_INFINITE, FSBB_UB_VALUE } fsbb_ub_kind;
/* What a solve runs: the exact search, or only the heuristic engine. */
typedef enum { FSBB_SEARCH_EXACT, FSBB_SEARCH_HEURISTIC } fsbb_search_kind;

/* heuristic-threads auto: the walks beside an exact search are chosen by the engine
 * (solver.c). */
#define FSBB_HEURISTIC_THREADS_AUTO (-1)
typedef enum { FSBB_DEVICE_AUTO, FSBB_DEVICE_CPU, FSBB_DEVICE_GPU } fsbb_device_kind;
typedef enum { FSBB_REFACTOR_NONE, FSBB_REFACTOR_TRIG, FSBB_REFACTOR_SELECT } fsbb_refactor_kind;
typedef enum { FSBB_GPU_RESIDENT, FSBB_GPU_OFFLOAD } fsbb_gpu_engine;
/* Whether a solve is a rank of a distributed search: never, when the process was started by
 * an MPI launcher, or always. */
typedef enum { FSBB_DISTRIBUTED_OFF, FSBB_DISTRIBUTED_AUTO, FSBB_DISTRIBUTED_ON } fsbb_distributed_kind;

/* The divergence techniques of the offload engine's bound kernels (div_options.h maps them
 * to a kernel); all off by default, which keeps the engines' own kernels. */
typedef struct fsbb_div_options {
    fsbb_div_balance balance;
    double loading_ratio;       /* task pools: tasks per thread (0: adaptive) */
    int ccc, cte;               /* 1: on */
    int subwarp;                /* lanes per node: 2..32 (0: off) */
    fsbb_div_throttle throttle;
    char *diagnose_path;        /* NULL: no task traces */
} fsbb_div_options;

struct fsbb_options {
    fsbb_search_kind search;
    fsbb_lb_kind lb;
    fsbb_branch_kind branch;
    fsbb_select_kind select;
    fsbb_ub_kind ub_kind;
    int ub_value;            /* with FSBB_UB_VALUE */
    int threads;             /* 0: all cores */
    int heuristic_threads;   /* walks beside an exact search; FSBB_HEURISTIC_THREADS_AUTO */
    uint64_t seed;           /* the heuristic's walks */
    uint64_t heuristic_iterations;  /* per walk of search=heuristic; 0: none */
    fsbb_device_kind device;
    double time_limit_s;     /* 0: none */
    uint64_t node_limit;     /* 0: none */
    double gap;              /* stop once (incumbent - lower bound) / incumbent <= gap; 0: off */
    int lb2_pairs;           /* 0: all pairs */
    int pool_size;           /* GPU: nodes per pool (0: engine default) */
    int block_size;          /* GPU: threads per block */
    fsbb_pool_order pool_order;
    fsbb_refactor_kind refactor;
    fsbb_gpu_engine gpu_engine;     /* GPU: device-resident search or CPU-branch offload */
    uint64_t warm_start_nodes;      /* GPU resident, no upper bound: nodes branched on the CPU first (0: none) */
    int verify;                     /* random instances to verify custom CPU bounds on (0: off) */
    char *checkpoint_path;          /* NULL: no checkpoints */
    int overwrite_checkpoint;       /* 1: an existing checkpoint_path may be replaced (solve_files.h) */
    double checkpoint_interval_s;   /* 0: only when the search stops */
    char *resume_path;              /* NULL: start from the root */
    fsbb_distributed_kind distributed;  /* a rank of a distributed search (library default: off) */
    int gpu_ranks;                  /* distributed GPU run: ranks of a host that take a GPU (0: all) */
    int steal_nodes;                /* distributed: most open nodes a steal asks for */
    double message_delay_s;         /* distributed, tests: messages wait up to this long (0: none) */
    char *log_path;                 /* NULL: no progress log (progress_log.h) */
    double log_interval_s;          /* seconds between its progress lines */
    fsbb_div_options divergence;
    uint64_t given;                 /* bit o: option o of the table was set by fsbb_options_set */
};

/* 1 when option name was set through fsbb_options_set (not left at its default). */
int fsbb_options_given(const fsbb_options *options, const char *name);

/* The word fsbb_options_get writes for value of option name (a word option: lb, branch,
 * ...), or "?" when name has no such value. */
const char *fsbb_option_word(const char *name, int value);

#endif
