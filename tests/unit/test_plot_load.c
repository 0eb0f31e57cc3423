/* SPDX-License-Identifier: BSD-3-Clause */
/* The plot library without gnuplot: fcsim_plot_load classifies run JSON,
 * sweep JSON Lines and CSV, tune JSON Lines and model JSON/CSV, and refuses
 * anything else naming the file; fcsim_plot_write_script writes a complete
 * script for each kind (data blocks, axis labels with units, caption). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plot/plot.h"
#include "test_support.h"

static const char run_json[] =
    "{\"fcsim\": \"0.1.0\", \"config\": {\"network\": {\"topology\": \"torus\", \"dims\": \"2x2\"},"
    " \"traffic\": {\"rate\": \"0.5\"}},"
    " \"metrics\": {\"avg_latency\": 40.5, \"p99_latency\": 80, \"recv_throughput\": 0.5,"
    "  \"link_util\": [0.1,0.2,0.3,0.4, 0.1,0.2,0.3,0.4, 0.1,0.2,0.3,0.4, 0.1,0.2,0.3,0.4],"
    "  \"latency_histogram\": {\"bucket_cycles\": [30, 40, 2048], \"packets\": [5, 10, 1]}},"
    " \"saturated\": false}\n";

static const char sweep_jsonl[] =
    "{\"fcsim\":\"0.1.0\",\"config\":{\"traffic\":{\"rate\":\"0.1\"}},\"metrics\":{\"offered_rate\":0.1,"
    "\"avg_latency\":30,\"recv_throughput\":0.1},\"saturated\":false}\n"
    "{\"fcsim\":\"0.1.0\",\"config\":{\"traffic\":{\"rate\":\"0.9\"}},\"metrics\":{\"offered_rate\":0.9,"
    "\"avg_latency\":900,\"recv_throughput\":0.6},\"saturated\":true}\n";

static const char sweep_csv[] = "network.dims,traffic.rate,avg_latency,recv_throughput,saturated\n"
                                "4x4,0.1,30,0.1,0\n4x4,0.5,60,0.5,0\n4x4,0.9,900,0.6,1\n";

static const char tune_jsonl[] =
    "{\"type\":\"tune\",\"workloads\":[\"w\"],\"space\":{\"router.vcs\":[\"2\",\"4\"]},\"vary\":{},"
    "\"metrics\":[\"avg_latency\"]}\n"
    "{\"type\":\"point\",\"workload\":\"w\",\"rung\":0,\"label\":\"dor/2\",\"sweep\":\"\",\"config\":{},"
    "\"results\":{\"avg_latency\":100,\"area_alms\":18980,\"deadlock\":false}}\n"
    "{\"type\":\"point\",\"workload\":\"w\",\"rung\":0,\"label\":\"dor/4\",\"sweep\":\"\",\"config\":{},"
    "\"results\":{\"avg_latency\":50,\"area_alms\":30980,\"deadlock\":false}}\n"
    "{\"type\":\"summary\"}\n";

static const char model_json[] = "[{\"model\":\"fc\",\"params\":{\"F\":1e8},\"results\":{\"latency_cycles\":10}},"
                                 " {\"model\":\"fc\",\"params\":{\"F\":2e8},\"results\":{\"latency_cycles\":20}}]\n";

/* Loads `text` (written to a file ending in `suffix`); returns the code. */
static int load(const char *text, const char *suffix, enum fcsim_plot_kind *kind, char **script)
{
  char *path = ts_write_temp(text, suffix);
  const char *paths[] = {path};
  struct fcsim_error err = {0};
  struct fcsim_plot_data *d = NULL;
  int rc = fcsim_plot_load(paths, 1, FCSIM_PLOT_AUTO, &d, &err);
  if (rc == 0) {
    *kind = fcsim_plot_data_kind(d);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    int wrc = fcsim_plot_write_script(d, "out.png", 0, f, &err);
    fclose(f);
    if (wrc)
      fprintf(stderr, "write_script: %s\n", err.msg);
    assert_int_equal(wrc, 0);
    *script = buf;
    fcsim_plot_free(d);
  } else {
    assert_non_null(strstr(err.msg, path));
  }
  remove(path);
  free(path);
  return rc;
}

static void test_kinds(void **state)
{
  enum fcsim_plot_kind k;
  char *s = NULL;
  assert_int_equal(load(run_json, ".json", &k, &s), 0);
  assert_int_equal(k, FCSIM_PLOT_RUN);
  assert_non_null(strstr(s, "with image pixels")); /* the link heat map */
  assert_non_null(strstr(s, "(cycles)"));          /* histogram axis with its unit */
  assert_non_null(strstr(s, "2x2, torus"));        /* caption */
  free(s);
  assert_int_equal(load(sweep_jsonl, ".jsonl", &k, &s), 0);
  assert_int_equal(k, FCSIM_PLOT_SWEEP);
  assert_non_null(strstr(s, "offered load (flits/node/cycle)"));
  assert_non_null(strstr(s, "first saturated point"));
  assert_non_null(strstr(s, "0.9 900 0.6")); /* the saturated point is marked */
  free(s);
  assert_int_equal(load(sweep_csv, ".csv", &k, &s), 0);
  assert_int_equal(k, FCSIM_PLOT_SWEEP);
  assert_non_null(strstr(s, "0.5 60 0.5"));
  free(s);
  assert_int_equal(load(tune_jsonl, ".json", &k, &s), 0);
  assert_int_equal(k, FCSIM_PLOT_TUNE);
  /* 2 configurations, average 75: dor/2 is 33 % worse, dor/4 33 % better */
  assert_non_null(strstr(s, "-33.33333333 33.33333333"));
  assert_non_null(strstr(s, "Pareto front"));
  free(s);
  assert_int_equal(load(model_json, ".json", &k, &s), 0);
  assert_int_equal(k, FCSIM_PLOT_MODEL);
  assert_non_null(strstr(s, "set xlabel 'F: ")); /* the symbol and its meaning, in MHz */
  assert_non_null(strstr(s, " (MHz)'\n"));
  assert_non_null(strstr(s, "100 10\n200 20"));
  free(s);
}

static void test_refused(void **state)
{
  enum fcsim_plot_kind k;
  char *s = NULL;
  assert_int_equal(load("[network]\ndims = 4\n", ".ini", &k, &s), FCSIM_EPARSE);
  assert_int_equal(load("{\"metrics\": {}}\n", ".json", &k, &s), FCSIM_EPARSE);
  assert_int_equal(load("[1, 2, 3]\n", ".json", &k, &s), FCSIM_EPARSE);
  assert_int_equal(load("a,b\n1,2\n", ".csv", &k, &s), FCSIM_EPARSE);
  assert_int_equal(load("", ".json", &k, &s), FCSIM_EPARSE);
  /* a sweep line followed by a foreign line */
  assert_int_equal(load("{\"fcsim\":\"x\",\"config\":{},\"metrics\":{}}\n{\"x\":1}\n", ".jsonl", &k, &s), FCSIM_EPARSE);
}

int main(void)
{
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_kinds), cmocka_unit_test(test_refused)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
