/* SPDX-License-Identifier: BSD-3-Clause */
/* The table of applications (`fcsim app NAME`), in the order `fcsim app
 * --help` lists them; core/registry.c does lookup and the start-up check.
 * Adding an app is a folder src/apps/<name>/ and a row here. */
#include <stddef.h>

#include "apps/app.h"
#include "core/registry.h"

extern const struct fcsim_app_ops fcsim_app_fft;       /* apps/fft/fft_app.c */
extern const struct fcsim_app_ops fcsim_app_stream;    /* apps/stream/stream_app.c */
extern const struct fcsim_app_ops fcsim_app_gather;    /* apps/gather/gather_app.c */
extern const struct fcsim_app_ops fcsim_app_scatter;   /* apps/gather/gather_app.c */
extern const struct fcsim_app_ops fcsim_app_allgather; /* apps/gather/gather_app.c */
extern const struct fcsim_app_ops fcsim_app_ring;      /* apps/ring/ring_app.c */
extern const struct fcsim_app_ops fcsim_app_link;      /* apps/link/link_app.c */
extern const struct fcsim_app_ops fcsim_app_halo;      /* apps/halo/halo_app.c */

static const struct fcsim_app_ops *const apps[] = {
    &fcsim_app_fft,     &fcsim_app_stream,    &fcsim_app_gather,
    &fcsim_app_scatter, &fcsim_app_allgather, &fcsim_app_ring,
    &fcsim_app_link,    &fcsim_app_halo,      NULL,
};

static const void *app_at(size_t i)
{
  return apps[i];
}

static const struct fcsim_registry app_registry = {
    .what = "application",
    .at = app_at,
    .name_offset = offsetof(struct fcsim_app_ops, name),
    .required = {offsetof(struct fcsim_app_ops, summary), offsetof(struct fcsim_app_ops, synopsis),
                 offsetof(struct fcsim_app_ops, text)},
    .required_names = {"summary", "synopsis", "text"},
    .nrequired = 3,
};

const struct fcsim_app_ops *fcsim_app_find(const char *name)
{
  return fcsim_registry_find(&app_registry, name);
}

const struct fcsim_app_ops *fcsim_app_at(size_t i)
{
  size_t n = sizeof apps / sizeof apps[0] - 1;
  return i < n ? apps[i] : NULL;
}

int fcsim_app_check(const struct fcsim_app_ops *a, struct fcsim_error *err)
{
  if (a->table ? !a->table->ops || a->run : !a->run || !a->print || !a->write_json || !a->free_result)
    return fcsim_error_set(err, FCSIM_EINTERNAL,
                           "application `%s`: expected either a parameter table or run, print, write_json, "
                           "free_result",
                           a->name);
  if (!(a->options & FCSIM_APP_OPT_SCHEDULE) != !a->schedules)
    return fcsim_error_set(err, FCSIM_EINTERNAL, "application `%s`: --schedule and its schedules go together", a->name);
  return 0;
}

int fcsim_app_check_registry(struct fcsim_error *err)
{
  int rc = fcsim_registry_check(&app_registry, err);
  for (size_t i = 0; !rc && apps[i]; i++)
    rc = fcsim_app_check(apps[i], err);
  return rc;
}
