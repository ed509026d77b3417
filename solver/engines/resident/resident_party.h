/* resident_party.h — the resident engine's side of the work exchange (work_exchange.h),
 * between two runs of the device: the party's request answered with the device's oldest open
 * nodes (at most half of them, as a thief takes, or all of them for FSBB_WORK_ALL), a better
 * incumbent found elsewhere copied to the device, more nodes taken from the party when the
 * device runs dry, and the open nodes given back when a limit stops the search. */
#ifndef FSBB_RESIDENT_PARTY_H
#define FSBB_RESIDENT_PARTY_H

#include "resident_device.h"
#include "search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* After a run (state is what it read): the incumbent, then the party's request. */
fsbb_status fsbb_resident_party_serve(fsbb_search *search, fsbb_resident_device *device,
                                      const fsbb_resident_state *state, fsbb_error *err);

/* The device has no open node: answers a request still open with none, then waits for the
 * party's nodes and pushes them (*took 1), or learns that the search is over (*took 0). */
fsbb_status fsbb_resident_party_take(fsbb_search *search, fsbb_resident_device *device, int *took,
                                     fsbb_error *err);

/* Stopped by a limit or an interrupt: every open node goes to the party (one give). */
fsbb_status fsbb_resident_party_give_back(fsbb_search *search, fsbb_resident_device *device, fsbb_error *err);

#ifdef __cplusplus
}
#endif

#endif
