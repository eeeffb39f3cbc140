// A fixed-capacity array of trivially copyable values in one block advised
// to use huge pages. The shuffle buffer touches a random slot of a ~100 MB
// array at every step; with 4 KiB pages nearly every step is a TLB miss.
#pragma once

#include <sys/mman.h>

#include <cstdlib>
#include <new>
#include <type_traits>

namespace pantheon::data {

template <class T>
class LargeArray {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

public:
    LargeArray() = default;
    explicit LargeArray(size_t capacity) : capacity_(capacity) {
        constexpr size_t HUGE_PAGE = size_t(2) << 20;
        const size_t bytes = (capacity * sizeof(T) + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
        data_ = static_cast<T*>(std::aligned_alloc(HUGE_PAGE, bytes));
        if (!data_) throw std::bad_alloc();
        ::madvise(data_, bytes, MADV_HUGEPAGE);  // advice only: failure is harmless
    }
    ~LargeArray() { std::free(data_); }
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
    void push_back(const T& v) { new (data_ + size_++) T(v); }
    void pop_back() { --size_; }

private:
    T* data_ = nullptr;
    size_t size_ = 0;
    size_t capacity_ = 0;
};

}  // namespace pantheon::data
