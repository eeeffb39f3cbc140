#include "engine/core/position.h"

#include <cstring>

namespace pantheon {
PANTHEON_VARIANT_BEGIN

Position::Position() { *this = start(); }

Position Position::start() {
    static const Position start_position = *from_fen(Variant::start_fen);
    return start_position;
}

void Position::clear() {
    std::memset(board_, 0, sizeof(board_));
    std::memset(by_color_, 0, sizeof(by_color_));
    std::memset(by_type_, 0, sizeof(by_type_));
    std::memset(by_component_, 0, sizeof(by_component_));
    std::memset(hand_, 0, sizeof(hand_));
    king_[WHITE] = king_[BLACK] = SQ_NONE;
    side_ = start_side_ = WHITE;
    start_fullmove_ = 1;
    states_.clear();
    states_.reserve(512);
}

int Position::hand_total(Color c) const {
    int n = 0;
    for (int pt = 0; pt < HAND_TYPE_NB; ++pt) n += hand_[c][pt];
    return n;
}

void Position::undo_move() {
    const StateInfo& st = states_.back();
    const Move m = st.move;
    const Color us = ~side_;
    const Square to = m.to();
    if (m.is_drop()) {
        remove_piece(to);
        ++hand_[us][m.dropped()];
    } else {
        const Piece placed = board_[to];
        const Piece original =
            m.is_promotion() ? make_piece(us, unpromote(type_of(placed))) : placed;
        remove_piece(to);
        put_piece(original, m.from());
        Square capture_square = to;
        if constexpr (Variant::castling) {
            const StateInfo& before = states_[states_.size() - 2];
            if (type_of(original) == KING && is_castling_step(m.from(), to)) {
                const auto& wing = castling::WINGS[us][to > m.from() ? castling::KINGSIDE
                                                                     : castling::QUEENSIDE];
                const Piece rook = board_[wing.rook_to];
                remove_piece(wing.rook_to);
                put_piece(rook, wing.rook_from);
            } else if (type_of(original) == PAWN && (ep_squares_of(before, ~us) & bit(to))) {
                capture_square = before.ep_pawn;  // en passant squares are empty: no other capture lands there
            }
        }
        if (st.captured != NO_PIECE) {
            put_piece(st.captured, capture_square);
            --hand_[us][unpromote(type_of(st.captured))];
        }
    }
    side_ = us;
    states_.pop_back();
}

void Position::do_null_move() {
    StateInfo next;
    next.key = states_.back().key ^ zobrist::side();
    next.halfmove_clock = uint16_t(states_.back().halfmove_clock + 1);
    if constexpr (Variant::castling) {
        next.castling = states_.back().castling;
        next.key ^= ep_key(ep_squares_of(states_.back(), ~side_));
    }
    side_ = ~side_;
    states_.push_back(next);
    states_.back().checkers = compute_checkers();
}

void Position::undo_null_move() {
    side_ = ~side_;
    states_.pop_back();
}

void Position::castling_ep_after(Move m, Piece pc, StateInfo& next, Key& k) const {
    const Square from = m.from(), to = m.to();
    const uint8_t lost = castling::RIGHTS_LOST[from] | castling::RIGHTS_LOST[to];
    if (next.castling & lost) {
        k ^= zobrist::castling(next.castling);
        next.castling = uint8_t(next.castling & ~lost);
        k ^= zobrist::castling(next.castling);
    }
    if (type_of(pc) != PAWN) return;
    const int steps = rank_of(to) > rank_of(from) ? rank_of(to) - rank_of(from)
                                                  : rank_of(from) - rank_of(to);
    if (steps < 2) return;
    const Color us = color_of(pc);
    StateInfo stepped;
    stepped.ep_pawn = to;
    stepped.ep_count = uint8_t(steps - 1);
    const Bitboard passed = ep_squares_of(stepped, us);
    // Recorded only when an enemy pawn could take en passant: otherwise the
    // situation is the same as if the pawn had arrived some other way.
    Bitboard takers = 0;
    for (Bitboard b = passed; b;) takers |= geometry::PAWN_ATTACKS[us][pop_lsb(b)];
    if (!(takers & pieces(~us, PAWN))) return;
    next.ep_pawn = stepped.ep_pawn;
    next.ep_count = stepped.ep_count;
    k ^= ep_key(passed);
}

Key Position::key_after(Move m) const {
    const Color us = side_;
    Key k = key() ^ zobrist::side();
    const Square to = m.to();
    if constexpr (Variant::castling) k ^= ep_key(ep_squares());
    if (m.is_drop()) {
        const PieceType pt = m.dropped();
        const int n = hand_[us][pt];
        return k ^ zobrist::hand(us, pt, n) ^ zobrist::hand(us, pt, n - 1) ^
               zobrist::piece_square(make_piece(us, pt), to);
    }
    const Piece pc = board_[m.from()];
    const Square taken_from = capture_square(m);
    if constexpr (Variant::castling) {
        StateInfo next;
        next.castling = state().castling;
        castling_ep_after(m, pc, next, k);
        if (is_castling(m)) {
            const auto& wing =
                castling::WINGS[us][to > m.from() ? castling::KINGSIDE : castling::QUEENSIDE];
            const Piece rook = board_[wing.rook_from];
            k ^= zobrist::piece_square(rook, wing.rook_from) ^
                 zobrist::piece_square(rook, wing.rook_to);
        }
    }
    const Piece captured = board_[taken_from];
    if (captured != NO_PIECE) {
        const PieceType ht = unpromote(type_of(captured));
        const int n = hand_[us][ht];
        k ^= zobrist::piece_square(captured, taken_from) ^ zobrist::hand(us, ht, n) ^
             zobrist::hand(us, ht, n + 1);
    }
    const Piece placed = m.is_promotion() ? make_piece(us, promote(type_of(pc))) : pc;
    return k ^ zobrist::piece_square(pc, m.from()) ^ zobrist::piece_square(placed, to);
}

int Position::occurrences(Key k) const {
    // A situation includes the side to move, so only every other state can match.
    int count = 0;
    for (int i = int(states_.size()) - 1; i >= 0; i -= 2) count += states_[i].key == k;
    return count;
}

int Position::occurrences_for_next(Key k) const {
    int count = 0;
    for (int i = int(states_.size()) - 2; i >= 0; i -= 2) count += states_[i].key == k;
    return count;
}

Bitboard Position::king_blockers(Color c) const {
    const Square ksq = king_[c];
    const Bitboard enemies = by_color_[~c];
    Bitboard snipers =
        ((geometry::ROOK_RAYS[ksq] & by_component_[component_index(MOVE_ROOK)]) |
         (geometry::BISHOP_RAYS[ksq] & by_component_[component_index(MOVE_BISHOP)])) &
        enemies;
    const Bitboard occupied = pieces();
    Bitboard blockers = 0;
    while (snipers) {
        const Square s = pop_lsb(snipers);
        const Bitboard between = geometry::BETWEEN[ksq][s] & occupied;
        if (between && !more_than_one(between)) blockers |= between;
    }
    return blockers;
}

bool Position::campmate_reached() const {
    if constexpr (!Variant::campmate) return false;
    return (pieces(WHITE, KING) & geometry::LAST_RANK[WHITE]) ||
           (pieces(BLACK, KING) & geometry::LAST_RANK[BLACK]);
}

std::optional<Color> Position::campmate_winner() const {
    if constexpr (!Variant::campmate) return std::nullopt;
    const bool white = pieces(WHITE, KING) & geometry::LAST_RANK[WHITE];
    const bool black = pieces(BLACK, KING) & geometry::LAST_RANK[BLACK];
    if (white && black) return ~side_;  // cannot arise in play; the last mover wins
    if (white) return WHITE;
    if (black) return BLACK;
    return std::nullopt;
}

Key Position::compute_key() const {
    Key k = side_ == BLACK ? zobrist::side() : 0;
    for (int s = 0; s < SQUARE_NB; ++s)
        if (board_[s] != NO_PIECE) k ^= zobrist::piece_square(board_[s], Square(s));
    for (int c = 0; c < COLOR_NB; ++c)
        for (int pt = 0; pt < HAND_TYPE_NB; ++pt)
            k ^= zobrist::hand(Color(c), PieceType(pt), hand_[c][pt]);
    if constexpr (Variant::castling) k ^= zobrist::castling(castling_rights()) ^ ep_key(ep_squares());
    return k;
}

bool Position::is_consistent(std::string* why) const {
    auto fail = [&](const char* msg) {
        if (why) *why = msg;
        return false;
    };
    Bitboard color_check[COLOR_NB] = {0, 0};
    Bitboard type_check[PIECE_TYPE_NB] = {};
    Bitboard comp_check[MOVE_COMPONENT_NB] = {};
    for (int s = 0; s < SQUARE_NB; ++s) {
        const Piece p = board_[s];
        if (p == NO_PIECE) continue;
        color_check[color_of(p)] |= bit(Square(s));
        type_check[type_of(p)] |= bit(Square(s));
        for (uint8_t m = PIECE_MOVES[type_of(p)]; m; m &= m - 1)
            comp_check[__builtin_ctz(m)] |= bit(Square(s));
    }
    for (int c = 0; c < COLOR_NB; ++c)
        if (color_check[c] != by_color_[c]) return fail("color bitboard mismatch");
    for (int pt = 0; pt < PIECE_TYPE_NB; ++pt)
        if (type_check[pt] != by_type_[pt]) return fail("type bitboard mismatch");
    for (int m = 0; m < MOVE_COMPONENT_NB; ++m)
        if (comp_check[m] != by_component_[m]) return fail("component bitboard mismatch");
    for (int c = 0; c < COLOR_NB; ++c)
        if (board_[king_[c]] != make_piece(Color(c), KING)) return fail("king square mismatch");
    if (compute_key() != key()) return fail("incremental hash differs from hash from scratch");
    if (compute_checkers() != checkers()) return fail("checkers mismatch");
    return true;
}

PANTHEON_VARIANT_END
}  // namespace pantheon
