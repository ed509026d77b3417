/* bound_kind.h — which lower bound a search computes: LB1 (lb1.h), LB1 refined by LB2 on the
 * children LB1 keeps (lb2.h), or auto: LB2 where the search measures that it pays (lb_auto.h;
 * the resident GPU engine decides per depth, the other engines run LB1). */
#ifndef FSBB_BOUND_KIND_H
#define FSBB_BOUND_KIND_H

typedef enum { FSBB_LB1, FSBB_LB2, FSBB_LB_AUTO } fsbb_lb_kind;

#endif
