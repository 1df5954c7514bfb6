#include "CVips.h"
