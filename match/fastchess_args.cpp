#include "match/fastchess_args.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>

#include "match/player.h"

namespace pantheon::match {

namespace {

// "-engine", "-rounds": one dash and a letter (not "--x", not "-5").
bool is_fastchess_option(const std::string& word) {
    return word.size() >= 2 && word[0] == '-' && std::isalpha(static_cast<unsigned char>(word[1]));
}

// Single-letter short options CLI11 knows itself.
bool is_short_option(const std::string& word) {
    return word == "-h";
}

std::optional<long long> parse_integer(const std::string& s) {
    long long v = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
    return v;
}

// How a key=value word of a keyed option becomes ours: the option it sets,
// or (ours == nullptr) a fixed set of accepted values that change nothing here.
struct Key {
    const char* ours;
    std::vector<std::string> accepted;
};
using Keys = std::map<std::string, Key>;
const Keys OPENINGS = {{"file", {"--openings", {}}},
                       {"format", {"--openings-format", {}}},
                       {"order", {"--openings-order", {}}},
                       {"plies", {"--openings-book-plies", {}}},
                       {"start", {"--openings-start", {}}}};
const Keys DRAW = {{"movenumber", {"--draw-movenumber", {}}},
                   {"movecount", {"--draw-movecount", {}}},
                   {"score", {"--draw-score", {}}}};
const Keys RESIGN = {{"movecount", {"--resign-moves", {}}},
                     {"score", {"--resign-score", {}}},
                     {"twosided", {nullptr, {"true"}}}};
const Keys PGNOUT = {{"file", {"--pgn", {}}}, {"notation", {nullptr, {"uci"}}}};
const Keys LOG = {{"file", {"--engine-log", {}}}, {"engine", {nullptr, {"true"}}}};

class Translator {
  public:
    explicit Translator(std::string* error) : error_(error) {}

    bool option(const std::string& name, const std::vector<std::string>& words) {
        const std::string flag = "-" + name;
        const auto no_words = [&] {
            return words.empty() || fail("'" + flag + "' takes no value, got '" + words[0] + "'");
        };
        const auto one_word = [&](const char* ours) {
            if (words.size() != 1) return fail("'" + flag + "' takes one value");
            out_.insert(out_.end(), {ours, words[0]});
            return true;
        };
        if (name == "engine") return engine_spec(flag, words, &engines_.emplace_back());
        if (name == "each") return engine_spec(flag, words, &each_);
        if (name.rfind("option.", 0) == 0 && words.empty())
            return engine_spec(flag, {name}, &each_);
        if (name == "concurrency") return one_word("--concurrency");
        if (name == "rounds") return one_word("--rounds");
        if (name == "ratinginterval") return one_word("--rating-interval");
        if (name == "srand") return one_word("--openings-seed");
        if (name == "variant") return one_word("--variant");
        if (name == "event") return one_word("--event");
        if (name == "site") return one_word("--site");
        if (name == "recover") return no_words();  // crashed engines are always restarted
        if (name == "repeat") {
            // Each opening with both colours: fastchess's -games 2.
            if (!words.empty() && words != std::vector<std::string>{"2"})
                return fail("'-repeat' plays each opening twice (game pairs), got '" + words[0] +
                            "'");
            games_per_round_ = "2";
            return true;
        }
        if (name == "games") {
            if (words.size() != 1) return fail("'-games' takes one value");
            if (words[0] != "1" && words[0] != "2")
                return fail("'-games " + words[0] + "': a round plays 1 or 2 games");
            games_per_round_ = words[0];
            return true;
        }
        if (name == "maxmoves") {
            const auto n = words.size() == 1 ? parse_integer(words[0]) : std::nullopt;
            if (!n || *n < 0) return fail("'-maxmoves' takes a number of moves");
            out_.insert(out_.end(), {"--max-plies", std::to_string(2 * *n)});
            return true;
        }
        if (name == "openings") return keyed(flag, words, OPENINGS);
        if (name == "sprt") return sprt(flag, words);
        if (name == "draw") return keyed(flag, words, DRAW);
        if (name == "resign") return keyed(flag, words, RESIGN);
        if (name == "pgnout") {
            if (words.size() == 1 && words[0].find('=') == std::string::npos)
                return one_word("--pgn");
            return keyed(flag, words, PGNOUT);
        }
        if (name == "log") return keyed(flag, words, LOG);
        return fail("unknown fastchess option '" + flag + "'");
    }

    // Our arguments: the translated options, then one --engine per -engine
    // and one --each holding every -each and -option.
    std::vector<std::string> finish(std::vector<std::string> passed_through) {
        for (const auto& e : engines_) passed_through.insert(passed_through.end(), {"--engine", e});
        if (!each_.empty()) passed_through.insert(passed_through.end(), {"--each", each_});
        passed_through.insert(passed_through.end(), out_.begin(), out_.end());
        // -games and -repeat: the last one given, once.
        if (!games_per_round_.empty())
            passed_through.insert(passed_through.end(), {"--games-per-round", games_per_round_});
        return passed_through;
    }

  private:
    bool fail(const std::string& message) {
        if (error_) *error_ = message;
        return false;
    }

    bool keyed(const std::string& flag, const std::vector<std::string>& words, const Keys& keys) {
        if (words.empty()) return fail("'" + flag + "' needs key=value words");
        for (const auto& word : words) {
            const size_t eq = word.find('=');
            if (eq == std::string::npos || eq == 0)
                return fail("'" + flag + "' expects key=value, got '" + word + "'");
            const std::string key = word.substr(0, eq), value = word.substr(eq + 1);
            const auto it = keys.find(key);
            if (it == keys.end()) return fail("unknown key '" + key + "' of '" + flag + "'");
            if (!it->second.ours) {
                const auto& ok = it->second.accepted;
                if (std::find(ok.begin(), ok.end(), value) == ok.end())
                    return fail("'" + flag + " " + word + "' is not supported (only " + key + "=" +
                                ok.front() + ")");
                continue;
            }
            std::string ours_value = value;
            if (key == "start" && &keys == &OPENINGS) {
                // fastchess counts openings from 1; --openings-start is an offset from 0.
                const auto n = parse_integer(value);
                if (!n || *n < 1)
                    return fail("'" + flag + " start=' counts from 1, got '" + value + "'");
                ours_value = std::to_string(*n - 1);
            }
            out_.insert(out_.end(), {it->second.ours, ours_value});
        }
        return true;
    }

    bool sprt(const std::string& flag, const std::vector<std::string>& words) {
        std::map<std::string, std::string> v;
        for (const auto& word : words) {
            const size_t eq = word.find('=');
            if (eq == std::string::npos) return fail("'" + flag + "' expects key=value");
            const std::string key = word.substr(0, eq);
            if (key != "elo0" && key != "elo1" && key != "alpha" && key != "beta" && key != "model")
                return fail("unknown key '" + key + "' of '" + flag + "'");
            v[key] = word.substr(eq + 1);
        }
        if (!v.count("elo0") || !v.count("elo1"))
            return fail("'" + flag + "' needs elo0= and elo1=");
        if (v.count("model") && v["model"] != "normalized")
            return fail(
                "'" + flag + " model=" + v["model"] +
                "' is not supported: the SPRT here is in normalized Elo (model=normalized)");
        out_.insert(out_.end(), {"--sprt", v["elo0"], v["elo1"]});
        if (v.count("alpha") || v.count("beta")) {
            out_.push_back(v.count("alpha") ? v["alpha"] : "0.05");
            out_.push_back(v.count("beta") ? v["beta"] : "0.05");
        }
        return true;
    }

    // fastchess's engine keys in our player spec.
    bool engine_spec(const std::string& flag, const std::vector<std::string>& words,
                     std::string* spec) {
        const auto add = [&](const std::string& word) {
            if (!spec->empty()) *spec += ' ';
            *spec += word;
        };
        for (const auto& word : words) {
            const size_t eq = word.find('=');
            if (eq == std::string::npos || eq == 0)
                return fail("'" + flag + "' expects key=value, got '" + word + "'");
            const std::string key = word.substr(0, eq), value = word.substr(eq + 1);
            if (key == "cmd" || key == "name" || key == "tc" || key == "nodes" || key == "st" ||
                key == "depth" || key == "dir") {
                add(key + "=" + quote_spec_word(value));
            } else if (key == "plies") {
                add("depth=" + quote_spec_word(value));  // fastchess's depth limit
            } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
                add("option." + quote_spec_word(key.substr(7)) + "=" + quote_spec_word(value));
            } else if (key == "args") {
                // One word holding the program's arguments, split at blanks.
                size_t i = 0;
                while ((i = value.find_first_not_of(' ', i)) != std::string::npos) {
                    const size_t end = std::min(value.find(' ', i), value.size());
                    add("arg=" + quote_spec_word(value.substr(i, end - i)));
                    i = end;
                }
            } else if (key == "proto") {
                if (value != "uci") return fail("'" + flag + " proto=" + value + "': only uci");
            } else {
                return fail("unknown key '" + key + "' of '" + flag + "'");
            }
        }
        return true;
    }

    std::string* error_;
    std::vector<std::string> engines_;
    std::string each_;
    std::string games_per_round_;  // from -games or -repeat; empty: neither
    std::vector<std::string> out_;
};

}  // namespace

std::optional<std::vector<std::string>> translate_fastchess_args(
    const std::vector<std::string>& args, std::string* error) {
    const bool any = std::any_of(args.begin(), args.end(), [](const std::string& a) {
        return is_fastchess_option(a) && !is_short_option(a);
    });
    if (!any) return args;
    Translator translator(error);
    std::vector<std::string> passed_through;
    for (size_t i = 0; i < args.size();) {
        const std::string& word = args[i];
        if (!is_fastchess_option(word) || is_short_option(word)) {
            passed_through.push_back(word);
            ++i;
            continue;
        }
        // The option's words run to the next option of either kind.
        std::vector<std::string> words;
        size_t j = i + 1;
        for (; j < args.size() && !is_fastchess_option(args[j]) && args[j].rfind("--", 0) != 0; ++j)
            words.push_back(args[j]);
        if (!translator.option(word.substr(1), words)) return std::nullopt;
        i = j;
    }
    return translator.finish(std::move(passed_through));
}

std::optional<std::vector<std::string>> translate_fastchess_command_line(
    const std::vector<std::string>& args, std::string* error) {
    // The subcommand is the first word that is neither an option of the
    // program nor the file of its --config.
    size_t command = 0;
    while (command < args.size() && args[command].rfind("-", 0) == 0)
        command += args[command] == "--config" ? 2 : 1;
    if (command >= args.size() || args[command] != "match" ||
        (command + 1 < args.size() && args[command + 1] == "merge"))
        return args;
    const auto translated = translate_fastchess_args(
        std::vector<std::string>(args.begin() + long(command) + 1, args.end()), error);
    if (!translated) return std::nullopt;
    std::vector<std::string> out(args.begin(), args.begin() + long(command) + 1);
    out.insert(out.end(), translated->begin(), translated->end());
    return out;
}

}  // namespace pantheon::match
