// `pantheon data ...`'s request: the tool and its options, which cmd_data.cpp
// reads from the command line and the game's half (cmd_data_game.cpp,
// compiled once per game, against its data library) runs; the game is the
// one the input files' headers name (or --variant's, for tools that read no
// data file). Variant-free.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "data/position_filter.h"

namespace pantheon::app {

enum class DataTool {
    Stats,
    Verify,
    Export,
    Import,
    ImportPgn,
    Merge,
    Filter,
    Shuffle,
    Bench,
    Compare
};

// Everything a data tool may be given on the command line; each tool reads
// its part. Defaults are set where the options are declared (cmd_data.cpp).
struct DataRequest {
    DataTool tool = DataTool::Stats;
    std::vector<std::string> inputs;
    std::string out;  // file or directory; export: text file, "" or "-" = standard output
    bool force = false;
    int level = 0;  // zstd level of written data files
    int threads = 1;
    // export
    bool include_excluded = false;
    // shuffle
    int files = 1;
    uint64_t seed = 0;
    // filter
    data::PositionFilter filter;
    // compare: the other labelling of the same games
    std::vector<std::string> with;
    // bench
    size_t shuffle_buffer = 0;
    int bench_games = 0;
    int repeat = 1;
};

}  // namespace pantheon::app
