// The settings of a training run besides its inputs and outputs, listed once:
// their names are the options of `pantheon train`, the keys of its [train]
// section and, prefixed train-, the pipeline's keys; their defaults are
// TrainConfig's member initializers. The app registers options from this
// list (app/train_options.h) and the pipeline passes its values on and
// records them (pipeline/step_commands.h, pipeline/pipeline_config.h).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "trainer/train_config.h"
#include "util/setting.h"

namespace pantheon::trainer {

// visit(setting, field...) once a setting, with that field of each config
// given (one config to register or read it, two to compare them).
template <class Visit, class... Config>
void visit_train_settings(Visit&& visit, Config&... c) {
    using util::Setting;
    visit(Setting{"threads", "Threads (no effect on the result)", false}, c.threads...);
    visit(Setting{"max-steps", "Stop after this many steps (0 = no limit)"}, c.max_steps...);
    visit(Setting{"max-positions", "Stop after training on this many positions (0 = no limit)"},
          c.max_positions...);
    visit(Setting{"max-epochs", "Stop after this many passes over the data (0 = no limit)"},
          c.max_epochs...);
    visit(Setting{"seed", "Seed of initialisation, data order and validation stream"}, c.seed...);
    visit(Setting{"batch-size", "Positions per step"}, c.batch_size...);
    visit(Setting{"shuffle-buffer", "Positions in the shuffle buffer"}, c.shuffle_buffer...);
    visit(Setting{"validation-fraction",
                  "Share of positions held out for validation (by position hash)"},
          c.validation_fraction...);
    visit(Setting{"validation-positions", "Most validation positions used"},
          c.validation_positions...);
    data::visit_filter_settings(visit, c.filter...);
    visit(Setting{"factorize",
                  "Train king-independent factor rows, folded in at export (true/false)"},
          c.factorize...);
    visit(Setting{"fake-quantize", "Forward pass with weights at net-file resolution (true/false)"},
          c.fake_quantize...);
    visit(Setting{"score-scale", "Centipawns per unit of the loss sigmoid"}, c.score_scale...);
    visit(Setting{"lambda", "Weight of the search score vs the result, at the start"}, c.lambda...);
    visit(Setting{"lambda-end", "... and at the end (linear in between)"}, c.lambda_end...);
    visit(Setting{"lr", "Learning rate (AdamW)"}, c.lr...);
    visit(Setting{"lr-schedule", "Learning-rate schedule"}, c.lr_schedule...);
    visit(Setting{"warmup-steps", "Linear learning-rate warmup steps"}, c.warmup_steps...);
    visit(Setting{"lr-step-every", "Step schedule: steps per decay"}, c.lr_step_every...);
    visit(Setting{"lr-step-gamma", "Step schedule: decay factor"}, c.lr_step_gamma...);
    visit(Setting{"lr-min-ratio", "Cosine schedule: final lr / lr"}, c.lr_min_ratio...);
    visit(Setting{"beta1", "Adam beta1"}, c.beta1...);
    visit(Setting{"beta2", "Adam beta2"}, c.beta2...);
    visit(Setting{"epsilon", "Adam epsilon"}, c.epsilon...);
    visit(Setting{"weight-decay", "Decoupled weight decay (weights only)"}, c.weight_decay...);
    visit(Setting{"log-every", "Steps between log rows"}, c.log_every...);
    visit(Setting{"validate-every", "Steps between validation losses"}, c.validate_every...);
    visit(Setting{"checkpoint-every", "Steps between checkpoints"}, c.checkpoint_every...);
    visit(Setting{"export-check-positions",
                  "Positions on which the exported net is compared with the float model"},
          c.export_check_positions...);
    visit(Setting{"save-every",
                  "Steps between playable nets written beside the final one as NET.step-N.nnue "
                  "(0 = none)"},
          c.save_every...);
    visit(Setting{"keep-nets", "Nets along the way kept (the newest)"}, c.keep_nets...);
}

// The settings of `config` that are not the defaults, in the list's order,
// each with its value as option text: what `pantheon train` must be told to
// run `config` (inputs and outputs aside).
inline std::vector<std::pair<util::Setting, std::string>> changed_train_settings(
    const TrainConfig& config) {
    std::vector<std::pair<util::Setting, std::string>> changed;
    const TrainConfig defaults;
    visit_train_settings(
        [&](const util::Setting& s, const auto& value, const auto& default_value) {
            if (value != default_value) changed.emplace_back(s, util::setting_text(value));
        },
        config, defaults);
    return changed;
}

}  // namespace pantheon::trainer
