#include "search_test_support.h"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "engine/core/notation.h"
#include "engine/core/rules.h"

namespace pantheon::test {

Position position_from_fen(std::string_view fen) {
    std::string error;
    auto pos = Position::from_fen(fen, &error);
    if (!pos) throw std::runtime_error("test FEN refused: " + std::string(fen) + ": " + error);
    return *pos;
}

std::vector<std::string> sample_fens() {
    std::vector<std::string> fens;
    const std::filesystem::path dir = PANTHEON_SHARED_DIR;
    std::ifstream book(dir / "openings" / "mansindam-book.epd");
    for (std::string line; std::getline(book, line);)
        if (!line.empty()) fens.push_back(line);
    std::ifstream perft(dir / "reference" / "mansindam-perft.tsv");
    for (std::string line; std::getline(perft, line);)
        if (!line.empty() && line[0] != '#') fens.push_back(line.substr(0, line.find('\t')));
    if (fens.empty()) {
        fens = {std::string(Variant::start_fen),
                "r7a/3kcQ3/p1p2+B1pm/1p1p2p2/9/P8/CM1PP4/4KPaQ1/1N5N1[PBNNpppppppr] w - - 0 29",
                "2bk1cqn1/9/3pp1p1m/5p3/6Q1p/Pn7/2PAPP1CP/9/N2KM1B2[PPPPPPPANprr] b - - 0 45"};
    }
    return fens;
}

Position random_playout(Position pos, int plies, std::mt19937_64& rng) {
    for (int i = 0; i < plies; ++i) {
        MoveList list;
        generate_game_moves(pos, list);
        if (list.empty()) break;
        pos.do_move(list[int(rng() % uint64_t(list.size()))]);
        if (pos.campmate_reached()) break;
    }
    return pos;
}

Move move_in(const Position& pos, std::string_view text) {
    std::string error;
    const auto m = parse_move(pos, text, &error);
    if (!m) throw std::runtime_error("test move '" + std::string(text) + "': " + error);
    return *m;
}

bool is_game_legal(const Position& pos, Move m) {
    MoveList list;
    generate_game_moves(pos, list);
    return list.contains(m);
}

}  // namespace pantheon::test
