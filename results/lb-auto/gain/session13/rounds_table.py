# rounds_table.py ROUNDS: the table of results/lb-auto/gain/README.md, session 13, from the
# rounds file call5.sh wrote (per instance: LB1 and LB2 once, auto old and new 14 rounds each:
# median, its ratio to the better bound, the largest, rounds above 1.1x, distinct node counts).
# test/bench/lb_auto_rounds.py makes the least/median table from a runs TSV; this reads
# call5.sh's raw lines and adds what that one lacks: distinct node counts and slow rounds.
import sys, statistics as st
from collections import defaultdict
rows=[l.split() for l in open(sys.argv[1])]
ref=defaultdict(dict); runs=defaultdict(list)
for r in rows:
    rnd,side,inst,knob,t,nodes=r[0],r[1],r[2],r[3],float(r[4]),int(r[6])
    if knob!='lb=auto': ref[inst][knob]=t
    else: runs[(side,inst)].append((t,nodes,rnd))
tot={'old':[],'new':[]}
print(f"{'instance':16} {'lb1':>7} {'lb2':>7} | old: med  x  max slow distinct | new: med x max slow distinct")
for inst in sorted(ref):
    b=min(ref[inst].values()); line=f"{inst:16} {ref[inst]['lb=lb1']:7.4f} {ref[inst]['lb=lb2']:7.4f}"
    for side in ('old','new'):
        ts=[t for t,_,_ in runs[(side,inst)]]; med=st.median(ts)
        slow=sum(t>1.1*b for t in ts) if b>=0.001 else 0
        line+=f" | {med:7.4f} {med/b:5.2f} {max(ts):7.4f} {slow:2d} {len(set(n for _,n,_ in runs[(side,inst)])):2d}"
    print(line)
for side in ('old','new'):
    per_round=defaultdict(float)
    for (s,i),v in runs.items():
        if s==side:
            for t,_,rnd in v: per_round[rnd]+=t
    vals=sorted(per_round.values()); print(side, 'sum per round: least %.3f median %.3f max %.3f'%(vals[0],st.median(vals),vals[-1]))
b1=sum(ref[i]['lb=lb1'] for i in ref); b2=sum(ref[i]['lb=lb2'] for i in ref); print('lb1 %.3f lb2 %.3f'%(b1,b2))
