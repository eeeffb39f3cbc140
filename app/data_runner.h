// `pantheon data ...` for every game: the tools (data_runner.cpp) are
// compiled once per game, each copy against its variant's data library,
// and cmd_data.cpp dispatches on the game the input files' headers name (or
// --variant, for tools that read no data file). This header is
// variant-free (the halves: game_commands.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "data/position_filter.h"

namespace pantheon::app {

enum class DataTool { Stats, Verify, Export, Import, ImportPgn, Merge, Filter, Shuffle, Bench };

// Everything a data tool may be given on the command line; each tool reads
// its part. Defaults are set where the options are declared (cmd_data.cpp).
struct DataRequest {
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
    // bench
    size_t shuffle_buffer = 0;
    int bench_games = 0;
    int repeat = 1;
};

}  // namespace pantheon::app
