// Cache-line aligned storage for weights and accumulators, so SIMD loads of
// whole rows never split a line.
#pragma once

#include "engine/core/variant.h"

#include <cstddef>
#include <new>
#include <vector>

namespace pantheon::nnue {
PANTHEON_VARIANT_BEGIN

constexpr std::size_t CACHE_LINE = 64;

template <class T>
struct AlignedAllocator {
    using value_type = T;
    AlignedAllocator() = default;
    template <class U>
    AlignedAllocator(const AlignedAllocator<U>&) {}
    T* allocate(std::size_t n) {
        return static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t(CACHE_LINE)));
    }
    void deallocate(T* p, std::size_t) { ::operator delete(p, std::align_val_t(CACHE_LINE)); }
    template <class U>
    bool operator==(const AlignedAllocator<U>&) const {
        return true;
    }
};

template <class T>
using AlignedVector = std::vector<T, AlignedAllocator<T>>;

PANTHEON_VARIANT_END
}  // namespace pantheon::nnue
