#include "pipeline/step_results.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>
#include <stdexcept>

#include "data/file_format.h"
#include "util/json.h"

namespace pantheon::pipeline {

namespace fs = std::filesystem;

DataSize measure_data(const std::string& dir) {
    DataSize size;
    if (!fs::is_directory(dir)) throw std::runtime_error("no data directory " + dir);
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() != ".pgd") continue;
        // The header alone (variant-free): the pipeline serves either game.
        data::format::FileHeader h;
        std::string error;
        if (!data::format::read_header(entry.path().string(), h, &error))
            throw std::runtime_error(entry.path().string() + ": " + error);
        ++size.files;
        size.games += h.games;
        size.positions += h.positions;
        size.bytes += entry.file_size();
    }
    return size;
}

namespace {

// The number right after `key` (skipping '=', ':' and blanks), if any.
bool number_after(const std::string& line, const std::string& key, double& value) {
    for (size_t at = line.find(key); at != std::string::npos; at = line.find(key, at + 1)) {
        if (at > 0 && std::isalpha(static_cast<unsigned char>(line[at - 1]))) continue;
        size_t p = at + key.size();
        while (p < line.size() && (line[p] == ' ' || line[p] == '=' || line[p] == ':')) ++p;
        const char* begin = line.c_str() + p;
        char* end = nullptr;
        const double v = std::strtod(begin, &end);
        if (end != begin && std::isfinite(v)) {
            value = v;
            return true;
        }
    }
    return false;
}

}  // namespace

std::vector<std::pair<double, double>> loss_curve(const std::string& log_text) {
    // By step, the last report winning: a resumed training repeats steps.
    std::map<double, double> by_step;
    std::istringstream in(log_text);
    for (std::string line; std::getline(in, line);) {
        double step = 0, loss = 0;
        if (number_after(line, "step", step) && number_after(line, "loss", loss))
            by_step[step] = loss;
    }
    return {by_step.begin(), by_step.end()};
}

GateResult read_gate_summary(const std::string& path) {
    using util::Json, util::json_array, util::json_field, util::json_int, util::json_number,
        util::json_string;
    const std::string text = read_file(path);
    std::string error;
    const auto json = util::parse_json(text, &error);
    if (!json) throw std::runtime_error("damaged match summary " + path + ": " + error);
    try {
        const auto& pairings = json_array(json_field(*json, "pairings"));
        if (pairings.empty()) throw util::JsonError("no pairing");
        const Json& pairing = pairings[0];
        const Json& est = json_field(pairing, "estimate");
        GateResult r;
        r.wins = json_int(json_field(pairing, "wins"));
        r.losses = json_int(json_field(pairing, "losses"));
        r.draws = json_int(json_field(pairing, "draws"));
        r.score = json_number(json_field(est, "score"));
        r.elo = json_number(json_field(est, "elo"));
        r.elo_error = json_number(json_field(est, "elo_error95"));
        if (const Json* sprt = util::json_find(*json, "sprt")) {
            r.sprt = json_string(json_field(*sprt, "decision"));
            r.llr = json_number(json_field(*sprt, "llr"));
        }
        return r;
    } catch (const std::exception& e) {
        throw std::runtime_error("match summary " + path + " lacks the expected figures (" +
                                 e.what() + ")");
    }
}

bool promotes(const GateResult& r) {
    if (!r.sprt.empty()) return r.sprt == "H1 accepted";
    return r.score > 0.5;
}

double record_number(const StepRecord& r, const std::string& key) {
    const auto it = r.find(key);
    if (it == r.end()) throw std::runtime_error("step record lacks '" + key + "'");
    char* end = nullptr;
    const double v = std::strtod(it->second.c_str(), &end);
    if (end == it->second.c_str() || *end != '\0')
        throw std::runtime_error("step record: '" + key + "' is not a number: " + it->second);
    return v;
}

std::string format_number(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

}  // namespace pantheon::pipeline
