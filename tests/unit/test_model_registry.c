/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of the model registry and of parameter handling shared by all
 * models: table consistency, units, bounds, power-of-two and integer
 * checks, unknown keys with suggestions, presets, formatting. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "model/model.h"

static void test_registry_consistent(void **state)
{
  (void)state;
  struct fcsim_error err;
  fcsim_error_clear(&err);
  if (fcsim_model_check_registry(&err) != 0)
    fail_msg("%s", err.msg);
  const char *names[] = {"stream", "fc", "p2p", "linkbw", "host", "gather", "fft", "cornerturn", "contraction", "md"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    assert_non_null(fcsim_model_find(names[i]));
  assert_null(fcsim_model_find("nosuch"));
  size_t count = 0;
  for (const struct fcsim_model_ops *const *m = fcsim_model_list(); *m; m++)
    count++;
  assert_int_equal(count, sizeof names / sizeof names[0]);
}

/* Sets key=text on `model` from defaults; returns the code, value in *out. */
static int set(const char *model, const char *kv, double *out, struct fcsim_error *err)
{
  const struct fcsim_model_ops *m = fcsim_model_find(model);
  double v[FCSIM_MODEL_MAX_PARAMS];
  fcsim_model_defaults(m, v);
  fcsim_error_clear(err);
  int rc = fcsim_model_set_kv(m, v, kv, err);
  const char *eq = strchr(kv, '=');
  char key[64];
  snprintf(key, sizeof key, "%.*s", (int)(eq ? eq - kv : 0), kv);
  int i = fcsim_model_param_index(m, key);
  if (rc == 0 && i >= 0)
    *out = v[i];
  return rc;
}

static void test_units(void **state)
{
  (void)state;
  struct fcsim_error err;
  double x = 0;
  assert_int_equal(set("stream", "F=225MHz", &x, &err), 0);
  assert_true(x == 225e6);
  assert_int_equal(set("stream", "B_link=7.92GB/s", &x, &err), 0);
  assert_true(fabs(x - 7.92e9) < 1e-3);
  assert_int_equal(set("stream", "B_link=80Gbps", &x, &err), 0);
  assert_true(fabs(x - 10e9) < 1e-3);
  assert_int_equal(set("fc", "latency=365ns", &x, &err), 0);
  assert_true(fabs(x - 365e-9) < 1e-18);
  assert_int_equal(set("gather", "d=16MiB", &x, &err), 0);
  assert_true(x == 16777216);
  /* bits per second stay bits per second */
  assert_int_equal(set("linkbw", "rate=25.78125Gbps", &x, &err), 0);
  assert_true(fabs(x - 25.78125e9) < 1e-3);
  assert_int_equal(set("linkbw", "rate=1GB/s", &x, &err), 0);
  assert_true(fabs(x - 8e9) < 1e-3);
  /* enum choices by name */
  assert_int_equal(set("gather", "schedule=vlink", &x, &err), 0);
  assert_true(x == 2);
}

static void test_bad_values(void **state)
{
  (void)state;
  struct fcsim_error err;
  double x;
  /* wrong unit for the quantity */
  assert_int_not_equal(set("stream", "B_link=7.92MHz", &x, &err), 0);
  assert_non_null(strstr(err.msg, "B_link"));
  /* negative bandwidth */
  assert_int_equal(set("stream", "B_link=-1GB/s", &x, &err), FCSIM_ERANGE);
  assert_non_null(strstr(err.msg, "B_link"));
  assert_non_null(strstr(err.msg, "negative"));
  /* out of range */
  assert_int_equal(set("stream", "n=0", &x, &err), FCSIM_ERANGE);
  assert_non_null(strstr(err.msg, "`n`"));
  /* not an integer */
  assert_int_not_equal(set("stream", "M=2.5", &x, &err), 0);
  assert_non_null(strstr(err.msg, "integer"));
  /* not a power of two */
  assert_int_not_equal(set("fft", "N=48", &x, &err), 0);
  assert_non_null(strstr(err.msg, "power of two"));
  /* bad enum */
  assert_int_not_equal(set("gather", "schedule=star", &x, &err), 0);
  assert_non_null(strstr(err.msg, "ring, tree, vlink"));
  /* not a number */
  assert_int_not_equal(set("stream", "F=fast", &x, &err), 0);
  assert_non_null(strstr(err.msg, "`F`"));
  /* missing '=' */
  assert_int_not_equal(set("stream", "F", &x, &err), 0);
}

static void test_unknown_key_suggestion(void **state)
{
  (void)state;
  struct fcsim_error err;
  double x;
  assert_int_equal(set("stream", "B_lnk=1GB/s", &x, &err), FCSIM_EUNKNOWN_KEY);
  assert_non_null(strstr(err.msg, "B_lnk"));
  assert_non_null(strstr(err.msg, "did you mean `B_link`"));
  assert_int_equal(set("stream", "d_link=1", &x, &err), FCSIM_EUNKNOWN_KEY);
  assert_non_null(strstr(err.msg, "did you mean `D_link`"));
  assert_int_equal(set("stream", "zzzzzzzz=1", &x, &err), FCSIM_EUNKNOWN_KEY);
  assert_null(strstr(err.msg, "did you mean"));
}

static void test_presets_and_auto(void **state)
{
  (void)state;
  const struct fcsim_model_ops *m = fcsim_model_find("stream");
  double v[FCSIM_MODEL_MAX_PARAMS], r[FCSIM_MODEL_MAX_RESULTS];
  struct fcsim_error err;
  fcsim_error_clear(&err);
  fcsim_model_defaults(m, v);
  int dp = fcsim_model_param_index(m, "D_pipe");
  assert_true(isnan(v[dp])); /* auto until computed */
  assert_int_equal(fcsim_model_apply_preset(m, v, "lbm", &err), 0);
  assert_int_equal(fcsim_model_eval(m, v, r, &err), 0);
  assert_true(v[dp] == 1550); /* resolved value written back */
  assert_int_equal(fcsim_model_apply_preset(m, v, "nope", &err), FCSIM_EINVAL);
  assert_non_null(strstr(err.msg, "tsunami"));
}

static void test_format(void **state)
{
  (void)state;
  char buf[64];
  assert_string_equal(fcsim_model_format(FCSIM_MU_FLOPS, NULL, 2.549e12, buf, sizeof buf), "2.549 TFlop/s");
  assert_string_equal(fcsim_model_format(FCSIM_MU_RATIO, NULL, 0.5, buf, sizeof buf), "50 %");
  assert_string_equal(fcsim_model_format(FCSIM_MU_TIME, NULL, 365e-9, buf, sizeof buf), "365 ns");
  assert_string_equal(fcsim_model_format(FCSIM_MU_BYTES, NULL, 16777216, buf, sizeof buf), "16 MiB");
  assert_string_equal(fcsim_model_format(FCSIM_MU_BYTES, NULL, 1056, buf, sizeof buf), "1056 B");
  assert_string_equal(fcsim_model_format(FCSIM_MU_COUNT, NULL, NAN, buf, sizeof buf), "-");
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_registry_consistent), cmocka_unit_test(test_units),
      cmocka_unit_test(test_bad_values),          cmocka_unit_test(test_unknown_key_suggestion),
      cmocka_unit_test(test_presets_and_auto),    cmocka_unit_test(test_format),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
