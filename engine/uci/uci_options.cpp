#include "engine/uci/uci_options.h"

#include <unistd.h>

#include "engine/core/variant.h"
#include "engine/search/nnue_evaluator.h"
#include "nnue/builtin_net.h"

namespace pantheon::uci {
PANTHEON_VARIANT_BEGIN

namespace {

struct SpinOption {
    std::string_view name;
    int64_t default_value, min, max;
};
constexpr SpinOption HASH{"Hash", 16, 1, 65536};
constexpr SpinOption THREADS{"Threads", 1, 1, 256};
constexpr SpinOption MULTIPV{"MultiPV", 1, 1, 256};
constexpr SpinOption MOVE_OVERHEAD{"Move Overhead", 30, 0, 5000};
constexpr std::string_view VARIANT = "UCI_Variant";
constexpr std::string_view USE_NNUE = "Use NNUE";
constexpr std::string_view EVAL_FILE = "EvalFile";
constexpr std::string_view EMPTY_STRING = "<empty>";  // how UCI GUIs show an empty string

// Whether a session starts on the built-in net (when the build has one) or on
// the hand-crafted evaluation: the stronger of the two in docs/NETS.md's
// matches. Both games' built-in nets beat their hand-crafted evaluations at
// equal nodes and at equal time. (A build without a game's net starts that
// game on its hand-crafted evaluation.)
constexpr bool BUILTIN_NET_BY_DEFAULT = true;

// The evaluator the options ask for: NNUE with the loaded net, else hand-crafted.
void install_evaluator(search::Engine& engine, const OptionState& state) {
    if (state.use_nnue && state.net)
        engine.set_evaluator(search::nnue_evaluator_factory(state.net));
    else
        engine.set_evaluator(nullptr);
}

bool load_net(const std::string& file, OptionState& state, std::string* error) {
    std::string why;
    auto net = nnue::load_network(file, &why);
    if (!net) {
        if (error)
            *error =
                "EvalFile: " + why + (state.net ? "; keeping the previous net" : "; no net loaded");
        return false;
    }
    state.net = std::move(net);
    state.eval_file = file;
    return true;
}

std::string_view check_default(bool on) {
    return on ? "true" : "false";
}

// The GUI's switch for "go ponder"; the engine ponders whenever asked, so the
// value only has to be valid.
constexpr std::string_view PONDER = "Ponder";

std::string spin_line(const SpinOption& o) {
    return "option name " + std::string(o.name) + " type spin default " +
           std::to_string(o.default_value) + " min " + std::to_string(o.min) + " max " +
           std::to_string(o.max);
}

bool spin_value(const SpinOption& o, const std::string& text, int64_t& out, std::string* error) {
    const auto v = parse_integer(text);
    if (!v || *v < o.min || *v > o.max) {
        if (error)
            *error = "setoption " + std::string(o.name) + ": value must be an integer in " +
                     std::to_string(o.min) + ".." + std::to_string(o.max) + ", got '" + text + "'";
        return false;
    }
    out = *v;
    return true;
}

// Every game of the binary: the front (uci::run) switches sessions.
std::string variant_line(std::string_view default_variant) {
    std::string line = "option name " + std::string(VARIANT) + " type combo default " +
                       std::string(default_variant);
    for (std::string_view v : VARIANT_NAMES) line += " var " + std::string(v);
    return line;
}

}  // namespace

std::vector<std::string> option_lines(std::string_view default_variant) {
    return {spin_line(HASH),
            spin_line(THREADS),
            spin_line(MULTIPV),
            spin_line(MOVE_OVERHEAD),
            "option name " + std::string(PONDER) + " type check default false",
            variant_line(default_variant),
            "option name " + std::string(USE_NNUE) + " type check default " +
                std::string(check_default(use_nnue_by_default())),
            "option name " + std::string(EVAL_FILE) + " type string default " +
                std::string(EMPTY_STRING)};
}

std::vector<SetOption> carried_options(const search::Engine& engine, const OptionState& state) {
    const search::EngineOptions& e = engine.options();
    return {{std::string(HASH.name), std::to_string(e.hash_mb)},
            {std::string(THREADS.name), std::to_string(e.threads)},
            {std::string(MULTIPV.name), std::to_string(state.multipv)},
            {std::string(MOVE_OVERHEAD.name), std::to_string(e.move_overhead_ms)}};
}

bool use_nnue_by_default() { return BUILTIN_NET_BY_DEFAULT && nnue::has_builtin_net(); }

bool apply_default_evaluation(search::Engine& engine, OptionState& state, std::string* error) {
    state.use_nnue = false;
    if (!use_nnue_by_default()) return true;
    if (!load_net(std::string(), state, error)) return false;
    state.use_nnue = true;
    install_evaluator(engine, state);
    return true;
}

bool apply_option(const SetOption& opt, search::Engine& engine, OptionState& state,
                  std::string* error) {
    int64_t v = 0;
    if (equals_ignore_case(opt.name, HASH.name)) {
        if (!spin_value(HASH, opt.value, v, error)) return false;
        // Refuse what the machine cannot hold rather than be killed touching it.
        const uint64_t physical_mb =
            uint64_t(sysconf(_SC_PHYS_PAGES)) * uint64_t(sysconf(_SC_PAGESIZE)) / (1024 * 1024);
        if (uint64_t(v) > physical_mb / 2 || !engine.set_hash(size_t(v))) {
            if (error)
                *error = "setoption Hash: cannot allocate " + std::to_string(v) + " MB (" +
                         std::to_string(physical_mb) + " MB of memory); keeping " +
                         std::to_string(engine.options().hash_mb) + " MB";
            return false;
        }
    } else if (equals_ignore_case(opt.name, THREADS.name)) {
        if (!spin_value(THREADS, opt.value, v, error)) return false;
        engine.set_threads(int(v));
    } else if (equals_ignore_case(opt.name, MULTIPV.name)) {
        if (!spin_value(MULTIPV, opt.value, v, error)) return false;
        state.multipv = int(v);
    } else if (equals_ignore_case(opt.name, MOVE_OVERHEAD.name)) {
        if (!spin_value(MOVE_OVERHEAD, opt.value, v, error)) return false;
        engine.set_move_overhead(v);
    } else if (equals_ignore_case(opt.name, PONDER)) {
        if (!equals_ignore_case(opt.value, "true") && !equals_ignore_case(opt.value, "false")) {
            if (error)
                *error = "setoption Ponder: value must be true or false, got '" + opt.value + "'";
            return false;
        }
    } else if (equals_ignore_case(opt.name, VARIANT)) {
        // Another game's name is taken by the front, which starts a session
        // of that game; a session only confirms its own.
        if (!equals_ignore_case(opt.value, Variant::name)) {
            std::string names;
            for (std::string_view v : VARIANT_NAMES) names += (names.empty() ? "" : ", ") + std::string(v);
            if (error)
                *error = "UCI_Variant '" + opt.value + "' is not supported here (this session " +
                         "plays " + std::string(Variant::name) + "; games: " + names + ")";
            return false;
        }
    } else if (equals_ignore_case(opt.name, USE_NNUE)) {
        bool on;
        if (equals_ignore_case(opt.value, "true"))
            on = true;
        else if (equals_ignore_case(opt.value, "false"))
            on = false;
        else {
            if (error) *error = "setoption Use NNUE: value must be true or false";
            return false;
        }
        if (on && !state.net && !load_net(state.eval_file, state, error)) return false;
        state.use_nnue = on;
        install_evaluator(engine, state);
    } else if (equals_ignore_case(opt.name, EVAL_FILE)) {
        const std::string file = opt.value == EMPTY_STRING ? std::string() : opt.value;
        if (!load_net(file, state, error)) return false;
        install_evaluator(engine, state);
    } else {
        if (error) *error = "unknown option '" + opt.name + "'";
        return false;
    }
    return true;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::uci
