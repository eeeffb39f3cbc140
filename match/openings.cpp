#include "match/openings.h"

#include <cstdlib>
#include <fstream>
#include <numeric>
#include <sstream>

#include "engine/core/notation.h"
#include "engine/core/random.h"
#include "engine/core/rules.h"
#include "match/uci_engine.h"

namespace pantheon::match {

std::vector<size_t> shuffled_indices(size_t n, uint64_t seed) {
    std::vector<size_t> idx(n);
    std::iota(idx.begin(), idx.end(), size_t(0));
    SplitMix64(seed).shuffle(idx.begin(), idx.end());
    return idx;
}

bool OpeningBook::load(const std::string& path, std::string* error) {
    if (!game::load_opening_book(path, book_, error)) return false;
    arrange(false, 0);
    return true;
}

void OpeningBook::arrange(bool shuffle, uint64_t seed) {
    if (shuffle) {
        order_ = shuffled_indices(book_.fens.size(), seed);
    } else {
        order_.resize(book_.fens.size());
        std::iota(order_.begin(), order_.end(), size_t(0));
    }
}

const std::string& OpeningBook::for_round(int64_t round, int64_t start) const {
    return book_.fens[order_[size_t((start + round) % int64_t(order_.size()))]];
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
