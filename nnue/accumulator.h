// Incremental accumulators. A move's board changes are recorded at make time
// (ChangeRecorder, the Position observer: plain inline calls, no virtual call
// per change); a perspective's accumulator is brought up to date only when an
// evaluation needs it, by walking back to the last computed ply and applying
// the recorded changes forward. When a king's move changes its perspective's
// bucket or mirroring, that perspective is rebuilt from a per-bucket cache of
// accumulators (the cache remembers the board it was computed for, so only
// the difference to the current board is applied).
#pragma once

#include <cassert>
#include <cstring>
#include <iterator>
#include <memory>

#include "engine/core/position.h"
#include "nnue/aligned.h"
#include "nnue/features.h"
#include "nnue/kernels.h"
#include "nnue/network.h"

namespace pantheon::nnue {
PANTHEON_VARIANT_BEGIN

// What one move changed on the board (at most: a capture's two removals, one
// placement and one hand gain; castling removes and places king and rook).
struct BoardChanges {
    struct PieceChange {
        Piece piece;
        Square square;
    };
    PieceChange removed[2];
    PieceChange added[Variant::castling ? 2 : 1];
    Color hand_owner;
    PieceType hand_type;
    uint8_t hand_count;  // the count after the change
    bool hand_gained;
    uint8_t removed_nb = 0, added_nb = 0, hand_nb = 0;
};

// One ply's accumulators (indexed by perspective colour) and the changes that
// led to it.
struct alignas(CACHE_LINE) AccumulatorState {
    int16_t acc[COLOR_NB][arch::L1];
    int32_t psqt[COLOR_NB];
    Square king[COLOR_NB];
    bool computed[COLOR_NB] = {};
    bool refresh[COLOR_NB] = {};  // this ply moved the perspective's king to another view
    Key key = 0;                  // the position's key, to detect a stack out of step
    BoardChanges changes;
};

// The Position observer writing one ply's changes.
struct ChangeRecorder {
    AccumulatorState* st;
    void piece_removed(Piece pc, Square s) {
        assert(st->changes.removed_nb < std::size(st->changes.removed));
        st->changes.removed[st->changes.removed_nb++] = {pc, s};
    }
    void piece_added(Piece pc, Square s) {
        assert(st->changes.added_nb < std::size(st->changes.added));
        st->changes.added[st->changes.added_nb++] = {pc, s};
        if (type_of(pc) == KING) {
            const Color c = color_of(pc);
            st->refresh[c] = features::needs_refresh(c, st->king[c], s);
            st->king[c] = s;
        }
    }
    void hand_changed(Color owner, PieceType pt, int old_count, int new_count) {
        BoardChanges& ch = st->changes;
        ch.hand_owner = owner;
        ch.hand_type = pt;
        ch.hand_gained = new_count > old_count;
        ch.hand_count = uint8_t(ch.hand_gained ? new_count : old_count);
        ch.hand_nb = 1;
    }
};

// Accumulators of one perspective for one king view, with the board they
// were computed for.
struct alignas(CACHE_LINE) RefreshCacheEntry {
    int16_t acc[arch::L1];
    int32_t psqt;
    Piece board[SQUARE_NB];
    uint8_t hand[COLOR_NB][HAND_TYPE_NB];
};

template <class B>
class AccumulatorStack {
  public:
    static constexpr int VIEWS = features::KING_BUCKET_NB * 2;  // bucket x mirrored

    explicit AccumulatorStack(const Network* net = nullptr) : net_(net) {
        if (net_) grouped_ = std::make_unique<GroupedL2Weights>(*net_);
        states_.resize(INITIAL_DEPTH);
        cache_.resize(COLOR_NB * VIEWS);
        reset_cache();
    }
    // A new network empties the cache; reset() must follow before evaluating.
    void set_network(const Network* net) {
        net_ = net;
        grouped_ = net_ ? std::make_unique<GroupedL2Weights>(*net_) : nullptr;
        valid_ = false;
        reset_cache();
    }
    const Network* network() const { return net_; }

    // Starts over at pos (the search root): both perspectives computed.
    void reset(const Position& pos) {
        top_ = 0;
        AccumulatorState& st = states_[0];
        for (Color c : {WHITE, BLACK}) {
            st.king[c] = pos.king_square(c);
            refresh(c, pos, st);
        }
        st.key = pos.key();
        valid_ = true;
    }

    // Makes m on pos, recording its changes.
    void do_move(Position& pos, Move m) {
        ChangeRecorder rec{&push()};
        pos.do_move(m, rec);
        rec.st->key = pos.key();
    }
    void do_null_move(Position& pos) {
        push().key = 0;
        pos.do_null_move();
        states_[top_].key = pos.key();
    }
    void undo_move(Position& pos) {
        pos.undo_move();
        --top_;
    }
    void undo_null_move(Position& pos) {
        pos.undo_null_move();
        --top_;
    }

    // Centipawns from the side to move's view; pos must be the position the
    // stack followed (if it is not, the stack starts over from it).
    int evaluate(const Position& pos, LayerOutputs* trace = nullptr) {
        if (!valid_ || states_[top_].key != pos.key()) reset(pos);
        update(WHITE, pos);
        update(BLACK, pos);
        const AccumulatorState& st = states_[top_];
        const Color us = pos.side_to_move();
        return propagate<B>(*net_, *grouped_, st.acc[us], st.acc[~us], st.psqt[us], st.psqt[~us],
                            trace);
    }

    // Brings perspective c of the top ply up to date (public for tests).
    void update(Color c, const Position& pos) {
        int i = top_;
        while (!states_[i].computed[c]) {
            if (states_[i].refresh[c]) {
                refresh(c, pos, states_[top_]);
                return;
            }
            --i;
        }
        for (++i; i <= top_; ++i) apply(c, states_[i - 1], states_[i]);
    }
    const AccumulatorState& top() const { return states_[top_]; }
    int depth() const { return top_; }

  private:
    static constexpr int INITIAL_DEPTH = 256;

    AccumulatorState& push() {
        if (top_ + 1 == int(states_.size())) states_.resize(states_.size() * 2);
        const AccumulatorState& prev = states_[top_];
        AccumulatorState& st = states_[++top_];
        st.king[WHITE] = prev.king[WHITE];
        st.king[BLACK] = prev.king[BLACK];
        st.computed[WHITE] = st.computed[BLACK] = false;
        st.refresh[WHITE] = st.refresh[BLACK] = false;
        st.changes.removed_nb = st.changes.added_nb = st.changes.hand_nb = 0;
        return st;
    }

    const int16_t* row(FeatureIndex f) const {
        return net_->ft_weights.data() + size_t(f) * arch::L1;
    }

    // cur = prev plus the changes recorded for cur, from perspective c.
    void apply(Color c, const AccumulatorState& prev, AccumulatorState& cur) {
        const features::View v = features::make_view(c, cur.king[c]);
        const BoardChanges& ch = cur.changes;
        RowChanges rc;
        int32_t psqt = prev.psqt[c];
        auto add = [&](FeatureIndex f) {
            rc.add[rc.adds++] = row(f);
            psqt += net_->psqt_weights[f];
        };
        auto sub = [&](FeatureIndex f) {
            rc.sub[rc.subs++] = row(f);
            psqt -= net_->psqt_weights[f];
        };
        for (int k = 0; k < ch.removed_nb; ++k)
            sub(features::board_feature(v, ch.removed[k].piece, ch.removed[k].square));
        for (int k = 0; k < ch.added_nb; ++k)
            add(features::board_feature(v, ch.added[k].piece, ch.added[k].square));
        if (ch.hand_nb) {
            const FeatureIndex f =
                features::hand_feature(v, ch.hand_owner, ch.hand_type, ch.hand_count);
            ch.hand_gained ? add(f) : sub(f);
        }
        Kernels<B>::update(cur.acc[c], prev.acc[c], rc);
        cur.psqt[c] = psqt;
        cur.computed[c] = true;
    }

    // Rebuilds perspective c of st for pos from the cache entry of c's view.
    void refresh(Color c, const Position& pos, AccumulatorState& st) {
        const features::View v = features::make_view(c, pos.king_square(c));
        const int slot = v.bucket_base / features::FEATURES_PER_BUCKET * 2 + v.mirrored;
        RefreshCacheEntry& e = cache_[c * VIEWS + slot];
        RowChanges rc;
        auto flush = [&] {
            Kernels<B>::update(e.acc, e.acc, rc);
            rc.adds = rc.subs = 0;
        };
        auto add = [&](FeatureIndex f) {
            if (rc.adds == RowChanges::MAX) flush();
            rc.add[rc.adds++] = row(f);
            e.psqt += net_->psqt_weights[f];
        };
        auto sub = [&](FeatureIndex f) {
            if (rc.subs == RowChanges::MAX) flush();
            rc.sub[rc.subs++] = row(f);
            e.psqt -= net_->psqt_weights[f];
        };
        for (int s = 0; s < SQUARE_NB; ++s) {
            const Piece now = pos.piece_on(Square(s)), was = e.board[s];
            if (now == was) continue;
            if (was != NO_PIECE) sub(features::board_feature(v, was, Square(s)));
            if (now != NO_PIECE) add(features::board_feature(v, now, Square(s)));
            e.board[s] = now;
        }
        for (Color owner : {WHITE, BLACK})
            for (int pt = 0; pt < HAND_TYPE_NB; ++pt) {
                const int now = pos.hand_count(owner, PieceType(pt)), was = e.hand[owner][pt];
                for (int i = was; i > now; --i)
                    sub(features::hand_feature(v, owner, PieceType(pt), i));
                for (int i = was + 1; i <= now; ++i)
                    add(features::hand_feature(v, owner, PieceType(pt), i));
                e.hand[owner][pt] = uint8_t(now);
            }
        flush();
        std::memcpy(st.acc[c], e.acc, sizeof e.acc);
        st.psqt[c] = e.psqt;
        st.computed[c] = true;
    }

    void reset_cache() {
        for (RefreshCacheEntry& e : cache_) {
            if (net_) std::memcpy(e.acc, net_->ft_bias.data(), sizeof e.acc);
            e.psqt = 0;
            std::fill(std::begin(e.board), std::end(e.board), NO_PIECE);
            std::memset(e.hand, 0, sizeof e.hand);
        }
    }

    const Network* net_;
    std::unique_ptr<GroupedL2Weights> grouped_;  // the network's first dense layer, regrouped
    AlignedVector<AccumulatorState> states_;
    AlignedVector<RefreshCacheEntry> cache_;
    int top_ = 0;
    bool valid_ = false;  // reset() has set up the root for the current network
};

PANTHEON_VARIANT_END
}  // namespace pantheon::nnue
