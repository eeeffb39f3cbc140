// Whole-file helpers on top of the streaming writer and the chunk reader,
// and the expansion of file/directory arguments.
#include <algorithm>
#include <filesystem>

#include "data/game_file.h"

namespace pantheon::data {

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

bool expand_inputs(const std::vector<std::string>& inputs, std::vector<std::string>& files,
                   std::string* error) {
    namespace fs = std::filesystem;
    for (const std::string& input : inputs) {
        std::error_code ec;
        const fs::file_status st = fs::status(input, ec);
        if (ec || !fs::exists(st)) {
            if (error) *error = input + ": no such file or directory";
            return false;
        }
        if (!fs::is_directory(st)) {
            files.push_back(input);
            continue;
        }
        std::vector<std::string> found;
        for (const auto& entry : fs::directory_iterator(input, ec))
            if (entry.is_regular_file() && entry.path().extension() == DATA_FILE_EXTENSION)
                found.push_back(entry.path().string());
        if (ec) {
            if (error) *error = input + ": " + ec.message();
            return false;
        }
        std::sort(found.begin(), found.end());
        files.insert(files.end(), found.begin(), found.end());
    }
    return true;
}

}  // namespace pantheon::data
