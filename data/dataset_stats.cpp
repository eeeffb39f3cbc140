#include "data/dataset_stats.h"

#include <algorithm>
#include <cstdio>

#include "data/game_replay.h"
#include "data/progress.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

namespace {

constexpr int BAR_WIDTH = 40;

std::string percent(uint64_t part, uint64_t whole) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%5.1f%%", whole ? 100.0 * double(part) / double(whole) : 0.0);
    return buf;
}

}  // namespace

Histogram::Histogram(std::string title, std::vector<int64_t> edges)
    : title_(std::move(title)), edges_(std::move(edges)), counts_(edges_.size(), 0) {}

void Histogram::add(int64_t value) {
    const auto it = std::upper_bound(edges_.begin(), edges_.end(), value);
    if (it != edges_.begin()) ++counts_[size_t(it - edges_.begin() - 1)];
}

uint64_t Histogram::total() const {
    uint64_t n = 0;
    for (uint64_t c : counts_) n += c;
    return n;
}

void Histogram::print(std::ostream& out) const {
    out << title_ << ":\n";
    const uint64_t all = total();
    const uint64_t most = std::max<uint64_t>(1, *std::max_element(counts_.begin(), counts_.end()));
    for (size_t i = 0; i < counts_.size(); ++i) {
        std::string label;
        if (edges_[i] == INT64_MIN)
            label = "< " + std::to_string(edges_[i + 1]);
        else if (i + 1 == edges_.size())
            label = ">= " + std::to_string(edges_[i]);
        else if (edges_[i + 1] - 1 == edges_[i])
            label = std::to_string(edges_[i]);
        else
            label = std::to_string(edges_[i]) + ".." + std::to_string(edges_[i + 1] - 1);
        char line[64];
        std::snprintf(line, sizeof line, "  %14s %12llu %s ", label.c_str(),
                      static_cast<unsigned long long>(counts_[i]),
                      percent(counts_[i], all).c_str());
        out << line << std::string(size_t(BAR_WIDTH * counts_[i] / most), '#') << "\n";
    }
}

GameEnd game_end(const GameRecord& g) {
    switch (g.termination) {
        case Termination::Checkmate:
            return GameEnd::Checkmate;
        case Termination::Stalemate:
            return GameEnd::Stalemate;
        case Termination::Campmate:
            return GameEnd::Campmate;
        case Termination::Repetition:
            return GameEnd::Repetition;
        case Termination::PerpetualCheck:
            return GameEnd::PerpetualCheck;
        case Termination::None:
            break;
    }
    return g.adjudicated ? GameEnd::Adjudicated : GameEnd::Open;
}

const char* game_end_name(GameEnd e) {
    static constexpr const char* names[] = {"checkmate",      "stalemate",   "campmate",
                                            "repetition",     "adjudicated", "open",
                                            "perpetual-check"};
    return names[size_t(e)];
}

void DatasetStats::add_game(const GameRecord& game) {
    ++games;
    (!game.winner ? draws : game.winner == WHITE ? white_wins : black_wins) += 1;
    ++ends[size_t(game_end(game))];
    game_length.add(int64_t(game.plies.size()));
    positions += game.plies.size();
    replay_game(
        game,
        [&](const Position& pos, const PlyRecord& rec, int) {
            if (rec.excluded) {
                ++excluded;
                return;
            }
            score.add(rec.score);
            ply.add(absolute_ply(pos));
            hand_size.add(pos.hand_total(WHITE) + pos.hand_total(BLACK));
            in_check += pos.in_check();
            best_none += !rec.best;
            best_differs += rec.best && rec.best != rec.played;
            drops += rec.played.is_drop();
            captures += pos.is_capture(rec.played);
        },
        nullptr, /*check_legality=*/false);
}

void DatasetStats::print(std::ostream& out) const {
    const uint64_t training = positions - excluded;
    char buf[160];
    out << "files:      " << files << "\n";
    out << "games:      " << games << "\n";
    out << "positions:  " << positions << " (" << training << " for training, " << excluded
        << " excluded from training)\n";
    std::snprintf(buf, sizeof buf, "bytes:      %llu (%.3f bytes/position, %.1f plies/game)\n",
                  static_cast<unsigned long long>(bytes),
                  positions ? double(bytes) / double(positions) : 0.0,
                  games ? double(positions) / double(games) : 0.0);
    out << buf;
    out << "results:    White won " << white_wins << " (" << percent(white_wins, games)
        << "), Black won " << black_wins << " (" << percent(black_wins, games) << ")";
    if constexpr (Variant::draws)
        out << ", drawn " << draws << " (" << percent(draws, games) << ")";
    out << "\n";
    out << "game ends:\n";
    for (size_t e = 0; e < size_t(GameEnd::NB); ++e) {
        // Ends the variant cannot have are left out.
        if ((GameEnd(e) == GameEnd::Campmate && !Variant::campmate) ||
            (GameEnd(e) == GameEnd::PerpetualCheck && !Variant::draws))
            continue;
        std::snprintf(buf, sizeof buf, "  %14s %12llu %s\n", game_end_name(GameEnd(e)),
                      static_cast<unsigned long long>(ends[e]), percent(ends[e], games).c_str());
        out << buf;
    }
    out << "training positions: in check " << percent(in_check, training) << ", best move differs "
        << percent(best_differs, training) << ", no best move " << percent(best_none, training)
        << ", played move a drop " << percent(drops, training) << ", a capture "
        << percent(captures, training) << "\n";
    score.print(out);
    ply.print(out);
    hand_size.print(out);
    game_length.print(out);
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data
