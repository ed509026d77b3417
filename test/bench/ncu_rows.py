"""ncu_rows.py — prints the launches of an Nsight Compute `--csv --page raw` file: per launch
the kernel, grid and block, then each metric asked for (not the device's attributes).
   usage: python3 ncu_rows.py FILE [LABEL]   (LABEL starts each launch's line)"""
import csv
import sys

rows = [r for r in csv.reader(open(sys.argv[1])) if r]
label = sys.argv[2] + " " if len(sys.argv) > 2 else ""
head = next((i for i, r in enumerate(rows) if "Kernel Name" in r), None)
if head is None:
    print(label + "no ncu rows")
    sys.exit()
names = rows[head]
for r in rows[head + 2:]:
    d = dict(zip(names, r))
    print(label + d.get("Kernel Name", "?")[:48], "grid", d.get("Grid Size"), "block", d.get("Block Size"))
    for k in names:
        if "__" in k and not k.startswith(("device__", "c2clink__", "nvlink__", "numa__", "pmsampling:")):
            print("   %-72s %s" % (k, d.get(k)))
