/* SPDX-License-Identifier: BSD-3-Clause */
/* The 3D FFT's corner turns as a schedule of messages with dependencies
 * (see fft_sched.h for the timing rules; seed 000 s6.2, Fig. 6.1, Tables
 * 6.1 and 6.3). Node coordinates follow the mapping of model/fft.c: before
 * the XY turn node (a, b, c) holds the X FFTs of the points with
 * z_lo = a, y_hi = b, z_hi = c; it sends x_hi = k to node (a, k, c). After
 * it, node (a, k, c) holds the Y FFTs and sends the points with y_lo, y_hi
 * to node (y_lo, k, y_hi). When 2m > n the low 2m - n bits of node z
 * carry part of the line index too (xy_dest, yz_dest). */
#include <stdlib.h>
#include <string.h>

#include "apps/fft/fft_sched.h"
#include "apps/fft/fft_stream.h"

unsigned fcsim_fft_max_ips(unsigned n)
{
  static const unsigned table_6_3[] = {75, 41, 41, 31, 31}; /* 16, 32, 64, 128, 256 points */
  return n >= 4 && n <= 8 ? table_6_3[n - 4] : 0;
}

static uint32_t node_of(unsigned m, unsigned x, unsigned y, unsigned z)
{
  return x + (y << m) + (z << (2 * m));
}

static int check(unsigned n, unsigned m, unsigned ips, unsigned point_bytes, struct fcsim_error *err)
{
  if (m < 1 || m > 5)
    return fcsim_error_set(err, FCSIM_ERANGE, "network.dims: the torus side 2^m must be 2 to 32 nodes (m = %u)", m);
  if (!fcsim_fft_max_ips(n))
    return fcsim_error_set(err, FCSIM_ERANGE,
                           "fft.n = %u: Table 6.3 lists 1D FFT IPs of 16 to 256 points only (n = 4..8)", n);
  if (3 * m > 2 * n)
    return fcsim_error_set(err, FCSIM_ERANGE,
                           "fft.n = %u on a 2^%u-per-side torus: need 3m <= 2n so that every node holds at least "
                           "one 1D FFT (2^%u nodes, 2^%u FFTs per dimension)",
                           n, m, 3 * m, 2 * n);
  if (ips < 1 || ips > fcsim_fft_max_ips(n))
    return fcsim_error_set(err, FCSIM_ERANGE,
                           "fft.ips = %u: a Stratix V 5SGSMD8 holds 1 to %u IPs of %u points (Table 6.3)", ips,
                           fcsim_fft_max_ips(n), 1u << n);
  if (point_bytes < 1)
    return fcsim_error_set(err, FCSIM_ERANGE, "fft.point_bytes must be at least 1");
  return 0;
}

static unsigned round_ffts(const struct fcsim_fft_sched *s, unsigned j)
{
  unsigned ffts = 1u << (2 * s->n - 3 * s->m), left = ffts - j * s->ips;
  return left < s->ips ? left : s->ips;
}

static struct fcsim_fft_msg *add(struct fcsim_fft_sched *s, uint32_t src, uint32_t dst, uint64_t points, int turn,
                                 unsigned round)
{
  struct fcsim_fft_msg *g = &s->msg[s->nmsg++];
  memset(g, 0, sizeof *g);
  g->src = src;
  g->dst = dst;
  g->bytes = points * s->point_bytes;
  g->turn = (uint8_t)turn;
  g->round = (uint16_t)round;
  return g;
}

/* Bits of the torus side and of the 2m > n extension (model/fft.c): p
 * low bits of node z come from the line index, f bits are the IP index. */
static unsigned wide_bits(const struct fcsim_fft_sched *s)
{
  return 2 * s->m > s->n ? 2 * s->m - s->n : 0;
}

/* Where slot x of an X FFT on node v goes in the XY turn: node y becomes
 * x[n-1:n-m]; when 2m > n the low p bits of node z become x[n-m-1:f]. */
static uint32_t xy_dest(const struct fcsim_fft_sched *s, uint32_t v, unsigned x)
{
  unsigned K = 1u << s->m, p = wide_bits(s), f = s->n - s->m - p, lowp = (1u << p) - 1u;
  unsigned a = v & (K - 1), c = (v >> (2 * s->m)) & (K - 1);
  return node_of(s->m, a, x >> (s->n - s->m), (c & ~lowp) | ((x >> f) & lowp));
}

/* Where slot y of a Y FFT on node v = (a, k, c) goes in the YZ turn: node
 * x becomes y[m-1:0], node z y's top bits (above the p bits kept). */
static uint32_t yz_dest(const struct fcsim_fft_sched *s, uint32_t v, unsigned y)
{
  unsigned K = 1u << s->m, p = wide_bits(s), lowp = (1u << p) - 1u;
  unsigned top = s->m > s->n - s->m ? s->m : s->n - s->m;
  unsigned k = (v >> s->m) & (K - 1), c = (v >> (2 * s->m)) & (K - 1);
  return node_of(s->m, y & (K - 1), k, ((y >> top) << p) | (c & lowp));
}

/* Scratch for grouping one round's slots by destination. */
struct dest_groups {
  uint32_t *order;  /* destinations in the order of their first slot */
  uint32_t count;   /* entries of order */
  uint32_t *points; /* [nodes] slots per destination */
  uint32_t *last;   /* [nodes] last slot per destination */
  int64_t *head;    /* [nodes] s->slot_msg: last slot of the chunk being filled, -1 none */
};

/* s->slot_msg of round j of node v in `turn`: [2^n] entries. */
static int64_t *slots_of(const struct fcsim_fft_sched *s, int turn, uint32_t v, unsigned j)
{
  return s->slot_msg + (((size_t)(turn - 1) * s->nodes + v) * s->rounds + j) * s->fft_cycles;
}

/* Records that `slot` waits in destination d's open chunk (a chain through
 * the slots: -(previous + 3)), or that it stays on the node (-1). */
static void note_slot(const struct fcsim_fft_sched *s, int64_t *sm, struct dest_groups *g, uint32_t v, uint32_t d,
                      unsigned slot)
{
  if (!s->slot_msg)
    return;
  if (d == v) {
    sm[slot] = -1;
    return;
  }
  sm[slot] = -(g->head[d] + 3);
  g->head[d] = slot;
}

/* The chunk of d left as message i: its slots point at it. */
static void close_slots(const struct fcsim_fft_sched *s, int64_t *sm, struct dest_groups *g, uint32_t d, int64_t i)
{
  if (!s->slot_msg)
    return;
  for (int64_t cur = g->head[d], next; cur >= 0; cur = next) {
    next = -sm[cur] - 3;
    sm[cur] = i;
  }
  g->head[d] = -1;
}

static void group_slots(const struct fcsim_fft_sched *s, uint32_t v, int turn, struct dest_groups *g)
{
  for (uint32_t i = 0; i < g->count; i++)
    g->points[g->order[i]] = 0;
  g->count = 0;
  for (unsigned slot = 0; slot < (1u << s->n); slot++) {
    uint32_t d = turn == 1 ? xy_dest(s, v, slot) : yz_dest(s, v, slot);
    if (!g->points[d]++)
      g->order[g->count++] = d;
    g->last[d] = slot;
  }
}

/* fft.release = packet: the slots of a round leave in messages of at most
 * s->chunk_points points per destination, each released the cycle after
 * its last point is produced (slot order is production order). The local
 * share only moves the node's own ready time. For turn 2 the times are
 * delays after the start of the node's Y compute. */
static void build_chunked(struct fcsim_fft_sched *s, uint32_t v, int turn, unsigned j, struct dest_groups *g,
                          const uint32_t *base)
{
  unsigned r = round_ffts(s, j), per = s->chunk_points ? (unsigned)((s->chunk_points + r - 1) / r) : UINT32_MAX;
  int64_t *sm = s->slot_msg ? slots_of(s, turn, v, j) : NULL;
  group_slots(s, v, turn, g); /* g->last[d]: d's last slot */
  for (uint32_t i = 0; i < g->count; i++)
    g->points[g->order[i]] = 0;
  for (unsigned slot = 0; slot < (1u << s->n); slot++) {
    uint32_t d = turn == 1 ? xy_dest(s, v, slot) : yz_dest(s, v, slot);
    uint64_t ready = s->fft_cycles * (j + 1) + slot + 1;
    note_slot(s, sm, g, v, d, slot);
    if (d == v) {
      uint64_t *own = turn == 1 ? &s->local_y_cycles[v] : &s->local_z_delay[v];
      if (ready > *own)
        *own = ready;
      continue;
    }
    if (++g->points[d] < per && slot != g->last[d])
      continue;
    close_slots(s, sm, g, d, s->nmsg);
    struct fcsim_fft_msg *msg = add(s, v, d, (uint64_t)r * g->points[d], turn, j);
    g->points[d] = 0;
    if (turn == 1) {
      msg->start_cycles = ready;
    } else if (s->consume != FCSIM_FFT_CONSUME_ROUND) {
      msg->delay_cycles = ready - s->fft_cycles * (j + 1); /* after its round's gate (fft_stream.c) */
    } else {
      msg->dep_first = base[v];
      msg->ndeps = base[v + 1] - base[v];
      msg->delay_cycles = ready;
      msg->start_cycles = s->local_y_cycles[v] + ready; /* local_y_cycles is final: the XY turn is built */
    }
  }
}

/* XY turn: round j of a node sends each destination its slots once the
 * last of them is out of the IPs. */
static void build_xy(struct fcsim_fft_sched *s, struct dest_groups *g)
{
  if (s->chunk_points) {
    for (uint32_t v = 0; v < s->nodes; v++)
      for (unsigned j = 0; j < s->rounds; j++)
        build_chunked(s, v, 1, j, g, NULL);
    return;
  }
  for (uint32_t v = 0; v < s->nodes; v++) {
    group_slots(s, v, 1, g);
    for (unsigned j = 0; j < s->rounds; j++)
      for (uint32_t i = 0; i < g->count; i++) {
        uint32_t d = g->order[i];
        uint64_t ready = s->fft_cycles * (j + 1) + g->last[d] + 1;
        if (d == v) {
          if (ready > s->local_y_cycles[v])
            s->local_y_cycles[v] = ready;
          continue;
        }
        add(s, v, d, (uint64_t)round_ffts(s, j) * g->points[d], 1, j)->start_cycles = ready;
      }
  }
}

/* Groups the XY messages by destination: deps[base[v] .. base[v + 1]) are
 * those delivered to v. */
static int group_xy(struct fcsim_fft_sched *s, uint32_t *base)
{
  memset(base, 0, (s->nodes + 1) * sizeof *base);
  for (int64_t i = 0; i < s->nmsg; i++)
    base[s->msg[i].dst + 1]++;
  for (uint32_t v = 0; v < s->nodes; v++)
    base[v + 1] += base[v];
  uint32_t *fill = malloc(s->nodes * sizeof *fill);
  if (!fill)
    return -1;
  memcpy(fill, base, s->nodes * sizeof *fill);
  for (int64_t i = 0; i < s->nmsg; i++)
    s->deps[fill[s->msg[i].dst]++] = (uint32_t)i;
  free(fill);
  return 0;
}

/* YZ turn: round j of a node sends each destination its slots once the
 * last of them is out, counted from the start of its Y compute (all Y data
 * arrived). */
static void build_yz(struct fcsim_fft_sched *s, const uint32_t *base, struct dest_groups *g)
{
  if (s->chunk_points) {
    for (uint32_t v = 0; v < s->nodes; v++)
      for (unsigned j = 0; j < s->rounds; j++)
        build_chunked(s, v, 2, j, g, base);
    return;
  }
  for (uint32_t v = 0; v < s->nodes; v++) {
    group_slots(s, v, 2, g);
    for (unsigned j = 0; j < s->rounds; j++)
      for (uint32_t i = 0; i < g->count; i++) {
        uint32_t d = g->order[i];
        uint64_t delay = s->fft_cycles * (j + 1) + g->last[d] + 1;
        if (d == v) {
          if (delay > s->local_z_delay[v])
            s->local_z_delay[v] = delay;
          continue;
        }
        struct fcsim_fft_msg *msg = add(s, v, d, (uint64_t)round_ffts(s, j) * g->points[d], 2, j);
        msg->dep_first = base[v];
        msg->ndeps = base[v + 1] - base[v];
        msg->delay_cycles = delay;
        msg->start_cycles = s->local_y_cycles[v] + delay;
      }
  }
}

int fcsim_fft_sched_build(unsigned n, unsigned m, unsigned ips, unsigned point_bytes, struct fcsim_fft_sched *s,
                          struct fcsim_error *err)
{
  return fcsim_fft_sched_build_chunked(n, m, ips, point_bytes, 0, s, err);
}

int fcsim_fft_sched_build_chunked(unsigned n, unsigned m, unsigned ips, unsigned point_bytes, uint64_t chunk_points,
                                  struct fcsim_fft_sched *s, struct fcsim_error *err)
{
  return fcsim_fft_sched_build_consume(n, m, ips, point_bytes, chunk_points, FCSIM_FFT_CONSUME_ROUND, s, err);
}

/* fft.consume = line | point: both turns' messages as the IPs produce
 * them (a slot at a time, recorded in s->slot_msg), then the rounds' gates
 * and every dependency (fcsim_fft_stream_gates, fft_stream.c). */
static int build_streaming(struct fcsim_fft_sched *s, struct dest_groups *g)
{
  for (int turn = 1; turn <= 2; turn++)
    for (uint32_t v = 0; v < s->nodes; v++)
      for (unsigned j = 0; j < s->rounds; j++)
        build_chunked(s, v, turn, j, g, NULL);
  return fcsim_fft_stream_gates(s);
}

int fcsim_fft_sched_build_consume(unsigned n, unsigned m, unsigned ips, unsigned point_bytes, uint64_t chunk_points,
                                  enum fcsim_fft_consume consume, struct fcsim_fft_sched *s, struct fcsim_error *err)
{
  return fcsim_fft_sched_build_ordered(n, m, ips, point_bytes, chunk_points, consume, FCSIM_FFT_ORDER_INDEX, s, err);
}

int fcsim_fft_sched_build_ordered(unsigned n, unsigned m, unsigned ips, unsigned point_bytes, uint64_t chunk_points,
                                  enum fcsim_fft_consume consume, enum fcsim_fft_order order,
                                  struct fcsim_fft_sched *s, struct fcsim_error *err)
{
  memset(s, 0, sizeof *s);
  int rc = check(n, m, ips, point_bytes, err);
  if (rc)
    return rc;
  if (order == FCSIM_FFT_ORDER_SHARED && 2 * m > n)
    return fcsim_error_set(err, FCSIM_ECOMBINATION,
                           "fft.round_order = shared needs 2m <= n (a 2^%u FFT on a 2^%u torus has 2m > n, whose "
                           "lines have no shared index field); use index",
                           n, m);
  s->order = order;
  unsigned ffts = 1u << (2 * n - 3 * m), K = 1u << m;
  s->n = n;
  s->m = m;
  s->ips = ips < ffts ? ips : ffts;
  s->rounds = (ffts + s->ips - 1) / s->ips;
  s->nodes = K * K * K;
  s->fft_cycles = 1u << n;
  s->point_bytes = point_bytes;
  s->chunk_points = chunk_points;
  s->consume = consume;
  unsigned p = wide_bits(s);
  int64_t xy_dests = (int64_t)1 << (m + p), yz_dests = p ? (int64_t)1 << n : (int64_t)K * K;
  if (chunk_points || consume != FCSIM_FFT_CONSUME_ROUND) /* at most one message per slot */
    xy_dests = yz_dests = (int64_t)1 << n;
  int64_t per_node = (int64_t)s->rounds * (xy_dests + yz_dests + 2); /* + 2: the gates of a round */
  uint32_t *base = malloc((s->nodes + 1) * sizeof *base);
  struct dest_groups g = {.order = malloc(s->nodes * sizeof *g.order),
                          .points = calloc(s->nodes, sizeof *g.points),
                          .last = malloc(s->nodes * sizeof *g.last),
                          .head = malloc(s->nodes * sizeof *g.head)};
  s->msg = malloc((size_t)(per_node * s->nodes) * sizeof *s->msg);
  s->deps = malloc((size_t)(s->rounds * xy_dests) * s->nodes * sizeof *s->deps);
  s->local_y_cycles = calloc(s->nodes, sizeof *s->local_y_cycles);
  s->local_z_delay = calloc(s->nodes, sizeof *s->local_z_delay);
  if (consume != FCSIM_FFT_CONSUME_ROUND)
    s->slot_msg = malloc(2 * (size_t)s->nodes * s->rounds * s->fft_cycles * sizeof *s->slot_msg);
  if (!base || !g.order || !g.points || !g.last || !g.head || !s->msg || !s->deps || !s->local_y_cycles ||
      !s->local_z_delay || (consume != FCSIM_FFT_CONSUME_ROUND && !s->slot_msg))
    goto oom;
  for (uint32_t v = 0; v < s->nodes; v++)
    g.head[v] = -1;
  if (consume != FCSIM_FFT_CONSUME_ROUND) {
    if (build_streaming(s, &g))
      goto oom;
  } else {
    build_xy(s, &g);
    if (group_xy(s, base))
      goto oom;
    build_yz(s, base, &g);
  }
  free(base);
  free(g.order);
  free(g.points);
  free(g.last);
  free(g.head);
  return 0;
oom:
  free(base);
  free(g.order);
  free(g.points);
  free(g.last);
  free(g.head);
  fcsim_fft_sched_free(s);
  return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the FFT schedule");
}

void fcsim_fft_sched_free(struct fcsim_fft_sched *s)
{
  free(s->msg);
  free(s->deps);
  free(s->local_y_cycles);
  free(s->local_z_delay);
  free(s->dep_delay);
  free(s->gate);
  free(s->slot_msg);
  memset(s, 0, sizeof *s);
}

int fcsim_fft_sched_write_csv(const struct fcsim_fft_sched *s, FILE *f, struct fcsim_error *err)
{
  fprintf(f, "# %u^3 FFT on a %u^3 torus, %u IPs per node: XY then YZ corner turn\n", 1u << s->n, 1u << s->m, s->ips);
  fprintf(f, "id,src,dst,bytes,start,after,delay\n");
  for (int64_t i = 0; i < s->nmsg; i++) {
    const struct fcsim_fft_msg *g = &s->msg[i];
    fprintf(f, "%lld,%u,%u,%llu,%llu,", (long long)i + 1, g->src, g->dst, (unsigned long long)g->bytes,
            (unsigned long long)g->start_cycles);
    for (uint32_t k = 0; k < g->ndeps; k++)
      fprintf(f, "%s%u", k ? ";" : "", s->deps[g->dep_first + k] + 1);
    fprintf(f, ",%llu\n", (unsigned long long)g->delay_cycles);
  }
  if (fflush(f) || ferror(f))
    return fcsim_error_set(err, FCSIM_EIO, "cannot write the FFT schedule");
  return 0;
}

static double maxd(double a, double b)
{
  return a > b ? a : b;
}

/* Under fft.consume = line | point: every message was released no earlier
 * than each dependency's arrival plus its delay (a gate exactly then; one
 * cycle of slack for clocks converted between nodes). */
static int check_streaming(const struct fcsim_fft_sched *s, const uint64_t *complete, struct fcsim_error *err)
{
  for (int64_t i = 0; i < s->nmsg; i++)
    for (uint32_t k = 0; k < s->msg[i].ndeps; k++) {
      uint32_t d = s->deps[s->msg[i].dep_first + k];
      if (complete[i] + 1 < complete[d] + s->dep_delay[s->msg[i].dep_first + k])
        return fcsim_error_set(err, FCSIM_EINVAL,
                               "FFT message %lld completed at cycle %llu, before message %lld (cycle %llu) and "
                               "its %llu cycles",
                               (long long)i + 1, (unsigned long long)complete[i], (long long)d + 1,
                               (unsigned long long)complete[d],
                               (unsigned long long)s->dep_delay[s->msg[i].dep_first + k]);
    }
  return 0;
}

/* Phase times under fft.consume = line | point: a node's Y (Z) compute
 * ends N cycles after its last round's gate (the inputs in, the outputs
 * out N cycles later); gy and gz are still when its data was all in. */
static void streaming_phases(const struct fcsim_fft_sched *s, const uint64_t *complete, const double *gy,
                             const double *gz, struct fcsim_fft_phases *ph)
{
  double N = (double)s->fft_cycles;
  for (uint32_t v = 0; v < s->nodes; v++) {
    double y_end = (double)complete[s->gate[(size_t)v * s->rounds + s->rounds - 1]] + N;
    double z_end = (double)complete[s->gate[((size_t)s->nodes + v) * s->rounds + s->rounds - 1]] + N;
    ph->xy_arrived_cycles = maxd(ph->xy_arrived_cycles, gy[v]);
    ph->y_end_cycles = maxd(ph->y_end_cycles, y_end);
    ph->yz_arrived_cycles = maxd(ph->yz_arrived_cycles, gz[v]);
    ph->z_end_cycles = maxd(ph->z_end_cycles, z_end);
    ph->xy_turn_cycles = maxd(ph->xy_turn_cycles, gy[v] - ph->x_end_cycles);
    ph->yz_turn_cycles = maxd(ph->yz_turn_cycles, gz[v] - y_end);
    ph->y_first_in_cycles = maxd(ph->y_first_in_cycles, (double)complete[s->gate[(size_t)v * s->rounds]]);
    ph->z_first_in_cycles =
        maxd(ph->z_first_in_cycles, (double)complete[s->gate[((size_t)s->nodes + v) * s->rounds]]);
  }
}

int fcsim_fft_sched_phases(const struct fcsim_fft_sched *s, const uint64_t *complete, struct fcsim_fft_phases *ph,
                           struct fcsim_error *err)
{
  double *gy = malloc(s->nodes * sizeof *gy), *gz = malloc(s->nodes * sizeof *gz);
  if (!gy || !gz) {
    free(gy);
    free(gz);
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  }
  for (uint32_t v = 0; v < s->nodes; v++)
    gy[v] = (double)s->local_y_cycles[v];
  int rc = 0;
  for (int64_t i = 0; i < s->nmsg && !rc; i++) {
    const struct fcsim_fft_msg *g = &s->msg[i];
    if (complete[i] == UINT64_MAX)
      rc = fcsim_error_set(err, FCSIM_EINVAL, "FFT message %lld (%u -> %u) never arrived", (long long)i + 1, g->src,
                           g->dst);
    else if (g->turn == 1)
      gy[g->dst] = maxd(gy[g->dst], (double)complete[i]);
  }
  for (uint32_t v = 0; v < s->nodes; v++) /* own share: streaming counts it from the last Y round's gate */
    gz[v] = s->gate ? (double)complete[s->gate[(size_t)v * s->rounds + s->rounds - 1]] + (double)s->local_z_delay[v] -
                          (double)(s->fft_cycles * s->rounds)
                    : gy[v] + (double)s->local_z_delay[v];
  if (!rc && s->gate)
    rc = check_streaming(s, complete, err);
  for (int64_t i = 0; i < s->nmsg && !rc; i++) {
    const struct fcsim_fft_msg *g = &s->msg[i];
    if (g->turn != 2)
      continue;
    if (!s->gate && (double)complete[i] < gy[g->src] + (double)g->delay_cycles)
      rc = fcsim_error_set(err, FCSIM_EINVAL,
                           "FFT message %lld arrived at cycle %llu, before its Y data "
                           "was all in and produced (cycle %.0f)",
                           (long long)i + 1, (unsigned long long)complete[i], gy[g->src] + (double)g->delay_cycles);
    gz[g->dst] = maxd(gz[g->dst], (double)complete[i]);
  }
  double compute = (double)(s->fft_cycles * (s->rounds + 1));
  memset(ph, 0, sizeof *ph);
  ph->x_end_cycles = compute;
  if (s->gate && !rc)
    streaming_phases(s, complete, gy, gz, ph);
  for (uint32_t v = 0; v < s->nodes && !s->gate; v++) {
    ph->xy_arrived_cycles = maxd(ph->xy_arrived_cycles, gy[v]);
    ph->y_end_cycles = maxd(ph->y_end_cycles, gy[v] + compute);
    ph->yz_arrived_cycles = maxd(ph->yz_arrived_cycles, gz[v]);
    ph->z_end_cycles = maxd(ph->z_end_cycles, gz[v] + compute);
    ph->xy_turn_cycles = maxd(ph->xy_turn_cycles, gy[v] - compute);
    ph->yz_turn_cycles = maxd(ph->yz_turn_cycles, gz[v] - (gy[v] + compute));
    /* round consumption: a node's rounds start when all of its data is in */
    ph->y_first_in_cycles = maxd(ph->y_first_in_cycles, gy[v] + (double)s->fft_cycles);
    ph->z_first_in_cycles = maxd(ph->z_first_in_cycles, gz[v] + (double)s->fft_cycles);
  }
  free(gy);
  free(gz);
  return rc;
}
