#include "pipeline/step_results.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>
#include <stdexcept>

#include "util/json.h"

namespace pantheon::pipeline {

namespace fs = std::filesystem;

DataStepTotals read_data_step_results(const std::vector<std::string>& paths,
                                      const std::string& step) {
    DataStepTotals t;
    double work = 0;  // positions per second times seconds, summed
    for (const std::string& path : paths) {
        util::DataStepResult r;
        std::string error;
        if (!util::read_data_step_result(path, r, &error)) throw std::runtime_error(error);
        if (r.step != step)
            throw std::runtime_error("step result " + path + " is " + r.step + "'s, not " + step +
                                     "'s");
        t.data.files += r.data.files;
        t.data.games += r.data.games;
        t.data.positions += r.data.positions;
        t.data.bytes += r.data.bytes;
        t.run_seconds += r.seconds;
        work += r.positions_per_second * r.seconds;
    }
    if (work > 0 && t.run_seconds > 0) t.positions_per_second = work / t.run_seconds;
    return t;
}

namespace {

std::vector<std::string> csv_fields(std::string line) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::vector<std::string> fields;
    std::istringstream in(line);
    for (std::string f; std::getline(in, f, ',');) fields.push_back(f);
    if (!line.empty() && line.back() == ',') fields.emplace_back();
    return fields;
}

size_t column(const std::vector<std::string>& header, const std::string& name) {
    const auto it = std::find(header.begin(), header.end(), name);
    if (it == header.end()) throw std::runtime_error("no column '" + name + "'");
    return size_t(it - header.begin());
}

double csv_number(const std::string& field, size_t line) {
    char* end = nullptr;
    const double v = std::strtod(field.c_str(), &end);
    if (field.empty() || *end != '\0' || !std::isfinite(v))
        throw std::runtime_error("line " + std::to_string(line) + ": '" + field +
                                 "' is not a number");
    return v;
}

}  // namespace

std::vector<std::pair<double, double>> loss_curve(const std::string& csv_text) {
    std::istringstream in(csv_text);
    std::string line;
    // Lines starting with '#' are the trainer's notes (its build, the export check).
    size_t n = 1;
    auto is_note = [](const std::string& l) { return !l.empty() && l.front() == '#'; };
    bool header_read = false;
    while ((header_read = bool(std::getline(in, line))) && is_note(line)) ++n;
    if (!header_read) return {};
    const auto header = csv_fields(line);
    const size_t step_column = column(header, "step"), loss_column = column(header, "train_loss");
    // By step, the last row winning: a resumed training repeats steps.
    std::map<double, double> by_step;
    while (++n, std::getline(in, line)) {
        if (is_note(line)) continue;
        const auto fields = csv_fields(line);
        if (fields.empty()) continue;
        if (fields.size() != header.size())
            throw std::runtime_error("line " + std::to_string(n) + " has " +
                                     std::to_string(fields.size()) + " fields, the header " +
                                     std::to_string(header.size()));
        by_step[csv_number(fields[step_column], n)] = csv_number(fields[loss_column], n);
    }
    return {by_step.begin(), by_step.end()};
}

std::vector<std::pair<double, double>> read_loss_curve(const std::string& path) {
    if (!fs::exists(path)) return {};
    try {
        return loss_curve(read_file(path));
    } catch (const std::exception& e) {
        throw std::runtime_error("damaged training log " + path + ": " + e.what());
    }
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
