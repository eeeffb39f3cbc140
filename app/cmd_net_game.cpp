// The game half of `pantheon net info` (cmd_net.h): the file is
// loaded with every check the engine's loader makes, then its header facts,
// its hashes and its lineage (trainer/net_lineage.h) are printed; a net
// whose description is free text (older nets) shows the text. Compiled once
// per variant (app/CMakeLists.txt).
#include <cstdio>
#include <iostream>
#include <optional>
#include <span>

#include "app/cmd_net.h"
#include "app/game_half.h"
#include "nnue/net_file.h"
#include "selfplay/manifest.h"
#include "trainer/net_lineage.h"
#include "util/json.h"
#include "util/sha256.h"
#include "util/text_file.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN
namespace {

// A JSON value as short text: strings bare, everything else as JSON.
std::string plain(const util::Json& v) {
    return v.is_string() ? v.get<std::string>() : util::json_text(v);
}

// The object's members as "key value, key value" (nested objects as JSON).
std::string members(const util::Json& object) {
    std::string text;
    for (const auto& [key, value] : object.items()) {
        if (!text.empty()) text += ", ";
        text += key + " " + plain(value);
    }
    return text;
}

void print_lineage(const util::Json& lineage) {
    std::cout << "lineage:\n";
    for (const auto& [key, value] : lineage.items()) {
        if (key == "format") continue;
        std::printf("  %-13s ", key.c_str());
        if (key == "parent" && value.is_null()) {
            std::cout << "none (trained from random weights)\n";
        } else if (key == "data" && value.is_array()) {
            std::cout << value.size() << " data set" << (value.size() == 1 ? "" : "s") << "\n";
            for (const util::Json& set : value) std::cout << "    " << members(set) << "\n";
        } else if (value.is_object()) {
            std::cout << members(value) << "\n";
        } else {
            std::cout << plain(value) << "\n";
        }
    }
}

}  // namespace
PANTHEON_VARIANT_END

namespace app {
PANTHEON_VARIANT_BEGIN

int half(const NetInfoRequest& request, HalfOfThisGame) {
    std::string bytes, error;
    if (!util::read_text_file(request.path, bytes, &error)) {
        std::cerr << "error: net file: " << error << "\n";
        return app::EXIT_NET_BAD_FILE;
    }
    const std::span<const uint8_t> file(reinterpret_cast<const uint8_t*>(bytes.data()),
                                        bytes.size());
    nnue::Network net;
    if (!nnue::deserialize_network(file, net, &error)) {
        std::cerr << "error: " << error << " ('" << request.path << "')\n";
        return app::EXIT_NET_BAD_FILE;
    }
    const std::optional<util::Json> lineage = trainer::parse_lineage(net.description);
    // The loader accepted the file: its header names this build's game,
    // feature set and architecture.
    util::Json info = {{"file", request.path},
                       {"bytes", bytes.size()},
                       {"sha256", util::sha256_hex(file)},
                       {"format_version", nnue::NET_FORMAT_VERSION}};
    const util::Json architecture = trainer::architecture_json();
    for (const auto& [key, value] : architecture.items())
        info[key == "hash" ? "architecture_hash" : key] = value;
    // As self-play manifests record the net they played with.
    info["parameters_hash"] = selfplay::manifest_hex(nnue::network_hash(net));
    info["lineage"] = lineage ? *lineage : util::Json(nullptr);
    if (!lineage) info["description"] = net.description;
    if (request.json) {
        std::cout << util::json_text(info, 2) << "\n";
        return 0;
    }
    std::cout << "net " << request.path << "\n";
    for (const auto& [key, value] : info.items()) {
        if (key == "file" || key == "lineage") continue;
        std::printf("%-17s %s\n", key.c_str(), plain(value).c_str());
    }
    if (lineage)
        print_lineage(*lineage);
    else
        std::cout << "lineage:          none (not written by pantheon train with lineage)\n";
    return 0;
}

// The command reaches the half through run (app/game_half.h).
template int run(const NetInfoRequest&);

PANTHEON_VARIANT_END
}  // namespace app

}  // namespace pantheon
