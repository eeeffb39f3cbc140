#include "engine/uci/uci_format.h"

#include "engine/core/notation.h"

namespace pantheon::uci {
PANTHEON_VARIANT_BEGIN

std::string format_score(int score, search::Bound bound) {
    std::string s = search::is_mate_score(score)
                        ? "mate " + std::to_string(search::mate_in_moves(score))
                        : "cp " + std::to_string(score);
    if (bound == search::Bound::Lower) s += " lowerbound";
    if (bound == search::Bound::Upper) s += " upperbound";
    return s;
}

std::string format_info(const search::Info& info) {
    std::string s = "info depth " + std::to_string(info.depth) + " seldepth " +
                    std::to_string(info.seldepth) + " multipv " + std::to_string(info.multipv) +
                    " score " + format_score(info.score, info.bound) + " nodes " +
                    std::to_string(info.nodes) + " nps " + std::to_string(info.nps) + " hashfull " +
                    std::to_string(info.hashfull) + " time " + std::to_string(info.time_ms);
    if (!info.pv.empty()) {
        s += " pv";
        for (Move m : info.pv) {
            s += ' ';
            s += move_to_string(m);
        }
    }
    return s;
}

std::string format_bestmove(Move best, Move ponder) {
    if (!best) return "bestmove (none)";
    std::string s = "bestmove " + move_to_string(best);
    if (ponder) s += " ponder " + move_to_string(ponder);
    return s;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::uci
