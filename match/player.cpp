#include "match/player.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace pantheon::match {

namespace {

std::optional<double> parse_number(std::string_view text) {
    if (text.empty()) return std::nullopt;
    try {
        size_t used = 0;
        const double v = std::stod(std::string(text), &used);
        if (used != text.size() || !std::isfinite(v) || v < 0) return std::nullopt;
        return v;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

std::optional<int64_t> parse_count(std::string_view text) {
    const auto v = parse_number(text);
    if (!v || *v != std::floor(*v) || *v > double(std::numeric_limits<int64_t>::max() / 2))
        return std::nullopt;
    return int64_t(*v);
}

std::string seconds_text(int64_t ms) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", double(ms) / 1000.0);
    return buf;
}

// Splits on blanks; single or double quotes group a value with blanks.
bool tokenize(std::string_view spec, std::vector<std::string>& out, std::string* error) {
    std::string token;
    bool in_token = false;
    char quote = 0;
    for (char c : spec) {
        if (quote) {
            if (c == quote)
                quote = 0;
            else
                token += c;
        } else if (c == '"' || c == '\'') {
            quote = c;
            in_token = true;
        } else if (c == ' ' || c == '\t' || c == '\n') {
            if (in_token) out.push_back(token);
            token.clear();
            in_token = false;
        } else {
            token += c;
            in_token = true;
        }
    }
    if (quote) {
        if (error) *error = "unterminated quote in '" + std::string(spec) + "'";
        return false;
    }
    if (in_token) out.push_back(token);
    return true;
}

}  // namespace

std::string quote_spec_word(const std::string& s) {
    return s.find_first_of(" \t'\"") == std::string::npos && !s.empty() ? s : "\"" + s + "\"";
}

std::string TimeControl::text() const {
    return seconds_text(base_ms) + "+" + seconds_text(increment_ms);
}

std::optional<TimeControl> parse_time_control(std::string_view text, std::string* error) {
    const size_t plus = text.find('+');
    const auto base = parse_number(text.substr(0, plus));
    const auto inc = plus == std::string_view::npos ? std::optional<double>(0.0)
                                                    : parse_number(text.substr(plus + 1));
    if (!base || !inc || *base <= 0) {
        if (error)
            *error = "bad time control '" + std::string(text) +
                     "' (expected base+increment in seconds, e.g. 10+0.1)";
        return std::nullopt;
    }
    return TimeControl{int64_t(std::llround(*base * 1000)), int64_t(std::llround(*inc * 1000))};
}

std::string SearchLimits::pgn_text() const {
    if (tc.enabled()) return tc.text();
    if (movetime_ms > 0) return "1/" + seconds_text(movetime_ms);
    return "-";
}

std::string SearchLimits::go_bounds() const {
    std::string bounds;
    if (movetime_ms > 0) bounds += " movetime " + std::to_string(movetime_ms);
    if (nodes > 0) bounds += " nodes " + std::to_string(nodes);
    if (depth > 0) bounds += " depth " + std::to_string(depth);
    return bounds;
}

void PlayerConfig::set_option(const std::string& option, const std::string& value) {
    for (auto& [k, v] : options)
        if (k == option) {
            v = value;
            return;
        }
    options.emplace_back(option, value);
}

std::string PlayerConfig::spec() const {
    std::string s = "name=" + quote_spec_word(name);
    s += internal ? " cmd=internal" : " cmd=" + quote_spec_word(command);
    for (const auto& a : args) s += " arg=" + quote_spec_word(a);
    if (!working_dir.empty()) s += " dir=" + quote_spec_word(working_dir);
    for (const auto& [k, v] : options)
        s += " option." + quote_spec_word(k) + "=" + quote_spec_word(v);
    if (limits.tc.enabled()) s += " tc=" + limits.tc.text();
    if (limits.movetime_ms) s += " movetime=" + std::to_string(limits.movetime_ms);
    if (limits.nodes) s += " nodes=" + std::to_string(limits.nodes);
    if (limits.depth) s += " depth=" + std::to_string(limits.depth);
    return s;
}

void apply_eval_choice(const std::string& value, PlayerConfig& p) {
    if (value == EVAL_HAND_CRAFTED) {
        // No net at all: nothing to load (a net set earlier, e.g. by --each, is dropped).
        std::erase_if(p.options, [](const auto& o) { return o.first == "EvalFile"; });
        p.set_option("Use NNUE", "false");
        return;
    }
    // Our UCI names the empty EvalFile (the built-in net) "<empty>".
    p.set_option("EvalFile", value.empty() || value == EVAL_BUILTIN ? "<empty>" : value);
    p.set_option("Use NNUE", "true");
}

bool apply_player_spec(std::string_view spec, PlayerConfig& p, std::string* error) {
    std::vector<std::string> tokens;
    if (!tokenize(spec, tokens, error)) return false;
    auto fail = [&](const std::string& msg) {
        if (error) *error = msg + " in player spec '" + std::string(spec) + "'";
        return false;
    };
    for (const auto& token : tokens) {
        const size_t eq = token.find('=');
        if (eq == std::string::npos || eq == 0)
            return fail("expected key=value, got '" + token + "'");
        const std::string key = token.substr(0, eq);
        const std::string value = token.substr(eq + 1);
        if (key == "name") {
            if (value.empty()) return fail("empty name");
            p.name = value;
        } else if (key == "cmd") {
            p.internal = value == "internal" || value.empty();
            p.command = p.internal ? "" : value;
        } else if (key == "arg") {
            p.args.push_back(value);
        } else if (key == "dir") {
            p.working_dir = value;
        } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
            p.set_option(key.substr(7), value);
        } else if (key == "eval") {
            apply_eval_choice(value, p);
        } else if (key == "hash") {
            p.set_option("Hash", value);
        } else if (key == "threads") {
            p.set_option("Threads", value);
        } else if (key == "tc") {
            std::string err;
            const auto tc = parse_time_control(value, &err);
            if (!tc) return fail(err);
            p.limits.tc = *tc;
        } else if (key == "st" || key == "movetime") {
            // st is in seconds (as in other runners), movetime in milliseconds.
            const auto v = parse_number(value);
            if (!v || *v <= 0) return fail("bad " + key + " '" + value + "'");
            p.limits.movetime_ms = key == "st" ? int64_t(std::llround(*v * 1000)) : int64_t(*v);
        } else if (key == "nodes") {
            const auto v = parse_count(value);
            if (!v) return fail("bad nodes '" + value + "'");
            p.limits.nodes = *v;
        } else if (key == "depth") {
            const auto v = parse_count(value);
            if (!v || *v > 1000) return fail("bad depth '" + value + "'");
            p.limits.depth = int(*v);
        } else {
            return fail("unknown key '" + key + "'");
        }
    }
    return true;
}

std::string self_executable() {
    char buf[4096];
    const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) return "pantheon";
    return std::string(buf, size_t(n));
}

}  // namespace pantheon::match
