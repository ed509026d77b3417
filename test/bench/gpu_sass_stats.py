"""gpu_sass_stats.py — counts, per kernel of a `cuobjdump -sass` listing read on stdin, the
instructions that show divergence handling (BRA, BSSY/BSYNC reconvergence, WARPSYNC),
predication, selects, min/max, special functions (MUFU) and loads by memory space; CSV out.
    cuobjdump -sass build/solver/engines/offload/gpu_bounder.cu.o | python3 test/bench/gpu_sass_stats.py
"""
import sys, re, collections
cur = None
stats = collections.OrderedDict()
for line in sys.stdin:
    m = re.search(r'Function : (\S+)', line)
    if m:
        cur = m.group(1); stats[cur] = collections.Counter(); continue
    m = re.search(r'/\*[0-9a-f]{4,}\*/\s+(@!?U?P[T0-9]+\s+)?([A-Z][A-Z0-9_]*)(\.\S*)?', line)
    if m and cur:
        stats[cur][m.group(2)] += 1
        stats[cur]['total'] += 1
        if m.group(1):
            stats[cur]['predicated'] += 1
keys = ['total', 'predicated', 'BRA', 'BSSY', 'BSYNC', 'WARPSYNC', 'VOTE', 'REDUX', 'ISETP', 'SEL', 'VIMNMX', 'IMNMX', 'MUFU', 'LDL', 'STL', 'LDS', 'LDG', 'LDC', 'EXIT']
print('kernel,' + ','.join(keys))
for k, c in stats.items():
    print(k + ',' + ','.join(str(c[x]) for x in keys))
