/* SPDX-License-Identifier: BSD-3-Clause */
/* Error names, messages and the error record helpers of include/fcsim/error.h. */
#include <stdio.h>
#include <string.h>

#include "fcsim/error.h"

const char *fcsim_err_name(int code)
{
  switch (code) {
#define FCSIM_ERR_NAME(name, value, msg)                                                                               \
  case value: return "FCSIM_E" #name;
    FCSIM_ERRNO_MAP(FCSIM_ERR_NAME)
#undef FCSIM_ERR_NAME
  }
  return "FCSIM_E?";
}

const char *fcsim_strerror(int code)
{
  switch (code) {
#define FCSIM_ERR_MSG(name, value, msg)                                                                                \
  case value: return msg;
    FCSIM_ERRNO_MAP(FCSIM_ERR_MSG)
#undef FCSIM_ERR_MSG
  }
  return "unknown error";
}

int fcsim_error_vset(struct fcsim_error *err, int code, const char *fmt, va_list ap)
{
  if (err == NULL)
    return code;
  if (err->code != 0) /* keep the first (innermost) message */
    return code;
  err->code = code;
  vsnprintf(err->msg, sizeof err->msg, fmt, ap);
  return code;
}

int fcsim_error_set(struct fcsim_error *err, int code, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fcsim_error_vset(err, code, fmt, ap);
  va_end(ap);
  return code;
}

void fcsim_error_clear(struct fcsim_error *err)
{
  if (err == NULL)
    return;
  err->code = 0;
  err->msg[0] = '\0';
}
