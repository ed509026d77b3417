/* sweep_range.c — instance ranges such as ta021..ta030 in sweep files (sweep_range.h). */
#include "sweep_range.h"

#include "error.h"

#include <string.h>

/* Splits one end of a range, "ta021" (length bytes), into its prefix length (2), number
 * (21) and digit count (3). Returns 0 unless it is letters, '_' or '-' then 1 to 9 digits. */
static int split_bound(const char *side, size_t length, size_t *prefix_length, long *number, int *digits)
{
    size_t p = 0;
    while (p < length && (g_ascii_isalpha(side[p]) || side[p] == '_' || side[p] == '-'))
        p++;
    const size_t digit_count = length - p;
    if (digit_count == 0 || digit_count > 9)
        return 0;
    long value = 0;
    for (size_t d = p; d < length; d++) {
        if (!g_ascii_isdigit(side[d]))
            return 0;
        value = value * 10 + (side[d] - '0');
    }
    *prefix_length = p;
    *number = value;
    *digits = (int)digit_count;
    return 1;
}

fsbb_status fsbb_sweep_expand_instance(const char *item, GPtrArray *out, fsbb_error *err)
{
    if (item[0] == '\0')
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "an empty instance name");
    const char *dots = strstr(item, "..");
    if (strchr(item, '/') || !dots) {
        g_ptr_array_add(out, g_strdup(item));
        return FSBB_OK;
    }
    const char *last = dots + 2;
    size_t first_prefix, last_prefix;
    long first, final;
    int first_digits, final_digits;  /* the width of the first end pads every name */
    if (!split_bound(item, (size_t)(dots - item), &first_prefix, &first, &first_digits) ||
        !split_bound(last, strlen(last), &last_prefix, &final, &final_digits))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                         "bad range '%s' (expected NAME<number>..NAME<number> such as ta021..ta030; "
                         "write a file name with '..' as ./NAME)",
                         item);
    if (first_prefix != last_prefix || strncmp(item, last, first_prefix) != 0)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "bad range '%s': the two ends have different names", item);
    if (first > final)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "reversed range '%s' (write the smaller end first)", item);
    if (final - first >= FSBB_SWEEP_MAX_RANGE)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "range '%s' names more than %d instances", item,
                         FSBB_SWEEP_MAX_RANGE);
    for (long number = first; number <= final; number++)
        g_ptr_array_add(out, g_strdup_printf("%.*s%0*ld", (int)first_prefix, item, first_digits, number));
    return FSBB_OK;
}
