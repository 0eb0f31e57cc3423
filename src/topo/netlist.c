/* SPDX-License-Identifier: BSD-3-Clause */
/* Reading a netlist (netlist.h, docs/NETLIST.md) into a topology: the line
 * tokenizer, the kind/node/link elements with their units, the graph built
 * from them, and the checks (ports in range and used once, known models,
 * positive latencies and bandwidths, clocks above 0 Hz, unique names,
 * endpoints that can reach one another). */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/text.h"
#include "core/units.h"
#include "topo/netlist.h"
#include "config/config.h"

#define NL_MAX_TOKENS         32
#define NL_MAX_DECLARED_KINDS 64
#define NL_MAX_PORTS          64

static const char *const link_model_names[FCSIM_LINK_NMODELS] = {"fixed", "gaussian"};

const char *fcsim_link_model_name(int id)
{
  return id >= 0 && id < FCSIM_LINK_NMODELS ? link_model_names[id] : NULL;
}

/* The link protocols' names in the order link.protocol stores them: its
 * choices in the key registry, which the protocols' table
 * (link/proto/protocols.c, above the routers) is checked against at
 * start-up. topo/ names protocols by these and never reads that table. */
static const char *const *protocol_names(void)
{
  int k = fcsim_key_find("link", "protocol");
  return k >= 0 ? fcsim_keys[k].choices : NULL;
}

const char *fcsim_netlist_protocol_name(int proto)
{
  const char *const *names = protocol_names();
  int n = 0;
  while (names && names[n])
    n++;
  return proto > 0 && proto < n ? names[proto] : NULL; /* row 0, ideal: no adapters */
}

/* The protocol named `name`, or -1; the names "a, b or c" into buf. */
static int protocol_find(const char *name)
{
  const char *const *names = protocol_names();
  for (int i = 0; names && names[i]; i++)
    if (!strcmp(names[i], name))
      return i;
  return -1;
}

static void protocol_list(char *buf, size_t size)
{
  const char *const *names = protocol_names();
  size_t n = 0, count = 0;
  buf[0] = '\0';
  while (names && names[count])
    count++;
  for (size_t i = 0; i < count && n < size; i++)
    n += (size_t)snprintf(buf + n, size - n, "%s%s", i == 0 ? "" : i + 1 == count ? " or " : ", ", names[i]);
}

/* A node line. */
struct nl_node {
  char name[FCSIM_NODE_NAME_MAX]; /* its name */
  int line;                       /* where it was declared */
  int ports;                      /* network ports */
  int kind;                       /* index into the graph's kinds */
  uint8_t endpoint;               /* hosts a traffic endpoint */
  int has_clock;                  /* clock or clock_ppm given */
  double clock_hz;                /* nominal clock */
  double clock_ppm;               /* offset in ppm */
};

/* A link line (one or both directions). */
struct nl_link {
  int line;                    /* where it was written */
  char a[FCSIM_NODE_NAME_MAX]; /* first node's name */
  char b[FCSIM_NODE_NAME_MAX]; /* second node's name */
  int pa, pb;                  /* their ports */
  int both;                    /* 1: both directions, 0: a -> b only */
  uint32_t latency_cycles;     /* latency of each direction */
  int bandwidth_flits;         /* flits per cycle of each direction */
  double sd_cycles;            /* jitter standard deviation */
  int model;                   /* link model index */
  int protocol;                /* row of link/proto/protocols.h, or 255: link.protocol */
};

/* A declared kind: a name for a model and its overrides. */
struct nl_kind {
  char name[FCSIM_NODE_NAME_MAX]; /* its name */
  struct fcsim_kind_spec spec;    /* model and overrides */
};

struct parser {
  const char *file;                                   /* the netlist's name, for messages */
  int line;                                           /* current line */
  const struct fcsim_params *p;                       /* network clock, flit size, defaults */
  struct fcsim_error *err;                            /* where messages go */
  struct nl_node *nodes;                              /* node lines (from malloc) */
  int64_t nnodes, cap_nodes;                          /* used and allocated */
  struct nl_link *links;                              /* link lines (from malloc) */
  int64_t nlinks, cap_links;                          /* used and allocated */
  struct nl_kind kinds[NL_MAX_DECLARED_KINDS];        /* declared kinds */
  int nkinds;                                         /* declared kinds in use */
  struct fcsim_kind_spec used[FCSIM_GRAPH_MAX_KINDS]; /* distinct specs nodes use: the graph's kinds */
  int nused;                                          /* entries of used[] */
  int64_t *by_name;                                   /* node indices sorted by name (from malloc) */
};

__attribute__((format(printf, 3, 4))) static int perr(struct parser *ps, int code, const char *fmt, ...)
{
  char msg[FCSIM_ERROR_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return fcsim_error_set(ps->err, code, "%s:%d: %s", ps->file, ps->line, msg);
}

/* Splits a line into tokens in place: blanks separate, `#` outside quotes
 * ends the line, double quotes group (and are removed). Returns the number
 * of tokens, or -1 for an unterminated quote, -2 for too many tokens. */
static int tokenize(char *s, char **tok)
{
  int n = 0;
  char *w = s;
  while (*s) {
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
      s++;
    if (!*s || *s == '#')
      break;
    if (n == NL_MAX_TOKENS)
      return -2;
    tok[n++] = w;
    int quoted = 0;
    while (*s && (quoted || (*s != ' ' && *s != '\t' && *s != '\r' && *s != '\n' && *s != '#'))) {
      if (*s == '"')
        quoted = !quoted;
      else
        *w++ = *s;
      s++;
    }
    if (quoted)
      return -1;
    int end = *s == '#';
    if (*s && !end)
      s++;
    *w++ = '\0';
    if (end)
      break;
  }
  return n;
}

static int valid_name(const char *s)
{
  if (!*s || strlen(s) >= FCSIM_NODE_NAME_MAX)
    return 0;
  for (; *s; s++)
    if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-' && *s != '.')
      return 0;
  return 1;
}

/* A whole number in [lo, hi]. */
static int parse_int(struct parser *ps, const char *what, const char *v, long lo, long hi, long *out)
{
  char *end;
  errno = 0;
  long x = strtol(v, &end, 10);
  if (end == v || *end || errno || x < lo || x > hi)
    return perr(ps, FCSIM_ERANGE, "%s = `%s`: expected a whole number in %ld..%ld", what, v, lo, hi);
  *out = x;
  return 0;
}

/* latency: cycles of network.clock, or a time rounded up to whole cycles. */
static int parse_latency(struct parser *ps, const char *v, uint32_t *out)
{
  double x, max = 100000;
  enum fcsim_unit_kind kind;
  struct fcsim_error e = {0};
  if (fcsim_parse_quantity(v, FCSIM_UNIT_TIME | FCSIM_UNIT_CYCLES, &x, &kind, &e))
    return perr(ps, FCSIM_EINVAL, "latency = `%s`: expected cycles or a time such as 175ns", v);
  if (x <= 0)
    return perr(ps, FCSIM_ERANGE, "latency = `%s`: expected a positive latency (cycles or a time such as 175ns)", v);
  double cycles = kind == FCSIM_UNIT_TIME ? ceil(x * ps->p->clock_hz - 1e-6) : x;
  if (kind != FCSIM_UNIT_TIME && cycles != floor(cycles))
    return perr(ps, FCSIM_ERANGE, "latency = `%s`: expected whole cycles (or a time with a unit)", v);
  if (cycles < 1 || cycles > max)
    return perr(ps, FCSIM_ERANGE, "latency = `%s` is %.0f cycles at network.clock; expected 1..%.0f", v, cycles, max);
  *out = (uint32_t)cycles;
  return 0;
}

/* bandwidth: flits per cycle, or a rate converted with network.flit_bits
 * and network.clock, rounded down. */
static int parse_bandwidth(struct parser *ps, const char *v, int *out)
{
  double x, max = 16;
  enum fcsim_unit_kind kind;
  struct fcsim_error e = {0};
  if (fcsim_parse_quantity(v, FCSIM_UNIT_RATE, &x, &kind, &e))
    return perr(ps, FCSIM_EINVAL, "bandwidth = `%s`: expected flits per cycle or a rate such as 10Gbps", v);
  double flits = x;
  if (kind == FCSIM_UNIT_RATE)
    flits = floor(x * 8.0 / ((double)ps->p->flit_bits * ps->p->clock_hz) + 1e-9);
  else if (x != floor(x))
    return perr(ps, FCSIM_ERANGE, "bandwidth = `%s`: expected whole flits per cycle (or a rate with a unit)", v);
  if (flits < 1 || flits > max)
    return perr(ps, FCSIM_ERANGE,
                "bandwidth = `%s` is %.0f flits/cycle (%d-bit flits at network.clock); expected 1..%.0f", v, flits,
                ps->p->flit_bits, max);
  *out = (int)flits;
  return 0;
}

/* jitter: a standard deviation in cycles or a time, >= 0. */
static int parse_jitter(struct parser *ps, const char *v, double *out)
{
  double x;
  enum fcsim_unit_kind kind;
  struct fcsim_error e = {0};
  if (fcsim_parse_quantity(v, FCSIM_UNIT_TIME | FCSIM_UNIT_CYCLES, &x, &kind, &e) || x < 0)
    return perr(ps, FCSIM_EINVAL,
                "jitter = `%s`: expected a standard deviation >= 0 (cycles or a time such as 12.34ns)", v);
  *out = kind == FCSIM_UNIT_TIME ? x * ps->p->clock_hz : x;
  return 0;
}

/* Index of the graph kind with this spec, adding it if new. */
static int use_kind(struct parser *ps, const struct fcsim_kind_spec *spec)
{
  for (int i = 0; i < ps->nused; i++)
    if (!strcmp(ps->used[i].model, spec->model) && !strcmp(ps->used[i].set, spec->set))
      return i;
  if (ps->nused == FCSIM_GRAPH_MAX_KINDS)
    return perr(ps, FCSIM_ERANGE, "a ninth distinct node kind (model `%s`); at most %d are supported", spec->model,
                FCSIM_GRAPH_MAX_KINDS);
  ps->used[ps->nused] = *spec;
  return ps->nused++;
}

/* Where the current line is, for a kind's messages when it is resolved
 * (config/kinds.c checks its model and keys). */
static void set_origin(const struct parser *ps, struct fcsim_kind_spec *spec)
{
  snprintf(spec->origin, sizeof spec->origin, "%s:%d", ps->file, ps->line);
}

static int parse_kind(struct parser *ps, char **tok, int n)
{
  if (n < 2 || !valid_name(tok[1]))
    return perr(ps, FCSIM_EPARSE, "expected `kind NAME model=MODEL [set=\"router.key=value ...\"]`");
  for (int i = 0; i < ps->nkinds; i++)
    if (!strcmp(ps->kinds[i].name, tok[1]))
      return perr(ps, FCSIM_EINVAL, "kind `%s` is declared twice", tok[1]);
  if (ps->nkinds == NL_MAX_DECLARED_KINDS)
    return perr(ps, FCSIM_ERANGE, "more than %d kinds", NL_MAX_DECLARED_KINDS);
  struct nl_kind *k = &ps->kinds[ps->nkinds];
  memset(k, 0, sizeof *k);
  snprintf(k->name, sizeof k->name, "%s", tok[1]);
  for (int i = 2; i < n; i++) {
    char *eq = strchr(tok[i], '=');
    if (!eq)
      return perr(ps, FCSIM_EPARSE, "`%s`: expected key=value (model, set)", tok[i]);
    *eq++ = '\0';
    if (!strcmp(tok[i], "model") && strlen(eq) < sizeof k->spec.model)
      snprintf(k->spec.model, sizeof k->spec.model, "%s", eq);
    else if (!strcmp(tok[i], "set") && strlen(eq) < sizeof k->spec.set)
      snprintf(k->spec.set, sizeof k->spec.set, "%s", eq);
    else
      return perr(ps, FCSIM_EPARSE, "kind %s: unknown or too long key `%s` (expected model, set)", k->name, tok[i]);
  }
  if (!k->spec.model[0])
    return perr(ps, FCSIM_EPARSE, "kind %s: expected model=MODEL", k->name);
  set_origin(ps, &k->spec);
  ps->nkinds++;
  return 0;
}

static int node_key(struct parser *ps, struct nl_node *nd, const char *key, const char *v)
{
  long x = 0;
  int rc;
  if (!strcmp(key, "ports")) {
    if ((rc = parse_int(ps, "ports", v, 1, NL_MAX_PORTS, &x)))
      return rc;
    nd->ports = (int)x;
  } else if (!strcmp(key, "kind") || !strcmp(key, "model")) {
    if (nd->kind >= 0)
      return perr(ps, FCSIM_EPARSE, "node %s: give one of kind= and model=", nd->name);
    struct fcsim_kind_spec spec = {{0}, {0}, {0}};
    if (!strcmp(key, "model")) {
      if (strlen(v) >= sizeof spec.model)
        return perr(ps, FCSIM_EINVAL, "node %s: model name `%s` too long", nd->name, v);
      snprintf(spec.model, sizeof spec.model, "%s", v);
      set_origin(ps, &spec);
    } else {
      int i = 0;
      while (i < ps->nkinds && strcmp(ps->kinds[i].name, v))
        i++;
      if (i == ps->nkinds)
        return perr(ps, FCSIM_EINVAL, "node %s: unknown kind `%s` (declare it first with a `kind` line)", nd->name, v);
      spec = ps->kinds[i].spec;
    }
    if ((rc = use_kind(ps, &spec)) < 0)
      return rc;
    nd->kind = rc;
  } else if (!strcmp(key, "endpoint")) {
    int yes = !strcmp(v, "yes") || !strcmp(v, "1") || !strcmp(v, "true");
    if (!yes && strcmp(v, "no") && strcmp(v, "0") && strcmp(v, "false"))
      return perr(ps, FCSIM_EINVAL, "endpoint = `%s`: expected yes or no", v);
    nd->endpoint = (uint8_t)yes;
  } else if (!strcmp(key, "clock")) {
    enum fcsim_unit_kind kind;
    struct fcsim_error e = {0};
    if (fcsim_parse_quantity(v, FCSIM_UNIT_FREQ, &nd->clock_hz, &kind, &e) || kind != FCSIM_UNIT_FREQ)
      return perr(ps, FCSIM_EINVAL, "clock = `%s`: expected a frequency with a unit, e.g. 156.25MHz", v);
    if (!(nd->clock_hz >= FCSIM_CLOCK_MIN_HZ && nd->clock_hz <= FCSIM_CLOCK_MAX_HZ))
      return perr(ps, FCSIM_ERANGE,
                  "clock = `%s`: expected 1MHz..10GHz (the range of every clock: network.clock, router.clock and a "
                  "node's clock)",
                  v);
    nd->has_clock = 1;
  } else if (!strcmp(key, "clock_ppm")) {
    char *end;
    nd->clock_ppm = strtod(v, &end);
    if (end == v || *end || !isfinite(nd->clock_ppm) || fabs(nd->clock_ppm) >= 1e5)
      return perr(ps, FCSIM_EINVAL, "clock_ppm = `%s`: expected an offset in ppm, e.g. +20 or -35.5", v);
    nd->has_clock = 1;
  } else {
    return perr(ps, FCSIM_EPARSE, "node %s: unknown key `%s` (expected ports, kind, model, endpoint, clock, clock_ppm)",
                nd->name, key);
  }
  return 0;
}

static int parse_node(struct parser *ps, char **tok, int n)
{
  if (n < 2 || !valid_name(tok[1]))
    return perr(ps, FCSIM_EPARSE,
                "expected `node NAME ports=N [kind=KIND] [endpoint=yes|no] ...` with NAME of letters, digits, "
                "`_`, `-`, `.` (at most %d characters)",
                FCSIM_NODE_NAME_MAX - 1);
  if (ps->nnodes == ps->cap_nodes) {
    int64_t cap = ps->cap_nodes ? 2 * ps->cap_nodes : 64;
    struct nl_node *m = realloc(ps->nodes, (size_t)cap * sizeof *m);
    if (!m)
      return fcsim_error_set(ps->err, FCSIM_ENOMEM, "out of memory");
    ps->nodes = m;
    ps->cap_nodes = cap;
  }
  struct nl_node *nd = &ps->nodes[ps->nnodes];
  memset(nd, 0, sizeof *nd);
  snprintf(nd->name, sizeof nd->name, "%s", tok[1]);
  nd->line = ps->line;
  nd->kind = -1;
  nd->endpoint = 1;
  nd->clock_hz = ps->p->clock_hz;
  for (int i = 2; i < n; i++) {
    char *eq = strchr(tok[i], '=');
    if (!eq)
      return perr(ps, FCSIM_EPARSE, "node %s: `%s`: expected key=value", nd->name, tok[i]);
    *eq = '\0';
    int rc = node_key(ps, nd, tok[i], eq + 1);
    if (rc)
      return rc;
  }
  if (!nd->ports)
    return perr(ps, FCSIM_EPARSE, "node %s: expected ports=N (its number of network ports)", nd->name);
  if (nd->kind < 0) { /* the configuration's router.model */
    struct fcsim_kind_spec spec = {{0}, {0}, {0}};
    snprintf(spec.model, sizeof spec.model, "%s", ps->p->router_model);
    int k = use_kind(ps, &spec);
    if (k < 0)
      return k;
    nd->kind = k;
  }
  ps->nnodes++;
  return 0;
}

/* "NAME:PORT" */
static int parse_end(struct parser *ps, const char *s, char *name, int *port)
{
  const char *colon = strrchr(s, ':');
  long x = 0;
  if (!colon || (size_t)(colon - s) >= FCSIM_NODE_NAME_MAX || colon == s)
    return perr(ps, FCSIM_EPARSE, "`%s`: expected NODE:PORT", s);
  snprintf(name, FCSIM_NODE_NAME_MAX, "%.*s", (int)(colon - s), s);
  int rc = parse_int(ps, "port", colon + 1, 0, NL_MAX_PORTS - 1, &x);
  if (rc)
    return rc;
  *port = (int)x;
  return 0;
}

static int link_key(struct parser *ps, struct nl_link *l, const char *key, const char *v, int *model_given)
{
  if (!strcmp(key, "latency"))
    return parse_latency(ps, v, &l->latency_cycles);
  if (!strcmp(key, "bandwidth"))
    return parse_bandwidth(ps, v, &l->bandwidth_flits);
  if (!strcmp(key, "jitter"))
    return parse_jitter(ps, v, &l->sd_cycles);
  if (!strcmp(key, "model")) {
    for (int m = 0; m < FCSIM_LINK_NMODELS; m++)
      if (!strcmp(v, link_model_names[m])) {
        l->model = m;
        *model_given = 1;
        return 0;
      }
    return perr(ps, FCSIM_EINVAL, "unknown link model `%s` (expected fixed or gaussian)", v);
  }
  if (!strcmp(key, "protocol")) {
    int proto = protocol_find(v);
    if (proto >= 0) {
      l->protocol = proto;
      return 0;
    }
    char names[128];
    protocol_list(names, sizeof names);
    return perr(ps, FCSIM_EINVAL, "unknown link protocol `%s` (expected %s)", v, names);
  }
  return perr(ps, FCSIM_EPARSE, "link: unknown key `%s` (expected latency, bandwidth, jitter, model, protocol)", key);
}

static int parse_link(struct parser *ps, char **tok, int n)
{
  static const char usage[] = "expected `link A:P B:Q [latency=L] [bandwidth=B] [jitter=SD] [model=M] [protocol=P]` "
                              "(or `A:P -> B:Q` for one direction)";
  if (n < 3)
    return perr(ps, FCSIM_EPARSE, "%s", usage);
  if (ps->nlinks == ps->cap_links) {
    int64_t cap = ps->cap_links ? 2 * ps->cap_links : 64;
    struct nl_link *m = realloc(ps->links, (size_t)cap * sizeof *m);
    if (!m)
      return fcsim_error_set(ps->err, FCSIM_ENOMEM, "out of memory");
    ps->links = m;
    ps->cap_links = cap;
  }
  struct nl_link *l = &ps->links[ps->nlinks];
  memset(l, 0, sizeof *l);
  l->line = ps->line;
  l->both = strcmp(tok[2], "->") != 0;
  int second = l->both ? 2 : 3, rc, model_given = 0;
  if (second >= n)
    return perr(ps, FCSIM_EPARSE, "%s", usage);
  if ((rc = parse_end(ps, tok[1], l->a, &l->pa)) || (rc = parse_end(ps, tok[second], l->b, &l->pb)))
    return rc;
  l->latency_cycles = (uint32_t)ps->p->link_latency_cycles;
  l->bandwidth_flits = ps->p->link_bandwidth_flits;
  l->sd_cycles = ps->p->link_jitter_cycles;
  l->protocol = 255;
  for (int i = second + 1; i < n; i++) {
    char *eq = strchr(tok[i], '=');
    if (!eq)
      return perr(ps, FCSIM_EPARSE, "`%s`: %s", tok[i], usage);
    *eq = '\0';
    if ((rc = link_key(ps, l, tok[i], eq + 1, &model_given)))
      return rc;
  }
  if (!model_given)
    l->model = l->sd_cycles > 0 ? FCSIM_LINK_GAUSSIAN : FCSIM_LINK_FIXED;
  if (l->model == FCSIM_LINK_FIXED && l->sd_cycles > 0)
    return perr(ps, FCSIM_ECOMBINATION, "link model fixed with jitter %g cycles: use model=gaussian or jitter=0",
                l->sd_cycles);
  if (l->model == FCSIM_LINK_GAUSSIAN && l->sd_cycles <= 0)
    return perr(ps, FCSIM_ECOMBINATION, "link model gaussian needs jitter=SD > 0 (or network.link_jitter)");
  ps->nlinks++;
  return 0;
}

static int parse_line(struct parser *ps, char *text)
{
  char *tok[NL_MAX_TOKENS];
  int n = tokenize(text, tok);
  if (n == -1)
    return perr(ps, FCSIM_EPARSE, "unterminated quote");
  if (n == -2)
    return perr(ps, FCSIM_EPARSE, "more than %d words on one line", NL_MAX_TOKENS);
  if (n == 0)
    return 0;
  if (!strcmp(tok[0], "kind"))
    return parse_kind(ps, tok, n);
  if (!strcmp(tok[0], "node"))
    return parse_node(ps, tok, n);
  if (!strcmp(tok[0], "link"))
    return parse_link(ps, tok, n);
  return perr(ps, FCSIM_EPARSE, "unknown element `%s` (expected kind, node or link)", tok[0]);
}

static const struct nl_node *sort_nodes;
static int by_name_cmp(const void *x, const void *y)
{
  return strcmp(sort_nodes[*(const int64_t *)x].name, sort_nodes[*(const int64_t *)y].name);
}

/* Sorts the nodes by name and refuses a name used twice. */
static int index_names(struct parser *ps)
{
  ps->by_name = malloc((size_t)(ps->nnodes ? ps->nnodes : 1) * sizeof *ps->by_name);
  if (!ps->by_name)
    return fcsim_error_set(ps->err, FCSIM_ENOMEM, "out of memory");
  for (int64_t i = 0; i < ps->nnodes; i++)
    ps->by_name[i] = i;
  sort_nodes = ps->nodes;
  qsort(ps->by_name, (size_t)ps->nnodes, sizeof *ps->by_name, by_name_cmp);
  for (int64_t i = 1; i < ps->nnodes; i++) {
    const struct nl_node *a = &ps->nodes[ps->by_name[i - 1]], *b = &ps->nodes[ps->by_name[i]];
    if (!strcmp(a->name, b->name)) {
      ps->line = a->line > b->line ? a->line : b->line;
      return perr(ps, FCSIM_EINVAL, "node name `%s` is used twice (also on line %d)", a->name,
                  a->line < b->line ? a->line : b->line);
    }
  }
  return 0;
}

static int64_t find_node(const struct parser *ps, const char *name)
{
  int64_t lo = 0, hi = ps->nnodes - 1;
  while (lo <= hi) {
    int64_t mid = (lo + hi) / 2;
    int c = strcmp(ps->nodes[ps->by_name[mid]].name, name);
    if (!c)
      return ps->by_name[mid];
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  return -1;
}

/* One direction of a link line into the graph, with its checks;
 * out_line/in_line record which line used each slot. */
static int connect_dir(struct parser *ps, struct fcsim_graph *g, const struct nl_link *l, int64_t s, int sp, int64_t d,
                       int dp, int *out_line, int *in_line)
{
  const struct nl_node *sn = &ps->nodes[s], *dn = &ps->nodes[d];
  if (sp >= sn->ports)
    return perr(ps, FCSIM_EINVAL, "%s:%d: node %s has ports 0..%d (declared on line %d)", sn->name, sp, sn->name,
                sn->ports - 1, sn->line);
  if (dp >= dn->ports)
    return perr(ps, FCSIM_EINVAL, "%s:%d: node %s has ports 0..%d (declared on line %d)", dn->name, dp, dn->name,
                dn->ports - 1, dn->line);
  uint32_t os = g->port_base[s] + (uint32_t)sp, is = g->port_base[d] + (uint32_t)dp;
  if (out_line[os])
    return perr(ps, FCSIM_EINVAL, "port %s:%d is used twice: its outgoing direction is already linked on line %d",
                sn->name, sp, out_line[os]);
  if (in_line[is])
    return perr(ps, FCSIM_EINVAL, "port %s:%d is used twice: its incoming direction is already linked on line %d",
                dn->name, dp, in_line[is]);
  int rc = fcsim_graph_connect(g, (uint32_t)s, sp, (uint32_t)d, dp, l->latency_cycles, l->bandwidth_flits, ps->err);
  if (rc)
    return rc;
  g->chan[os].latency_sd_cycles = l->sd_cycles;
  g->chan[os].link_model = (uint8_t)l->model;
  if (l->protocol != 255 && !g->link_protocol) {
    if (!(g->link_protocol = malloc((size_t)g->nslots)))
      return fcsim_error_set(ps->err, FCSIM_ENOMEM, "out of memory");
    memset(g->link_protocol, 255, (size_t)g->nslots);
  }
  if (g->link_protocol)
    g->link_protocol[os] = (uint8_t)l->protocol;
  out_line[os] = in_line[is] = l->line;
  return 0;
}

static int connect_links(struct parser *ps, struct fcsim_graph *g)
{
  int *out_line = calloc((size_t)(g->nslots ? g->nslots : 1), sizeof *out_line);
  int *in_line = calloc((size_t)(g->nslots ? g->nslots : 1), sizeof *in_line);
  int rc = 0;
  if (!out_line || !in_line)
    rc = fcsim_error_set(ps->err, FCSIM_ENOMEM, "out of memory");
  for (int64_t i = 0; !rc && i < ps->nlinks; i++) {
    const struct nl_link *l = &ps->links[i];
    ps->line = l->line;
    int64_t a = find_node(ps, l->a), b = find_node(ps, l->b);
    if (a < 0 || b < 0) {
      rc = perr(ps, FCSIM_EINVAL, "link to a missing node `%s` (no `node %s` line)", a < 0 ? l->a : l->b,
                a < 0 ? l->a : l->b);
      break;
    }
    if (a == b && l->pa == l->pb && l->both) {
      rc = perr(ps, FCSIM_EINVAL, "link %s:%d back to itself in both directions uses the port twice", l->a, l->pa);
      break;
    }
    rc = connect_dir(ps, g, l, a, l->pa, b, l->pb, out_line, in_line);
    if (!rc && l->both)
      rc = connect_dir(ps, g, l, b, l->pb, a, l->pa, out_line, in_line);
  }
  free(out_line);
  free(in_line);
  return rc;
}

/* Every endpoint reaches every other: all endpoints lie in the part the
 * first one reaches, and in the part that reaches it. */
static int check_connected(struct parser *ps, const struct fcsim_topo *t)
{
  const struct fcsim_graph *g = &t->graph;
  int64_t first = 0, n = g->nodes;
  while (first < n && !g->endpoint[first])
    first++;
  if (first == n)
    return 0;
  int32_t *reached = malloc((size_t)n * sizeof *reached), *reaches = malloc((size_t)n * sizeof *reaches);
  int64_t *queue = malloc((size_t)n * sizeof *queue);
  if (!reached || !reaches || !queue) {
    free(reached);
    free(reaches);
    free(queue);
    return fcsim_error_set(ps->err, FCSIM_ENOMEM, "out of memory");
  }
  fcsim_graph_bfs_into(g, first, 0, reached, queue);
  fcsim_graph_bfs_into(g, first, 1, reaches, queue);
  int rc = 0;
  for (int64_t e = first + 1; e < n && !rc; e++) {
    if (!g->endpoint[e])
      continue;
    int to = reached[e] < 0, from = reaches[e] < 0;
    if (to || from) {
      ps->line = ps->nodes[e].line;
      rc = perr(ps, FCSIM_ECOMBINATION,
                "the network is disconnected: no path from endpoint %s to endpoint %s; traffic between the parts "
                "cannot arrive (link them, or mark one part endpoint=no)",
                to ? g->name[first] : g->name[e], to ? g->name[e] : g->name[first]);
    }
  }
  free(reached);
  free(reaches);
  free(queue);
  return rc;
}

/* The graph from the parsed elements. */
static int build(struct parser *ps, struct fcsim_topo *t)
{
  struct fcsim_graph *g = &t->graph;
  int rc;
  if (!ps->nnodes)
    return perr(ps, FCSIM_EINVAL, "no nodes (expected `node NAME ports=N` lines)");
  if (ps->nnodes > FCSIM_GRAPH_MAX_APSP)
    return perr(ps, FCSIM_ERANGE, "%lld nodes; a netlist may have at most %d", (long long)ps->nnodes,
                FCSIM_GRAPH_MAX_APSP);
  if ((rc = index_names(ps)))
    return rc;
  int *radix = malloc((size_t)ps->nnodes * sizeof *radix);
  if (!radix)
    return fcsim_error_set(ps->err, FCSIM_ENOMEM, "out of memory");
  for (int64_t i = 0; i < ps->nnodes; i++)
    radix[i] = ps->nodes[i].ports;
  rc = fcsim_graph_init(g, ps->nnodes, radix, ps->err);
  free(radix);
  if (rc)
    return rc;
  int clocks = 0;
  g->name = calloc((size_t)ps->nnodes, sizeof *g->name);
  if (!g->name)
    return fcsim_error_set(ps->err, FCSIM_ENOMEM, "out of memory");
  for (int64_t i = 0; i < ps->nnodes; i++) {
    memcpy(g->name[i], ps->nodes[i].name, FCSIM_NODE_NAME_MAX);
    g->kind[i] = (uint8_t)ps->nodes[i].kind;
    g->endpoint[i] = ps->nodes[i].endpoint;
    clocks |= ps->nodes[i].has_clock;
  }
  g->nkinds = ps->nused;
  memcpy(g->kinds, ps->used, sizeof ps->used);
  if (clocks) {
    g->clock_hz = malloc((size_t)ps->nnodes * sizeof *g->clock_hz);
    g->clock_ppm = malloc((size_t)ps->nnodes * sizeof *g->clock_ppm);
    if (!g->clock_hz || !g->clock_ppm)
      return fcsim_error_set(ps->err, FCSIM_ENOMEM, "out of memory");
    for (int64_t i = 0; i < ps->nnodes; i++) {
      g->clock_hz[i] = ps->nodes[i].clock_hz;
      g->clock_ppm[i] = ps->nodes[i].clock_ppm;
    }
  }
  if ((rc = connect_links(ps, g)))
    return rc;
  fcsim_graph_finish(g);
  t->nodes = g->nodes;
  t->nports = g->max_radix;
  return check_connected(ps, t); /* t->dist: only for a run that needs it (fcsim_topo_distances) */
}

int fcsim_netlist_load(struct fcsim_topo *t, const struct fcsim_params *p, struct fcsim_error *err)
{
  memset(t, 0, sizeof *t);
  t->kind = FCSIM_TOPO_FILE;
  FILE *f = fcsim_text_open(p->netlist, FCSIM_INPUT_LIMIT(p->max_input_bytes), "a netlist (network.file)", err);
  if (!f)
    return FCSIM_EIO;
  struct parser ps = {.file = p->netlist, .p = p, .err = err};
  char *text = NULL;
  size_t cap = 0;
  int rc = 0;
  while (!rc && getline(&text, &cap, f) >= 0) {
    ps.line++;
    rc = parse_line(&ps, text);
  }
  free(text);
  fclose(f);
  if (!rc)
    rc = build(&ps, t);
  free(ps.nodes);
  free(ps.links);
  free(ps.by_name);
  return rc; /* on failure fcsim_topo_init frees what was built */
}
