#include "match/game_record.h"

#include <array>
#include <cstdio>
#include <cstdlib>

namespace pantheon::match {

namespace {

constexpr std::array<std::string_view, 4> OUTCOME_TEXT = {"1-0", "0-1", "1/2-1/2", "*"};
constexpr std::array<std::string_view, 9> END_KIND_TEXT = {
    "normal",         "adjudication", "time forfeit",
    "illegal move",   "disconnect",   "stalled connection",
    "protocol error", "unterminated", "illegal pawn-drop mate"};
// Mate scores map beyond any centipawn threshold, nearer mates further out.
constexpr int MATE_CENTIPAWNS = 100000;

}  // namespace

std::string_view outcome_text(Outcome o) {
    return OUTCOME_TEXT[size_t(o)];
}

std::optional<Outcome> parse_outcome(std::string_view text) {
    for (size_t i = 0; i < OUTCOME_TEXT.size(); ++i)
        if (OUTCOME_TEXT[i] == text) return Outcome(i);
    return std::nullopt;
}

std::string_view end_kind_text(EndKind k) {
    return END_KIND_TEXT[size_t(k)];
}

std::optional<EndKind> parse_end_kind(std::string_view text) {
    for (size_t i = 0; i < END_KIND_TEXT.size(); ++i)
        if (END_KIND_TEXT[i] == text) return EndKind(i);
    return std::nullopt;
}

int Score::as_centipawns() const {
    if (!mate) return value;
    return value > 0 ? MATE_CENTIPAWNS - value : -MATE_CENTIPAWNS - value;
}

std::string Score::text() const {
    char buf[32];
    if (mate)
        std::snprintf(buf, sizeof buf, "%sM%d", value >= 0 ? "+" : "-", std::abs(value));
    else
        std::snprintf(buf, sizeof buf, "%+.2f", value / 100.0);
    return buf;
}

std::string MoveRecord::comment() const {
    char t[32];
    std::snprintf(t, sizeof t, "%.3fs", double(time_ms) / 1000.0);
    std::string out = "{";
    if (score) out.append(score->text()).append("/").append(std::to_string(depth)).append(" ");
    out.append(t).append("}");
    return out;
}

}  // namespace pantheon::match
