/* termination.h — when a distributed search is over: every rank idle and no node in
 * flight. Safra's token algorithm (Dijkstra, EWD 998) as a state machine without MPI: the
 * communication thread tells it what happens (a message with nodes sent or received, the
 * token arriving) and asks it, while its rank is idle, what to do with the token.
 *
 * Each rank counts the messages with nodes it sent minus those it received (count) and
 * turns black when it receives one. The token goes round the ring 0, 1, ..., P-1, 0; a rank
 * passes it on only while idle, adding its count and its colour (black wins), and turns
 * white. Rank 0 starts a round when idle; when the token comes back white, rank 0 is white
 * and idle, and the token's sum plus rank 0's count is zero, the search is over.
 *
 * Why that is right, with nodes in flight. An idle rank becomes busy only by receiving
 * nodes (rank_party.h), and only a busy rank sends nodes. Let t_j be the time rank j passed
 * the token in the last round (rank 0: when it started the round, t_0, and when it decides,
 * T). A = messages sent by their sender before its t, B = messages received by their receiver
 * before its t (T for rank 0); the token's sum plus rank 0's count is |A| - |B|. A message of
 * B received during the round (after t_0) turned its receiver black before that receiver
 * passed the token (its colour was last reset in the previous round, before t_0): the token
 * or rank 0 would be black. So every message of B was received before t_0, hence sent
 * before t_0, before its sender's t: B is in A, and |A| = |B| makes A = B. Suppose now some
 * rank busy at T or some message in flight at T, and take the first message m (by time of
 * receipt, messages still in flight last) received after its receiver's t or not at all. m
 * is not in B, so not in A: its sender sent it after passing the token, idle then, so busy
 * again by a receipt after its t and before m's: an earlier such message, a contradiction.
 * A rank busy at T was idle at its t and so received such a message too. Hence at T every
 * rank is idle and no message with nodes is in flight: nothing can make a rank busy again.
 * Messages without nodes (steal requests, refusals, incumbents) carry no work and are not
 * counted. */
#ifndef FSBB_TERMINATION_H
#define FSBB_TERMINATION_H

typedef struct fsbb_termination {
    int rank, ranks;
    long long count;          /* messages with nodes sent minus received */
    int black;
    int holding;              /* the token is here */
    int round_started;        /* rank 0: a round is on its way (the token came back from it) */
    long long token_count;
    int token_black;
} fsbb_termination;

/* The token leaves as (count, black) to rank (rank + 1) % ranks. */
typedef enum fsbb_termination_step {
    FSBB_TERMINATION_WAIT,    /* nothing to do */
    FSBB_TERMINATION_PASS,    /* send the token on */
    FSBB_TERMINATION_OVER     /* rank 0: the search is over */
} fsbb_termination_step;

void fsbb_termination_init(fsbb_termination *t, int rank, int ranks);
void fsbb_termination_sent(fsbb_termination *t);
void fsbb_termination_received(fsbb_termination *t);
void fsbb_termination_token(fsbb_termination *t, long long count, int black);
/* Called while the rank is idle: what to do with the token, if here; with PASS, *count and
 * *black are the token to send on. */
fsbb_termination_step fsbb_termination_idle(fsbb_termination *t, long long *count, int *black);

#endif
