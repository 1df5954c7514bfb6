/* Nothing to compile: the header declares libFuzzer's driver (see include/CFuzzing.h). */
#include "CFuzzing.h"
