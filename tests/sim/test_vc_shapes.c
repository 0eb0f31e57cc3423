/* SPDX-License-Identifier: BSD-3-Clause */
/* The VC routers' steps compiled for the preset shapes (VCs per port and
 * network ports as constants: struct vc_shape, src/router/vc/vc.h) write the
 * JSON of the generic step, byte for byte, on every preset shape: Novo-G#
 * with 9, 4 and 2 VCs on a 3-D torus, classic with 4 and 2 VCs on a 3-D torus
 * and 8 VCs on a 2-D mesh, at loads where flits queue, and on two threads. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "fcsim/fcsim.h"
#include "test_support.h"

extern int fcsim__vc_shapes; /* src/router/vc/vc_base.c: 0 = every set-up takes the generic step */

/* The JSON of one run without its execution block (malloc'd). */
static char *run_json(const char *ini, const char *const *sets, int shapes)
{
  struct fcsim_error err = {0};
  struct fcsim_sim *sim = NULL;
  fcsim__vc_shapes = shapes;
  int rc = ts_sim_run_file(ini, sets, &sim, &err);
  fcsim__vc_shapes = 1;
  if (rc)
    fail_msg("%s: %s", ini, err.msg);
  double flit_hops = 0;
  char *out = ts_sim_json_sorted(sim, &flit_hops);
  assert_non_null(out);
  assert_true(flit_hops > 0);
  fcsim_sim_destroy(sim);
  return out;
}

static void test_shaped_steps_match_generic(void **state)
{
  (void)state;
#define SHORT "sim.warmup_cycles=300", "sim.measure_cycles=1500"
  static const struct {
    const char *ini;
    const char *sets[8];
  } runs[] = {
      {"novo-g.ini", {SHORT, NULL}}, /* 9 VCs, 4x4x4 */
      {"novo-g.ini",
       {"router.vcs=4", "network.link_latency=50", "traffic.packet_size=4", "traffic.rate=0.3", SHORT, NULL}},
      {"novo-g.ini", {"router.vcs=2", "sim.threads=2", SHORT, NULL}},
      {"booksim-torus.ini", {"network.dims=4x4x4", "traffic.rate=0.4", SHORT, NULL}},               /* 4 VCs */
      {"booksim-iq.ini", {"network.dims=4x4x4", "traffic.rate=0.3", "sim.threads=2", SHORT, NULL}}, /* 2 VCs */
      {"booksim-mesh88-lat.ini", {"traffic.rate=0.3", SHORT, NULL}}, /* 8 VCs, 8x8 mesh */
  };
#undef SHORT
  for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
    char ini[512];
    snprintf(ini, sizeof ini, "%s/examples/%s", FCSIM_SOURCE_DIR, runs[i].ini);
    char *shaped = run_json(ini, runs[i].sets, 1), *generic = run_json(ini, runs[i].sets, 0);
    if (strcmp(shaped, generic))
      fail_msg("run %zu (%s): the shaped step's JSON differs from the generic step's", i, runs[i].ini);
    free(shaped);
    free(generic);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_shaped_steps_match_generic),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
