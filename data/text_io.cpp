#include "data/text_io.h"

#include <charconv>

#include "data/dataset_stats.h"
#include "data/game_replay.h"
#include "data/game_source.h"
#include "engine/core/notation.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

namespace {

constexpr const char* NO_MOVE = "0000";

std::vector<std::string_view> split_tabs(std::string_view line) {
    std::vector<std::string_view> fields;
    size_t start = 0;
    for (size_t i = 0; i <= line.size(); ++i)
        if (i == line.size() || line[i] == '\t') {
            fields.push_back(line.substr(start, i - start));
            start = i + 1;
        }
    return fields;
}

bool parse_int(std::string_view text, long long& value) {
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && ptr == text.data() + text.size() && !text.empty();
}

std::optional<GameEnd> parse_game_end(std::string_view text) {
    for (size_t e = 0; e < size_t(GameEnd::NB); ++e)
        if (text == game_end_name(GameEnd(e))) return GameEnd(e);
    return std::nullopt;
}

// One parsed line.
struct TextPosition {
    Position pos;
    PlyRecord ply;
    std::optional<Color> winner;  // none: a draw
    GameEnd end;
};

std::optional<TextPosition> parse_line(std::string_view line, std::string& why) {
    const auto f = split_tabs(line);
    if (f.size() < 5 || f.size() > 7) {
        why = "expected 5 to 7 tab-separated columns, found " + std::to_string(f.size());
        return std::nullopt;
    }
    auto pos = Position::from_fen(f[0], &why);
    if (!pos) return std::nullopt;
    long long score, result, ply;
    if (!parse_int(f[1], score) || score < -SCORE_LIMIT || score > SCORE_LIMIT) {
        why = "score '" + std::string(f[1]) + "' is not an integer within +-" +
              std::to_string(SCORE_LIMIT);
        return std::nullopt;
    }
    if (!parse_int(f[2], result) || result < -1 || result > 1 || (result == 0 && !Variant::draws)) {
        why = "result '" + std::string(f[2]) + "' must be 1 or -1" +
              (Variant::draws ? " (or 0 for a draw)" : "");
        return std::nullopt;
    }
    if (!parse_int(f[3], ply) || ply != absolute_ply(*pos)) {
        why = "ply '" + std::string(f[3]) + "' disagrees with the FEN's move counters (" +
              std::to_string(absolute_ply(*pos)) + ")";
        return std::nullopt;
    }
    auto read_move = [&](std::string_view text, const char* what) -> std::optional<Move> {
        if (text == NO_MOVE || text == "-") return Move::none();
        std::string e;
        const auto m = parse_move(*pos, text, &e);
        if (!m) why = std::string(what) + " move: " + e;
        return m;
    };
    const auto best = read_move(f[4], "best");
    if (!best) return std::nullopt;
    const auto played = f.size() > 5 ? read_move(f[5], "played") : best;
    if (!played) return std::nullopt;
    if (!*played) {
        why = "no move to continue with (played, or best when played is missing)";
        return std::nullopt;
    }
    GameEnd end = GameEnd::Open;
    if (f.size() > 6) {
        const auto e = parse_game_end(f[6]);
        if (!e) {
            why = "unknown game end '" + std::string(f[6]) + "'";
            return std::nullopt;
        }
        end = *e;
    }
    const Color stm = pos->side_to_move();
    const std::optional<Color> winner =
        result == 0 ? std::nullopt : std::optional<Color>(result == 1 ? stm : ~stm);
    return TextPosition{*pos, {*played, *best, int16_t(score)}, winner, end};
}

// The chain being assembled from consecutive lines.
struct Chain {
    GameRecord game;
    std::optional<Position> pos;  // after the last added ply
    GameEnd end = GameEnd::Open;
    uint64_t first_line = 0;

    bool continued_by(const TextPosition& t) const {
        return pos && t.winner == game.winner && t.end == end && pos->fen() == t.pos.fen();
    }
    void close() {
        const GameResult r = game_result(*pos);
        const bool rules_end = end != GameEnd::Adjudicated && end != GameEnd::Open;
        if (rules_end && r.over() && game_end(GameRecord{{}, {}, r.termination}) == end &&
            r.winner == game.winner)
            game.termination = r.termination;
        else if (end == GameEnd::Adjudicated && !r.over())
            game.adjudicated = true;
    }
};

}  // namespace

bool export_text(const std::vector<std::string>& inputs, std::ostream& out,
                 const ExportOptions& options, uint64_t& lines, std::ostream* progress_out,
                 std::string* error) {
    InputSet set;
    if (!open_inputs(inputs, set, error)) return false;
    Progress progress("export", "positions", set.positions, progress_out);
    lines = 0;
    std::string line;
    const bool ok = for_each_game(
        set,
        [&](const GameRecord& g) {
            const char* end = game_end_name(game_end(g));
            replay_game(
                g,
                [&](const Position& pos, const PlyRecord& p, int) {
                    if (p.excluded && !options.include_excluded) return;
                    line = pos.fen();
                    line += '\t' + std::to_string(p.score);
                    line += '\t' + std::to_string(result_for(g, pos.side_to_move())) + '\t';
                    line += std::to_string(absolute_ply(pos)) + '\t';
                    line += p.best ? move_to_string(p.best) : NO_MOVE;
                    line += '\t' + move_to_string(p.played) + '\t' + end + '\n';
                    out << line;
                    ++lines;
                },
                nullptr, /*check_legality=*/false);
            return true;
        },
        &progress, error);
    progress.finish();
    if (ok && !out) {
        if (error) *error = "write error on the output";
        return false;
    }
    return ok;
}

bool import_text(std::istream& in, const std::string& source, GameFileWriter& writer,
                 ImportReport& report, std::string* error) {
    Chain chain;
    auto flush = [&]() {
        if (!chain.pos) return true;
        chain.close();
        std::string why;
        if (!writer.add(chain.game, &why)) {
            if (error)
                *error =
                    source + ":" + std::to_string(chain.first_line) + ": chain refused: " + why;
            return false;
        }
        ++report.chains;
        chain = Chain{};
        return true;
    };
    std::string line;
    while (std::getline(in, line)) {
        ++report.lines;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        std::string why;
        auto t = parse_line(line, why);
        if (t && chain.continued_by(*t))
            if (const char* broken = repetition_violation(*chain.pos, t->ply.played))
                why = std::string("played move ") + broken, t.reset();
        if (!t) {
            if (error) *error = source + ":" + std::to_string(report.lines) + ": " + why;
            return false;
        }
        if (!chain.continued_by(*t)) {
            if (!flush()) return false;
            chain.game.start_fen = t->pos.fen();
            chain.game.winner = t->winner;
            chain.end = t->end;
            chain.pos = t->pos;
            chain.first_line = report.lines;
        }
        chain.game.plies.push_back(t->ply);
        chain.pos->do_move(t->ply.played);
        ++report.positions;
    }
    if (in.bad()) {
        if (error) *error = source + ": read error";
        return false;
    }
    return flush();
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data
