#include "pipeline/run_dir.h"

#include <cstdio>
#include <ctime>
#include <sstream>
#include <stdexcept>

#include "pipeline/pipeline_config.h"
#include "util/atomic_file.h"
#include "util/text_file.h"

namespace pantheon::pipeline {

namespace fs = std::filesystem;

namespace {

std::string gen_name(int gen) {
    return "gen-" + std::to_string(gen);
}

}  // namespace

const char* step_name(Step s) {
    switch (s) {
        case Step::SelfPlay:
            return "selfplay";
        case Step::Outside:
            return "outside";
        case Step::Rescore:
            return "rescore";
        case Step::Train:
            return "train";
        case Step::Gate:
            return "gate";
        case Step::Promote:
            return "promote";
        case Step::Anchor:
            return "anchor";
    }
    return "?";
}

fs::path RunDir::data_dir(int gen) const {
    return root_ / "data" / gen_name(gen);
}
fs::path RunDir::rescored_dir(int gen) const {
    return root_ / "data" / (gen_name(gen) + "-rescored");
}
fs::path RunDir::training_data_dir(int gen) const {
    return fs::exists(record_path(gen, Step::Rescore)) ? rescored_dir(gen) : data_dir(gen);
}
fs::path RunDir::net_path(int gen) const {
    return root_ / "nets" / (gen_name(gen) + ".nnue");
}
bool RunDir::has_data(int gen) const {
    const fs::path note = data_not_carried_file();
    if (!fs::exists(note)) return true;
    const auto lines = parse_settings(read_file(note));
    const auto count = lines.find("generations");
    if (count == lines.end() || count->second.empty() ||
        count->second.find_first_not_of("0123456789") != std::string::npos)
        throw std::runtime_error("damaged " + note.string() + ": no generation count");
    return gen >= std::stoi(count->second);
}
fs::path RunDir::initial_net_copy() const {
    return root_ / "nets" / "initial.nnue";
}
fs::path RunDir::pgn_path(int gen) const {
    return root_ / "matches" / (gen_name(gen) + ".pgn");
}
fs::path RunDir::games_page_path(int gen) const {
    return root_ / "matches" / (gen_name(gen) + ".html");
}
fs::path RunDir::anchor_pgn_path(const std::string& player) const {
    return root_ / "matches" / ("anchor-" + player + ".pgn");
}
fs::path RunDir::anchor_summary_path(const std::string& player) const {
    return root_ / "matches" / ("anchor-" + player + ".json");
}

fs::path RunDir::outside_pgn_path(int gen) const {
    return root_ / "matches" / ("outside-" + gen_name(gen) + ".pgn");
}
fs::path RunDir::outside_summary_path(int gen) const {
    return root_ / "matches" / ("outside-" + gen_name(gen) + ".json");
}
fs::path RunDir::outside_games_file(int gen) const {
    return root_ / "data" / (gen_name(gen) + "-outside.pgd");
}
fs::path RunDir::outside_dir(int gen) const {
    return root_ / "data" / (gen_name(gen) + "-outside");
}
fs::path RunDir::outside_anchor_dir(int gen) const {
    return root_ / "data" / (gen_name(gen) + "-outside-anchor");
}
std::string RunDir::outside_anchor_result_path(int gen) const {
    return (root_ / "results" / (gen_name(gen) + ".outside-anchor.json")).string();
}

fs::path RunDir::summary_path(int gen) const {
    return root_ / "matches" / (gen_name(gen) + ".json");
}
fs::path RunDir::log_path(int gen, Step s) const {
    return root_ / "logs" / (gen_name(gen) + "." + step_name(s) + ".log");
}
fs::path RunDir::record_path(int gen, Step s) const {
    char name[64];
    std::snprintf(name, sizeof name, "gen-%04d.%s.done", gen, step_name(s));
    return root_ / "steps" / name;
}

std::string RunDir::result_path(int gen, Step s, const std::string& shard) const {
    const std::string name =
        gen_name(gen) + "." + step_name(s) + (shard.empty() ? "" : ".shard-" + shard) + ".json";
    return (root_ / "results" / name).string();
}

void RunDir::create() const {
    for (const char* sub : {"data", "nets", "train", "matches", "logs", "steps", "results"})
        fs::create_directories(root_ / sub);
}

std::optional<StepRecord> RunDir::record(int gen, Step s) const {
    const fs::path path = record_path(gen, s);
    if (!fs::exists(path)) return std::nullopt;
    std::istringstream in(read_file(path));
    StepRecord r;
    for (std::string line; std::getline(in, line);) {
        const size_t eq = line.find(" = ");
        if (eq == std::string::npos)
            throw std::runtime_error("damaged step record " + path.string() + ": line '" + line +
                                     "'");
        r[line.substr(0, eq)] = line.substr(eq + 3);
    }
    if (r["complete"] != "yes" || r["step"] != step_name(s) ||
        r["generation"] != std::to_string(gen))
        throw std::runtime_error("damaged step record " + path.string() +
                                 " (incomplete or for another step); remove it to redo the step");
    return r;
}

void RunDir::write_record(int gen, Step s, const StepRecord& r) const {
    std::string text =
        "step = " + std::string(step_name(s)) + "\ngeneration = " + std::to_string(gen) + "\n";
    for (const auto& [k, v] : r)
        if (k != "step" && k != "generation" && k != "complete") text += k + " = " + v + "\n";
    text += "complete = yes\n";
    write_file_atomically(record_path(gen, s), text);
}

void write_file_atomically(const fs::path& path, const std::string& text) {
    std::string error;
    if (!util::write_file_atomically(path.string(), text, &error)) throw std::runtime_error(error);
}

std::string read_file(const fs::path& path) {
    std::string text, error;
    if (!util::read_text_file(path.string(), text, &error)) throw std::runtime_error(error);
    return text;
}

std::string now_text() {
    const std::time_t t = std::time(nullptr);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", std::gmtime(&t));
    return buf;
}

}  // namespace pantheon::pipeline
