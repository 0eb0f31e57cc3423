/* SPDX-License-Identifier: BSD-3-Clause */
/* Configuration text: defaults, overrides (INI files: ini.c), per-key
 * checks against the registry, did-you-mean suggestions and help output. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "core/messages.h"
#include "core/text.h"
#include "core/units.h"

struct fcsim_config *fcsim_config_create(void)
{
  return calloc(1, sizeof(struct fcsim_config));
}

void fcsim_config_destroy(struct fcsim_config *cfg)
{
  if (!cfg)
    return;
  for (size_t i = 0; i < fcsim_nkeys; i++) {
    free(cfg->text[i]);
    free(cfg->origin[i]);
  }
  fcsim_message_set_unref(cfg->messages);
  free(cfg);
}

struct fcsim_config *fcsim_config_clone(const struct fcsim_config *cfg)
{
  struct fcsim_config *c = fcsim_config_create();
  if (!c)
    return NULL;
  for (size_t i = 0; i < fcsim_nkeys; i++) {
    if (cfg->text[i] && !(c->text[i] = strdup(cfg->text[i])))
      goto fail;
    if (cfg->origin[i] && !(c->origin[i] = strdup(cfg->origin[i])))
      goto fail;
  }
  c->messages = fcsim_message_set_ref(cfg->messages);
  return c;
fail:
  fcsim_config_destroy(c);
  return NULL;
}

int fcsim_config_set_messages(struct fcsim_config *cfg, const struct fcsim_message_list *l, struct fcsim_error *err)
{
  struct fcsim_message_set *s = fcsim_message_set_copy(l);
  if (!s)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for %lld messages", (long long)l->n);
  fcsim_message_set_unref(cfg->messages);
  cfg->messages = s;
  return 0;
}

const char *fcsim_config_get(const struct fcsim_config *cfg, const char *key)
{
  const char *dot = strchr(key, '.');
  if (!dot)
    return NULL;
  char section[64];
  size_t n = (size_t)(dot - key);
  if (n >= sizeof section)
    return NULL;
  memcpy(section, key, n);
  section[n] = '\0';
  int i = fcsim_key_find(section, dot + 1);
  if (i < 0)
    return NULL;
  return cfg->text[i] ? cfg->text[i] : fcsim_keys[i].default_text;
}

const char *fcsim_key_suggest(const char *section, const char *name, char *buf, size_t size)
{
  char want[160], cand[160];
  snprintf(want, sizeof want, "%s.%s", section, name);
  /* only a distance of at most 1 + len / 3 is suggested: stop each comparison
   * as soon as it cannot beat that or the best so far */
  size_t best = 2 + strlen(want) / 3;
  const struct fcsim_key *bk = NULL;
  for (size_t i = 0; i < fcsim_nkeys; i++) {
    snprintf(cand, sizeof cand, "%s.%s", fcsim_keys[i].section, fcsim_keys[i].name);
    int same_name = !strcmp(fcsim_keys[i].name, name);
    size_t d = fcsim_edit_distance_max(want, cand, 1, same_name ? 1 : best - 1);
    /* a right key in the wrong section is a good guess too */
    if (same_name && d > 1)
      d = 1;
    if (d < best) {
      best = d;
      bk = &fcsim_keys[i];
    }
  }
  if (!bk)
    return NULL;
  snprintf(buf, size, "%s.%s", bk->section, bk->name);
  return buf;
}

static int section_known(const char *section)
{
  for (size_t i = 0; i < fcsim_nkeys; i++)
    if (!strcmp(fcsim_keys[i].section, section))
      return 1;
  return 0;
}

static const char *choice_names(const struct fcsim_key *k, char *buf, size_t size)
{
  if (k->choice_list)
    return k->choice_list();
  buf[0] = '\0';
  for (const char *const *c = k->choices; *c; c++) {
    if (buf[0])
      strncat(buf, ", ", size - strlen(buf) - 1);
    strncat(buf, *c, size - strlen(buf) - 1);
  }
  return buf;
}

static int parse_int_text(const char *text, double *out)
{
  const char *end;
  double v;
  if (fcsim_parse_number(text, &v, &end))
    return -1;
  while (*end && isspace((unsigned char)*end))
    end++;
  if (*end || v != floor(v))
    return -1;
  *out = v;
  return 0;
}

/* The most routers a network may have (resolve.c refuses more as well). */
#define FCSIM_MAX_ROUTERS (INT64_C(1) << 24)

#define KEYFMT                   "%s%s%s.%s = `%s`: "
#define KEYARGS(origin, k, text) (origin) ? (origin) : "", (origin) ? ": " : "", (k)->section, (k)->name, (text)

int fcsim_key_check(const struct fcsim_key *k, const char *text, const char *origin, struct fcsim_error *err)
{
  double v;
  struct fcsim_error sub = {0};
  if (k->allow_auto && !strcmp(text, "auto"))
    return 0;
  switch (k->type) {
  case FCSIM_KT_INT:
    if (parse_int_text(text, &v))
      return fcsim_error_set(err, FCSIM_EINVAL, KEYFMT "expected an integer%s (%s)", KEYARGS(origin, k, text),
                             k->allow_auto ? " or `auto`" : "", k->help);
    if (v < k->min || v > k->max)
      return fcsim_error_set(err, FCSIM_ERANGE, KEYFMT "out of range: expected %.17g..%.17g %s (%s)",
                             KEYARGS(origin, k, text), k->min, k->max, k->unit, k->help);
    return 0;
  case FCSIM_KT_REAL:
    if (fcsim_parse_quantity(text, 0, &v, NULL, &sub))
      return fcsim_error_set(err, FCSIM_EINVAL, KEYFMT "expected a number: %s (%s)", KEYARGS(origin, k, text), sub.msg,
                             k->help);
    if (v < k->min || v > k->max)
      return fcsim_error_set(err, FCSIM_ERANGE, KEYFMT "out of range: expected %g..%g %s (%s)",
                             KEYARGS(origin, k, text), k->min, k->max, k->unit, k->help);
    return 0;
  case FCSIM_KT_CHOICE: {
    int ok = 0;
    if (k->choice_valid)
      ok = k->choice_valid(text);
    else
      for (const char *const *c = k->choices; *c; c++)
        ok |= !strcmp(*c, text);
    if (!ok) {
      char buf[512];
      return fcsim_error_set(err, FCSIM_EINVAL, KEYFMT "unknown name (expected one of: %s)", KEYARGS(origin, k, text),
                             choice_names(k, buf, sizeof buf));
    }
    return 0;
  }
  case FCSIM_KT_DIMS: {
    const char *s = text;
    int n = 0;
    int64_t routers = 1; /* capped: never past FCSIM_MAX_ROUTERS * 4096 */
    for (;;) {
      char *end;
      errno = 0;
      long d = strtol(s, &end, 10);
      if (end == s || errno || d < k->min || d > k->max)
        return fcsim_error_set(err, FCSIM_EINVAL, KEYFMT "expected sizes per dimension like `4x4x4`, each %g..%g",
                               KEYARGS(origin, k, text), k->min, k->max);
      n++;
      if (routers <= FCSIM_MAX_ROUTERS)
        routers *= d;
      if (*end == '\0')
        break;
      if (*end != 'x' && *end != 'X')
        return fcsim_error_set(err, FCSIM_EINVAL, KEYFMT "expected sizes per dimension like `4x4x4`",
                               KEYARGS(origin, k, text));
      s = end + 1;
    }
    if (n > FCSIM_MAX_DIMS)
      return fcsim_error_set(err, FCSIM_ERANGE, KEYFMT "at most %d dimensions", KEYARGS(origin, k, text),
                             FCSIM_MAX_DIMS);
    if (routers > FCSIM_MAX_ROUTERS)
      return fcsim_error_set(err, FCSIM_ERANGE, KEYFMT "more than %lld routers; at most %lld are supported",
                             KEYARGS(origin, k, text), (long long)FCSIM_MAX_ROUTERS, (long long)FCSIM_MAX_ROUTERS);
    return 0;
  }
  case FCSIM_KT_LATENCY:
  case FCSIM_KT_FREQ:
  case FCSIM_KT_SIZE: {
    unsigned allowed = k->type == FCSIM_KT_LATENCY ? FCSIM_UNIT_TIME | FCSIM_UNIT_CYCLES
                       : k->type == FCSIM_KT_FREQ  ? FCSIM_UNIT_FREQ
                                                   : FCSIM_UNIT_SIZE;
    enum fcsim_unit_kind kind;
    if (fcsim_parse_quantity(text, allowed, &v, &kind, &sub))
      return fcsim_error_set(err, FCSIM_EINVAL, KEYFMT "%s (%s)", KEYARGS(origin, k, text), sub.msg, k->help);
    if (k->type == FCSIM_KT_FREQ && kind == FCSIM_UNIT_NONE)
      return fcsim_error_set(err, FCSIM_EINVAL, KEYFMT "give a unit, e.g. `156.25MHz`", KEYARGS(origin, k, text));
    if (v < 0 || (v == 0 && k->min > 0))
      return fcsim_error_set(err, FCSIM_ERANGE, KEYFMT "must be %s", KEYARGS(origin, k, text),
                             k->min > 0 ? "positive" : "zero or more");
    if ((kind == FCSIM_UNIT_NONE || kind == FCSIM_UNIT_CYCLES) && (v != floor(v) || v < k->min || v > k->max))
      return fcsim_error_set(err, FCSIM_ERANGE, KEYFMT "expected a whole number %g..%g %s, or a value with a unit (%s)",
                             KEYARGS(origin, k, text), k->min, k->max, k->unit, fcsim_unit_examples(allowed));
    if (k->type == FCSIM_KT_FREQ && (v < k->min || v > k->max))
      return fcsim_error_set(err, FCSIM_ERANGE, KEYFMT "out of range: expected 1MHz..10GHz", KEYARGS(origin, k, text));
    return 0;
  }
  case FCSIM_KT_PATH:
    if (strlen(text) >= FCSIM_PATH_MAX)
      return fcsim_error_set(err, FCSIM_ERANGE, KEYFMT "a file name of at most %d characters", KEYARGS(origin, k, text),
                             FCSIM_PATH_MAX - 1);
    return 0;
  case FCSIM_KT_ORDER: {
    static const char letters[] = "xyzwuv";
    int seen = 0;
    for (const char *c = text; *c; c++) {
      const char *p = strchr(letters, tolower((unsigned char)*c));
      if (!p || !*c)
        return fcsim_error_set(err, FCSIM_EINVAL, KEYFMT "expected dimension letters from `xyzwuv`, e.g. `zyx`",
                               KEYARGS(origin, k, text));
      int bit = 1 << (p - letters);
      if (seen & bit)
        return fcsim_error_set(err, FCSIM_EINVAL, KEYFMT "dimension `%c` named twice", KEYARGS(origin, k, text), *c);
      seen |= bit;
    }
    if (!seen)
      return fcsim_error_set(err, FCSIM_EINVAL, KEYFMT "empty dimension order", KEYARGS(origin, k, text));
    return 0;
  }
  }
  return fcsim_error_set(err, FCSIM_EINTERNAL, "key %s.%s has no type", k->section, k->name);
}

int fcsim_config_set_index(struct fcsim_config *cfg, int i, const char *value, const char *origin,
                           struct fcsim_error *err)
{
  int rc = fcsim_key_check(&fcsim_keys[i], value, origin, err);
  if (rc)
    return rc;
  char *t = strdup(value), *o = origin ? strdup(origin) : NULL;
  if (!t || (origin && !o)) {
    free(t);
    free(o);
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  }
  free(cfg->text[i]);
  free(cfg->origin[i]);
  cfg->text[i] = t;
  cfg->origin[i] = o;
  return 0;
}

int fcsim_config_unknown_key(const char *origin, const char *section, const char *name, struct fcsim_error *err)
{
  char buf[160];
  const char *hint = fcsim_key_suggest(section, name, buf, sizeof buf);
  if (!section_known(section))
    return fcsim_error_set(err, FCSIM_EUNKNOWN_KEY, "%s: unknown section [%s]%s%s%s", origin, section,
                           hint ? "; did you mean `" : " (sections: network, router, routing, traffic, sim)",
                           hint ? hint : "", hint ? "`?" : "");
  return fcsim_error_set(err, FCSIM_EUNKNOWN_KEY, "%s: unknown key `%s.%s`%s%s%s (`fcsim help config` lists every key)",
                         origin, section, name, hint ? "; did you mean `" : "", hint ? hint : "", hint ? "`?" : "");
}

int fcsim_config_set(struct fcsim_config *cfg, const char *key, const char *value, const char *origin,
                     struct fcsim_error *err)
{
  const char *dot = strchr(key, '.');
  if (!dot || dot == key || !dot[1])
    return fcsim_error_set(err, FCSIM_EINVAL, "%s: `%s`: expected section.key (e.g. router.vcs)", origin, key);
  char section[64];
  size_t n = (size_t)(dot - key);
  if (n >= sizeof section)
    return fcsim_error_set(err, FCSIM_EINVAL, "%s: `%s`: section name too long", origin, key);
  memcpy(section, key, n);
  section[n] = '\0';
  int i = fcsim_key_find(section, dot + 1);
  if (i < 0)
    return fcsim_config_unknown_key(origin, section, dot + 1, err);
  return fcsim_config_set_index(cfg, i, value, origin, err);
}

int fcsim_config_set_assignment(struct fcsim_config *cfg, const char *assignment, const char *origin,
                                struct fcsim_error *err)
{
  const char *eq = strchr(assignment, '=');
  if (!eq)
    return fcsim_error_set(err, FCSIM_EINVAL, "%s: `%s`: expected section.key=value", origin, assignment);
  char key[128];
  size_t n = (size_t)(eq - assignment);
  if (n >= sizeof key)
    return fcsim_error_set(err, FCSIM_EINVAL, "%s: key too long", origin);
  memcpy(key, assignment, n);
  key[n] = '\0';
  return fcsim_config_set(cfg, key, eq + 1, origin, err);
}

void fcsim_config_print_help(FILE *out, int markdown)
{
  fcsim_config_write_help(out, markdown);
}

/* " (also `old.name`)" for a key with aliases (names it had before a
 * rename), else "". */
static void alias_text(const struct fcsim_key *k, char *buf, size_t size)
{
  size_t n = 0;
  buf[0] = '\0';
  for (const char *const *a = k->aliases; a && *a && n < size; a++)
    n += (size_t)snprintf(buf + n, size - n, "%s`%s`", n ? ", " : " (also ", *a);
  if (n && n + 1 < size)
    snprintf(buf + n, size - n, ")");
}

void fcsim_config_write_help(FILE *out, int markdown)
{
  const char *section = "";
  char buf[512];
  if (markdown)
    fprintf(out, "# fcsim configuration keys\n\n"
                 "Generated by `fcsim help config --markdown` from the key registry (src/config/keys.c);\n"
                 "do not edit by hand. Plain numbers are in the unit shown; values with a unit\n"
                 "(`175ns`, `156.25MHz`, `1kb`, `512B`) are converted. Any key can be overridden on\n"
                 "the command line with `--set section.key=value`.\n"
                 "\n"
                 "## File grammar\n\n"
                 "- A file is lines of `[section]`, `key = value`, comments and blank lines; lines may be\n"
                 "  of any length. A line starting with `;` or `#` (after blanks) is a comment; in a\n"
                 "  value, `;` or `#` after a blank starts a comment (`rate = 0.1 ; low load`), while\n"
                 "  `0.1;x` is one (invalid) value. Blanks around keys and values are ignored.\n"
                 "- Every key belongs to the `[section]` above it. A key given twice in one file, or a\n"
                 "  section header given twice, is refused with both line numbers (`--set` overrides a\n"
                 "  file's key: that is its purpose). A file with no section and no key, or a\n"
                 "  directory, is refused; leave CONFIG out to run the built-in default.\n"
                 "- Numbers are decimal: `[+|-]digits[.digits][e[+|-]digits]` (`.5`, `1e-3`, `+2`).\n"
                 "  `0x10`, `inf`, `nan` and `1,5` are not numbers, and `-0` is refused (write `0`).\n"
                 "  A unit, where the key takes one, follows the number (`175ns`, `175 ns`).\n");
  for (size_t i = 0; i < fcsim_nkeys; i++) {
    const struct fcsim_key *k = &fcsim_keys[i];
    if (strcmp(section, k->section)) {
      section = k->section;
      if (markdown)
        fprintf(out, "\n## [%s]\n\n| key | unit | default | range | meaning |\n|---|---|---|---|---|\n", section);
      else
        fprintf(out, "\n[%s]\n", section);
    }
    char range[256];
    switch (k->type) {
    case FCSIM_KT_CHOICE: snprintf(range, sizeof range, "%s", choice_names(k, buf, sizeof buf)); break;
    case FCSIM_KT_DIMS: snprintf(range, sizeof range, "1-%d dims, each %g-%g", FCSIM_MAX_DIMS, k->min, k->max); break;
    case FCSIM_KT_ORDER: snprintf(range, sizeof range, "permutation of xyzwuv"); break;
    case FCSIM_KT_FREQ: snprintf(range, sizeof range, "1MHz-10GHz"); break;
    case FCSIM_KT_PATH: snprintf(range, sizeof range, "a file name"); break;
    default: snprintf(range, sizeof range, "%g-%g", k->min, k->max); break;
    }
    char also[256];
    alias_text(k, also, sizeof also);
    if (markdown)
      fprintf(out, "| `%s.%s` | %s | `%s` | %s | %s%s |\n", k->section, k->name, k->unit[0] ? k->unit : "-",
              k->default_text, range, k->help, also);
    else
      fprintf(out, "  %-16s default %-10s unit %-17s range %s\n      %s%s\n", k->name, k->default_text,
              k->unit[0] ? k->unit : "-", range, k->help, also);
  }
  if (markdown && fcsim_models.write_docs_appendix)
    fcsim_models.write_docs_appendix(out);
}
