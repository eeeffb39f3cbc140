// The data format's checksum is the core's 64-bit checksum (engine/core/checksum.h),
// shared with net files; this header keeps the data module's names for it.
#pragma once

#include "engine/core/checksum.h"

namespace pantheon::data {

using pantheon::checksum64;
using pantheon::Checksum64;

}  // namespace pantheon::data
