#include "engine/core/movegen.h"

#include <algorithm>

namespace pantheon {

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

namespace {

template <GenType T>
inline void add_board_moves(MoveList& list, Square from, Bitboard targets, bool promotable,
                            Color us, Bitboard enemies) {
    const Bitboard zone = geometry::PROMOTION_ZONE[us];
    const bool from_zone = zone & bit(from);
    while (targets) {
        const Square to = pop_lsb(targets);
        const bool promotes = promotable && (from_zone || (zone & bit(to)));
        if constexpr (T != GenType::All) {
            const bool tactical = promotes || (enemies & bit(to));
            if ((T == GenType::Tactical) != tactical) continue;
        }
        list.push(Move::normal(from, to, promotes));
    }
}

template <GenType T>
void generate_drops(const Position& pos, MoveList& list, Bitboard targets) {
    const Color us = pos.side_to_move();
    for (int i = 0; i < HAND_TYPE_NB; ++i) {
        const PieceType pt = PieceType(i);
        if (!pos.hand_count(us, pt)) continue;
        Bitboard to_set = targets;
        if (pt == PAWN) {
            to_set &= ~geometry::LAST_RANK[us];
            if constexpr (!Variant::doubled_pawn_drop_allowed) {
                Bitboard pawns = pos.pieces(us, PAWN);
                while (pawns) to_set &= ~geometry::FILE_BB[file_of(pop_lsb(pawns))];
            }
        }
        while (to_set) list.push(Move::drop(pt, pop_lsb(to_set)));
    }
    static_assert(Variant::pawn_drop_mate_allowed, "pawn-drop mate filter not implemented");
}

}  // namespace

template <GenType T>
void generate(const Position& pos, MoveList& list) {
    if (pos.campmate_reached()) return;  // the game is over

    const Color us = pos.side_to_move(), them = ~us;
    const Square ksq = pos.king_square(us);
    const Bitboard ours = pos.pieces(us), enemies = pos.pieces(them);
    const Bitboard occupied = ours | enemies;
    const Bitboard checkers = pos.checkers();

    // King moves: the king must not stay on a line it is being checked along,
    // so it is removed from the occupancy when testing its destination.
    {
        Bitboard targets = geometry::LEAPER_ATTACKS[us][KING][ksq] & ~ours;
        const Bitboard without_king = occupied ^ bit(ksq);
        while (targets) {
            const Square to = pop_lsb(targets);
            if constexpr (T == GenType::Tactical)
                if (!(enemies & bit(to))) continue;
            if constexpr (T == GenType::Quiet)
                if (enemies & bit(to)) continue;
            if (!(pos.attackers_to(to, without_king) & enemies)) list.push(Move::normal(ksq, to));
        }
    }
    if (more_than_one(checkers)) return;  // double check: only the king may move

    // A single check is answered by capturing the checker or interposing.
    const Bitboard block = checkers ? geometry::BETWEEN[ksq][lsb(checkers)] : geometry::ALL_SQUARES;
    const Bitboard evasion_mask = checkers ? (checkers | block) : geometry::ALL_SQUARES;
    const Bitboard pinned = pos.king_blockers(us) & ours;

    Bitboard movers = ours & ~pos.pieces(KING);
    while (movers) {
        const Square from = pop_lsb(movers);
        const PieceType pt = type_of(pos.piece_on(from));
        Bitboard targets = piece_attacks(us, pt, from, occupied) & ~ours & evasion_mask;
        if (pinned & bit(from)) targets &= geometry::LINE[ksq][from];
        add_board_moves<T>(list, from, targets, is_promotable(pt), us, enemies);
    }

    if constexpr (T != GenType::Tactical) generate_drops<T>(pos, list, ~occupied & block & geometry::ALL_SQUARES);
}

template void generate<GenType::All>(const Position&, MoveList&);
template void generate<GenType::Tactical>(const Position&, MoveList&);
template void generate<GenType::Quiet>(const Position&, MoveList&);

bool is_legal(const Position& pos, Move m) {
    if (!m) return false;
    MoveList list;
    generate_legal(pos, list);
    return list.contains(m);
}

}  // namespace pantheon
