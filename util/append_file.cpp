#include "util/append_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace pantheon::util {

bool AppendFile::fail(const std::string& what, int err, std::string* error) {
    if (error) *error = what + " '" + path_ + "': " + std::strerror(err);
    return false;
}

bool AppendFile::open(const std::string& path, bool truncate, std::string* error) {
    close();
    path_ = path;
    const int flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (truncate ? O_TRUNC : 0);
    fd_.reset(::open(path.c_str(), flags, 0644));
    if (!fd_) return fail("cannot open", errno, error);
    struct stat st;
    if (::fstat(fd_.get(), &st) != 0) {
        const int err = errno;
        close();
        return fail("cannot open", err, error);
    }
    size_ = uint64_t(st.st_size);
    return true;
}

bool AppendFile::append(std::string_view record, std::string* error) {
    if (!fd_) return fail("cannot write", EBADF, error);
    size_t done = 0;
    int err = 0;
    while (done < record.size()) {
        const ssize_t n = ::write(fd_.get(), record.data() + done, record.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            err = n < 0 ? errno : EIO;
            break;
        }
        done += size_t(n);
    }
    if (err == 0 && ::fsync(fd_.get()) != 0) err = errno;
    if (err != 0) {
        // Cutting back needs no space, so it works on a full disk too.
        if (::ftruncate(fd_.get(), off_t(size_)) == 0) ::fsync(fd_.get());
        return fail("cannot write", err, error);
    }
    size_ += record.size();
    return true;
}

bool AppendFile::cut_back(uint64_t size, std::string* error) {
    if (size >= size_) return true;
    if (::ftruncate(fd_.get(), off_t(size)) != 0 || ::fsync(fd_.get()) != 0)
        return fail("cannot cut back", errno, error);
    size_ = size;
    return true;
}

bool append_to_file(const std::string& path, std::string_view record, std::string* error) {
    AppendFile file;
    return file.open(path, false, error) && file.append(record, error);
}

}  // namespace pantheon::util
