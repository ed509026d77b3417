# flowshop-bb — build, test and benchmark targets.
#   make              the library, flowshop-bb and flowshop-sweep (CUDA parts when nvcc is found)
#   make check        CUnit suites and command-line tests (no GPU needed)
#   make check-gpu    the GPU test program (run it on a machine with a GPU)
#   make bench-cpu    the CPU benchmark table
#   make bench-gpu-pool  the GPU pool-bounding benchmark program (run it on a machine with a GPU)
#   make bench-divergence  the divergence micro-benchmarks and build/characterize (divergence/bench/run.sh)
#   make bench-gpu    the device-resident GPU engine's table (run it on a machine with a GPU)
#   make bench-heuristic  the heuristic engine alone on ta051-ta120 (HEURISTIC_BENCH_ARGS)
#   make bench-forecast   the forecast of the end against the real end (FORECAST_BENCH_ARGS)
#   make CUDA=0       force a CPU-only build; SANITIZE=1 builds with ASan and UBSan
#   make CUDA_ARCH="80 90"  the GPU architectures to compile for (default: the GPU present at
#                     build time, else Volta..Hopper as far as nvcc goes; cuda_arch.mk)
#   make cuda-arch    print the GPU architectures this build compiles for, and why
#   make install      flowshop-bb and its manual page, flowshop-sweep, the library, its header
#                     and flowshopbb.pc
#                     under PREFIX (DESTDIR for staging)
#   make man          the manual page build/flowshop-bb.1 (also made by make), from --help's table
#   make MPI=0        no distributed search (MPI support is built when mpicc is found)
#   make examples     the programs of examples/, linked with the library of this build

BUILD    ?= build
.DEFAULT_GOAL := all
CC       ?= cc
PKGS     := glib-2.0
NVCC     ?= $(shell command -v nvcc 2>/dev/null)
CUDA     ?= $(if $(NVCC),1,0)
CUDA_HOME ?= $(patsubst %/bin/nvcc,%,$(NVCC))
# The distributed search (mpirun -np N flowshop-bb ...): Open MPI's compile and link flags.
MPICC    ?= $(shell command -v mpicc 2>/dev/null)
MPI      ?= $(if $(MPICC),1,0)
PREFIX   ?= /usr/local
BINDIR   ?= $(PREFIX)/bin
LIBDIR   ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR   ?= $(PREFIX)/share/man
VERSION  := $(shell sed -n 's/^\#define FSBB_VERSION "\(.*\)"/\1/p' solver/flowshopbb.h)
SONAME   := libflowshopbb.so.$(firstword $(subst ., ,$(VERSION)))

# AVX2 where the build machine has it: the batched child bounds vectorise across children.
# 128-bit vectors: a node has few unscheduled jobs, so 8-lane loops spend their time in
# remainders (measured: ta029 with 2 threads 9% faster than with 256-bit vectors).
ARCH_FLAGS ?= $(if $(shell grep -qw avx2 /proc/cpuinfo 2>/dev/null && echo yes),-march=x86-64-v3 -mprefer-vector-width=128)
CFLAGS   ?= -O3 -g
# Hidden by default: the shared library exports the FSBB_API functions of flowshopbb.h only.
CFLAGS   += $(ARCH_FLAGS) -std=c11 -Wall -Wextra -pthread -D_GNU_SOURCE -fPIC -fvisibility=hidden \
            $(shell pkg-config --cflags $(PKGS))
# The library's source folders (headers are included by name, so each is on the include path).
LIB_DIRS := bounds pool divergence/warp divergence/kernels divergence/analysis solver/core \
            solver solver/api solver/gpu solver/engines solver/engines/cpu solver/engines/resident solver/engines/offload \
            solver/engines/distributed
# The programs' shared code (outside the library) and the sweep runner's, which its tests include.
PROGRAM_DIRS := solver/tools solver/sweep
CPPFLAGS += $(addprefix -I,$(LIB_DIRS) $(PROGRAM_DIRS))
GLIB_LIBS := $(shell pkg-config --libs $(PKGS))
LDLIBS   += $(GLIB_LIBS) -lm -pthread
# The library itself uses no GLib (the programs do): its link and flowshopbb.pc leave it out.
LIB_LDLIBS = $(filter-out $(GLIB_LIBS),$(LDLIBS))

ifeq ($(SANITIZE),1)
CFLAGS  += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
# Programs linked with a sanitized library need the sanitizer runtimes too: flowshopbb.pc says so.
SANITIZE_LINK := -fsanitize=address,undefined
LDFLAGS += $(SANITIZE_LINK)
# Tests that run long solves read this and take smaller instances under the sanitizers.
export FSBB_TEST_LIGHT := 1
endif

LIB_C   := $(foreach d,$(LIB_DIRS),$(wildcard $(d)/*.c))
ifeq ($(CUDA),1)
LIB_C   := $(filter-out %_nocuda.c,$(LIB_C))
LIB_CU  := $(foreach d,$(LIB_DIRS),$(wildcard $(d)/*.cu))
CPPFLAGS += -DFSBB_HAVE_CUDA
include cuda_arch.mk
NVFLAGS ?= -O3 -lineinfo
NVFLAGS += $(CUDA_GENCODE) -std=c++17 -Xcompiler -fPIC,-Wall,-fvisibility=hidden $(addprefix -I,$(LIB_DIRS)) \
           -DFSBB_HAVE_CUDA
CUDA_VERSION := $(shell $(NVCC) --version 2>/dev/null | sed -n 's/.*release \([0-9.]*\),.*/\1/p')
LDLIBS  += -L$(CUDA_HOME)/lib64 -lcudart_static -ldl -lrt -lstdc++
else
LIB_C   := $(filter-out %_cuda.c,$(LIB_C))
LIB_CU  :=
endif

# What the build is made with, for fsbb_build_features and the GPU probe's message: the CUDA
# toolkit and the architectures compiled for, in a header rewritten only when it changes.
BUILD_FEATURES_H := $(BUILD)/gen/build_features.h
BUILD_FEATURES_TEXT := /* Written by the Makefile. */\n\#define FSBB_CUDA_VERSION "$(CUDA_VERSION)"\n\#define FSBB_CUDA_ARCH_NAMES "$(CUDA_ARCH_NAMES)"\n
$(shell mkdir -p $(BUILD)/gen && { printf '$(BUILD_FEATURES_TEXT)' | cmp -s - $(BUILD_FEATURES_H) || \
        printf '$(BUILD_FEATURES_TEXT)' >$(BUILD_FEATURES_H); })
$(BUILD)/solver/api/version.o: CPPFLAGS += -I$(BUILD)/gen
$(BUILD)/solver/gpu/gpu_device.cu.o: NVFLAGS += -I$(BUILD)/gen

ifeq ($(MPI),1)
MPI_CFLAGS ?= $(shell $(MPICC) --showme:compile)
MPI_LIBS   ?= $(shell $(MPICC) --showme:link)
LIB_C    := $(filter-out %_nompi.c,$(LIB_C))
CPPFLAGS += -DFSBB_HAVE_MPI $(MPI_CFLAGS)
LDLIBS   += $(MPI_LIBS)
else
LIB_C    := $(filter-out %_mpi.c,$(LIB_C))
endif

LIB_OBJ := $(LIB_C:%.c=$(BUILD)/%.o) $(LIB_CU:%.cu=$(BUILD)/%.cu.o)
CLI_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard solver/cli/*.c))
# flowshop-bb sees the public API only: its include path holds flowshopbb.h's folder, the
# programs' json and its own folder, none of the library's internal headers.
$(CLI_OBJ): CPPFLAGS := -Isolver -Isolver/tools -Isolver/cli
TOOLS_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard solver/tools/*.c))
SWEEP_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard solver/sweep/*.c))
# The sweep runner without its main, for the tests.
SWEEP_PARTS_OBJ := $(filter-out $(BUILD)/solver/sweep/main.o,$(SWEEP_OBJ))
# Tests: the CUnit suites (test/unit, test/gpu), what they share (test/support: the runner,
# helpers, brute force, the pool generator of the GPU tests and benchmarks).
TEST_DIRS := test/support
CPPFLAGS += $(addprefix -I,$(TEST_DIRS))
TEST_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard test/unit/*.c))
RUNNER_OBJ := $(BUILD)/test/support/runner.o
SUPPORT_OBJ := $(filter-out $(RUNNER_OBJ),$(patsubst %.c,$(BUILD)/%.o,$(wildcard test/support/*.c)))
POOL_GENERATOR_OBJ := $(BUILD)/test/support/pool_generator.o
GPU_TEST_SRC := $(wildcard test/gpu/*.c test/gpu/*.cu)
GPU_TEST_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(filter %.c,$(GPU_TEST_SRC))) \
                $(patsubst %.cu,$(BUILD)/%.cu.o,$(filter %.cu,$(GPU_TEST_SRC)))

PROGRAMS := $(BUILD)/flowshop-bb $(BUILD)/flowshop-bb.1 $(BUILD)/libflowshopbb.a $(BUILD)/libflowshopbb.so
PROGRAMS += $(BUILD)/characterize
ifneq ($(SWEEP_OBJ),)
PROGRAMS += $(BUILD)/flowshop-sweep
endif

.PHONY: all check check-gpu bench-cpu bench-gpu-pool clean install examples cuda-arch man
all: $(PROGRAMS)

cuda-arch:
	@echo '$(if $(filter 1,$(CUDA)),$(CUDA_ARCH_NAMES) ($(CUDA_ARCH_WHY)),none: a build without CUDA)'

# The compile flags of the last build, rewritten when they change, so that a change of flags
# (CUDA=0, CUDA_ARCH, SANITIZE=1, -fvisibility) rebuilds every object.
FLAGS_STAMP := $(BUILD)/compile-flags
$(shell mkdir -p $(BUILD) && printf '%s\n' '$(CC) $(CPPFLAGS) $(CFLAGS) | $(NVCC) $(NVFLAGS)' | \
        cmp -s - $(FLAGS_STAMP) || printf '%s\n' '$(CC) $(CPPFLAGS) $(CFLAGS) | $(NVCC) $(NVFLAGS)' >$(FLAGS_STAMP))

$(BUILD)/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@
# The heuristic's heads and tails recurrences (insertion.c) run four columns at a time in
# scalar registers; GCC's SLP vectoriser packs the four stores of each machine into one
# vector store through shuffles on the critical path (measured: ta081 12 % more iterations a
# second without it, docs/heuristic.md). Its vector loops are written with vector types.
$(BUILD)/solver/core/insertion.o: CFLAGS += -fno-tree-slp-vectorize
# The CPU engine's node loops (search_cpu.c, with the bounds of lb1_batch.h inlined) start on
# 64-byte boundaries: where they fall otherwise moves with any edit of the file, and moved
# LB1's CPU time by 5-8 % on the 2-core EPYC of the CI machine (results/lb-auto/gain/README.md).
$(BUILD)/solver/engines/cpu/search_cpu.o: CFLAGS += -falign-loops=64

$(BUILD)/%.cu.o: %.cu $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(NVCC) $(NVFLAGS) -MMD -MP -c $< -o $@

# Two archives: the internal one, every object as built, for the programs, tests and
# benchmarks (which use internals: the hooks of the GPU tests, the sweep's parts); the
# installed one, the same objects linked into one whose internal (hidden) symbols are made
# local, so that it defines the API of flowshopbb.h and nothing else, as the shared library.
$(BUILD)/libflowshopbb-internal.a: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/libflowshopbb.a: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(LD) -r -o $(BUILD)/libflowshopbb.o $^
	objcopy --localize-hidden $(BUILD)/libflowshopbb.o
	rm -f $@ && ar rcs $@ $(BUILD)/libflowshopbb.o

# --exclude-libs: nothing of the static CUDA runtime is exported either.
$(BUILD)/libflowshopbb.so: $(LIB_OBJ)
	$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--exclude-libs,ALL $(LDFLAGS) -o $@ $^ $(LIB_LDLIBS)

# Custom GPU bounds: NVRTC compiles the kernel template, and the header and bound code it
# includes, at run time; their text is embedded in the library from the files themselves.
GPU_CUSTOM_SOURCES := solver/flowshopbb.h bounds/host_device.h bounds/bound_data.h bounds/bound_steps.h \
                      bounds/lb1.h solver/gpu/gpu_custom_kernel.cuh
$(BUILD)/gen/gpu_custom_sources.h: $(GPU_CUSTOM_SOURCES) Makefile
	@mkdir -p $(dir $@)
	for f in $(GPU_CUSTOM_SOURCES); do \
	    printf '{"%s",\n' "$${f##*/}"; \
	    sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/"/' -e 's/$$/\\n"/' "$$f"; \
	    printf '},\n'; \
	done >$@.tmp && mv $@.tmp $@
# C files that call CUDA's runtime and driver API themselves.
$(BUILD)/solver/engines/resident/device_arena_cuda.o $(BUILD)/test/gpu/test_device_arena.o: \
    CPPFLAGS += -I$(CUDA_HOME)/include
$(BUILD)/solver/gpu/gpu_custom_bound_cuda.o: $(BUILD)/gen/gpu_custom_sources.h
$(BUILD)/solver/gpu/gpu_custom_bound_cuda.o: CPPFLAGS += -I$(BUILD)/gen -I$(CUDA_HOME)/include \
                                                     -DFSBB_CUDA_LIB_DIR='"$(CUDA_HOME)/lib64"'

install: $(BUILD)/libflowshopbb.a $(BUILD)/libflowshopbb.so $(BUILD)/flowshop-bb $(BUILD)/flowshop-bb.1 \
         $(BUILD)/flowshop-sweep
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(BUILD)/flowshop-bb $(DESTDIR)$(BINDIR)/flowshop-bb
	install -m 755 $(BUILD)/flowshop-sweep $(DESTDIR)$(BINDIR)/flowshop-sweep
	install -m 644 $(BUILD)/flowshop-bb.1 $(DESTDIR)$(MANDIR)/man1/flowshop-bb.1
	install -m 644 $(BUILD)/libflowshopbb.a $(DESTDIR)$(LIBDIR)/libflowshopbb.a
	install -m 755 $(BUILD)/libflowshopbb.so $(DESTDIR)$(LIBDIR)/libflowshopbb.so.$(VERSION)
	ln -sf libflowshopbb.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libflowshopbb.so
	install -m 644 solver/flowshopbb.h $(DESTDIR)$(INCLUDEDIR)/flowshopbb.h
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' \
	    -e 's|@VERSION@|$(VERSION)|g' -e 's|@LIBS_PRIVATE@|$(strip $(LIB_LDLIBS))|g' -e 's|@LINK_FLAGS@|$(SANITIZE_LINK)|g' \
	    flowshopbb.pc.in >$(DESTDIR)$(LIBDIR)/pkgconfig/flowshopbb.pc

EXAMPLES := $(patsubst examples/%.c,$(BUILD)/examples/%,$(wildcard examples/*.c))
examples: $(EXAMPLES)

$(BUILD)/examples/%: examples/%.c $(BUILD)/libflowshopbb.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Isolver $(LDFLAGS) -o $@ $< $(BUILD)/libflowshopbb.a $(LDLIBS)

$(BUILD)/flowshop-bb: $(CLI_OBJ) $(TOOLS_OBJ) $(BUILD)/libflowshopbb-internal.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# The manual page, written by the program from the table and text behind --help.
man: $(BUILD)/flowshop-bb.1
$(BUILD)/flowshop-bb.1: $(BUILD)/flowshop-bb
	$(BUILD)/flowshop-bb --man >$@.tmp && mv $@.tmp $@

$(BUILD)/flowshop-sweep: $(SWEEP_OBJ) $(TOOLS_OBJ) $(BUILD)/libflowshopbb-internal.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/test-runner: $(TEST_OBJ) $(RUNNER_OBJ) $(SUPPORT_OBJ) $(SWEEP_PARTS_OBJ) $(TOOLS_OBJ) $(BUILD)/libflowshopbb-internal.a
	$(CC) $(LDFLAGS) -o $@ $^ -lcunit $(LDLIBS)

# A program of the library's users under mpirun (test/cli/mpi.sh): MPI builds only.
ifeq ($(MPI),1)
MPI_LIBRARY_TEST := $(BUILD)/mpi-library-test
endif
$(BUILD)/mpi-library-test: $(BUILD)/test/mpi/library_ranks.o $(BUILD)/libflowshopbb-internal.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/check-gpu: $(GPU_TEST_OBJ) $(RUNNER_OBJ) $(SUPPORT_OBJ) $(BUILD)/libflowshopbb-internal.a
	$(CC) $(LDFLAGS) -o $@ $^ -lcunit $(LDLIBS)

$(BUILD)/gpu-pool-bench: $(BUILD)/test/bench/gpu_pool_bench.o $(POOL_GENERATOR_OBJ) $(BUILD)/libflowshopbb-internal.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# The parts of `make check`, the longest first: test/run_parts.sh runs CHECK_JOBS of them at
# once (default: one per core; CHECK_JOBS=1, one after another) and prints their outputs in
# this order.
CHECK_JOBS ?= $(shell nproc)
CHECK_PARTS := \
	'sh test/cli/mpi.sh $(BUILD)/flowshop-bb $(MPI) $(MPI_LIBRARY_TEST)' \
	'FSBB_TEST_CORES=16 $(BUILD)/test-runner' \
	'$(BUILD)/test-runner' \
	'sh test/cli/progress_log.sh $(BUILD)/flowshop-bb $(BUILD)/flowshop-sweep' \
	'sh test/cli/checkpoint.sh $(BUILD)/flowshop-bb' \
	'sh test/cli/progress_line.sh $(BUILD)/flowshop-bb' \
	'sh test/cli/json_errors.sh $(BUILD)/flowshop-bb' \
	'sh test/cli/anytime.sh $(BUILD)/flowshop-bb' \
	'MAKE="$(MAKE)" sh test/cli/library.sh $(BUILD) $(CUDA)' \
	'sh test/cli/run.sh $(BUILD)/flowshop-bb' \
	'sh test/cli/schedule.sh $(BUILD)/flowshop-bb' \
	'sh test/cli/limits.sh $(BUILD)/flowshop-bb' \
	'sh test/cli/results.sh $(BUILD)/flowshop-bb $(BUILD)/flowshop-sweep' \
	'sh test/cli/sweep.sh $(BUILD)/flowshop-sweep' \
	'sh test/cli/files.sh $(BUILD)/flowshop-bb' \
	'sh test/cli/man.sh $(BUILD)/flowshop-bb $(BUILD)/flowshop-bb.1' \
	'sh test/cli/input.sh $(BUILD)/flowshop-bb' \
	$(if $(filter 1,$(CUDA)),'sh test/cli/cuda_arch.sh $(BUILD)/flowshop-bb "$(CUDA_ARCH_NAMES)" "$(CUDA_ARCH_WHY)"')

check: $(BUILD)/test-runner $(BUILD)/flowshop-bb $(BUILD)/flowshop-bb.1 $(BUILD)/flowshop-sweep $(MPI_LIBRARY_TEST)
	@bash test/run_parts.sh $(CHECK_JOBS) $(CHECK_PARTS)

check-gpu: $(BUILD)/check-gpu $(BUILD)/flowshop-bb
	@echo "built $(BUILD)/check-gpu: run it on a machine with a GPU"

bench-cpu: $(BUILD)/flowshop-bb
	sh test/bench/cpu.sh $(BUILD)/flowshop-bb

bench-gpu-pool: $(BUILD)/gpu-pool-bench
	@echo "built $(BUILD)/gpu-pool-bench: run test/bench/gpu_pool_bench.sh on a machine with a GPU"

# The divergence micro-benchmarks (divergence/bench) and the trace characterization program.
DIV_BENCH_SRC := $(wildcard divergence/bench/*.c divergence/bench/*.cu)
DIV_BENCH_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(filter %.c,$(DIV_BENCH_SRC))) \
                 $(patsubst %.cu,$(BUILD)/%.cu.o,$(filter %.cu,$(DIV_BENCH_SRC)))
.PHONY: bench-divergence
bench-divergence: $(BUILD)/bench-divergence $(BUILD)/characterize
	@echo "built $(BUILD)/bench-divergence: run divergence/bench/run.sh on a machine with a GPU"

$(BUILD)/bench-divergence: $(DIV_BENCH_OBJ) $(POOL_GENERATOR_OBJ) $(BUILD)/libflowshopbb-internal.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/characterize: $(patsubst %.c,$(BUILD)/%.o,$(wildcard solver/characterize/*.c)) $(BUILD)/libflowshopbb-internal.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# The device-resident GPU engine: ta021-ta030 table and nodes/s (test/bench/gpu_bench.sh).
$(BUILD)/gpu-resident-bench: $(BUILD)/test/bench/gpu_resident_bench.o $(BUILD)/libflowshopbb-internal.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# The offload GPU engine on whole solves, with its time split (test/bench/offload_bench.c).
$(BUILD)/offload-bench: $(BUILD)/test/bench/offload_bench.o $(BUILD)/libflowshopbb-internal.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

.PHONY: bench-gpu
bench-gpu: $(BUILD)/flowshop-bb $(BUILD)/gpu-resident-bench
	sh test/bench/gpu_bench.sh $(BUILD) results/bench-gpu

# The heuristic engine alone: ARPD per class on ta051-ta120 with the budget n (m/2) 60 ms of
# CPU time per instance, one instance per core (test/bench/heuristic_bench.c says the options).
HEURISTIC_BENCH_ARGS ?= --parallel $(shell nproc) --csv $(BUILD)/heuristic-bench.csv
$(BUILD)/heuristic-bench: $(BUILD)/test/bench/heuristic_bench.o $(BUILD)/test/bench/taillard_list.o $(BUILD)/libflowshopbb-internal.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

.PHONY: bench-heuristic
bench-heuristic: $(BUILD)/heuristic-bench
	$(BUILD)/heuristic-bench $(HEURISTIC_BENCH_ARGS)

# What an exact window re-sequencing finds in the walk's schedules (issue 14;
# test/bench/window_diagnostic.c says the options): ta081-ta085, 20000 iterations, seed 1.
WINDOW_DIAGNOSTIC_ARGS ?= --csv $(BUILD)/window-diagnostic.csv
$(BUILD)/window-diagnostic: $(BUILD)/test/bench/window_diagnostic.o $(BUILD)/test/bench/taillard_list.o $(BUILD)/libflowshopbb-internal.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

.PHONY: bench-window
bench-window: $(BUILD)/window-diagnostic
	$(BUILD)/window-diagnostic $(WINDOW_DIAGNOSTIC_ARGS)

# The forecast of the end against the real end (test/bench/forecast_bench.c) on the CPU, 2
# threads: ta011-ta020 from their optima, four of them without an upper bound, three random
# instances from one above their optima, ta022 and ta028-ta030 from the heuristic's bound
# (FORECAST_BENCH_ARGS).
FORECAST_BENCH_ARGS ?= --threads 2 --ub opt ta011 ta012 ta013 ta014 ta015 ta016 ta017 ta018 ta019 ta020 \
	ta011=inf ta013=inf ta020=inf instances/random/r30x10_3010005.txt=inf \
	instances/random/r30x10_3010006.txt=2115 instances/random/r20x20_2020004.txt=2259 \
	instances/random/r20x20_2020005.txt=2194 ta022=heuristic ta028=heuristic ta029=heuristic ta030=heuristic
$(BUILD)/forecast-bench: $(BUILD)/test/bench/forecast_bench.o $(BUILD)/libflowshopbb-internal.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

.PHONY: bench-forecast
bench-forecast: $(BUILD)/forecast-bench
	$(BUILD)/forecast-bench $(FORECAST_BENCH_ARGS)

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
