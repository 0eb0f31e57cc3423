/* SPDX-License-Identifier: BSD-3-Clause */
/* fcsim error codes and the error record that carries a message out of the
 * library. Library functions return 0 or a negative FCSIM_E* code and, when
 * given a non-NULL `struct fcsim_error *`, fill it with one human-readable
 * message that names the file, line and key involved. The library never
 * exits; only the command line decides what to do with an error. */
#ifndef FCSIM_ERROR_H
#define FCSIM_ERROR_H

#include <stdarg.h>
#include <stddef.h>

/* X-macro: name, value, default message. */
#define FCSIM_ERRNO_MAP(X)                                                                                             \
  X(OK, 0, "success")                                                                                                  \
  X(INVAL, -1, "invalid argument")                                                                                     \
  X(NOMEM, -2, "out of memory")                                                                                        \
  X(IO, -3, "cannot read or write file")                                                                               \
  X(PARSE, -4, "syntax error")                                                                                         \
  X(UNKNOWN_KEY, -5, "unknown configuration key")                                                                      \
  X(RANGE, -6, "value out of range")                                                                                   \
  X(COMBINATION, -7, "impossible combination of settings")                                                             \
  X(DEADLOCK, -8, "deadlock detected")                                                                                 \
  X(INTERNAL, -9, "internal error")                                                                                    \
  X(INTERRUPTED, -10, "interrupted")

enum fcsim_err {
#define FCSIM_ERR_ENUM(name, value, msg) FCSIM_E##name = (value),
  FCSIM_ERRNO_MAP(FCSIM_ERR_ENUM)
#undef FCSIM_ERR_ENUM
};

#define FCSIM_ERROR_MSG_MAX 1024

/* Caller-provided storage for the message of the first error raised. */
struct fcsim_error {
  int code;                      /* 0 or a negative enum fcsim_err */
  char msg[FCSIM_ERROR_MSG_MAX]; /* full message, no trailing newline */
};

/* Name ("FCSIM_EINVAL") and default message of an error code. */
const char *fcsim_err_name(int code);
const char *fcsim_strerror(int code);

/* Records `code` and a printf-style message in `err` (if non-NULL) and
 * returns `code`, so library code can write `return fcsim_error_set(...)`. */
int fcsim_error_set(struct fcsim_error *err, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int fcsim_error_vset(struct fcsim_error *err, int code, const char *fmt, va_list ap);

/* Clears a record to "no error". */
void fcsim_error_clear(struct fcsim_error *err);

/* For bindings that do not declare the structure (python/fcsim): the bytes
 * to allocate for a record, its code and its message. */
size_t fcsim_error_size(void);
int fcsim_error_code(const struct fcsim_error *err);
const char *fcsim_error_message(const struct fcsim_error *err);

#endif
