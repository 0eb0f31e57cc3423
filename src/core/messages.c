/* SPDX-License-Identifier: BSD-3-Clause */
/* Building a message list (include/fcsim/messages.h) and the shared,
 * reference-counted copy a configuration holds (core/messages.h). */
#include <stdlib.h>
#include <string.h>

#include "core/messages.h"

static int grow(void **p, size_t *cap, size_t need, size_t size)
{
  if (need <= *cap)
    return 0;
  size_t c = *cap ? *cap : 64;
  while (c < need)
    c *= 2;
  void *q = realloc(*p, c * size);
  if (!q)
    return -1;
  *p = q;
  *cap = c;
  return 0;
}

int fcsim_messages_add(struct fcsim_message_list *l, int64_t id, uint32_t src, uint32_t dst, uint64_t bytes,
                       uint64_t start_cycles, uint64_t delay_cycles, struct fcsim_error *err)
{
  size_t cap = (size_t)l->cap;
  void *p = l->msg;
  if (grow(&p, &cap, (size_t)l->n + 1, sizeof *l->msg))
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for %lld messages", (long long)l->n + 1);
  l->msg = p;
  l->cap = (int64_t)cap;
  l->msg[l->n++] = (struct fcsim_message){id, src, dst, bytes, start_cycles, delay_cycles, l->nafter, 0, 0, 0};
  return 0;
}

int fcsim_messages_route(struct fcsim_message_list *l, uint8_t route, struct fcsim_error *err)
{
  if (!l->n)
    return fcsim_error_set(err, FCSIM_EINVAL, "a route before any message");
  l->msg[l->n - 1].has_route = 1;
  l->msg[l->n - 1].route = route;
  return 0;
}

int fcsim_messages_after(struct fcsim_message_list *l, int64_t id, struct fcsim_error *err)
{
  if (!l->n)
    return fcsim_error_set(err, FCSIM_EINVAL, "a dependency before any message");
  size_t cap = l->after_cap;
  void *p = l->after;
  if (grow(&p, &cap, l->nafter + 1, sizeof *l->after))
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the dependencies");
  l->after = p;
  if (l->after_delay && cap != l->after_cap) {
    uint64_t *q = realloc(l->after_delay, cap * sizeof *q);
    if (!q)
      return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the dependencies");
    l->after_delay = q;
  }
  l->after_cap = cap;
  if (l->after_delay)
    l->after_delay[l->nafter] = FCSIM_DELAY_OF_MESSAGE;
  l->after[l->nafter++] = id;
  l->msg[l->n - 1].nafter++;
  return 0;
}

int fcsim_messages_after_delay(struct fcsim_message_list *l, int64_t id, uint64_t delay_cycles, struct fcsim_error *err)
{
  if (!l->after_delay) { /* first use: the dependencies so far take their message's delay */
    l->after_delay = malloc((l->after_cap ? l->after_cap : 1) * sizeof *l->after_delay);
    if (!l->after_delay)
      return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the dependencies");
    for (size_t i = 0; i < l->nafter; i++)
      l->after_delay[i] = FCSIM_DELAY_OF_MESSAGE;
  }
  int rc = fcsim_messages_after(l, id, err);
  if (!rc)
    l->after_delay[l->nafter - 1] = delay_cycles;
  return rc;
}

void fcsim_messages_free(struct fcsim_message_list *l)
{
  free(l->msg);
  free(l->after);
  free(l->after_delay);
  memset(l, 0, sizeof *l);
}

struct fcsim_message_set *fcsim_message_set_copy(const struct fcsim_message_list *l)
{
  struct fcsim_message_set *s = calloc(1, sizeof *s);
  size_t n = (size_t)l->n, na = l->nafter;
  if (s) {
    s->refs = 1;
    s->list.msg = malloc((n ? n : 1) * sizeof *s->list.msg);
    s->list.after = malloc((na ? na : 1) * sizeof *s->list.after);
    if (l->after_delay)
      s->list.after_delay = malloc((na ? na : 1) * sizeof *s->list.after_delay);
  }
  if (!s || !s->list.msg || !s->list.after || (l->after_delay && !s->list.after_delay)) {
    if (s)
      fcsim_messages_free(&s->list);
    free(s);
    return NULL;
  }
  if (n)
    memcpy(s->list.msg, l->msg, n * sizeof *l->msg);
  if (na)
    memcpy(s->list.after, l->after, na * sizeof *l->after);
  if (na && l->after_delay)
    memcpy(s->list.after_delay, l->after_delay, na * sizeof *l->after_delay);
  s->list.n = s->list.cap = l->n;
  s->list.nafter = s->list.after_cap = na;
  return s;
}

struct fcsim_message_set *fcsim_message_set_ref(struct fcsim_message_set *s)
{
  if (s)
    s->refs++;
  return s;
}

void fcsim_message_set_unref(struct fcsim_message_set *s)
{
  if (s && --s->refs == 0) {
    fcsim_messages_free(&s->list);
    free(s);
  }
}
