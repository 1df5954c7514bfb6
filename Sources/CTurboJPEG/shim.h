#ifndef KEEPSAKE_CTURBOJPEG_SHIM_H
#define KEEPSAKE_CTURBOJPEG_SHIM_H
// libjpeg-turbo's TurboJPEG API, for two things only: lossless transforms of JPEG files (rotate,
// flip, transpose, and re-coding arithmetic-coded files with Huffman tables) by moving their DCT
// coefficients, without decoding them to pixels and encoding again (tjTransform); and asking, after
// a strict libvips decode failed, which warning libjpeg gave first (its messages are kept per
// thread, libvips' in one buffer for the process). Decoding and encoding stay with libvips.
#include <turbojpeg.h>
#endif
