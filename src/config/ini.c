/* SPDX-License-Identifier: BSD-3-Clause */
/* The INI reader of configuration files (no line-length limit): sections,
 * `key = value` lines, whole-line and inline comments, duplicates refused
 * with both line numbers, empty files and directories refused. The grammar
 * is stated for users in docs/CONFIG.md (fcsim_config_write_help). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config/config.h"
#include "core/text.h"

#define INI_MAX_FILE_BYTES (16u << 20)
#define INI_MAX_SECTIONS   64

/* State of one file being read. */
struct ini_state {
  struct fcsim_config *cfg;            /* where keys go */
  const char *name;                    /* file name for messages */
  int *key_line;                       /* per registry key: line it was set on, 0 = not in this file */
  char sections[INI_MAX_SECTIONS][64]; /* sections seen, in order */
  int section_line[INI_MAX_SECTIONS];  /* ... and their lines */
  int nsections;                       /* number of sections seen */
  int cur;                             /* index of the current section, -1 before the first */
  int nkeys;                           /* keys read */
  struct fcsim_error *err;             /* where a refusal is described */
};

static int is_blank(char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

#define BLANKS " \t\r\f\v" /* is_blank's characters, trimmed from names and values */

/* End of the value: the first `;` or `#` at the start or after a blank. */
static const char *comment_start(const char *s, const char *e)
{
  for (const char *p = s; p < e; p++)
    if ((*p == ';' || *p == '#') && (p == s || is_blank(p[-1])))
      return p;
  return e;
}

static int syntax(struct ini_state *st, int line, const char *what)
{
  return fcsim_error_set(st->err, FCSIM_EPARSE, "%s:%d: syntax error: %s", st->name, line, what);
}

static int read_section(struct ini_state *st, int line, const char *s, const char *e)
{
  const char *close = memchr(s, ']', (size_t)(e - s));
  if (!close)
    return syntax(st, line, "`[` without `]` (expected `[section]`)");
  const char *rest = close + 1, *rest_end = e;
  fcsim_text_trim_span(&rest, &rest_end, BLANKS);
  if (rest < rest_end && *rest != ';' && *rest != '#')
    return syntax(st, line, "text after `[section]` (only a `;` or `#` comment may follow)");
  const char *n = s + 1, *ne = close;
  fcsim_text_trim_span(&n, &ne, BLANKS);
  if (n == ne || (size_t)(ne - n) >= sizeof st->sections[0])
    return syntax(st, line, n == ne ? "empty section name" : "section name too long");
  char name[64];
  memcpy(name, n, (size_t)(ne - n));
  name[ne - n] = '\0';
  for (int i = 0; i < st->nsections; i++)
    if (!strcmp(st->sections[i], name))
      return fcsim_error_set(st->err, FCSIM_EPARSE,
                             "%s:%d: section [%s] given twice (lines %d and %d); put its keys under one header",
                             st->name, line, name, st->section_line[i], line);
  char origin[600];
  snprintf(origin, sizeof origin, "%s:%d", st->name, line);
  int known = 0;
  size_t best = 99;
  const char *hint = NULL;
  for (size_t i = 0; i < fcsim_nkeys && !known; i++)
    known = !strcmp(fcsim_keys[i].section, name);
  for (size_t i = 0; i < fcsim_nkeys && !known; i++) { /* the closest section, for the message */
    size_t d = fcsim_edit_distance(name, fcsim_keys[i].section, 1);
    if (d < best) {
      best = d;
      hint = fcsim_keys[i].section;
    }
  }
  if (!known && best <= 1 + strlen(name) / 3)
    return fcsim_error_set(st->err, FCSIM_EUNKNOWN_KEY, "%s: unknown section [%s]; did you mean [%s]?", origin, name,
                           hint);
  if (!known)
    return fcsim_config_unknown_key(origin, name, "", st->err);
  if (st->nsections == INI_MAX_SECTIONS)
    return syntax(st, line, "too many sections");
  strcpy(st->sections[st->nsections], name);
  st->section_line[st->nsections] = line;
  st->cur = st->nsections++;
  return 0;
}

static int read_key(struct ini_state *st, int line, const char *s, const char *e)
{
  const char *eq = memchr(s, '=', (size_t)(e - s));
  if (!eq)
    return syntax(st, line, "expected `[section]`, `key = value` or a `;`/`#` comment");
  const char *k = s, *ke = eq, *v = eq + 1, *ve = e;
  fcsim_text_trim_span(&k, &ke, BLANKS);
  ve = comment_start(v, ve);
  fcsim_text_trim_span(&v, &ve, BLANKS);
  if (k == ke)
    return syntax(st, line, "`= value` without a key");
  if (st->cur < 0)
    return fcsim_error_set(st->err, FCSIM_EPARSE, "%s:%d: key `%.*s` before any [section]", st->name, line,
                           (int)(ke - k), k);
  char key[128], origin[600];
  if ((size_t)(ke - k) >= sizeof key)
    return syntax(st, line, "key name too long");
  memcpy(key, k, (size_t)(ke - k));
  key[ke - k] = '\0';
  snprintf(origin, sizeof origin, "%s:%d", st->name, line);
  const char *section = st->sections[st->cur];
  int i = fcsim_key_find(section, key);
  if (i < 0)
    return fcsim_config_unknown_key(origin, section, key, st->err);
  if (st->key_line[i])
    return fcsim_error_set(st->err, FCSIM_EPARSE, "%s:%d: %s.%s given twice (lines %d and %d); keep one", st->name,
                           line, section, key, st->key_line[i], line);
  char *value = malloc((size_t)(ve - v) + 1);
  if (!value)
    return fcsim_error_set(st->err, FCSIM_ENOMEM, "out of memory");
  memcpy(value, v, (size_t)(ve - v));
  value[ve - v] = '\0';
  int rc = fcsim_config_set_index(st->cfg, i, value, origin, st->err);
  free(value);
  st->key_line[i] = line;
  st->nkeys++;
  return rc;
}

int fcsim_config_load_text(struct fcsim_config *cfg, const char *name, const char *text, size_t len,
                           struct fcsim_error *err)
{
  struct ini_state st = {.cfg = cfg, .name = name, .cur = -1, .err = err};
  if (!(st.key_line = calloc(fcsim_nkeys, sizeof *st.key_line)))
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  const char *p = text, *end = text + len;
  /* a UTF-8 byte-order mark is not part of the first line */
  if (len >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
    p += 3;
  int rc = 0;
  for (int line = 1; p < end && !rc; line++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *e = nl ? nl : end, *s = p;
    p = nl ? nl + 1 : end;
    if (memchr(s, '\0', (size_t)(e - s))) {
      rc = syntax(&st, line, "a NUL byte (is this a text file?)");
      break;
    }
    fcsim_text_trim_span(&s, &e, BLANKS);
    if (s == e || *s == ';' || *s == '#')
      continue;
    rc = *s == '[' ? read_section(&st, line, s, e) : read_key(&st, line, s, e);
  }
  if (!rc && st.nkeys == 0 && st.nsections == 0)
    rc = fcsim_error_set(err, FCSIM_EPARSE,
                         "%s: empty configuration (no [section] and no key); leave CONFIG out to run the built-in "
                         "default",
                         name);
  free(st.key_line);
  return rc;
}

int fcsim_config_load_file(struct fcsim_config *cfg, const char *path, struct fcsim_error *err)
{
  char *buf;
  size_t len;
  int rc = fcsim_text_read_all(path, INI_MAX_FILE_BYTES, "an INI configuration", 1, &buf, &len, err);
  if (rc)
    return rc;
  rc = fcsim_config_load_text(cfg, path, buf, len, err);
  free(buf);
  return rc;
}
