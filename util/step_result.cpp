#include "util/step_result.h"

#include <algorithm>
#include <filesystem>

#include "util/atomic_file.h"
#include "util/build_info.h"
#include "util/json.h"
#include "util/text_file.h"

namespace pantheon::util {

bool add_data_file(DataSize& size, const std::string& path, uint64_t games, uint64_t positions,
                   std::string* error) {
    std::error_code ec;
    const uint64_t bytes = std::filesystem::file_size(path, ec);
    if (ec) {
        if (error) *error = "cannot measure '" + path + "': " + ec.message();
        return false;
    }
    ++size.files;
    size.games += games;
    size.positions += positions;
    size.bytes += bytes;
    return true;
}

DataStepResult data_step_result(const std::string& step, int shard_index, int shard_count,
                                const DataSize& data, const DataStepWork& work) {
    DataStepResult r;
    r.step = step;
    r.shard_index = shard_index;
    r.shard_count = shard_count;
    r.data = data;
    r.run_games = work.games;
    r.run_positions = work.positions;
    r.run_searched = work.searched;
    r.seconds = work.seconds;
    r.positions_per_second = double(work.rated) / std::max(work.seconds, 1e-9);
    return r;
}

std::string data_step_result_text(const DataStepResult& r) {
    Json data = Json::object();
    data["files"] = r.data.files;
    data["games"] = r.data.games;
    data["positions"] = r.data.positions;
    data["bytes"] = r.data.bytes;
    Json run = Json::object();
    run["games"] = r.run_games;
    run["positions"] = r.run_positions;
    run["searched"] = r.run_searched;
    run["seconds"] = r.seconds;
    run["positions_per_second"] = r.positions_per_second;
    Json doc = Json::object();
    doc["step"] = r.step;
    doc["shard_index"] = r.shard_index;
    doc["shard_count"] = r.shard_count;
    doc["data"] = std::move(data);
    doc["run"] = std::move(run);
    doc["build"] = r.build.empty() ? build_identity_json() : r.build;
    return json_text(doc, 2) + "\n";
}

bool write_data_step_result(const std::string& path, const DataStepResult& r, std::string* error) {
    return write_file_atomically(path, data_step_result_text(r), error);
}

namespace {

uint64_t count(const Json& object, const std::string& key) {
    const int64_t v = json_int(json_field(object, key));
    if (v < 0) throw JsonError("'" + key + "' is negative");
    return uint64_t(v);
}

}  // namespace

bool read_data_step_result(const std::string& path, DataStepResult& r, std::string* error) {
    std::string text;
    if (!read_text_file(path, text, error)) return false;
    std::string why;
    const auto doc = parse_json(text, &why);
    if (!doc) {
        if (error) *error = "damaged step result " + path + ": " + why;
        return false;
    }
    try {
        r = {};
        r.step = json_string(json_field(*doc, "step"));
        r.shard_index = int(json_int(json_field(*doc, "shard_index")));
        r.shard_count = int(json_int(json_field(*doc, "shard_count")));
        const Json& data = json_field(*doc, "data");
        r.data = {count(data, "files"), count(data, "games"), count(data, "positions"),
                  count(data, "bytes")};
        const Json& run = json_field(*doc, "run");
        r.run_games = count(run, "games");
        r.run_positions = count(run, "positions");
        r.run_searched = count(run, "searched");
        r.seconds = json_number(json_field(run, "seconds"));
        r.positions_per_second = json_number(json_field(run, "positions_per_second"));
        // Results written before builds named themselves have no "build".
        if (doc->contains("build")) r.build = (*doc)["build"];
    } catch (const std::exception& e) {
        if (error)
            *error = "step result " + path + " lacks the expected figures (" + e.what() + ")";
        return false;
    }
    return true;
}

}  // namespace pantheon::util
