/* What the wrappers of CVips share besides their public header (not part of CVips.h). */
#ifndef CVIPS_ERROR_H
#define CVIPS_ERROR_H

/* Hands the text of the libvips failure that just happened to `*error_out` (freed with
 * cvips_free), or drops it when `error_out` is NULL: the thread's collected decoder warnings, then
 * libvips' error buffer, cleared in the same step. */
void cvips_take_error(char **error_out);

#endif
