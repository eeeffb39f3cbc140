#include "match/uci_traffic_log.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace pantheon::match {

std::shared_ptr<UciTrafficLog> UciTrafficLog::open(const std::string& path, std::string* error) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) {
        if (error) *error = "cannot open engine log '" + path + "': " + std::strerror(errno);
        return nullptr;
    }
    return std::shared_ptr<UciTrafficLog>(new UciTrafficLog(fd, Clock::now()));
}

void UciTrafficLog::write(std::string_view engine, Direction direction, std::string_view line) {
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
    std::string text(1, '[');
    text += std::to_string(ms);
    text += " ms] ";
    text.append(engine);
    text += direction == Direction::ToEngine ? " > " : " < ";
    text.append(line);
    text += '\n';
    // One write: O_APPEND keeps concurrent lines whole.
    const ssize_t written = ::write(fd_.get(), text.data(), text.size());
    (void)written;
}

}  // namespace pantheon::match
