/* SPDX-License-Identifier: BSD-3-Clause */
/* The keys of the collective routers (voq.c, ring.c): their node tables and
 * the VOQ router's reduction stage, ejection width, link credits and tree turns. */
#include <string.h>

#include "core/keys.h"
#include "router/collective/params.h"

static const char *const reduction_stage_names[] = {"switch", "direct", NULL};
static const char *const tree_turns_names[] = {"rule", "free", NULL};
static const char *const inject_names[] = {"flit", "packet", NULL};
static const char *const reduction_entries_names[] = {"instance", "operation", NULL};

static const struct fcsim_key collective_router_rows[] = {
    {"router", "tables", FCSIM_KT_PATH, "", "", 0, 0, 0, NULL, NULL, NULL,
     "voq, ring: folder of node tables written by `fcsim collective build --out DIR` (Novo-G# thesis Fig. 4.12) that route "
     "multicast and reduction packets; relative to the config file's folder",
     FCSIM_KEY_TO(FCSIM_STORE_PATH, router_tables)},
};
const struct fcsim_key_table fcsim_collective_router_keys = FCSIM_KEY_TABLE("router/collective", collective_router_rows);

static const struct fcsim_key voq_rows[] = {
    {"voq", "reduction_stage", FCSIM_KEY_CHOICE(reduction_stage_names, "direct"),
     "router.model = voq: where reduction packets reach the reduction unit. `switch`: after VA and SA, as in Novo-G# thesis "
     "Fig. 4.15 (ReL/ReW follow SA), so they compete for the output toward the root, one flit per output per cycle, "
     "and only the combined packet takes the link; `direct` (closer to the seed's Table 5.8 and Fig. 5.21, "
     "docs/COLLECTIVES.md): straight after ML, one packet per input per cycle, the combined packet then competing at "
     "SA",
     FCSIM_KEY_FLAG_IN(struct fcsim_voq_params, reduction_direct, "direct")},
    {"voq", "reduction_entries", FCSIM_KEY_CHOICE(reduction_entries_names, "instance"),
     "router.model = voq: how many instances of one reduction its reduction-table entry at a node holds at once. "
     "`instance`: any number (a partial result per entry and instance; every reduction packet is combined the cycle "
     "it reaches the unit), the \"separate table entries for the different packets in the reduction\" of Novo-G# "
     "thesis L4787-4789, which the seed's Table 5.8 and Fig. 5.21 support; `operation`: one, as s4.3.2 can be read "
     "(L3104-3106: \"one entry in the reduction table for each reduction operation\"): a packet of another "
     "instance than the one its entry holds waits until that instance completes, at the head of its input buffer "
     "(voq.reduction_stage = direct) or of its VOQ (switch), holding up the packets behind it; bit rotation then "
     "deadlocks, which ends the run with the engine's deadlock error (docs/COLLECTIVES.md)",
     FCSIM_KEY_FLAG_IN(struct fcsim_voq_params, reduction_per_op, "operation")},
    {"voq", "eject_packets", FCSIM_KT_INT, "packets/cycle", "1", 1, 16, 0, NULL, NULL, NULL,
     "router.model = voq: packets the local unit takes from the switch at once, each from a different input, one flit "
     "per cycle each. Novo-G# thesis s5.2.2 (L4897-4899): a node \"injects at most one packet per cycle but can consume more "
     "than one\"; the seed gives no number. 1 = one ejection port (the default); examples/collective.ini uses 6, one "
     "per link input, as the reduction unit (docs/COLLECTIVES.md)",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_voq_params, eject_packets)},
    {"voq", "link_credits", FCSIM_KT_INT, "flits", "0", 0, 65536, 0, NULL, NULL, NULL,
     "router.model = voq: round-trip-limited links. 0 (the default): one-sided links, as the VOQ router of Novo-G# "
     "thesis s5.2.2 (L4752: \"one-sided communication over MGT links rather than handshake\"). W > 0: each network "
     "output may have at most W flits sent and not yet credited back; the downstream router returns a credit for a "
     "flit when its last copy leaves that input's VOQs (to an output, the local unit or the reduction unit), and the "
     "credit takes the channel's credit latency back, so a link moves at most W flits per round trip (two link "
     "latencies plus the routers' cycles). A reading of the router of Table 3.5's earlier study, which the thesis "
     "does not name (L1937-1955), whose links need \"appropriate buffer sizes and flow control mechanisms\" "
     "(L1992-1998); not of chapter 5's router. The thesis gives no W. At least traffic.packet_size flits. "
     "The window bounds each input's flits, so dimension-order routes around a torus ring can deadlock (the "
     "one-sided links' growing buffers cannot); the run then ends with the engine's deadlock error "
     "(docs/APPLICATIONS.md)",
     FCSIM_KEY_IN(FCSIM_STORE_INT, struct fcsim_voq_params, link_credits)},
    {"voq", "inject", FCSIM_KEY_CHOICE(inject_names, "flit"),
     "router.model = voq: what the local unit's input moves into its VOQs per cycle. `flit`: one flit, as every input "
     "(the default); `packet`: a whole packet, reading Novo-G# thesis s5.2.2 (L4897-4899) \"each node injects at most "
     "one packet per cycle\" literally. Only packets of several flits differ. Table 3.5's 128^3 row rules out `flit` at "
     "256-bit flits: a node must inject 3/4 of its data in one corner turn (docs/APPLICATIONS.md)",
     FCSIM_KEY_FLAG_IN(struct fcsim_voq_params, inject_packet, "packet")},
    {"voq", "tree_turns", FCSIM_KEY_CHOICE(tree_turns_names, "rule"),
     "router.model = voq: turns allowed in the collective trees fcsim collective build/run make. `rule`: fcsim's turn "
     "model (src/routing/turns.h), which leaves OCR only the partition across x on spread destinations; `free`: any "
     "turn, as the seed's Algorithms 6-7 (L4643-4700): the VOQ router's one-sided links and growing input buffers "
     "(L4752-4762) cannot deadlock. Needs router.model = voq",
     FCSIM_KEY_FLAG(voq_free_turns, "free")},
};
struct fcsim_param_block fcsim_voq_block = FCSIM_PARAM_BLOCK("router/collective/voq", struct fcsim_voq_params);
const struct fcsim_key_table fcsim_voq_keys = FCSIM_KEY_TABLE_IN("router/collective/voq", voq_rows, &fcsim_voq_block);
static int resolve_voq(struct fcsim_params *p, const struct fcsim_key_reader *r, struct fcsim_error *err)
{
  if (p->voq_free_turns && strcmp(p->router_model, "voq"))
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "%s: voq.tree_turns = free needs router.model = voq (router.model = %s: its trees keep the "
                           "turn rule)",
                           fcsim_key_origin(r, "voq", "tree_turns"), p->router_model);
  return 0;
}
const struct fcsim_resolve_step fcsim_voq_resolve = {"router/collective/voq", resolve_voq};
