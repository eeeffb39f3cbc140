#include "data/game_source.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

bool open_inputs(const std::vector<std::string>& inputs, InputSet& set, std::string* error) {
    if (!expand_inputs(inputs, set.files, error)) return false;
    for (const std::string& path : set.files) {
        GameFileReader reader;
        if (!reader.open(path, error)) return false;
        set.games += reader.summary().games;
        set.positions += reader.summary().positions;
        set.bytes += reader.summary().file_bytes;
    }
    return true;
}

bool for_each_game(const InputSet& set, const std::function<bool(const GameRecord&)>& visit,
                   Progress* progress, std::string* error) {
    std::vector<GameRecord> games;
    for (const std::string& path : set.files) {
        GameFileReader reader;
        if (!reader.open(path, error)) return false;
        for (size_t c = 0; c < reader.chunks().size(); ++c) {
            games.clear();
            if (!reader.read_chunk(c, games, error)) return false;
            for (const GameRecord& g : games) {
                if (!visit(g)) return false;
                if (progress) progress->add(g.plies.size());
            }
        }
    }
    return true;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data
