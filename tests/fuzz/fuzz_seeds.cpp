// Seeds that only code can make, for the corpora scripts/fuzz.sh builds:
//   fuzz_seeds net DIR          an all-zero net of each game, as a whole file
//                               (mode byte 0) and as compressed weights (1);
//   fuzz_seeds data DIR FILE..  every chunk payload of the data files (mode 1).
// The mode bytes are those of net_file_fuzz.cpp and data_file_fuzz.cpp. Each
// seed is named by a hash of its bytes, so reruns add nothing twice.
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "tests/fuzz/fuzz_checks.h"

namespace {

using namespace pantheon::fuzz;

constexpr char MODE_WHOLE_FILE = 0;
constexpr char MODE_INNER_PART = 1;

bool write_seed(const std::string& dir, char mode, const std::string& bytes) {
    const std::string seed = std::string(1, mode) + bytes;
    char name[32];
    std::snprintf(name, sizeof name, "%016zx", std::hash<std::string>{}(seed));
    std::ofstream out(dir + "/" + name, std::ios::binary | std::ios::trunc);
    out << seed;
    return bool(out);
}

bool net_seeds(const std::string& dir) {
    bool ok = true;
    struct Game {
        std::string (*file)();
        std::string (*weights)(std::string_view);
    };
#define PANTHEON_GAME_NET(game) Game{game::empty_net_file, game::net_file_weights},
    for (const auto& [file, weights] : {PANTHEON_FOR_EACH_GAME(PANTHEON_GAME_NET)}) {
#undef PANTHEON_GAME_NET
        const std::string bytes = file();
        ok = write_seed(dir, MODE_WHOLE_FILE, bytes) && ok;
        ok = write_seed(dir, MODE_INNER_PART, weights(bytes)) && ok;
    }
    return ok;
}

bool data_seeds(const std::string& dir, const std::vector<std::string>& files) {
    bool ok = true;
    for (const std::string& path : files)
#define PANTHEON_GAME_PAYLOADS(game) game::chunk_payloads,
        for (auto* payloads : {PANTHEON_FOR_EACH_GAME(PANTHEON_GAME_PAYLOADS)})
#undef PANTHEON_GAME_PAYLOADS
            for (const std::string& payload : payloads(path))
                ok = write_seed(dir, MODE_INNER_PART, payload) && ok;
    return ok;
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    bool ok = false;
    if (args.size() == 2 && args[0] == "net")
        ok = net_seeds(args[1]);
    else if (args.size() >= 2 && args[0] == "data")
        ok = data_seeds(args[1], {args.begin() + 2, args.end()});
    else {
        std::cerr << "usage: fuzz_seeds net DIR | fuzz_seeds data DIR FILE...\n";
        return 2;
    }
    if (!ok) std::cerr << "fuzz_seeds: cannot write the seeds into " << args[1] << "\n";
    return ok ? 0 : 1;
}
