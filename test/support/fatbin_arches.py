#!/usr/bin/env python3
"""fatbin_arches.py — the GPU images in the CUDA fat binaries of a program, library or
object, without cuobjdump: one line per fat binary (one per compiled .cu file), its images
sorted, e.g. "compute_90 sm_75 sm_90" (sm_NN: machine code, compute_NN: PTX).

Usage: fatbin_arches.py FILE. Reads FILE's .nv_fatbin section (through objcopy) and walks
its fat binaries: a header (magic 0xBA55ED50, version u16, header size u16, size u64) and
entries (kind u16: 1 PTX, 2 ELF; u16; header size u32; payload size u64; ...; the
architecture, u32 at offset 28), the layout cuobjdump reads. Exit status 1 when FILE has
no fat binary."""
import os
import struct
import subprocess
import sys
import tempfile

FATBIN_MAGIC = 0xBA55ED50
KINDS = {1: "compute", 2: "sm"}


def fatbin_section(path):
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "fatbin")
        subprocess.run(["objcopy", "-O", "binary", "--only-section=.nv_fatbin", path, out], check=True)
        with open(out, "rb") as section:
            return section.read()


def fat_binaries(data):
    """Yields the sorted image names of each fat binary in data."""
    at = 0
    while at + 16 <= len(data):
        magic, _, header_size, size = struct.unpack_from("<IHHQ", data, at)
        if magic != FATBIN_MAGIC:
            at += 8  # fat binaries are 8-byte aligned, padding between them
            continue
        entry, end, images = at + header_size, at + header_size + size, set()
        while entry + 32 <= end:
            kind, _, entry_header, payload = struct.unpack_from("<HHIQ", data, entry)
            (arch,) = struct.unpack_from("<I", data, entry + 28)
            images.add("%s_%d" % (KINDS.get(kind, "kind%d" % kind), arch))
            entry += entry_header + payload
        yield sorted(images)
        at = end


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: fatbin_arches.py FILE")
    found = False
    for images in fat_binaries(fatbin_section(sys.argv[1])):
        print(" ".join(images))
        found = True
    sys.exit(0 if found else 1)


if __name__ == "__main__":
    main()
