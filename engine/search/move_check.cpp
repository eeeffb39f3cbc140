#include "engine/search/move_check.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

bool is_valid_move(const Position& pos, Move m) {
    if (!m || (m.raw() >> 15) || pos.campmate_reached()) return false;
    const Color us = pos.side_to_move(), them = ~us;
    const Square to = m.to();
    if (to >= SQUARE_NB) return false;
    const Bitboard occupied = pos.pieces();
    const Square ksq = pos.king_square(us);
    const Bitboard checkers = pos.checkers();

    if (m.is_drop()) {
        const PieceType pt = m.dropped();
        if (pt >= HAND_TYPE_NB || m.is_promotion() || !pos.hand_count(us, pt)) return false;
        if (occupied & bit(to)) return false;
        if (pt == PAWN) {
            if (geometry::LAST_RANK[us] & bit(to)) return false;
            if (!Variant::doubled_pawn_drop_allowed &&
                (pos.pieces(us, PAWN) & geometry::FILE_BB[file_of(to)]))
                return false;
        }
        if (checkers)
            return !more_than_one(checkers) && (geometry::BETWEEN[ksq][lsb(checkers)] & bit(to));
        return true;
    }

    const Square from = m.from();
    const Piece pc = pos.piece_on(from);
    if (pc == NO_PIECE || color_of(pc) != us || (pos.pieces(us) & bit(to))) return false;
    const PieceType pt = type_of(pc);
    if (!piece_attacks_square(us, pt, from, to, occupied)) return false;
    const bool promotes =
        is_promotable(pt) && (geometry::PROMOTION_ZONE[us] & (bit(from) | bit(to)));
    if (m.is_promotion() != promotes) return false;
    if (pt == KING) return !(pos.attackers_to(to, occupied ^ bit(from)) & pos.pieces(them));
    if (checkers) {
        if (more_than_one(checkers)) return false;
        if (!((checkers | geometry::BETWEEN[ksq][lsb(checkers)]) & bit(to))) return false;
    }
    if ((pos.king_blockers(us) & bit(from)) && !(geometry::LINE[ksq][from] & bit(to))) return false;
    return true;
}

Bitboard campmate_steps(const Position& pos, Color c) {
    if constexpr (!Variant::campmate) return 0;
    const Square ksq = pos.king_square(c);
    if (relative_rank(c, rank_of(ksq)) != RANK_NB - 2 || pos.campmate_reached()) return 0;
    Bitboard targets =
        geometry::LEAPER_ATTACKS[c][KING][ksq] & geometry::LAST_RANK[c] & ~pos.pieces(c);
    const Bitboard without_king = pos.pieces() ^ bit(ksq);
    const Bitboard enemies = pos.pieces(~c);
    Bitboard safe = 0;
    while (targets) {
        const Square to = pop_lsb(targets);
        if (!(pos.attackers_to(to, without_king) & enemies)) safe |= bit(to);
    }
    return safe;
}

Move campmate_move(const Position& pos) {
    const Bitboard steps = campmate_steps(pos, pos.side_to_move());
    return steps ? Move::normal(pos.king_square(pos.side_to_move()), lsb(steps)) : Move::none();
}

bool gives_check(const Position& pos, Move m, Bitboard discoverers) {
    const Color us = pos.side_to_move();
    const Square eksq = pos.king_square(~us);
    const Square to = m.to();
    Bitboard occupied = pos.pieces() | bit(to);
    PieceType pt;
    if (m.is_drop()) {
        pt = m.dropped();
    } else {
        const Square from = m.from();
        pt = type_of(pos.piece_on(from));
        if (m.is_promotion()) pt = promote(pt);
        occupied ^= bit(from);
        if ((discoverers & bit(from)) && !(geometry::LINE[eksq][from] & bit(to))) return true;
    }
    return pt != KING && piece_attacks_square(us, pt, to, eksq, occupied);
}

bool has_non_pawn_material(const Position& pos, Color c) {
    const Bitboard pawns_and_king = pos.pieces(c, PAWN) | pos.pieces(c, KING);
    if (pos.pieces(c) & ~pawns_and_king) return true;
    for (int pt = KNIGHT; pt < HAND_TYPE_NB; ++pt)
        if (pos.hand_count(c, PieceType(pt))) return true;
    return false;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::search
