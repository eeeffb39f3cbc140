// The hand-crafted evaluation: material on the board and in hand, piece-square
// terms, slider mobility, king safety (attacks on the king's zone and drop
// checks near it) and the campmate race. Parameters live in eval_params.h.
#include <algorithm>

#include "engine/search/evaluator.h"
#include "engine/search/hce_tables.h"

namespace pantheon::search {

namespace {

using namespace eval_params;

class ClassicalEvaluator final : public Evaluator {
  public:
    int evaluate(const Position& pos) override;
};

// Everything one side's pieces contribute, gathered in one pass over them.
struct SideTerms {
    int score = 0;
    Bitboard attacks = 0;  // squares attacked by the side's non-king pieces
    int units_on_enemy_king = 0;
};

SideTerms gather(const Position& pos, Color c) {
    SideTerms t;
    const Bitboard occupied = pos.pieces();
    const Bitboard own = pos.pieces(c);
    const Bitboard enemy_zone = hce::KING_ZONE[pos.king_square(~c)];
    for (Bitboard b = own; b;) {
        const Square s = pop_lsb(b);
        const PieceType pt = type_of(pos.piece_on(s));
        t.score += hce::PSQT[c][pt][s];
        if (pt == KING) continue;
        const Bitboard att = piece_attacks(c, pt, s, occupied);
        t.attacks |= att;
        if (MOBILITY[pt]) t.score += MOBILITY[pt] * popcount(att & ~own);
        if (att & enemy_zone)
            t.units_on_enemy_king += ZONE_ATTACK_UNITS[pt] * popcount(att & enemy_zone);
    }
    for (int pt = 0; pt < HAND_TYPE_NB; ++pt)
        t.score += pos.hand_count(c, PieceType(pt)) * HAND_VALUE[pt];
    return t;
}

// Danger to c's king: attack units from the enemy's pieces and drop threats.
int king_danger_units(const Position& pos, Color c, const SideTerms& own, const SideTerms& enemy) {
    const Color them = ~c;
    const Square ksq = pos.king_square(c);
    const Bitboard occupied = pos.pieces();
    int units = enemy.units_on_enemy_king;
    units += WEAK_ZONE_SQUARE_UNITS * popcount(hce::KING_ZONE[ksq] & enemy.attacks & ~own.attacks);
    if (pos.hand_total(them)) {
        const Bitboard near_empty = hce::KING_SURROUNDINGS[ksq] & ~occupied;
        for (int i = 0; i < HAND_TYPE_NB; ++i) {
            const PieceType pt = PieceType(i);
            if (!pos.hand_count(them, pt)) continue;
            // A piece of type pt dropped on s checks the king iff the king,
            // moving as that piece of c's colour, would reach s.
            const Bitboard checks = piece_attacks(c, pt, ksq, occupied) & near_empty;
            units += DROP_CHECK_UNITS[i] * popcount(checks) +
                     DROP_CHECK_UNGUARDED_UNITS[i] * popcount(checks & ~own.attacks);
        }
    }
    return units;
}

int king_terms(const Position& pos, Color c, const SideTerms& own, const SideTerms& enemy) {
    const Square ksq = pos.king_square(c);
    const int units = king_danger_units(pos, c, own, enemy);
    int score = -std::min(units * units / KING_DANGER_DIV, KING_DANGER_MAX);
    const int defenders = popcount(geometry::LEAPER_ATTACKS[c][KING][ksq] & pos.pieces(c));
    score += std::min(defenders * KING_SHELTER_PER_DEFENDER, KING_SHELTER_MAX);

    // Campmate race: advancing is good while the king is not under attack.
    const int rr = relative_rank(c, rank_of(ksq));
    const int safety = std::max(0, KING_ADVANCE_SAFE_UNITS - units);
    score += KING_ADVANCE[rr] * safety / KING_ADVANCE_SAFE_UNITS;
    if (rr == RANK_NB - 2) {
        const Bitboard enemy_attacks =
            enemy.attacks | geometry::LEAPER_ATTACKS[~c][KING][pos.king_square(~c)];
        const Bitboard steps = geometry::LEAPER_ATTACKS[c][KING][ksq] & geometry::LAST_RANK[c] &
                               ~pos.pieces(c) & ~enemy_attacks;
        if (steps) score += CAMPMATE_THREAT;
    }
    return score;
}

int ClassicalEvaluator::evaluate(const Position& pos) {
    const Color us = pos.side_to_move(), them = ~us;
    const SideTerms t_us = gather(pos, us), t_them = gather(pos, them);
    int score = t_us.score - t_them.score;
    score += king_terms(pos, us, t_us, t_them) - king_terms(pos, them, t_them, t_us);
    return score + TEMPO;
}

}  // namespace

std::unique_ptr<Evaluator> make_classical_evaluator() {
    return std::make_unique<ClassicalEvaluator>();
}

}  // namespace pantheon::search
