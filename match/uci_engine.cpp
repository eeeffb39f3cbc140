#include "match/uci_engine.h"

#include <sstream>

namespace pantheon::match {

namespace {

// Time an engine gets to leave by itself after "quit" before it is killed.
constexpr std::chrono::milliseconds QUIT_GRACE{300};

std::optional<int> to_int(const std::string& s) {
    try {
        size_t used = 0;
        const long long v = std::stoll(s, &used);
        if (used != s.size()) return std::nullopt;
        return int(std::max<long long>(std::min<long long>(v, 1 << 30), -(1 << 30)));
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

bool iequals(const std::string& a, const std::string& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::tolower((unsigned char)a[i]) != std::tolower((unsigned char)b[i])) return false;
    return true;
}

}  // namespace

std::vector<std::string> split_tokens(const std::string& line) {
    std::vector<std::string> out;
    std::istringstream in(line);
    for (std::string t; in >> t;) out.push_back(t);
    return out;
}

bool parse_info_line(const std::vector<std::string>& tokens, int& depth,
                     std::optional<Score>& score) {
    bool found = false;
    for (size_t i = 1; i + 1 < tokens.size(); ++i) {
        const std::string& t = tokens[i];
        if (t == "pv" || t == "string") break;  // the rest is free text or moves
        if (t == "depth") {
            if (const auto v = to_int(tokens[i + 1])) depth = *v, found = true;
            ++i;
        } else if (t == "score" && i + 2 < tokens.size()) {
            const auto v = to_int(tokens[i + 2]);
            if (v && (tokens[i + 1] == "cp" || tokens[i + 1] == "mate")) {
                score = Score{tokens[i + 1] == "mate", *v};
                found = true;
            }
            i += 2;
        }
    }
    return found;
}

UciEngine::UciEngine(PlayerConfig player, std::string self_path, std::string stderr_path,
                     std::string variant)
    : player_(std::move(player)),
      self_path_(std::move(self_path)),
      stderr_path_(std::move(stderr_path)),
      variant_(std::move(variant)) {}

bool UciEngine::declares_option(const std::string& name) const {
    for (const auto& o : declared_options_)
        if (iequals(o, name)) return true;
    return false;
}

void UciEngine::parse_option_line(const std::vector<std::string>& tokens) {
    // option name <words...> type <t> ...: the name may contain blanks.
    std::string name;
    size_t i = 1;
    if (i < tokens.size() && tokens[i] == "name") ++i;
    for (; i < tokens.size() && tokens[i] != "type"; ++i)
        name += (name.empty() ? "" : " ") + tokens[i];
    if (!name.empty()) declared_options_.push_back(name);
}

bool refuses_option(const std::string& reply_line, bool pantheon) {
    const auto tokens = split_tokens(reply_line);
    if (pantheon) return tokens.size() >= 2 && tokens[0] == "info" && tokens[1] == "string";
    std::string lower = reply_line;
    for (char& c : lower) c = char(std::tolower((unsigned char)c));
    for (const char* word : {"error", "invalid", "unknown", "unable", "cannot", "can't", "failed",
                             "no such", "not supported", "unsupported"})
        if (lower.find(word) != std::string::npos) return true;
    return false;
}

bool UciEngine::failed(ReplyStatus how) {
    failure_ = how;
    process_.kill();
    return false;
}

bool UciEngine::wait_for(const std::string& token, Clock::time_point deadline,
                         const std::atomic<bool>* abort, std::string* error,
                         std::vector<std::string>* others) {
    std::string line;
    for (;;) {
        const ReadStatus st = receive(line, deadline, abort);
        if (st == ReadStatus::Line) {
            const auto tokens = split_tokens(line);
            if (tokens.empty()) continue;
            if (tokens[0] == token) return true;
            if (tokens[0] == "id" && tokens.size() > 2 && tokens[1] == "name")
                id_name_ = line.substr(line.find("name") + 5);
            else if (tokens[0] == "option")
                parse_option_line(tokens);
            else if (others)
                others->push_back(line);
            continue;
        }
        std::string why;
        ReplyStatus how = ReplyStatus::Aborted;
        switch (st) {
            case ReadStatus::Timeout:
                why = "no '" + token + "' in time";
                how = ReplyStatus::Timeout;
                break;
            case ReadStatus::Closed:
                process_.kill();
                why = "engine " + process_.exit_description() + " before '" + token + "'";
                how = ReplyStatus::Crashed;
                break;
            case ReadStatus::TooLong:
                why = "garbage output (overlong line)";
                how = ReplyStatus::Garbage;
                break;
            default:
                why = "interrupted";
                break;
        }
        if (error) *error = why;
        return failed(how);
    }
}

bool UciEngine::start(std::chrono::milliseconds timeout, const std::atomic<bool>* abort,
                      std::string* error) {
    declared_options_.clear();
    id_name_.clear();
    ProcessSpec spec;
    spec.command = player_.internal ? self_path_ : player_.command;
    spec.args = player_.args;
    if (player_.internal) spec.args.insert(spec.args.begin(), "uci");
    spec.working_dir = player_.working_dir;
    spec.stderr_path = stderr_path_;
    if (!process_.start(spec, error)) return failed(ReplyStatus::Crashed);
    const auto deadline = Clock::now() + timeout;
    if (!send("uci")) {
        process_.kill();
        if (error) *error = "engine " + process_.exit_description() + " before 'uci'";
        return failed(ReplyStatus::Crashed);
    }
    if (!wait_for("uciok", deadline, abort, error)) return false;
    // Engines that know several variants are told which one is played,
    // unless the player sets it explicitly.
    bool variant_set = false;
    for (const auto& [k, v] : player_.options)
        variant_set = variant_set || iequals(k, "UCI_Variant");
    if (variant_ != DEFAULT_VARIANT && !declares_option("UCI_Variant")) {
        if (error)
            *error = "the engine" + (id_name_.empty() ? "" : " '" + id_name_ + "'") +
                     " does not declare the UCI_Variant option, so it cannot be told to play " +
                     variant_;
        return failed(ReplyStatus::Garbage);
    }
    if (!variant_set && declares_option("UCI_Variant") &&
        !set_option("UCI_Variant", variant_, deadline, abort, error))
        return false;
    unknown_options_.clear();
    for (const auto& [k, v] : player_.options) {
        if (!declares_option(k)) unknown_options_.push_back(k);
        if (!set_option(k, v, deadline, abort, error)) return false;
    }
    return true;
}

bool UciEngine::set_option(const std::string& name, const std::string& value,
                           Clock::time_point deadline, const std::atomic<bool>* abort,
                           std::string* error) {
    // One isready per option, so that a refusal is told apart from the
    // replies to the other options.
    if (!send("setoption name " + name + " value " + value) || !send("isready")) {
        process_.kill();
        if (error) *error = "engine " + process_.exit_description();
        return failed(ReplyStatus::Crashed);
    }
    std::vector<std::string> replies;
    if (!wait_for("readyok", deadline, abort, error, &replies)) return false;
    const bool pantheon = id_name_.rfind("Pantheon", 0) == 0;
    for (const std::string& reply : replies)
        if (refuses_option(reply, pantheon)) {
            if (error) *error = "option '" + name + "' = '" + value + "' refused: " + reply;
            return failed(ReplyStatus::Garbage);
        }
    return true;
}

ReplyStatus UciEngine::new_game(std::chrono::milliseconds timeout, const std::atomic<bool>* abort,
                                std::string* error) {
    failure_ = ReplyStatus::Ok;
    if (!process_.running() && !start(timeout, abort, error))
        return failure_ == ReplyStatus::Ok ? ReplyStatus::Crashed : failure_;
    const auto deadline = Clock::now() + timeout;
    if (!send("ucinewgame") || !send("isready")) {
        process_.kill();
        if (error) *error = "engine " + process_.exit_description();
        return ReplyStatus::Crashed;
    }
    return wait_for("readyok", deadline, abort, error) ? ReplyStatus::Ok : failure_;
}

SearchReply UciEngine::search(const std::string& position_line, const std::string& go_line,
                              Clock::time_point deadline, const std::atomic<bool>* abort) {
    SearchReply reply;
    const auto start = Clock::now();
    const auto elapsed = [&] {
        return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    };
    if (!send(position_line) || !send(go_line)) {
        process_.kill();
        reply.status = ReplyStatus::Crashed;
        reply.detail = "engine " + process_.exit_description();
        return reply;
    }
    std::string line;
    for (;;) {
        const ReadStatus st = receive(line, deadline, abort);
        reply.elapsed_ms = elapsed();
        if (st == ReadStatus::Line) {
            const auto tokens = split_tokens(line);
            if (tokens.empty()) continue;
            if (tokens[0] == "info") {
                parse_info_line(tokens, reply.depth, reply.score);
            } else if (tokens[0] == "bestmove") {
                if (tokens.size() < 2) {
                    reply.status = ReplyStatus::Garbage;
                    reply.detail = "bestmove without a move";
                    return reply;
                }
                reply.bestmove = tokens[1];
                return reply;
            }
            continue;  // unknown lines are ignored, as UCI asks
        }
        switch (st) {
            case ReadStatus::Timeout:
                reply.status = ReplyStatus::Timeout;
                reply.detail = "no bestmove after " + std::to_string(reply.elapsed_ms) + " ms";
                break;
            case ReadStatus::Closed:
                process_.kill();
                reply.status = ReplyStatus::Crashed;
                reply.detail = "engine " + process_.exit_description();
                break;
            case ReadStatus::TooLong:
                reply.status = ReplyStatus::Garbage;
                reply.detail = "garbage output (overlong line)";
                break;
            default:
                reply.status = ReplyStatus::Aborted;
                break;
        }
        if (st != ReadStatus::Closed) process_.kill();
        return reply;
    }
}

bool UciEngine::send(const std::string& line) {
    if (traffic_log_) traffic_log_->write(player_.name, UciTrafficLog::Direction::ToEngine, line);
    return process_.write_line(line);
}

ReadStatus UciEngine::receive(std::string& line, Clock::time_point deadline,
                              const std::atomic<bool>* abort) {
    const ReadStatus status = process_.read_line(line, deadline, abort);
    if (status == ReadStatus::Line && traffic_log_)
        traffic_log_->write(player_.name, UciTrafficLog::Direction::FromEngine, line);
    return status;
}

void UciEngine::quit() {
    if (!process_.running()) return;
    send("quit");
    process_.kill(QUIT_GRACE);
}

}  // namespace pantheon::match
