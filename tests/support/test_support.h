/* Helpers shared by the test executables: running the fcsim CLI as a child
 * process and capturing its output, temporary files. */
#ifndef FCSIM_TEST_SUPPORT_H
#define FCSIM_TEST_SUPPORT_H

#include <stddef.h>

/* Captured result of one child process. Strings are malloc'd; free with
 * ts_result_free. */
struct ts_result {
  int status;   /* exit status, or 128+signal if killed */
  char *out;    /* stdout */
  char *err;    /* stderr */
};

/* Runs the fcsim binary with a NULL-terminated argument list (argv[0] is
 * supplied). Returns 0 if the process could be run. */
int ts_run_cli(struct ts_result *r, const char *const *args);
void ts_result_free(struct ts_result *r);

/* Writes `text` to a new temporary file with the given suffix; returns its
 * malloc'd path. */
char *ts_write_temp(const char *text, const char *suffix);

/* Reads a whole file; returns malloc'd text or NULL. */
char *ts_read_file(const char *path);

#endif
