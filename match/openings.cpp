#include "match/openings.h"

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <numeric>
#include <sstream>

#include "engine/core/random.h"
#include "match/uci_engine.h"
#include "match/variant_rules.h"

namespace pantheon::match {

std::vector<size_t> shuffled_indices(size_t n, uint64_t seed) {
    std::vector<size_t> idx(n);
    std::iota(idx.begin(), idx.end(), size_t(0));
    SplitMix64(seed).shuffle(idx.begin(), idx.end());
    return idx;
}

std::optional<BookFormat> book_format(const OpeningSettings& settings, std::string* error) {
    if (settings.format == "epd") return BookFormat::Epd;
    if (settings.format == "pgn") return BookFormat::Pgn;
    if (!settings.format.empty()) {
        if (error) *error = "unknown opening book format '" + settings.format + "' (epd, pgn)";
        return std::nullopt;
    }
    const std::string& f = settings.file;
    const bool pgn = f.size() >= 4 && (f.compare(f.size() - 4, 4, ".pgn") == 0 ||
                                       f.compare(f.size() - 4, 4, ".PGN") == 0);
    return pgn ? BookFormat::Pgn : BookFormat::Epd;
}

bool OpeningBook::load(const OpeningSettings& settings, const VariantRules& rules,
                       std::string* error) {
    const auto format = book_format(settings, error);
    if (!format) return false;
    std::vector<std::string> fens;
    const size_t plies = settings.book_plies > 0 ? size_t(settings.book_plies) : SIZE_MAX;
    if (!rules.load_opening_book(settings.file, *format, plies, fens, error)) return false;
    fens_ = std::move(fens);
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

int start_setup_for_round(int64_t round, const OpeningSettings& settings, int setup_count) {
    if (settings.setup >= 0) return settings.setup;
    const auto order = shuffled_indices(size_t(setup_count), settings.seed);
    return int(order[size_t(round % int64_t(setup_count))]);
}

std::optional<std::string> generate_opening(int64_t round, const OpeningSettings& settings,
                                            const VariantRules& rules, const std::string& start_fen,
                                            UciEngine& checker, int64_t timeout_ms,
                                            const std::atomic<bool>* abort, std::string* error) {
    uint64_t round_state = uint64_t(round);
    uint64_t state = settings.seed ^ splitmix64(round_state);
    std::optional<std::string> best;
    int best_abs = 0;
    for (int attempt = 0; attempt < std::max(1, settings.max_attempts); ++attempt) {
        const auto candidate = rules.random_plies(start_fen, settings.random_plies, state);
        if (!candidate) continue;
        const std::string& fen = *candidate;
        // Each check starts from a fresh game (empty hash, no history): the
        // verdict then depends only on the position, not on which rounds this
        // checker saw before, so a resumed or parallel match deals the same openings.
        std::string why;
        if (checker.new_game(std::chrono::milliseconds(timeout_ms), abort, &why) !=
            ReplyStatus::Ok) {
            if (error)
                *error = abort && abort->load() ? "interrupted"
                                                : "opening check engine failed: " + why;
            return std::nullopt;
        }
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
