/* SPDX-License-Identifier: BSD-3-Clause */
/* The keys of the VC routers (novog.c, classic.c on vc_base.c): the pipeline
 * delays, the credit period, the dateline classes and the classic router's
 * BookSim2-style allocation options. The crossbar reads switch_cycles and
 * local_cycles too. The classic router's allocation settings are written into
 * the family's parameter block (params.h); the rest into struct fcsim_params. */
#include "core/keys.h"
#include "router/vc/params.h"

static const char *const onoff_names[] = {"on", "off", NULL};
static const char *const vc_class_names[] = {"overlap", "split", NULL};
static const char *const dateline_class_names[] = {"toggle", "wrap", NULL};
static const char *const allocator_names[] = {"greedy", "separable", "islip", NULL};

static const struct fcsim_key vc_pipeline_rows[] = {
    {"router", "credit_period", FCSIM_KT_INT, "cycles", "100", 1, 1000000, 0, NULL, NULL, NULL,
     "Novo-G#: cycles between credit flits sent upstream in the data stream (seed: 100)",
     FCSIM_KEY_TO(FCSIM_STORE_INT, credit_period_cycles)},
    {"router", "rc_cycles", FCSIM_KT_INT, "cycles", "1", 0, 64, 0, NULL, NULL, NULL,
     "routing computation delay of a head flit (also the delay before ejection)",
     FCSIM_KEY_TO(FCSIM_STORE_INT, rc_cycles)},
    {"router", "va_cycles", FCSIM_KT_INT, "cycles", "1", 0, 64, 0, NULL, NULL, NULL,
     "VC allocation delay of a head flit",
     FCSIM_KEY_TO(FCSIM_STORE_INT, va_cycles)},
    {"router", "switch_cycles", FCSIM_KT_INT, "cycles", "auto", 1, 64, 1, NULL, NULL, NULL,
     "switch traversal delay; `auto`: Novo-G# reduction-tree levels for the VC count (Table 4.2, 2-5), classic 1; "
     "crossbar: the whole router, 64 ns (Bunker & Swanson §III) rounded up to cycles of network.clock (16 at 250 MHz)",
     FCSIM_KEY_TO(FCSIM_STORE_INT, switch_cycles), .auto_value = 0},
    {"router", "local_cycles", FCSIM_KT_INT, "cycles", "1", 0, 64, 0, NULL, NULL, NULL,
     "classic, crossbar: latency of the injection and of the ejection channel between a node and its router (as in "
     "BookSim2)",
     FCSIM_KEY_TO(FCSIM_STORE_INT, local_cycles)},
};
struct fcsim_param_block fcsim_vc_block = FCSIM_PARAM_BLOCK("router/vc", struct fcsim_vc_params);
const struct fcsim_key_table fcsim_vc_pipeline_keys = FCSIM_KEY_TABLE_IN("router/vc", vc_pipeline_rows, &fcsim_vc_block);

static const struct fcsim_key vc_rows[] = {
    {"router", "dateline", FCSIM_KEY_CHOICE(onoff_names, "on"),
     "`on`: two dateline VC classes with overlapping buffers on tori (Fig. 4.9b); `off` drops them (deadlock-prone: "
     "for experiments and the watchdog)",
     FCSIM_KEY_FLAG(dateline, "on")},
    {"router", "vc_classes", FCSIM_KEY_CHOICE(vc_class_names, "overlap"),
     "how the dateline classes share VCs (Fig. 4.9): `overlap` (b) only the first and last VC exclusive; `split` (a) "
     "half each, as BookSim2 does",
     FCSIM_KEY_FLAG(vc_split, "split")},
    {"router", "dateline_class", FCSIM_KEY_CHOICE(dateline_class_names, "toggle"),
     "tori: which dateline class a packet uses in a dimension; `toggle`: set by the direction as it enters the "
     "dimension and toggled as it crosses the wraparound (Novo-G# thesis §4.2.2); `wrap`: chosen as it enters the dimension, "
     "class 1 going up and class 0 going down when its path wraps, the other class when it does not, and kept to the "
     "end of the dimension (BookSim2's dim_order torus routing; routing.algorithm = dor only)",
     FCSIM_KEY_FLAG_IN(struct fcsim_vc_params, dateline_wrap, "wrap")},
    {"router", "speculative", FCSIM_KEY_CHOICE(onoff_names, "on"),
     "classic: `on`: a head does VC and switch allocation in the same cycle, va_cycles after routing; `off`: VC "
     "allocation right after routing and switch allocation va_cycles after a VC is won (BookSim2's default, "
     "speculative = 0). The same at zero load; `off` costs one cycle per hop whose VC allocation had to wait",
     FCSIM_KEY_FLAG_IN(struct fcsim_vc_params, speculative, "on")},
    {"router", "va_allocator", FCSIM_KEY_CHOICE(allocator_names, "greedy"),
     "classic: VC allocation; `greedy`: heads in input-port and VC order each take the next free downstream VC (low "
     "ports win under contention); `separable`: separable input-first with round-robin arbiters; `islip`: iSLIP with "
     "router.alloc_iters iterations (BookSim2's default); the last two rotate priority among requesters",
     FCSIM_KEY_IN(FCSIM_STORE_INDEX, struct fcsim_vc_params, va_allocator)},
    {"router", "sa_allocator", FCSIM_KEY_CHOICE(allocator_names, "greedy"),
     "classic: switch allocation; `greedy`: outputs from a rotating start each take their best candidate whose input "
     "is still free; `separable`: separable input-first with round-robin arbiters; `islip`: iSLIP with "
     "router.alloc_iters iterations (BookSim2's default). router.arbitration picks a VC within an input",
     FCSIM_KEY_IN(FCSIM_STORE_INDEX, struct fcsim_vc_params, sa_allocator)},
    {"router", "alloc_iters", FCSIM_KT_INT, "iterations", "1", 1, 8, 0, NULL, NULL, NULL,
     "classic: iterations of the separable and iSLIP allocators",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_vc_params, alloc_iters)},
    {"router", "wait_for_tail_credit", FCSIM_KEY_CHOICE(onoff_names, "off"),
     "classic: `on`: a downstream VC is given to a new packet only when the last packet's tail credit is back (all "
     "its credits); `off`: as soon as the tail has left",
     FCSIM_KEY_FLAG_IN(struct fcsim_vc_params, wait_tail_credit, "on")},
    {"router", "credit_delay", FCSIM_KT_INT, "cycles", "0", 0, 64, 0, NULL, NULL, NULL,
     "classic: cycles a credit waits in the router before it is sent upstream (BookSim2's credit_delay)",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_vc_params, credit_delay_cycles)},
    {"router", "eject_cycles", FCSIM_KT_INT, "cycles", "auto", 0, 64, 1, NULL, NULL, NULL,
     "classic: latency of the ejection channel alone; `auto`: router.local_cycles. BookSim2's latencies exceed the "
     "same path's by one cycle at its ends (its terminal reads an ejected flit a cycle later): 2 reproduces them",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_vc_params, eject_cycles), .auto_value = -1},
    {"router", "queued_head", FCSIM_KT_INT, "cycles", "0", 0, 8, 0, NULL, NULL, NULL,
     "classic: extra cycles before the routing computation of a head queued behind a departing tail (0: it starts "
     "as the tail leaves, as for a head arriving into an empty VC; BookSim2's IQ router: 1)",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_vc_params, queued_head_cycles)},
    {"router", "input_speedup", FCSIM_KT_INT, "inputs", "1", 1, 4, 0, NULL, NULL, NULL,
     "classic: switch inputs per input port, VC v on input v mod speedup (BookSim2's input_speedup)",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_vc_params, input_speedup)},
};
const struct fcsim_key_table fcsim_vc_keys = FCSIM_KEY_TABLE_IN("router/vc", vc_rows, &fcsim_vc_block);
