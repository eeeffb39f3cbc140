#include "selfplay/rescore_files.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include "data/checksum.h"
#include "data/game_file.h"
#include "data/posix_file.h"
#include "util/atomic_file.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

namespace fs = std::filesystem;

namespace {

// Bytes read at a time while checksumming an input.
constexpr uint64_t CHECKSUM_BLOCK = 1 << 20;

bool checksum_file(const std::string& path, uint64_t& bytes, uint64_t& checksum,
                   std::string* error) {
    data::PosixFile file;
    if (!file.open_read(path, error)) return false;
    bytes = file.size();
    data::Checksum64 h;
    std::vector<uint8_t> block(std::min(bytes, CHECKSUM_BLOCK));
    for (uint64_t at = 0; at < bytes; at += block.size()) {
        const std::span<uint8_t> piece(block.data(),
                                       size_t(std::min<uint64_t>(block.size(), bytes - at)));
        if (!file.pread_all(piece, at, error)) return false;
        h.update(piece);
    }
    checksum = h.digest();
    return true;
}

// Reads the input completely (every chunk's checksum and decoding) and counts it.
bool measure_input(RescoreFile& f, std::string* error) {
    if (!checksum_file(f.input, f.bytes, f.checksum, error)) return false;
    std::vector<data::GameRecord> games;
    if (!data::read_game_file(f.input, games, error)) return false;
    f.games = games.size();
    for (const data::GameRecord& g : games) {
        f.positions += g.plies.size();
        for (const data::PlyRecord& ply : g.plies) f.searched += !ply.excluded;
    }
    return true;
}

// A manifest line holds "key = value": a name must not break it.
bool recordable_name(const std::string& name) {
    return name.find('\n') == std::string::npos && name.find(" = ") == std::string::npos;
}

bool same_path(const std::string& a, const std::string& b) {
    std::error_code ec;
    const fs::path x = fs::weakly_canonical(a, ec);
    if (ec) return false;
    return x == fs::weakly_canonical(b, ec) && !ec;
}

bool same_shape(const data::GameRecord& a, const data::GameRecord& b) {
    if (a.start_fen != b.start_fen || a.termination != b.termination ||
        a.adjudicated != b.adjudicated || a.winner != b.winner || a.plies.size() != b.plies.size())
        return false;
    for (size_t i = 0; i < a.plies.size(); ++i)
        if (a.plies[i].played != b.plies[i].played || a.plies[i].excluded != b.plies[i].excluded)
            return false;
    return true;
}

// Why an existing output cannot be kept, or empty when it can.
std::string output_problem(const RescoreFile& f) {
    std::vector<data::GameRecord> in, out;
    std::string why;
    if (!data::read_game_file(f.output, out, &why)) return why;
    if (!data::read_game_file(f.input, in, &why)) return why;
    if (!same_games_but_verdicts(in, out, &why)) return f.output + ": " + why;
    return {};
}

}  // namespace

bool plan_rescore_files(const std::vector<std::string>& inputs, const std::string& out_dir,
                        std::vector<RescoreFile>& files, std::string* error) {
    files.clear();
    std::vector<std::string> paths;
    if (!data::expand_inputs(inputs, paths, error)) return false;
    if (paths.empty()) {
        if (error) *error = "the inputs hold no data files (*.pgd)";
        return false;
    }
    std::map<std::string, std::string> by_name;
    for (const std::string& path : paths) {
        const std::string name = fs::path(path).filename().string();
        RescoreFile f{path, (fs::path(out_dir) / name).string()};
        const auto [seen, fresh] = by_name.emplace(name, path);
        if (!fresh) {
            if (error)
                *error = "two inputs are named " + name + " (" + seen->second + ", " + path +
                         "): their outputs would collide in " + out_dir;
            return false;
        }
        if (!recordable_name(name)) {
            if (error) *error = "input file name '" + name + "' cannot be recorded in a manifest";
            return false;
        }
        if (same_path(f.input, f.output)) {
            if (error)
                *error = "the output " + f.output +
                         " would replace its input: choose an --out directory other than the "
                         "inputs'";
            return false;
        }
        std::string why;
        if (!measure_input(f, &why)) {
            if (error) *error = "bad input: " + why;
            return false;
        }
        files.push_back(std::move(f));
    }
    return true;
}

void add_input_settings(const std::vector<RescoreFile>& files, Settings& settings) {
    settings.emplace_back("inputs", std::to_string(files.size()));
    for (const RescoreFile& f : files)
        settings.emplace_back(
            "input " + fs::path(f.input).filename().string(),
            std::to_string(f.bytes) + " bytes, checksum " + manifest_hex(f.checksum));
}

bool same_games_but_verdicts(const std::vector<data::GameRecord>& in,
                             const std::vector<data::GameRecord>& out, std::string* why) {
    if (in.size() != out.size()) {
        if (why)
            *why = "holds " + std::to_string(out.size()) + " games, its input " +
                   std::to_string(in.size());
        return false;
    }
    for (size_t g = 0; g < in.size(); ++g)
        if (!same_shape(in[g], out[g])) {
            if (why)
                *why = "game " + std::to_string(g + 1) +
                       " differs from its input beyond best moves and scores";
            return false;
        }
    return true;
}

bool pending_rescore_files(const std::vector<RescoreFile>& files, std::vector<size_t>& pending,
                           std::vector<std::string>& notes, std::string* error) {
    pending.clear();
    for (size_t i = 0; i < files.size(); ++i) {
        const std::string& output = files[i].output;
        // A temporary file is an output whose writing was interrupted (the
        // caller holds the directory's lock, so no writer is alive).
        std::vector<std::string> removed;
        if (!util::remove_temp_files(output, &removed, error)) return false;
        for (const std::string& r : removed) notes.push_back("removed unfinished " + r);
        std::error_code ec;
        if (fs::exists(output, ec)) {
            const std::string problem = output_problem(files[i]);
            if (problem.empty()) continue;
            notes.push_back("rescoring again: " + problem);
            if (!fs::remove(output, ec) || ec) {
                if (error) *error = "cannot remove damaged output " + output;
                return false;
            }
        }
        pending.push_back(i);
    }
    return true;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
