#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# How many minimal routes ROMM (and the other minimal adaptive algorithms) may
# choose from on a k-ary 3-cube: under the seed's six forbidden turns alone
# (seed 000 Fig. 4.10, L2611-2619) and under fcsim's turn model, which also holds
# back a dimension whose rest of the route crosses the dateline
# (src/routing/turns.c fcsim_turns_minimal_ports; docs/ROUTING.md says why).
# Ties at k/2 go plus, as fcsim_topo_offset. docs/TUNE.md uses it for the
# winner statements of Figs. 5.12-5.16.
#   python3 scripts/tune-route-choice.py [K]      (default 4)
import itertools, sys
k=int(sys.argv[1]) if len(sys.argv)>1 else 4
def off(a,b):
    f=(b-a)%k; return f if f<=k-f else f-k
def wraps(a,b):
    o=off(a,b); return (o>0 and b<a) or (o<0 and b>a)
def count(src,dst,rule):
    def rec(cur,last_minus_dim):
        offs=[off(cur[d],dst[d]) for d in range(3)]
        if all(o==0 for o in offs): return 1
        n=0; lower_done=True
        for d in range(3):
            o=offs[d]
            if o==0: continue
            if rule=="seed": ok = last_minus_dim is None or d>=last_minus_dim
            else: ok = lower_done or (o>0 and not wraps(cur[d],dst[d]))
            lower_done=False
            if not ok: continue
            nxt=list(cur); nxt[d]=(cur[d]+(1 if o>0 else -1))%k
            lm=last_minus_dim
            if o<0: lm=d if lm is None else max(lm,d)
            n+=rec(tuple(nxt),lm)
        return n
    return rec(src,None)
nodes=list(itertools.product(range(k),repeat=3))
pats={"transpose":lambda s:[(s[2],s[0],s[1])],"bitcomp":lambda s:[tuple(k-1-c for c in s)],
      "all-to-all":lambda s:[n for n in nodes if n!=s],
      "cube-nn":lambda s:sorted({tuple((s[d]+o[d])%k for d in range(3)) for o in itertools.product((-1,0,1),repeat=3)} - {s})}
for name, f in pats.items():
    for rule in ("seed","fcsim"):
        tot=multi=pk=0
        for s in nodes:
            for d in f(s):
                if d==s: continue
                c=count(s,d,rule); tot+=c; pk+=1; multi+=c>1
        print(f"{name:10s} {rule:5s} packets {pk:5d}  mean minimal routes {tot/pk:5.2f}  with a choice {100*multi/pk:5.1f} %")
