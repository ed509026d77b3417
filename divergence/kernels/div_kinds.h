/* div_kinds.h — the load-balancing schemes and throttling schedules of the divergence
 * kernels (div_bounder.h), and their names, in a header of their own so that the solver's
 * options (options.h: balance, throttle) hold them and take their names from here without
 * the kernels' interface. */
#ifndef FSBB_DIV_KINDS_H
#define FSBB_DIV_KINDS_H

typedef enum {
    FSBB_DIV_BALANCE_NONE,
    FSBB_DIV_BALANCE_CENTRAL,
    FSBB_DIV_BALANCE_DISTRIBUTED,
    FSBB_DIV_BALANCE_STEAL,
    FSBB_DIV_BALANCE_PERSISTENT
} fsbb_div_balance;

typedef enum {
    FSBB_DIV_THROTTLE_NONE,
    FSBB_DIV_THROTTLE_CF,
    FSBB_DIV_THROTTLE_CFQ,
    FSBB_DIV_THROTTLE_SJ,
    FSBB_DIV_THROTTLE_SJQ
} fsbb_div_throttle;

/* The names, in the order of the enums, NULL-terminated (div_config.c). */
extern const char *const fsbb_div_balance_names[];
extern const char *const fsbb_div_throttle_names[];

#endif
