// TrainingStream: worker threads claim chunks in a seeded order and decode
// them into positions; the caller's thread takes finished chunks strictly in
// claim order and passes their positions through the shuffle buffer, so the
// output does not depend on thread timing.
#include "data/training_stream.h"

#include <array>
#include <condition_variable>
#include <map>
#include <mutex>
#include <numeric>
#include <thread>

#include "data/chunk_codec.h"
#include "data/game_file.h"
#include "data/large_array.h"
#include "engine/core/random.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

namespace {

// Decoded chunks allowed to wait ahead of the consumer, per worker thread.
constexpr uint64_t LOOKAHEAD_PER_THREAD = 2;
// Draining the shuffle buffer (input done): slots drawn this many steps ahead
// and prefetched, since a random slot of a large buffer is a cache miss.
constexpr size_t DRAIN_AHEAD = 8;

struct ChunkRef {
    uint32_t file;
    uint32_t chunk;
};

struct DecodedChunk {
    std::vector<TrainingPosition> positions;
    std::string error;  // non-empty: decoding failed
};

struct PositionCollector {
    std::vector<TrainingPosition>& out;
    bool skip_excluded;
    std::optional<Color> winner = WHITE;
    void begin_game(const GameHeader& h, const Position&) { winner = h.winner; }
    void ply(const Position& pos, const PlyRecord& rec, int) {
        if (!(skip_excluded && rec.excluded))
            out.push_back(make_training_position(pos, rec, winner));
    }
    void end_game(const Position&) {}
};

}  // namespace

struct TrainingStream::Impl {
    StreamOptions options;
    std::vector<GameFileReader> readers;
    std::vector<ChunkRef> chunks;
    uint64_t total_positions = 0;

    // Shared between workers and the consumer (guarded by mutex).
    std::mutex mutex;
    std::condition_variable work_cv, ready_cv;
    uint64_t next_claim = 0;    // sequence number of the next chunk to decode
    uint64_t next_consume = 0;  // sequence number the consumer waits for
    uint64_t order_epoch = UINT64_MAX;
    std::vector<uint32_t> order;  // chunk visiting order of epoch order_epoch
    std::map<uint64_t, DecodedChunk> ready;
    bool stopping = false;
    uint64_t thread_count = 1;
    std::vector<std::thread> workers;

    // Consumer side only.
    DecodedChunk current;
    size_t current_index = 0;
    bool input_done = false;
    LargeArray<TrainingPosition> buffer;            // allocated on first use
    size_t next_slot = SIZE_MAX;                    // pre-drawn slot for the next full-buffer step
    std::array<size_t, DRAIN_AHEAD> drain_slots{};  // pre-drawn slots of the next drain steps
    size_t drain_first = 0, drain_drawn = 0;        // ring start, slots pending
    SplitMix64 rng{0};
    bool failed = false;
    std::string error;

    uint64_t sequence_end() const { return options.cycle ? UINT64_MAX : chunks.size(); }

    // Called with the mutex held: which chunk sequence number seq refers to.
    ChunkRef chunk_for(uint64_t seq) {
        const uint64_t epoch = seq / chunks.size();
        if (epoch != order_epoch) {
            order.resize(chunks.size());
            std::iota(order.begin(), order.end(), 0u);
            if (options.shuffle_chunks) {
                SplitMix64 r = SplitMix64::derived(options.seed, epoch);
                r.shuffle(order.begin(), order.end());
            }
            order_epoch = epoch;
        }
        return chunks[order[seq % chunks.size()]];
    }

    void worker_loop() {
        std::vector<uint8_t> payload;
        for (;;) {
            ChunkRef ref;
            uint64_t seq;
            {
                std::unique_lock lock(mutex);
                const uint64_t ahead = LOOKAHEAD_PER_THREAD * thread_count;
                work_cv.wait(lock, [&] {
                    return stopping || next_claim >= sequence_end() ||
                           next_claim < next_consume + ahead;
                });
                if (stopping || next_claim >= sequence_end()) return;
                seq = next_claim++;
                ref = chunk_for(seq);
            }
            DecodedChunk result = decode(ref, payload);
            {
                std::lock_guard lock(mutex);
                ready.emplace(seq, std::move(result));
            }
            ready_cv.notify_all();
        }
    }

    DecodedChunk decode(ChunkRef ref, std::vector<uint8_t>& payload) const {
        DecodedChunk result;
        const GameFileReader& reader = readers[ref.file];
        std::string why;
        if (!reader.read_chunk_payload(ref.chunk, payload, &why)) {
            result.error = why;
            return result;
        }
        ChunkDecoder decoder;
        PositionCollector collector{result.positions, options.skip_excluded};
        const bool opened = decoder.open(payload, reader.summary().format_version, &why);
        // Room for the plies the payload holds (open checked them against
        // its streams), never for what the chunk header merely claims.
        if (opened) result.positions.reserve(decoder.plies());
        if (!opened || !decoder.decode(collector, false, &why)) {
            result.error = reader.chunk_context(ref.chunk) + why;
            result.positions.clear();
        }
        return result;
    }

    // Moves to the next decoded chunk; false at the end of the data or on error.
    bool next_chunk() {
        if (next_consume >= sequence_end()) return false;
        {
            std::unique_lock lock(mutex);
            ready_cv.wait(lock, [&] { return ready.count(next_consume) > 0; });
            auto it = ready.find(next_consume);
            current = std::move(it->second);
            ready.erase(it);
            ++next_consume;
        }
        work_cv.notify_all();
        current_index = 0;
        if (!current.error.empty()) {
            failed = true;
            error = current.error;
            return false;
        }
        return true;
    }

    // The next position in chunk order, or nullptr at the end / on error.
    const TrainingPosition* next_in_order() {
        while (current_index >= current.positions.size())
            if (input_done || !next_chunk()) {
                input_done = true;
                return nullptr;
            }
        return &current.positions[current_index++];
    }

    // The slot of the next drain step. The buffer shrinks by one per step, so
    // the slot of the step k ahead is drawn below size() - k: the same draws
    // in the same order as drawing each when it is needed.
    size_t next_drain_slot() {
        while (drain_drawn < DRAIN_AHEAD && buffer.size() > drain_drawn) {
            const size_t slot = size_t(rng.below(buffer.size() - drain_drawn));
            drain_slots[(drain_first + drain_drawn) % DRAIN_AHEAD] = slot;
            ++drain_drawn;
            const char* at = reinterpret_cast<const char*>(&buffer[slot]);
            __builtin_prefetch(at);
            __builtin_prefetch(at + sizeof(TrainingPosition) - 1);
        }
        const size_t j = drain_slots[drain_first];
        drain_first = (drain_first + 1) % DRAIN_AHEAD;
        --drain_drawn;
        return j;
    }

    size_t read(std::span<TrainingPosition> out) {
        size_t filled = 0;
        if (failed) return 0;
        const size_t capacity = options.shuffle_buffer;
        if (capacity <= 1) {
            while (filled < out.size())
                if (const TrainingPosition* p = next_in_order())
                    out[filled++] = *p;
                else
                    break;
            return failed ? 0 : filled;
        }
        if (buffer.capacity() != capacity) buffer = LargeArray<TrainingPosition>(capacity);
        while (filled < out.size()) {
            const TrainingPosition* p = input_done ? nullptr : next_in_order();
            if (failed) return 0;
            if (p && buffer.size() < capacity) {
                buffer.push_back(*p);
                continue;
            }
            if (buffer.empty()) break;
            size_t j;
            if (p) {
                // Full buffer: the slot is drawn one step ahead and prefetched,
                // since a random slot of a large buffer is a cache miss.
                j = next_slot < buffer.size() ? next_slot : size_t(rng.below(buffer.size()));
                next_slot = size_t(rng.below(buffer.size()));
                __builtin_prefetch(&buffer[next_slot]);
            } else {
                j = next_drain_slot();
            }
            out[filled++] = buffer[j];
            if (p) {
                buffer[j] = *p;
            } else {
                buffer[j] = buffer.back();
                buffer.pop_back();
            }
        }
        return filled;
    }

    void stop() {
        {
            std::lock_guard lock(mutex);
            stopping = true;
        }
        work_cv.notify_all();
        for (std::thread& t : workers) t.join();
        workers.clear();
    }
};

TrainingStream::TrainingStream(StreamOptions options) : impl_(std::make_unique<Impl>()) {
    impl_->options = options;
    impl_->rng = SplitMix64::derived(options.seed, 0xB0FFE4);
}

TrainingStream::~TrainingStream() {
    impl_->stop();
}

bool TrainingStream::open(const std::vector<std::string>& inputs, std::string* error) {
    Impl& s = *impl_;
    if (!s.workers.empty() || !s.readers.empty()) {
        if (error) *error = "training stream already open";
        return false;
    }
    std::vector<std::string> files;
    if (!expand_inputs(inputs, files, error)) return false;
    for (const std::string& path : files) {
        GameFileReader reader;
        if (!reader.open(path, error)) return false;
        for (uint32_t c = 0; c < reader.chunks().size(); ++c)
            s.chunks.push_back({uint32_t(s.readers.size()), c});
        s.total_positions += reader.summary().positions;
        s.readers.push_back(std::move(reader));
    }
    if (s.chunks.empty()) {
        s.input_done = true;  // nothing to read, also when cycling
        return true;
    }
    s.thread_count = uint64_t(std::max(1, s.options.threads));
    for (uint64_t i = 0; i < s.thread_count; ++i) s.workers.emplace_back([&s] { s.worker_loop(); });
    return true;
}

size_t TrainingStream::read(std::span<TrainingPosition> out) {
    return impl_->read(out);
}
bool TrainingStream::failed() const {
    return impl_->failed;
}
const std::string& TrainingStream::error() const {
    return impl_->error;
}
uint64_t TrainingStream::total_positions() const {
    return impl_->total_positions;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data
