/* reported_cores.c — the suites as on a machine of another size. With FSBB_TEST_CORES=N in
 * the environment, sysconf(_SC_NPROCESSORS_ONLN) reports N to the code linked into a test
 * program, and sched_getaffinity the first N CPUs, so the solver's rules that depend on the
 * core count (threads 0: every core the process may run on; the heuristic walks of
 * heuristic-threads auto) run here as on an N-core machine: `make check` runs the suites a
 * second time as on 16 cores. Every other call goes to the C library. */
#include <dlfcn.h>
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

static long reported_cores(void)
{
    const char *reported = getenv("FSBB_TEST_CORES");
    const long cores = reported ? atol(reported) : 0;
    return cores > 0 && cores <= CPU_SETSIZE ? cores : 0;
}

long sysconf(int name)
{
    if (name == _SC_NPROCESSORS_ONLN && reported_cores() > 0)
        return reported_cores();
    long (*const libc_sysconf)(int) = (long (*)(int))dlsym(RTLD_NEXT, "sysconf");
    return libc_sysconf ? libc_sysconf(name) : -1;
}

int sched_getaffinity(pid_t pid, size_t size, cpu_set_t *mask)
{
    const long cores = reported_cores();
    if (cores > 0 && size >= sizeof(cpu_set_t)) {
        CPU_ZERO(mask);
        for (long cpu = 0; cpu < cores; cpu++)
            CPU_SET(cpu, mask);
        return 0;
    }
    int (*const libc_affinity)(pid_t, size_t, cpu_set_t *) =
        (int (*)(pid_t, size_t, cpu_set_t *))dlsym(RTLD_NEXT, "sched_getaffinity");
    return libc_affinity ? libc_affinity(pid, size, mask) : -1;
}
