// Position-level reading for training: games from data files are decoded on
// worker threads (replaying their moves with the rules core) into labelled
// positions, which pass through a seeded shuffle buffer.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "data/training_position.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

struct StreamOptions {
    int threads = 2;                  // decoding threads
    size_t shuffle_buffer = 1 << 20;  // positions held for shuffling; <= 1 keeps file order
    uint64_t seed = 0;                // drives chunk order and the shuffle buffer
    bool shuffle_chunks = true;       // visit chunks in a seeded random order
    bool cycle = false;               // after the last chunk start again (new order)
    bool skip_excluded = true;        // leave out plies marked excluded by `data filter`
};

// Reads a list of files and directories. Output order depends only on the
// inputs, the seed and the options other than `threads` (deterministic).
class TrainingStream {
  public:
    explicit TrainingStream(StreamOptions options = {});
    ~TrainingStream();
    TrainingStream(const TrainingStream&) = delete;
    TrainingStream& operator=(const TrainingStream&) = delete;

    // Checks every file's header and builds the chunk index; starts decoding.
    bool open(const std::vector<std::string>& inputs, std::string* error);
    // Fills up to out.size() positions and returns how many; 0 means the data
    // is exhausted (never with `cycle`) or an error occurred (see failed()).
    size_t read(std::span<TrainingPosition> out);
    bool failed() const;
    const std::string& error() const;
    // Positions in all inputs per their headers (excluded plies included).
    uint64_t total_positions() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

PANTHEON_VARIANT_END
}  // namespace pantheon::data
