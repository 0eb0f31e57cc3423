/* SPDX-License-Identifier: BSD-3-Clause */
/* The registry of router models (their table is a list of src/models.c),
 * seed 000 Table 4.2, and the Novo-G# credit rule. */
#include <jansson.h>
#include <stddef.h>

#include "core/registry.h"
#include "router/router.h"

/* VCs -> reduction-tree configuration -> levels; ALMs; % of the chip. */
static const struct {
  int levels, alms, percent;
} table_4_2[10] = {
    {0, 0, 0},      {2, 12980, 5}, /* 1 VC:  6x6,  3x2 */
    {3, 18980, 7},                 /* 2 VCs: 12x6, 3x2x2 */
    {3, 24860, 9},                 /* 3 VCs: 18x6, 3x3x2 */
    {4, 30980, 12},                /* 4 VCs: 24x6, 3x2x2x2 */
    {4, 42470, 16},                /* 5 VCs: 30x6, 3x3x2x2 */
    {4, 42470, 16},                /* 6 VCs: 36x6, 3x3x2x2 */
    {5, 54980, 21},                /* 7 VCs: 42x6, 3x2x2x2x2 */
    {5, 54980, 21},                /* 8 VCs: 48x6, 3x2x2x2x2 */
    {4, 60500, 23},                /* 9 VCs: 54x6, 3x3x3x2 */
};

int fcsim_novog_switch_levels(int vcs)
{
  return vcs >= 1 && vcs <= 9 ? table_4_2[vcs].levels : 0;
}

int fcsim_novog_area_alms(int vcs)
{
  return vcs >= 1 && vcs <= 9 ? table_4_2[vcs].alms : 0;
}

void fcsim_router_area_json(json_t *metrics, int alms, int percent)
{
  json_object_set_new(metrics, "area_alms", json_integer(alms));
  json_object_set_new(metrics, "area_percent", json_integer(percent));
}

int fcsim_novog_area_percent(int vcs)
{
  return vcs >= 1 && vcs <= 9 ? table_4_2[vcs].percent : 0;
}

int fcsim_credit_threshold_flits(int link_latency_cycles, int credit_period_cycles, int bandwidth_flits,
                                 int switch_cycles, int packet_flits)
{
  long seed_rule = (long)(link_latency_cycles + credit_period_cycles) * bandwidth_flits;
  long safe = (2L * link_latency_cycles + switch_cycles) * bandwidth_flits + packet_flits;
  return (int)(seed_rule > safe ? seed_rule : safe);
}

static const void *model_at(size_t i)
{
  return fcsim_router_model_table[i];
}

/* The engine calls these members without checking them (router.h marks them
 * required); flow_control and help are read by messages and `fcsim help`. */
static const struct fcsim_registry model_registry = {
    .what = "router model",
    .at = model_at,
    .name_offset = offsetof(struct fcsim_router_ops, name),
    .required = {offsetof(struct fcsim_router_ops, derive), offsetof(struct fcsim_router_ops, setup),
                 offsetof(struct fcsim_router_ops, teardown), offsetof(struct fcsim_router_ops, input_buffers),
                 offsetof(struct fcsim_router_ops, init), offsetof(struct fcsim_router_ops, accept),
                 offsetof(struct fcsim_router_ops, step), offsetof(struct fcsim_router_ops, credit_capacity),
                 offsetof(struct fcsim_router_ops, flow_control), offsetof(struct fcsim_router_ops, help)},
    .required_names = {"derive", "setup", "teardown", "input_buffers", "init", "accept", "step", "credit_capacity",
                       "flow_control", "help"},
    .nrequired = 10,
};

const struct fcsim_router_ops *fcsim_router_model_find(const char *name)
{
  return fcsim_registry_find(&model_registry, name);
}

int fcsim_router_model_valid(const char *name)
{
  return fcsim_router_model_find(name) != NULL;
}

size_t fcsim_router_model_list_names(char *buf, size_t size)
{
  return fcsim_registry_names(&model_registry, buf, size);
}

const char *fcsim_router_model_names(void)
{
  /* the key registry's choice_list(void) interface (core/keys.h); the
   * list is bounded by the buffer, never overflows */
  static char buf[256];
  fcsim_router_model_list_names(buf, sizeof buf);
  return buf;
}

int fcsim_router_model_check_registry(struct fcsim_error *err)
{
  return fcsim_registry_check(&model_registry, err);
}
