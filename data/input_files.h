// The files a list of inputs names (a directory = its *.pgd files, sorted by
// name, not recursive), and which game they hold, read from their headers.
// Variant-free: the app asks this before it picks a variant's reader.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pantheon::data {

constexpr std::string_view DATA_FILE_EXTENSION = ".pgd";

// Expands files and directories into a file list, in the order given.
bool expand_inputs(const std::vector<std::string>& inputs, std::vector<std::string>& files,
                   std::string* error);

// The variant named by the headers of every input file ("" when the inputs
// hold no file); false with a message if a header is bad or the files mix games.
bool inputs_variant(const std::vector<std::string>& inputs, std::string& variant,
                    std::string* error);

}  // namespace pantheon::data
