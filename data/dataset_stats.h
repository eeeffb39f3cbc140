// What `pantheon data stats` reports: counts, result split, how games ended,
// and histograms over the training positions (score, ply, hand size) and
// over game lengths.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "data/game_record.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

// Buckets [edge[i], edge[i+1]); the last one is open-ended.
class Histogram {
  public:
    Histogram(std::string title, std::vector<int64_t> edges);
    void add(int64_t value);
    uint64_t total() const;
    const std::vector<uint64_t>& counts() const { return counts_; }
    void print(std::ostream& out) const;

  private:
    std::string title_;
    std::vector<int64_t> edges_;
    std::vector<uint64_t> counts_;
};

// Ways a game can end in the data, for the termination split.
enum class GameEnd {
    Checkmate,
    Stalemate,
    Campmate,
    Repetition,
    Adjudicated,
    Open,
    PerpetualCheck,
    NB
};
GameEnd game_end(const GameRecord& g);
const char* game_end_name(GameEnd e);

struct DatasetStats {
    uint64_t files = 0, bytes = 0;
    uint64_t games = 0, positions = 0, excluded = 0;
    uint64_t white_wins = 0, black_wins = 0, draws = 0;
    uint64_t ends[size_t(GameEnd::NB)] = {};
    uint64_t best_differs = 0, best_none = 0, in_check = 0, drops = 0, captures = 0;
    Histogram score{"score (centipawns, side to move)",
                    {INT64_MIN, -10000, -2000, -1000, -500, -250, -100, -50, -20, 21, 51, 101, 251,
                     501, 1001, 2001, 10001}};
    Histogram ply{"ply", {0, 10, 20, 40, 60, 80, 100, 150, 200, 300, 400}};
    Histogram hand_size{"pieces in hand (both sides)", {0, 1, 2, 3, 4, 6, 8, 10, 15, 20, 30}};
    Histogram game_length{"game length (plies)", {0, 20, 40, 60, 80, 100, 150, 200, 300, 400, 600}};

    // Replays the game (trusting it is decoded from a file) and counts it.
    void add_game(const GameRecord& game);
    void print(std::ostream& out) const;
};

PANTHEON_VARIANT_END
}  // namespace pantheon::data
