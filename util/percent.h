// A part of a whole as a percentage, for summaries; 0 of nothing is 0%.
#pragma once

#include <cstdint>

namespace pantheon::util {

inline double percent(uint64_t part, uint64_t whole) {
    return whole ? 100.0 * double(part) / double(whole) : 0.0;
}

}  // namespace pantheon::util
