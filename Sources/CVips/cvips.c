#include "CVips.h"
#include "cvips_error.h"

#include <vips/vips.h>

/* libvips reports many decoder complaints as GLib warnings on stderr rather than in its error
 * buffer: libpng's "IHDR: CRC error", libjpeg's first warning, an ignored nclx profile. They are
 * collected, per thread, while a wrapper below runs (they are emitted on the thread that reads the
 * file, and cvips_load_buffer and cvips_decode read on the caller's thread), so a failure can say
 * what the decoder saw. They are never printed: stderr is the command-line tool's, and a person
 * adding a photo can do nothing with "ignoring nclx profile". */
static _Thread_local GString *thread_warnings = NULL;

static void collect_warning(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void) domain;
    (void) level;
    (void) data;
    if (thread_warnings && message) {
        g_string_append(thread_warnings, message);
        g_string_append_c(thread_warnings, '\n');
    }
}

/* Starts collecting this thread's libvips warnings. */
static void begin_warnings(void) {
    if (!thread_warnings) {
        thread_warnings = g_string_new(NULL);
    }
}

/* Stops collecting and drops what was collected. */
static void end_warnings(void) {
    if (thread_warnings) {
        g_string_free(thread_warnings, TRUE);
        thread_warnings = NULL;
    }
}

/* Takes the text of the failure that just happened: this thread's collected warnings, then
 * libvips' process-wide error buffer, which is cleared in the same locked step so the text is not
 * repeated in a later failure. */
void cvips_take_error(char **error_out) {
    char *text = vips_error_buffer_copy();
    if (error_out) {
        if (thread_warnings && thread_warnings->len) {
            char *joined = g_strconcat(thread_warnings->str, text, NULL);
            g_free(text);
            text = joined;
        }
        *error_out = text;
    } else {
        g_free(text);
    }
}

static int init_result = 1; /* 1 = not yet run */
static char *init_error = NULL;
static GOnce init_once = G_ONCE_INIT;

static gpointer run_init(gpointer unused) {
    (void) unused;
    if (vips_init("keepsake")) {
        init_result = -1;
        init_error = vips_error_buffer_copy();
        return NULL;
    }
    /* Loaders libvips itself marks untrusted (ImageMagick, PDF, SVG, MAT, FITS, ...) parse
     * complex formats through large libraries; they are never needed for photos. */
    vips_block_untrusted_set(TRUE);
    /* The operation cache would keep decoded images alive after their last use and could hand
     * back a cached result for a new buffer that reuses an old address: off. */
    vips_cache_set_max(0);
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, collect_warning, NULL);
    init_result = 0;
    return NULL;
}

int cvips_init(char **error_out) {
    g_once(&init_once, run_init, NULL);
    if (init_result != 0 && error_out) {
        *error_out = g_strdup(init_error ? init_error : "vips_init failed");
    }
    return init_result == 0 ? 0 : -1;
}

const char *cvips_version(void) {
    return vips_version_string();
}

void cvips_free(void *pointer) {
    g_free(pointer);
}

void cvips_image_unref(CVipsImage *image) {
    if (image) {
        g_object_unref(image);
    }
}

const char *cvips_find_load_buffer(const void *buffer, size_t length) {
    const char *name = vips_foreign_find_load_buffer(buffer, length);
    if (!name) {
        /* "not a known format": the caller words its own message. */
        cvips_take_error(NULL);
    }
    return name;
}

CVipsImage *cvips_load_buffer(const void *buffer, size_t length, CVipsLoader loader, int strict,
                              char **error_out) {
    VipsImage *image = NULL;
    VipsAccess access = VIPS_ACCESS_SEQUENTIAL;
    VipsFailOn fail_on = strict ? VIPS_FAIL_ON_WARNING : VIPS_FAIL_ON_ERROR;
    /* The loaders take a non-const pointer but only read from it. */
    void *data = (void *) buffer;
    int result = -1;

    begin_warnings();
    switch (loader) {
    case CVIPS_LOADER_JPEG:
        result = vips_jpegload_buffer(data, length, &image,
            "access", access, "fail_on", fail_on, NULL);
        break;
    case CVIPS_LOADER_PNG:
        result = vips_pngload_buffer(data, length, &image,
            "access", access, "fail_on", fail_on, NULL);
        break;
    case CVIPS_LOADER_WEBP:
        result = vips_webpload_buffer(data, length, &image,
            "access", access, "fail_on", fail_on, NULL);
        break;
    case CVIPS_LOADER_HEIF:
        result = vips_heifload_buffer(data, length, &image,
            "access", access, "fail_on", fail_on, NULL);
        break;
    case CVIPS_LOADER_GIF:
        result = vips_gifload_buffer(data, length, &image,
            "access", access, "fail_on", fail_on, NULL);
        break;
    default:
        vips_error("keepsake", "unknown loader %d", (int) loader);
        break;
    }
    if (result) {
        cvips_take_error(error_out);
    }
    end_warnings();
    return result ? NULL : image;
}

CVipsImage *cvips_load_jpeg_shrunk(const void *buffer, size_t length, int shrink, int strict, char **error_out) {
    VipsImage *image = NULL;
    int result;

    begin_warnings();
    /* The loader takes a non-const pointer but only reads from it. */
    result = vips_jpegload_buffer((void *) buffer, length, &image,
        "access", VIPS_ACCESS_SEQUENTIAL,
        "fail_on", strict ? VIPS_FAIL_ON_WARNING : VIPS_FAIL_ON_ERROR,
        "shrink", shrink,
        NULL);
    if (result) {
        cvips_take_error(error_out);
    }
    end_warnings();
    return result ? NULL : image;
}

int cvips_image_width(CVipsImage *image) { return vips_image_get_width(image); }
int cvips_image_height(CVipsImage *image) { return vips_image_get_height(image); }

int cvips_image_has_alpha(CVipsImage *image) {
    return vips_image_hasalpha(image) ? 1 : 0;
}

char *cvips_image_field_string(CVipsImage *image, const char *name) {
    char *text = NULL;
    if (!vips_image_get_typeof(image, name)) {
        return NULL;
    }
    if (vips_image_get_as_string(image, name, &text)) {
        cvips_take_error(NULL);
        return NULL;
    }
    return text;
}

int cvips_image_icc_profile(CVipsImage *image, const void **data_out, size_t *length_out) {
    *data_out = NULL;
    *length_out = 0;
    if (!vips_image_get_typeof(image, VIPS_META_ICC_NAME) ||
        vips_image_get_blob(image, VIPS_META_ICC_NAME, data_out, length_out)) {
        *data_out = NULL;
        *length_out = 0;
        return 0;
    }
    return 1;
}

int cvips_image_is_plain_srgb(CVipsImage *image, int profile_is_srgb) {
    if (vips_image_get_format(image) != VIPS_FORMAT_UCHAR ||
        (!profile_is_srgb && vips_image_get_typeof(image, VIPS_META_ICC_NAME))) {
        return 0;
    }
    switch (vips_image_guess_interpretation(image)) {
    case VIPS_INTERPRETATION_sRGB:
        return vips_image_get_bands(image) == 3 || vips_image_get_bands(image) == 4;
    case VIPS_INTERPRETATION_B_W:
        return vips_image_get_bands(image) == 1 || vips_image_get_bands(image) == 2;
    default:
        return 0;
    }
}

int cvips_alpha_is_opaque(CVipsImage *image, char **error_out) {
    VipsImage *alpha = NULL;
    double minimum = 0;
    if (!vips_image_hasalpha(image)) {
        return 0;
    }
    if (vips_extract_band(image, &alpha, vips_image_get_bands(image) - 1, NULL) ||
        vips_min(alpha, &minimum, NULL)) {
        if (alpha) {
            g_object_unref(alpha);
        }
        cvips_take_error(error_out);
        return -1;
    }
    g_object_unref(alpha);
    /* Loaders give 8- or 16-bit samples; an opaque alpha is the largest value of the format. */
    return minimum >= (vips_image_get_format(image) == VIPS_FORMAT_USHORT ? 65535.0 : 255.0) ? 1 : 0;
}

CVipsImage *cvips_drop_alpha(CVipsImage *image, char **error_out) {
    VipsImage *out = NULL;
    if (vips_extract_band(image, &out, 0, "n", vips_image_get_bands(image) - 1, NULL)) {
        cvips_take_error(error_out);
        return NULL;
    }
    return out;
}

/* Lines decoded per request in cvips_decode: a few JPEG MCU rows, a small buffer. */
#define DECODE_STRIP_HEIGHT 64

CVipsImage *cvips_decode(CVipsImage *image, char **error_out) {
    int width = vips_image_get_width(image);
    int height = vips_image_get_height(image);
    VipsImage *out = vips_image_new_memory();
    VipsRegion *region = NULL;

    begin_warnings();
    if (vips_image_pipelinev(out, VIPS_DEMAND_STYLE_THINSTRIP, image, NULL) ||
        !(region = vips_region_new(image))) {
        goto failed;
    }
    for (int top = 0; top < height; top += DECODE_STRIP_HEIGHT) {
        VipsRect strip = { 0, top, width, VIPS_MIN(DECODE_STRIP_HEIGHT, height - top) };
        if (vips_region_prepare(region, &strip)) {
            goto failed;
        }
        for (int y = strip.top; y < VIPS_RECT_BOTTOM(&strip); y++) {
            if (vips_image_write_line(out, y, VIPS_REGION_ADDR(region, 0, y))) {
                goto failed;
            }
        }
    }
    g_object_unref(region);
    if (*vips_error_buffer()) {
        cvips_take_error(NULL);
    }
    end_warnings();
    return out;

failed:
    if (region) {
        g_object_unref(region);
    }
    g_object_unref(out);
    cvips_take_error(error_out);
    end_warnings();
    return NULL;
}

CVipsImage *cvips_copy_memory(CVipsImage *image, char **error_out) {
    VipsImage *copy = vips_image_copy_memory(image);
    if (!copy) {
        cvips_take_error(error_out);
    }
    return copy;
}

CVipsImage *cvips_autorot(CVipsImage *image, char **error_out) {
    VipsImage *out = NULL;
    if (vips_autorot(image, &out, NULL)) {
        cvips_take_error(error_out);
        return NULL;
    }
    return out;
}

CVipsImage *cvips_to_srgb(CVipsImage *image, int keep_16bit, int use_profile, char **error_out) {
    VipsImage *out = NULL;
    int depth16 = keep_16bit && vips_image_get_format(image) == VIPS_FORMAT_USHORT;
    VipsInterpretation source = vips_image_guess_interpretation(image);

    if (use_profile && vips_image_get_typeof(image, VIPS_META_ICC_NAME)) {
        if (!vips_icc_transform(image, &out, "srgb",
                "embedded", TRUE,
                "intent", VIPS_INTENT_RELATIVE,
                "depth", depth16 ? 16 : 8,
                NULL)) {
            return out;
        }
        /* A profile lcms cannot use, or one that does not fit the pixels (a CMYK profile on RGB
         * data, say): ignore it and convert by the pixel interpretation below. */
        cvips_take_error(NULL);
        out = NULL;
    }

    VipsInterpretation target;
    switch (source) {
    case VIPS_INTERPRETATION_B_W:
    case VIPS_INTERPRETATION_GREY16:
        target = depth16 ? VIPS_INTERPRETATION_GREY16 : VIPS_INTERPRETATION_B_W;
        break;
    default:
        target = depth16 ? VIPS_INTERPRETATION_RGB16 : VIPS_INTERPRETATION_sRGB;
        break;
    }
    if (vips_colourspace(image, &out, target, "source_space", source, NULL)) {
        cvips_take_error(error_out);
        return NULL;
    }
    /* vips_colourspace keeps the sample format when it has nothing to convert: make sure an
     * 8-bit target really has 8 bits per sample. */
    if (!depth16 && vips_image_get_format(out) != VIPS_FORMAT_UCHAR) {
        VipsImage *cast = NULL;
        if (vips_cast_uchar(out, &cast, NULL)) {
            g_object_unref(out);
            cvips_take_error(error_out);
            return NULL;
        }
        g_object_unref(out);
        out = cast;
    }
    return out;
}
