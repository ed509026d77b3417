/* gpu_nocuda.c — the device probe of a build made without CUDA: no GPU is usable, so the
 * engine table (engine.h) never chooses a GPU engine, and none can be chosen. */
#include "error.h"
#include "flowshopbb.h"
#include "gpu_device.h"

#include <stddef.h>

fsbb_status fsbb_gpu_check(char *name_out, int size, fsbb_error *err)
{
    (void)name_out;
    (void)size;
    return fsbb_fail(err, FSBB_ERR_NO_GPU, "this build of flowshop-bb was made without CUDA");
}

int fsbb_gpu_available(char *name_out, int size)
{
    return fsbb_gpu_check(name_out, size, NULL) == FSBB_OK;
}

int fsbb_gpu_choose(int index, char *name_out, int size)
{
    (void)index;
    (void)name_out;
    (void)size;
    return -1;
}

int fsbb_gpu_bus_id(int device, char *out, int size)
{
    (void)device;
    (void)out;
    (void)size;
    return -1;
}
