/* SPDX-License-Identifier: BSD-3-Clause */
/* Distribution across MPI ranks: the exchange plan of mirrored rings, the
 * per-window exchange, reductions with a timeout, and the final statistics.
 * See mpi.h. Only thread 0 of a rank calls MPI (MPI_THREAD_FUNNELED). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/mpi.h"
#include "router/router.h"
#include "workload/workload.h"

#ifdef FCSIM_HAVE_MPI
#include <mpi.h>

#define TAG_RINGS 41

struct mpi_peer {
  int rank;
  uint32_t *send_data, n_send_data; /* data rings written here, read there (ascending) */
  uint32_t *send_cred, n_send_cred; /* credit rings written here, read there */
  uint32_t *recv_data, n_recv_data; /* data rings written there, read here */
  uint32_t *recv_cred, n_recv_cred; /* credit rings written there, read here */
  char *sendbuf, *recvbuf;          /* from malloc */
  size_t sendcap, recvcap;
};

struct fcsim_mpi {
  int npeers;
  struct mpi_peer *peers; /* [npeers], by ascending rank */
  double timeout_s;
};

void fcsim_mpi_world(int *rank, int *size)
{
  int init = 0, fin = 0;
  MPI_Initialized(&init);
  MPI_Finalized(&fin);
  *rank = 0;
  *size = 1;
  if (init && !fin) {
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    MPI_Comm_size(MPI_COMM_WORLD, size);
  }
}

static double seconds(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int rank_of_node(const struct fcsim_net *net, uint32_t node)
{
  return (int)(net->part_of[node] / (uint32_t)net->p.threads);
}

static struct mpi_peer *peer_for(struct fcsim_mpi *m, int rank)
{
  for (int i = 0; i < m->npeers; i++)
    if (m->peers[i].rank == rank)
      return &m->peers[i];
  return NULL;
}

static int push_index(uint32_t **list, uint32_t *n, uint32_t value)
{
  uint32_t *nl = realloc(*list, (*n + 1) * sizeof **list);
  if (!nl)
    return -1;
  nl[(*n)++] = value;
  *list = nl;
  return 0;
}

void fcsim_mpi_free(struct fcsim_net *net)
{
  struct fcsim_mpi *m = net->mpi;
  if (!m)
    return;
  for (int i = 0; i < m->npeers; i++) {
    struct mpi_peer *p = &m->peers[i];
    free(p->send_data);
    free(p->send_cred);
    free(p->recv_data);
    free(p->recv_cred);
    free(p->sendbuf);
    free(p->recvbuf);
  }
  free(m->peers);
  free(m);
  net->mpi = NULL;
}

/* Bytes one window's exchange of these rings can take at most. */
static size_t ring_bytes(const struct fcsim_net *net, const uint32_t *data, uint32_t nd, const uint32_t *cred,
                         uint32_t nc)
{
  size_t b = (size_t)(nd + nc) * sizeof(uint32_t) + 8;
  for (uint32_t k = 0; k < nd; k++)
    b += ((size_t)net->links.chan[data[k]].mask + 1) * sizeof(struct fcsim_link_slot);
  for (uint32_t k = 0; k < nc; k++)
    b += ((size_t)net->links.cchan[cred[k]].mask + 1) * sizeof(struct fcsim_credit_slot);
  return b;
}

int fcsim_mpi_plan(struct fcsim_net *net, struct fcsim_error *err)
{
  if (net->nranks <= 1)
    return 0;
  struct fcsim_mpi *m = calloc(1, sizeof *m);
  if (!m)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  net->mpi = m;
  m->timeout_s = net->p.mpi_timeout_s;
  m->peers = calloc((size_t)net->nranks, sizeof *m->peers);
  if (!m->peers)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  for (int r = 0; r < net->nranks; r++)
    if (r != net->rank)
      m->peers[m->npeers++].rank = r;
  const struct fcsim_graph *g = &net->topo.graph;
  const int me = net->rank;
  for (int64_t c = 0; c < g->nslots; c++) {
    int32_t to = g->chan[c].dst;
    if (to < 0)
      continue;
    int rw = rank_of_node(net, g->chan[c].src), rr = rank_of_node(net, (uint32_t)to);
    if (rw == rr)
      continue;
    net->links.chan[c].remote = net->links.cchan[c].remote = 1;
    int bad = 0;
    /* data ring c: written by the node it leaves, read by `to`;
     * credit ring c: written by `to`, read by the node c leaves */
    if (rw == me) {
      struct mpi_peer *p = peer_for(m, rr);
      bad |= push_index(&p->send_data, &p->n_send_data, (uint32_t)c);
      bad |= push_index(&p->recv_cred, &p->n_recv_cred, (uint32_t)c);
    } else if (rr == me) {
      struct mpi_peer *p = peer_for(m, rw);
      bad |= push_index(&p->recv_data, &p->n_recv_data, (uint32_t)c);
      bad |= push_index(&p->send_cred, &p->n_send_cred, (uint32_t)c);
    }
    if (bad)
      return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory");
  }
  /* a ring never holds more than its capacity: that bounds one window */
  for (int i = 0; i < m->npeers; i++) {
    struct mpi_peer *p = &m->peers[i];
    p->sendcap = ring_bytes(net, p->send_data, p->n_send_data, p->send_cred, p->n_send_cred);
    p->recvcap = ring_bytes(net, p->recv_data, p->n_recv_data, p->recv_cred, p->n_recv_cred);
    p->sendbuf = malloc(p->sendcap);
    p->recvbuf = malloc(p->recvcap);
    if (!p->sendbuf || !p->recvbuf)
      return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for MPI buffers");
  }
  return 0;
}

/* Appends ring entries [pub, tail) of the writer's copy; marks them sent. */
static char *pack_ring(struct fcsim_ring *r, const void *pool, size_t esize, char *out)
{
  uint32_t n = r->tail - r->pub;
  memcpy(out, &n, sizeof n);
  out += sizeof n;
  for (uint32_t i = 0; i < n; i++, out += esize)
    memcpy(out, (const char *)pool + (r->base + ((r->pub + i) & r->mask)) * esize, esize);
  r->pub = r->tail;
  return out;
}

/* Appends received entries to the reader's copy and publishes them. */
static const char *unpack_ring(struct fcsim_ring *r, void *pool, size_t esize, const char *in, uint64_t *overflows)
{
  uint32_t n;
  memcpy(&n, in, sizeof n);
  in += sizeof n;
  for (uint32_t i = 0; i < n; i++, in += esize) {
    if (r->tail - r->head > r->mask) { /* sized so this cannot happen */
      (*overflows)++;
      continue;
    }
    memcpy((char *)pool + (r->base + (r->tail & r->mask)) * esize, in, esize);
    r->tail++;
  }
  r->pub = r->tail;
  return in;
}

/* Waits for all requests, failing after the timeout with the silent peers. */
static int wait_all(struct fcsim_net *net, int n, MPI_Request *reqs, const int *peer_of_req, const char *what,
                    struct fcsim_error *err)
{
  double start = seconds();
  for (;;) {
    int done = 0;
    MPI_Testall(n, reqs, &done, MPI_STATUSES_IGNORE);
    if (done)
      return 0;
    if (seconds() - start > net->mpi->timeout_s) {
      char who[256] = "";
      int last = -1;
      for (int i = 0; i < n; i++) {
        int flag = 0;
        MPI_Test(&reqs[i], &flag, MPI_STATUS_IGNORE);
        if (!flag && peer_of_req && peer_of_req[i] != last && strlen(who) < sizeof who - 16) {
          snprintf(who + strlen(who), sizeof who - strlen(who), "%s%d", who[0] ? ", " : "", peer_of_req[i]);
          last = peer_of_req[i];
        }
      }
      return fcsim_error_set(err, FCSIM_EIO, "no %s from %s%s for %.0f s (sim.mpi_timeout): did it die?", what,
                             who[0] ? "rank " : "", who[0] ? who : "the other ranks", net->mpi->timeout_s);
    }
    struct timespec nap = {0, 20000};
    nanosleep(&nap, NULL);
  }
}

int fcsim_mpi_exchange(struct fcsim_net *net, struct fcsim_error *err)
{
  struct fcsim_mpi *m = net->mpi;
  if (!m)
    return 0;
  MPI_Request reqs[2 * m->npeers];
  int peer_of_req[2 * m->npeers];
  int nreq = 0;
  for (int i = 0; i < m->npeers; i++) {
    struct mpi_peer *p = &m->peers[i];
    if (!p->n_recv_data && !p->n_recv_cred)
      continue;
    peer_of_req[nreq] = p->rank;
    MPI_Irecv(p->recvbuf, (int)p->recvcap, MPI_BYTE, p->rank, TAG_RINGS, MPI_COMM_WORLD, &reqs[nreq++]);
  }
  for (int i = 0; i < m->npeers; i++) {
    struct mpi_peer *p = &m->peers[i];
    if (!p->n_send_data && !p->n_send_cred)
      continue;
    char *out = p->sendbuf;
    for (uint32_t k = 0; k < p->n_send_data; k++)
      out = pack_ring(&net->links.chan[p->send_data[k]], net->links.chan_pool, sizeof(struct fcsim_link_slot), out);
    for (uint32_t k = 0; k < p->n_send_cred; k++)
      out = pack_ring(&net->links.cchan[p->send_cred[k]], net->links.cchan_pool, sizeof(struct fcsim_credit_slot), out);
    peer_of_req[nreq] = p->rank;
    MPI_Isend(p->sendbuf, (int)(out - p->sendbuf), MPI_BYTE, p->rank, TAG_RINGS, MPI_COMM_WORLD, &reqs[nreq++]);
  }
  int rc = wait_all(net, nreq, reqs, peer_of_req, "boundary flits", err);
  if (rc)
    return rc;
  uint64_t overflows = 0;
  for (int i = 0; i < m->npeers; i++) {
    struct mpi_peer *p = &m->peers[i];
    const char *in = p->recvbuf;
    for (uint32_t k = 0; k < p->n_recv_data; k++)
      in = unpack_ring(&net->links.chan[p->recv_data[k]], net->links.chan_pool, sizeof(struct fcsim_link_slot), in,
                       &overflows);
    for (uint32_t k = 0; k < p->n_recv_cred; k++)
      in = unpack_ring(&net->links.cchan[p->recv_cred[k]], net->links.cchan_pool, sizeof(struct fcsim_credit_slot), in,
                       &overflows);
  }
  net->parts[net->part_first].acc.buffer_overflows += overflows;
  return 0;
}

int fcsim_mpi_allreduce(struct fcsim_net *net, uint64_t *sum, int nsum, uint64_t *max, int nmax,
                        struct fcsim_error *err)
{
  if (net->nranks <= 1)
    return 0;
  MPI_Request reqs[2];
  int n = 0;
  if (nsum)
    MPI_Iallreduce(MPI_IN_PLACE, sum, nsum, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD, &reqs[n++]);
  if (nmax)
    MPI_Iallreduce(MPI_IN_PLACE, max, nmax, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD, &reqs[n++]);
  return wait_all(net, n, reqs, NULL, "reduction", err);
}

/* Gathers, for each rank, the bytes [off[first node], off[last node]) of
 * `base` into rank 0's copy. */
static int gather_slices(struct fcsim_net *net, void *base, const uint64_t *off)
{
  int counts[net->nranks], displs[net->nranks];
  for (int r = 0; r < net->nranks; r++) {
    uint32_t first = net->parts[r * net->p.threads].first, last = net->parts[(r + 1) * net->p.threads - 1].last;
    counts[r] = (int)(off[last] - off[first]);
    displs[r] = (int)off[first];
  }
  char *mine = (char *)base + displs[net->rank];
  if (net->rank == 0)
    return MPI_Gatherv(MPI_IN_PLACE, 0, MPI_BYTE, base, counts, displs, MPI_BYTE, 0, MPI_COMM_WORLD);
  return MPI_Gatherv(mine, counts[net->rank], MPI_BYTE, NULL, NULL, NULL, MPI_BYTE, 0, MPI_COMM_WORLD);
}

/* Rank 0 gathers the states into a copy, which the deadlock report reads:
 * the states themselves hold pointers (views, queues) of the rank that
 * stepped them, which only that rank may follow or free. */
int fcsim_mpi_gather_routers(struct fcsim_net *net, struct fcsim_error *err)
{
  if (net->nranks <= 1)
    return 0;
  const uint64_t bytes = net->state_off[net->topo.graph.nodes];
  char *base = net->states;
  if (net->rank == 0) {
    if (!(base = malloc(bytes ? bytes : 1)))
      return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the deadlock report (%llu bytes)",
                             (unsigned long long)bytes);
    memcpy(base, net->states, bytes);
  }
  if (gather_slices(net, base, net->state_off) != MPI_SUCCESS) {
    if (base != net->states)
      free(base);
    return fcsim_error_set(err, FCSIM_EIO, "cannot gather router state for the deadlock report");
  }
  if (base != net->states) {
    net->gathered_states = base;
    net->all_states.base = base;
  }
  return 0;
}

int fcsim_mpi_gather_stats(struct fcsim_net *net, struct fcsim_error *err)
{
  if (net->nranks <= 1)
    return 0;
  struct fcsim_stats_acc *a = &net->acc;
  uint64_t sums[16] = {a->created_flits_window,
                       a->injected_flits_window,
                       a->ejected_flits_window,
                       a->measured_created,
                       a->measured_delivered,
                       a->lat_sum,
                       a->hops_sum,
                       a->flits_injected_total,
                       a->flits_ejected_total,
                       a->flit_hops_total,
                       a->buffer_overflows,
                       (uint64_t)net->flits_in_network,
                       a->self_sent_window,
                       a->self_excluded_window,
                       a->node_steps,
                       a->train_packets};
  uint64_t maxs[5] = {a->lat_max, a->last_eject, a->max_busy_vcs, UINT64_MAX - a->first_inject,
                      a->vc_buffer_peak_bytes};
  int rc = fcsim_mpi_allreduce(net, sums, 16, maxs, 5, err);
  if (!rc)
    rc = fcsim_mpi_allreduce(net, a->hist, FCSIM_HIST_BUCKETS, NULL, 0, err);
  if (!rc)
    rc = fcsim_mpi_allreduce(net, net->links.link_flits, (int)net->topo.graph.nslots, NULL, 0, err);
  if (rc)
    return rc;
  a->created_flits_window = sums[0];
  a->injected_flits_window = sums[1];
  a->ejected_flits_window = sums[2];
  a->measured_created = sums[3];
  a->measured_delivered = sums[4];
  a->lat_sum = sums[5];
  a->hops_sum = sums[6];
  a->flits_injected_total = sums[7];
  a->flits_ejected_total = sums[8];
  a->flit_hops_total = sums[9];
  a->buffer_overflows = sums[10];
  net->flits_in_network = (int64_t)sums[11];
  a->self_sent_window = sums[12];
  a->self_excluded_window = sums[13];
  a->node_steps = sums[14];
  a->train_packets = sums[15];
  a->lat_max = maxs[0];
  a->last_eject = maxs[1];
  a->max_busy_vcs = (uint32_t)maxs[2];
  a->first_inject = UINT64_MAX - maxs[3];
  a->vc_buffer_peak_bytes = maxs[4];
  return fcsim_mpi_merge_counters(net, err);
}

/* Every counter array declared by the node kinds and the workload. */
static int collect_counters(const struct fcsim_net *net, struct fcsim_counter *c)
{
  int n = 0;
  for (int k = 0; k < net->nkinds; k++)
    if (net->kinds[k].ops->counters)
      n += net->kinds[k].ops->counters(net->kinds[k].shared, c + n);
  if (net->workload->counters)
    n += net->workload->counters(net->wl_shared, c + n);
  return n;
}

int fcsim_mpi_merge_counters(struct fcsim_net *net, struct fcsim_error *err)
{
  if (net->nranks <= 1)
    return 0;
  struct fcsim_counter c[(FCSIM_MAX_KINDS + 1) * FCSIM_MAX_COUNTERS];
  int nc = collect_counters(net, c);
  size_t nsum = fcsim_counters_count(c, nc, FCSIM_MERGE_SUM), nmax = fcsim_counters_count(c, nc, FCSIM_MERGE_MAX);
  if (nsum + nmax == 0)
    return 0;
  if (nsum > INT32_MAX || nmax > INT32_MAX)
    return fcsim_error_set(err, FCSIM_ERANGE, "%zu model counters: too many to reduce over MPI ranks", nsum + nmax);
  uint64_t *buf = malloc((nsum + nmax) * sizeof *buf);
  if (!buf)
    return fcsim_error_set(err, FCSIM_ENOMEM, "out of memory for the model counters");
  fcsim_counters_pack(c, nc, FCSIM_MERGE_SUM, buf);
  fcsim_counters_pack(c, nc, FCSIM_MERGE_MAX, buf + nsum);
  int rc = fcsim_mpi_allreduce(net, buf, (int)nsum, buf + nsum, (int)nmax, err);
  if (!rc) {
    fcsim_counters_unpack(c, nc, FCSIM_MERGE_SUM, buf);
    fcsim_counters_unpack(c, nc, FCSIM_MERGE_MAX, buf + nsum);
  }
  free(buf);
  return rc;
}

#else /* !FCSIM_HAVE_MPI: a single rank */

void fcsim_mpi_world(int *rank, int *size)
{
  *rank = 0;
  *size = 1;
}

int fcsim_mpi_plan(struct fcsim_net *net, struct fcsim_error *err)
{
  return 0;
}

void fcsim_mpi_free(struct fcsim_net *net)
{
}

int fcsim_mpi_exchange(struct fcsim_net *net, struct fcsim_error *err)
{
  return 0;
}

int fcsim_mpi_allreduce(struct fcsim_net *net, uint64_t *sum, int nsum, uint64_t *max, int nmax,
                        struct fcsim_error *err)
{
  return 0;
}

int fcsim_mpi_gather_stats(struct fcsim_net *net, struct fcsim_error *err)
{
  return 0;
}

int fcsim_mpi_merge_counters(struct fcsim_net *net, struct fcsim_error *err)
{
  return 0;
}

int fcsim_mpi_gather_routers(struct fcsim_net *net, struct fcsim_error *err)
{
  return 0;
}
#endif
