/* SPDX-License-Identifier: BSD-3-Clause */
/* The INI reader (ini.h): the grammar's scanner, and the run
 * configuration's use of it (no line-length limit): unknown sections and
 * keys refused with a did-you-mean hint, duplicates refused with both line
 * numbers, empty files and directories refused. The grammar is stated for
 * users in docs/CONFIG.md (fcsim_config_write_help). */
#define _POSIX_C_SOURCE 200809L
#include "config/ini.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config/config.h"
#include "core/text.h"

#define INI_MAX_FILE_BYTES (16u << 20)
#define INI_MAX_SECTIONS   64

/* State of one configuration file being read. */
struct ini_state {
  struct fcsim_config *cfg;                            /* where keys go */
  const char *name;                                    /* file name for messages */
  int *key_line;                                       /* per registry key: line it was set on, 0 = not in this file */
  char sections[INI_MAX_SECTIONS][FCSIM_INI_NAME_MAX]; /* sections seen, in order */
  int section_line[INI_MAX_SECTIONS];                  /* ... and their lines */
  int nsections;                                       /* number of sections seen */
  int nkeys;                                           /* keys read */
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

static int syntax(const char *name, int line, const char *what, struct fcsim_error *err)
{
  return fcsim_error_set(err, FCSIM_EPARSE, "%s:%d: syntax error: %s", name, line, what);
}

/* `[name]`: the header's grammar; the name goes to the handler. */
static int scan_section(const char *file, int line, const char *s, const char *e, const struct fcsim_ini_handler *h,
                        void *user, char *section, struct fcsim_error *err)
{
  const char *close = memchr(s, ']', (size_t)(e - s));
  if (!close)
    return syntax(file, line, "`[` without `]` (expected `[section]`)", err);
  const char *rest = close + 1, *rest_end = e;
  fcsim_text_trim_span(&rest, &rest_end, BLANKS);
  if (rest < rest_end && *rest != ';' && *rest != '#')
    return syntax(file, line, "text after `[section]` (only a `;` or `#` comment may follow)", err);
  const char *n = s + 1, *ne = close;
  fcsim_text_trim_span(&n, &ne, BLANKS);
  if (n == ne || (size_t)(ne - n) >= FCSIM_INI_NAME_MAX)
    return syntax(file, line, n == ne ? "empty section name" : "section name too long", err);
  memcpy(section, n, (size_t)(ne - n));
  section[ne - n] = '\0';
  return h->section(user, line, section, err);
}

/* `key = value`: the line's grammar; key and value go to the handler. */
static int scan_key(const char *file, int line, const char *s, const char *e, const struct fcsim_ini_handler *h,
                    void *user, const char *section, struct fcsim_error *err)
{
  const char *eq = memchr(s, '=', (size_t)(e - s));
  if (!eq)
    return syntax(file, line, "expected `[section]`, `key = value` or a `;`/`#` comment", err);
  const char *k = s, *ke = eq, *v = eq + 1, *ve = e;
  fcsim_text_trim_span(&k, &ke, BLANKS);
  ve = comment_start(v, ve);
  fcsim_text_trim_span(&v, &ve, BLANKS);
  if (k == ke)
    return syntax(file, line, "`= value` without a key", err);
  char key[FCSIM_INI_KEY_MAX];
  if ((size_t)(ke - k) >= sizeof key)
    return syntax(file, line, "key name too long", err);
  memcpy(key, k, (size_t)(ke - k));
  key[ke - k] = '\0';
  char *value = malloc((size_t)(ve - v) + 1);
  if (!value)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  memcpy(value, v, (size_t)(ve - v));
  value[ve - v] = '\0';
  int rc = h->key(user, line, section, key, value, err);
  free(value);
  return rc;
}

int fcsim_ini_scan(const char *name, const char *text, size_t len, const struct fcsim_ini_handler *h, void *user,
                   struct fcsim_error *err)
{
  const char *p = text, *end = text + len;
  char section[FCSIM_INI_NAME_MAX] = "";
  int in_section = 0;
  /* a UTF-8 byte-order mark is not part of the first line */
  if (len >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
    p += 3;
  int rc = 0;
  for (int line = 1; p < end && !rc; line++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *e = nl ? nl : end, *s = p;
    p = nl ? nl + 1 : end;
    if (memchr(s, '\0', (size_t)(e - s)))
      return syntax(name, line, "a NUL byte (is this a text file?)", err);
    fcsim_text_trim_span(&s, &e, BLANKS);
    if (s == e || *s == ';' || *s == '#')
      continue;
    if (*s == '[') {
      rc = scan_section(name, line, s, e, h, user, section, err);
      in_section = 1;
    } else {
      rc = scan_key(name, line, s, e, h, user, in_section ? section : NULL, err);
    }
  }
  return rc;
}

/* ---- the run configuration ---- */

static int config_section(void *user, int line, const char *name, struct fcsim_error *err)
{
  struct ini_state *st = user;
  for (int i = 0; i < st->nsections; i++)
    if (!strcmp(st->sections[i], name))
      return fcsim_error_set(err, FCSIM_EPARSE,
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
    return fcsim_error_set(err, FCSIM_EUNKNOWN_KEY, "%s: unknown section [%s]; did you mean [%s]?", origin, name,
                           hint);
  if (!known)
    return fcsim_config_unknown_key(origin, name, "", err);
  if (st->nsections == INI_MAX_SECTIONS)
    return syntax(st->name, line, "too many sections", err);
  strcpy(st->sections[st->nsections], name);
  st->section_line[st->nsections] = line;
  st->nsections++;
  return 0;
}

static int config_key(void *user, int line, const char *section, const char *key, const char *value,
                      struct fcsim_error *err)
{
  struct ini_state *st = user;
  if (!section)
    return fcsim_error_set(err, FCSIM_EPARSE, "%s:%d: key `%s` before any [section]", st->name, line, key);
  char origin[600];
  snprintf(origin, sizeof origin, "%s:%d", st->name, line);
  int i = fcsim_key_find(section, key);
  if (i < 0)
    return fcsim_config_unknown_key(origin, section, key, err);
  if (st->key_line[i])
    return fcsim_error_set(err, FCSIM_EPARSE, "%s:%d: %s.%s given twice (lines %d and %d); keep one", st->name,
                           line, section, key, st->key_line[i], line);
  int rc = fcsim_config_set_index(st->cfg, i, value, origin, err);
  st->key_line[i] = line;
  st->nkeys++;
  return rc;
}

int fcsim_config_load_text(struct fcsim_config *cfg, const char *name, const char *text, size_t len,
                           struct fcsim_error *err)
{
  struct ini_state st = {.cfg = cfg, .name = name};
  if (!(st.key_line = calloc(fcsim_nkeys, sizeof *st.key_line)))
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  static const struct fcsim_ini_handler handler = {config_section, config_key};
  int rc = fcsim_ini_scan(name, text, len, &handler, &st, err);
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
