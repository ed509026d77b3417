# cuda_arch.mk — the GPU architectures a CUDA build compiles its kernels for (the Makefile
# includes it when CUDA=1).
#
#   CUDA_ARCH unset: the compute capabilities of the GPUs present at build time (nvidia-smi,
#     else nvcc's own device query), when nvcc compiles for all of them; otherwise (no GPU,
#     or one this nvcc cannot compile for) CUDA_ARCH_DEFAULT, Volta to Hopper, less what
#     this nvcc no longer compiles for (CUDA 13 dropped Volta, sm_70).
#   CUDA_ARCH="80 90" (also sm_80, 8.0, commas): exactly those; one nvcc does not know is an
#     error.
#
# Each architecture gets machine code (SASS), which also runs on the later GPUs of its
# major version; the newest also gets PTX, which the driver compiles for GPUs newer than
# the build. CUDA_GENCODE is the nvcc flags, CUDA_ARCH_NAMES the list as cuobjdump names
# it ("sm_80 sm_90 compute_90": the library reports it, test/cli/cuda_arch.sh checks the
# binaries against it). `make cuda-arch` prints the choice and why.

CUDA_ARCH_DEFAULT := 70 75 80 86 89 90

# What this nvcc compiles for: the sm_NN of `nvcc --list-gpu-code`, without the a/f variants.
NVCC_ARCHES := $(patsubst sm_%,%,$(filter-out %a %f,$(filter sm_%,$(shell $(NVCC) --list-gpu-code 2>/dev/null))))

# Numeric order, duplicates dropped ($(sort) orders 100 before 75).
cuda_arch_sorted = $(shell printf '%s\n' $(1) | sort -un)

ifeq ($(strip $(CUDA_ARCH)),)
CUDA_ARCH_PRESENT := $(call cuda_arch_sorted,$(shell { nvidia-smi --query-gpu=compute_cap --format=csv,noheader \
    || "$(dir $(NVCC))__nvcc_device_query"; } 2>/dev/null | tr -d . | tr , '\n' | grep -E '^[0-9]+$$'))
CUDA_ARCH_UNSUPPORTED := $(filter-out $(NVCC_ARCHES),$(CUDA_ARCH_PRESENT))
ifneq ($(CUDA_ARCH_UNSUPPORTED),)
$(warning this nvcc cannot compile for the GPU present ($(addprefix sm_,$(CUDA_ARCH_UNSUPPORTED))): building the default set, whose GPU engines will refuse that GPU)
endif
ifneq ($(and $(CUDA_ARCH_PRESENT),$(if $(CUDA_ARCH_UNSUPPORTED),,yes)),)
CUDA_ARCH_LIST := $(CUDA_ARCH_PRESENT)
CUDA_ARCH_WHY := the GPU present at build time
else
CUDA_ARCH_LIST := $(call cuda_arch_sorted,$(filter $(NVCC_ARCHES),$(CUDA_ARCH_DEFAULT)))
CUDA_ARCH_WHY := the default set$(if $(filter-out $(NVCC_ARCHES),$(CUDA_ARCH_DEFAULT)), less $(filter-out $(NVCC_ARCHES),$(CUDA_ARCH_DEFAULT)) (not in this nvcc))
endif
else
cuda_arch_comma := ,
CUDA_ARCH_LIST := $(call cuda_arch_sorted,$(subst .,,$(patsubst sm_%,%,$(patsubst compute_%,%,$(subst $(cuda_arch_comma), ,$(CUDA_ARCH))))))
CUDA_ARCH_WHY := CUDA_ARCH
ifneq ($(filter-out $(NVCC_ARCHES),$(CUDA_ARCH_LIST)),)
$(error CUDA_ARCH: this nvcc cannot compile for $(filter-out $(NVCC_ARCHES),$(CUDA_ARCH_LIST)); it knows $(NVCC_ARCHES))
endif
endif

ifeq ($(CUDA_ARCH_LIST),)
$(error no GPU architecture to build for: $(NVCC) --list-gpu-code names none of $(CUDA_ARCH_DEFAULT); set CUDA_ARCH or build with CUDA=0)
endif

CUDA_ARCH_PTX := $(lastword $(CUDA_ARCH_LIST))
CUDA_GENCODE := $(foreach a,$(CUDA_ARCH_LIST),-gencode=arch=compute_$(a),code=sm_$(a)) \
                -gencode=arch=compute_$(CUDA_ARCH_PTX),code=compute_$(CUDA_ARCH_PTX)
CUDA_ARCH_NAMES := $(addprefix sm_,$(CUDA_ARCH_LIST)) compute_$(CUDA_ARCH_PTX)
