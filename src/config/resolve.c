/* SPDX-License-Identifier: BSD-3-Clause */
/* Resolving configuration text into typed parameters. Every key's row names
 * its target field and how the text is stored there (core/keys.h): this file
 * checks each value again, converts its units and writes it, then runs the
 * components' resolve steps that src/models.c lists (derived "auto" values,
 * checks of combinations of keys), and keeps the derived values and checks of
 * the simulation's own keys. It names no component. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "core/messages.h"
#include "core/units.h"

struct resolver {
  const struct fcsim_config *cfg;
  struct fcsim_error *err;
};

static const char *origin_of(const struct resolver *r, int i)
{
  return r->cfg->origin[i] ? r->cfg->origin[i] : "default";
}

/* A file name; a relative one given in a config file is taken relative to
 * that file's folder (its origin is "FILE:LINE"). */
static void store_path(const struct resolver *r, int i, const char *t, char *out, size_t size)
{
  const char *origin = r->cfg->origin[i];
  const char *colon = origin ? strrchr(origin, ':') : NULL;
  const char *slash = NULL;
  if (t[0] != '/' && t[0] && colon && strcmp(origin, "--set"))
    for (const char *c = origin; c < colon; c++)
      if (*c == '/')
        slash = c;
  if (slash && (size_t)(slash - origin) + 1 + strlen(t) < size)
    snprintf(out, size, "%.*s/%s", (int)(slash - origin), origin, t);
  else
    snprintf(out, size, "%s", t);
}

/* Index of `name` in a NULL-terminated list (the key's choices: already checked). */
static int choice_index(const char *const *list, const char *name)
{
  for (int i = 0; list[i]; i++)
    if (!strcmp(list[i], name))
      return i;
  return 0;
}

static void store_int(const struct fcsim_key *k, void *field, long long v)
{
  if (k->size == sizeof(int64_t)) {
    int64_t w = (int64_t)v;
    memcpy(field, &w, sizeof w);
  } else {
    int w = (int)v;
    memcpy(field, &w, sizeof w);
  }
}

/* Stores a key whose value needs no other key. */
static int store_plain(const struct resolver *r, int i, const char *t, void *field)
{
  const struct fcsim_key *k = &fcsim_keys[i];
  double v = 0;
  int is_auto = !strcmp(t, "auto");
  switch (k->store) {
  case FCSIM_STORE_INT: store_int(k, field, is_auto ? k->auto_value : (long long)(int64_t)strtod(t, NULL)); break;
  case FCSIM_STORE_REAL: {
    int rc = fcsim_parse_quantity(t, 0, &v, NULL, r->err);
    if (rc)
      return rc;
    memcpy(field, &v, sizeof v);
    break;
  }
  case FCSIM_STORE_HZ:
    if (!is_auto)
      fcsim_parse_quantity(t, FCSIM_UNIT_FREQ, &v, NULL, r->err);
    memcpy(field, &v, sizeof v);
    break;
  case FCSIM_STORE_NAME: snprintf(field, k->size, "%s", t); break;
  case FCSIM_STORE_PATH: store_path(r, i, t, field, k->size); break;
  case FCSIM_STORE_INDEX: store_int(k, field, choice_index(k->choices, t)); break;
  case FCSIM_STORE_FLAG: store_int(k, field, !strcmp(t, k->flag)); break;
  case FCSIM_STORE_DIMS: {
    int *dims = field, n = 0;
    for (const char *s = t; *s && n < FCSIM_MAX_DIMS;) {
      char *end;
      dims[n++] = (int)strtol(s, &end, 10);
      s = *end ? end + 1 : end;
    }
    break;
  }
  case FCSIM_STORE_BYTES: {
    uint64_t b = 0; /* auto */
    if (!is_auto) {
      int rc = fcsim_parse_quantity(t, FCSIM_UNIT_SIZE, &v, NULL, r->err);
      if (rc)
        return rc;
      b = v >= 1.8e19 ? UINT64_MAX : (uint64_t)ceil(v);
    }
    memcpy(field, &b, sizeof b);
    break;
  }
  default: break;
  }
  return 0;
}

/* Stores a key in cycles or flits, which needs network.clock or
 * network.flit_bits (stored before). */
static int store_scaled(const struct resolver *r, int i, const char *t, void *field, const struct fcsim_params *p)
{
  const struct fcsim_key *k = &fcsim_keys[i];
  double v;
  enum fcsim_unit_kind kind;
  int n;
  switch (k->store) {
  case FCSIM_STORE_CYCLES: {
    fcsim_parse_quantity(t, FCSIM_UNIT_TIME | FCSIM_UNIT_CYCLES, &v, &kind, r->err);
    double cycles = kind == FCSIM_UNIT_TIME ? ceil(v * p->clock_hz - 1e-6) : v;
    if (cycles < k->min || cycles > k->max)
      return fcsim_error_set(r->err, FCSIM_ERANGE,
                             "%s: %s.%s = `%s` is %.0f cycles at network.clock; expected %g..%g cycles",
                             origin_of(r, i), k->section, k->name, t, cycles, k->min, k->max);
    n = (int)cycles;
    memcpy(field, &n, sizeof n);
    return 0;
  }
  case FCSIM_STORE_CYCLES_REAL:
    fcsim_parse_quantity(t, FCSIM_UNIT_TIME | FCSIM_UNIT_CYCLES, &v, &kind, r->err);
    v = kind == FCSIM_UNIT_TIME ? v * p->clock_hz : v;
    memcpy(field, &v, sizeof v);
    return 0;
  case FCSIM_STORE_FLITS_CEIL:
    fcsim_parse_quantity(t, FCSIM_UNIT_SIZE, &v, &kind, r->err);
    if (kind == FCSIM_UNIT_SIZE) {
      double flits = ceil(v * 8.0 / p->flit_bits - 1e-9);
      if (flits < k->min || flits > k->max)
        return fcsim_error_set(r->err, FCSIM_ERANGE, "%s: %s.%s = `%s` is %.0f flits of %d bits; expected %g..%g",
                               origin_of(r, i), k->section, k->name, t, flits, p->flit_bits, k->min, k->max);
      v = flits;
    }
    n = (int)v;
    memcpy(field, &n, sizeof n);
    return 0;
  case FCSIM_STORE_FLITS_FLOOR:
    fcsim_parse_quantity(t, FCSIM_UNIT_SIZE, &v, &kind, r->err);
    n = (int)(kind == FCSIM_UNIT_SIZE ? floor(v * 8.0 / p->flit_bits + 1e-9) : v);
    memcpy(field, &n, sizeof n);
    return 0;
  default: return 0;
  }
}

static int scaled(enum fcsim_key_store s)
{
  return s == FCSIM_STORE_CYCLES || s == FCSIM_STORE_CYCLES_REAL || s == FCSIM_STORE_FLITS_CEIL ||
         s == FCSIM_STORE_FLITS_FLOOR;
}

/* Every row's value into its target: the values that need no other key
 * first (network.clock and network.flit_bits among them), then cycles and
 * flits. Each value is checked again (defaults too, so a bad built-in default
 * is caught by the tests). */
static int store_rows(const struct resolver *r, struct fcsim_params *p)
{
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < fcsim_nkeys; i++) {
      const struct fcsim_key *k = &fcsim_keys[i];
      const char *t = r->cfg->text[i] ? r->cfg->text[i] : k->default_text;
      int rc = 0;
      if (pass == 0)
        rc = fcsim_key_check(k, t, origin_of(r, (int)i), r->err);
      char *field = (char *)p + fcsim_key_target_offset(k);
      if (!rc && k->store != FCSIM_STORE_NONE && scaled(k->store) == pass)
        rc = pass ? store_scaled(r, (int)i, t, field, p) : store_plain(r, (int)i, t, field);
      if (rc)
        return rc;
    }
  return 0;
}

static const char *reader_set_origin(const void *cfg, const char *section, const char *name)
{
  int i = fcsim_key_find(section, name);
  return i < 0 ? NULL : ((const struct fcsim_config *)cfg)->origin[i];
}

static const char *reader_text(const void *cfg, const char *section, const char *name)
{
  int i = fcsim_key_find(section, name);
  const struct fcsim_config *c = cfg;
  return i < 0 ? "" : c->text[i] ? c->text[i] : fcsim_keys[i].default_text;
}

/* [network]: the dimensions' product, the link latency in ns. */
static int resolve_network(const struct resolver *r, struct fcsim_params *p)
{
  p->nodes = 1;
  for (p->ndims = 0; p->ndims < FCSIM_MAX_DIMS && p->dims[p->ndims]; p->ndims++)
    p->nodes *= p->dims[p->ndims];
  if (p->nodes > (1LL << 24)) {
    int i = fcsim_key_find("network", "dims");
    return fcsim_error_set(r->err, FCSIM_ERANGE, "%s: network.dims = `%s`: %lld nodes; at most %lld are supported",
                           origin_of(r, i), r->cfg->text[i] ? r->cfg->text[i] : fcsim_keys[i].default_text,
                           (long long)p->nodes, 1LL << 24);
  }
  p->link_latency_ns = p->link_latency_cycles * 1e9 / p->clock_hz;
  return 0;
}

int fcsim_config_resolve(const struct fcsim_config *cfg, struct fcsim_params *p, struct fcsim_error *err)
{
  struct resolver r = {cfg, err};
  struct fcsim_key_reader reader = {cfg, reader_set_origin, reader_text};
  int rc;
  memset(p, 0, sizeof *p);
  if ((rc = store_rows(&r, p)) || (rc = resolve_network(&r, p)))
    return rc;
  p->messages = cfg->messages ? &cfg->messages->list : NULL;
  for (const struct fcsim_resolve_step *const *s = fcsim_models.resolve_steps; *s; s++)
    if ((rc = (*s)->resolve(p, &reader, err)))
      return rc;
  /* [sim] */
  if (p->drain_cycles < 0)
    p->drain_cycles = 4 * p->measure_cycles + 10000;
  if (p->rate_flits > 0 && p->rate_flits / p->packet_flits > 64)
    return fcsim_error_set(err, FCSIM_ERANGE, "traffic.rate = %g flits/node/cycle is more than 64 packets per cycle",
                           p->rate_flits);
  return 0;
}

int fcsim_config_validate(const struct fcsim_config *cfg, struct fcsim_error *err)
{
  struct fcsim_params p;
  return fcsim_config_resolve(cfg, &p, err);
}
