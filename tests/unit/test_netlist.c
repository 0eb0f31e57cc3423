/* SPDX-License-Identifier: BSD-3-Clause */
/* Netlists (src/topo/netlist.c, export.c, describe.c, bisect.c): a good
 * netlist read into the graph (kinds, names, endpoints, clocks, units,
 * one-way links, jitter); every kind of bad input refused with one message
 * naming FILE:LINE and what was expected; export round trips (torus, mesh,
 * netlist) giving the same slots and channels; geometric helpers on a file
 * topology; the description of the two-board example (latency diameter by
 * hand, bisection; the public fcsim_topo_describe too); the heuristic bisection against the torus formula; and
 * `fcsim topo` with --export/--dot/--json and a bad netlist (exit 2). */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "router/router.h"
#include "test_support.h"
#include "engine/describe.h"
#include "link/proto/proto_links.h"
#include "topo/bisect.h"
#include "topo/netlist.h"

#define EXAMPLE FCSIM_SOURCE_DIR "/examples/netlist/two-boards.net"

/* Resolved parameters of the defaults plus "key=value" overrides. */
static void params_of(struct fcsim_params *p, const char *const *sets)
{
  struct fcsim_config *cfg = fcsim_config_create();
  struct fcsim_error err = {0};
  assert_non_null(cfg);
  for (int i = 0; sets && sets[i]; i++)
    if (fcsim_config_set_assignment(cfg, sets[i], "--set", &err))
      fail_msg("%s", err.msg);
  if (fcsim_config_resolve(cfg, p, &err))
    fail_msg("%s", err.msg);
  fcsim_config_destroy(cfg);
}

static int load_path(struct fcsim_topo *t, const char *path, struct fcsim_error *err)
{
  struct fcsim_params p;
  params_of(&p, NULL);
  p.topology = FCSIM_TOPO_FILE;
  snprintf(p.netlist, sizeof p.netlist, "%s", path);
  memset(err, 0, sizeof *err);
  return fcsim_proto_links_topo_init(t, &p, err); /* the network as simulated: with its link adapters */
}

static void test_good_netlist(void **state)
{
  (void)state;
  /* defaults: 156.25 MHz, 128-bit flits, 175 ns = 28 cycles, 1 flit/cycle */
  char *path = ts_write_temp("# a small mixed network\n"
                             "kind big model=novog set=\"router.vcs=4 router.vc_depth=64\"\n"
                             "node sw ports=3 model=classic endpoint=no clock=250MHz  # a switch\n"
                             "node h0 ports=2 kind=big\n"
                             "node h1 ports=2 clock_ppm=-20.5\n"
                             "node h2 ports=2\n"
                             "link sw:0 h0:0 latency=20ns bandwidth=40Gbps\n"
                             "link sw:1 h1:0 latency=3\n"
                             "link h1:1 -> h2:1 latency=100 jitter=2\n"
                             "link h2:0 -> sw:2 latency=541ns jitter=12.34ns model=gaussian\n"
                             "link sw:2 -> h0:1\n",
                             ".net");
  struct fcsim_topo t;
  struct fcsim_error err;
  if (load_path(&t, path, &err))
    fail_msg("%s", err.msg);
  const struct fcsim_graph *g = &t.graph;
  assert_int_equal(t.kind, FCSIM_TOPO_FILE);
  assert_int_equal(t.ndims, 0);
  assert_null(t.neighbor);
  assert_int_equal(g->nodes, 4);
  assert_int_equal(g->nslots, 9);
  assert_int_equal(fcsim_graph_channels(g), 7);
  assert_int_equal(fcsim_topo_channels(&t), 7);
  /* kinds: classic, novog+overrides, novog (the config's router.model) */
  assert_int_equal(g->nkinds, 3);
  assert_string_equal(g->kinds[g->kind[0]].model, "classic");
  assert_string_equal(g->kinds[g->kind[1]].set, "router.vcs=4 router.vc_depth=64");
  assert_int_equal(g->kind[2], g->kind[3]);
  assert_string_equal(g->kinds[g->kind[2]].model, "novog");
  assert_string_equal(g->name[3], "h2");
  assert_int_equal(g->endpoint[0], 0);
  assert_int_equal(g->endpoint[1], 1);
  assert_non_null(g->clock_hz);
  assert_true(g->clock_hz[0] == 250e6 && g->clock_hz[1] == 156.25e6);
  assert_true(g->clock_ppm[2] == -20.5 && g->clock_ppm[0] == 0);
  /* 20 ns at 156.25 MHz = 3.125 -> 4 cycles; 40 Gb/s / (128 b x 156.25 MHz) = 2 flits */
  const struct fcsim_chan *c = fcsim_graph_out(g, 0, 0);
  assert_int_equal(c->dst, 1);
  assert_int_equal(c->latency_cycles, 4);
  assert_int_equal(c->bandwidth_flits, 2);
  assert_int_equal(c->reverse, (int)g->port_base[1]);
  assert_int_equal(fcsim_graph_out(g, 1, 0)->latency_cycles, 4);
  assert_int_equal(fcsim_graph_out(g, 0, 1)->latency_cycles, 3);
  /* one-way links: no reverse; jitter in cycles, link model gaussian */
  c = fcsim_graph_out(g, 2, 1);
  assert_int_equal(c->dst, 3);
  assert_int_equal(c->reverse, FCSIM_GRAPH_NONE);
  assert_true(c->latency_sd_cycles == 2.0);
  assert_int_equal(c->link_model, FCSIM_LINK_GAUSSIAN);
  assert_int_equal(fcsim_graph_out(g, 3, 1)->dst, FCSIM_GRAPH_NONE);
  c = fcsim_graph_out(g, 3, 0);
  assert_int_equal(c->latency_cycles, 85); /* 541 ns -> 84.53 -> 85 */
  assert_true(c->latency_sd_cycles > 1.928 && c->latency_sd_cycles < 1.929);
  /* defaults: network.link_latency (175 ns = 28 cycles), link_bandwidth 1; fixed */
  c = fcsim_graph_out(g, 0, 2);
  assert_int_equal(c->latency_cycles, 28);
  assert_int_equal(c->bandwidth_flits, 1);
  assert_int_equal(c->link_model, FCSIM_LINK_FIXED);
  assert_int_equal(fcsim_graph_out(g, 0, 1)->link_model, FCSIM_LINK_FIXED);
  /* geometric helpers on a file topology: hop distances, no coordinates, no dateline */
  assert_int_equal(fcsim_topo_distance(&t, 1, 3), 3); /* h0 -> sw -> h1 -> h2 */
  assert_int_equal(fcsim_topo_distance(&t, 3, 1), 2); /* h2 -> sw -> h0 */
  assert_int_equal(fcsim_topo_distance(&t, 2, 2), 0);
  assert_int_equal(fcsim_topo_coord(&t, 3, 0), 0);
  assert_int_equal(fcsim_topo_offset(&t, 0, 1, 3), 0);
  for (int port = 0; port < 3; port++)
    assert_int_equal(fcsim_topo_crosses_dateline(&t, 0, port), 0);
  assert_int_equal(fcsim_topo_diameter(&t), 3);
  fcsim_topo_destroy(&t);
  unlink(path);
  free(path);
}

/* `text` is refused with a message naming path:LINE and holding `frag`. */
static void expect_refused(const char *text, int line, const char *frag)
{
  char *path = ts_write_temp(text, ".net");
  struct fcsim_topo t;
  struct fcsim_error err;
  int rc = load_path(&t, path, &err);
  if (rc == 0) { /* a kind's model and keys are checked when its parameters are resolved */
    struct fcsim_params p, kinds[FCSIM_GRAPH_MAX_KINDS];
    struct fcsim_config *cfg = fcsim_config_create();
    params_of(&p, NULL);
    rc = fcsim_config_resolve_kinds(cfg, &p, &t.graph, kinds, &err);
    fcsim_config_destroy(cfg);
    fcsim_topo_destroy(&t);
  }
  if (rc == 0)
    fail_msg("accepted (expected `%s` at line %d):\n%s", frag, line, text);
  assert_true(rc == FCSIM_EINVAL || rc == FCSIM_EPARSE || rc == FCSIM_ERANGE || rc == FCSIM_ECOMBINATION ||
              rc == FCSIM_EUNKNOWN_KEY);
  char where[1200];
  snprintf(where, sizeof where, "%s:%d: ", path, line);
  if (!strstr(err.msg, where) || !strstr(err.msg, frag))
    fail_msg("message `%s` lacks `%s` or `%s`", err.msg, where, frag);
  assert_null(strchr(err.msg, '\n'));
  unlink(path);
  free(path);
}

#define TWO "node a ports=2\nnode b ports=2\n"

static void test_bad_netlists(void **state)
{
  (void)state;
  expect_refused(TWO "link a:0 b:2\n", 3, "node b has ports 0..1");    /* dangling port */
  expect_refused(TWO "link a:0 c:0\n", 3, "missing node `c`");         /* missing node */
  expect_refused(TWO "link a:0 b:0\nlink a:0 b:1\n", 4, "used twice"); /* port used twice */
  expect_refused(TWO "link a:0 b:0\nlink a:1 -> b:0\n", 4, "already linked on line 3");
  expect_refused(TWO "link a:0 b:0 protocol=pcie\n", 3, "unknown link protocol `pcie` (expected ideal, tnw or fc)");
  expect_refused(TWO "link a:0 b:0 latency=-5\n", 3, "positive latency");  /* negative latency */
  expect_refused(TWO "link a:0 b:0 latency=0ns\n", 3, "positive latency"); /* zero latency */
  expect_refused(TWO "link a:0 b:0 latency=0\n", 3, "positive latency");
  expect_refused(TWO "link a:0 b:0 latency=2.5\n", 3, "whole cycles");
  expect_refused(TWO "link a:0 b:0 bandwidth=0\n", 3, "expected 1..16"); /* zero bandwidth */
  expect_refused(TWO "link a:0 b:0 bandwidth=1Gbps\n", 3, "0 flits/cycle");
  expect_refused("node a ports=2 model=vq\n", 1, "unknown model `vq`"); /* unknown model */
  expect_refused("kind k model=rung\nnode a ports=1 kind=k\n", 1, "unknown model `rung`");
  expect_refused("node a ports=2 model=novog_with_a_name_far_too_long\n", 1, "too long");
  expect_refused(TWO "link a:0 b:0 model=tnw\n", 3, "unknown link model `tnw`"); /* unknown link model */
  expect_refused(TWO "link a:0 b:0 model=gaussian\n", 3, "needs jitter");
  expect_refused(TWO "link a:0 b:0 model=fixed jitter=3\n", 3, "use model=gaussian");
  expect_refused(TWO "node c ports=1\nnode d ports=1\nlink a:0 b:0\nlink c:0 d:0\n", 3,
                 "disconnected: no path from endpoint a to endpoint c"); /* disconnected */
  expect_refused(TWO "link a:0 -> b:0\n", 2, "no path from endpoint b to endpoint a");
  expect_refused("node a ports=1 clock=0MHz\n", 1, "expected 1MHz..10GHz"); /* clock of 0 Hz: outside every clock's range */
  expect_refused("node a ports=1 clock=156\n", 1, "expected a frequency");
  expect_refused("node a ports=1\nnode b ports=1\nnode a ports=1\n", 3, "`a` is used twice (also on line 1)");
  expect_refused("node a ports=six\n", 1, "ports = `six`: expected a whole number"); /* bad numbers/units */
  expect_refused("node a ports=0\n", 1, "expected a whole number in 1..64");
  expect_refused(TWO "link a:0 b:0 latency=fast\n", 3, "expected cycles or a time");
  expect_refused(TWO "link a:0 b:0 latency=5furlongs\n", 3, "expected cycles or a time");
  expect_refused(TWO "link a:0 b:0 jitter=-1ns\n", 3, "standard deviation >= 0");
  expect_refused(TWO "link a:x b:0\n", 3, "port = `x`");
  expect_refused(TWO "link a b:0\n", 3, "expected NODE:PORT");
  expect_refused("node a ports=1 clock_ppm=lots\n", 1, "offset in ppm");
  expect_refused("node a ports=1 endpoint=maybe\n", 1, "expected yes or no");
  expect_refused("router a ports=1\n", 1, "unknown element `router`"); /* shapes */
  expect_refused("node a ports=1 colour=red\n", 1, "unknown key `colour`");
  expect_refused("node a\n", 1, "expected ports=N");
  expect_refused("node a:b ports=1\n", 1, "expected `node NAME");
  expect_refused("node a ports=1 kind=fast\n", 1, "unknown kind `fast`");
  expect_refused("kind k model=novog set=\"traffic.rate=1\"\nnode a ports=1 kind=k\n", 1, "not a router key");
  expect_refused("kind k model=novog set=\"router.vcs=99\"\nnode a ports=1 kind=k\n", 1, "router.vcs");
  expect_refused("node a ports=1 model=\"novog\n", 1, "unterminated quote");
  expect_refused("# nothing\n", 1, "no nodes");
}

/* Same slots and channels, kinds, endpoints and clocks. */
static void assert_same_graph(const struct fcsim_graph *a, const struct fcsim_graph *b)
{
  assert_int_equal(a->nodes, b->nodes);
  assert_int_equal(a->nslots, b->nslots);
  assert_int_equal(a->nkinds, b->nkinds);
  for (int k = 0; k < a->nkinds; k++) {
    assert_string_equal(a->kinds[k].model, b->kinds[k].model);
    assert_string_equal(a->kinds[k].set, b->kinds[k].set);
  }
  assert_memory_equal(a->port_base, b->port_base, (size_t)(a->nodes + 1) * sizeof *a->port_base);
  assert_memory_equal(a->kind, b->kind, (size_t)a->nodes);
  assert_memory_equal(a->endpoint, b->endpoint, (size_t)a->nodes);
  assert_memory_equal(a->in_chan, b->in_chan, (size_t)a->nslots * sizeof *a->in_chan);
  for (int64_t s = 0; s < a->nslots; s++) {
    const struct fcsim_chan *x = &a->chan[s], *y = &b->chan[s];
    assert_int_equal(x->dst, y->dst);
    if (x->dst < 0)
      continue;
    assert_int_equal(x->dst_port, y->dst_port);
    assert_int_equal(x->latency_cycles, y->latency_cycles);
    assert_int_equal(x->credit_latency_cycles, y->credit_latency_cycles);
    assert_int_equal(x->bandwidth_flits, y->bandwidth_flits);
    assert_int_equal(x->reverse, y->reverse);
    assert_int_equal(x->link_model, y->link_model);
    assert_true(x->latency_sd_cycles == y->latency_sd_cycles);
  }
  assert_true((a->clock_hz == NULL) == (b->clock_hz == NULL));
  for (int64_t n = 0; a->clock_hz && n < a->nodes; n++)
    assert_true(a->clock_hz[n] == b->clock_hz[n] && a->clock_ppm[n] == b->clock_ppm[n]);
}

/* Exports `t` and reads it back; the graphs must agree. */
static void round_trip(const struct fcsim_topo *t, const struct fcsim_params *p)
{
  char path[] = "/tmp/fcsim_netlist_XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  close(fd);
  struct fcsim_error err = {0};
  if (fcsim_netlist_export(t, p, path, 0, &err))
    fail_msg("%s", err.msg);
  struct fcsim_topo back;
  if (load_path(&back, path, &err))
    fail_msg("%s", err.msg);
  assert_same_graph(&t->graph, &back.graph);
  fcsim_topo_destroy(&back);
  unlink(path);
}

/* Links on a protocol are written as links with `protocol=`, not as the
 * adapters the simulation inserts; loading the export back inserts the same
 * adapters. */
static void export_protocols(void)
{
  struct fcsim_params p;
  struct fcsim_topo t, back;
  struct fcsim_error err = {0};
  params_of(&p, NULL);
  char *path = ts_write_temp("node a ports=2\nnode b ports=2\nnode c ports=2\n"
                             "link a:0 b:0 latency=10 protocol=tnw\nlink b:1 c:1 latency=10\n"
                             "link c:0 a:1 latency=12 protocol=fc\n",
                             ".net");
  if (load_path(&t, path, &err))
    fail_msg("%s", err.msg);
  assert_int_equal(t.graph.nodes, 3 + 4); /* two adapters per protocol link */
  char out[] = "/tmp/fcsim_netlist_XXXXXX";
  close(mkstemp(out));
  assert_int_equal(fcsim_netlist_export(&t, &p, out, 0, &err), 0);
  char *text = ts_read_file(out);
  assert_non_null(text);
  assert_non_null(strstr(text, "protocol=tnw"));
  assert_non_null(strstr(text, "protocol=fc"));
  assert_null(strstr(text, "-link"));           /* no adapter model */
  assert_null(strstr(strstr(text, "protocol=tnw") + 1, "protocol=tnw")); /* once */
  if (load_path(&back, out, &err))
    fail_msg("%s", err.msg);
  assert_int_equal(back.graph.nodes, t.graph.nodes);
  assert_int_equal(back.graph.nslots, t.graph.nslots);
  for (int64_t s = 0; s < t.graph.nslots; s++) {
    assert_int_equal(back.graph.chan[s].dst, t.graph.chan[s].dst);
    assert_int_equal(back.graph.chan[s].latency_cycles, t.graph.chan[s].latency_cycles);
  }
  fcsim_topo_destroy(&back);
  fcsim_topo_destroy(&t);
  free(text);
  unlink(out);
  unlink(path);
  free(path);
}

static void test_export_round_trip(void **state)
{
  (void)state;
  static const char *const cases[][4] = {
      {"network.dims=4x4x4", "network.topology=torus", NULL},
      {"network.dims=2x3x4", "network.topology=mesh", "network.link_latency=20", NULL},
      {"network.dims=2x5", "network.topology=torus", "network.link_bandwidth=2", NULL},
      {"network.dims=1x4", "network.topology=torus", NULL}, /* a dimension of 1: unconnected ports */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    struct fcsim_params p;
    struct fcsim_topo t;
    struct fcsim_error err = {0};
    params_of(&p, cases[i]);
    if (fcsim_topo_init(&t, &p, &err))
      fail_msg("%s", err.msg);
    round_trip(&t, &p);
    /* hop distances of the netlist equal the torus geometry's */
    char path[] = "/tmp/fcsim_netlist_XXXXXX";
    int fd = mkstemp(path);
    close(fd);
    assert_int_equal(fcsim_netlist_export(&t, &p, path, 0, &err), 0);
    struct fcsim_topo back;
    assert_int_equal(load_path(&back, path, &err), 0);
    for (int64_t a = 0; a < t.nodes; a++)
      for (int64_t b = 0; b < t.nodes; b++)
        assert_int_equal(fcsim_topo_distance(&back, a, b), fcsim_topo_distance(&t, a, b));
    fcsim_topo_destroy(&back);
    unlink(path);
    fcsim_topo_destroy(&t);
  }
  /* a netlist with kinds, one-way links, jitter, clocks and a non-endpoint */
  struct fcsim_params p;
  struct fcsim_topo t;
  struct fcsim_error err;
  params_of(&p, NULL);
  char *path = ts_write_temp("kind big model=novog set=\"router.vcs=4\"\n"
                             "node sw ports=3 model=classic endpoint=no clock=250MHz\n"
                             "node h0 ports=2 kind=big\nnode h1 ports=2 clock_ppm=+7.25\nnode h2 ports=2\n"
                             "link sw:0 h0:0 latency=20ns bandwidth=3\nlink sw:1 h1:0 latency=3\n"
                             "link h1:1 -> h2:1 latency=100 jitter=2\nlink h2:0 -> sw:2 latency=541ns jitter=0.3ns\n"
                             "link sw:2 -> h0:1\nlink h2:1 -> h1:1 latency=7\n",
                             ".net");
  if (load_path(&t, path, &err))
    fail_msg("%s", err.msg);
  round_trip(&t, &p);
  fcsim_topo_destroy(&t);
  unlink(path);
  free(path);
  /* the example */
  if (load_path(&t, EXAMPLE, &err))
    fail_msg("%s", err.msg);
  round_trip(&t, &p);
  fcsim_topo_destroy(&t);
  export_protocols();
}

static void test_describe_example(void **state)
{
  (void)state;
  struct fcsim_params p;
  struct fcsim_topo t;
  struct fcsim_topo_desc d;
  struct fcsim_error err;
  params_of(&p, NULL);
  if (load_path(&t, EXAMPLE, &err))
    fail_msg("%s", err.msg);
  if (fcsim_topo_desc_build(&t, &p, NULL, &d, &err))
    fail_msg("%s", err.msg);
  assert_int_equal(d.nodes, 8);
  assert_int_equal(d.endpoints, 8);
  assert_int_equal(d.links, 14);
  assert_int_equal(d.channels, 28);
  assert_int_equal(d.nclasses, 2);
  assert_int_equal(d.classes[0].latency_cycles, 4); /* 20 ns */
  assert_int_equal(d.classes[0].two_way, 12);
  assert_int_equal(d.classes[1].latency_cycles, 85); /* 541 ns */
  assert_int_equal(d.classes[1].two_way, 2);
  assert_int_equal(d.classes[1].model, FCSIM_LINK_GAUSSIAN);
  assert_int_equal(d.diameter_hops, 3);
  /* without a configuration every kind has the run's router delay r: the
   * longest lowest-latency path is a1 -> a0 -> b0 -> b1 (or its likes):
   * 3 r + 4 + 85 + 4 cycles */
  int r = p.rc_cycles + p.va_cycles + p.switch_cycles;
  assert_int_equal(d.diameter_cycles, 3 * r + 93);
  assert_true(d.diameter_ns > (3 * r + 93) * 6.4 - 1e-6 && d.diameter_ns < (3 * r + 93) * 6.4 + 1e-6);
  assert_int_equal(d.path_hops, 3);
  uint64_t sum = 0;
  for (int i = 0; i < d.path_hops; i++) {
    sum += (uint64_t)d.path[i].router_cycles + d.path[i].link_cycles;
    if (i)
      assert_int_equal(d.path[i].from, d.path[i - 1].to);
  }
  assert_int_equal(sum, d.diameter_cycles);
  assert_int_equal(d.path[1].link_cycles, 85);
  /* the two slow links are the bisection */
  assert_int_equal(d.bisection_exact, 0);
  assert_int_equal(d.bisection_links, 2);
  assert_true(d.bisection_flits_per_cycle == 4.0);
  fcsim_topo_desc_free(&d);
  /* with the configuration, the `edge` kind (router.vcs=4) has its own switch delay */
  struct fcsim_config *cfg = fcsim_config_create();
  struct fcsim_params kinds[FCSIM_GRAPH_MAX_KINDS];
  assert_int_equal(fcsim_config_resolve_kinds(cfg, &p, &t.graph, kinds, &err), 0);
  assert_int_equal(fcsim_topo_desc_build(&t, &p, kinds, &d, &err), 0);
  int re = p.rc_cycles + p.va_cycles + fcsim_novog_switch_levels(4);
  assert_int_equal(d.kinds[0].router_cycles, re);
  assert_int_equal(d.kinds[1].router_cycles, r);
  assert_int_equal(d.diameter_cycles, (uint64_t)(r + 2 * re + 93)); /* fpga, then two edge routers */
  fcsim_topo_desc_free(&d);
  /* the public description reads the same graph */
  struct fcsim_topo_info ti;
  assert_int_equal(fcsim_config_set(cfg, "network.topology", "file", "test", &err), 0);
  assert_int_equal(fcsim_config_set(cfg, "network.file", EXAMPLE, "test", &err), 0);
  if (fcsim_topo_describe(cfg, &ti, &err))
    fail_msg("%s", err.msg);
  assert_int_equal(ti.nodes, 8);
  assert_int_equal(ti.links, 14);
  assert_int_equal(ti.channels, 28);
  assert_int_equal(ti.diameter_hops, 3);
  assert_int_equal(ti.bisection_links, 2);
  assert_true(ti.diameter_ns > (r + 2 * re + 93) * 6.4 - 1e-6 && ti.diameter_ns < (r + 2 * re + 93) * 6.4 + 1e-6);
  fcsim_config_destroy(cfg);
  fcsim_topo_destroy(&t);
}

/* The heuristic finds the formula's bisection on even tori and meshes. */
static void test_bisection_heuristic(void **state)
{
  (void)state;
  static const char *const cases[][3] = {
      {"network.dims=4x4x4", "network.topology=torus", NULL}, {"network.dims=8x8", "network.topology=torus", NULL},
      {"network.dims=2x4x8", "network.topology=torus", NULL}, {"network.dims=4x6", "network.topology=mesh", NULL},
      {"network.dims=4x4x4", "network.topology=mesh", NULL},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    struct fcsim_params p;
    struct fcsim_topo t;
    struct fcsim_error err = {0};
    params_of(&p, cases[i]);
    assert_int_equal(fcsim_topo_init(&t, &p, &err), 0);
    int64_t links = 0;
    double flits = 0;
    assert_int_equal(fcsim_graph_bisection_heuristic(&t.graph, NULL, 1, &links, &flits, &err), 0);
    if (links != fcsim_topo_bisection_links(&t))
      fail_msg("%s: heuristic %lld, formula %lld", cases[i][0], (long long)links,
               (long long)fcsim_topo_bisection_links(&t));
    assert_true(flits == 2.0 * (double)links);
    fcsim_topo_destroy(&t);
  }
}

/* Messages name a link adapter by the user's link, never by its internal
 * name (`a:0~`). */
static void test_adapter_labels(void **state)
{
  (void)state;
  char *path = ts_write_temp("node a ports=1\nnode b ports=1\nlink a:0 b:0\n", ".net");
  struct fcsim_params p;
  struct fcsim_topo t;
  struct fcsim_error err = {0};
  const char *sets[] = {"link.protocol=fc", "router.model=classic", NULL};
  params_of(&p, sets);
  p.topology = FCSIM_TOPO_FILE;
  snprintf(p.netlist, sizeof p.netlist, "%s", path);
  if (fcsim_proto_links_topo_init(&t, &p, &err))
    fail_msg("%s", err.msg);
  assert_int_equal(t.graph.nodes, 4); /* a, b and the two adapters of the link */
  char buf[FCSIM_NODE_LABEL_MAX];
  assert_string_equal(fcsim_graph_node_label(&t.graph, 0, buf, sizeof buf), "a");
  assert_string_equal(fcsim_graph_node_label(&t.graph, 2, buf, sizeof buf), "the a:0 end of link a:0 -- b:0");
  assert_string_equal(fcsim_graph_node_label(&t.graph, 3, buf, sizeof buf), "the b:0 end of link b:0 -- a:0");
  fcsim_topo_destroy(&t);
  unlink(path);
  free(path);
}

static void test_cli_topo(void **state)
{
  (void)state;
  char *dir = ts_temp_dir("fcsim_nlcli");
  assert_non_null(dir);
  char net[600], dot[600], json[600];
  snprintf(net, sizeof net, "%s/t.net", dir);
  snprintf(dot, sizeof dot, "%s/t.dot", dir);
  snprintf(json, sizeof json, "%s/t.json", dir);
  struct ts_result r;
  const char *args[] = {"topo", "--set", "network.dims=4x4x4", "--export", net, "--dot", dot, "--json", json, NULL};
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status)
    fail_msg("status %d: %s", r.status, r.err);
  assert_non_null(strstr(r.out, "32 links"));
  ts_result_free(&r);
  char *d = ts_read_file(dot);
  assert_non_null(d);
  assert_non_null(strstr(d, "digraph fcsim"));
  assert_non_null(strstr(d, "\"n0\" -> \"n1\""));
  free(d);
  json_error_t je;
  json_t *doc = json_load_file(json, 0, &je);
  assert_non_null(doc);
  assert_int_equal(json_integer_value(json_object_get(doc, "diameter_hops")), 6);
  assert_int_equal(json_integer_value(json_object_get(doc, "bisection_links")), 32);
  assert_int_equal(json_integer_value(json_object_get(json_object_get(doc, "links"), "total")), 192);
  assert_int_equal(json_array_size(json_object_get(json_object_get(doc, "longest_path"), "hops")), 6);
  double ns = json_real_value(json_object_get(doc, "diameter_ns"));
  json_decref(doc);
  /* the exported netlist describes the same: same diameter, bisection found by the heuristic */
  char file[700];
  snprintf(file, sizeof file, "network.file=%s", net);
  const char *again[] = {"topo", "--set", "network.topology=file", "--set", file, "--json", json, NULL};
  assert_int_equal(ts_run_cli(&r, again), 0);
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "heuristic"));
  ts_result_free(&r);
  doc = json_load_file(json, 0, &je);
  assert_non_null(doc);
  assert_true(json_real_value(json_object_get(doc, "diameter_ns")) == ns);
  assert_int_equal(json_integer_value(json_object_get(doc, "bisection_links")), 32);
  json_decref(doc);
  /* a bad netlist: exit 2, one line naming FILE:LINE */
  FILE *f = fopen(net, "w");
  fputs("node a ports=2\nnode b ports=2\nlink a:0 b:3\n", f);
  fclose(f);
  const char *bad[] = {"topo", "--set", "network.topology=file", "--set", file, NULL};
  assert_int_equal(ts_run_cli(&r, bad), 0);
  assert_int_equal(r.status, 2);
  char where[800];
  snprintf(where, sizeof where, "%s:3: b:3: node b has ports 0..1", net);
  if (!strstr(r.err, where))
    fail_msg("stderr: %s", r.err);
  assert_null(strchr(strchr(r.err, '\n') + 1, '\n'));
  ts_result_free(&r);
  assert_int_equal(ts_remove_tree(dir), 0);
  free(dir);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_good_netlist),        cmocka_unit_test(test_bad_netlists),
      cmocka_unit_test(test_export_round_trip),   cmocka_unit_test(test_describe_example),
      cmocka_unit_test(test_bisection_heuristic), cmocka_unit_test(test_cli_topo),
      cmocka_unit_test(test_adapter_labels),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
