/* termination.c — Safra's token algorithm (termination.h). */
#include "termination.h"

void fsbb_termination_init(fsbb_termination *t, int rank, int ranks)
{
    *t = (fsbb_termination){.rank = rank, .ranks = ranks, .holding = rank == 0};
}

void fsbb_termination_sent(fsbb_termination *t)
{
    t->count++;
}

void fsbb_termination_received(fsbb_termination *t)
{
    t->count--;
    t->black = 1;
}

void fsbb_termination_token(fsbb_termination *t, long long count, int black)
{
    t->holding = 1;
    t->token_count = count;
    t->token_black = black;
}

fsbb_termination_step fsbb_termination_idle(fsbb_termination *t, long long *count, int *black)
{
    if (!t->holding)
        return FSBB_TERMINATION_WAIT;
    if (t->rank == 0) {
        if (t->ranks == 1 && t->count == 0)
            return FSBB_TERMINATION_OVER;
        if (t->round_started && !t->token_black && !t->black && t->token_count + t->count == 0)
            return FSBB_TERMINATION_OVER;
        if (t->ranks == 1)
            return FSBB_TERMINATION_WAIT;
        t->round_started = 1;
        *count = 0;
        *black = 0;
    } else {
        *count = t->token_count + t->count;
        *black = t->token_black || t->black;
    }
    t->black = 0;
    t->holding = 0;
    return FSBB_TERMINATION_PASS;
}
