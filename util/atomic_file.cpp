#include "util/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <utility>

namespace pantheon::util {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view TEMP_MARK = ".tmp";
// Attempts at a fresh temporary name before giving up (a clash is already
// one in 2^64).
constexpr int NAME_ATTEMPTS = 16;

std::string directory_of(const std::string& path) {
    const fs::path dir = fs::path(path).parent_path();
    return dir.empty() ? "." : dir.string();
}

std::string errno_text(int err) {
    return std::strerror(err);
}

}  // namespace

// The moved-from file keeps no temporary name, so it removes nothing.
AtomicFile::AtomicFile(AtomicFile&& other) noexcept
    : path_(std::move(other.path_)),
      temp_(std::exchange(other.temp_, {})),
      fd_(std::move(other.fd_)) {}

AtomicFile& AtomicFile::operator=(AtomicFile&& other) noexcept {
    if (this != &other) {
        discard();
        path_ = std::move(other.path_);
        temp_ = std::exchange(other.temp_, {});
        fd_ = std::move(other.fd_);
    }
    return *this;
}

bool AtomicFile::fail(const std::string& what, int err, std::string* error) {
    if (error) *error = what + " '" + path_ + "': " + errno_text(err);
    discard();
    return false;
}

bool AtomicFile::open(const std::string& path, std::string* error) {
    discard();
    path_ = path;
    std::random_device random;
    for (int attempt = 0; attempt < NAME_ATTEMPTS; ++attempt) {
        const uint64_t unique = (uint64_t(random()) << 32) ^ random();
        char suffix[48];
        std::snprintf(suffix, sizeof suffix, "-%d-%016llx", int(::getpid()),
                      static_cast<unsigned long long>(unique));
        temp_ = path + std::string(TEMP_MARK) + suffix;
        fd_.reset(::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
        if (fd_) return true;
        if (errno != EEXIST) break;
    }
    const int err = errno;
    temp_.clear();
    if (error) *error = "cannot create a file beside '" + path + "': " + errno_text(err);
    return false;
}

bool AtomicFile::write(std::span<const uint8_t> bytes, std::string* error) {
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd_.get(), bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return fail("cannot write", errno, error);
        if (n == 0) return fail("cannot write", EIO, error);
        done += size_t(n);
    }
    return true;
}

bool AtomicFile::write(std::string_view text, std::string* error) {
    return write({reinterpret_cast<const uint8_t*>(text.data()), text.size()}, error);
}

bool AtomicFile::write_at(std::span<const uint8_t> bytes, uint64_t offset, std::string* error) {
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n =
            ::pwrite(fd_.get(), bytes.data() + done, bytes.size() - done, off_t(offset + done));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return fail("cannot write", errno, error);
        if (n == 0) return fail("cannot write", EIO, error);
        done += size_t(n);
    }
    return true;
}

bool AtomicFile::commit(std::string* error) {
    if (!fd_) {
        if (error) *error = "cannot publish '" + path_ + "': no file open";
        return false;
    }
    if (::fsync(fd_.get()) != 0) return fail("cannot sync", errno, error);
    // close reports write errors some file systems (NFS) only find now.
    if (::close(fd_.release()) != 0) {
        const int err = errno;
        ::unlink(temp_.c_str());
        temp_.clear();
        if (error) *error = "cannot write '" + path_ + "': " + errno_text(err);
        return false;
    }
    if (std::rename(temp_.c_str(), path_.c_str()) != 0) {
        const int err = errno;
        ::unlink(temp_.c_str());
        temp_.clear();
        if (error) *error = "cannot publish '" + path_ + "': " + errno_text(err);
        return false;
    }
    temp_.clear();
    // The rename itself survives a crash once the directory is synced (best
    // effort: some file systems refuse fsync on a directory).
    if (const UniqueFd dir(::open(directory_of(path_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
        dir)
        ::fsync(dir.get());
    return true;
}

void AtomicFile::discard() {
    fd_.reset();
    if (!temp_.empty()) ::unlink(temp_.c_str());
    temp_.clear();
}

bool write_file_atomically(const std::string& path, std::span<const uint8_t> bytes,
                           std::string* error) {
    AtomicFile file;
    return file.open(path, error) && file.write(bytes, error) && file.commit(error);
}

bool write_file_atomically(const std::string& path, std::string_view text, std::string* error) {
    return write_file_atomically(path, {reinterpret_cast<const uint8_t*>(text.data()), text.size()},
                                 error);
}

bool is_temp_file_of(std::string_view name, std::string_view final_name) {
    if (name.size() < final_name.size() + TEMP_MARK.size() || !name.starts_with(final_name))
        return false;
    const std::string_view rest = name.substr(final_name.size());
    return rest == TEMP_MARK || rest.starts_with(std::string(TEMP_MARK) + "-");
}

bool remove_temp_files(const std::string& path, std::vector<std::string>* removed,
                       std::string* error) {
    const std::string final_name = fs::path(path).filename().string();
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(directory_of(path), ec)) {
        if (!is_temp_file_of(entry.path().filename().string(), final_name)) continue;
        if (!fs::remove(entry.path(), ec) && ec) break;
        if (removed) removed->push_back(entry.path().string());
    }
    if (ec && ec != std::errc::no_such_file_or_directory) {
        if (error) *error = "cannot remove the unfinished files of '" + path + "': " + ec.message();
        return false;
    }
    return true;
}

}  // namespace pantheon::util
