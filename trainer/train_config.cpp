#include "trainer/train_recipe.h"

#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "data/checksum.h"
#include "nnue/architecture.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

std::string validate(const TrainConfig& c) {
    if (c.data.empty()) return "no training data given (--data)";
    if (c.out.empty()) return "no output net given (--out)";
    if (c.max_steps == 0 && c.max_positions == 0 && c.max_epochs == 0)
        return "the run has no length: set max-steps, max-positions or max-epochs";
    if (c.threads < 1) return "threads must be at least 1";
    if (c.batch_size < 1) return "batch-size must be at least 1";
    if (!(c.validation_fraction >= 0.0 && c.validation_fraction < 1.0))
        return "validation-fraction must be in [0, 1)";
    if (!(c.score_scale > 0.0f)) return "score-scale must be positive";
    if (!(c.lambda >= 0.0f && c.lambda <= 1.0f && c.lambda_end >= 0.0f && c.lambda_end <= 1.0f))
        return "lambda and lambda-end must be in [0, 1]";
    if (!(c.lr > 0.0f)) return "lr must be positive";
    if (c.lr_step_every == 0) return "lr-step-every must be at least 1";
    if (!(c.beta1 >= 0.0f && c.beta1 < 1.0f && c.beta2 >= 0.0f && c.beta2 < 1.0f))
        return "beta1 and beta2 must be in [0, 1)";
    if (!(c.epsilon > 0.0f)) return "epsilon must be positive";
    if (!(c.weight_decay >= 0.0f)) return "weight-decay must not be negative";
    if (c.log_every == 0 || c.validate_every == 0 || c.checkpoint_every == 0)
        return "log-every, validate-every and checkpoint-every must be at least 1";
    if (c.save_every > 0 && c.keep_nets == 0) return "keep-nets must be at least 1";
    return {};
}

uint64_t config_hash(const TrainConfig& c, bool with_limits) {
    std::ostringstream s;
    s.precision(9);
    s << "arch " << nnue::arch::hash() << "\n";
    for (const std::string& d : c.data) s << "data " << d << "\n";
    if (with_limits) s << c.max_steps << ' ' << c.max_positions << ' ' << c.max_epochs << ' ';
    s << c.seed << ' ' << c.batch_size << ' ' << c.shuffle_buffer << ' ' << c.validation_fraction
      << ' ' << c.validation_positions << ' ' << c.filter.min_ply << ' ' << c.filter.max_ply << ' '
      << c.filter.max_abs_score << ' ' << c.filter.drop_in_check << ' '
      << c.filter.drop_tactical_best << ' ' << c.factorize << ' ' << c.fake_quantize << ' '
      << c.score_scale << ' ' << c.lambda << ' ' << c.lambda_end << ' ' << c.lr << ' '
      << util::name_of(LR_SCHEDULES, c.lr_schedule) << ' ' << c.warmup_steps << ' '
      << c.lr_step_every << ' ' << c.lr_step_gamma << ' ' << c.lr_min_ratio << ' ' << c.beta1 << ' '
      << c.beta2 << ' ' << c.epsilon << ' ' << c.weight_decay << "\n";
    const std::string text = s.str();
    return data::checksum64({reinterpret_cast<const uint8_t*>(text.data()), text.size()});
}

namespace {

// A float setting as the decimal it was written as (0.001, not the double
// nearest to the float nearest to 0.001).
double float_setting(float v) {
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, v).ptr;
    return std::strtod(std::string(text, end).c_str(), nullptr);
}

}  // namespace

util::Json recipe_json(const TrainConfig& c) {
    util::Json limits = {{"max_steps", c.max_steps},
                         {"max_positions", c.max_positions},
                         {"max_epochs", c.max_epochs}};
    util::Json filter = {{"min_ply", c.filter.min_ply},
                         {"max_ply", c.filter.max_ply},
                         {"max_abs_score", c.filter.max_abs_score},
                         {"skip_in_check", c.filter.drop_in_check},
                         {"skip_tactical", c.filter.drop_tactical_best}};
    return {{"limits", limits},
            {"seed", c.seed},
            {"batch_size", c.batch_size},
            {"shuffle_buffer", c.shuffle_buffer},
            {"validation_fraction", c.validation_fraction},
            {"validation_positions", c.validation_positions},
            {"filter", filter},
            {"factorize", c.factorize},
            {"fake_quantize", c.fake_quantize},
            {"loss", "mse of sigmoid(out * 400 / score_scale) against the lambda target"},
            {"score_scale", float_setting(c.score_scale)},
            {"lambda", float_setting(c.lambda)},
            {"lambda_end", float_setting(c.lambda_end)},
            {"optimizer", "adamw"},
            {"lr", float_setting(c.lr)},
            {"lr_schedule", std::string(util::name_of(LR_SCHEDULES, c.lr_schedule))},
            {"warmup_steps", c.warmup_steps},
            {"lr_step_every", c.lr_step_every},
            {"lr_step_gamma", float_setting(c.lr_step_gamma)},
            {"lr_min_ratio", float_setting(c.lr_min_ratio)},
            {"beta1", float_setting(c.beta1)},
            {"beta2", float_setting(c.beta2)},
            {"epsilon", float_setting(c.epsilon)},
            {"weight_decay", float_setting(c.weight_decay)}};
}

std::string interim_net_path(const TrainConfig& c, uint64_t step) {
    return beside_net(c.out, ".step-" + std::to_string(step) + ".nnue");
}

std::string beside_net(const std::string& out, const std::string& suffix) {
    std::filesystem::path p(out);
    p.replace_extension();
    return p.string() + suffix;
}

std::string checkpoint_path(const TrainConfig& c) {
    return c.checkpoint.empty() ? beside_net(c.out, ".ckpt") : c.checkpoint;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
