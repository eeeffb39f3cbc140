// A fixed-capacity array of trivially copyable values in one block advised
// to use huge pages (util/huge_pages.h): the shuffle buffer touches a random
// slot of a ~100 MB array at every step.
#pragma once

#include <new>
#include <type_traits>
#include <utility>

#include "util/huge_pages.h"

namespace pantheon::data {

template <class T>
class LargeArray {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

public:
    LargeArray() = default;
    explicit LargeArray(size_t capacity)
        : data_(util::allocate_huge_page_array<T>(capacity)), capacity_(capacity) {}
    LargeArray(LargeArray&& o) noexcept { *this = std::move(o); }
    LargeArray& operator=(LargeArray&& o) noexcept {
        std::swap(data_, o.data_);
        std::swap(size_, o.size_);
        std::swap(capacity_, o.capacity_);
        return *this;
    }

    size_t size() const { return size_; }
    size_t capacity() const { return capacity_; }
    bool empty() const { return size_ == 0; }
    T& operator[](size_t i) { return data_[i]; }
    T& back() { return data_[size_ - 1]; }
    void push_back(const T& v) { new (data_.get() + size_++) T(v); }
    void pop_back() { --size_; }

private:
    util::HugePageArray<T> data_;
    size_t size_ = 0;
    size_t capacity_ = 0;
};

}  // namespace pantheon::data
