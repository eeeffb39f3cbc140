#include "engine/search/tt.h"

#include <cstring>
#include <new>

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

bool TranspositionTable::resize(size_t mb) {
    const size_t old_count = cluster_count_;
    clusters_.reset();  // free the old table before allocating the new one
    const size_t count = std::max<size_t>(mb, 1) * 1024 * 1024 / sizeof(Cluster);
    bool ok = true;
    try {
        clusters_ = util::allocate_huge_page_array<Cluster>(count);  // clear() zeroes it once
        cluster_count_ = count;
    } catch (const std::bad_alloc&) {
        // Keep a working table: the old size (just freed) or, failing that, 1 MB.
        ok = false;
        cluster_count_ = old_count ? old_count : 1024 * 1024 / sizeof(Cluster);
        try {
            clusters_ = util::allocate_huge_page_array<Cluster>(cluster_count_);
        } catch (const std::bad_alloc&) {
            cluster_count_ = 1024 * 1024 / sizeof(Cluster);
            clusters_ = util::allocate_huge_page_array<Cluster>(cluster_count_);
        }
    }
    clear();
    return ok;
}

void TranspositionTable::clear() {
    std::memset(static_cast<void*>(clusters_.get()), 0, cluster_count_ * sizeof(Cluster));
    generation_ = 0;
}

bool TranspositionTable::probe(Key key, int ply, TTData& data) const {
    const Cluster& c = clusters_[index(key)];
    const uint16_t key16 = uint16_t(key);
    for (const Entry& e : c.entry) {
        if (e.key16 != key16 || !e.depth8) continue;
        data.move = Move(e.move);
        data.score = score_from_tt(e.score, ply);
        data.eval = e.eval;
        data.depth = int(e.depth8) + TT_DEPTH_OFFSET;
        data.bound = Bound(e.gen_bound & 3);
        data.was_pv = e.gen_bound & 4;
        return true;
    }
    data = TTData{};
    return false;
}

void TranspositionTable::store(Key key, int ply, int score, Bound bound, int depth, Move move,
                               int eval, bool pv) {
    Cluster& c = clusters_[index(key)];
    const uint16_t key16 = uint16_t(key);
    Entry* target = &c.entry[0];
    for (Entry& e : c.entry) {
        if (e.key16 == key16 || !e.depth8) {
            target = &e;
            break;
        }
        // Replace the shallowest entry, counting age against depth.
        auto worth = [this](const Entry& x) {
            return int(x.depth8) - 8 * relative_age(x.gen_bound);
        };
        if (worth(e) < worth(*target)) target = &e;
    }
    const bool same = target->key16 == key16 && target->depth8;
    // Keep an older move for the same position when this search found none.
    if (move || !same) target->move = move.raw();
    if (!same || bound == Bound::Exact || depth - TT_DEPTH_OFFSET + 4 > target->depth8 ||
        relative_age(target->gen_bound)) {
        target->key16 = key16;
        target->score = int16_t(score_to_tt(score, ply));
        target->eval = int16_t(eval);
        target->depth8 = uint8_t(depth - TT_DEPTH_OFFSET);
        target->gen_bound = uint8_t(generation_ | (pv ? 4 : 0) | uint8_t(bound));
    }
}

int TranspositionTable::hashfull() const {
    const size_t sample = std::min<size_t>(1000, cluster_count_);
    int used = 0;
    for (size_t i = 0; i < sample; ++i)
        for (const Entry& e : clusters_[i].entry)
            used += e.depth8 && (e.gen_bound & GENERATION_MASK) == generation_;
    return int(used * 1000 / (sample * CLUSTER_SIZE));
}

PANTHEON_VARIANT_END
}  // namespace pantheon::search
