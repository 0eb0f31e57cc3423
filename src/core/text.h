/* Small text helpers shared by the configuration and the model parameters. */
#ifndef FCSIM_CORE_TEXT_H
#define FCSIM_CORE_TEXT_H

#include <stddef.h>

/* Levenshtein distance between two strings, for did-you-mean suggestions;
 * only the first 63 characters of each count. `fold_case`: compare letters
 * case-insensitively (configuration keys), or exactly (model symbols, where
 * `M` and `m` differ). */
size_t fcsim_edit_distance(const char *a, const char *b, int fold_case);

#endif
