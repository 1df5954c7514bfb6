#ifndef KEEPSAKE_CVIPS_H
#define KEEPSAKE_CVIPS_H

/*
 * Non-variadic wrappers over the few libvips calls Keepsake needs.
 *
 * libvips' C API takes optional arguments as NULL-terminated varargs, which Swift cannot call.
 * Each function here fixes the options Keepsake uses and returns a plain result.
 *
 * Conventions:
 * - A function returning CVipsImage * returns a new reference (release it with
 *   cvips_image_unref) or NULL on failure.
 * - A function returning int returns 0 on success and -1 on failure.
 * - On failure, *error_out (when error_out is not NULL) receives the libvips error text of that
 *   failure, taken from libvips' process-wide error buffer and cleared from it at once so the next
 *   failure on any thread starts clean (for loads and decodes, preceded by the warnings libvips
 *   raised on this thread meanwhile). Free it with cvips_free. It may be an empty string.
 * - Buffers passed in must stay alive and unchanged as long as any image made from them: loading
 *   is lazy and reads from the caller's memory.
 */

#include <stddef.h>

/* The libvips image type, kept opaque so that only this target includes libvips' headers. */
typedef struct _VipsImage CVipsImage;

/* Starts libvips once per process (later calls return the first result): blocks loaders marked
 * untrusted (ImageMagick, PDF, SVG, MAT, FITS...), turns the operation cache off, so that no
 * image outlives its last reference and no result is ever reused for different bytes, and takes
 * over libvips' GLib warnings: they are never printed, and the ones a load or decode raises on the
 * calling thread are added to the text of its failure. */
int cvips_init(char **error_out);

/* The libvips version, e.g. "8.14.1". */
const char *cvips_version(void);

/* Frees a string or buffer returned by this API (g_free). NULL is fine. */
void cvips_free(void *pointer);

/* Releases an image reference. NULL is fine. */
void cvips_image_unref(CVipsImage *image);

/* The libvips class name of the loader that recognises these bytes by their content (for example
 * "VipsForeignLoadJpegBuffer"), or NULL if none does. Blocked loaders are never returned. The
 * string is static. */
const char *cvips_find_load_buffer(const void *buffer, size_t length);

/* The loaders Keepsake accepts. */
typedef enum {
    CVIPS_LOADER_JPEG = 0,
    CVIPS_LOADER_PNG = 1,
    CVIPS_LOADER_WEBP = 2,
    CVIPS_LOADER_HEIF = 3, /* HEIC, HEIF and AVIF, through libheif */
    CVIPS_LOADER_GIF = 4,
} CVipsLoader;

/* Opens an image from memory with exactly this loader (never one chosen by libvips), so bytes
 * reach no decoder other than the one their content was checked for. Only the header is read
 * now; pixels are decoded by cvips_decode. Sequential access, first page or frame only,
 * libvips' denial-of-service limits on. Damaged or truncated data is an error (fail_on=error);
 * with `strict` non-zero so is any decoder warning (fail_on=warning). */
CVipsImage *cvips_load_buffer(const void *buffer, size_t length, CVipsLoader loader, int strict,
                              char **error_out);

/* Opens a JPEG from memory like cvips_load_buffer with CVIPS_LOADER_JPEG, decoded at 1/`shrink` of
 * its size (1, 2, 4 or 8) by libjpeg's DCT scaling: every coefficient is still read (so damage is
 * still found by cvips_decode), but the inverse DCT makes only the smaller image. The size of the
 * result is the size divided by `shrink`, rounded up. */
CVipsImage *cvips_load_jpeg_shrunk(const void *buffer, size_t length, int shrink, int strict, char **error_out);

int cvips_image_width(CVipsImage *image);
int cvips_image_height(CVipsImage *image);
/* 1 if the image has an alpha channel. */
int cvips_image_has_alpha(CVipsImage *image);
/* A field as a string (free with cvips_free), or NULL if the image has no such field. */
char *cvips_image_field_string(CVipsImage *image, const char *name);

/* 1 if the image carries an ICC profile, which is then in *data_out / *length_out (owned by the
 * image: valid while it lives); 0 if it carries none. */
int cvips_image_icc_profile(CVipsImage *image, const void **data_out, size_t *length_out);

/* 1 if the pixels are 8-bit sRGB or 8-bit grey with no ICC profile (or, when `profile_is_srgb` is
 * non-zero, with a profile the caller found to be sRGB), so cvips_to_srgb(image, 0, !profile_is_srgb)
 * would change nothing. */
int cvips_image_is_plain_srgb(CVipsImage *image, int profile_is_srgb);

/* 1 if every alpha value is fully opaque; 0 if some pixel is (partly) transparent or there is no
 * alpha; -1 on failure. Reads every pixel: use it on an in-memory image. */
int cvips_alpha_is_opaque(CVipsImage *image, char **error_out);

/* The image without its alpha channel. */
CVipsImage *cvips_drop_alpha(CVipsImage *image, char **error_out);

/* Decodes every pixel of a freshly loaded image into a new in-memory image, top to bottom, on the
 * calling thread. This is where damaged data is found.
 *
 * It does not use libvips' thread pool: in libvips 8.14 a decoder error in the last tile a worker
 * handles can be lost when several workers evaluate a load (a PNG with a bad IDAT checksum came
 * back "decoded" in up to 4 runs in 10), and decoders are serial anyway. On success, the text that decoder
 * warnings left in libvips' error buffer (JPEG "extraneous bytes", libheif seeks) is cleared, so it does not end up in the message of a later failure. */
CVipsImage *cvips_decode(CVipsImage *image, char **error_out);

/* Evaluates a pipeline into a new in-memory image with libvips' thread pool: faster than
 * cvips_decode when the pipeline decodes (the pool overlaps decoding with the rest), but it shares
 * the rare loss of a decoder error described there. Use it for pixels already in memory, or for
 * bytes that already passed cvips_decode. */
CVipsImage *cvips_copy_memory(CVipsImage *image, char **error_out);

/* Applies the orientation tag so the pixels are upright, and removes the tag. */
CVipsImage *cvips_autorot(CVipsImage *image, char **error_out);

/* Converts to sRGB (or 8-bit grey for grey images), through the embedded ICC profile when there is
 * one and `use_profile` is non-zero (a profile that cannot be used is ignored; a caller that found
 * the profile to be sRGB already passes 0 and saves the transform), keeping alpha. The result has 8
 * bits per sample, or 16 when `keep_16bit` is non-zero and the input has 16. The profile stays
 * attached when it was not used. */
CVipsImage *cvips_to_srgb(CVipsImage *image, int keep_16bit, int use_profile, char **error_out);

/* Shrinks (Lanczos 3, alpha premultiplied) so that the longest edge is `max_edge`; an image that
 * already fits is returned unchanged, never enlarged. Pixels and metadata otherwise stay as they
 * are (no colour conversion, no rotation). */
CVipsImage *cvips_resize_to_fit(CVipsImage *image, int max_edge, char **error_out);

/* Like cvips_thumbnail_image from encoded bytes, with shrink-on-load where the format allows it,
 * fail_on=error and the orientation tag applied. */
CVipsImage *cvips_thumbnail_buffer(const void *buffer, size_t length, int max_edge, char **error_out);

/* Encodes as baseline JPEG; `strip` removes every metadata block (EXIF, XMP, IPTC, ICC);
 * `optimize_coding` computes optimal Huffman tables (a few percent smaller, about twice the
 * encoding time). */
int cvips_jpegsave(CVipsImage *image, int quality, int strip, int optimize_coding, void **buffer_out,
                   size_t *length_out, char **error_out);

/* Encodes as PNG (compression 6, no interlace); `strip` removes every metadata block. */
int cvips_pngsave(CVipsImage *image, int strip, void **buffer_out, size_t *length_out, char **error_out);

#endif
