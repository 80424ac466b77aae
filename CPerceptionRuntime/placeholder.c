#include "CPerceptionRuntime.h"
