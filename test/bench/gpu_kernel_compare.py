"""gpu_kernel_compare.py — the compiler's resources and the SASS size of each kernel of two
builds of one object file (or of a comma-separated list of object files), side by side: registers, stack frame, static shared memory,
instructions (NOPs left out), local loads and stores (spills and local arrays), branches.
Kernels are matched by their demangled names without the fsbb_ prefix and without argument
types, so a renamed kernel still meets its old self. Needs cuobjdump (and nvdisasm) on PATH.
    python3 test/bench/gpu_kernel_compare.py OLD.cu.o NEW.cu.o
    python3 test/bench/gpu_kernel_compare.py OLD.cu.o NEW1.cu.o,NEW2.cu.o
"""
import collections, re, subprocess, sys


def key(mangled):
    name = subprocess.run(['c++filt', mangled], capture_output=True, text=True).stdout.strip()
    name = re.sub(r'\(.*\)$', '', name)
    name = re.sub(r'^void ', '', name)
    return name.replace('fsbb_', '')


def dump(option, objs):
    return ''.join(subprocess.run(['cuobjdump', option, obj], capture_output=True, text=True, check=True).stdout
                   for obj in objs.split(','))


def resources(obj):
    out, function = {}, None
    text = dump('-res-usage', obj)
    for line in text.splitlines():
        m = re.search(r'Function (\S+):', line)
        if m:
            function = key(m.group(1))
            continue
        m = re.search(r'REG:(\d+) STACK:(\d+) SHARED:(\d+)', line)
        if m and function:
            out[function] = tuple(int(x) for x in m.groups())
    return out


def sass(obj):
    stats, function = collections.defaultdict(collections.Counter), None
    text = dump('-sass', obj)
    for line in text.splitlines():
        m = re.search(r'Function : (\S+)', line)
        if m:
            function = key(m.group(1))
            continue
        m = re.search(r'/\*[0-9a-f]{4,}\*/\s+(@!?U?P[T0-9]+\s+)?([A-Z][A-Z0-9_]*)', line)
        if m and function and m.group(2) != 'NOP':
            stats[function][m.group(2)] += 1
            stats[function]['total'] += 1
    return stats


old, new = sys.argv[1], sys.argv[2]
old_res, new_res, old_sass, new_sass = resources(old), resources(new), sass(old), sass(new)
print('%-34s %9s %9s %11s %11s %9s %9s %9s' % ('kernel (old/new)', 'REG', 'STACK', 'SHARED', 'instr', 'LDL', 'STL',
                                                 'BRA'))
for k in sorted(set(old_res) | set(new_res)):
    o, n = old_res.get(k, (0, 0, 0)), new_res.get(k, (0, 0, 0))
    so, sn = old_sass[k], new_sass[k]
    cells = ['%d/%d' % (o[i], n[i]) for i in range(3)] + ['%d/%d' % (so[x], sn[x]) for x in ('total', 'LDL', 'STL', 'BRA')]
    print('%-34s %9s %9s %11s %11s %9s %9s %9s' % tuple([k[:34]] + cells))
