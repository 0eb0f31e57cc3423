/* SPDX-License-Identifier: BSD-3-Clause */
/* The link protocols' table (protocols.h). Adding a protocol: its folder
 * link/proto/<name>/ (state machine, adapter node registered as a router
 * model, keys, its row fcsim_link_proto_<name>), its name in the list
 * here, and its adapter's rows in src/models.c. */
#include "link/proto/protocols.h"

#include <stdio.h>
#include <string.h>

#include "core/keys.h"

const struct fcsim_link_proto fcsim_link_proto_ideal = {.name = "ideal"};

/* The protocols, each row fcsim_link_proto_NAME of its folder; the list
 * makes both the table and link.protocol's names (a row's index is the
 * value the key stores). Row 0, ideal, is the link without a protocol (a
 * struct fcsim_link_dir_stats whose protocol is 0 is not a protocol line). */
#define LINK_PROTOCOLS(X) X(ideal) X(tnw) X(fc)

#define PROTO_ROW(name)  &fcsim_link_proto_##name,
#define PROTO_NAME(name) #name,
static const struct fcsim_link_proto *const protos[] = {LINK_PROTOCOLS(PROTO_ROW)};
#define NPROTOS (sizeof protos / sizeof protos[0])
const char *const fcsim_link_proto_names[NPROTOS + 1] = {LINK_PROTOCOLS(PROTO_NAME) NULL};

const struct fcsim_link_proto *fcsim_link_proto_of(int index)
{
  return index >= 0 && (size_t)index < NPROTOS ? protos[index] : protos[0];
}

int fcsim_link_proto_find(const char *name)
{
  for (size_t i = 0; i < NPROTOS; i++)
    if (!strcmp(protos[i]->name, name))
      return (int)i;
  return -1;
}

void fcsim_link_proto_list(char *buf, size_t size)
{
  size_t n = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < NPROTOS && n < size; i++)
    n += (size_t)snprintf(buf + n, size - n, "%s%s", i == 0 ? "" : i + 1 == NPROTOS ? " or " : ", ", protos[i]->name);
}

extern const struct fcsim_key_table fcsim_link_keys;

int fcsim_link_proto_check_registry(struct fcsim_error *err)
{
  const char *const *names = NULL;
  for (size_t k = 0; k < fcsim_link_keys.nkeys; k++)
    if (!strcmp(fcsim_link_keys.keys[k].name, "protocol"))
      names = fcsim_link_keys.keys[k].choices;
  if (names != fcsim_link_proto_names)
    return fcsim_error_set(err, FCSIM_EINTERNAL, "link protocols: link.protocol does not offer the table's names");
  for (size_t i = 0; i < NPROTOS; i++)
    if (!protos[i] || !names[i] || strcmp(protos[i]->name, names[i]))
      return fcsim_error_set(err, FCSIM_EINTERNAL,
                             "link protocols: row %zu (`%s`) is out of order with link.protocol's names", i,
                             protos[i] ? protos[i]->name : "(none)");
  for (size_t i = 0; i < NPROTOS; i++)
    if ((i == 0) != (protos[i]->adapter_model == NULL))
      return fcsim_error_set(err, FCSIM_EINTERNAL, "link protocols: row %zu (`%s`) %s", i, protos[i]->name,
                             i == 0 ? "is the link without a protocol but has adapters" : "has no adapter model");
  if (names[NPROTOS])
    return fcsim_error_set(err, FCSIM_EINTERNAL, "link protocols: link.protocol names `%s`, which has no row",
                           names[NPROTOS]);
  return 0;
}
