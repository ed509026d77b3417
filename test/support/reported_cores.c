/* reported_cores.c — the suites as on a machine of another size. With FSBB_TEST_CORES=N in
 * the environment, sysconf(_SC_NPROCESSORS_ONLN) reports N to the code linked into a test
 * program, so the solver's rules that depend on the core count (threads 0: every core; the
 * heuristic walks of heuristic-threads auto) run here as on an N-core machine: `make check`
 * runs the suites a second time as on 16 cores. Every other call goes to the C library. */
#include <dlfcn.h>
#include <stdlib.h>
#include <unistd.h>

long sysconf(int name)
{
    if (name == _SC_NPROCESSORS_ONLN) {
        const char *reported = getenv("FSBB_TEST_CORES");
        const long cores = reported ? atol(reported) : 0;
        if (cores > 0)
            return cores;
    }
    long (*const libc_sysconf)(int) = (long (*)(int))dlsym(RTLD_NEXT, "sysconf");
    return libc_sysconf ? libc_sysconf(name) : -1;
}
