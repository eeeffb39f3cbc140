#include "util/atomic_stream.h"

namespace pantheon::util {

namespace {

constexpr size_t BUFFER_BYTES = 1 << 16;

}  // namespace

AtomicFileBuffer::AtomicFileBuffer() : buffer_(BUFFER_BYTES) {
    setp(buffer_.data(), buffer_.data() + buffer_.size());
}

bool AtomicFileBuffer::open(const std::string& path, std::string* error) {
    error_.clear();
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    return file_.open(path, error);
}

bool AtomicFileBuffer::drain() {
    const size_t n = size_t(pptr() - pbase());
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    if (!error_.empty()) return false;
    return n == 0 || file_.write(std::string_view(buffer_.data(), n), &error_);
}

AtomicFileBuffer::int_type AtomicFileBuffer::overflow(int_type c) {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
        *pptr() = traits_type::to_char_type(c);
        pbump(1);
    }
    return traits_type::not_eof(c);
}

int AtomicFileBuffer::sync() {
    return drain() ? 0 : -1;
}

bool AtomicFileBuffer::commit(std::string* error) {
    if (!drain()) {
        if (error) *error = error_;
        return false;
    }
    return file_.commit(error);
}

}  // namespace pantheon::util
