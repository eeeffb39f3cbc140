// The UCI exchange of a match's engines, one line per message, appended to
// the engine log (`--engine-log`, beside the engines' stderr) as
//
//   [1234 ms] name > go wtime 9000 btime 9000 winc 100 binc 100
//   [1391 ms] name < bestmove e2e4
//
// milliseconds since the log was opened (the match's start), the player's
// name, `>` for what the runner sent and `<` for what the engine answered.
// Every line is one write(2) to a file opened for appending, so lines of
// engines playing at once, and their stderr, interleave whole.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "match/uci_process.h"
#include "util/unique_fd.h"

namespace pantheon::match {

class UciTrafficLog {
  public:
    // Opens (creates) `path` for appending; nullptr with a message if it cannot.
    static std::shared_ptr<UciTrafficLog> open(const std::string& path, std::string* error);

    enum class Direction { ToEngine, FromEngine };
    // Appends one line; a failed write is ignored (the log is a diagnostic,
    // never a reason to stop a match).
    void write(std::string_view engine, Direction direction, std::string_view line);

  private:
    UciTrafficLog(int fd, Clock::time_point start) : fd_(fd), start_(start) {}
    util::UniqueFd fd_;
    Clock::time_point start_;
};

}  // namespace pantheon::match
