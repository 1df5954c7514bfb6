#ifndef KEEPSAKE_CTURBOJPEG_SHIM_H
#define KEEPSAKE_CTURBOJPEG_SHIM_H
// libjpeg-turbo's TurboJPEG API, for one thing only: lossless transforms of JPEG files (rotate,
// flip, transpose, and re-coding arithmetic-coded files with Huffman tables) by moving their DCT
// coefficients, without decoding them to pixels and encoding again (tjTransform). Decoding and
// encoding stay with libvips.
#include <turbojpeg.h>
#endif
