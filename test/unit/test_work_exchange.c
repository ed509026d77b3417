/* test_work_exchange.c — the CPU engine with a party (work_exchange.h), proved by node
 * accounting. Several engines (parts, each its own search with its own threads) trade open
 * nodes through a scripted party: a bag of nodes that a script thread fills by asking the
 * busy parts for nodes at random moments (1 to 64 nodes, or all of them), and that hands
 * nodes to parts that ran dry (a few at a time, or one; sometimes only after a wait, as a
 * starved rank would get them). The exchange is over when every part waits and the bag is
 * empty. At the optimum the tree is fixed, so the nodes branched (and bounded) by all parts
 * add up to one search's exactly when no node was lost or branched twice. */
#include "suites.h"
#include "test_support.h"

#include "checkpoint.h"
#include "host_device.h"
#include "search_cpu.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAX_PARTS = 4 };

/* How the party behaves. */
typedef struct exchange_script {
    int parts;
    int threads[MAX_PARTS];     /* threads of each part */
    size_t take_chunk;          /* most nodes one take hands out */
    size_t largest_request;     /* most nodes one request asks (0: up to 64, or all) */
    unsigned starve_one_in;     /* one take in this many waits 1 ms first (0: none) */
    unsigned interrupt_after;   /* requests after which every part is interrupted (0: never) */
    unsigned seed;
} exchange_script;

typedef struct exchange exchange;

typedef struct part {
    exchange *ex;
    fsbb_search search;
    atomic_int interrupt;
    atomic_size_t asked;        /* the party's request to this part */
    atomic_uint_least64_t request_due;  /* the part's node count that brings the next request */
    int hungry;                 /* under ex->lock: waiting in take */
    fsbb_work_party party;
    fsbb_status status;
    pthread_t thread;
} part;

struct exchange {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    const exchange_script *script;
    unsigned char *bag;
    size_t count, capacity, node_size;
    int hungry, over, interrupted;
    unsigned rng;               /* under lock */
    uint64_t requests, gives, takes, given_nodes, taken_nodes, starved;
    part parts[MAX_PARTS];
};

/* What an exchange left. */
typedef struct exchange_result {
    uint64_t nodes, bounded;
    uint64_t part_nodes[MAX_PARTS];
    uint64_t requests, gives, takes, given_nodes, taken_nodes, starved;
    int incumbent, all_ok;
    unsigned char *left;        /* the bag at the end (interrupted exchanges), count nodes */
    size_t left_count;
} exchange_result;

static unsigned next_random(unsigned *state)
{
    return test_random_next(state);
}

static void sleep_us(long us)
{
    const struct timespec pause = {.tv_sec = 0, .tv_nsec = us * 1000};
    nanosleep(&pause, NULL);
}

/* The sizes a request asks for. */
static const size_t request_sizes[] = {1, 2, 3, 8, 64, FSBB_WORK_ALL};
enum { REQUEST_SIZES = sizeof request_sizes / sizeof *request_sizes };

static size_t request_size(const exchange_script *script, unsigned draw)
{
    const size_t size = request_sizes[draw % REQUEST_SIZES];
    return script->largest_request && size > script->largest_request ? script->largest_request : size;
}

/* Besides the script thread's requests, which come at random times, a part is asked again
 * every 200 to 3,000 nodes it branches, so that exchanges happen however the threads are
 * scheduled. */
static size_t part_nodes_wanted(void *user_data)
{
    part *p = user_data;
    const size_t asked = atomic_load_explicit(&p->asked, memory_order_relaxed);
    uint64_t due = atomic_load_explicit(&p->request_due, memory_order_relaxed);
    if (asked > 0 || atomic_load_explicit(&p->search.nodes, memory_order_relaxed) < due)
        return asked;
    unsigned draw = (unsigned)due * 2654435761u ^ p->ex->script->seed;
    const uint64_t next = due + 200 + next_random(&draw) % 2800;
    if (atomic_compare_exchange_strong(&p->request_due, &due, next))
        atomic_store(&p->asked, request_size(p->ex->script, next_random(&draw)));
    return atomic_load_explicit(&p->asked, memory_order_relaxed);
}

static void part_give(void *user_data, const unsigned char *nodes, size_t count, size_t stride)
{
    part *p = user_data;
    exchange *ex = p->ex;
    pthread_mutex_lock(&ex->lock);
    if (ex->count + count > ex->capacity) {
        size_t capacity = ex->capacity ? ex->capacity : 256;
        while (capacity < ex->count + count)
            capacity *= 2;
        unsigned char *bigger = realloc(ex->bag, capacity * ex->node_size);
        if (!bigger)
            abort();
        ex->bag = bigger;
        ex->capacity = capacity;
    }
    for (size_t i = 0; i < count; i++)
        memcpy(ex->bag + (ex->count + i) * ex->node_size, nodes + i * stride, ex->node_size);
    ex->count += count;
    ex->gives++;
    ex->given_nodes += count;
    atomic_store(&p->asked, 0);
    pthread_cond_broadcast(&ex->changed);
    pthread_mutex_unlock(&ex->lock);
}

/* Asks every busy part without a request for a few nodes (lock held). */
static void ask_busy_parts(exchange *ex)
{
    for (int j = 0; j < ex->script->parts; j++)
        if (!ex->parts[j].hungry && atomic_load(&ex->parts[j].asked) == 0)
            atomic_store(&ex->parts[j].asked, 1 + next_random(&ex->rng) % 4);
}

static int part_take(void *user_data, fsbb_open_nodes *out)
{
    part *p = user_data;
    exchange *ex = p->ex;
    const exchange_script *script = ex->script;
    pthread_mutex_lock(&ex->lock);
    p->hungry = 1;
    ex->hungry++;
    int took = 0;
    for (;;) {
        if (ex->over || fsbb_search_should_stop(&p->search))
            break;
        if (ex->count > 0 && script->starve_one_in && next_random(&ex->rng) % script->starve_one_in == 0) {
            ex->starved++;
            pthread_mutex_unlock(&ex->lock);
            sleep_us(1000);
            pthread_mutex_lock(&ex->lock);
            continue;
        }
        if (ex->count > 0) {
            size_t k = 1 + next_random(&ex->rng) % script->take_chunk;
            k = k < ex->count ? k : ex->count;
            out->nodes = malloc(k * ex->node_size);
            if (!out->nodes)
                abort();
            ex->count -= k;
            memcpy(out->nodes, ex->bag + ex->count * ex->node_size, k * ex->node_size);
            out->count = k;
            out->stride = ex->node_size;
            ex->takes++;
            ex->taken_nodes += k;
            p->hungry = 0;
            ex->hungry--;
            took = 1;
            break;
        }
        if (ex->hungry == script->parts) {
            /* Every part is out of nodes and the bag is empty: no node is left anywhere. */
            ex->over = 1;
            pthread_cond_broadcast(&ex->changed);
            break;
        }
        ask_busy_parts(ex);
        struct timespec deadline;
        clock_gettime(CLOCK_REALTIME, &deadline);
        deadline.tv_nsec += 1000000;
        if (deadline.tv_nsec >= 1000000000) {
            deadline.tv_sec++;
            deadline.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&ex->changed, &ex->lock, &deadline);
    }
    pthread_mutex_unlock(&ex->lock);
    return took;
}

/* Requests at random moments to random busy parts; interrupts every part when told to. */
static void *run_script(void *arg)
{
    exchange *ex = arg;
    const exchange_script *script = ex->script;
    pthread_mutex_lock(&ex->lock);
    while (!ex->over && !ex->interrupted) {
        const long pause = 50 + (long)(next_random(&ex->rng) % 450);
        pthread_mutex_unlock(&ex->lock);
        sleep_us(pause);
        pthread_mutex_lock(&ex->lock);
        part *p = &ex->parts[next_random(&ex->rng) % (unsigned)script->parts];
        if (p->hungry)
            continue;
        atomic_store(&p->asked, request_size(script, next_random(&ex->rng)));
        ex->requests++;
        if (script->interrupt_after && ex->requests >= script->interrupt_after) {
            ex->interrupted = 1;
            for (int j = 0; j < script->parts; j++)
                atomic_store(&ex->parts[j].interrupt, 1);
            pthread_cond_broadcast(&ex->changed);
        }
    }
    pthread_mutex_unlock(&ex->lock);
    return NULL;
}

static void *run_part(void *arg)
{
    part *p = arg;
    fsbb_error err = {0};
    p->status = fsbb_search_cpu(&p->search, &err);
    if (p->status != FSBB_OK)
        printf("\n[part failed: %s]", err.message);
    return NULL;
}

/* Runs the parts of script over inst from the incumbent ub: part 0 from the root, the
 * others from nothing. */
static exchange_result run_exchange(const fsbb_instance *inst, const fsbb_options *options, int ub,
                                    const exchange_script *script)
{
    exchange_result result;
    memset(&result, 0, sizeof result);
    fsbb_bound_data data;
    CU_ASSERT_FATAL(fsbb_bound_data_init(&data, inst->n, inst->m, inst->p) == 0);
    exchange *ex = calloc(1, sizeof *ex);
    CU_ASSERT_FATAL(ex != NULL);
    pthread_mutex_init(&ex->lock, NULL);
    pthread_cond_init(&ex->changed, NULL);
    ex->script = script;
    ex->node_size = fsbb_node_size(inst->n);
    ex->rng = script->seed;
    const fsbb_checkpoint nothing = {0};
    for (int j = 0; j < script->parts; j++) {
        part *p = &ex->parts[j];
        p->ex = ex;
        atomic_init(&p->interrupt, 0);
        atomic_init(&p->asked, 0);
        atomic_init(&p->request_due, 1000);
        CU_ASSERT_FATAL(fsbb_search_init(&p->search, &data, options, script->threads[j], ub, &p->interrupt) == 0);
        p->party = (fsbb_work_party){
            .user_data = p, .nodes_wanted = part_nodes_wanted, .give = part_give, .take = part_take,
        };
        p->search.party = &p->party;
        p->search.resume = j == 0 ? NULL : &nothing;
    }
    for (int j = 0; j < script->parts; j++)
        CU_ASSERT_FATAL(pthread_create(&ex->parts[j].thread, NULL, run_part, &ex->parts[j]) == 0);
    pthread_t scripter;
    CU_ASSERT_FATAL(pthread_create(&scripter, NULL, run_script, ex) == 0);
    result.all_ok = 1;
    result.incumbent = INT_MAX;
    for (int j = 0; j < script->parts; j++) {
        part *p = &ex->parts[j];
        pthread_join(p->thread, NULL);
        result.all_ok &= p->status == FSBB_OK;
        result.part_nodes[j] = atomic_load(&p->search.nodes);
        result.nodes += result.part_nodes[j];
        result.bounded += atomic_load(&p->search.bounded);
        result.incumbent = FSBB_MIN(result.incumbent, atomic_load(&p->search.incumbent));
    }
    pthread_mutex_lock(&ex->lock);
    ex->over = 1;
    pthread_mutex_unlock(&ex->lock);
    pthread_join(scripter, NULL);
    result.requests = ex->requests;
    result.gives = ex->gives;
    result.takes = ex->takes;
    result.given_nodes = ex->given_nodes;
    result.taken_nodes = ex->taken_nodes;
    result.starved = ex->starved;
    result.left = ex->bag;
    result.left_count = ex->count;
    for (int j = 0; j < script->parts; j++)
        fsbb_search_clear(&ex->parts[j].search);
    pthread_mutex_destroy(&ex->lock);
    pthread_cond_destroy(&ex->changed);
    free(ex);
    fsbb_bound_data_free(&data);
    return result;
}

/* The exchange of script at the optimum against one search with one thread: the same
 * nodes and bounds, every node given taken back, and the exchanges the script asks for. */
static void check_accounting(const char *name, const char *select, const exchange_script *script,
                             uint64_t least_takes)
{
    fsbb_instance *inst = test_load_instance(name);
    const char *const pairs[] = {"select", select, NULL};
    fsbb_options *options = test_options_from_pairs(pairs);
    const test_engine_run whole = test_run_engine(inst, options, inst->best_known, 1, test_cpu_engine, NULL);
    const exchange_result parts = run_exchange(inst, options, inst->best_known, script);
    CU_ASSERT(parts.all_ok);
    CU_ASSERT_EQUAL(parts.nodes, whole.nodes);
    CU_ASSERT_EQUAL(parts.bounded, whole.bounded);
    CU_ASSERT_EQUAL(parts.left_count, 0);
    CU_ASSERT_EQUAL(parts.given_nodes, parts.taken_nodes);
    CU_ASSERT(parts.takes >= least_takes);
    CU_ASSERT_EQUAL(parts.incumbent, inst->best_known);
    printf("\n[%s %s: %llu nodes in one search; %d parts:", name, select, (unsigned long long)whole.nodes,
           script->parts);
    for (int j = 0; j < script->parts; j++)
        printf(" %llu", (unsigned long long)parts.part_nodes[j]);
    printf("; %llu requests, %llu gives, %llu takes, %llu nodes traded, %llu starved takes]",
           (unsigned long long)parts.requests, (unsigned long long)parts.gives, (unsigned long long)parts.takes,
           (unsigned long long)parts.given_nodes, (unsigned long long)parts.starved);
    free(parts.left);
    fsbb_options_free(options);
    fsbb_instance_free(inst);
}

static void test_random_exchanges(void)
{
    const exchange_script script = {.parts = 3, .threads = {1, 2, 3}, .take_chunk = 8, .seed = 11};
    check_accounting("ta020", "dfs", &script, 20);
    check_accounting("ta011", "dfs", &script, 20);
}

/* One node a take, at most one a request: the most exchanges per node. */
static void test_tiny_exchanges(void)
{
    const exchange_script script = {.parts = 4, .threads = {1, 1, 2, 1}, .take_chunk = 1, .largest_request = 1,
                                    .seed = 5};
    check_accounting("ta013", "dfs", &script, 100);
}

/* Takes that often wait first, as a rank waits for a steal's answer. */
static void test_starved_parts(void)
{
    const exchange_script script = {.parts = 3, .threads = {2, 1, 1}, .take_chunk = 4, .starve_one_in = 2,
                                    .seed = 23};
    check_accounting("ta012", "dfs", &script, 20);
}

/* Every rule gives what a thief takes: the stack's bottom, the queue's newest, the heap's end. */
static void test_selection_rules(void)
{
    const exchange_script script = {.parts = 2, .threads = {2, 1}, .take_chunk = 16, .seed = 3};
    check_accounting("ta014", "dfs", &script, 5);
    check_accounting("ta014", "bfs", &script, 5);
    check_accounting("ta014", "best", &script, 5);
}

/* One engine alone: what it gives comes back when it runs dry. */
static void test_one_part(void)
{
    const exchange_script script = {.parts = 1, .threads = {3}, .take_chunk = 2, .seed = 7};
    check_accounting("ta018", "dfs", &script, 5);
}

/* Interrupted in the middle of the exchanges: each engine gives its open nodes to the party
 * as it stops, so the bag holds the open tree; a search resumed from the bag completes it. */
static void test_interrupted_exchange(void)
{
    fsbb_instance *inst = test_load_instance("ta020");
    fsbb_options *options = fsbb_options_new();
    const test_engine_run whole = test_run_engine(inst, options, inst->best_known, 1, test_cpu_engine, NULL);
    const exchange_script script = {.parts = 3, .threads = {1, 2, 1}, .take_chunk = 4, .interrupt_after = 60,
                                    .seed = 17};
    const exchange_result parts = run_exchange(inst, options, inst->best_known, &script);
    CU_ASSERT(parts.all_ok);
    CU_ASSERT(parts.left_count > 0);
    CU_ASSERT(parts.nodes < whole.nodes);
    const fsbb_checkpoint rest = {.open_nodes = parts.left, .open_count = parts.left_count,
                                  .node_stride = fsbb_node_size(inst->n)};
    fsbb_bound_data data;
    CU_ASSERT_FATAL(fsbb_bound_data_init(&data, inst->n, inst->m, inst->p) == 0);
    atomic_int interrupt;
    atomic_init(&interrupt, 0);
    fsbb_search search;
    CU_ASSERT_FATAL(fsbb_search_init(&search, &data, options, 2, inst->best_known, &interrupt) == 0);
    search.resume = &rest;
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_search_cpu(&search, &err), FSBB_OK);
    CU_ASSERT_EQUAL(parts.nodes + atomic_load(&search.nodes), whole.nodes);
    CU_ASSERT_EQUAL(parts.bounded + atomic_load(&search.bounded), whole.bounded);
    printf("\n[ta020 interrupted after %llu requests: %llu nodes by the parts, %zu left open, %llu more to the end; "
           "%llu in one search]",
           (unsigned long long)parts.requests, (unsigned long long)parts.nodes, parts.left_count,
           (unsigned long long)atomic_load(&search.nodes), (unsigned long long)whole.nodes);
    fsbb_search_clear(&search);
    fsbb_bound_data_free(&data);
    free(parts.left);
    fsbb_options_free(options);
    fsbb_instance_free(inst);
}

/* From no upper bound (each part prunes with its own incumbent only): the best of the parts
 * is the optimum. */
static void test_no_upper_bound(void)
{
    fsbb_instance *inst = test_load_instance("ta011");
    fsbb_options *options = fsbb_options_new();
    const exchange_script script = {.parts = 3, .threads = {1, 1, 1}, .take_chunk = 8, .seed = 29};
    const exchange_result parts = run_exchange(inst, options, INT_MAX, &script);
    CU_ASSERT(parts.all_ok);
    CU_ASSERT_EQUAL(parts.left_count, 0);
    CU_ASSERT_EQUAL(parts.given_nodes, parts.taken_nodes);
    CU_ASSERT_EQUAL(parts.incumbent, inst->best_known);
    free(parts.left);
    fsbb_options_free(options);
    fsbb_instance_free(inst);
}

FSBB_SUITE("work exchange",
           {"random requests and takes, 3 parts of 1-3 threads: one search's nodes", test_random_exchanges},
           {"one node a take and a request, 4 parts: one search's nodes", test_tiny_exchanges},
           {"takes that wait first: one search's nodes", test_starved_parts},
           {"dfs, bfs and best first give what a thief takes: one search's nodes", test_selection_rules},
           {"one engine alone gets back what it gave", test_one_part},
           {"interrupted: the party holds the open tree, and a resumed search completes it",
            test_interrupted_exchange},
           {"from no upper bound the parts find the optimum", test_no_upper_bound})
