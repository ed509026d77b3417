/* host_device.h — the qualifier that lets one bound function compile for the host (gcc) and
 * for the device (nvcc) alike. Bound code is plain C: no GLib, no allocation, no I/O. */
#ifndef FSBB_HOST_DEVICE_H
#define FSBB_HOST_DEVICE_H

#ifdef __CUDACC__
#define FSBB_HOST_DEVICE static inline __host__ __device__
#else
#define FSBB_HOST_DEVICE static inline
#endif

#define FSBB_MAX(a, b) ((a) > (b) ? (a) : (b))
#define FSBB_MIN(a, b) ((a) < (b) ? (a) : (b))

#endif
