/* taillard_list.c — a benchmark's list of Taillard instances (taillard_list.h). */
#include "taillard_list.h"

#include <stdlib.h>
#include <string.h>

/* The number of a name "ta051" or "51". */
static int instance_number(const char *name)
{
    return atoi(name + (name[0] == 't' ? 2 : 0));
}

int fsbb_taillard_list_parse(const char *list, int *indexes, int *count)
{
    char *copy = strdup(list);
    int ok = copy != NULL;
    for (char *save = NULL, *item = copy ? strtok_r(copy, ",", &save) : NULL; ok && item;
         item = strtok_r(NULL, ",", &save)) {
        char *dash = strchr(item, '-');
        int first, last;
        if (dash) {
            *dash = '\0';
            first = instance_number(item);
            last = instance_number(dash + 1);
        } else {
            first = last = instance_number(item);
        }
        if (first < 1 || last > FSBB_TAILLARD_LIST_MAX || first > last) {
            ok = 0;
            break;
        }
        for (int i = first; i <= last && *count < FSBB_TAILLARD_LIST_MAX; i++)
            indexes[(*count)++] = i;
    }
    free(copy);
    return ok ? 0 : -1;
}
