/* test_distributed.c — the parts of the distributed search that need no MPI: the
 * termination detection (termination.h) in a simulated job whose messages arrive late and
 * out of order, and a rank's party (rank_party.h) between CPU engines whose nodes a
 * stand-in communication thread moves as the real one does (ask, answer, deliver, drain,
 * finish), proved by node accounting, and counted by their census (fsbb_rank_party_census)
 * all the while: never less open weight than a drain of every rank finds later, exactly
 * that weight while drained. The MPI protocol itself is tested with mpirun
 * (test/cli/mpi.sh). */
#include "suites.h"
#include "test_support.h"

#include "checkpoint.h"
#include "rank_party.h"
#include "search_cpu.h"
#include "termination.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- Termination in a simulated job ----------------------------------------------------- */

enum { SIM_RANKS_MAX = 8, SIM_MESSAGES_MAX = 4096, SIM_JOBS = 2000 };

/* A message in flight: with work (units > 0) or the token. */
typedef struct sim_message {
    int to, token;
    int units;
    long long count;
    int black;
} sim_message;

/* Ranks hold units of work; a busy rank spends one unit a step, may send some to another
 * rank, and is idle with none left. Messages wait in flight and are delivered in random
 * order. */
typedef struct sim_job {
    int ranks;
    int units[SIM_RANKS_MAX];
    fsbb_termination t[SIM_RANKS_MAX];
    sim_message flight[SIM_MESSAGES_MAX];
    int in_flight;
    unsigned rng;
} sim_job;

static unsigned sim_random(sim_job *job)
{
    return test_random_next(&job->rng);
}

static void sim_post(sim_job *job, sim_message message)
{
    CU_ASSERT_FATAL(job->in_flight < SIM_MESSAGES_MAX);
    job->flight[job->in_flight++] = message;
}

/* Everything quiet: no work anywhere, none in flight. */
static int sim_quiet(const sim_job *job)
{
    for (int r = 0; r < job->ranks; r++)
        if (job->units[r] > 0)
            return 0;
    for (int i = 0; i < job->in_flight; i++)
        if (!job->flight[i].token)
            return 0;
    return 1;
}

/* One step of the job; returns 1 when rank 0 declared the end. */
static int sim_step(sim_job *job)
{
    const int r = (int)(sim_random(job) % (unsigned)job->ranks);
    if (job->in_flight > 0 && sim_random(job) % 3 == 0) {
        /* Deliver a message chosen at random. */
        const int i = (int)(sim_random(job) % (unsigned)job->in_flight);
        const sim_message m = job->flight[i];
        job->flight[i] = job->flight[--job->in_flight];
        if (m.token) {
            fsbb_termination_token(&job->t[m.to], m.count, m.black);
        } else {
            fsbb_termination_received(&job->t[m.to]);
            job->units[m.to] += m.units;
        }
        return 0;
    }
    if (job->units[r] > 0) {
        job->units[r]--;
        if (job->ranks > 1 && job->units[r] > 1 && sim_random(job) % 2 == 0) {
            const int give = 1 + (int)(sim_random(job) % (unsigned)(job->units[r] / 2));
            int to = (int)(sim_random(job) % (unsigned)(job->ranks - 1));
            to += to >= r;
            job->units[r] -= give;
            fsbb_termination_sent(&job->t[r]);
            sim_post(job, (sim_message){.to = to, .units = give});
        }
        return 0;
    }
    long long count = 0;
    int black = 0;
    switch (fsbb_termination_idle(&job->t[r], &count, &black)) {
    case FSBB_TERMINATION_WAIT:
        return 0;
    case FSBB_TERMINATION_PASS:
        sim_post(job, (sim_message){.to = (r + 1) % job->ranks, .token = 1, .count = count, .black = black});
        return 0;
    case FSBB_TERMINATION_OVER:
        return 1;
    }
    return 0;
}

/* Many random jobs: the end is declared, and only when no work is left anywhere. (Rank 0
 * ignoring the colours ends about one job in 2000 too early.) */
static void test_termination_simulated(void)
{
    long long steps_total = 0;
    int premature = 0, undecided = 0;
    for (unsigned seed = 1; seed <= SIM_JOBS; seed++) {
        sim_job job;
        memset(&job, 0, sizeof job);
        job.rng = seed;
        job.ranks = 1 + (int)(seed % SIM_RANKS_MAX);
        for (int r = 0; r < job.ranks; r++)
            fsbb_termination_init(&job.t[r], r, job.ranks);
        job.units[0] = 20 + (int)(seed % 200);
        int over = 0;
        long long steps = 0;
        for (; steps < 2000000 && !over; steps++)
            over = sim_step(&job);
        steps_total += steps;
        premature += over && !sim_quiet(&job);
        undecided += !over;
    }
    CU_ASSERT_EQUAL(premature, 0);
    CU_ASSERT_EQUAL(undecided, 0);
    printf("\n[%d simulated jobs of 1 to %d ranks, messages delivered late and out of order: %lld steps, the end "
           "declared %d times too early, %d times never]",
           SIM_JOBS, SIM_RANKS_MAX, steps_total, premature, undecided);
}

/* A rank with work in flight to it is not taken for idle: two ranks, one message held back. */
static void test_termination_waits_for_flight(void)
{
    fsbb_termination t[2];
    fsbb_termination_init(&t[0], 0, 2);
    fsbb_termination_init(&t[1], 1, 2);
    /* Rank 0 sends work to rank 1, then both look idle. */
    fsbb_termination_sent(&t[0]);
    long long count = 0;
    int black = 0;
    CU_ASSERT_EQUAL(fsbb_termination_idle(&t[0], &count, &black), FSBB_TERMINATION_PASS);
    fsbb_termination_token(&t[1], count, black);
    CU_ASSERT_EQUAL(fsbb_termination_idle(&t[1], &count, &black), FSBB_TERMINATION_PASS);
    fsbb_termination_token(&t[0], count, black);
    /* The token says one message is still in flight. */
    CU_ASSERT_EQUAL(fsbb_termination_idle(&t[0], &count, &black), FSBB_TERMINATION_PASS);
    /* It arrives; rank 1 works, then goes idle: black, so one more round. */
    fsbb_termination_received(&t[1]);
    fsbb_termination_token(&t[1], count, black);
    CU_ASSERT_EQUAL(fsbb_termination_idle(&t[1], &count, &black), FSBB_TERMINATION_PASS);
    CU_ASSERT(black);
    fsbb_termination_token(&t[0], count, black);
    CU_ASSERT_EQUAL(fsbb_termination_idle(&t[0], &count, &black), FSBB_TERMINATION_PASS);
    fsbb_termination_token(&t[1], count, black);
    CU_ASSERT_EQUAL(fsbb_termination_idle(&t[1], &count, &black), FSBB_TERMINATION_PASS);
    fsbb_termination_token(&t[0], count, black);
    CU_ASSERT_EQUAL(fsbb_termination_idle(&t[0], &count, &black), FSBB_TERMINATION_OVER);
}

/* ---- Ranks' parties between CPU engines --------------------------------------------------- */

enum { PARTS = 3 };

typedef struct local_rank {
    fsbb_search search;
    atomic_int interrupt;
    fsbb_rank_party party;
    pthread_t thread;
    fsbb_status status;
    int asked_for;              /* the rank whose steal this rank's engine was asked for; -1 */
} local_rank;

static void *run_local_engine(void *arg)
{
    local_rank *rank = arg;
    fsbb_error err;
    rank->status = fsbb_search_cpu(&rank->search, &err);
    fsbb_rank_party_engine_ended(&rank->party);
    return NULL;
}

static void pause_briefly(void)
{
    const struct timespec pause = {.tv_sec = 0, .tv_nsec = 50000};
    nanosleep(&pause, NULL);
}

/* The open weight of every rank's census (nodes move between ranks only through the
 * stand-in's thread, which calls this between its steps); -1 when a rank cannot tell. */
static long double census_weight(local_rank *ranks, fsbb_census *census)
{
    fsbb_census_reset(census);
    for (int r = 0; r < PARTS; r++)
        if (fsbb_rank_party_census(&ranks[r].party, census) != 0)
            return -1;
    return fsbb_census_open_weight(census);
}

/* What the census found. */
typedef struct census_check {
    uint64_t censuses, full_drains;
    long double smallest;           /* the least weight counted since the last full drain */
} census_check;

/* Drains every rank, checks the census against the nodes drained and every census since the
 * last full drain against them, and gives them back. */
static void drain_all(local_rank *ranks, fsbb_census *census, census_check *check)
{
    for (int r = 0; r < PARTS; r++) {
        fsbb_rank_party_hold(&ranks[r].party, 1);
        fsbb_rank_party_drain(&ranks[r].party, 1);
    }
    for (int r = 0; r < PARTS; r++) {
        fsbb_rank_party_look look;
        for (fsbb_rank_party_look_at(&ranks[r].party, &look); !look.waiting && !look.ended;
             fsbb_rank_party_look_at(&ranks[r].party, &look))
            pause_briefly();
    }
    const long double counted = census_weight(ranks, census);
    fsbb_census drained;
    CU_ASSERT_FATAL(fsbb_census_init(&drained, census->n) == 0);
    fsbb_node_buffer nodes[PARTS];
    for (int r = 0; r < PARTS; r++) {
        fsbb_rank_party_drain(&ranks[r].party, 0);
        fsbb_node_buffer_init(&nodes[r], ranks[r].party.inbox.node_size);
        CU_ASSERT_FATAL(fsbb_rank_party_collect(&ranks[r].party, &nodes[r]) == 0);
        CU_ASSERT_FATAL(fsbb_rank_party_reclaim(&ranks[r].party, &nodes[r]) == 0);
        fsbb_census_add_nodes(&drained, nodes[r].nodes, nodes[r].count, nodes[r].node_size);
    }
    const long double exact = fsbb_census_open_weight(&drained);
    CU_ASSERT(counted == exact);
    CU_ASSERT(check->smallest >= exact * (1 - 1e-12L));
    if (check->smallest < exact * (1 - 1e-12L))
        printf("\n[a census counted %.12Lg of the tree open, a drain later %.12Lg]", check->smallest, exact);
    for (int r = 0; r < PARTS; r++) {
        if (nodes[r].count > 0)
            CU_ASSERT_FATAL(fsbb_rank_party_deliver(&ranks[r].party, nodes[r].nodes, nodes[r].count,
                                                    nodes[r].node_size) == 0);
        fsbb_node_buffer_free(&nodes[r]);
        fsbb_rank_party_hold(&ranks[r].party, 0);
    }
    fsbb_census_free(&drained);
    check->full_drains++;
    check->smallest = 2;
}

/* A stand-in for the communication threads of PARTS ranks: an idle rank's steal goes to a
 * rank chosen in turn, whose engine is asked for steal_nodes nodes; the answer is delivered
 * to the thief. Every few rounds a drain takes every node of a rank and gives them back, as
 * a checkpoint does, and every rank is drained at once (drain_all) at the first chance,
 * every 8 rounds and at the end. The ranks are counted every round. Over when every engine waits and nothing is in the way. */
static void move_nodes(local_rank *ranks, size_t steal_nodes, uint64_t *steals, uint64_t *drains,
                       census_check *check)
{
    fsbb_census census;
    CU_ASSERT_FATAL(fsbb_census_init(&census, ranks[0].search.data->n) == 0);
    check->smallest = 2;
    fsbb_node_buffer answer, drained;
    fsbb_node_buffer_init(&answer, ranks[0].party.inbox.node_size);
    fsbb_node_buffer_init(&drained, ranks[0].party.inbox.node_size);
    unsigned turn = 0;
    for (int round = 0;; round++) {
        /* Several at once: an engine answering a request meanwhile moves nodes as they count. */
        for (int sample = 0; sample < 8; sample++) {
            const long double weight = census_weight(ranks, &census);
            if (weight >= 0) {
                check->censuses++;
                if (weight < check->smallest)
                    check->smallest = weight;
            }
        }
        int idle = 0, moved = 0;
        for (int r = 0; r < PARTS; r++) {
            local_rank *victim = &ranks[r];
            fsbb_rank_party_look look;
            fsbb_rank_party_look_at(&victim->party, &look);
            if (victim->asked_for >= 0) {
                const int answered = fsbb_rank_party_answer(&victim->party, &answer);
                CU_ASSERT_FATAL(answered >= 0);
                if (answered) {
                    if (answer.count > 0) {
                        CU_ASSERT_FATAL(fsbb_rank_party_deliver(&ranks[victim->asked_for].party, answer.nodes,
                                                                answer.count, answer.node_size) == 0);
                        (*steals)++;
                        moved = 1;
                    }
                    answer.count = 0;
                    victim->asked_for = -1;
                }
                continue;
            }
            if (look.waiting && look.inbox == 0) {
                idle++;
                int asked = 0;
                for (int k = 1; k < PARTS && !asked; k++) {
                    local_rank *other = &ranks[(r + k + (int)(turn++ % PARTS)) % PARTS];
                    fsbb_rank_party_look other_look;
                    fsbb_rank_party_look_at(&other->party, &other_look);
                    if (other != victim && other->asked_for < 0 && !other_look.waiting) {
                        other->asked_for = r;
                        fsbb_rank_party_ask(&other->party, steal_nodes);
                        asked = 1;
                    }
                }
            }
        }
        int asking = 0;
        for (int r = 0; r < PARTS; r++)
            asking |= ranks[r].asked_for >= 0;
        /* Every rank drained at the first chance, every 8 rounds, and at the end. */
        if (!asking && (check->full_drains == 0 || round % 8 == 7 || (idle == PARTS && !moved)))
            drain_all(ranks, &census, check);
        if (idle == PARTS && !asking && !moved)
            break;
        if (round % 64 == 63) {
            /* A checkpoint's drain of one rank, its nodes handed back. */
            local_rank *rank = &ranks[round / 64 % PARTS];
            if (rank->asked_for < 0) {
                fsbb_rank_party_hold(&rank->party, 1);
                fsbb_rank_party_drain(&rank->party, 1);
                fsbb_rank_party_look look;
                do {
                    pause_briefly();
                    fsbb_rank_party_look_at(&rank->party, &look);
                } while (!look.waiting);
                fsbb_rank_party_drain(&rank->party, 0);
                CU_ASSERT_FATAL(fsbb_rank_party_collect(&rank->party, &drained) == 0);
                CU_ASSERT_FATAL(fsbb_rank_party_reclaim(&rank->party, &drained) == 0);
                if (drained.count > 0)
                    CU_ASSERT_FATAL(fsbb_rank_party_deliver(&rank->party, drained.nodes, drained.count,
                                                            drained.node_size) == 0);
                drained.count = 0;
                fsbb_rank_party_hold(&rank->party, 0);
                (*drains)++;
            }
        }
        pause_briefly();
    }
    for (int r = 0; r < PARTS; r++)
        fsbb_rank_party_finish(&ranks[r].party);
    fsbb_node_buffer_free(&answer);
    fsbb_node_buffer_free(&drained);
    fsbb_census_free(&census);
}

static void check_parties(const char *name, int threads, size_t steal_nodes)
{
    fsbb_instance *inst = test_load_instance(name);
    fsbb_options *options = fsbb_options_new();
    const test_engine_run whole = test_run_engine(inst, options, inst->best_known, 1, test_cpu_engine, NULL);
    fsbb_bound_data data;
    CU_ASSERT_FATAL(fsbb_bound_data_init(&data, inst->n, inst->m, inst->p) == 0);
    local_rank ranks[PARTS];
    const fsbb_checkpoint nothing = {0};
    for (int r = 0; r < PARTS; r++) {
        local_rank *rank = &ranks[r];
        atomic_init(&rank->interrupt, 0);
        CU_ASSERT_FATAL(fsbb_search_init(&rank->search, &data, options, threads, inst->best_known, &rank->interrupt) ==
                        0);
        fsbb_rank_party_init(&rank->party, &rank->search);
        rank->search.party = &rank->party.party;
        rank->search.resume = r == 0 ? NULL : &nothing;
        rank->asked_for = -1;
    }
    for (int r = 0; r < PARTS; r++)
        CU_ASSERT_FATAL(pthread_create(&ranks[r].thread, NULL, run_local_engine, &ranks[r]) == 0);
    uint64_t steals = 0, drains = 0;
    census_check check = {0};
    move_nodes(ranks, steal_nodes, &steals, &drains, &check);
    uint64_t nodes = 0, bounded = 0;
    for (int r = 0; r < PARTS; r++) {
        pthread_join(ranks[r].thread, NULL);
        CU_ASSERT_EQUAL(ranks[r].status, FSBB_OK);
        fsbb_rank_party_look look;
        fsbb_rank_party_look_at(&ranks[r].party, &look);
        CU_ASSERT_EQUAL(look.inbox, 0);
        CU_ASSERT_EQUAL(look.given, 0);
        nodes += atomic_load(&ranks[r].search.nodes);
        bounded += atomic_load(&ranks[r].search.bounded);
        fsbb_rank_party_free(&ranks[r].party);
        fsbb_search_clear(&ranks[r].search);
    }
    CU_ASSERT_EQUAL(nodes, whole.nodes);
    CU_ASSERT_EQUAL(bounded, whole.bounded);
    CU_ASSERT(steals > 0);
    CU_ASSERT(check.censuses > 0);
    CU_ASSERT(check.full_drains > 0);
    printf("\n[%s, %d ranks of %d threads, steals of up to %zu nodes: %llu nodes (one search: %llu), %llu steals, "
           "%llu drains, %llu censuses, %llu drains of every rank]",
           name, PARTS, threads, steal_nodes, (unsigned long long)nodes, (unsigned long long)whole.nodes,
           (unsigned long long)steals, (unsigned long long)drains, (unsigned long long)check.censuses,
           (unsigned long long)check.full_drains);
    fsbb_bound_data_free(&data);
    fsbb_options_free(options);
    fsbb_instance_free(inst);
}

static void test_parties(void)
{
    fsbb_options *defaults = fsbb_options_new();
    check_parties("ta020", 1, (size_t)defaults->steal_nodes);
    fsbb_options_free(defaults);
    check_parties("ta013", 2, 1);
}

/* A node buffer keeps nodes in the fsbb_node layout whatever the stride they came with. */
static void test_node_buffer(void)
{
    const int n = 5;
    const size_t size = fsbb_node_size(n), wide = size + 16;
    unsigned char *nodes = calloc(3, wide);
    CU_ASSERT_FATAL(nodes != NULL);
    for (int i = 0; i < 3; i++) {
        fsbb_node *node = (fsbb_node *)(nodes + (size_t)i * wide);
        node->lb = 100 + i;
        node->front_len = (int16_t)i;
        for (int j = 0; j < n; j++)
            node->perm[j] = (fsbb_job)((j + i) % n);
    }
    fsbb_node_buffer a, b;
    fsbb_node_buffer_init(&a, size);
    fsbb_node_buffer_init(&b, size);
    CU_ASSERT_EQUAL(fsbb_node_buffer_append(&a, nodes, 3, wide), 0);
    CU_ASSERT_EQUAL(fsbb_node_buffer_append(&b, nodes, 1, wide), 0);
    CU_ASSERT_EQUAL(fsbb_node_buffer_move(&b, &a), 0);
    CU_ASSERT_EQUAL(a.count, 0);
    CU_ASSERT_EQUAL(b.count, 4);
    const fsbb_node *last = (const fsbb_node *)(b.nodes + 3 * size);
    CU_ASSERT_EQUAL(last->lb, 102);
    CU_ASSERT_EQUAL(last->perm[0], 2);
    /* Encoded as checkpoints encode them, and back. */
    unsigned char *encoded = malloc(4 * fsbb_checkpoint_node_bytes(n));
    unsigned char *decoded = malloc(4 * size);
    CU_ASSERT_FATAL(encoded && decoded);
    fsbb_checkpoint_encode_nodes(b.nodes, 4, size, n, encoded);
    CU_ASSERT_PTR_NULL(fsbb_checkpoint_decode_nodes(encoded, 4, n, decoded, size));
    for (int i = 0; i < 4; i++)
        CU_ASSERT_EQUAL(memcmp(decoded + (size_t)i * size, b.nodes + (size_t)i * size, sizeof(fsbb_node) + 2 * n), 0);
    encoded[fsbb_checkpoint_node_bytes(n) + 8] = 4; /* a job twice in the second node */
    CU_ASSERT_PTR_NOT_NULL(fsbb_checkpoint_decode_nodes(encoded, 4, n, decoded, size));
    free(encoded);
    free(decoded);
    free(nodes);
    fsbb_node_buffer_free(&a);
    fsbb_node_buffer_free(&b);
}

FSBB_SUITE("distributed",
           {"termination: 2000 simulated jobs, messages late and out of order, never an early end",
            test_termination_simulated},
           {"termination waits for nodes in flight", test_termination_waits_for_flight},
           {"ranks' parties between CPU engines: one search's nodes, with steals and drains; their census",
            test_parties},
           {"node buffers and the checkpoint's node encoding", test_node_buffer})
