/* The table of switch arbitration policies. */
#include <string.h>

#include "arbiter/arbiter.h"

static const struct fcsim_arbiter_ops *const arbiter_table[] = {
  &fcsim_arbiter_rr, &fcsim_arbiter_ff, &fcsim_arbiter_of, &fcsim_arbiter_mixed, NULL,
};

const struct fcsim_arbiter_ops *fcsim_arbiter_find(const char *name)
{
  for (const struct fcsim_arbiter_ops *const *a = arbiter_table; *a; a++)
    if (!strcmp((*a)->name, name))
      return *a;
  return NULL;
}

int fcsim_arbiter_valid(const char *name)
{
  return fcsim_arbiter_find(name) != NULL;
}

const char *fcsim_arbiter_names(void)
{
  static char buf[128];
  buf[0] = '\0';
  for (const struct fcsim_arbiter_ops *const *a = arbiter_table; *a; a++) {
    if (buf[0])
      strcat(buf, ", ");
    strcat(buf, (*a)->name);
  }
  return buf;
}
