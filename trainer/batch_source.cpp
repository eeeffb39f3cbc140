#include "trainer/batch_source.h"

#include "data/checksum.h"
#include "data/dataset_transform.h"
#include "engine/core/random.h"
#include "trainer/batch.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

namespace {

// Stream positions read at a time.
constexpr size_t READ_BLOCK = 8192;
// Seed index of the validation pass (epochs use 0, 1, 2, ...).
constexpr uint64_t VALIDATION_STREAM = 0xFA11DA7E;

}  // namespace

bool is_validation(const data::TrainingPosition& t, double fraction) {
    if (fraction <= 0.0) return false;
    uint8_t bytes[SQUARE_NB + COLOR_NB * HAND_TYPE_NB + 1];
    size_t n = 0;
    for (Piece p : t.board) bytes[n++] = uint8_t(p);
    for (const auto& side : t.hands)
        for (uint8_t c : side) bytes[n++] = c;
    bytes[n++] = uint8_t(t.side_to_move);
    const uint64_t h = data::checksum64({bytes, n}, 0x7E57);
    return double(h >> 11) * 0x1.0p-53 < fraction;
}

BatchSource::BatchSource(const TrainConfig& config) : config_(config) {}
BatchSource::~BatchSource() = default;

bool BatchSource::start_epoch(std::string* error) {
    data::StreamOptions options;
    options.threads = config_.threads;
    options.shuffle_buffer = config_.shuffle_buffer;
    options.seed = SplitMix64::derived(config_.seed, epoch_).next();
    options.shuffle_chunks = true;
    options.cycle = false;
    stream_ = std::make_unique<data::TrainingStream>(options);
    if (!stream_->open(config_.data, error)) return false;
    total_positions_ = stream_->total_positions();
    if (total_positions_ == 0) {
        if (error) *error = "the training data holds no positions";
        return false;
    }
    consumed_ = 0;
    kept_this_epoch_ = 0;
    counts_ = {};
    buffer_.clear();
    buffer_at_ = 0;
    return true;
}

bool BatchSource::open(uint64_t epoch, uint64_t skip, std::string* error) {
    epoch_ = epoch;
    if (!start_epoch(error)) return false;
    std::vector<data::TrainingPosition> scratch(READ_BLOCK);
    while (consumed_ < skip) {
        const size_t want = size_t(std::min<uint64_t>(READ_BLOCK, skip - consumed_));
        const size_t got = stream_->read({scratch.data(), want});
        if (stream_->failed()) {
            if (error) *error = stream_->error();
            return false;
        }
        if (got == 0) {
            if (error) *error = "the data has fewer positions than the checkpoint consumed";
            return false;
        }
        for (size_t i = 0; i < got; ++i) kept_this_epoch_ += keep(scratch[i]);
        consumed_ += got;
    }
    return true;
}

bool BatchSource::keep(const data::TrainingPosition& t) {
    ++counts_.read;
    if (!data::filter_keeps(config_.filter, t)) {
        ++counts_.filtered;
        return false;
    }
    if (is_validation(t, config_.validation_fraction)) {
        ++counts_.held_out;
        return false;
    }
    if (!has_game_material(t)) {
        ++counts_.malformed;
        return false;
    }
    return true;
}

bool BatchSource::next(size_t n, std::vector<data::TrainingPosition>& out, std::string* error) {
    out.clear();
    while (out.size() < n) {
        if (buffer_at_ == buffer_.size()) {
            buffer_.resize(READ_BLOCK);
            const size_t got = stream_->read({buffer_.data(), buffer_.size()});
            if (stream_->failed()) {
                if (error) *error = stream_->error();
                return false;
            }
            buffer_.resize(got);
            buffer_at_ = 0;
            if (got == 0) {
                if (kept_this_epoch_ == 0) {
                    if (error)
                        *error = "no training positions in the data after filtering (" +
                                 std::to_string(counts_.read) + " read, " +
                                 std::to_string(counts_.filtered) + " filtered, " +
                                 std::to_string(counts_.held_out) + " held out, " +
                                 std::to_string(counts_.malformed) + " malformed)";
                    return false;
                }
                if (config_.max_epochs > 0 && epoch_ + 1 >= config_.max_epochs) return true;
                ++epoch_;
                if (!start_epoch(error)) return false;
                continue;
            }
        }
        const data::TrainingPosition& t = buffer_[buffer_at_++];
        ++consumed_;
        if (keep(t)) {
            ++kept_this_epoch_;
            out.push_back(t);
        }
    }
    return true;
}

bool BatchSource::count_training_positions(uint64_t& count, std::string* error) {
    data::StreamOptions options;
    options.threads = config_.threads;
    options.shuffle_buffer = 0;
    options.shuffle_chunks = false;
    data::TrainingStream stream(options);
    if (!stream.open(config_.data, error)) return false;
    std::vector<data::TrainingPosition> block(READ_BLOCK);
    const SourceCounts saved = counts_;
    count = 0;
    for (;;) {
        const size_t got = stream.read({block.data(), block.size()});
        if (stream.failed()) {
            if (error) *error = stream.error();
            return false;
        }
        if (got == 0) break;
        for (size_t i = 0; i < got; ++i) count += keep(block[i]);
    }
    counts_ = saved;
    return true;
}

bool BatchSource::validation(size_t n, std::vector<data::TrainingPosition>& out,
                             std::string* error) {
    out.clear();
    if (config_.validation_fraction <= 0.0 || n == 0) return true;
    data::StreamOptions options;
    options.threads = config_.threads;
    options.shuffle_buffer = 0;
    options.shuffle_chunks = true;
    options.seed = SplitMix64::derived(config_.seed, VALIDATION_STREAM).next();
    data::TrainingStream stream(options);
    if (!stream.open(config_.data, error)) return false;
    std::vector<data::TrainingPosition> block(READ_BLOCK);
    while (out.size() < n) {
        const size_t got = stream.read({block.data(), block.size()});
        if (stream.failed()) {
            if (error) *error = stream.error();
            return false;
        }
        if (got == 0) break;
        for (size_t i = 0; i < got && out.size() < n; ++i) {
            const data::TrainingPosition& t = block[i];
            if (data::filter_keeps(config_.filter, t) &&
                is_validation(t, config_.validation_fraction) && has_game_material(t))
                out.push_back(t);
        }
    }
    return true;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
