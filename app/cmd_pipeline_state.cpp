// `pantheon pipeline-state export|import`: a pipeline run without its bulk
// data (pipeline/run_state.h), to continue it on another machine or keep it
// in version control between generations. `machine`: this machine as a
// run's CPU ledger names it, for scripts that write ledger lines.
#include <functional>
#include <iostream>
#include <memory>

#include "app/commands.h"
#include "pipeline/cpu_ledger.h"
#include "pipeline/run_state.h"

namespace pantheon::app {

namespace {

struct StatePaths {
    std::string run, state;
};

int report(const char* what, const std::function<pipeline::StateSummary()>& act,
           const StatePaths& p) {
    try {
        const pipeline::StateSummary s = act();
        std::cout << "pipeline-state: " << what << " " << s.generations
                  << " finished generation(s), " << s.files << " files, best player " << s.best
                  << " (" << p.run << " <-> " << p.state << ")\n";
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace

void register_pipeline_state(CLI::App& app, ExitCode& exit_code) {
    CLI::App* cmd = app.add_subcommand(
        "pipeline-state", "A run's finished generations without their data, to carry it on");
    cmd->require_subcommand(1);
    auto exported = std::make_shared<StatePaths>();
    CLI::App* ex = cmd->add_subcommand(
        "export", "Write the run's finished generations (records, summaries, best net)");
    ex->add_option("--dir", exported->run, "Run directory (may be running)")->required();
    ex->add_option("--out", exported->state, "State directory to write (replaced)")->required();
    ex->callback([exported, &exit_code] {
        exit_code.value = report(
            "exported", [&] { return pipeline::export_run_state(exported->run, exported->state); },
            *exported);
    });
    auto imported = std::make_shared<StatePaths>();
    CLI::App* im = cmd->add_subcommand(
        "import", "Make a run directory from a state; `pipeline` then goes on with it");
    im->add_option("--state", imported->state, "State directory (from export)")->required();
    im->add_option("--dir", imported->run, "New run directory")->required();
    im->callback([imported, &exit_code] {
        exit_code.value = report(
            "imported", [&] { return pipeline::import_run_state(imported->state, imported->run); },
            *imported);
    });
    CLI::App* machine = cmd->add_subcommand(
        "machine", "Print this machine as a run's CPU ledger (RUN/cpu.tsv) names it");
    machine->callback([&exit_code] {
        std::cout << pipeline::ledger_machine() << "\n";
        exit_code.value = 0;
    });
}

}  // namespace pantheon::app
