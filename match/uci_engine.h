// One player's engine process and the UCI dialogue with it: the handshake
// (uci/uciok, setoption, isready/readyok), new games, and searches that end
// in a bestmove or in a failure the arbiter scores (timeout, crash, garbage).
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "match/game_record.h"
#include "match/player.h"
#include "match/uci_process.h"
#include "match/uci_traffic_log.h"
#include "match/variant_rules.h"

namespace pantheon::match {

enum class ReplyStatus { Ok, Timeout, Crashed, Garbage, Aborted };

struct SearchReply {
    ReplyStatus status = ReplyStatus::Ok;
    std::string bestmove;        // the move text after "bestmove" (may be "(none)")
    std::optional<Score> score;  // from the last info line with a score
    int depth = 0;
    int64_t elapsed_ms = 0;
    std::string detail;  // what went wrong, for the game's reason text
};

class UciEngine {
  public:
    // self_path: the program internal players run; stderr_path: where the
    // engine's stderr goes (empty: discarded); variant: the game played (an
    // engine that declares UCI_Variant is told it; any variant but Mansindam
    // requires the option).
    UciEngine(PlayerConfig player, std::string self_path, std::string stderr_path = "",
              std::string variant = std::string(DEFAULT_VARIANT));
    ~UciEngine() { quit(); }
    UciEngine(const UciEngine&) = delete;
    UciEngine& operator=(const UciEngine&) = delete;

    const PlayerConfig& player() const { return player_; }
    bool running() const { return process_.running(); }
    const std::string& id_name() const { return id_name_; }
    bool declares_option(const std::string& name) const;
    // Options the player sets that the engine does not declare (warned once).
    const std::vector<std::string>& unknown_options() const { return unknown_options_; }

    // Starts the process and completes the handshake within `timeout`.
    bool start(std::chrono::milliseconds timeout, const std::atomic<bool>* abort,
               std::string* error);
    // Prepares a new game (ucinewgame, isready), starting the engine if
    // needed. Ok, or how it failed: Timeout (no uciok or readyok in time),
    // Crashed (gone, or cannot be started), Garbage (an overlong line, an
    // option refused), Aborted.
    ReplyStatus new_game(std::chrono::milliseconds timeout, const std::atomic<bool>* abort,
                         std::string* error);
    // Sends the position and go lines and waits for bestmove until `deadline`.
    SearchReply search(const std::string& position_line, const std::string& go_line,
                       Clock::time_point deadline, const std::atomic<bool>* abort);
    // Asks the engine to quit, then makes sure it is gone.
    void quit();
    // Drops the process at once (after a failure); the next new_game restarts it.
    void kill() { process_.kill(); }
    // Every line sent and received from now on is also written to `log`.
    void set_traffic_log(std::shared_ptr<UciTrafficLog> log) { traffic_log_ = std::move(log); }

  private:
    // One line to or from the engine, logged when there is a traffic log.
    bool send(const std::string& line);
    ReadStatus receive(std::string& line, Clock::time_point deadline,
                       const std::atomic<bool>* abort);
    // Reads until a line starting with token; other lines (not id or option)
    // go to `others` when given.
    bool wait_for(const std::string& token, Clock::time_point deadline,
                  const std::atomic<bool>* abort, std::string* error,
                  std::vector<std::string>* others = nullptr);
    // Sends one setoption and waits for the engine to be ready again; false
    // (engine killed) if it did not answer or its reply refuses the option.
    bool set_option(const std::string& name, const std::string& value, Clock::time_point deadline,
                    const std::atomic<bool>* abort, std::string* error);
    void parse_option_line(const std::vector<std::string>& tokens);
    // Kills the process after a failed start or handshake and notes how it failed.
    bool failed(ReplyStatus how);

    PlayerConfig player_;
    std::string self_path_;
    std::string stderr_path_;
    std::string variant_;
    ChildProcess process_;
    std::shared_ptr<UciTrafficLog> traffic_log_;
    std::string id_name_;
    std::vector<std::string> declared_options_;
    std::vector<std::string> unknown_options_;
    ReplyStatus failure_ = ReplyStatus::Ok;  // how the last start or handshake failed
};

// Whether a line an engine sent in reply to a setoption says the option was
// refused. Pantheon answers a setoption only to refuse it, always with an
// info string; other engines also print unrelated lines (Fairy-Stockfish
// describes the variant it loaded), so for them only a line that says it
// failed counts (error, invalid, unknown, unable, cannot, failed, no such,
// not supported), like Fairy-Stockfish's "No such option: ...". Only
// standard output is read.
bool refuses_option(const std::string& reply_line, bool pantheon);

// Splits a UCI line into blank-separated tokens.
std::vector<std::string> split_tokens(const std::string& line);
// Reads depth and score from an "info ..." line; false if it has neither.
bool parse_info_line(const std::vector<std::string>& tokens, int& depth,
                     std::optional<Score>& score);

}  // namespace pantheon::match
