#include "engine/core/rules.h"

#include "engine/core/notation.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN

void generate_game_moves(const Position& pos, MoveList& list) {
    generate_legal(pos, list);
    if constexpr (Variant::draws) return;
    for (int i = 0; i < list.size();)
        if (pos.repeats_third_time(list[i]))
            list.remove_at(i);
        else
            ++i;
}

std::optional<Move> parse_game_move(const Position& pos, std::string_view text,
                                    std::string* error) {
    const auto m = parse_move(pos, text, error);
    if constexpr (Variant::draws) return m;
    if (m && pos.repeats_third_time(*m)) {
        if (error) *error = "move '" + std::string(text) + "' repeats a situation a third time";
        return std::nullopt;
    }
    return m;
}

std::string_view termination_name(Termination t) {
    switch (t) {
        case Termination::None:
            return "none";
        case Termination::Checkmate:
            return "checkmate";
        case Termination::Stalemate:
            return "stalemate";
        case Termination::Campmate:
            return "campmate";
        case Termination::Repetition:
            return "repetition";
        case Termination::PerpetualCheck:
            return "perpetual check";
    }
    return "unknown";
}

std::optional<Color> perpetual_checker(const Position& pos, int first_ply) {
    bool all_checks[COLOR_NB] = {true, true};
    // The position after ply p had its side to move in check iff the move of
    // ply p gave check; the mover of ply p is the side not to move after it.
    for (int ply = first_ply + 1; ply <= pos.game_ply(); ++ply) {
        const Color mover = (pos.game_ply() - ply) % 2 == 0 ? ~pos.side_to_move()
                                                            : pos.side_to_move();
        if (!pos.state_at(ply).checkers) all_checks[mover] = false;
    }
    if (all_checks[WHITE] != all_checks[BLACK]) return all_checks[WHITE] ? WHITE : BLACK;
    return std::nullopt;
}

int previous_occurrence(const Position& pos) {
    const Key k = pos.key();
    for (int ply = pos.game_ply(); ply >= 2; ply -= 2) {
        // A null move (search only) ends the chain: no repetition reaches across it.
        if (!pos.state_at(ply).move || !pos.state_at(ply - 1).move) return -1;
        if (pos.state_at(ply - 2).key == k) return ply - 2;
    }
    return -1;
}

namespace {

GameResult draw_rules_result(const Position& pos, const MoveList& legal) {
    if (legal.empty())
        return pos.in_check() ? GameResult{Termination::Checkmate, ~pos.side_to_move()}
                              : GameResult{Termination::Stalemate, std::nullopt};
    if (pos.occurrences(pos.key()) < 3) return {};
    int first = pos.game_ply(), seen = 0;
    for (int ply = pos.game_ply(); ply >= 0 && seen < 3; ply -= 2)
        if (pos.state_at(ply).key == pos.key()) {
            first = ply;
            ++seen;
        }
    if (const auto checker = perpetual_checker(pos, first))
        return {Termination::PerpetualCheck, ~*checker};
    return {Termination::Repetition, std::nullopt};
}

}  // namespace

GameResult game_result(const Position& pos) {
    if constexpr (Variant::draws) {
        MoveList legal;
        generate_legal(pos, legal);
        return draw_rules_result(pos, legal);
    }
    if (const auto winner = pos.campmate_winner()) return {Termination::Campmate, *winner};
    MoveList legal;
    generate_legal(pos, legal);
    const Color loser = pos.side_to_move();
    if (legal.empty())
        return {pos.in_check() ? Termination::Checkmate : Termination::Stalemate, ~loser};
    for (Move m : legal)
        if (!pos.repeats_third_time(m)) return {};
    return {Termination::Repetition, ~loser};
}

PANTHEON_VARIANT_END
}  // namespace pantheon
