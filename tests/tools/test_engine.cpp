// A tiny UCI engine for testing the match runner. It plays random legal moves
// (or, in greedy mode, the move that wins or gains most material at once) and
// can misbehave on purpose, starting with its N-th search:
//   --mode random|greedy|crash|exit|hang|garbage|flood|illegal|none|slow|noready|noisready|dropmate
//   --after N   (misbehave from the N-th go of each game on, so a game's
//                course does not depend on earlier games; noisready: from
//                the N-th isready of the process on; default 1)
// crash aborts, exit leaves with status 3, hang stops answering, garbage
// sends junk lines and a malformed bestmove, flood one endless line, illegal
// a well-formed illegal move, none "bestmove (none)", slow oversteps
// movetime, noready never sends uciok, noisready never answers isready,
// dropmate a pawn drop that mates where the rules forbid it (as engines that
// apply the pawn-drop mate rule to shogi pawns only do), else a random move.
//   --score CP  (report this score instead of the material balance)
//   --seed S    (move choice depends only on the seed and the position)
//   --delay MS  (think this long before every move)
//   --option-reply TEXT  (print TEXT, underscores as blanks, after every setoption)
//   --script M1,M2,...   (play the first listed move that is legal, else as the mode says)
//   --variant-option yes (declare UCI_Variant, a combo of the one variant it is
//                         built for, and refuse any other value)
// Mode draw (Pandemonium) seeks draws by the rules: a move that ends the game
// in a draw (stalemate, third repetition) if there is one, else the way back
// of its own last move, else a random piece move (pawns cannot come back).
// The same source is built for each game (pantheon_test_engine,
// pantheon_test_engine_pandemonium); the piece values of greedy mode are the
// game's (ROUGH_PIECE_VALUE, engine/core/games/<game>.h).
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/core/movegen.h"
#include "engine/core/notation.h"
#include "engine/core/rules.h"

using namespace pantheon;

namespace {

struct Settings {
    std::string mode = "random";
    int after = 1;
    std::optional<int> fixed_score;
    uint64_t seed = 1;
    int delay_ms = 0;
    std::string option_reply;
    bool variant_option = false;
    std::vector<std::string> script;
};

uint64_t mix(uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// Material of the side to move minus the opponent's, hands included.
int material(const Position& pos) {
    int score = 0;
    for (Square s = 0; s < SQUARE_NB; ++s) {
        const Piece p = pos.piece_on(s);
        if (p == NO_PIECE) continue;
        const int v = ROUGH_PIECE_VALUE[type_of(p)];
        score += color_of(p) == pos.side_to_move() ? v : -v;
    }
    for (int pt = 0; pt < HAND_TYPE_NB; ++pt) {
        score += ROUGH_PIECE_VALUE[pt] * pos.hand_count(pos.side_to_move(), PieceType(pt));
        score -= ROUGH_PIECE_VALUE[pt] * pos.hand_count(~pos.side_to_move(), PieceType(pt));
    }
    return score;
}

// Draw mode: a drawing move, else the way back of `own_last` (if it was a
// board move and the way back is a move of the game), else a random piece move.
Move choose_draw(Position& pos, const MoveList& moves, Move own_last, uint64_t r) {
    for (int i = 0; i < moves.size(); ++i) {
        pos.do_move(moves[i]);
        const GameResult res = game_result(pos);
        pos.undo_move();
        if (res.over() && !res.winner) return moves[i];
    }
    if (own_last && !own_last.is_drop())
        for (int i = 0; i < moves.size(); ++i)
            if (!moves[i].is_drop() && moves[i].from() == own_last.to() &&
                moves[i].to() == own_last.from() && !moves[i].is_promotion())
                return moves[i];
    for (int i = 0; i < moves.size(); ++i) {
        const Move m = moves[(i + r) % uint64_t(moves.size())];
        if (!m.is_drop() && type_of(pos.piece_on(m.from())) != PAWN &&
            pos.piece_on(m.to()) == NO_PIECE)
            return m;
    }
    return moves[int(r % uint64_t(moves.size()))];
}

Move choose(Position& pos, const MoveList& moves, Move own_last, const Settings& s) {
    for (const std::string& text : s.script) {
        const auto m = parse_move(pos, text);
        if (m && moves.contains(*m)) return *m;
    }
    const uint64_t r = mix(s.seed ^ mix(pos.key()));
    if (s.mode == "draw") return choose_draw(pos, moves, own_last, r);
    if (s.mode != "greedy") return moves[int(r % uint64_t(moves.size()))];
    int best_value = -1000000;
    Move best = moves[0];
    for (int i = 0; i < moves.size(); ++i) {
        const Move m = moves[(i + r) % uint64_t(moves.size())];
        pos.do_move(m);
        const GameResult res = game_result(pos);
        const int value = res.over() ? 1000000 : -material(pos);
        pos.undo_move();
        if (value > best_value) best_value = value, best = m;
    }
    return best;
}

// A pawn drop that the rules refuse only because it mates, if there is one.
std::optional<Move> forbidden_pawn_drop_mate(const Position& pos) {
    for (Square s = 0; s < SQUARE_NB; ++s)
        if (is_pawn_drop_mate(pos, Move::drop(PAWN, s))) return Move::drop(PAWN, s);
    return std::nullopt;
}

bool set_position(Position& pos, std::vector<Move>& played, std::istringstream& in) {
    played.clear();
    std::string token, fen;
    in >> token;
    if (token == "startpos") {
        pos = Position::start();
        in >> token;  // "moves" or nothing
    } else if (token == "fen") {
        while (in >> token && token != "moves") fen += (fen.empty() ? "" : " ") + token;
        auto p = Position::from_fen(fen);
        if (!p) return false;
        pos = *p;
    } else {
        return false;
    }
    while (in >> token) {
        const auto m = parse_move(pos, token);
        if (!m) return false;
        pos.do_move(*m);
        played.push_back(*m);
    }
    return true;
}

void search(Position& pos, const std::vector<Move>& played, const Settings& s, int go_count,
            int64_t movetime) {
    const bool misbehave = go_count >= s.after;
    const std::string mode = misbehave || s.mode == "draw" ? s.mode : "random";
    if (mode == "crash") std::abort();
    if (mode == "exit") std::exit(3);
    if (mode == "hang") {
        for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
    }
    if (mode == "flood") {
        for (;;) std::cout << "garbage" << std::flush;  // one endless line
    }
    if (mode == "garbage") {
        std::cout << "\x01\x02 nonsense \xff\n"
                  << "info score banana\n"
                  << "bestmove !!zz\n"
                  << std::flush;
        return;
    }
    if (s.delay_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(s.delay_ms));
    if (mode == "slow") std::this_thread::sleep_for(std::chrono::milliseconds(movetime * 3 + 300));
    MoveList moves;
    generate_game_moves(pos, moves);
    const int score = s.fixed_score ? *s.fixed_score : material(pos);
    std::cout << "info depth 1 score cp " << score << " nodes " << moves.size() << "\n";
    if (mode == "none" || moves.empty()) {
        std::cout << "bestmove (none)" << std::endl;
        return;
    }
    if (mode == "illegal") {
        std::cout << "bestmove a1a9" << std::endl;  // never legal: no piece jumps that far
        return;
    }
    if (mode == "dropmate")
        if (const auto mate = forbidden_pawn_drop_mate(pos)) {
            std::cout << "bestmove " << move_to_string(*mate) << std::endl;
            return;
        }
    const Move own_last = played.size() >= 2 ? played[played.size() - 2] : Move::none();
    std::cout << "bestmove " << move_to_string(choose(pos, moves, own_last, s)) << std::endl;
}

}  // namespace

int main(int argc, char** argv) {
    Settings s;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string key = argv[i], value = argv[i + 1];
        if (key == "--mode")
            s.mode = value;
        else if (key == "--after")
            s.after = std::atoi(value.c_str());
        else if (key == "--score")
            s.fixed_score = std::atoi(value.c_str());
        else if (key == "--seed")
            s.seed = std::strtoull(value.c_str(), nullptr, 10);
        else if (key == "--delay")
            s.delay_ms = std::atoi(value.c_str());
        else if (key == "--script") {
            std::istringstream list(value);
            for (std::string m; std::getline(list, m, ',');) s.script.push_back(m);
        } else if (key == "--variant-option")
            s.variant_option = value == "yes";
        else if (key == "--option-reply")
            for (char c : value) s.option_reply += c == '_' ? ' ' : c;
    }
    Position pos;
    std::vector<Move> played;
    int go_count = 0, isready_count = 0;
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string cmd;
        in >> cmd;
        if (cmd == "uci") {
            if (s.mode == "noready") continue;
            std::cout << "id name test-engine " << s.mode << "\n"
                      << "option name Hash type spin default 1 min 1 max 1024\n";
            if (s.variant_option)
                std::cout << "option name UCI_Variant type combo default " << Variant::name
                          << " var " << Variant::name << "\n";
            std::cout << "uciok" << std::endl;
        } else if (cmd == "setoption") {
            std::string word, name, value;
            in >> word >> name >> word >> value;  // name NAME value VALUE
            if (name == "UCI_Variant" && value != Variant::name)
                std::cout << "info string error: unsupported variant " << value << std::endl;
            if (!s.option_reply.empty()) std::cout << s.option_reply << std::endl;
        } else if (cmd == "ucinewgame") {
            go_count = 0;
        } else if (cmd == "isready") {
            if (s.mode == "noisready" && ++isready_count >= s.after) continue;
            std::cout << "readyok" << std::endl;
        } else if (cmd == "position") {
            if (!set_position(pos, played, in))
                std::cout << "info string bad position" << std::endl;
        } else if (cmd == "go") {
            int64_t movetime = 0;
            for (std::string t; in >> t;)
                if (t == "movetime") in >> movetime;
            search(pos, played, s, ++go_count, movetime);
        } else if (cmd == "quit") {
            break;
        }
    }
    return 0;
}
