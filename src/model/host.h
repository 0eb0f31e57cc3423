/* SPDX-License-Identifier: BSD-3-Clause */
/* The TNW host interface's figures from the seed (Pivanti 2010 s2.1 and
 * s4), the defaults of the `host` model (host.c) and of the cycle-level host
 * interface (link/host/host_if.h), which reads them from here. */
#ifndef FCSIM_MODEL_HOST_H
#define FCSIM_MODEL_HOST_H

#define FCSIM_HOST_PCIE_BYTES_PER_S 3.2e9  /* Gen2 x8, effective (L37) */
#define FCSIM_HOST_TRANSFER_S       0.2e-6 /* per PCIe transfer to or from CPU memory (L117) */
#define FCSIM_HOST_SW_PPUT_S        0.7e-6 /* software overhead of Pput, the seed's estimate (L117) */
#define FCSIM_HOST_SW_NGET_S        0.8e-6 /* ... of Nget (L117) */

#endif
