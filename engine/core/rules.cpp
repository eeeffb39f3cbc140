#include "engine/core/rules.h"

#include "engine/core/notation.h"

namespace pantheon {

void generate_game_moves(const Position& pos, MoveList& list) {
    generate_legal(pos, list);
    for (int i = 0; i < list.size();)
        if (pos.repeats_third_time(list[i]))
            list.remove_at(i);
        else
            ++i;
}

std::optional<Move> parse_game_move(const Position& pos, std::string_view text,
                                    std::string* error) {
    const auto m = parse_move(pos, text, error);
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
    }
    return "unknown";
}

GameResult game_result(const Position& pos) {
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

}  // namespace pantheon
