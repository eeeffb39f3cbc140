// The whole command line of the pantheon binary: every subcommand, and
// options read from a TOML file (--config). main() and the config file's fuzz
// target (tests/fuzz/config_fuzz.cpp) build the same app through this.
#include "app/commands.h"

namespace pantheon::app {

namespace {

// The TOML section of a subcommand's options: its path without the binary,
// joined by dots ("selfplay", "data.rescore").
std::string config_section(const CLI::App& cmd) {
    std::string section = cmd.get_name();
    for (const CLI::App* p = cmd.get_parent(); p && p->get_parent(); p = p->get_parent())
        section = p->get_name() + "." + section;
    return section;
}

// The conventions every subcommand's help follows, applied once to the whole
// tree instead of in each command: every option shows its default, and
// `--config FILE` (the main app's option, reached from after the subcommand
// too) is listed with the section it reads.
void apply_help_conventions(CLI::App& cmd) {
    for (CLI::Option* opt : cmd.get_options()) {
        opt->capture_default_str();
        if (opt->get_default_str() == "[]") opt->default_str("");  // an empty list shows nothing
    }
    if (cmd.get_parent() && !cmd.get_option_no_throw("--config")) {
        cmd.fallthrough();
        cmd.footer("Any option above can also come from a TOML file: --config FILE (before or "
                   "after the subcommand) reads its keys from section [" +
                   config_section(cmd) + "]; the command line wins.");
    }
    for (CLI::App* sub : cmd.get_subcommands({})) apply_help_conventions(*sub);
}

}  // namespace

void register_commands(CLI::App& app, ExitCode& exit_code) {
    app.require_subcommand(0, 1);
    app.set_config("--config", "", "Read options from a TOML file", false);
#define PANTHEON_REGISTER_COMMAND(name) register_##name(app, exit_code);
    PANTHEON_FOR_EACH_COMMAND(PANTHEON_REGISTER_COMMAND)
#undef PANTHEON_REGISTER_COMMAND
    apply_help_conventions(app);
}

}  // namespace pantheon::app
