/* Text helpers: edit distance for did-you-mean suggestions. */
#include <ctype.h>
#include <string.h>

#include "core/text.h"

size_t fcsim_edit_distance(const char *a, const char *b, int fold_case)
{
  size_t la = strlen(a), lb = strlen(b);
  if (la > 63)
    la = 63;
  if (lb > 63)
    lb = 63;
  size_t prev[64], cur[64];
  for (size_t j = 0; j <= lb; j++)
    prev[j] = j;
  for (size_t i = 1; i <= la; i++) {
    cur[0] = i;
    for (size_t j = 1; j <= lb; j++) {
      int ca = (unsigned char)a[i - 1], cb = (unsigned char)b[j - 1];
      if (fold_case) {
        ca = tolower(ca);
        cb = tolower(cb);
      }
      size_t sub = prev[j - 1] + (ca != cb), del = prev[j] + 1, ins = cur[j - 1] + 1;
      size_t best = sub < del ? sub : del;
      cur[j] = best < ins ? best : ins;
    }
    memcpy(prev, cur, (lb + 1) * sizeof prev[0]);
  }
  return prev[lb];
}
