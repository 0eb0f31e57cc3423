/* SPDX-License-Identifier: BSD-3-Clause */
/* The keys of `fcsim app fft` (the [fft] section), read by fft_app.c
 * through fcsim_config_get; they have no field in struct fcsim_params. */
#include "core/keys.h"

static const char *const fft_release_names[] = {"round", "packet", NULL};
static const char *const fft_consume_names[] = {"round", "line", "point", NULL};
static const char *const fft_routing_names[] = {"online", "table", NULL};
static const char *const fft_round_order_names[] = {"index", "shared", NULL};

static const struct fcsim_key fft_rows[] = {
    {"fft", "n", FCSIM_KT_INT, "log2 points", "6", 4, 8, 0, NULL, NULL, NULL,
     "`fcsim app fft`: the FFT has 2^n points per side (16-256, the IP sizes of Novo-G# thesis Table 6.3); the torus "
     "(network.dims) is 2^m per side"},
    {"fft", "ips", FCSIM_KT_INT, "IPs", "16", 1, 75, 0, NULL, NULL, NULL,
     "`fcsim app fft`: streaming 1D FFT IPs per node, at most Table 6.3's limit for the size (75, 41, 41, 31, 31)"},
    {"fft", "point_bytes", FCSIM_KT_INT, "bytes", "8", 1, 1024, 0, NULL, NULL, NULL,
     "`fcsim app fft`: bytes per complex point (single precision: 8)"},
    {"fft", "release", FCSIM_KEY_CHOICE(fft_release_names, "round"),
     "`fcsim app fft`: when the IPs' points leave. `round`: one message per round and destination, when the round's "
     "last point for it is produced; `packet`: a message per traffic.packet_size flits of points, each when its own "
     "last point is produced (Novo-G# thesis s6.3, L5295-5297: \"Once data is produced from FFT IP, it is ready to be "
     "sent\")"},
    {"fft", "consume", FCSIM_KEY_CHOICE(fft_consume_names, "round"),
     "`fcsim app fft`: when a node's IPs take a dimension's data. `round`: its first round starts when all of the "
     "node's data for the dimension has arrived; `line`: each round starts when its lines' points have arrived; "
     "`point`: each round streams in, point `slot` taken `slot` cycles after it starts, as soon as every point is in "
     "by its cycle (Novo-G# thesis s6.3, L5291-5299 and L5399-5401: the streaming IP is directly connected to the "
     "network switch)"},
    {"fft", "round_order", FCSIM_KEY_CHOICE(fft_round_order_names, "index"),
     "`fcsim app fft`, with fft.consume = line or point and more FFTs per node than fft.ips: which lines share a "
     "round (the seed does not say: Novo-G# thesis L5105-5125 and L5289-5314 give each line's IP index and the IPs' "
     "count and latency, not the order of a node's rounds). `index`: in the order of their Fig. 6.1 IP index, whose leading field for an X "
     "line is y's low bits, so every Y round needs points from every X round and the Y compute cannot begin before "
     "the XY turn ends; `shared`: in the order of the field an X line shares with the Y lines it feeds (z's middle "
     "bits) first, so a Y round needs only the X rounds holding its lines' field and can begin while the turn goes "
     "on (Novo-G# thesis L5295-5299: computation \"hidden behind communication\"). Needs 2m <= n "
     "(docs/APPLICATIONS.md)"},
    {"fft", "routing", FCSIM_KEY_CHOICE(fft_routing_names, "online"),
     "`fcsim app fft`: how the corner turns' packets are routed. `online`: by routing.algorithm; `table`: by the "
     "FFT's offline tables, a minimal route per message (dimension order and tie directions under the turn model) "
     "chosen from the app's own messages to balance each corner turn's bytes on every link (runs routing.algorithm = "
     "offline; Novo-G# thesis s6.3, L5336-5338; docs/APPLICATIONS.md)"},
};
const struct fcsim_key_table fcsim_fft_keys = FCSIM_KEY_TABLE("apps/fft", fft_rows);
