// Which part of a run this process does: shard K of N (0 <= K < N), from
// `--shard K/N` or, when that is not given, from a Slurm job array (one shard
// per array task). One convention for every command that shards work
// (`pantheon selfplay`, `pantheon match`, the pipeline's array jobs).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pantheon::util {

struct Shard {
    int index = 0;  // K, 0-based
    int count = 1;  // N
    bool operator==(const Shard&) const = default;
    std::string text() const;  // "K/N"
    // Whether item number `item` (a chunk, a file) is this shard's: items are
    // dealt round-robin, so shards are disjoint and together hold them all.
    bool owns(uint64_t item) const { return item % uint64_t(count) == uint64_t(index); }
};

// "K/N" with 0 <= K < N; nullopt and a message otherwise.
std::optional<Shard> parse_shard(std::string_view text, std::string* error);

// From the values of SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT and
// SLURM_ARRAY_TASK_MIN (null when unset): shard = task id - min task id, of
// count tasks. nullopt without an error when not in a job array; nullopt with
// a message when the values make no sense (e.g. a stepped --array=0-9:2).
std::optional<Shard> shard_from_slurm(const char* task_id, const char* task_count,
                                      const char* task_min, std::string* error);

// shard_from_slurm of this process's environment.
std::optional<Shard> shard_from_environment(std::string* error);

// A command's shard: `given` ("K/N", from --shard) when not empty, else the
// environment's job array task, else 0/1. nullopt with a message when either
// makes no sense.
std::optional<Shard> command_shard(const std::string& given, std::string* error);

}  // namespace pantheon::util
