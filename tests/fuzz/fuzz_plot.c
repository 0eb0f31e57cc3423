/* SPDX-License-Identifier: BSD-3-Clause */
/* libFuzzer harness: the reader of `fcsim plot` inputs (plot/load.c: run
 * and tune JSON, sweep JSON Lines and CSV, model CSV), then the gnuplot
 * script written from whatever it accepts (to /dev/null). */
#include "fuzz_support.h"

#include "plot/plot.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *path = fuzz_write("fuzz.result", data, size);
  struct fcsim_plot_data *d = NULL;
  struct fcsim_error err = {0};
  if (fcsim_plot_load((const char *const[]){path}, 1, FCSIM_PLOT_AUTO, &d, &err) == 0) {
    FILE *sink = fopen("/dev/null", "w");
    fcsim_error_clear(&err);
    if (sink) {
      fcsim_plot_write_script(d, "fuzz.png", 0, sink, &err);
      fclose(sink);
    }
    fcsim_plot_free(d);
  }
  return 0;
}
