#include "trainer/net_export.h"

namespace pantheon::trainer {

// Interim: the net-file code lands with the nnue module.
bool export_net(const Model&, const std::string& path, std::string* error) {
    if (error) *error = path + ": net files are not available in this build yet";
    return false;
}
bool import_net(const std::string& path, Model&, std::string* error) {
    if (error) *error = path + ": net files are not available in this build yet";
    return false;
}
bool check_export(const std::string& net_path, const Model&,
                  const std::vector<data::TrainingPosition>&, ExportCheck&, std::string* error) {
    if (error) *error = net_path + ": net files are not available in this build yet";
    return false;
}

}  // namespace pantheon::trainer
