#include "match/pgn.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <sstream>

namespace pantheon::match {

namespace {

constexpr size_t LINE_WIDTH = 80;

std::string escape_tag(const std::string& v) {
    std::string out;
    for (char c : v) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

// Comments cannot contain '}' in PGN.
std::string clean_comment(std::string c) {
    for (char& ch : c)
        if (ch == '}' || ch == '{') ch = ch == '}' ? ')' : '(';
    return c;
}

// Appends a token to the movetext, wrapping lines at LINE_WIDTH.
void append_token(std::string& text, size_t& line_len, const std::string& token) {
    if (line_len > 0 && line_len + 1 + token.size() > LINE_WIDTH) {
        text += '\n';
        line_len = 0;
    } else if (line_len > 0) {
        text += ' ';
        ++line_len;
    }
    text += token;
    line_len += token.size();
}

bool is_result_token(const std::string& t) {
    return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*";
}

// The FEN's blank-separated fields (board, side to move, ..., move number).
std::vector<std::string> fen_fields(const std::string& fen) {
    std::istringstream in(fen);
    std::vector<std::string> fields;
    for (std::string f; in >> f;) fields.push_back(f);
    return fields;
}

}  // namespace

std::string format_pgn(const GameRecord& g, const PgnContext& ctx) {
    const std::vector<std::string> fields = fen_fields(g.opening_fen);
    const bool standard_start = fields.empty() || g.opening_fen == ctx.standard_start_fen;
    const std::string result(outcome_text(g.outcome));
    std::vector<std::pair<std::string, std::string>> tags = {
        {"Event", ctx.event},
        {"Site", ctx.site},
        {"Date", g.date.empty() ? "????.??.??" : g.date},
        {"Round", ctx.round},
        {"White", g.white_name},
        {"Black", g.black_name},
        {"Result", result},
        {"Variant", ctx.variant}};
    if (!standard_start) {
        tags.emplace_back("FEN", g.opening_fen);
        tags.emplace_back("SetUp", "1");
    }
    if (ctx.white_time_control == ctx.black_time_control) {
        tags.emplace_back("TimeControl", ctx.white_time_control);
    } else {
        tags.emplace_back("TimeControl", "?");
        tags.emplace_back("WhiteTimeControl", ctx.white_time_control);
        tags.emplace_back("BlackTimeControl", ctx.black_time_control);
    }
    tags.emplace_back("Termination", std::string(end_kind_text(g.end)));
    tags.emplace_back("PlyCount", std::to_string(g.moves.size()));
    if (!ctx.generator.empty()) tags.emplace_back("Generator", ctx.generator);

    std::string out;
    for (const auto& [k, v] : tags) out += "[" + k + " \"" + escape_tag(v) + "\"]\n";
    out += '\n';

    std::string text;
    size_t line_len = 0;
    int fullmove = 1;
    if (fields.size() >= 6 && !fields[5].empty() &&
        fields[5].find_first_not_of("0123456789") == std::string::npos)
        fullmove = std::max(1, std::atoi(fields[5].c_str()));
    bool white_to_move = fields.size() < 2 || fields[1] != "b";
    for (size_t i = 0; i < g.moves.size(); ++i) {
        if (white_to_move)
            append_token(text, line_len, std::to_string(fullmove) + ".");
        else if (i == 0)
            append_token(text, line_len, std::to_string(fullmove) + "...");
        append_token(text, line_len, g.moves[i].move);
        append_token(text, line_len, g.moves[i].comment());
        if (!white_to_move) ++fullmove;
        white_to_move = !white_to_move;
    }
    if (!g.reason.empty()) {
        std::string reason = "{";
        reason.append(clean_comment(g.reason)).append("}");
        append_token(text, line_len, reason);
    }
    append_token(text, line_len, result);
    return out + text + "\n\n";
}

const std::string* PgnGame::tag(const std::string& name) const {
    for (const auto& [k, v] : tags)
        if (k == name) return &v;
    return nullptr;
}

std::optional<std::vector<PgnGame>> read_pgn(std::istream& in, std::string* error) {
    std::vector<PgnGame> games;
    PgnGame game;
    bool in_game = false;
    bool last_was_move = false;
    int line_no = 0;
    const auto fail = [&](const std::string& msg) -> std::optional<std::vector<PgnGame>> {
        if (error)
            *error = "PGN line " + std::to_string(line_no) + " (game " +
                     std::to_string(games.size() + 1) + "): " + msg;
        return std::nullopt;
    };
    std::string line;
    std::string pending_comment;
    bool in_comment = false;
    while (std::getline(in, line)) {
        ++line_no;
        if (!in_comment && !line.empty() && line[0] == '[') {
            if (in_game && !game.moves.empty()) return fail("tag inside movetext");
            const size_t sp = line.find(' ');
            const size_t q1 = line.find('"');
            const size_t end = line.rfind("\"]");
            if (sp == std::string::npos || q1 == std::string::npos || end == std::string::npos ||
                end <= q1)
                return fail("malformed tag");
            std::string value;
            for (size_t i = q1 + 1; i < end; ++i) {
                if (line[i] == '\\' && i + 1 < end) ++i;
                value += line[i];
            }
            game.tags.emplace_back(line.substr(1, sp - 1), value);
            in_game = true;
            continue;
        }
        for (size_t i = 0; i < line.size();) {
            if (in_comment) {
                const size_t close = line.find('}', i);
                pending_comment +=
                    line.substr(i, close == std::string::npos ? std::string::npos : close - i);
                if (close == std::string::npos) {
                    pending_comment += ' ';
                    break;
                }
                in_comment = false;
                i = close + 1;
                if (last_was_move && game.move_comments.back().empty())
                    game.move_comments.back() = pending_comment;
                else
                    game.other_comments.push_back(pending_comment);
                last_was_move = false;
                pending_comment.clear();
                continue;
            }
            const char c = line[i];
            if (std::isspace(static_cast<unsigned char>(c))) {
                ++i;
                continue;
            }
            if (c == ';') break;  // comment to end of line
            if (c == '{') {
                in_comment = true;
                ++i;
                continue;
            }
            size_t j = i;
            while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j])) &&
                   line[j] != '{')
                ++j;
            const std::string token = line.substr(i, j - i);
            i = j;
            in_game = true;
            if (is_result_token(token)) {
                game.result = token;
                games.push_back(std::move(game));
                game = PgnGame{};
                in_game = false;
                last_was_move = false;
                continue;
            }
            if (std::isdigit(static_cast<unsigned char>(token[0])) && token.back() == '.') continue;
            if (token[0] == '$') continue;  // annotation glyph
            game.moves.push_back(token);
            game.move_comments.emplace_back();
            last_was_move = true;
        }
    }
    if (in_comment) return fail("unterminated comment");
    if (in_game) return fail("game without a result marker");
    return games;
}

}  // namespace pantheon::match
