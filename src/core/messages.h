/* SPDX-License-Identifier: BSD-3-Clause */
/* The message list a configuration holds (fcsim_config_set_messages): one
 * immutable copy shared by the configuration's clones, freed with the last
 * of them. A configuration is used by one thread at a time, so the count is
 * a plain integer. */
#ifndef FCSIM_CORE_MESSAGES_H
#define FCSIM_CORE_MESSAGES_H

#include "fcsim/messages.h"

struct fcsim_message_set {
  int refs;
  struct fcsim_message_list list;
};

/* A copy of l with one reference, or NULL when out of memory. */
struct fcsim_message_set *fcsim_message_set_copy(const struct fcsim_message_list *l);
struct fcsim_message_set *fcsim_message_set_ref(struct fcsim_message_set *s);
void fcsim_message_set_unref(struct fcsim_message_set *s);

#endif
