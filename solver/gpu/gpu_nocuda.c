/* gpu_nocuda.c — the device probe of a build made without CUDA: no GPU is usable, so the
 * engine table (engine.h) never chooses a GPU engine. */
#include "flowshopbb.h"

int fsbb_gpu_available(char *name_out, int size)
{
    (void)name_out;
    (void)size;
    return 0;
}
