#include "pipeline/run_state.h"

#include <unistd.h>

#include <stdexcept>
#include <vector>

#include "pipeline/pipeline_config.h"
#include "pipeline/run_dir.h"

namespace pantheon::pipeline {

namespace fs = std::filesystem;

namespace {

constexpr const char* STATE_FILE = "state.txt";

std::string gen_prefix(int gen) {
    return "gen-" + std::to_string(gen) + ".";
}

// The run directory as its records spell it (the --dir it ran with): the
// first candidate net's path less its place inside the run.
std::string recorded_root(const RunDir& dir) {
    const auto train = dir.record(0, Step::Train);
    const std::string inside = (fs::path("nets") / "gen-0.nnue").string();
    const std::string net = train ? train->at("net") : "";
    if (net.size() <= inside.size() ||
        net.compare(net.size() - inside.size(), inside.size(), inside) != 0)
        throw std::runtime_error("the record of gen 0's training in " + dir.root().string() +
                                 " names no net inside the run ('" + net + "')");
    std::string root = net.substr(0, net.size() - inside.size());
    if (root.size() > 1 && root.back() == '/') root.pop_back();
    return root;
}

// Finished generations: a promotion recorded and, where the run plays the
// anchor, its anchor step too (the last step of a generation).
int finished_generations(const RunDir& dir) {
    const bool anchored = !parse_settings(read_file(dir.settings_file()))["anchor"].empty();
    int gen = 0;
    while (dir.record(gen, Step::Promote) && (!anchored || dir.record(gen, Step::Anchor))) ++gen;
    return gen;
}

// The files of the state, relative to the run directory.
std::vector<fs::path> state_files(const RunDir& dir, int generations, const std::string& best_net,
                                  const std::string& root) {
    std::vector<fs::path> files;
    const auto add_if_present = [&](const fs::path& path) {
        if (fs::exists(path)) files.push_back(path.lexically_relative(dir.root()));
    };
    // Not the report and its Elo table: the pipeline writes them again.
    for (const fs::path& p : {dir.settings_file(), dir.history_file(), dir.cpu_ledger(),
                              dir.initial_net_copy(), dir.anchor_summary_path("start")})
        add_if_present(p);
    for (int g = 0; g < generations; ++g) {
        for (Step s : ALL_STEPS) add_if_present(dir.record_path(g, s));
        for (const auto& e : fs::directory_iterator(dir.root() / "results"))
            if (e.path().filename().string().rfind(gen_prefix(g), 0) == 0)
                files.push_back(e.path().lexically_relative(dir.root()));
        add_if_present(dir.summary_path(g));
        add_if_present(dir.outside_summary_path(g));
        add_if_present(dir.anchor_summary_path("gen-" + std::to_string(g)));
        const fs::path net = dir.net_path(g);
        add_if_present(fs::path(net).replace_extension(".train.csv"));
        add_if_present(fs::path(net).replace_extension(".loss.svg"));
    }
    // The best player's net, which the next generation plays and trains from.
    if (!best_net.empty()) {
        if (best_net.rfind(root + "/", 0) != 0)
            throw std::runtime_error("the best net '" + best_net + "' is not inside the run " +
                                     root);
        const fs::path rel = best_net.substr(root.size() + 1);
        if (!fs::exists(dir.root() / rel))
            throw std::runtime_error("the best net '" + best_net + "' is missing");
        if (rel != dir.initial_net_copy().lexically_relative(dir.root())) files.push_back(rel);
    }
    return files;
}

void copy_into(const fs::path& from_root, const fs::path& to_root, const fs::path& rel) {
    fs::create_directories((to_root / rel).parent_path());
    std::error_code ec;
    fs::copy_file(from_root / rel, to_root / rel, fs::copy_options::overwrite_existing, ec);
    if (ec)
        throw std::runtime_error("cannot copy " + (from_root / rel).string() + ": " + ec.message());
}

// A sibling of `path` no other process writes.
fs::path private_sibling(const fs::path& path, const std::string& what) {
    fs::path p = path;
    p += "." + what + "-" + std::to_string(::getpid());
    fs::remove_all(p);
    return p;
}

// A directory being made, removed unless it was published.
struct PartialDirectory {
    fs::path path;
    bool published = false;
    ~PartialDirectory() {
        std::error_code ec;
        if (!published) fs::remove_all(path, ec);
    }
};

// Puts the directory `made` in place of `target`, which is absent or
// replaced only now.
void publish_directory(const fs::path& made, const fs::path& target) {
    fs::path old;
    if (fs::exists(target)) {
        old = private_sibling(target, "old");
        fs::rename(target, old);
    }
    fs::rename(made, target);
    if (!old.empty()) fs::remove_all(old);
}

bool empty_or_absent(const fs::path& dir) {
    return !fs::exists(dir) || (fs::is_directory(dir) && fs::is_empty(dir));
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
    for (size_t p = 0; (p = text.find(from, p)) != std::string::npos; p += to.size())
        text.replace(p, from.size(), to);
}

}  // namespace

StateSummary export_run_state(const fs::path& run_root, const fs::path& out) {
    const RunDir dir(run_root);
    if (!fs::exists(dir.settings_file()))
        throw std::runtime_error(run_root.string() + " is not a pipeline run directory (no " +
                                 dir.settings_file().filename().string() + ")");
    StateSummary s;
    s.generations = finished_generations(dir);
    if (s.generations == 0)
        throw std::runtime_error(run_root.string() + " has no finished generation to export");
    const StepRecord promote = *dir.record(s.generations - 1, Step::Promote);
    s.best = promote.at("best");
    const std::string root = recorded_root(dir);
    const auto files = state_files(dir, s.generations, promote.at("best_net"), root);

    PartialDirectory partial{private_sibling(out, "partial")};
    const fs::path& made = partial.path;
    for (const fs::path& rel : files) copy_into(run_root, made, rel);
    write_file_atomically(made / STATE_FILE,
                          "run = " + root + "\ngenerations = " + std::to_string(s.generations) +
                              "\nbest = " + s.best + "\nexported = " + now_text() +
                              "\ncomplete = yes\n");
    publish_directory(made, out);
    partial.published = true;
    s.files = int(files.size());
    return s;
}

StateSummary import_run_state(const fs::path& state, const fs::path& run_root) {
    const fs::path state_file = state / STATE_FILE;
    if (!fs::exists(state_file))
        throw std::runtime_error(state.string() + " is not an exported run state (no " +
                                 STATE_FILE + ")");
    StepRecord meta = parse_settings(read_file(state_file));
    StateSummary s;
    try {
        s.generations = std::stoi(meta.at("generations"));
        s.best = meta.at("best");
        if (meta.at("complete") != "yes" || meta.at("run").empty() || s.generations < 1)
            throw std::out_of_range("");
    } catch (const std::exception&) {
        throw std::runtime_error("damaged run state " + state_file.string());
    }
    if (!empty_or_absent(run_root))
        throw std::runtime_error(run_root.string() +
                                 " exists and is not empty: a state is imported into a new "
                                 "run directory");
    PartialDirectory partial{private_sibling(run_root, "importing")};
    const fs::path& made = partial.path;
    for (const auto& e : fs::recursive_directory_iterator(state)) {
        if (!e.is_regular_file()) continue;
        const fs::path rel = e.path().lexically_relative(state);
        if (rel == STATE_FILE) continue;
        copy_into(state, made, rel);
        ++s.files;
    }
    const RunDir dir(made);
    if (!fs::exists(dir.settings_file()) || !dir.record(s.generations - 1, Step::Promote))
        throw std::runtime_error("damaged run state " + state.string() +
                                 ": no settings or no promotion of its last generation");
    // Paths in the records name the run directory: the new one from now on.
    for (const auto& e : fs::directory_iterator(made / "steps")) {
        std::string text = read_file(e.path());
        replace_all(text, meta.at("run") + "/", run_root.string() + "/");
        write_file_atomically(e.path(), text);
    }
    write_file_atomically(dir.data_not_carried_file(),
                          "generations = " + std::to_string(s.generations) + "\n");
    RunDir(made).create();
    if (fs::exists(run_root)) fs::remove(run_root);
    fs::rename(made, run_root);
    partial.published = true;
    return s;
}

}  // namespace pantheon::pipeline
