// `pantheon data stats | verify | export` for both games: the reading code
// (data_runner.cpp) is compiled once per variant, each copy against its
// variant's data library, and cmd_data.cpp dispatches on the variant the
// input files' headers name. This header is variant-independent.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace pantheon::app {

// Exit status: 0 done, 1 a data error (printed as "error: ..." on stderr).
int run_data_stats_mansindam(const std::vector<std::string>& inputs);
int run_data_stats_pandemonium(const std::vector<std::string>& inputs);

// Lists every bad file or chunk on stdout; 1 if any.
int run_data_verify_mansindam(const std::vector<std::string>& inputs, int threads);
int run_data_verify_pandemonium(const std::vector<std::string>& inputs, int threads);

// The text form to `out`; `out_name` names it in messages.
int run_data_export_mansindam(const std::vector<std::string>& inputs, bool include_excluded,
                              std::ostream& out, const std::string& out_name);
int run_data_export_pandemonium(const std::vector<std::string>& inputs, bool include_excluded,
                                std::ostream& out, const std::string& out_name);

}  // namespace pantheon::app
