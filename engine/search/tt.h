// Transposition table: clusters of three 10-byte entries (one 32-byte bucket),
// replacement by depth and age. Shared by all search threads without locks;
// a torn entry can only yield a wrong move or score hint, and moves read back
// are validated before use.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "engine/core/types.h"
#include "engine/search/search.h"
#include "util/huge_pages.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

// Lowest depth stored (quiescence entries use depths 0 and -1).
constexpr int TT_DEPTH_OFFSET = -2;

struct TTData {
    Move move;
    int score = NO_SCORE;  // already adjusted for mate distance from the probing ply
    int eval = NO_SCORE;
    int depth = TT_DEPTH_OFFSET;
    Bound bound = Bound::None;
    bool was_pv = false;
};

class TranspositionTable {
  public:
    TranspositionTable() { resize(16); }
    // Contents are cleared. False if the memory could not be had (the table
    // then keeps its previous size).
    bool resize(size_t mb);
    void clear();
    // Called once per search: entries from older searches become replaceable.
    void new_search() { generation_ = uint8_t(generation_ + GENERATION_STEP); }

    // True if the key was found; data is filled either way (defaults on a miss).
    bool probe(Key key, int ply, TTData& data) const;
    void store(Key key, int ply, int score, Bound bound, int depth, Move move, int eval, bool pv);
    // Permille of sampled entries written by the current search.
    int hashfull() const;
    void prefetch(Key key) const { __builtin_prefetch(&clusters_[index(key)]); }

  private:
    struct Entry {
        uint16_t key16;
        uint16_t move;
        int16_t score;
        int16_t eval;
        uint8_t depth8;     // depth - TT_DEPTH_OFFSET; 0 = empty
        uint8_t gen_bound;  // generation (upper 5 bits), pv (bit 2), bound (bits 0-1)
    };
    static constexpr int CLUSTER_SIZE = 3;
    struct alignas(32) Cluster {
        Entry entry[CLUSTER_SIZE];
        char padding[2];
    };
    static_assert(sizeof(Cluster) == 32, "cluster must fill one 32-byte bucket");
    static constexpr uint8_t GENERATION_STEP = 8;
    static constexpr uint8_t GENERATION_MASK = 0xF8;

    size_t index(Key key) const {
        return size_t((unsigned __int128)key * (unsigned __int128)cluster_count_ >> 64);
    }
    int relative_age(uint8_t gen_bound) const {
        return uint8_t(generation_ - (gen_bound & GENERATION_MASK)) / GENERATION_STEP;
    }

    util::HugePageArray<Cluster> clusters_;  // probed at random: huge pages spare the TLB
    size_t cluster_count_ = 0;
    uint8_t generation_ = 0;
};

// Mate scores are stored relative to the node, not the root.
inline int score_to_tt(int score, int ply) {
    if (score == NO_SCORE) return score;
    return score >= MATE_BOUND ? score + ply : score <= -MATE_BOUND ? score - ply : score;
}
inline int score_from_tt(int score, int ply) {
    if (score == NO_SCORE) return score;
    return score >= MATE_BOUND ? score - ply : score <= -MATE_BOUND ? score + ply : score;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::search
