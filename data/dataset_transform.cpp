#include "data/dataset_transform.h"

#include <cstdio>
#include <filesystem>
#include <functional>

#include "data/game_replay.h"
#include "data/game_source.h"
#include "engine/core/random.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

namespace {

uint64_t training_positions(const GameRecord& g) {
    uint64_t n = 0;
    for (const PlyRecord& p : g.plies) n += !p.excluded;
    return n;
}

// Marks the plies the filter rejects; returns the number still kept.
uint64_t apply_filter(GameRecord& g, const PositionFilter& f) {
    uint64_t kept = 0;
    replay_game(
        g,
        [&](const Position& pos, const PlyRecord& rec, int i) {
            PlyRecord& p = g.plies[size_t(i)];
            if (p.excluded) return;
            const int ply = absolute_ply(pos);
            const bool tactical = rec.best && (rec.best.is_promotion() || pos.is_capture(rec.best));
            p.excluded = !filter_keeps(f, ply, rec.score, pos.in_check(), tactical);
            kept += !p.excluded;
        },
        nullptr, /*check_legality=*/false);
    return kept;
}

std::string shuffle_name(const std::string& dir, int index, const char* prefix) {
    char name[48];
    std::snprintf(name, sizeof name, "%s%05d%.*s", prefix, index, int(DATA_FILE_EXTENSION.size()),
                  DATA_FILE_EXTENSION.data());
    return (std::filesystem::path(dir) / name).string();
}

// Every game of the inputs through `rewrite` into one output file: it gives
// the game to write (null: the game is dropped) and the positions it keeps.
using GameRewrite = std::function<const GameRecord*(const GameRecord&, uint64_t& kept)>;
bool rewrite_games(const std::vector<std::string>& inputs, const std::string& output,
                   const WriterOptions& options, const char* step, std::ostream* progress_out,
                   TransformReport& report, std::string* error, const GameRewrite& rewrite) {
    InputSet set;
    if (!open_inputs(inputs, set, error)) return false;
    GameFileWriter writer(options);
    if (!writer.open(output, error)) return false;
    Progress progress(step, "positions", set.positions, progress_out);
    const bool ok = for_each_game(
        set,
        [&](const GameRecord& g) {
            ++report.games_in;
            report.positions_in += g.plies.size();
            uint64_t kept = 0;
            const GameRecord* out = rewrite(g, kept);
            if (!out) return true;
            report.positions_out += kept;
            return writer.add(*out, error);
        },
        &progress, error);
    progress.finish();
    if (!ok || !writer.finish(error)) return false;
    report.games_out = writer.games();
    report.outputs.push_back(output);
    return true;
}

}  // namespace

bool filter_keeps(const PositionFilter& f, int ply, int score, bool in_check, bool tactical_best) {
    return ply >= f.min_ply && ply <= f.max_ply && std::abs(score) <= f.max_abs_score &&
           !(f.drop_in_check && in_check) && !(f.drop_tactical_best && tactical_best);
}

bool merge_inputs(const std::vector<std::string>& inputs, const std::string& output,
                  const WriterOptions& options, std::ostream* progress_out, TransformReport& report,
                  std::string* error) {
    return rewrite_games(inputs, output, options, "merge", progress_out, report, error,
                         [](const GameRecord& g, uint64_t& kept) {
                             kept = training_positions(g);
                             return &g;
                         });
}

bool filter_inputs(const std::vector<std::string>& inputs, const std::string& output,
                   const PositionFilter& filter, const WriterOptions& options,
                   std::ostream* progress_out, TransformReport& report, std::string* error) {
    GameRecord copy;
    return rewrite_games(inputs, output, options, "filter", progress_out, report, error,
                         [&](const GameRecord& g, uint64_t& kept) -> const GameRecord* {
                             copy = g;
                             kept = apply_filter(copy, filter);
                             return kept == 0 ? nullptr : &copy;
                         });
}

bool shuffle_inputs(const std::vector<std::string>& inputs, const std::string& out_dir, int files,
                    uint64_t seed, const WriterOptions& options, std::ostream* progress_out,
                    TransformReport& report, std::string* error) {
    if (files < 1) {
        if (error) *error = "the number of output files must be at least 1";
        return false;
    }
    InputSet set;
    if (!open_inputs(inputs, set, error)) return false;
    std::error_code ec;
    std::filesystem::create_directories(out_dir, ec);
    if (ec) {
        if (error) *error = out_dir + ": " + ec.message();
        return false;
    }

    // Pass 1: deal the games into buckets (fast compression: read once more).
    WriterOptions bucket_options = options;
    bucket_options.zstd_level = 1;
    std::vector<std::unique_ptr<GameFileWriter>> buckets;
    std::vector<std::string> bucket_paths;
    for (int b = 0; b < files; ++b) {
        bucket_paths.push_back(shuffle_name(out_dir, b, ".bucket-"));
        buckets.push_back(std::make_unique<GameFileWriter>(bucket_options));
        if (!buckets.back()->open(bucket_paths.back(), error)) return false;
    }
    SplitMix64 deal = SplitMix64::derived(seed, 0);
    Progress dealing("shuffle (deal)", "positions", set.positions, progress_out);
    bool ok = for_each_game(
        set,
        [&](const GameRecord& g) {
            ++report.games_in;
            report.positions_in += g.plies.size();
            return buckets[deal.below(uint64_t(files))]->add(g, error);
        },
        &dealing, error);
    dealing.finish();
    for (auto& b : buckets)
        if (ok && !b->finish(error)) ok = false;
    buckets.clear();  // unfinished writers remove their temporary files

    // Pass 2: shuffle each bucket in memory into its final file.
    Progress writing("shuffle (write)", "files", uint64_t(files), progress_out);
    std::vector<GameRecord> games;
    for (int b = 0; ok && b < files; ++b) {
        games.clear();
        ok = read_game_file(bucket_paths[b], games, error);
        if (!ok) break;
        SplitMix64 order = SplitMix64::derived(seed, uint64_t(b) + 1);
        order.shuffle(games.begin(), games.end());
        GameFileWriter writer(options);
        const std::string path = shuffle_name(out_dir, b, "shuffled-");
        ok = writer.open(path, error);
        for (size_t i = 0; ok && i < games.size(); ++i) ok = writer.add(games[i], error);
        ok = ok && writer.finish(error);
        if (!ok) break;
        for (const GameRecord& g : games) report.positions_out += training_positions(g);
        report.games_out += games.size();
        report.outputs.push_back(path);
        std::remove(bucket_paths[b].c_str());
        writing.update(uint64_t(b) + 1);
    }
    writing.finish();
    for (const std::string& p : bucket_paths) std::remove(p.c_str());
    return ok;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data
