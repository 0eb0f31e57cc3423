#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# How many minimal routes ROMM (and the other minimal adaptive algorithms) may
# choose from on a k-ary 3-cube: under the seed's six forbidden turns alone
# (seed 000 Fig. 4.10, L2611-2619) and under fcsim's turn model, which also holds
# back a dimension whose rest of the route crosses the dateline
# (src/routing/turns.c fcsim_turns_minimal_ports; docs/ROUTING.md says why).
# Ties at k/2 go plus, as fcsim_topo_offset. docs/TUNE.md uses it for the
# winner statements of Figs. 5.12-5.16.
#   python3 scripts/tune-route-choice.py [K] [--loads]   (default 4)
import itertools, sys
k=int(sys.argv[1]) if len(sys.argv)>1 and sys.argv[1].isdigit() else 4
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
# With --loads: the expected load of every link (packets, one packet per source
# and destination pair) when each hop takes, uniformly at random, one of the
# directions the rule offers (ROMM, src/routing/romm.c), when each packet takes
# one of its complete minimal routes uniformly, and under DOR; printed as the
# busiest link against the mean. "ties plus": a destination k/2 away goes plus
# (ROMM and CCAR by default); "ties random": each packet takes such a tie plus
# or minus with probability 1/2 (DOR always, ROMM and CCAR under
# routing.adaptive_ties = random). docs/TUNE.md, "Why ROMM trails DOR and CCAR".
def dirs(cur,dst,rule,minus):
    out=[]; lower_done=True
    for d in range(3):
        o=off(cur[d],dst[d])
        if o==0: continue
        if d in minus and 2*o==k: o=-o
        if rule=="dor": ok=lower_done
        elif rule=="seed": ok=lower_done or o>0
        else: ok=lower_done or (o>0 and not wraps(cur[d],dst[d]))
        lower_done=False
        if ok: out.append((d,1 if o>0 else -1))
    return out
def step(cur,d,s):
    n=list(cur); n[d]=(cur[d]+s)%k; return tuple(n)
def per_hop(src,dst,rule,minus,w,load):
    prob={src:w}
    while prob:
        nxt={}
        for cur,p in prob.items():
            if cur==dst: continue
            ds=dirs(cur,dst,rule,minus)
            for d,s in ds:
                load[(cur,d,s)]=load.get((cur,d,s),0)+p/len(ds)
                n=step(cur,d,s); nxt[n]=nxt.get(n,0)+p/len(ds)
        prob=nxt
def routes(cur,dst,rule,minus):
    if cur==dst: return [[]]
    return [[(cur,d,s)]+r for d,s in dirs(cur,dst,rule,minus) for r in routes(step(cur,d,s),dst,rule,minus)]
def per_route(src,dst,rule,minus,w,load):
    rs=routes(src,dst,rule,minus)
    for r in rs:
        for l in r: load[l]=load.get(l,0)+w/len(rs)
def spread(src,dst,rule,fn,ties,load):  # rule "turns": per_hop_turns
    tie=[d for d in range(3) if 2*off(src[d],dst[d])==k] if ties=="random" else []
    for m in itertools.product((0,1),repeat=len(tie)):
        fn(src,dst,rule,{d for d,b in zip(tie,m) if b},1/2**len(tie),load)
# "turns": the six forbidden turns read hop by hop (no d- -> e+- for e < d, so a
# y- hop may precede an x hop when a z+ hop lies between), a direction offered
# only when a legal minimal way on remains; "dead ends": the share of packets
# that, choosing per hop among the directions legal as a turn without that
# look-ahead, reach a node where no minimal direction is legal.
from functools import lru_cache
@lru_cache(maxsize=None)
def can_finish(cur,dst,last,minus):
    if cur==dst: return True
    return any(can_finish(step(cur,d,s),dst,(d,s),minus) for d,s in turn_dirs(cur,dst,last,minus,False))
def turn_dirs(cur,dst,last,minus,look=True):
    out=[]
    for d in range(3):
        o=off(cur[d],dst[d])
        if o==0: continue
        if d in minus and 2*o==k: o=-o
        s=1 if o>0 else -1
        if last is not None and last[1]<0 and d<last[0]: continue
        if look and not can_finish(step(cur,d,s),dst,(d,s),minus): continue
        out.append((d,s))
    return out
def per_hop_turns(src,dst,rule,minus,w,load):
    prob={(src,None):w}; fm=frozenset(minus)
    while prob:
        nxt={}
        for (cur,last),p in prob.items():
            if cur==dst: continue
            ds=turn_dirs(cur,dst,last,fm)
            for d,s in ds:
                load[(cur,d,s)]=load.get((cur,d,s),0)+p/len(ds)
                key=(step(cur,d,s),(d,s)); nxt[key]=nxt.get(key,0)+p/len(ds)
        prob=nxt
def dead_end_share(src,dst):
    prob={(src,None):1.0}; dead=0.0
    while prob:
        nxt={}
        for (cur,last),p in prob.items():
            if cur==dst: continue
            ds=turn_dirs(cur,dst,last,frozenset(),False)
            if not ds: dead+=p; continue
            for d,s in ds:
                key=(step(cur,d,s),(d,s)); nxt[key]=nxt.get(key,0)+p/len(ds)
        prob=nxt
    return dead
if "--loads" in sys.argv:
    nlinks=len(nodes)*6
    for name, f in pats.items():
        pairs=[(s_,d_) for s_ in nodes for d_ in f(s_) if d_!=s_]
        print(f"{name:10s} per-hop turns without look-ahead: dead ends {100*sum(dead_end_share(a,b) for a,b in pairs)/len(pairs):5.1f} % of the packets")
        for label,rule,fn in (("dor","dor",per_hop),("per-hop seed","seed",per_hop),("per-route seed","seed",per_route),
                              ("per-hop turns","turns",per_hop_turns),
                              ("per-hop fcsim","fcsim",per_hop),("per-route fcsim","fcsim",per_route)):
            for ties in ("plus","random"):
                load={}
                for s in nodes:
                    for d in f(s):
                        if d!=s: spread(s,d,rule,fn,ties,load)
                mean=sum(load.values())/nlinks; mx=max(load.values())
                print(f"{name:10s} {label:16s} ties {ties:6s} busiest link {mx:6.3f}  mean {mean:6.3f}  ratio {mx/mean:5.2f}")
