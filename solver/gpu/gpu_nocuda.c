/* gpu_nocuda.c — the device probe of a build made without CUDA: no GPU is usable, so the
 * engine table (engine.h) never chooses a GPU engine, and none can be chosen. */
#include "flowshopbb.h"
#include "gpu_device.h"

int fsbb_gpu_available(char *name_out, int size)
{
    (void)name_out;
    (void)size;
    return 0;
}

int fsbb_gpu_choose(int index, char *name_out, int size)
{
    (void)index;
    (void)name_out;
    (void)size;
    return -1;
}
