/* SPDX-License-Identifier: BSD-3-Clause */
/* Runs past 2^32 cycles. Ring entries keep their arrival tick modulo 2^32
 * (src/chan/link.h) and flits their creation cycle modulo 2^32; a run that
 * starts 2,048 cycles before 2^32 (the engine's start hook, engine.h) and
 * crosses it in its measurement window writes the JSON of the same run
 * started at 0, byte for byte, on Novo-G# (also with jittered links), the
 * classic router, the crossbar and the voq router, and on the link protocol
 * adapters (tnw and fc links, whose serialisers keep exact time:
 * link/proto/ser_time.h). 2^32 - 2048 is a multiple of the
 * checkpoint (1,024 cycles) and of every period the models take from the
 * absolute cycle (round-robin starts over 4 VCs or 7 outputs, the credit
 * period set to 64 here), so both runs make the same decisions; so is
 * 7,168 = 7 x 1,024. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "fcsim/fcsim.h"
#include "test_support.h"

extern uint64_t fcsim__engine_start_cycles; /* src/engine/build.c: the cycle runs start at */

#define WRAP_START ((1ull << 32) - 2048)

/* The JSON of one run started at cycle `start`, without its execution block
 * (timings), malloc'd. */
static char *run_json(const char *ini, const char *const *sets, uint64_t start)
{
  struct fcsim_error err = {0};
  struct fcsim_sim *sim = NULL;
  fcsim__engine_start_cycles = start;
  int rc = ts_sim_run_file(ini, sets, &sim, &err);
  fcsim__engine_start_cycles = 0;
  if (rc)
    fail_msg("%s from cycle %llu: %s", ini, (unsigned long long)start, err.msg);
  double flit_hops = 0;
  char *out = ts_sim_json_sorted(sim, &flit_hops);
  assert_non_null(out);
  assert_true(flit_hops > 0);
  fcsim_sim_destroy(sim);
  return out;
}

static void test_runs_across_2_32_match_runs_from_0(void **state)
{
  (void)state;
  /* the window [start + 1000, start + 3000) holds 2^32 */
#define WINDOW "sim.warmup_cycles=1000", "sim.measure_cycles=2000"
  static const struct {
    const char *ini;
    const char *sets[8];
  } runs[] = {
      {"novo-g.ini", {"router.vcs=4", "router.credit_period=64", "traffic.rate=0.3", WINDOW, NULL}},
      {"novo-g-jitter.ini", {"router.vcs=4", "router.credit_period=64", WINDOW, NULL}},
      {"booksim-torus.ini", {"network.dims=4x4x4", "traffic.rate=0.4", WINDOW, NULL}},
      {"crossbar-board.ini", {WINDOW, NULL}},
      {"novo-g.ini", {"router.model=voq", "traffic.rate=0.3", WINDOW, NULL}},
  };
#undef WINDOW
  for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
    char ini[512];
    snprintf(ini, sizeof ini, "%s/examples/%s", FCSIM_SOURCE_DIR, runs[i].ini);
    char *from0 = run_json(ini, runs[i].sets, 0), *across = run_json(ini, runs[i].sets, WRAP_START);
    if (strcmp(from0, across)) {
      FILE *f = fopen("time_wrap_diff.json", "w"); /* both documents, one a line, for a diff */
      if (f) {
        fprintf(f, "%s\n%s\n", from0, across);
        fclose(f);
      }
      fail_msg("run %zu (%s): the run across 2^32 writes other JSON than the run from 0 (time_wrap_diff.json)", i,
               runs[i].ini);
    }
    free(from0);
    free(across);
  }
}

/* The link protocol adapters' serialisers (tnw and fc links): a run started
 * at 7,168 (a start that is not a power of two) and one across 2^32 write
 * the JSON of the run from 0. The settings make the line times
 * non-dyadic fractions of a cycle, which a double of the absolute cycle
 * rounds differently at each start: 12-byte flits (a 136-byte TNW packet
 * takes 11 1/3 cycles) and, on fc, SerialLite III metaframes of 198 words
 * (each flit takes 198/194 cycle) with a 32-byte burst gap. */
static void test_adapters_independent_of_start(void **state)
{
  (void)state;
#define SMALL                                                                                                          \
  "network.dims=3x3x3", "router.vcs=4", "network.flit_bits=96", "sim.warmup_cycles=1000", "sim.measure_cycles=2000"
  static const struct {
    const char *ini;
    const char *sets[12];
  } runs[] = {
      {"booksim-torus.ini", {SMALL, "link.protocol=tnw", "traffic.rate=0.3", NULL}},
      {"booksim-torus.ini", {SMALL, "link.protocol=tnw", "link.ber=1e-5", "traffic.rate=0.2", NULL}},
      {"booksim-torus.ini",
       {SMALL, "link.protocol=fc", "link.fc_metaframe_words=198", "link.fc_gap_bytes=32", "traffic.rate=0.3", NULL}},
  };
#undef SMALL
  static const uint64_t starts[] = {7168, WRAP_START};
  for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
    char ini[512];
    snprintf(ini, sizeof ini, "%s/examples/%s", FCSIM_SOURCE_DIR, runs[i].ini);
    char *from0 = run_json(ini, runs[i].sets, 0);
    for (size_t k = 0; k < sizeof starts / sizeof starts[0]; k++) {
      char *later = run_json(ini, runs[i].sets, starts[k]);
      if (strcmp(from0, later)) {
        FILE *f = fopen("time_wrap_diff.json", "w");
        if (f) {
          fprintf(f, "%s\n%s\n", from0, later);
          fclose(f);
        }
        fail_msg("adapter run %zu (%s) from cycle %llu writes other JSON than from 0 (time_wrap_diff.json)", i,
                 runs[i].sets[5], (unsigned long long)starts[k]);
      }
      free(later);
    }
    free(from0);
  }
}

/* A credit left in its ring for longer than 2^31 cycles: a trace sends 256
 * bytes from node 0 to node 1 at cycle 0 and again at 3e9 (classic router,
 * VCs of 2 flits). Node 0 is not stepped between the two, so the credits of
 * the first message wait in its credit ring for 3e9 cycles; read against
 * cycle 3e9 their stamps would lie in the future without the engine's
 * refresh, and the second message would stall for want of credits (a
 * deadlock). Both messages take the same 35 cycles. */
static void test_credit_older_than_2_31(void **state)
{
  (void)state;
  const char *trace = "time_wrap_gap.csv";
  FILE *f = fopen(trace, "w");
  assert_non_null(f);
  fputs("id,src,dst,bytes,start,after,delay\n1,0,1,256,0,,\n2,0,1,256,3000000000,,\n", f);
  fclose(f);
  char ini[512], set_trace[600];
  snprintf(ini, sizeof ini, "%s/examples/booksim-torus.ini", FCSIM_SOURCE_DIR);
  snprintf(set_trace, sizeof set_trace, "traffic.trace=%s", trace);
  const char *const sets[] = {"network.dims=4x4",  "traffic.mode=trace",        set_trace,
                              "router.vc_depth=2", "sim.max_cycles=4000000000", NULL};
  struct fcsim_error err = {0};
  struct fcsim_sim *sim = NULL;
  if (ts_sim_run_file(ini, sets, &sim, &err))
    fail_msg("%s", err.msg);
  char *text = fcsim_sim_json(sim, 0, &err);
  assert_non_null(text);
  json_t *doc = json_loads(text, 0, NULL);
  json_t *msgs = json_object_get(json_object_get(doc, "metrics"), "messages");
  assert_int_equal(json_array_size(msgs), 2);
  assert_int_equal(json_integer_value(json_object_get(json_array_get(msgs, 0), "complete_cycle")), 35);
  assert_int_equal(json_integer_value(json_object_get(json_array_get(msgs, 1), "complete_cycle")), 3000000035ll);
  json_decref(doc);
  free(text);
  fcsim_sim_destroy(sim);
  remove(trace);
}

/* A link that could deliver more than 2^30 ticks ahead is refused at set-up
 * (ticks are picoseconds with two clocks: 100,000 cycles of jitter SD at
 * 156.25 MHz reach 3.2e9). */
static void test_latency_past_the_stamps_refused(void **state)
{
  (void)state;
  static const char *const sets[] = {"network.dims=2", "network.link_latency=100000", "network.link_jitter=100000",
                                     "network.clock_spread_ppm=50", NULL};
  struct fcsim_error err = {0};
  struct fcsim_sim *sim = NULL;
  assert_int_equal(ts_sim_run_file(NULL, sets, &sim, &err), FCSIM_ERANGE);
  assert_non_null(strstr(err.msg, "modulo 2^32"));
  assert_null(sim);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_runs_across_2_32_match_runs_from_0),
      cmocka_unit_test(test_adapters_independent_of_start),
      cmocka_unit_test(test_credit_older_than_2_31),
      cmocka_unit_test(test_latency_past_the_stamps_refused),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
