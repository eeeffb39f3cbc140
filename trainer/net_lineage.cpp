#include "trainer/net_lineage.h"

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>

#include "data/file_format.h"
#include "data/input_files.h"
#include "nnue/architecture.h"
#include "nnue/features.h"
#include "util/build_info.h"
#include "util/sha256.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

namespace {

std::string hex32(uint32_t v) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%08x", v);
    return text;
}

// A path as the lineage records it: relative to the directory of the net
// being written, so a run directory moved or copied elsewhere keeps its nets'
// lineage true (and two copies of a run write the same bytes); absolute when
// the two have no common root.
std::string path_from_net(const std::string& path, const std::string& net_path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path target = fs::absolute(path, ec).lexically_normal();
    const fs::path net_dir = fs::absolute(net_path, ec).lexically_normal().parent_path();
    const fs::path relative = target.lexically_relative(net_dir);
    return relative.empty() ? target.string() : relative.string();
}

}  // namespace

bool identify_data_sets(const std::vector<std::string>& inputs,
                        std::vector<DataSetIdentity>& data_sets, std::string* error) {
    data_sets.clear();
    for (const std::string& input : inputs) {
        DataSetIdentity set;
        set.path = input;
        std::vector<std::string> files;
        if (!data::expand_inputs({input}, files, error)) return false;
        std::string listing, file_digest;
        for (const std::string& file : files) {
            data::format::FileHeader header;
            if (!data::format::read_header(file, header, error)) return false;
            if (!util::sha256_file(file, file_digest, error)) return false;
            ++set.files;
            set.games += header.games;
            set.positions += header.positions;
            listing += file_digest + "  " + std::filesystem::path(file).filename().string() + "\n";
        }
        std::error_code ec;
        set.sha256 =
            std::filesystem::is_directory(input, ec) ? util::sha256_hex(listing) : file_digest;
        data_sets.push_back(std::move(set));
    }
    return true;
}

util::Json architecture_json() {
    return {{"variant", std::string(Variant::name)},
            {"hash", hex32(nnue::arch::hash())},
            {"feature_set", hex32(nnue::features::FEATURE_SET_ID)},
            {"inputs", nnue::arch::INPUTS},
            {"l1", nnue::arch::L1},
            {"l2", nnue::arch::L2},
            {"l3", nnue::arch::L3}};
}

util::Json lineage_json(const TrainConfig& c, const std::string& net_path,
                        const LineageFacts& facts) {
    util::Json parent = nullptr;
    if (!facts.parent_sha256.empty())
        parent = {{"path", path_from_net(facts.parent_path, net_path)},
                  {"sha256", facts.parent_sha256}};
    util::Json data = util::Json::array();
    for (const DataSetIdentity& d : facts.data_sets)
        data.push_back({{"path", path_from_net(d.path, net_path)},
                        {"files", d.files},
                        {"games", d.games},
                        {"positions", d.positions},
                        {"sha256", d.sha256}});
    util::Json lineage = {{"format", LINEAGE_FORMAT},
                          {"version", LINEAGE_VERSION},
                          {"created", utc_timestamp_now()},
                          {"parent", parent},
                          {"data", data},
                          {"recipe", recipe_json(c)},
                          {"steps", facts.steps},
                          {"positions", facts.positions},
                          {"epoch", facts.epoch},
                          {"architecture", architecture_json()},
                          {"build", util::build_identity_json()}};
    if (!c.note.empty()) lineage["note"] = c.note;
    return lineage;
}

std::optional<util::Json> parse_lineage(const std::string& description) {
    if (description.empty() || description.front() != '{') return std::nullopt;
    std::optional<util::Json> json = util::parse_json(description);
    if (!json || !json->is_object()) return std::nullopt;
    const util::Json* format = util::json_find(*json, "format");
    if (!format || !format->is_string() || *format != LINEAGE_FORMAT) return std::nullopt;
    return json;
}

std::string utc_timestamp_now() {
    std::time_t now = std::time(nullptr);
    if (const char* fixed = std::getenv("SOURCE_DATE_EPOCH")) {
        char* end = nullptr;
        const long long seconds = std::strtoll(fixed, &end, 10);
        if (end != fixed && *end == '\0' && seconds >= 0) now = std::time_t(seconds);
    }
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
