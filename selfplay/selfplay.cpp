#include "selfplay/selfplay.h"

#include <atomic>
#include <exception>
#include <filesystem>
#include <mutex>

#include "data/game_file.h"
#include "engine/core/random.h"
#include "selfplay/chunk_store.h"
#include "selfplay/engine_fingerprint.h"
#include "selfplay/game_player.h"
#include "selfplay/manifest.h"
#include "selfplay/openings.h"
#include "selfplay/random_streams.h"
#include "selfplay/shard_lock.h"
#include "selfplay/worker_search.h"
#include "selfplay/worker_threads.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

namespace {

// The games still to play, in index order, with the slot of their chunk.
struct WorkList {
    std::vector<uint64_t> chunks;
    std::vector<uint64_t> games;    // game indices
    std::vector<uint32_t> slot;     // position of the game's chunk in `chunks`
    std::vector<uint32_t> attempt;  // accepted opening attempt of the game
};

bool deal_openings(const SelfplayOptions& o, const referee::OpeningBook* book, WorkList& work,
                   std::string* error) {
    OpeningDealer dealer({o.random_plies_min, o.random_plies_max, o.unique_openings, o.setup}, book,
                         o.seed);
    work.attempt.resize(work.games.size());
    size_t next = 0;
    while (next < work.games.size()) {
        const uint64_t index = dealer.next_index();
        uint32_t attempt = 0;
        if (!dealer.next(attempt, error)) return false;
        if (work.games[next] == index) work.attempt[next++] = attempt;
    }
    return true;
}

// Shared state of the workers of one run.
class Workers {
  public:
    Workers(const SelfplayOptions& o, const referee::OpeningBook* book, const WorkList& work,
            const ChunkLayout& layout, Progress& progress, search::EvaluatorFactory evaluation)
        : o_(o),
          evaluation_(std::move(evaluation)),
          book_(book),
          work_(work),
          layout_(layout),
          progress_(progress),
          slots_(work.chunks.size()) {
        for (size_t s = 0; s < slots_.size(); ++s)
            slots_[s].remaining = layout.games_in(work.chunks[s]);
    }

    void run() {
        run_workers(o_.threads, [&] { work_loop(); });
    }

    uint64_t chunks_written() const { return written_; }
    bool failed() const { return failure_.failed(); }
    std::string error() const { return failure_.message(); }

  private:
    struct Slot {
        std::vector<data::GameRecord> games;
        uint64_t remaining = 0;
    };

    void work_loop() {
        try {
            WorkerSearch search(o_.search, evaluation_);
            const OpeningRules rules{o_.random_plies_min, o_.random_plies_max, o_.unique_openings,
                                     o_.setup};
            while (!failure_.failed()) {
                const size_t k = next_++;
                if (k >= work_.games.size()) return;
                const uint64_t g = work_.games[k];
                const auto opening = draw_opening(rules, book_, o_.seed, g, work_.attempt[k]);
                data::GameRecord game = play_game(
                    search, *opening, book_, o_, derive_seed(o_.seed, {uint64_t(Stream::Game), g}));
                progress_.game_done(game);
                store(work_.slot[k], g, std::move(game));
            }
        } catch (const std::exception& e) {
            failure_.report(std::string("self-play worker failed: ") + e.what());
        }
    }

    // Files the game; the worker that completes a chunk writes it.
    void store(uint32_t s, uint64_t game_index, data::GameRecord&& game) {
        const uint64_t chunk = work_.chunks[s];
        Slot& slot = slots_[s];
        {
            std::lock_guard lock(mutex_);
            if (slot.games.empty()) slot.games.resize(layout_.games_in(chunk));
            slot.games[game_index - layout_.first_game(chunk)] = std::move(game);
            if (--slot.remaining != 0) return;
        }
        std::string error;
        if (!data::write_game_file(chunk_path(o_.out_dir, chunk), slot.games, &error))
            return failure_.report(error);
        std::vector<data::GameRecord>().swap(slot.games);
        ++written_;
    }

    const SelfplayOptions& o_;
    const search::EvaluatorFactory evaluation_;  // empty: the hand-crafted evaluation
    const referee::OpeningBook* book_;
    const WorkList& work_;
    const ChunkLayout& layout_;
    Progress& progress_;
    std::vector<Slot> slots_;
    std::mutex mutex_;
    std::atomic<size_t> next_{0};
    std::atomic<uint64_t> written_{0};
    FirstFailure failure_;
};

}  // namespace

bool run_selfplay(const SelfplayOptions& o, std::ostream* log, bool terminal, RunReport& report,
                  std::string* error) {
    report = {};
    if (const std::string why = validate(o); !why.empty()) {
        if (error) *error = why;
        return false;
    }
    referee::OpeningBook book;
    if (!o.book.empty() && !referee::load_opening_book(o.book, book, error)) return false;
    const referee::OpeningBook* book_ptr = o.book.empty() ? nullptr : &book;
    RunEvaluation evaluation;
    if (!load_evaluation(o.net, evaluation, error)) return false;

    std::error_code ec;
    std::filesystem::create_directories(o.out_dir, ec);
    if (ec) {
        if (error) *error = "cannot create '" + o.out_dir + "': " + ec.message();
        return false;
    }
    util::RunLock lock;
    if (!lock_shard(SELFPLAY_SHARDS, o.out_dir, o.shard_index, o.shard_count, lock, error))
        return false;
    const Settings settings =
        game_settings(o, book.content_hash, engine_fingerprint(), evaluation.net_hash);
    if (!prepare_output_dir(o.out_dir, settings, SELFPLAY_MANIFEST, error)) return false;

    const ChunkLayout layout{o.games, uint64_t(o.chunk_games)};
    WorkList work;
    if (!pending_chunks(o.out_dir, layout, o.shard_index, o.shard_count, work.chunks, report.notes,
                        error))
        return false;
    for (uint64_t c = 0; c < layout.chunk_count(); ++c)
        report.chunks_owned += shard_owns_chunk(c, o.shard_index, o.shard_count);
    report.chunks_skipped = report.chunks_owned - work.chunks.size();
    if (o.max_chunks && work.chunks.size() > o.max_chunks) work.chunks.resize(o.max_chunks);
    for (uint32_t s = 0; s < work.chunks.size(); ++s)
        for (uint64_t i = 0; i < layout.games_in(work.chunks[s]); ++i) {
            work.games.push_back(layout.first_game(work.chunks[s]) + i);
            work.slot.push_back(s);
        }
    if (log)
        for (const std::string& note : report.notes) *log << "selfplay: " << note << "\n";
    if (!deal_openings(o, book_ptr, work, error)) return false;

    Progress progress(o.progress ? log : nullptr, terminal, work.games.size());
    Workers workers(o, book_ptr, work, layout, progress, std::move(evaluation.factory));
    workers.run();
    progress.finish();

    report.counts = progress.counts();
    report.seconds = progress.seconds();
    report.chunks_written = workers.chunks_written();
    report.chunks_left = report.chunks_owned - report.chunks_skipped - report.chunks_written;
    if (workers.failed()) {
        if (error) *error = workers.error();
        return false;
    }
    return measure_shard_chunks(o.out_dir, layout, o.shard_index, o.shard_count, report.data,
                                error);
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
