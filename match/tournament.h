// Runs a tournament: N worker threads each take the next game pair of this
// shard, keep engine processes for its two players (restarting any that
// failed), play the pair's missing games, and hand every finished game to
// one place that appends it to the PGN, saves the state file atomically,
// updates the statistics and the progress line, and checks the SPRT.
// Ctrl-C stops all games at once; finished games are kept and the summary
// is written.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "match/match_config.h"
#include "match/match_stats.h"
#include "match/openings.h"
#include "match/uci_traffic_log.h"
#include "util/append_file.h"
#include "util/progress_line.h"
#include "util/run_lock.h"

namespace pantheon::match {

// Exit statuses of a run.
constexpr int EXIT_DONE = 0;
constexpr int EXIT_FAILED = 1;     // an engine could not be kept running, I/O failed
constexpr int EXIT_BAD_INPUT = 2;  // configuration or files rejected before any game
constexpr int EXIT_INTERRUPTED = 3;  // SIGINT/SIGTERM: finished games kept (README "Exit status")

class Tournament {
  public:
    explicit Tournament(MatchConfig config);

    // Plays everything this shard still has to play. The final table goes to
    // `out`, messages and the live progress line to `err`.
    int run(std::ostream& out, std::ostream& err);
    // Stops the run as Ctrl-C would (for tests and embedding).
    void request_abort() { abort_.store(true); }
    const MatchState& state() const { return state_; }

  private:
    struct WorkItem {
        int64_t pair;
        std::vector<int> slots;  // the games of this pair still to play
    };

    bool prepare(std::ostream& err, std::string* error);
    bool lock_outputs(std::string* error);
    bool prepare_outputs(std::ostream& err, std::string* error);
    bool check_engines(std::ostream& err, std::string* error);
    // A player's engine (not started), logging to the traffic log if there is one.
    std::unique_ptr<UciEngine> make_engine(const PlayerConfig& player) const;
    void worker();
    void record(GameRecord game, std::ostream* err);
    void fail(const std::string& message);
    std::string opening_for(int64_t pair, UciEngine* checker, std::string* error);
    // The games (slots) a pair has: both, or the one of its round.
    std::vector<int> slots_of(int64_t pair) const;
    void print_progress(bool final);
    void print_results_block(std::ostream& out);
    // Statistics of the recorded games; records the SPRT's first crossing.
    void update_stats();

    MatchConfig config_;
    Schedule schedule_;
    const VariantRules* rules_ = nullptr;  // the game's rules (config_.variant)
    OpeningBook book_;
    std::string self_path_;
    std::shared_ptr<UciTrafficLog> traffic_log_;  // --engine-log: the UCI exchange

    util::RunLock state_lock_, pgn_lock_;  // one run per state file and PGN, while run() runs
    MatchState state_;
    std::vector<WorkItem> items_;
    std::atomic<size_t> next_item_{0};
    std::atomic<bool> abort_{false};  // stop everything now (Ctrl-C, fatal error)
    std::atomic<bool> stop_{false};   // start no new pair (SPRT decided)

    std::mutex mutex_;      // guards everything below
    util::AppendFile pgn_;  // whole games only: a failed append is cut off
    MatchStats stats_;
    std::vector<int> start_failures_;  // consecutive failed starts per player
    std::string fatal_;
    std::ostream* err_ = nullptr;
    std::ostream* out_ = nullptr;                // the results blocks (--rating-interval)
    std::vector<std::string> result_labels_;     // per pairing: time controls and book
    std::optional<size_t> games_in_last_block_;  // games shown by the last results block
    std::optional<util::ProgressLine> progress_;
};

}  // namespace pantheon::match
