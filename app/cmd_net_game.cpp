// The game halves of `pantheon net` (cmd_net.h). `info`: the file is
// loaded with every check the engine's loader makes, then its header facts,
// its hashes and its lineage (trainer/net_lineage.h) are printed; a net
// whose description is free text (older nets) shows the text. `widen`: the
// file is read at its own width and written at this build's
// (nnue/net_widen.h), its lineage extended by the widening. Compiled once
// per variant (app/CMakeLists.txt).
#include <cstdio>
#include <iostream>
#include <optional>
#include <span>

#include "app/cmd_net.h"
#include "app/game_half.h"
#include "nnue/net_file.h"
#include "nnue/net_widen.h"
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

// The file's bytes, or false after saying why on stderr.
bool read_net_bytes(const std::string& path, std::string& bytes) {
    std::string error;
    if (util::read_text_file(path, bytes, &error)) return true;
    std::cerr << "error: net file: " << error << "\n";
    return false;
}

std::span<const uint8_t> as_bytes(const std::string& text) {
    return {reinterpret_cast<const uint8_t*>(text.data()), text.size()};
}

}  // namespace
PANTHEON_VARIANT_END

namespace app {
PANTHEON_VARIANT_BEGIN

int half(const NetInfoRequest& request, HalfOfThisGame) {
    std::string bytes, error;
    if (!read_net_bytes(request.path, bytes)) return app::EXIT_NET_BAD_FILE;
    const std::span<const uint8_t> file = as_bytes(bytes);
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

int half(const NetWidenRequest& request, HalfOfThisGame) {
    std::string bytes, error;
    if (!read_net_bytes(request.path, bytes)) return app::EXIT_NET_BAD_FILE;
    nnue::StoredNet stored;
    nnue::Network wide;
    if (!nnue::read_stored_net(as_bytes(bytes), stored, &error) ||
        !nnue::widen_network(stored, request.seed, wide, &error)) {
        std::cerr << "error: " << error << " ('" << request.path << "')\n";
        return app::EXIT_NET_BAD_FILE;
    }
    // A lineage gains the step; a free-text description is kept as it was.
    if (std::optional<util::Json> lineage = trainer::parse_lineage(wide.description)) {
        (*lineage)["widened"] = {{"from_width", stored.width},
                                 {"to_width", nnue::arch::L1},
                                 {"from_sha256", util::sha256_hex(as_bytes(bytes))},
                                 {"seed", request.seed}};
        (*lineage)["architecture"] = trainer::architecture_json();
        wide.description = util::json_text(*lineage);
    }
    if (!nnue::save_network_file(request.out, wide, &error)) {
        std::cerr << "error: " << error << "\n";
        return app::EXIT_NET_BAD_FILE;
    }
    std::cout << "net " << request.out << ": first layer " << stored.width << " -> "
              << nnue::arch::L1 << " wide, the same evaluation (seed " << request.seed << ")\n";
    return 0;
}

// The command reaches each half through run (app/game_half.h).
template int run(const NetInfoRequest&);
template int run(const NetWidenRequest&);

PANTHEON_VARIANT_END
}  // namespace app

}  // namespace pantheon
