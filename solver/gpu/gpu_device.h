/* gpu_device.h — choosing one of the host's GPUs for the calling thread (gpu_device.cu;
 * gpu_nocuda.c in a build without CUDA). The probe, fsbb_gpu_available, is in the API
 * (flowshopbb.h). */
#ifndef FSBB_GPU_DEVICE_H
#define FSBB_GPU_DEVICE_H

#ifdef __cplusplus
extern "C" {
#endif

/* Makes the calling thread use the GPU index % device count (the ranks of a host share its
 * GPUs so); returns the device used, with its name in name_out, or -1 without a GPU. */
int fsbb_gpu_choose(int index, char *name_out, int size);

/* The PCI address of a device ("0000:19:00.0"), which names one GPU of the host whatever
 * CUDA_VISIBLE_DEVICES shows; 0, or -1 without it. */
int fsbb_gpu_bus_id(int device, char *out, int size);

#ifdef __cplusplus
}
#endif

#endif
