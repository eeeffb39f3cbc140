// The result file of a step that writes data (`pantheon selfplay`, `pantheon
// data rescore`, each with `--result FILE`): a small JSON document the step
// publishes on success, so whoever ran it (the pipeline) learns what it did
// without reading its console output or its data files. Variant-free.
//
//   {"step": "selfplay", "shard_index": 0, "shard_count": 1,
//    "data": {"files": 2, "games": 8, "positions": 812, "bytes": 4096},
//    "run": {"games": 4, "positions": 401, "searched": 380, "seconds": 1.5,
//            "positions_per_second": 267.3},
//    "build": {"version": "0.1.0", "commit": "...", "compiler": "...", "simd": "avx2"}}
//
// "data" is what the step's output directory holds for it after the run (a
// self-play shard: its own chunks), finished by this run or an earlier one;
// "run" is this invocation's work. Self-play's rate counts the positions it
// played, rescoring's the positions it searched (as their summary lines do).
// "build" names the binary that ran the step (util/build_info.h), so each
// shard of a cluster run can be matched to the binary that made it.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace pantheon::util {

struct DataSize {
    uint64_t files = 0, games = 0, positions = 0, bytes = 0;
};

// Counts one data file holding `games` games and `positions` positions into
// `size`, with its bytes on disk; false with a message if it cannot be measured.
bool add_data_file(DataSize& size, const std::string& path, uint64_t games, uint64_t positions,
                   std::string* error);

struct DataStepResult {
    std::string step;  // "selfplay" or "rescore"
    int shard_index = 0, shard_count = 1;
    DataSize data;
    uint64_t run_games = 0, run_positions = 0, run_searched = 0;
    double seconds = 0;
    double positions_per_second = 0;
    // The identity of the binary that ran the step: written as this build's
    // when empty; read back as stored (empty for older result files).
    nlohmann::json build;
};

// What one invocation of a data step did. `rated` is the count its rate is of:
// self-play's positions played, rescoring's positions searched.
struct DataStepWork {
    uint64_t games = 0, positions = 0, searched = 0, rated = 0;
    double seconds = 0;
};

// The result of a step (`step`, one shard of `shard_count`) that holds `data`
// after doing `work`; its rate is work.rated over work.seconds.
DataStepResult data_step_result(const std::string& step, int shard_index, int shard_count,
                                const DataSize& data, const DataStepWork& work);

std::string data_step_result_text(const DataStepResult& r);
// Publishes the result atomically (util/atomic_file.h); false with a message.
bool write_data_step_result(const std::string& path, const DataStepResult& r, std::string* error);
// Reads a result file back; false with a message naming the file when it is
// missing, not JSON, or lacks a figure.
bool read_data_step_result(const std::string& path, DataStepResult& r, std::string* error);

}  // namespace pantheon::util
