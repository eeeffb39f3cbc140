#include "util/shard.h"

#include <charconv>
#include <cstdlib>

namespace pantheon::util {

namespace {

bool parse_int(std::string_view s, int& value) {
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    return !s.empty() && ec == std::errc() && ptr == s.data() + s.size();
}

}  // namespace

std::string Shard::text() const {
    return std::to_string(index) + "/" + std::to_string(count);
}

std::optional<Shard> parse_shard(std::string_view text, std::string* error) {
    const size_t slash = text.find('/');
    Shard shard;
    if (slash == std::string_view::npos || !parse_int(text.substr(0, slash), shard.index) ||
        !parse_int(text.substr(slash + 1), shard.count) || shard.count < 1 || shard.index < 0 ||
        shard.index >= shard.count) {
        if (error) *error = "bad shard '" + std::string(text) + "': expected K/N with 0 <= K < N";
        return std::nullopt;
    }
    return shard;
}

std::optional<Shard> shard_from_slurm(const char* task_id, const char* task_count,
                                      const char* task_min, std::string* error) {
    if (!task_id || !task_count) return std::nullopt;
    int id = 0, count = 0, min = 0;
    if (!parse_int(task_id, id) || !parse_int(task_count, count) ||
        (task_min && !parse_int(task_min, min)) || count < 1 || id - min < 0 || id - min >= count) {
        if (error)
            *error = std::string("cannot derive the shard from SLURM_ARRAY_TASK_ID=") + task_id +
                     ", SLURM_ARRAY_TASK_COUNT=" + task_count +
                     ", SLURM_ARRAY_TASK_MIN=" + (task_min ? task_min : "(unset)") +
                     " (use a contiguous --array=0-(N-1), or pass --shard K/N)";
        return std::nullopt;
    }
    return Shard{id - min, count};
}

std::optional<Shard> shard_from_environment(std::string* error) {
    return shard_from_slurm(std::getenv("SLURM_ARRAY_TASK_ID"),
                            std::getenv("SLURM_ARRAY_TASK_COUNT"),
                            std::getenv("SLURM_ARRAY_TASK_MIN"), error);
}

std::optional<Shard> command_shard(const std::string& given, std::string* error) {
    if (!given.empty()) return parse_shard(given, error);
    std::string why;
    if (const auto shard = shard_from_environment(&why)) return shard;
    if (!why.empty()) {
        if (error) *error = why;
        return std::nullopt;
    }
    return Shard{};
}

}  // namespace pantheon::util
