/* Private to src/model/: the public API is include/fcsim/model.h; this
 * header adds the model definitions that registry.c lists. */
#ifndef FCSIM_MODEL_MODEL_H
#define FCSIM_MODEL_MODEL_H

#include "fcsim/model.h"

/* The registered models, defined in their own files. */
extern const struct fcsim_model_ops fcsim_model_stream;
extern const struct fcsim_model_ops fcsim_model_fc;
extern const struct fcsim_model_ops fcsim_model_p2p;
extern const struct fcsim_model_ops fcsim_model_linkbw;
extern const struct fcsim_model_ops fcsim_model_gather;
extern const struct fcsim_model_ops fcsim_model_fft;

#endif
