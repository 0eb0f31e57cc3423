/* Table files: per node, the unicast, multicast and reduction tables in the
 * Fig. 4.12 layouts as hex (one entry per line, most significant digit
 * first, as $readmemh reads it) and binary (each entry little-endian in
 * 4, 16 and 3 bytes), plus tables.json describing formats, port codes, the
 * links and where each collective starts; and the reader that loads them
 * back. Every file is written to a temporary name and renamed when whole. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "collective/collective.h"

enum { U_BYTES = 4, M_BYTES = 16, R_BYTES = 3 };

static const char *const table_names[3] = {"unicast", "multicast", "reduction"};

/* Bytes of entry i of table `which` (LE), and its hex line. */
static void entry_bytes(const struct fcsim_coll_node_tables *nt, int which, int64_t i, uint8_t *b, char *hex)
{
  if (which == 1) {
    uint64_t w[2];
    fcsim_coll_mentry_pack(&nt->m[i], w);
    for (int k = 0; k < 16; k++)
      b[k] = (uint8_t)(w[k / 8] >> (8 * (k % 8)));
    snprintf(hex, 40, "%015llx%016llx", (unsigned long long)w[1] & 0x7ffffffffffffffULL, (unsigned long long)w[0]);
    return;
  }
  uint32_t w = which == 0 ? fcsim_coll_uentry_pack(&nt->u[i]) : fcsim_coll_rentry_pack(&nt->r[i]);
  for (int k = 0; k < 4; k++)
    b[k] = (uint8_t)(w >> (8 * k));
  snprintf(hex, 40, which == 0 ? "%08lx" : "%05lx", (unsigned long)w);
}

static int write_done(FILE *f, const char *tmp, const char *path, struct fcsim_error *err)
{
  int bad = ferror(f);
  if (fclose(f) || bad || rename(tmp, path)) {
    remove(tmp);
    return fcsim_error_set(err, FCSIM_EIO, "cannot write %s: %s", path, strerror(errno));
  }
  return 0;
}

static int write_table(const struct fcsim_coll_tables *tab, const char *dir, int64_t v, int which,
                       struct fcsim_error *err)
{
  const struct fcsim_coll_node_tables *nt = &tab->node[v];
  int64_t n = which == 0 ? nt->nu : which == 1 ? nt->nm : nt->nr;
  int width = which == 0 ? U_BYTES : which == 1 ? M_BYTES : R_BYTES;
  char path[2][4096], tmp[2][4200];
  FILE *f[2];
  for (int k = 0; k < 2; k++) {
    snprintf(path[k], sizeof path[k], "%s/node%lld.%s.%s", dir, (long long)v, table_names[which], k ? "bin" : "hex");
    snprintf(tmp[k], sizeof tmp[k], "%s.tmp", path[k]);
    if (!(f[k] = fopen(tmp[k], k ? "wb" : "w"))) {
      if (k)
        fclose(f[0]), remove(tmp[0]);
      return fcsim_error_set(err, FCSIM_EIO, "cannot write %s: %s", path[k], strerror(errno));
    }
  }
  for (int64_t i = 0; i < n; i++) {
    uint8_t b[16];
    char hex[40];
    entry_bytes(nt, which, i, b, hex);
    fprintf(f[0], "%s\n", hex);
    fwrite(b, 1, (size_t)width, f[1]);
  }
  int rc = write_done(f[0], tmp[0], path[0], err);
  int rc2 = write_done(f[1], tmp[1], path[1], err);
  return rc ? rc : rc2;
}

static json_t *formats_json(void)
{
  return json_pack("{s:{s:i,s:s,s:i},s:{s:i,s:s,s:i},s:{s:i,s:s,s:i},s:{s:i}}", "unicast", "bits",
                   FCSIM_COLL_UNICAST_BITS, "fields",
                   "[31:28] type, [27:24] exit port, [23:8] next index, [7:0] priority", "bin_bytes", U_BYTES,
                   "multicast", "bits", FCSIM_COLL_MULTICAST_BITS, "fields",
                   "[122:120] children, slot i at [20i+19:20i] = [19:16] exit port, [15:0] next index; 1st child at "
                   "the LSBs",
                   "bin_bytes", M_BYTES, "reduction", "bits", FCSIM_COLL_REDUCTION_BITS, "fields",
                   "[18:16] expected packets, [15:0] next index", "bin_bytes", R_BYTES, "port_codes", "local",
                   FCSIM_COLL_PORT_LOCAL);
}

/* Where each collective starts: multicast root and index (the destinations
 * follow from the tables); reduction: every contributor and its index. */
static json_t *starts_json(const struct fcsim_coll_tables *tab)
{
  json_t *a = json_array();
  for (int64_t i = 0; i < tab->nstart; i++) {
    const struct fcsim_coll_start *s = &tab->start[i];
    json_t *o = json_pack("{s:I,s:i,s:I}", "root", (json_int_t)s->root, "index", (int)s->index,
                          tab->op == FCSIM_COLL_REDUCTION ? "ncontributors" : "ndestinations", (json_int_t)s->ncontrib);
    if (tab->op == FCSIM_COLL_REDUCTION) {
      json_t *c = json_array(), *x = json_array();
      for (int64_t k = 0; k < s->ncontrib; k++) {
        json_array_append_new(c, json_integer(s->contrib[k]));
        json_array_append_new(x, json_integer(s->cindex[k]));
      }
      json_object_set_new(o, "contributors", c);
      json_object_set_new(o, "indices", x);
    }
    json_array_append_new(a, o);
  }
  return a;
}

static int write_json(const struct fcsim_coll_tables *tab, const struct fcsim_topo *t, const char *dir,
                      const char *description, struct fcsim_error *err)
{
  json_t *nodes = json_array(), *links = json_array(), *dims = json_array(), *ports = json_object();
  for (int d = 0; d < t->ndims; d++)
    json_array_append_new(dims, json_integer(t->dims[d]));
  for (int p = 0; p < t->nports; p++)
    json_object_set_new(ports, fcsim_topo_port_name(p), json_integer(p));
  json_object_set_new(ports, "local", json_integer(FCSIM_COLL_PORT_LOCAL));
  for (int64_t v = 0; v < tab->nodes; v++) {
    const struct fcsim_coll_node_tables *nt = &tab->node[v];
    json_array_append_new(nodes, json_pack("{s:I,s:I,s:I,s:I,s:I,s:I}", "node", (json_int_t)v, "unicast_entries",
                                           (json_int_t)nt->nu, "multicast_entries", (json_int_t)nt->nm,
                                           "reduction_entries", (json_int_t)nt->nr, "multicast_table_bits",
                                           (json_int_t)fcsim_coll_multicast_table_bits(tab, v), "reduction_table_bits",
                                           (json_int_t)fcsim_coll_reduction_table_bits(tab, v)));
    json_t *l = json_array();
    for (int p = 0; p < tab->nports; p++)
      json_array_append_new(l, json_integer(tab->neighbor[v * tab->nports + p]));
    json_array_append_new(links, l);
  }
  json_t *doc =
      json_pack("{s:s,s:s,s:s,s:s,s:o,s:I,s:i,s:o,s:o,s:o,s:o,s:o}", "fcsim", FCSIM_VERSION, "description",
                description ? description : "", "op", tab->op == FCSIM_COLL_REDUCTION ? "reduction" : "multicast",
                "topology", t->kind == FCSIM_TOPO_TORUS ? "torus" : "mesh", "dims", dims, "nodes",
                (json_int_t)tab->nodes, "ports", tab->nports, "port_codes", ports, "formats", formats_json(), "links",
                links, "tables", nodes, "collectives", starts_json(tab));
  char path[4096], tmp[4200];
  snprintf(path, sizeof path, "%s/tables.json", dir);
  snprintf(tmp, sizeof tmp, "%s.tmp", path);
  int rc = 0;
  if (!doc || json_dump_file(doc, tmp, JSON_INDENT(1)) || rename(tmp, path)) {
    remove(tmp);
    rc = fcsim_error_set(err, FCSIM_EIO, "cannot write %s: %s", path, strerror(errno));
  }
  json_decref(doc);
  return rc;
}

int fcsim_coll_tables_write(const struct fcsim_coll_tables *tab, const struct fcsim_topo *t, const char *dir,
                            const char *description, struct fcsim_error *err)
{
  if (mkdir(dir, 0777) && errno != EEXIST)
    return fcsim_error_set(err, FCSIM_EIO, "cannot create directory %s: %s", dir, strerror(errno));
  int rc = 0;
  for (int64_t v = 0; v < tab->nodes && !rc; v++)
    for (int which = 0; which < 3 && !rc; which++)
      rc = write_table(tab, dir, v, which, err);
  return rc ? rc : write_json(tab, t, dir, description, err);
}

/* ------------------------------------------------------------------ reader */

static int read_table(struct fcsim_coll_node_tables *nt, const char *dir, int64_t v, int which, int64_t expect,
                      struct fcsim_error *err)
{
  char path[4096];
  snprintf(path, sizeof path, "%s/node%lld.%s.bin", dir, (long long)v, table_names[which]);
  FILE *f = fopen(path, "rb");
  if (!f)
    return fcsim_error_set(err, FCSIM_EIO, "cannot read %s: %s", path, strerror(errno));
  int width = which == 0 ? U_BYTES : which == 1 ? M_BYTES : R_BYTES, rc = 0;
  size_t size = (size_t)(expect ? expect : 1);
  if (which == 0)
    rc = !(nt->u = calloc(size, sizeof *nt->u));
  else if (which == 1)
    rc = !(nt->m = calloc(size, sizeof *nt->m));
  else
    rc = !(nt->r = calloc(size, sizeof *nt->r));
  for (int64_t i = 0; i < expect && !rc; i++) {
    uint8_t b[16];
    if (fread(b, 1, (size_t)width, f) != (size_t)width) {
      rc = FCSIM_EPARSE;
      break;
    }
    uint64_t w[2] = {0, 0};
    for (int k = 0; k < width; k++)
      w[k / 8] |= (uint64_t)b[k] << (8 * (k % 8));
    if (which == 0)
      fcsim_coll_uentry_unpack((uint32_t)w[0], &nt->u[i]);
    else if (which == 1)
      fcsim_coll_mentry_unpack(w, &nt->m[i]);
    else
      fcsim_coll_rentry_unpack((uint32_t)w[0], &nt->r[i]);
  }
  if (!rc && fgetc(f) != EOF)
    rc = FCSIM_EPARSE;
  fclose(f);
  if (rc == 1)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory reading %s", path);
  if (rc)
    return fcsim_error_set(err, FCSIM_EPARSE, "%s: expected %lld entries of %d bytes (tables.json)", path,
                           (long long)expect, width);
  if (which == 0)
    nt->nu = nt->capu = expect;
  else if (which == 1)
    nt->nm = nt->capm = expect;
  else
    nt->nr = nt->capr = expect;
  return 0;
}

static int read_starts(struct fcsim_coll_tables *tab, json_t *cols, struct fcsim_error *err)
{
  tab->nstart = (int64_t)json_array_size(cols);
  tab->start = calloc((size_t)(tab->nstart ? tab->nstart : 1), sizeof *tab->start);
  if (!tab->start)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory reading tables");
  for (int64_t i = 0; i < tab->nstart; i++) {
    json_t *o = json_array_get(cols, (size_t)i);
    struct fcsim_coll_start *s = &tab->start[i];
    json_t *c = json_object_get(o, "contributors"), *x = json_object_get(o, "indices");
    s->root = json_integer_value(json_object_get(o, "root"));
    s->index = (int32_t)json_integer_value(json_object_get(o, "index"));
    s->ncontrib = (int64_t)json_array_size(c);
    if (json_array_size(x) != (size_t)s->ncontrib)
      return fcsim_error_set(err, FCSIM_EPARSE,
                             "tables.json: collective %lld: contributors and indices differ in length", (long long)i);
    s->contrib = malloc((size_t)(s->ncontrib + 1) * sizeof *s->contrib);
    s->cindex = malloc((size_t)(s->ncontrib + 1) * sizeof *s->cindex);
    if (!s->contrib || !s->cindex)
      return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory reading tables");
    for (int64_t k = 0; k < s->ncontrib; k++) {
      s->contrib[k] = json_integer_value(json_array_get(c, (size_t)k));
      s->cindex[k] = (int32_t)json_integer_value(json_array_get(x, (size_t)k));
    }
  }
  return 0;
}

int fcsim_coll_tables_read(struct fcsim_coll_tables *tab, const char *dir, struct fcsim_error *err)
{
  memset(tab, 0, sizeof *tab);
  char path[4096];
  snprintf(path, sizeof path, "%s/tables.json", dir);
  json_error_t jerr;
  json_t *doc = json_load_file(path, 0, &jerr);
  if (!doc)
    return fcsim_error_set(err, FCSIM_EPARSE, "%s:%d: %s", path, jerr.line, jerr.text);
  json_t *links = json_object_get(doc, "links"), *nodes = json_object_get(doc, "tables");
  tab->nodes = json_integer_value(json_object_get(doc, "nodes"));
  tab->nports = (int)json_integer_value(json_object_get(doc, "ports"));
  const char *op = json_string_value(json_object_get(doc, "op"));
  tab->op = op && !strcmp(op, "reduction") ? FCSIM_COLL_REDUCTION : FCSIM_COLL_MULTICAST;
  int rc = 0;
  if (tab->nodes <= 0 || tab->nports <= 0 || tab->nports > FCSIM_MAX_PORTS ||
      json_array_size(links) != (size_t)tab->nodes || json_array_size(nodes) != (size_t)tab->nodes)
    rc = fcsim_error_set(err, FCSIM_EPARSE, "%s: expected nodes, ports, links and tables for every node", path);
  if (!rc) {
    tab->node = calloc((size_t)tab->nodes, sizeof *tab->node);
    tab->neighbor = malloc((size_t)(tab->nodes * tab->nports) * sizeof *tab->neighbor);
    if (!tab->node || !tab->neighbor)
      rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory reading tables");
  }
  for (int64_t v = 0; v < tab->nodes && !rc; v++) {
    json_t *l = json_array_get(links, (size_t)v), *t = json_array_get(nodes, (size_t)v);
    for (int p = 0; p < tab->nports; p++)
      tab->neighbor[v * tab->nports + p] = (int32_t)json_integer_value(json_array_get(l, (size_t)p));
    static const char *const keys[3] = {"unicast_entries", "multicast_entries", "reduction_entries"};
    for (int which = 0; which < 3 && !rc; which++)
      rc = read_table(&tab->node[v], dir, v, which, json_integer_value(json_object_get(t, keys[which])), err);
  }
  if (!rc)
    rc = read_starts(tab, json_object_get(doc, "collectives"), err);
  json_decref(doc);
  if (rc)
    fcsim_coll_tables_destroy(tab);
  return rc;
}

int fcsim_coll_tables_built_by_rpm(const char *dir)
{
  char path[FCSIM_PATH_MAX + 32];
  snprintf(path, sizeof path, "%s/tables.json", dir);
  json_t *doc = json_load_file(path, 0, NULL);
  const char *d = doc ? json_string_value(json_object_get(doc, "description")) : NULL;
  int rpm = d && !strncmp(d, "rpm", 3);
  json_decref(doc);
  return rpm;
}
