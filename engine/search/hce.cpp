// The hand-crafted evaluation: material on the board and in hand, piece-square
// terms, slider mobility, king safety (attacks on the king's zone, drop
// threats near it, shelter, escape squares) and the campmate race. Parameters
// live in eval_params.h / eval_weights.h. The code is written once for both
// uses: the engine's evaluation (NoTrace, compiled away) and the tuner's
// trace of which parameter each feature multiplies (hce_trace.h).
#include <algorithm>

#include "engine/search/evaluator.h"
#include "engine/search/hce_tables.h"
#include "engine/search/hce_trace.h"
#include "engine/search/king_danger.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

namespace {

using namespace eval_params;

struct NoTrace {
    static constexpr bool ON = false;
    void linear(int, int, int) {}
    void unit(int, int, int) {}
    void king_rank(int, int) {}
};

// Records into an EvalTrace; `side` 0 is the side to move, 1 the other.
struct Recorder {
    static constexpr bool ON = true;
    EvalTrace& t;
    void linear(int side, int param, int count) {
        if (count) t.linear.push_back({uint16_t(param), int16_t(side == 0 ? count : -count)});
    }
    void unit(int side, int param, int count) {
        if (count) t.units[side].push_back({uint16_t(param), int16_t(count)});
    }
    void king_rank(int side, int rr) { t.king_rank[side] = rr; }
};

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

// A piece's attacks on the enemy king's zone become danger units there.
template <class Trace>
void add_zone_attacks(SideTerms& t, PieceType pt, Bitboard on_zone, int side, Trace& tr) {
    if (!on_zone) return;
    const int n = popcount(on_zone);
    t.units_on_enemy_king += ZONE_ATTACK_UNITS[pt] * n;
    tr.unit(1 - side, ZONE_ATTACK_UNITS_AT + pt, n);
}

// `side` (0 or 1) is c's index in the trace; the units go to the enemy king.
template <class Trace>
SideTerms gather(const Position& pos, Color c, int side, Trace& tr) {
    SideTerms t;
    const Bitboard occupied = pos.pieces();
    const Bitboard own = pos.pieces(c);
    const Bitboard enemy_zone = hce::KING_ZONE[pos.king_square(~c)];
    for (Bitboard b = own; b;) {
        const Square s = pop_lsb(b);
        const PieceType pt = type_of(pos.piece_on(s));
        t.score += hce::PSQT[c][pt][s];
        if constexpr (Trace::ON) {
            const int rr = relative_rank(c, rank_of(s));
            tr.linear(side, BOARD_VALUE_AT + pt, 1);
            tr.linear(side, CENTRALITY_AT + pt, hce::centrality(s));
            if (pt == PAWN) tr.linear(side, PAWN_ADVANCE_AT + rr, 1);
            if (hce::advances_like_guard(pt)) tr.linear(side, GUARD_ADVANCE_AT + rr, 1);
        }
        if (pt == KING) continue;
        const Bitboard att = piece_attacks(c, pt, s, occupied);
        t.attacks |= att;
        if (MOBILITY[pt] || Trace::ON) {
            const int n = popcount(att & ~own);
            t.score += MOBILITY[pt] * n;
            tr.linear(side, MOBILITY_AT + pt, n);
        }
        add_zone_attacks(t, pt, att & enemy_zone, side, tr);
    }
    for (int pt = 0; pt < HAND_TYPE_NB; ++pt) {
        const int n = pos.hand_count(c, PieceType(pt));
        t.score += n * HAND_VALUE[pt];
        tr.linear(side, HAND_VALUE_AT + pt, n);
    }
    return t;
}

// What the king terms read of c's pieces (attacks and zone units), as
// gather() finds it, from only the pieces that can reach `read`: the king
// terms read attacks only within two steps of a king, so the other pieces
// cannot change them. Cheaper than gather() for evaluations that want only
// the king danger.
SideTerms gather_king_attacks(const Position& pos, Color c, Bitboard read) {
    SideTerms t;
    NoTrace none;
    const Bitboard occupied = pos.pieces();
    const Bitboard enemy_zone = hce::KING_ZONE[pos.king_square(~c)];
    for (Bitboard b = pos.pieces(c); b;) {
        const Square s = pop_lsb(b);
        const PieceType pt = type_of(pos.piece_on(s));
        if (pt == KING || !(piece_attacks(c, pt, s, Bitboard(0)) & read)) continue;
        const Bitboard att = piece_attacks(c, pt, s, occupied);
        t.attacks |= att;
        add_zone_attacks(t, pt, att & enemy_zone, 0, none);
    }
    return t;
}

// Danger units of c's king: attacks on its zone, weak zone squares, and the
// enemy's hand pieces that could be dropped near it.
template <class Trace>
int king_danger_units(const Position& pos, Color c, int side, const SideTerms& own,
                      const SideTerms& enemy, Trace& tr) {
    const Color them = ~c;
    const Square ksq = pos.king_square(c);
    const Bitboard occupied = pos.pieces();
    int units = enemy.units_on_enemy_king;
    const int weak = popcount(hce::KING_ZONE[ksq] & enemy.attacks & ~own.attacks);
    units += WEAK_ZONE_SQUARE_UNITS * weak;
    tr.unit(side, WEAK_ZONE_SQUARE_UNITS_AT, weak);
    if (pos.hand_total(them)) {
        const Bitboard near_empty = hce::KING_SURROUNDINGS[ksq] & ~occupied;
        const bool zone_open = hce::KING_ZONE[ksq] & ~occupied;
        for (int i = 0; i < HAND_TYPE_NB; ++i) {
            const PieceType pt = PieceType(i);
            const int held = pos.hand_count(them, pt);
            if (!held) continue;
            // A piece of type pt dropped on s checks the king iff the king,
            // moving as that piece of c's colour, would reach s.
            const Bitboard checks = piece_attacks(c, pt, ksq, occupied) & near_empty;
            const int n = popcount(checks), unguarded = popcount(checks & ~own.attacks);
            const int attackers = zone_open ? std::min(held, 2) : 0;
            units += DROP_CHECK_UNITS[i] * n + DROP_CHECK_UNGUARDED_UNITS[i] * unguarded +
                     HAND_ATTACKER_UNITS[i] * attackers;
            tr.unit(side, DROP_CHECK_UNITS_AT + i, n);
            tr.unit(side, DROP_CHECK_UNGUARDED_UNITS_AT + i, unguarded);
            tr.unit(side, HAND_ATTACKER_UNITS_AT + i, attackers);
        }
    }
    return units;
}

template <class Trace>
int king_terms(const Position& pos, Color c, int side, const SideTerms& own, const SideTerms& enemy,
               Trace& tr) {
    const Square ksq = pos.king_square(c);
    const int units = king_danger_units(pos, c, side, own, enemy, tr);
    int score = -king_danger_penalty(units);

    const Bitboard around = geometry::LEAPER_ATTACKS[c][KING][ksq];
    const int defenders = popcount(around & pos.pieces(c));
    score += KING_SHELTER[defenders];
    tr.linear(side, KING_SHELTER_AT + defenders, 1);

    const Bitboard enemy_attacks =
        enemy.attacks | geometry::LEAPER_ATTACKS[~c][KING][pos.king_square(~c)];
    const int escapes = popcount(around & ~pos.pieces(c) & ~enemy_attacks);
    score += KING_ESCAPE[escapes];
    tr.linear(side, KING_ESCAPE_AT + escapes, 1);

    // Campmate race: advancing is good while the king is not under attack.
    const int rr = relative_rank(c, rank_of(ksq));
    score += king_advance_term(KING_ADVANCE[rr], units);
    tr.king_rank(side, rr);
    if (Variant::campmate && rr == RANK_NB - 2) {
        const Bitboard steps = around & geometry::LAST_RANK[c] & ~pos.pieces(c) & ~enemy_attacks;
        if (steps) {
            score += CAMPMATE_THREAT;
            tr.linear(side, CAMPMATE_THREAT_AT, 1);
        }
    }
    return score;
}

template <class Trace>
int evaluate_with(const Position& pos, Trace& tr) {
    const Color us = pos.side_to_move(), them = ~us;
    const SideTerms t_us = gather(pos, us, 0, tr), t_them = gather(pos, them, 1, tr);
    int score = t_us.score - t_them.score;
    score += king_terms(pos, us, 0, t_us, t_them, tr) - king_terms(pos, them, 1, t_them, t_us, tr);
    tr.linear(0, TEMPO_AT, 1);
    return score + TEMPO;
}

int ClassicalEvaluator::evaluate(const Position& pos) {
    NoTrace none;
    return evaluate_with(pos, none);
}

}  // namespace

int king_danger_balance(const Position& pos) {
    NoTrace none;
    const Color us = pos.side_to_move(), them = ~us;
    const Bitboard read =
        hce::KING_SURROUNDINGS[pos.king_square(us)] | hce::KING_SURROUNDINGS[pos.king_square(them)];
    const SideTerms t_us = gather_king_attacks(pos, us, read);
    const SideTerms t_them = gather_king_attacks(pos, them, read);
    return king_danger_penalty(king_danger_units(pos, them, 1, t_them, t_us, none)) -
           king_danger_penalty(king_danger_units(pos, us, 0, t_us, t_them, none));
}

int trace_evaluation(const Position& pos, EvalTrace& trace) {
    trace.clear();
    Recorder rec{trace};
    return evaluate_with(pos, rec);
}

std::unique_ptr<Evaluator> make_classical_evaluator() {
    return std::make_unique<ClassicalEvaluator>();
}

PANTHEON_VARIANT_END
}  // namespace pantheon::search
