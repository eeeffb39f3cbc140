// Blocks of memory aligned to and advised to use 2 MiB pages. Tables that
// are read at random (the transposition table, the shuffle buffer) miss the
// TLB on nearly every access with 4 KiB pages; the kernel backs an advised
// block with huge pages where it has them ("madvise" mode included).
#pragma once

#include <sys/mman.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>

namespace pantheon::util {

struct FreeDeleter {
    void operator()(void* p) const { std::free(p); }
};

// An array of `count` uninitialised values of T; throws std::bad_alloc.
template <class T>
using HugePageArray = std::unique_ptr<T[], FreeDeleter>;

template <class T>
HugePageArray<T> allocate_huge_page_array(size_t count) {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
    constexpr size_t HUGE_PAGE = size_t(2) << 20;
    // Whole pages, at least one (aligned_alloc wants a multiple of the alignment).
    const size_t pages = std::max<size_t>((count * sizeof(T) + HUGE_PAGE - 1) / HUGE_PAGE, 1);
    const size_t bytes = pages * HUGE_PAGE;
    void* p = std::aligned_alloc(HUGE_PAGE, bytes);
    if (!p) throw std::bad_alloc();
    ::madvise(p, bytes, MADV_HUGEPAGE);  // advice only: failure is harmless
    return HugePageArray<T>(static_cast<T*>(p));
}

}  // namespace pantheon::util
