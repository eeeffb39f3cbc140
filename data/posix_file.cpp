#include "data/posix_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace pantheon::data {

namespace {

bool fail_errno(std::string* error, const std::string& what) {
    if (error) *error = what + ": " + std::strerror(errno);
    return false;
}

}  // namespace

bool PosixFile::open_read(const std::string& path, std::string* error) {
    close();
    fd_.reset(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd_) return fail_errno(error, "cannot open " + path);
    struct stat st;
    if (::fstat(fd_.get(), &st) == 0 && S_ISDIR(st.st_mode)) {
        close();
        if (error) *error = path + " is a directory";
        return false;
    }
    return true;
}

bool PosixFile::pread_all(std::span<uint8_t> bytes, uint64_t offset, std::string* error) const {
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n =
            ::pread(fd_.get(), bytes.data() + done, bytes.size() - done, off_t(offset + done));
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

uint64_t PosixFile::size() const {
    struct stat st;
    return ::fstat(fd_.get(), &st) == 0 ? uint64_t(st.st_size) : 0;
}

}  // namespace pantheon::data
