#include "data/posix_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace pantheon::data {

namespace {

bool fail_errno(std::string* error, const std::string& what) {
    if (error) *error = what + ": " + std::strerror(errno);
    return false;
}

}  // namespace

PosixFile& PosixFile::operator=(PosixFile&& other) noexcept {
    if (this != &other) {
        close();
        fd_ = other.fd_;
        other.fd_ = -1;
    }
    return *this;
}

bool PosixFile::open_read(const std::string& path, std::string* error) {
    close();
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) return fail_errno(error, "cannot open " + path);
    struct stat st;
    if (::fstat(fd_, &st) == 0 && S_ISDIR(st.st_mode)) {
        close();
        if (error) *error = path + " is a directory";
        return false;
    }
    return true;
}

bool PosixFile::create(const std::string& path, std::string* error) {
    close();
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd_ < 0) return fail_errno(error, "cannot create " + path);
    return true;
}

void PosixFile::close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
}

bool PosixFile::write_all(std::span<const uint8_t> bytes, std::string* error) {
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return fail_errno(error, "write failed");
        done += size_t(n);
    }
    return true;
}

bool PosixFile::pwrite_all(std::span<const uint8_t> bytes, uint64_t offset, std::string* error) {
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n =
            ::pwrite(fd_, bytes.data() + done, bytes.size() - done, off_t(offset + done));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return fail_errno(error, "write failed");
        done += size_t(n);
    }
    return true;
}

bool PosixFile::pread_all(std::span<uint8_t> bytes, uint64_t offset, std::string* error) const {
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n =
            ::pread(fd_, bytes.data() + done, bytes.size() - done, off_t(offset + done));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return fail_errno(error, "read failed");
        if (n == 0) {
            if (error) *error = "unexpected end of file";
            return false;
        }
        done += size_t(n);
    }
    return true;
}

bool PosixFile::sync(std::string* error) {
    if (::fsync(fd_) != 0) return fail_errno(error, "fsync failed");
    return true;
}

uint64_t PosixFile::size() const {
    struct stat st;
    return ::fstat(fd_, &st) == 0 ? uint64_t(st.st_size) : 0;
}

bool publish_file(const std::string& from, const std::string& to, std::string* error) {
    if (std::rename(from.c_str(), to.c_str()) != 0)
        return fail_errno(error, "cannot rename " + from + " to " + to);
    std::filesystem::path dir = std::filesystem::path(to).parent_path();
    if (dir.empty()) dir = ".";
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd);  // best effort: some filesystems refuse fsync on directories
        ::close(fd);
    }
    return true;
}

}  // namespace pantheon::data
