/* The table of routing algorithms. Adding one is a file and a row here. */
#include <string.h>

#include "routing/routing.h"

static const struct fcsim_routing_ops *const routing_table[] = {
  &fcsim_routing_dor,
  &fcsim_routing_romm,
  &fcsim_routing_o1turn,
  &fcsim_routing_rlb,
  &fcsim_routing_ccar,
  &fcsim_routing_table,
  NULL,
};

const struct fcsim_routing_ops *fcsim_routing_find(const char *name)
{
  for (const struct fcsim_routing_ops *const *r = routing_table; *r; r++)
    if (!strcmp((*r)->name, name))
      return *r;
  return NULL;
}

int fcsim_routing_valid(const char *name)
{
  return fcsim_routing_find(name) != NULL;
}

const char *fcsim_routing_names(void)
{
  static char buf[256];
  buf[0] = '\0';
  for (const struct fcsim_routing_ops *const *r = routing_table; *r; r++) {
    if (buf[0])
      strcat(buf, ", ");
    strcat(buf, (*r)->name);
  }
  return buf;
}
