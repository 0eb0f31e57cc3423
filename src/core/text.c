/* SPDX-License-Identifier: BSD-3-Clause */
/* Text helpers: the bounded reader of every input file, escaping input for
 * messages, edit distance for did-you-mean suggestions. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/text.h"

/* A fuzz build skips coverage here: the comparisons of every key against the
 * input teach the fuzzer nothing and took over half of its time. */
#if defined(__clang__) && defined(__has_attribute)
#if __has_attribute(no_sanitize)
__attribute__((no_sanitize("coverage")))
#endif
#endif
size_t fcsim_edit_distance_max(const char *a, const char *b, int fold_case, size_t max)
{
  size_t la = strlen(a), lb = strlen(b);
  if (la > 63)
    la = 63;
  if (lb > 63)
    lb = 63;
  if ((la > lb ? la - lb : lb - la) > max) /* the length difference is a lower bound */
    return max + 1;
  size_t prev[64], cur[64];
  for (size_t j = 0; j <= lb; j++)
    prev[j] = j;
  for (size_t i = 1; i <= la; i++) {
    cur[0] = i;
    size_t row_min = i;
    for (size_t j = 1; j <= lb; j++) {
      int ca = (unsigned char)a[i - 1], cb = (unsigned char)b[j - 1];
      if (fold_case) {
        ca = tolower(ca);
        cb = tolower(cb);
      }
      size_t sub = prev[j - 1] + (ca != cb), del = prev[j] + 1, ins = cur[j - 1] + 1;
      size_t best = sub < del ? sub : del;
      cur[j] = best < ins ? best : ins;
      if (cur[j] < row_min)
        row_min = cur[j];
    }
    if (row_min > max) /* a row's minimum never falls in later rows */
      return max + 1;
    memcpy(prev, cur, (lb + 1) * sizeof prev[0]);
  }
  return prev[lb] > max ? max + 1 : prev[lb];
}

size_t fcsim_edit_distance(const char *a, const char *b, int fold_case)
{
  return fcsim_edit_distance_max(a, b, fold_case, SIZE_MAX - 1);
}

/* The refusal of a file the reader cannot bound, or 0. */
static int check_stat(const char *path, const struct stat *sb, uint64_t max_bytes, const char *what, int pipes_ok,
                      struct fcsim_error *err)
{
  if (S_ISDIR(sb->st_mode))
    return fcsim_error_set(err, FCSIM_EIO, "%s: is a directory (expected %s)", path, what);
  if (!S_ISREG(sb->st_mode) && !(pipes_ok && (S_ISFIFO(sb->st_mode) || S_ISCHR(sb->st_mode))))
    return fcsim_error_set(err, FCSIM_EIO,
                           "%s: not a regular file (a pipe, a device or a socket, whose size cannot be bounded); %s "
                           "is read only from a regular file of at most sim.max_input_bytes = %llu bytes",
                           path, what, (unsigned long long)max_bytes);
  if (S_ISREG(sb->st_mode) && (uint64_t)sb->st_size > max_bytes)
    return fcsim_error_set(err, FCSIM_EIO,
                           "%s: %llu bytes, more than sim.max_input_bytes = %llu bytes (%s); raise the key if the "
                           "file is right",
                           path, (unsigned long long)sb->st_size, (unsigned long long)max_bytes, what);
  return 0;
}

/* Opens without blocking (a FIFO with no writer would wait for ever), checks
 * what the file is, then reads it blocking. */
static FILE *open_checked(const char *path, uint64_t max_bytes, const char *what, int pipes_ok,
                          struct fcsim_error *err)
{
  int fd = open(path, O_RDONLY | O_NONBLOCK);
  if (fd < 0) {
    fcsim_error_set(err, FCSIM_EIO, "%s: cannot open %s: %s", path, what, strerror(errno));
    return NULL;
  }
  struct stat sb;
  if (fstat(fd, &sb)) {
    fcsim_error_set(err, FCSIM_EIO, "%s: cannot read %s: %s", path, what, strerror(errno));
    close(fd);
    return NULL;
  }
  int flags = fcntl(fd, F_GETFL);
  FILE *f = NULL;
  if (!check_stat(path, &sb, max_bytes, what, pipes_ok, err) && flags != -1 &&
      fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != -1 && !(f = fdopen(fd, "r")))
    fcsim_error_set(err, FCSIM_ENOMEM, "out of memory opening %s", path);
  if (!f)
    close(fd);
  return f;
}

FILE *fcsim_text_open(const char *path, uint64_t max_bytes, const char *what, struct fcsim_error *err)
{
  return open_checked(path, max_bytes, what, 0, err);
}

int fcsim_text_read_all(const char *path, uint64_t max_bytes, const char *what, int pipes_ok, char **out, size_t *len,
                        struct fcsim_error *err)
{
  *out = NULL;
  *len = 0;
  FILE *f = open_checked(path, max_bytes, what, pipes_ok, err);
  if (!f)
    return err->code ? err->code : FCSIM_EIO;
  int rc = 0;
  size_t cap = 4096, n = 0;
  char *buf = rc ? NULL : malloc(cap);
  if (!rc && !buf)
    rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory reading %s", path);
  while (!rc) {
    if (n + 1 >= cap) {
      char *nb = realloc(buf, cap * 2);
      if (!nb) {
        rc = fcsim_error_set(err, FCSIM_ENOMEM, "out of memory reading %s", path);
        break;
      }
      buf = nb, cap *= 2;
    }
    size_t got = fread(buf + n, 1, cap - n - 1, f);
    n += got;
    if ((uint64_t)n > max_bytes)
      rc = fcsim_error_set(err, FCSIM_EIO, "%s: more than sim.max_input_bytes = %llu bytes (%s)", path,
                           (unsigned long long)max_bytes, what);
    else if (got == 0 && ferror(f))
      rc = fcsim_error_set(err, FCSIM_EIO, "%s: cannot read: %s", path, strerror(errno));
    else if (got == 0)
      break;
  }
  fclose(f);
  if (rc) {
    free(buf);
    return rc;
  }
  buf[n] = '\0';
  *out = buf;
  *len = n;
  return 0;
}

/* Length of the valid UTF-8 sequence (2..4 bytes) at s (n bytes left), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
  size_t len = s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 && s[0] < 0xE0 ? 2 : 0;
  if (!len || len > n || s[0] > 0xF4)
    return 0;
  for (size_t k = 1; k < len; k++)
    if ((s[k] & 0xC0) != 0x80)
      return 0;
  if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] > 0x8F) ||
      (s[0] == 0xED && s[1] > 0x9F))
    return 0; /* overlong, beyond U+10FFFF, surrogates */
  return len;
}

char *fcsim_text_escape(const char *text, size_t n, char *buf, size_t size)
{
  static const char hex[] = "0123456789ABCDEF";
  const unsigned char *t = (const unsigned char *)text;
  size_t o = 0;
  if (!size)
    return buf;
  for (size_t i = 0; i < n && o + 1 < size;) {
    char tmp[8];
    size_t k = 0, step = 1, u = t[i] >= 0x80 ? utf8_len(t + i, n - i) : 0;
    if (u == 3 && t[i] == 0xEF && t[i + 1] == 0xBB && t[i + 2] == 0xBF) {
      memcpy(tmp, "<BOM>", 5), k = 5, step = 3;
    } else if (u) {
      memcpy(tmp, t + i, u), k = u, step = u;
    } else if (t[i] == '\t') {
      tmp[0] = '\\', tmp[1] = 't', k = 2;
    } else if (t[i] == '\n') {
      tmp[0] = '\n', k = 1;
    } else if (t[i] < 0x20 || t[i] >= 0x7F) {
      tmp[0] = '\\', tmp[1] = 'x', tmp[2] = hex[t[i] >> 4], tmp[3] = hex[t[i] & 15], k = 4;
    } else {
      tmp[0] = (char)t[i], k = 1;
    }
    if (o + k >= size)
      break;
    memcpy(buf + o, tmp, k);
    o += k;
    i += step;
  }
  buf[o] = '\0';
  return buf;
}

void fcsim_text_trim_span(const char **s, const char **e, const char *chars)
{
  while (*s < *e && **s && strchr(chars, **s))
    (*s)++;
  while (*e > *s && (*e)[-1] && strchr(chars, (*e)[-1]))
    (*e)--;
}

char *fcsim_text_trim(char *s)
{
  while (isspace((unsigned char)*s))
    s++;
  char *e = s + strlen(s);
  while (e > s && isspace((unsigned char)e[-1]))
    *--e = '\0';
  return s;
}

int fcsim_text_split(char *line, char sep, char **fields, int max)
{
  int n = 0;
  for (char *p = line;;) {
    char *c = strchr(p, sep);
    if (c)
      *c = '\0';
    if (n < max)
      fields[n] = fcsim_text_trim(p);
    n++;
    if (!c)
      return n;
    p = c + 1;
  }
}
