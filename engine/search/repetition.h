// Cheap guard for the repetition rule inside search. A move is illegal when
// the situation it creates occurs for the third time (game history plus the
// search path). Counting every move exactly would scan the whole history;
// instead a small table counts keys by their low bits, and only when it says
// "seen at least twice" is the exact count asked of the Position.
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/types.h"

namespace pantheon::search {

class RepetitionFilter {
  public:
    void clear() { counts_.fill(0); }
    void add(Key k) { ++counts_[k & MASK]; }
    void remove(Key k) { --counts_[k & MASK]; }
    // False means the key cannot have occurred twice already.
    bool maybe_twice(Key k) const { return counts_[k & MASK] >= 2; }

  private:
    static constexpr Key MASK = (1 << 13) - 1;
    std::array<uint16_t, MASK + 1> counts_{};
};

}  // namespace pantheon::search
