// Whole-file helpers on top of the streaming writer and the chunk reader.
#include "data/game_file.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

bool write_game_file(const std::string& path, std::span<const GameRecord> games,
                     std::string* error) {
    GameFileWriter writer;
    if (!writer.open(path, error)) return false;
    for (const GameRecord& g : games)
        if (!writer.add(g, error)) return false;  // the writer removes its temporary file
    return writer.finish(error);
}

bool read_game_file(const std::string& path, std::vector<GameRecord>& games, std::string* error) {
    GameFileReader reader;
    if (!reader.open(path, error)) return false;
    games.reserve(games.size() + reader.summary().games);
    for (size_t i = 0; i < reader.chunks().size(); ++i)
        if (!reader.read_chunk(i, games, error)) return false;
    return true;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data
