#include "engine/core/movegen.h"

#include <algorithm>

namespace pantheon {
PANTHEON_VARIANT_BEGIN

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

namespace {

template <GenType T>
inline void push_if_wanted(MoveList& list, Square from, Square to, bool promotes, bool capture) {
    if constexpr (T != GenType::All) {
        const bool tactical = promotes || capture;
        if ((T == GenType::Tactical) != tactical) return;
    }
    list.push(Move::normal(from, to, promotes));
}

template <GenType T>
inline void add_board_moves(MoveList& list, Square from, Bitboard targets, bool promotable,
                            Color us, Bitboard enemies) {
    const Bitboard zone = geometry::PROMOTION_ZONE[us];
    const bool from_zone = zone & bit(from);
    while (targets) {
        const Square to = pop_lsb(targets);
        const bool promotes = promotable && (from_zone || (zone & bit(to)));
        if constexpr (Variant::promotion_optional) {
            // Pieces may decline (pawns never move here in this variant).
            if (promotes) push_if_wanted<T>(list, from, to, false, enemies & bit(to));
        }
        push_if_wanted<T>(list, from, to, promotes, enemies & bit(to));
    }
}

// Pawns that move straight ahead and capture diagonally (Pandemonium): one
// step, or up to three from the second rank and two from the third over empty
// squares; promotion is mandatory on reaching the zone. En passant is
// generated separately (generate_en_passant).
template <GenType T>
void generate_pawn_moves(const Position& pos, MoveList& list, Bitboard evasion_mask,
                         Bitboard pinned) {
    const Color us = pos.side_to_move();
    const Square ksq = pos.king_square(us);
    const Bitboard occupied = pos.pieces(), enemies = pos.pieces(~us);
    const Bitboard zone = geometry::PROMOTION_ZONE[us];
    const int forward = us == WHITE ? FILE_NB : -FILE_NB;
    Bitboard pawns = pos.pieces(us, PAWN);
    while (pawns) {
        const Square from = pop_lsb(pawns);
        const Bitboard allowed = (pinned & bit(from)) ? evasion_mask & geometry::LINE[ksq][from]
                                                      : evasion_mask;
        Bitboard captures = geometry::PAWN_ATTACKS[us][from] & enemies & allowed;
        while (captures) {
            const Square to = pop_lsb(captures);
            push_if_wanted<T>(list, from, to, bool(zone & bit(to)), true);
        }
        const int rel = relative_rank(us, rank_of(from));
        const int max_steps = rel == 1 ? 3 : rel == 2 ? 2 : 1;
        Square to = from;
        for (int step = 1; step <= max_steps; ++step) {
            const int next = to + forward;
            if (next < 0 || next >= SQUARE_NB) break;
            to = Square(next);
            if (occupied & bit(to)) break;
            if (allowed & bit(to)) push_if_wanted<T>(list, from, to, bool(zone & bit(to)), false);
        }
    }
}

// En passant captures: the capturing pawn lands on a square the enemy pawn
// passed and removes that pawn. Tested by the resulting occupancy, since the
// capture can uncover or end a check in ways the pin and check masks miss.
template <GenType T>
void generate_en_passant(const Position& pos, MoveList& list) {
    if constexpr (T == GenType::Quiet) return;
    const Bitboard ep = pos.ep_squares();
    if (!ep) return;
    const Color us = pos.side_to_move();
    const Square ksq = pos.king_square(us);
    const Square victim = pos.ep_pawn();
    for (Bitboard targets = ep; targets;) {
        const Square to = pop_lsb(targets);
        Bitboard takers = geometry::PAWN_ATTACKS[~us][to] & pos.pieces(us, PAWN);
        while (takers) {
            const Square from = pop_lsb(takers);
            const Bitboard occupied = (pos.pieces() ^ bit(from) ^ bit(victim)) | bit(to);
            if (pos.attackers_to(ksq, occupied) & pos.pieces(~us) & ~bit(victim)) continue;
            list.push(Move::normal(from, to, false));  // ep squares lie outside the zone
        }
    }
}

// Castling: rights held, the squares between king and rook empty, the king
// not in check and no square it passes or lands on attacked.
template <GenType T>
void generate_castling(const Position& pos, MoveList& list) {
    if constexpr (T == GenType::Tactical) return;
    const Color us = pos.side_to_move();
    const Bitboard occupied = pos.pieces();
    for (const castling::Wing& wing : castling::WINGS[us]) {
        if (!(pos.castling_rights() & wing.right) || (occupied & wing.must_be_empty)) continue;
        bool safe = true;
        for (Bitboard path = wing.king_path; path && safe;)
            safe = !pos.attacked_by(~us, pop_lsb(path), occupied);
        if (safe) list.push(Move::normal(wing.king_from, wing.king_to));
    }
}

// Whether a pawn dropped on s (giving check) would leave the enemy without a
// legal move. Only the king's steps and captures of the pawn can answer a
// contact check; a drop uncovers no other line.
bool pawn_drop_mates(const Position& pos, Square s) {
    const Color us = pos.side_to_move(), them = ~us;
    const Square ksq = pos.king_square(them);
    const Bitboard occupied = pos.pieces() | bit(s);
    const Bitboard ours = pos.pieces(us), theirs = pos.pieces(them);
    const Bitboard pawn_attacks = geometry::PAWN_ATTACKS[us][s];
    Bitboard steps = geometry::LEAPER_ATTACKS[them][KING][ksq] & ~theirs;
    const Bitboard without_king = occupied ^ bit(ksq);
    while (steps) {
        const Square to = pop_lsb(steps);
        if (!(pawn_attacks & bit(to)) && !(pos.attackers_to(to, without_king) & ours))
            return false;
    }
    Bitboard defenders = pos.attackers_to(s, occupied) & theirs & ~bit(ksq);
    while (defenders) {
        const Square from = pop_lsb(defenders);
        if (!(pos.attackers_to(ksq, occupied ^ bit(from)) & ours)) return false;
    }
    return true;
}

// The squares of `targets` a pawn may be dropped on before the pawn-drop mate
// rule: not the last rank, and not a file with a pawn of ours (Mansindam) or
// not our first rank (Pandemonium).
Bitboard pawn_drop_squares(const Position& pos, Color us, Bitboard targets) {
    targets &= ~geometry::LAST_RANK[us];
    if constexpr (!Variant::doubled_pawn_drop_allowed) {
        Bitboard pawns = pos.pieces(us, PAWN);
        while (pawns) targets &= ~geometry::FILE_BB[file_of(pop_lsb(pawns))];
    } else {
        targets &= ~geometry::FIRST_RANK[us];
    }
    return targets;
}

// The empty squares a drop may go to: any, or between the king and its one
// checker; none in double check.
Bitboard drop_targets(const Position& pos) {
    const Bitboard checkers = pos.checkers();
    if (more_than_one(checkers)) return 0;
    const Bitboard block =
        checkers ? geometry::BETWEEN[pos.king_square(pos.side_to_move())][lsb(checkers)]
                 : geometry::ALL_SQUARES;
    return ~pos.pieces() & block & geometry::ALL_SQUARES;
}

template <GenType T>
void generate_drops(const Position& pos, MoveList& list, Bitboard targets) {
    const Color us = pos.side_to_move();
    for (int i = 0; i < HAND_TYPE_NB; ++i) {
        const PieceType pt = PieceType(i);
        if (!pos.hand_count(us, pt)) continue;
        Bitboard to_set = targets;
        if (pt == PAWN) {
            to_set = pawn_drop_squares(pos, us, to_set);
            if constexpr (!Variant::pawn_drop_mate_allowed) {
                Bitboard checks = to_set & geometry::PAWN_ATTACKS[~us][pos.king_square(~us)];
                while (checks) {
                    const Square s = pop_lsb(checks);
                    if (pawn_drop_mates(pos, s)) to_set &= ~bit(s);
                }
            }
        }
        while (to_set) list.push(Move::drop(pt, pop_lsb(to_set)));
    }
}

}  // namespace

template <GenType T>
void generate(const Position& pos, MoveList& list) {
    if constexpr (Variant::campmate)
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
    if constexpr (Variant::castling) {
        if (!checkers) generate_castling<T>(pos, list);
        generate_en_passant<T>(pos, list);  // may even answer a double check
    }
    if (more_than_one(checkers)) return;  // double check: only the king may move

    // A single check is answered by capturing the checker or interposing.
    const Bitboard block = checkers ? geometry::BETWEEN[ksq][lsb(checkers)] : geometry::ALL_SQUARES;
    const Bitboard evasion_mask = checkers ? (checkers | block) : geometry::ALL_SQUARES;
    const Bitboard pinned = pos.king_blockers(us) & ours;

    Bitboard movers = ours & ~pos.pieces(KING);
    if constexpr (Variant::pawn_captures_diagonally) {
        generate_pawn_moves<T>(pos, list, evasion_mask, pinned);
        movers &= ~pos.pieces(PAWN);
    }
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

bool is_pawn_drop_mate(const Position& pos, Move m) {
    if constexpr (Variant::pawn_drop_mate_allowed) {
        return false;
    } else {
        if (!m || !m.is_drop() || m.dropped() != PAWN) return false;
        if constexpr (Variant::campmate)
            if (pos.campmate_reached()) return false;
        const Color us = pos.side_to_move();
        const Square s = m.to();
        if (!pos.hand_count(us, PAWN) || !(pawn_drop_squares(pos, us, drop_targets(pos)) & bit(s)))
            return false;
        return (geometry::PAWN_ATTACKS[~us][pos.king_square(~us)] & bit(s)) &&
               pawn_drop_mates(pos, s);
    }
}

bool is_legal(const Position& pos, Move m) {
    if (!m) return false;
    MoveList list;
    generate_legal(pos, list);
    return list.contains(m);
}

PANTHEON_VARIANT_END
}  // namespace pantheon
