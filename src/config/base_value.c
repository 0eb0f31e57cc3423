/* SPDX-License-Identifier: BSD-3-Clause */
/* A key's value as one number in the key's unit (config/config.h), for the
 * CSV columns: "175ns" -> 27.34375 cycles at 156.25 MHz, "1MiB" -> 65536
 * flits of 128 bits, "156.25MHz" -> 156250000 Hz. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "config/config.h"
#include "core/units.h"

int fcsim_key_base_value(const struct fcsim_key *k, const char *text, double clock_hz, int flit_bits, double *v)
{
  const char *end;
  enum fcsim_unit_kind kind;
  struct fcsim_error err;
  switch (k->type) {
  case FCSIM_KT_INT:
  case FCSIM_KT_REAL: return fcsim_parse_number(text, v, &end) == 0 && *end == '\0';
  case FCSIM_KT_LATENCY:
    if (fcsim_parse_quantity(text, FCSIM_UNIT_TIME | FCSIM_UNIT_CYCLES, v, &kind, &err))
      return 0;
    if (kind == FCSIM_UNIT_TIME)
      *v *= clock_hz; /* not rounded: the run's whole cycles are in derived */
    return 1;
  case FCSIM_KT_FREQ: return fcsim_parse_quantity(text, FCSIM_UNIT_FREQ, v, &kind, &err) == 0;
  case FCSIM_KT_SIZE:
    if (fcsim_parse_quantity(text, FCSIM_UNIT_SIZE, v, &kind, &err))
      return 0;
    if (kind == FCSIM_UNIT_SIZE && !strcmp(k->unit, "flits"))
      *v = *v * 8.0 / flit_bits; /* bytes -> flits of network.flit_bits */
    return 1;
  default: return 0;
  }
}

/* A key's text from a JSON "config" object ({"section": {"key": value}}). */
static const char *json_key_text(const json_t *cfg, const char *section, const char *name, char *buf, size_t size)
{
  const json_t *v = json_object_get(json_object_get(cfg, section), name);
  if (json_is_string(v))
    return json_string_value(v);
  if (json_is_number(v)) {
    snprintf(buf, size, "%.17g", json_number_value(v));
    return buf;
  }
  int i = fcsim_key_find(section, name);
  return i >= 0 ? fcsim_keys[i].default_text : "";
}

void fcsim_config_json_to_base(json_t *cfg)
{
  char buf[64];
  double clock_hz = 0, flit_bits = 0;
  const char *end;
  struct fcsim_error err;
  fcsim_parse_quantity(json_key_text(cfg, "network", "clock", buf, sizeof buf), FCSIM_UNIT_FREQ, &clock_hz, NULL, &err);
  if (fcsim_parse_number(json_key_text(cfg, "network", "flit_bits", buf, sizeof buf), &flit_bits, &end) || *end ||
      flit_bits <= 0)
    flit_bits = 0;
  const char *section, *name;
  json_t *sec, *v;
  json_object_foreach(cfg, section, sec)
  {
    json_object_foreach(sec, name, v)
    {
      int i = fcsim_key_find(section, name);
      double x;
      if (i < 0 || !json_is_string(v))
        continue;
      const struct fcsim_key *k = &fcsim_keys[i];
      if ((k->type == FCSIM_KT_LATENCY && clock_hz <= 0) || (k->type == FCSIM_KT_SIZE && flit_bits <= 0))
        continue;
      if (fcsim_key_base_value(k, json_string_value(v), clock_hz, (int)flit_bits, &x))
        json_object_set_new(sec, name, x == floor(x) && fabs(x) < 9e15 ? json_integer((json_int_t)x) : json_real(x));
    }
  }
}
