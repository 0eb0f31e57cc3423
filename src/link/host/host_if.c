/* SPDX-License-Identifier: BSD-3-Clause */
/* The TNW host interface (host_if.h): messages cut into PCIe chunks under
 * the three send schemes, each chunk handed to the link module when it
 * reaches the NWP. */
#include "link/host/host_if.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void push(struct fcsim_host_tx *h, int64_t arrive, int64_t bytes)
{
  /* schemes issue in arrival order, except nget's reads, which all take the same time */
  int i = (h->head + h->count) % FCSIM_HOST_INFLIGHT;
  h->msg_left -= bytes;
  h->ring[i] = (struct fcsim_host_chunk){.arrive = arrive, .bytes = bytes, .vc = h->vc, .last = h->msg_left == 0};
  h->count++;
}

static int64_t ser_cycles(const struct fcsim_host_tx *h, int64_t bytes)
{
  return (int64_t)ceil((double)bytes / h->cfg.pcie_bytes_per_cycle);
}

/* pput-sw: a flush every flush_bytes; the thread waits until it reached the NWP. */
static int issue_pput_sw(struct fcsim_host_tx *h, int64_t now)
{
  int64_t b = h->msg_left < h->cfg.flush_bytes ? h->msg_left : h->cfg.flush_bytes;
  int64_t arrive = now + ser_cycles(h, b) + h->cfg.transfer_cycles;
  push(h, arrive, b);
  h->next_issue = arrive;
  return 1;
}

/* pput-nwp: 64 B bursts back to back at the PCIe rate. */
static int issue_pput_nwp(struct fcsim_host_tx *h, int64_t now)
{
  int64_t b = h->msg_left < FCSIM_HOST_WC_BURST_BYTES ? h->msg_left : FCSIM_HOST_WC_BURST_BYTES;
  double start = h->pcie_free > (double)now ? h->pcie_free : (double)now;
  h->pcie_free = start + (double)b / h->cfg.pcie_bytes_per_cycle;
  push(h, (int64_t)ceil(h->pcie_free) + h->cfg.transfer_cycles, b);
  h->next_issue = (int64_t)floor(h->pcie_free);
  return 1;
}

/* nget: a read request up, its completion down. */
static int issue_nget(struct fcsim_host_tx *h, int64_t now)
{
  if (h->reads >= h->cfg.reads_outstanding)
    return 0;
  int64_t b = h->msg_left < h->cfg.read_bytes ? h->msg_left : h->cfg.read_bytes;
  double start =
      h->pcie_free > (double)(now + h->cfg.transfer_cycles) ? h->pcie_free : (double)(now + h->cfg.transfer_cycles);
  h->pcie_free = start + (double)b / h->cfg.pcie_bytes_per_cycle;
  push(h, (int64_t)ceil(h->pcie_free) + h->cfg.transfer_cycles, b);
  h->reads++;
  h->next_issue = now + 1;
  return 1;
}

static const struct fcsim_host_scheme_ops pput_sw = {"pput-sw", "Pput, WC buffers flushed by software",
                                                     "Pivanti 2010 L76-78, L113", issue_pput_sw};
static const struct fcsim_host_scheme_ops pput_nwp = {"pput-nwp", "Pput, WC bursts re-ordered by the NWP",
                                                      "Pivanti 2010 L78-80, L115", issue_pput_nwp};
static const struct fcsim_host_scheme_ops nget = {"nget", "Nget: doorbell, DMA read", "Pivanti 2010 L70, L117",
                                                  issue_nget};

const struct fcsim_host_scheme_ops *const fcsim_host_schemes[] = {&pput_sw, &pput_nwp, &nget, NULL};

const struct fcsim_host_scheme_ops *fcsim_host_scheme_find(const char *name)
{
  for (int i = 0; fcsim_host_schemes[i]; i++)
    if (!strcmp(fcsim_host_schemes[i]->name, name))
      return fcsim_host_schemes[i];
  return NULL;
}

int fcsim_host_tx_init(struct fcsim_host_tx *h, const struct fcsim_host_cfg *cfg, int vcs, const int64_t *vc_bytes,
                       struct fcsim_error *err)
{
  memset(h, 0, sizeof *h);
  if (cfg->scheme < 0 || cfg->scheme >= FCSIM_HOST_SCHEMES || cfg->pcie_bytes_per_cycle <= 0 ||
      cfg->message_bytes < 1 || cfg->flush_bytes < 1 || cfg->read_bytes < 1 || cfg->reads_outstanding < 1 || vcs < 1 ||
      vcs > FCSIM_TNW_MAX_VCS)
    return fcsim_error_set(err, FCSIM_ERANGE,
                           "host: scheme, PCIe rate, message, flush, read sizes and VCs must be valid");
  if (cfg->reads_outstanding > FCSIM_HOST_INFLIGHT)
    return fcsim_error_set(err, FCSIM_ERANGE, "host: at most %d reads in flight", FCSIM_HOST_INFLIGHT);
  h->cfg = *cfg;
  h->vcs = vcs;
  int64_t most = 0;
  for (int v = 0; v < vcs; v++) {
    h->left[v] = vc_bytes[v];
    if (vc_bytes[v] > most)
      most = vc_bytes[v];
  }
  h->msg_cap = most / cfg->message_bytes + 2;
  for (int v = 0; v < vcs; v++)
    if (!(h->msg_start[v] = calloc((size_t)h->msg_cap, sizeof *h->msg_start[v]))) {
      fcsim_host_tx_free(h);
      return fcsim_error_set(err, FCSIM_ENOMEM, "host: out of memory");
    }
  h->vc = vcs - 1;
  return 0;
}

void fcsim_host_tx_free(struct fcsim_host_tx *h)
{
  for (int v = 0; v < FCSIM_TNW_MAX_VCS; v++) {
    free(h->msg_start[v]);
    h->msg_start[v] = NULL;
  }
}

/* Starts the next message, round robin over the VCs with bytes left: the
 * thread pays its software overhead (and, for nget, the doorbell). */
static void start_message(struct fcsim_host_tx *h, int64_t now)
{
  for (int k = 1; k <= h->vcs; k++) {
    int v = (h->vc + k) % h->vcs;
    if (h->left[v] <= 0)
      continue;
    int64_t b = h->left[v] < h->cfg.message_bytes ? h->left[v] : h->cfg.message_bytes;
    h->left[v] -= b;
    h->vc = v;
    h->msg_left = b;
    int64_t from = h->next_issue > now ? h->next_issue : now;
    h->msg_start[v][h->msgs[v]++] = from;
    h->next_issue = from + h->cfg.sw_cycles + (h->cfg.scheme == FCSIM_HOST_NGET ? h->cfg.transfer_cycles : 0);
    return;
  }
}

void fcsim_host_tx_step(struct fcsim_host_tx *h, struct fcsim_tnw_end *end, int64_t now)
{
  while (h->count && h->ring[h->head].arrive <= now) {
    const struct fcsim_host_chunk *c = &h->ring[h->head];
    h->staged[c->vc] += c->bytes;
    int64_t pkt = end->cfg.payload_bytes;
    int64_t go = c->last ? h->staged[c->vc] : h->staged[c->vc] / pkt * pkt;
    if (go > 0) {
      fcsim_tnw_send(end, c->vc, go);
      h->staged[c->vc] -= go;
    }
    if (h->cfg.scheme == FCSIM_HOST_NGET)
      h->reads--;
    h->head = (h->head + 1) % FCSIM_HOST_INFLIGHT;
    h->count--;
  }
  if (h->msg_left == 0)
    start_message(h, now);
  if (h->msg_left > 0 && now >= h->next_issue && h->count < FCSIM_HOST_INFLIGHT)
    fcsim_host_schemes[h->cfg.scheme]->issue(h, now);
}

int64_t fcsim_host_msg_start(const struct fcsim_host_tx *h, int vc, int64_t k)
{
  if (vc < 0 || vc >= h->vcs || k < 0 || k >= h->msgs[vc])
    return -1;
  return h->msg_start[vc][k];
}
