/* search_cpu.h — the CPU engine (search_cpu.c): the search's threads, each running a
 * depth-first (or breadth- or best-first) branch-and-bound over a pool of its own, stealing
 * from the others when it runs dry. */
#ifndef FSBB_SEARCH_CPU_H
#define FSBB_SEARCH_CPU_H

#include "search.h"

/* Runs the search from the root (or search->resume) with search->threads threads; FSBB_OK
 * when the tree was exhausted or a limit or interrupt stopped it. */
fsbb_status fsbb_search_cpu(fsbb_search *search, fsbb_error *err);

#endif
