/* cache_fit.c — DBWP recursive bisection of tuple and tile work graphs, leaf and cover
 * listings, and the split-join recombination of cache_fit.h. */
#include "cache_fit.h"

#include "error.h"

#include <stdlib.h>
#include <string.h>

void fsbb_fit_tree_free(fsbb_fit_tree *tree)
{
    free(tree->nodes);
    memset(tree, 0, sizeof *tree);
}

/* Appends a leaf node and returns its index, or -1 when out of memory. */
static int add_node(fsbb_fit_tree *tree)
{
    if (tree->count == tree->capacity) {
        const int wanted = tree->capacity ? tree->capacity * 2 : 64;
        fsbb_fit_node *bigger = realloc(tree->nodes, sizeof *bigger * (size_t)wanted);
        if (!bigger)
            return -1;
        tree->nodes = bigger;
        tree->capacity = wanted;
    }
    fsbb_fit_node *node = &tree->nodes[tree->count];
    memset(node, 0, sizeof *node);
    node->left = node->right = -1;
    return tree->count++;
}

/* ---- Tuple graphs ---------------------------------------------------------------------- */

typedef struct tuple_context {
    const fsbb_work_tuple *tuples;
    int32_t *a_stamp, *b_stamp; /* the last node that counted each element */
    double a_bytes, b_bytes, capacity;
    fsbb_fit_tree *tree;
} tuple_context;

static void count_unique(tuple_context *c, int index)
{
    fsbb_fit_node *node = &c->tree->nodes[index];
    int64_t a_unique = 0, b_unique = 0;
    for (int64_t t = node->begin; t < node->end; t++) {
        const fsbb_work_tuple *w = &c->tuples[t];
        if (c->a_stamp[w->a] != index) {
            c->a_stamp[w->a] = index;
            a_unique++;
        }
        if (c->b_stamp[w->b] != index) {
            c->b_stamp[w->b] = index;
            b_unique++;
        }
    }
    node->a_unique = a_unique;
    node->b_unique = b_unique;
    node->data_bytes = (double)a_unique * c->a_bytes + (double)b_unique * c->b_bytes;
}

/* Builds the subtree of tuples [begin, end); returns its root or -1 when out of memory. */
static int build_tuples(tuple_context *c, int64_t begin, int64_t end)
{
    const int index = add_node(c->tree);
    if (index < 0)
        return -1;
    c->tree->nodes[index].begin = begin;
    c->tree->nodes[index].end = end;
    count_unique(c, index);
    if (c->tree->nodes[index].data_bytes <= c->capacity || end - begin < 2)
        return index;
    const int64_t middle = begin + (end - begin) / 2;
    const int left = build_tuples(c, begin, middle);
    const int right = left < 0 ? -1 : build_tuples(c, middle, end);
    if (right < 0)
        return -1;
    c->tree->nodes[index].left = left;
    c->tree->nodes[index].right = right;
    return index;
}

/* Stable counting sort of tuples by key (a or b), through scratch. */
static int sort_by(fsbb_work_tuple *tuples, fsbb_work_tuple *scratch, int64_t count, int64_t keys, int by_b)
{
    int64_t *start = calloc((size_t)keys + 1, sizeof *start);
    if (!start)
        return -1;
    for (int64_t t = 0; t < count; t++)
        start[(by_b ? tuples[t].b : tuples[t].a) + 1]++;
    for (int64_t k = 0; k < keys; k++)
        start[k + 1] += start[k];
    for (int64_t t = 0; t < count; t++)
        scratch[start[by_b ? tuples[t].b : tuples[t].a]++] = tuples[t];
    memcpy(tuples, scratch, sizeof *tuples * (size_t)count);
    free(start);
    return 0;
}

fsbb_status fsbb_fit_partition_tuples(fsbb_work_tuple *tuples, int64_t count, int64_t a_elements, int64_t b_elements,
                                      double a_bytes, double b_bytes, double capacity_bytes, fsbb_fit_tree *tree,
                                      fsbb_error *err)
{
    memset(tree, 0, sizeof *tree);
    if (count < 1 || a_elements < 1 || b_elements < 1)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "a work graph needs tuples and elements on both sides");
    for (int64_t t = 0; t < count; t++)
        if (tuples[t].a < 0 || tuples[t].a >= a_elements || tuples[t].b < 0 || tuples[t].b >= b_elements)
            return fsbb_fail(err, FSBB_ERR_ARGUMENT, "tuple %lld (%d, %d) outside %lld x %lld", (long long)t,
                             tuples[t].a, tuples[t].b, (long long)a_elements, (long long)b_elements);
    fsbb_work_tuple *scratch = malloc(sizeof *scratch * (size_t)count);
    tuple_context c = {tuples, malloc(sizeof(int32_t) * (size_t)a_elements),
                       malloc(sizeof(int32_t) * (size_t)b_elements), a_bytes, b_bytes, capacity_bytes, tree};
    int ok = scratch && c.a_stamp && c.b_stamp;
    if (ok)
        ok = sort_by(tuples, scratch, count, a_elements, 0) == 0 && sort_by(tuples, scratch, count, b_elements, 1) == 0;
    if (ok) {
        memset(c.a_stamp, 0xff, sizeof(int32_t) * (size_t)a_elements);
        memset(c.b_stamp, 0xff, sizeof(int32_t) * (size_t)b_elements);
        ok = build_tuples(&c, 0, count) == 0;
    }
    free(scratch);
    free(c.a_stamp);
    free(c.b_stamp);
    if (!ok) {
        fsbb_fit_tree_free(tree);
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory partitioning %lld tuples", (long long)count);
    }
    return FSBB_OK;
}

/* ---- Tile graphs ----------------------------------------------------------------------- */

typedef struct tile_context {
    double a_bytes, b_bytes, capacity;
    int64_t a_align;
    fsbb_fit_tree *tree;
} tile_context;

/* The split point of A[a0, a1) at a multiple of align from a0, or -1 when there is none. */
static int64_t split_a(int64_t a0, int64_t a1, int64_t align)
{
    const int64_t chunks = (a1 - a0 + align - 1) / align;
    if (chunks < 2)
        return -1;
    return a0 + chunks / 2 * align;
}

static int build_tile(tile_context *c, int64_t a0, int64_t a1, int64_t b0, int64_t b1)
{
    const int index = add_node(c->tree);
    if (index < 0)
        return -1;
    fsbb_fit_node *node = &c->tree->nodes[index];
    node->a_begin = a0;
    node->a_end = a1;
    node->b_begin = b0;
    node->b_end = b1;
    node->a_unique = a1 - a0;
    node->b_unique = b1 - b0;
    node->data_bytes = (double)(a1 - a0) * c->a_bytes + (double)(b1 - b0) * c->b_bytes;
    if (node->data_bytes <= c->capacity)
        return index;
    const int64_t a_middle = split_a(a0, a1, c->a_align);
    const int64_t b_middle = b1 - b0 >= 2 ? b0 + (b1 - b0) / 2 : -1;
    /* Splitting A replicates the B elements, splitting B the A elements. */
    const double replicate_if_a = (double)(b1 - b0) * c->b_bytes;
    const double replicate_if_b = (double)(a1 - a0) * c->a_bytes;
    int left, right;
    if (a_middle >= 0 && (b_middle < 0 || replicate_if_a <= replicate_if_b)) {
        left = build_tile(c, a0, a_middle, b0, b1);
        right = left < 0 ? -1 : build_tile(c, a_middle, a1, b0, b1);
    } else if (b_middle >= 0) {
        left = build_tile(c, a0, a1, b0, b_middle);
        right = left < 0 ? -1 : build_tile(c, a0, a1, b_middle, b1);
    } else {
        return index;
    }
    if (right < 0)
        return -1;
    c->tree->nodes[index].left = left;
    c->tree->nodes[index].right = right;
    return index;
}

fsbb_status fsbb_fit_partition_tiles(int64_t a_count, int64_t b_count, double a_bytes, double b_bytes,
                                     double capacity_bytes, int64_t a_align, fsbb_fit_tree *tree, fsbb_error *err)
{
    memset(tree, 0, sizeof *tree);
    if (a_count < 1 || b_count < 1 || a_align < 1)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "a tile graph needs elements on both sides and a positive alignment");
    tile_context c = {a_bytes, b_bytes, capacity_bytes, a_align, tree};
    if (build_tile(&c, 0, a_count, 0, b_count) != 0) {
        fsbb_fit_tree_free(tree);
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory partitioning a %lld x %lld tile graph",
                         (long long)a_count, (long long)b_count);
    }
    return FSBB_OK;
}

/* ---- Listings and recombination -------------------------------------------------------- */

static void list_leaves(const fsbb_fit_tree *tree, int node, int *leaves, int max, int *count)
{
    const fsbb_fit_node *n = &tree->nodes[node];
    if (n->left < 0) {
        if (*count < max)
            leaves[*count] = node;
        (*count)++;
        return;
    }
    list_leaves(tree, n->left, leaves, max, count);
    list_leaves(tree, n->right, leaves, max, count);
}

int fsbb_fit_leaves_under(const fsbb_fit_tree *tree, int node, int *leaves, int max)
{
    int count = 0;
    if (node >= 0 && node < tree->count)
        list_leaves(tree, node, leaves, max, &count);
    return count;
}

int fsbb_fit_leaves(const fsbb_fit_tree *tree, int *leaves, int max)
{
    return fsbb_fit_leaves_under(tree, 0, leaves, max);
}

static double best_cover(fsbb_fit_tree *tree, int node)
{
    fsbb_fit_node *n = &tree->nodes[node];
    if (n->left < 0) {
        n->best_ms = n->standalone_ms;
        return n->best_ms;
    }
    const double split = best_cover(tree, n->left) + best_cover(tree, n->right);
    n = &tree->nodes[node];
    n->best_ms = n->standalone_ms <= split ? n->standalone_ms : split;
    return n->best_ms;
}

static void mark_chosen(fsbb_fit_tree *tree, int node)
{
    fsbb_fit_node *n = &tree->nodes[node];
    if (n->left < 0 || n->standalone_ms <= n->best_ms) {
        n->chosen = 1;
        return;
    }
    mark_chosen(tree, n->left);
    mark_chosen(tree, n->right);
}

double fsbb_fit_recombine(fsbb_fit_tree *tree)
{
    if (tree->count == 0)
        return 0;
    for (int i = 0; i < tree->count; i++)
        tree->nodes[i].chosen = 0;
    const double best = best_cover(tree, 0);
    mark_chosen(tree, 0);
    return best;
}

static void list_chosen(const fsbb_fit_tree *tree, int node, int *chosen, int max, int *count)
{
    const fsbb_fit_node *n = &tree->nodes[node];
    if (n->chosen) {
        if (*count < max)
            chosen[*count] = node;
        (*count)++;
        return;
    }
    if (n->left >= 0) {
        list_chosen(tree, n->left, chosen, max, count);
        list_chosen(tree, n->right, chosen, max, count);
    }
}

int fsbb_fit_chosen(const fsbb_fit_tree *tree, int *chosen, int max)
{
    int count = 0;
    if (tree->count > 0)
        list_chosen(tree, 0, chosen, max, &count);
    return count;
}
