/* test_cache_fit.c — the data-balanced work partition and split-join recombination of
 * divergence/cache_fit.h: leaves fit the capacity and cover the work exactly once, halves
 * carry equal work, tile splits replicate the cheaper side, and the recombination picks
 * the cheapest cover of a hand-made tree. */
#include "cache_fit.h"
#include "suites.h"

#include <stdlib.h>
#include <string.h>

/* A block-structured matrix under a row shuffle: row r touches 8 columns of window r % 16
 * (64 columns each), so a cache of a window and its rows holds a part. */
static void test_tuples_fit_and_cover(void)
{
    enum { ROWS = 4096, WINDOWS = 16, WIDTH = 64, PER_ROW = 8 };
    const int64_t count = (int64_t)ROWS * PER_ROW;
    fsbb_work_tuple *tuples = malloc(sizeof *tuples * (size_t)count);
    unsigned state = 12345;
    for (int r = 0; r < ROWS; r++)
        for (int k = 0; k < PER_ROW; k++) {
            state = state * 1103515245u + 12345u;
            tuples[r * PER_ROW + k] = (fsbb_work_tuple){r, (r % WINDOWS) * WIDTH + (int)((state >> 8) % WIDTH)};
        }
    const double capacity = 4.0 * (WIDTH + ROWS / WINDOWS); /* bytes: one window and its rows */
    fsbb_fit_tree tree;
    CU_ASSERT_EQUAL_FATAL(fsbb_fit_partition_tuples(tuples, count, ROWS, WINDOWS * WIDTH, 4, 4, capacity, &tree, NULL),
                          FSBB_OK);
    int leaves[4096];
    const int leaf_count = fsbb_fit_leaves(&tree, leaves, 4096);
    CU_ASSERT(leaf_count >= WINDOWS);
    int64_t next = 0;
    for (int i = 0; i < leaf_count; i++) {
        const fsbb_fit_node *leaf = &tree.nodes[leaves[i]];
        CU_ASSERT(leaf->data_bytes <= capacity);
        CU_ASSERT_EQUAL(leaf->begin, next); /* leaves tile the tuples in order */
        next = leaf->end;
    }
    CU_ASSERT_EQUAL(next, count);
    for (int i = 0; i < tree.count; i++) {
        const fsbb_fit_node *node = &tree.nodes[i];
        if (node->left < 0)
            continue;
        const int64_t half = tree.nodes[node->left].end - tree.nodes[node->left].begin;
        const int64_t other = tree.nodes[node->right].end - tree.nodes[node->right].begin;
        CU_ASSERT(half == other || half + 1 == other);
        CU_ASSERT(node->data_bytes > capacity);
    }
    for (int64_t t = 1; t < count; t++)
        CU_ASSERT_FATAL(tuples[t - 1].b < tuples[t].b || (tuples[t - 1].b == tuples[t].b && tuples[t - 1].a <= tuples[t].a));
    fsbb_fit_tree_free(&tree);
    free(tuples);
}

/* 4096 nodes of 200 bytes x 190 pairs of 8000 bytes, 200 KB of cache: splitting the
 * nodes replicates 1.5 MB of pairs, splitting the pairs 800 KB of nodes, so the root
 * splits the pairs; every leaf fits, leaves tile the rectangle, node splits are aligned. */
static void test_tiles(void)
{
    fsbb_fit_tree tree;
    const double capacity = 200e3;
    CU_ASSERT_EQUAL_FATAL(fsbb_fit_partition_tiles(4096, 190, 200, 8000, capacity, 32, &tree, NULL), FSBB_OK);
    const fsbb_fit_node *root = &tree.nodes[0];
    CU_ASSERT(root->left >= 0);
    CU_ASSERT_EQUAL(tree.nodes[root->left].a_end, 4096);
    CU_ASSERT_EQUAL(tree.nodes[root->left].b_end, 95);
    int leaves[65536];
    const int leaf_count = fsbb_fit_leaves(&tree, leaves, 65536);
    CU_ASSERT_FATAL(leaf_count > 0 && leaf_count <= 65536);
    int64_t area = 0;
    for (int i = 0; i < leaf_count; i++) {
        const fsbb_fit_node *leaf = &tree.nodes[leaves[i]];
        CU_ASSERT(leaf->data_bytes <= capacity);
        CU_ASSERT_EQUAL(leaf->a_begin % 32, 0);
        area += (leaf->a_end - leaf->a_begin) * (leaf->b_end - leaf->b_begin);
    }
    CU_ASSERT_EQUAL(area, 4096 * 190);
    fsbb_fit_tree_free(&tree);
    /* A rectangle that cannot be split is a leaf even when too large. */
    CU_ASSERT_EQUAL_FATAL(fsbb_fit_partition_tiles(20, 1, 1000, 1000, 10, 32, &tree, NULL), FSBB_OK);
    CU_ASSERT_EQUAL(tree.count, 1);
    fsbb_fit_tree_free(&tree);
}

/* root (10) -> A (4) [A1 (1), A2 (2)], B (5) [B1 (3), B2 (3)]: A costs 3 split, B 5 whole,
 * root 8 split < 10: chosen A1, A2, B. */
static void test_recombine(void)
{
    fsbb_fit_tree tree;
    CU_ASSERT_EQUAL_FATAL(fsbb_fit_partition_tiles(4, 1, 10, 1, 11, 1, &tree, NULL), FSBB_OK);
    /* 4 nodes of 10 bytes, capacity 11: the tree splits down to single nodes. */
    CU_ASSERT_EQUAL_FATAL(tree.count, 7);
    int leaves[4];
    CU_ASSERT_EQUAL_FATAL(fsbb_fit_leaves(&tree, leaves, 4), 4);
    const int a = tree.nodes[0].left, b = tree.nodes[0].right;
    tree.nodes[0].standalone_ms = 10;
    tree.nodes[a].standalone_ms = 4;
    tree.nodes[b].standalone_ms = 5;
    const double leaf_ms[4] = {1, 2, 3, 3};
    for (int i = 0; i < 4; i++)
        tree.nodes[leaves[i]].standalone_ms = leaf_ms[i];
    CU_ASSERT_DOUBLE_EQUAL(fsbb_fit_recombine(&tree), 8.0, 1e-12);
    int chosen[7];
    CU_ASSERT_EQUAL_FATAL(fsbb_fit_chosen(&tree, chosen, 7), 3);
    CU_ASSERT_EQUAL(chosen[0], leaves[0]);
    CU_ASSERT_EQUAL(chosen[1], leaves[1]);
    CU_ASSERT_EQUAL(chosen[2], b);
    fsbb_fit_tree_free(&tree);
}

FSBB_SUITE("cache fit",
           {"tuple DBWP: leaves fit, tile the work in order, halves are equal", test_tuples_fit_and_cover},
           {"tile DBWP: the cheaper side is split, leaves fit and cover", test_tiles},
           {"split-join recombination picks the cheapest cover", test_recombine})
