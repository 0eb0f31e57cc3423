/* `fcsim app stream`: the simulated cascade against the `stream` model.
 * Where the model's assumptions hold (links and memory fast enough) the
 * pass takes the model's cycles within 0.5 % (blocks forwarded whole and
 * the router's head delay add a few cycles per FPGA); on a link-bound
 * cascade the simulated stall ratio is the model's within 2.5 points and
 * the sustained rate within 3 % above it (the model stalls the pipeline
 * fill as well); the Fig. 3.10 orderings hold on the simulated cascade;
 * every flit is delivered; bad input exits 2. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fcsim/fcsim.h"
#include "test_support.h"
#include "workload/stream_cascade.h"

static void run(const char *preset, const char *const *sets, struct fcsim_stream_result *r)
{
  struct fcsim_error err = {0};
  int rc = fcsim_stream_run(preset, sets, 64, NULL, r, &err);
  if (rc)
    fail_msg("%s", err.msg);
  assert_true(r->flits_expected > 0);
  assert_int_equal(r->flits_delivered, r->flits_expected);
}

/* Fig. 3.8's validation run: (1,5) on 4 FPGAs, n*W*F = 7.2 GB/s below
 * B_link and B_mem: no stalls, the fill is the only loss. */
static void test_model_holds_tsunami_small(void **state)
{
  (void)state;
  struct fcsim_stream_result r;
  run("tsunami-small", NULL, &r);
  assert_true(r.model_stall == 0.0);
  assert_true(r.pass_cycles >= r.model_cycles);
  assert_true(r.pass_cycles <= 1.005 * r.model_cycles);
  assert_true(r.sim_efficiency <= r.model_efficiency);
  assert_true(r.sim_efficiency >= 0.995 * r.model_efficiency);
}

/* Fig. 3.11, (2,16): b_core = 14 GB/s over a 10 GB/s link, 28.57 % stalls. */
static void test_link_bound_lbm(void **state)
{
  (void)state;
  const char *sets[] = {"n=2", NULL};
  struct fcsim_stream_result r;
  run("lbm", sets, &r);
  assert_float_equal(r.model_stall, 0.285714, 1e-5);
  assert_float_equal(r.sim_stall, r.model_stall, 0.025);
  assert_true(r.sim_flops >= r.model_flops);
  assert_true(r.sim_flops <= 1.03 * r.model_flops);
}

/* Fig. 3.10 on the simulated cascade (8 FPGAs, the short stream of
 * Fig. 3.8 to stay fast): (2,2) has the lowest speedup and efficiency,
 * (1,5) the highest speedup with an efficiency below (1,4)'s. */
static void test_fig_3_10_orderings(void **state)
{
  (void)state;
  const char *s15[] = {"M=8", "n=1", "m=5", NULL}, *s14[] = {"M=8", "n=1", "m=4", NULL},
             *s22[] = {"M=8", "n=2", "m=2", NULL};
  struct fcsim_stream_result a, b, c;
  run("tsunami-small", s15, &a);
  run("tsunami-small", s14, &b);
  run("tsunami-small", s22, &c);
  assert_true(a.sim_speedup > b.sim_speedup && b.sim_speedup > c.sim_speedup);
  assert_true(b.sim_parallel_efficiency > a.sim_parallel_efficiency);
  assert_true(a.sim_parallel_efficiency > c.sim_parallel_efficiency);
}

static void cli_refuses(const char *set, const char *want)
{
  const char *args[] = {"app", "stream", "--preset", "lbm", "--set", set, NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  if (r.status != 2 || !strstr(r.err, want))
    fail_msg("--set %s: expected exit 2 naming `%s`; got %d: %s", set, want, r.status, r.err);
  ts_result_free(&r);
}

static void test_cli(void **state)
{
  (void)state;
  const char *args[] = {"app", "stream", "--preset", "tsunami-small", "--json", "-", NULL};
  struct ts_result r;
  assert_int_equal(ts_run_cli(&r, args), 0);
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "\"sustained_flops\""));
  ts_result_free(&r);
  cli_refuses("stream.N_grid=0", "N_grid"); /* a stream with no elements */
  cli_refuses("stream.M=1", "stream.M = 1");
  cli_refuses("stream.bogus=1", "bogus");
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_model_holds_tsunami_small),
      cmocka_unit_test(test_link_bound_lbm),
      cmocka_unit_test(test_fig_3_10_orderings),
      cmocka_unit_test(test_cli),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
