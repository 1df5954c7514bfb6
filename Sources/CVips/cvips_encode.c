/* Scaling and encoding: thumbnails, JPEG and PNG output (the wrappers that decode are in cvips.c). */
#include "CVips.h"
#include "cvips_error.h"

#include <vips/vips.h>

/* `scale` for an edge of `length` pixels, or the scale that leaves one pixel when `scale` would
 * leave less. */
static double fit_scale(int length, double scale) {
    return length * scale < 1.0 ? 1.0 / length : scale;
}

CVipsImage *cvips_resize_to_fit(CVipsImage *image, int max_edge, char **error_out) {
    int width = vips_image_get_width(image);
    int height = vips_image_get_height(image);
    int longest = width > height ? width : height;
    VipsImage *t[4] = { NULL, NULL, NULL, NULL };
    VipsImage *out = NULL;

    if (max_edge <= 0) {
        vips_error("keepsake", "thumbnail size must be positive");
        cvips_take_error(error_out);
        return NULL;
    }
    if (longest <= max_edge) {
        g_object_ref(image);
        return image;
    }
    double scale = (double) max_edge / longest;
    double hscale = fit_scale(width, scale);
    double vscale = fit_scale(height, scale);

    if (vips_image_hasalpha(image)) {
        /* Premultiply so transparent pixels do not bleed their colour into the edges. */
        VipsBandFormat format = vips_image_get_format(image);
        if (vips_premultiply(image, &t[0], NULL) ||
            vips_resize(t[0], &t[1], hscale, "vscale", vscale, NULL) ||
            vips_unpremultiply(t[1], &t[2], NULL) ||
            vips_cast(t[2], &t[3], format, NULL)) {
            cvips_take_error(error_out);
        } else {
            out = t[3];
            t[3] = NULL;
        }
    } else if (vips_resize(image, &out, hscale, "vscale", vscale, NULL)) {
        cvips_take_error(error_out);
        out = NULL;
    }
    for (int i = 0; i < 4; i++) {
        if (t[i]) {
            g_object_unref(t[i]);
        }
    }
    return out;
}

CVipsImage *cvips_thumbnail_buffer(const void *buffer, size_t length, int max_edge, char **error_out) {
    VipsImage *out = NULL;
    /* vips_thumbnail_buffer takes a non-const pointer but only reads from it. */
    if (vips_thumbnail_buffer((void *) buffer, length, &out, max_edge,
            "height", max_edge,
            "size", VIPS_SIZE_DOWN,
            "fail_on", VIPS_FAIL_ON_ERROR,
            NULL)) {
        cvips_take_error(error_out);
        return NULL;
    }
    return out;
}

int cvips_jpegsave(CVipsImage *image, int quality, int strip, int optimize_coding, void **buffer_out,
                   size_t *length_out, char **error_out) {
    *buffer_out = NULL;
    *length_out = 0;
    if (vips_jpegsave_buffer(image, buffer_out, length_out,
            "Q", quality,
            "strip", strip ? TRUE : FALSE,
            "optimize_coding", optimize_coding ? TRUE : FALSE,
            NULL)) {
        cvips_take_error(error_out);
        return -1;
    }
    return 0;
}

int cvips_pngsave(CVipsImage *image, int strip, void **buffer_out, size_t *length_out, char **error_out) {
    *buffer_out = NULL;
    *length_out = 0;
    if (vips_pngsave_buffer(image, buffer_out, length_out,
            "compression", 6,
            "interlace", FALSE,
            "strip", strip ? TRUE : FALSE,
            NULL)) {
        cvips_take_error(error_out);
        return -1;
    }
    return 0;
}
