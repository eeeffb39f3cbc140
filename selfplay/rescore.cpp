#include "selfplay/rescore.h"

#include <exception>
#include <filesystem>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "data/game_file.h"
#include "selfplay/engine_fingerprint.h"
#include "selfplay/rescore_files.h"
#include "selfplay/rescore_progress.h"
#include "selfplay/shard_lock.h"
#include "selfplay/uci_judge.h"
#include "selfplay/worker_search.h"
#include "selfplay/worker_threads.h"
#include "util/run_lock.h"
#include "util/shard.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

namespace {

// Shared state of the workers of one run. Games are claimed in file order;
// a file's games are read when its first game is claimed and dropped once
// its output is written, so only the files in flight are held in memory.
class RescoreWorkers {
  public:
    RescoreWorkers(const RescoreOptions& o, const std::vector<RescoreFile>& files,
                   const std::vector<size_t>& pending, search::EvaluatorFactory evaluation,
                   RescoreProgress& progress)
        : o_(o),
          evaluation_(std::move(evaluation)),
          files_(files),
          pending_(pending),
          progress_(progress),
          slots_(pending.size()) {}

    void run() {
        run_workers(o_.threads, [&] { work_loop(); });
    }

    bool failed() const { return failure_.failed(); }
    std::string error() const { return failure_.message(); }
    uint64_t positions() const { return positions_; }

  private:
    // `in` and `out` are dropped by the worker that publishes the file,
    // outside the lock: claims look at the counts only.
    struct Slot {
        std::vector<data::GameRecord> in, out;
        size_t games = 0;      // in the file
        size_t next = 0;       // next game to claim
        size_t remaining = 0;  // games not yet rescored
        bool loaded = false;
    };
    struct Claim {
        size_t slot = 0, game = 0;
    };

    void work_loop() {
        try {
            // Kept verdicts search nothing: no table or engine for them.
            std::unique_ptr<PositionJudge> judge;
            if (o_.labels.search) judge = make_judge();
            Claim c;
            while (claim(c)) {
                Slot& slot = slots_[c.slot];
                RescoreCounts counts;
                data::GameRecord rescored;
                std::string error;
                if (!rescore_game(judge.get(), o_.labels, slot.in[c.game], rescored, counts,
                                  &error))
                    return failure_.report(files_[pending_[c.slot]].input + ": game " +
                                           std::to_string(c.game + 1) + ": " + error);
                progress_.game_done(counts);
                store(c, std::move(rescored));
            }
        } catch (const std::exception& e) {
            failure_.report(std::string("rescoring worker failed: ") + e.what());
        }
    }

    // The worker's own judge: an outside engine (one process a worker) or
    // our search.
    std::unique_ptr<PositionJudge> make_judge() const {
        if (o_.engine.empty()) return std::make_unique<SearchJudge>(o_.search, evaluation_);
        match::PlayerConfig player;
        std::string error;
        if (!parse_judge_engine(o_.engine, player, &error)) throw std::runtime_error(error);
        return std::make_unique<UciJudge>(player, o_.search, o_.engine_score_percent);
    }

    // The next game to rescore; false when none is left or the run failed.
    bool claim(Claim& c) {
        std::lock_guard lock(mutex_);
        while (!failure_.failed() && current_ < slots_.size()) {
            Slot& slot = slots_[current_];
            if (!slot.loaded && !load(current_)) return false;
            if (slot.next < slot.games) {
                c = {current_, slot.next++};
                return true;
            }
            ++current_;
        }
        return false;
    }

    // Under the lock. A file without games is written at once.
    bool load(size_t s) {
        const RescoreFile& file = files_[pending_[s]];
        Slot& slot = slots_[s];
        std::string error;
        if (!data::read_game_file(file.input, slot.in, &error)) {
            failure_.report("bad input: " + error);
            return false;
        }
        if (slot.in.size() != file.games) {
            failure_.report(file.input + " changed while it was being rescored");
            return false;
        }
        slot.games = slot.remaining = slot.in.size();
        slot.out.resize(slot.games);
        slot.loaded = true;
        positions_ += file.positions;
        if (slot.remaining == 0 && !publish(s, &error)) {
            failure_.report(error);
            return false;
        }
        return true;
    }

    // Files the game; the worker that completes a file writes its output.
    void store(const Claim& c, data::GameRecord&& game) {
        Slot& slot = slots_[c.slot];
        {
            std::lock_guard lock(mutex_);
            slot.out[c.game] = std::move(game);
            if (--slot.remaining != 0) return;
        }
        std::string error;
        if (!publish(c.slot, &error)) failure_.report(error);
    }

    bool publish(size_t s, std::string* error) {
        Slot& slot = slots_[s];
        if (!data::write_game_file(files_[pending_[s]].output, slot.out, error)) return false;
        std::vector<data::GameRecord>().swap(slot.in);
        std::vector<data::GameRecord>().swap(slot.out);
        progress_.file_written();
        return true;
    }

    const RescoreOptions& o_;
    const search::EvaluatorFactory evaluation_;  // empty: the hand-crafted evaluation
    const std::vector<RescoreFile>& files_;
    const std::vector<size_t>& pending_;
    RescoreProgress& progress_;
    std::vector<Slot> slots_;
    std::mutex mutex_;
    size_t current_ = 0;      // first slot that may still have games to claim
    uint64_t positions_ = 0;  // plies of the files loaded
    FirstFailure failure_;
};

bool prepare_rescore_dir(const RescoreOptions& o, const std::vector<RescoreFile>& files,
                         uint64_t net_hash, std::string* error) {
    Settings settings = rescore_settings(o, engine_fingerprint(), net_hash);
    add_input_settings(files, settings);
    return prepare_output_dir(o.out_dir, settings, RESCORE_MANIFEST, error);
}

// Two rescorings never write the same files of one directory (shards of
// one directory with no file in common run side by side).
bool lock_rescore_dir(const RescoreOptions& o, util::RunLock& lock, std::string* error) {
    std::error_code ec;
    std::filesystem::create_directories(o.out_dir, ec);
    if (ec) {
        if (error) *error = "cannot create '" + o.out_dir + "': " + ec.message();
        return false;
    }
    return lock_shard(RESCORE_SHARDS, o.out_dir, o.shard_index, o.shard_count, lock, error);
}

// The files of the rescoring's shard, in order.
std::vector<RescoreFile> shard_files(const std::vector<RescoreFile>& files,
                                     const RescoreOptions& o) {
    const util::Shard shard{o.shard_index, o.shard_count};
    std::vector<RescoreFile> owned;
    for (size_t i = 0; i < files.size(); ++i)
        if (shard.owns(i)) owned.push_back(files[i]);
    return owned;
}

// Every output holds its input's games and positions; their bytes are the
// outputs' own.
bool measure_outputs(const std::vector<RescoreFile>& files, util::DataSize& size,
                     std::string* error) {
    size = {};
    for (const RescoreFile& f : files)
        if (!util::add_data_file(size, f.output, f.games, f.positions, error)) return false;
    return true;
}

}  // namespace

bool run_rescore(const RescoreOptions& o, std::ostream* log, bool terminal, RescoreReport& report,
                 std::string* error) {
    report = {};
    if (const std::string why = validate(o); !why.empty()) {
        if (error) *error = why;
        return false;
    }
    RunEvaluation evaluation;
    if (!load_evaluation(o.net, evaluation, error)) return false;
    std::vector<RescoreFile> all_files;
    if (!plan_rescore_files(o.inputs, o.out_dir, all_files, error)) return false;
    util::RunLock lock;
    if (!lock_rescore_dir(o, lock, error)) return false;
    // The manifest names every input, so all shards agree on it.
    if (!prepare_rescore_dir(o, all_files, evaluation.net_hash, error)) return false;
    const std::vector<RescoreFile> files = shard_files(all_files, o);

    std::vector<size_t> pending;
    if (!pending_rescore_files(files, pending, report.notes, error)) return false;
    report.files = files.size();
    report.files_skipped = files.size() - pending.size();
    if (log)
        for (const std::string& note : report.notes) *log << "rescore: " << note << "\n";
    uint64_t to_search = 0;
    for (size_t i : pending) to_search += files[i].searched;

    RescoreProgress progress(o.progress ? log : nullptr, terminal, to_search, pending.size());
    RescoreWorkers workers(o, files, pending, std::move(evaluation.factory), progress);
    workers.run();
    progress.finish();

    const RescoreTally done = progress.counts();
    report.files_written = done.files_written;
    report.games = done.games;
    report.positions = workers.positions();
    report.counts = done.counts;
    report.seconds = progress.seconds();
    if (workers.failed()) {
        if (error) *error = workers.error();
        return false;
    }
    return measure_outputs(files, report.data, error);
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
