// The board: pieces, hands, side to move, and the game's history of states
// (for the repetition rule). Knows the rules of how a move changes the board;
// which moves are legal lives in movegen.h, how a game ends in rules.h.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/bitboard.h"
#include "engine/core/castling.h"
#include "engine/core/types.h"
#include "engine/core/zobrist.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN

// What changed on one ply, kept so the move can be taken back.
struct StateInfo {
    Key key = 0;
    Bitboard checkers = 0;
    Move move;                 // the move that led here (none at the root)
    Piece captured = NO_PIECE;
    uint16_t halfmove_clock = 0;
    // Variants with castling (Pandemonium) only; they fit in the padding.
    uint8_t castling = NO_CASTLING;  // CastlingRight bits still held
    Square ep_pawn = SQ_NONE;        // the pawn that may be taken en passant
    uint8_t ep_count = 0;            // squares it passed (1 or 2): the en passant squares
};

// Receives every change a move makes, so incremental evaluators (NNUE
// accumulators) can follow the board without the board knowing them.
struct NullObserver {
    void piece_removed(Piece, Square) {}
    void piece_added(Piece, Square) {}
    void hand_changed(Color, PieceType, int /*old_count*/, int /*new_count*/) {}
};

class Position {
public:
    Position();  // the start position

    // Strict FEN parsing; on failure returns nullopt and, if given, a message.
    static std::optional<Position> from_fen(std::string_view fen, std::string* error = nullptr);
    static Position start();
    std::string fen() const;

    // --- queries ---
    Color side_to_move() const { return side_; }
    Piece piece_on(Square s) const { return board_[s]; }
    Bitboard pieces() const { return by_color_[WHITE] | by_color_[BLACK]; }
    Bitboard pieces(Color c) const { return by_color_[c]; }
    Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
    Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
    // All pieces whose movement includes the given component (MoveComponent).
    Bitboard movers(MoveComponent m) const { return by_component_[component_index(m)]; }
    int hand_count(Color c, PieceType pt) const { return hand_[c][pt]; }
    int hand_total(Color c) const;
    Square king_square(Color c) const { return king_[c]; }

    Key key() const { return states_.back().key; }
    Bitboard checkers() const { return states_.back().checkers; }
    bool in_check() const { return checkers() != 0; }
    const StateInfo& state() const { return states_.back(); }
    // The state after `ply` plies of the game as set up (0: the position set up).
    const StateInfo& state_at(int ply) const { return states_[ply]; }
    Move last_move() const { return states_.back().move; }
    Piece captured_piece() const { return states_.back().captured; }
    int castling_rights() const { return states_.back().castling; }
    // Squares a pawn of the side to move may capture onto en passant (set only
    // after a multi-step that an enemy pawn could answer so).
    Bitboard ep_squares() const { return ep_squares_of(states_.back(), ~side_); }
    Square ep_pawn() const { return states_.back().ep_pawn; }
    // Whether m (legal here) is castling, or an en passant capture.
    bool is_castling(Move m) const {
        if constexpr (!Variant::castling) return false;
        return !m.is_drop() && type_of(board_[m.from()]) == KING &&
               is_castling_step(m.from(), m.to());
    }
    bool is_en_passant(Move m) const {
        if constexpr (!Variant::castling) return false;
        return !m.is_drop() && type_of(board_[m.from()]) == PAWN &&
               file_of(m.from()) != file_of(m.to()) && board_[m.to()] == NO_PIECE;
    }
    // Where the piece a board move m would capture stands: its target, or
    // for en passant the passed pawn's square.
    Square capture_square(Move m) const {
        return is_en_passant(m) ? states_.back().ep_pawn : m.to();
    }
    // The piece m captures (en passant: the passed pawn), NO_PIECE if none.
    Piece victim_of(Move m) const { return m.is_drop() ? NO_PIECE : board_[capture_square(m)]; }

    // Plies played since this position was set up, and the FEN counters.
    int game_ply() const { return int(states_.size()) - 1; }
    int halfmove_clock() const { return states_.back().halfmove_clock; }
    int fullmove_number() const { return start_fullmove_ + (game_ply() + (start_side_ == BLACK)) / 2; }

    // Pieces of either color attacking s, given the occupancy.
    Bitboard attackers_to(Square s, Bitboard occupied) const;
    bool attacked_by(Color c, Square s, Bitboard occupied) const {
        return attackers_to(s, occupied) & by_color_[c];
    }
    bool attacked_by(Color c, Square s) const { return attacked_by(c, s, pieces()); }
    // Pieces (either color) that alone block a slider's line to c's king.
    Bitboard king_blockers(Color c) const;

    // A king stands on its campmate rank: the game is already over.
    bool campmate_reached() const;
    std::optional<Color> campmate_winner() const;

    bool is_capture(Move m) const {
        return !m.is_drop() && (board_[m.to()] != NO_PIECE || is_en_passant(m));
    }
    Piece moved_piece(Move m) const {
        return m.is_drop() ? make_piece(side_, m.dropped()) : board_[m.from()];
    }

    // --- changing the position ---
    void do_move(Move m) {
        NullObserver none;
        do_move(m, none);
    }
    template <class Observer>
    void do_move(Move m, Observer& observer);
    void undo_move();
    // Passing is not a move of the game; search uses it for null-move pruning.
    void do_null_move();
    void undo_null_move();

    // Hash of the situation after m, without making it.
    Key key_after(Move m) const;
    // How often the situation with key k has occurred in the game so far.
    int occurrences(Key k) const;
    // True if m would make the current situation's successor occur a third time.
    bool repeats_third_time(Move m) const { return occurrences_for_next(key_after(m)) >= 2; }
    int occurrences_for_next(Key k) const;

    // Full consistency check (debug and tests): tables agree, hash from scratch.
    bool is_consistent(std::string* why = nullptr) const;
    Key compute_key() const;

private:
    struct EmptyTag {};
    explicit Position(EmptyTag) { clear(); }
    static constexpr int component_index(MoveComponent m) { return __builtin_ctz(m); }
    void clear();
    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    Bitboard compute_checkers() const;
    // The en passant squares of state st, whose pawn belongs to `mover`.
    static Bitboard ep_squares_of(const StateInfo& st, Color mover) {
        if (!st.ep_count) return 0;
        const int back = mover == WHITE ? -FILE_NB : FILE_NB;
        Bitboard b = bit(Square(st.ep_pawn + back));
        if (st.ep_count > 1) b |= bit(Square(st.ep_pawn + 2 * back));
        return b;
    }
    // A king step of more than one file is castling (kings otherwise move one square).
    static constexpr bool is_castling_step(Square from, Square to) {
        const int d = file_of(from) - file_of(to);
        return d > 1 || d < -1;
    }
    static Key ep_key(Bitboard squares) {
        Key k = 0;
        while (squares) k ^= zobrist::en_passant(pop_lsb(squares));
        return k;
    }
    // Castling rights and en passant squares after board move m by us (from
    // `from` to `to`, the moved piece pc), with their key change added to k.
    void castling_ep_after(Move m, Piece pc, StateInfo& next, Key& k) const;
    // FEN fields of variants with castling; false with a message if malformed
    // or impossible on this board.
    bool parse_castling(std::string_view field, StateInfo& root, std::string& error) const;
    bool parse_en_passant(std::string_view field, StateInfo& root, std::string& error) const;

    Piece board_[SQUARE_NB];
    Bitboard by_color_[COLOR_NB];
    Bitboard by_type_[PIECE_TYPE_NB];
    Bitboard by_component_[MOVE_COMPONENT_NB];
    uint8_t hand_[COLOR_NB][HAND_TYPE_NB];
    Square king_[COLOR_NB];
    Color side_ = WHITE;
    Color start_side_ = WHITE;
    int start_fullmove_ = 1;
    std::vector<StateInfo> states_;  // states_[0] is the position as set up
};

// ---------------------------------------------------------------------------

inline void Position::put_piece(Piece p, Square s) {
    const PieceType pt = type_of(p);
    const Bitboard b = bit(s);
    board_[s] = p;
    by_color_[color_of(p)] |= b;
    by_type_[pt] |= b;
    for (uint8_t m = PIECE_MOVES[pt]; m; m &= m - 1) by_component_[__builtin_ctz(m)] |= b;
    if (pt == KING) king_[color_of(p)] = s;
}

inline void Position::remove_piece(Square s) {
    const Piece p = board_[s];
    const PieceType pt = type_of(p);
    const Bitboard b = ~bit(s);
    board_[s] = NO_PIECE;
    by_color_[color_of(p)] &= b;
    by_type_[pt] &= b;
    for (uint8_t m = PIECE_MOVES[pt]; m; m &= m - 1) by_component_[__builtin_ctz(m)] &= b;
}

inline Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
    using namespace geometry;
    return (WAZIR_ATTACKS[s] & by_component_[component_index(MOVE_WAZIR)]) |
           (FERZ_ATTACKS[s] & by_component_[component_index(MOVE_FERZ)]) |
           (KNIGHT_ATTACKS[s] & by_component_[component_index(MOVE_KNIGHT)]) |
           (rook_attacks(s, occupied) & by_component_[component_index(MOVE_ROOK)]) |
           (bishop_attacks(s, occupied) & by_component_[component_index(MOVE_BISHOP)]) |
           (PAWN_ATTACKS[BLACK][s] & by_type_[PAWN] & by_color_[WHITE]) |
           (PAWN_ATTACKS[WHITE][s] & by_type_[PAWN] & by_color_[BLACK]);
}

inline Bitboard Position::compute_checkers() const {
    return attackers_to(king_[side_], pieces()) & by_color_[~side_];
}

template <class Observer>
void Position::do_move(Move m, Observer& observer) {
    const Color us = side_;
    StateInfo next;
    next.move = m;
    next.halfmove_clock = uint16_t(states_.back().halfmove_clock + 1);
    Key k = states_.back().key ^ zobrist::side();
    const Square to = m.to();
    if constexpr (Variant::castling) {
        next.castling = states_.back().castling;
        k ^= ep_key(ep_squares_of(states_.back(), ~us));
    }

    if (m.is_drop()) {
        const PieceType pt = m.dropped();
        const Piece pc = make_piece(us, pt);
        const int n = hand_[us][pt];
        hand_[us][pt] = uint8_t(n - 1);
        observer.hand_changed(us, pt, n, n - 1);
        k ^= zobrist::hand(us, pt, n) ^ zobrist::hand(us, pt, n - 1);
        put_piece(pc, to);
        observer.piece_added(pc, to);
        k ^= zobrist::piece_square(pc, to);
    } else {
        const Square from = m.from();
        const Piece pc = board_[from];
        const Square taken_from = capture_square(m);
        if constexpr (Variant::castling) castling_ep_after(m, pc, next, k);
        const Piece captured = board_[taken_from];
        if (captured != NO_PIECE) {
            const PieceType ht = unpromote(type_of(captured));
            const int n = hand_[us][ht];
            remove_piece(taken_from);
            observer.piece_removed(captured, taken_from);
            k ^= zobrist::piece_square(captured, taken_from);
            hand_[us][ht] = uint8_t(n + 1);
            observer.hand_changed(us, ht, n, n + 1);
            k ^= zobrist::hand(us, ht, n) ^ zobrist::hand(us, ht, n + 1);
            next.captured = captured;
            next.halfmove_clock = 0;
        } else if (type_of(pc) == PAWN) {
            next.halfmove_clock = 0;
        }
        const Piece placed = m.is_promotion() ? make_piece(us, promote(type_of(pc))) : pc;
        remove_piece(from);
        observer.piece_removed(pc, from);
        put_piece(placed, to);
        observer.piece_added(placed, to);
        k ^= zobrist::piece_square(pc, from) ^ zobrist::piece_square(placed, to);
        if constexpr (Variant::castling) {
            if (type_of(pc) == KING && is_castling_step(from, to)) {
                const auto& wing = castling::WINGS[us][to > from ? castling::KINGSIDE
                                                                 : castling::QUEENSIDE];
                const Piece rook = board_[wing.rook_from];
                remove_piece(wing.rook_from);
                observer.piece_removed(rook, wing.rook_from);
                put_piece(rook, wing.rook_to);
                observer.piece_added(rook, wing.rook_to);
                k ^= zobrist::piece_square(rook, wing.rook_from) ^
                     zobrist::piece_square(rook, wing.rook_to);
            }
        }
    }

    side_ = ~us;
    next.key = k;
    states_.push_back(next);
    states_.back().checkers = compute_checkers();
}

PANTHEON_VARIANT_END
}  // namespace pantheon
