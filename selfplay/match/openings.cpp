#include "selfplay/match/openings.h"

#include <cstdlib>
#include <fstream>
#include <numeric>
#include <sstream>

#include "engine/core/notation.h"
#include "engine/core/rules.h"
#include "selfplay/match/uci_engine.h"

namespace pantheon::match {

uint64_t splitmix64(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

std::vector<size_t> shuffled_indices(size_t n, uint64_t seed) {
    std::vector<size_t> idx(n);
    std::iota(idx.begin(), idx.end(), size_t(0));
    uint64_t state = seed;
    for (size_t i = n; i > 1; --i) {
        // Multiply-shift maps 64 random bits onto [0, i) without modulo bias worth noting.
        const size_t j = size_t((unsigned __int128)splitmix64(state) * i >> 64);
        std::swap(idx[i - 1], idx[j]);
    }
    return idx;
}

std::optional<std::string> fen_from_book_line(const std::string& line, std::string* error) {
    std::istringstream in(line);
    std::vector<std::string> fields;
    for (std::string f; in >> f;) fields.push_back(f);
    if (fields.size() < 4) {
        if (error) *error = "expected at least 4 fields";
        return std::nullopt;
    }
    const auto is_count = [](const std::string& s) {
        return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
    };
    std::string fen = fields[0] + " " + fields[1] + " " + fields[2] + " " + fields[3];
    // A FEN has the two move counters; an EPD has operations (or nothing) there.
    if (fields.size() >= 6 && is_count(fields[4]) && is_count(fields[5]))
        fen += " " + fields[4] + " " + fields[5];
    else
        fen += " 0 1";
    std::string why;
    const auto pos = Position::from_fen(fen, &why);
    if (!pos) {
        if (error) *error = why;
        return std::nullopt;
    }
    if (game_result(*pos).over()) {
        if (error) *error = "the game is already over in this position";
        return std::nullopt;
    }
    return pos->fen();
}

bool OpeningBook::load(const std::string& path, std::string* error) {
    std::ifstream in(path);
    if (!in) {
        if (error) *error = "cannot open opening file '" + path + "'";
        return false;
    }
    fens_.clear();
    std::string line;
    for (int line_no = 1; std::getline(in, line); ++line_no) {
        if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
        std::string why;
        const auto fen = fen_from_book_line(line, &why);
        if (!fen) {
            if (error) *error = path + ":" + std::to_string(line_no) + ": " + why;
            return false;
        }
        fens_.push_back(*fen);
    }
    if (fens_.empty()) {
        if (error) *error = "opening file '" + path + "' has no positions";
        return false;
    }
    arrange(false, 0);
    return true;
}

void OpeningBook::arrange(bool shuffle, uint64_t seed) {
    if (shuffle) {
        order_ = shuffled_indices(fens_.size(), seed);
    } else {
        order_.resize(fens_.size());
        std::iota(order_.begin(), order_.end(), size_t(0));
    }
}

const std::string& OpeningBook::for_round(int64_t round, int64_t start) const {
    return fens_[order_[size_t((start + round) % int64_t(order_.size()))]];
}

std::optional<std::string> generate_opening(int64_t round, const OpeningSettings& settings,
                                            UciEngine& checker, int64_t timeout_ms,
                                            const std::atomic<bool>* abort, std::string* error) {
    uint64_t round_state = uint64_t(round);
    uint64_t state = settings.seed ^ splitmix64(round_state);
    std::optional<std::string> best;
    int best_abs = 0;
    for (int attempt = 0; attempt < std::max(1, settings.max_attempts); ++attempt) {
        Position pos;
        bool ok = true;
        for (int ply = 0; ply < settings.random_plies && ok; ++ply) {
            MoveList moves;
            generate_game_moves(pos, moves);
            if (moves.empty() || pos.campmate_reached()) {
                ok = false;
                break;
            }
            pos.do_move(moves[int(splitmix64(state) % uint64_t(moves.size()))]);
        }
        if (!ok || game_result(pos).over()) continue;
        // A fresh FEN without history: the game starts here.
        const std::string fen = pos.fen();
        const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
        const SearchReply reply =
            checker.search("position fen " + fen,
                           "go depth " + std::to_string(settings.check_depth), deadline, abort);
        if (reply.status != ReplyStatus::Ok) {
            if (error)
                *error = reply.status == ReplyStatus::Aborted
                             ? "interrupted"
                             : "opening check engine failed: " + reply.detail;
            return std::nullopt;
        }
        const int score = reply.score ? std::abs(reply.score->as_centipawns()) : 0;
        if (score <= settings.check_threshold_cp) return fen;
        if (!best || score < best_abs) best = fen, best_abs = score;
    }
    if (!best && error)
        *error = "no playable opening after " + std::to_string(settings.max_attempts) + " attempts";
    return best;
}

}  // namespace pantheon::match
