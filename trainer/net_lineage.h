// Where a trained net came from, stored as one JSON object in the net file's
// description (docs/NNUE.md "Lineage"): the parent net it was initialised
// from, the data sets with their sizes and SHA-256, the recipe (the settings
// that decide the weights), the steps taken, the date, the architecture and
// the build of the trainer. Net format version 1 is unchanged: older nets
// carry free text there and still load.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/variant.h"
#include "trainer/train_recipe.h"
#include "util/json.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

// The value of the lineage object's "format" key, which tells a lineage from
// a free-text description.
inline constexpr const char* LINEAGE_FORMAT = "pantheon-net-lineage";
inline constexpr int LINEAGE_VERSION = 1;

// One --data input: a file, or a directory of data files. Its sha256 is the
// file's; for a directory, the SHA-256 of the listing `sha256sum` prints for
// its files in name order ("<hex>  <name>\n" each).
struct DataSetIdentity {
    std::string path;
    uint64_t files = 0, games = 0, positions = 0;  // from the files' headers
    std::string sha256;
};

bool identify_data_sets(const std::vector<std::string>& inputs,
                        std::vector<DataSetIdentity>& data_sets, std::string* error);

// What a run knows of itself when it exports a net.
struct LineageFacts {
    std::string parent_path, parent_sha256;  // empty without a parent net
    std::vector<DataSetIdentity> data_sets;
    uint64_t steps = 0, positions = 0, epoch = 0;
};

// This build's architecture as the lineage names it: variant, arch hash and
// feature set id (hex), inputs, l1, l2, l3.
util::Json architecture_json();

// The lineage object of the net exported now to net_path. Paths (parent,
// data sets) are written relative to net_path's directory.
util::Json lineage_json(const TrainConfig& config, const std::string& net_path,
                        const LineageFacts& facts);

// The lineage in a description; nullopt for free text (or JSON of another kind).
std::optional<util::Json> parse_lineage(const std::string& description);

// The time now as ISO 8601 UTC ("2026-11-27T00:31:02Z"), or the time
// SOURCE_DATE_EPOCH names when it is set (reproducible outputs: the same
// run then gives the same bytes).
std::string utc_timestamp_now();

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
