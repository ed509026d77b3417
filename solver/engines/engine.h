/* engine.h — the search engines as one table, and the one place a solve's engine is chosen.
 *
 * Each engine says what it accepts: the device it runs on, the bounds it computes, which
 * custom bounds it applies (none; their CPU functions, skipping bounds without one; or
 * their GPU sources, which every bound must then have) and whether it runs the divergence
 * options (never, or only with them: those kernels are an engine of their own). The table
 * lists the GPU engines first, in the order a solve falls back on them, then the CPU
 * engine.
 *
 * A request (what the options and the custom bounds ask, and whether a GPU is usable) is
 * filtered in a fixed order, each step keeping the engines that accept it; a step that
 * keeps none is the solve's error, in that step's words:
 *   1. device: cpu keeps the CPU engine, gpu the GPU engines (none without a usable GPU:
 *      FSBB_ERR_NO_GPU), auto every engine that can run here;
 *   2. the custom bounds, 3. the divergence options (checked first as a combination),
 *      4. the bound kind;
 * then the GPU engine named by option gpu-engine comes first, the table's order next. So
 * divergence options or custom bounds take the offload engine, whichever GPU engine is
 * named, and --device auto falls back on the CPU where no GPU engine accepts the solve. */
#ifndef FSBB_ENGINE_H
#define FSBB_ENGINE_H

#include "options.h"
#include "search.h"

typedef enum fsbb_engine_custom {
    FSBB_ENGINE_CUSTOM_NONE,        /* refuses custom bounds */
    FSBB_ENGINE_CUSTOM_CPU,         /* applies each bound's cpu_bound (skips bounds without) */
    FSBB_ENGINE_CUSTOM_GPU_SOURCE   /* compiles each bound's gpu_source (every bound needs one) */
} fsbb_engine_custom;

typedef struct fsbb_engine {
    const char *name;                   /* the result's engine: "cpu", "resident", "offload" */
    fsbb_device_kind device;            /* FSBB_DEVICE_CPU or FSBB_DEVICE_GPU */
    fsbb_gpu_engine gpu_engine;         /* GPU engines: the option gpu-engine's value naming it */
    unsigned bounds;                    /* the fsbb_lb_kind it computes, a bit each */
    fsbb_lb_kind default_lb;            /* the bound it runs when option lb is not given */
    fsbb_engine_custom custom;
    int divergence;                     /* 1: runs only with divergence options, 0: only without */
    int threads;                        /* 1: searches with the solve's CPU threads; 0: with one */
    int party;                          /* 1: trades open nodes with a party (work_exchange.h), so it
                                           can be a rank of a distributed search (distributed.h) */
    /* Runs the search; FSBB_OK when it ended or a limit or interrupt stopped it. NULL in a
     * build without CUDA (a GPU engine is then never chosen: no GPU is usable). */
    fsbb_status (*run)(fsbb_search *search, fsbb_error *err);
    /* What the engine loads before its search (the resident engine: the CUDA context and
     * the kernels for m machines and bound lb), run on a thread while the solver prepares
     * the search; a failure shows again in run. NULL: nothing. */
    fsbb_status (*warm_up)(int m, fsbb_lb_kind lb, fsbb_error *err);
} fsbb_engine;

/* What a solve asks of an engine. */
typedef struct fsbb_engine_request {
    const fsbb_options *options;        /* device, gpu-engine, lb, the divergence options */
    int custom_bounds;                  /* how many custom bounds */
    int custom_bounds_without_gpu_source;
    int gpu_available;                  /* 1: a CUDA GPU is usable (fsbb_gpu_available) */
} fsbb_engine_request;

/* The request of a solve with these options and custom bounds on a machine where a GPU is
 * usable (gpu_available) or not. */
fsbb_engine_request fsbb_engine_request_of(const fsbb_options *options, const fsbb_custom_bound *bounds, int count,
                                           int gpu_available);

/* The engine of the table that runs the request, as above; FSBB_ERR_NO_GPU or
 * FSBB_ERR_ARGUMENT, saying why, when none does (*out NULL). */
fsbb_status fsbb_engine_choose(const fsbb_engine_request *request, const fsbb_engine **out, fsbb_error *err);

/* The bound a solve on engine runs: option lb when it was given (fsbb_options_given, or
 * taken from a checkpoint: given_elsewhere), else the engine's default_lb. */
fsbb_lb_kind fsbb_engine_lb(const fsbb_engine *engine, const fsbb_options *options, int given_elsewhere);

/* The warm-up of the engine a request would run if a GPU is usable (request's
 * gpu_available is not looked at), for the bound it would run (fsbb_engine_lb, with
 * lb_given_elsewhere), on a thread of its own; _finish waits for it. Nothing
 * is started when that engine has no warm-up or no engine would run the request. */
typedef struct fsbb_engine_warm_up {
    const fsbb_engine *engine;
    int m;
    fsbb_lb_kind lb;
    pthread_t thread;
    int started;
} fsbb_engine_warm_up;
void fsbb_engine_warm_up_start(fsbb_engine_warm_up *warm_up, const fsbb_engine_request *request, int m,
                               int lb_given_elsewhere);
void fsbb_engine_warm_up_finish(fsbb_engine_warm_up *warm_up);

#endif
