#include "trainer/training_run.h"

#include <tbb/global_control.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "util/atomic_file.h"
#include "util/progress_line.h"
#include "util/run_lock.h"
#include "trainer/batch.h"
#include "trainer/batch_source.h"
#include "trainer/net_export.h"
#include "trainer/network_pass.h"
#include "trainer/optimizer.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

namespace {

using Clock = std::chrono::steady_clock;

// Progress output: redraws on a terminal at most this often, plain lines otherwise.

// Steps of the whole run, from the first limit it reaches (epoch_positions:
// training positions in one epoch; batches run on across epoch ends).
uint64_t planned_steps(const TrainConfig& c, uint64_t epoch_positions) {
    uint64_t steps = UINT64_MAX;
    const uint64_t b = uint64_t(c.batch_size);
    if (c.max_steps > 0) steps = std::min(steps, c.max_steps);
    if (c.max_positions > 0) steps = std::min(steps, (c.max_positions + b - 1) / b);
    if (c.max_epochs > 0) steps = std::min(steps, (c.max_epochs * epoch_positions + b - 1) / b);
    return std::max<uint64_t>(steps, 1);
}

bool write_reports(const TrainConfig& c, const std::vector<LogRow>& log, std::string* error) {
    return util::write_file_atomically(beside_net(c.out, ".train.csv"), csv_text(log), error) &&
           util::write_file_atomically(
               beside_net(c.out, ".loss.svg"),
               svg_plot(log, "pantheon train: " + std::filesystem::path(c.out).filename().string()),
               error);
}

// The next batch, prepared on another thread while the current one trains;
// it carries the source's position after it, which is what a checkpoint
// written after training on it must record.
struct Prepared {
    std::vector<data::TrainingPosition> positions;
    Batch batch;
    uint64_t epoch = 0, consumed = 0;
    bool ok = true;
    std::string error;
};

void prepare(BatchSource& source, size_t want, Prepared& p) {
    p.ok = source.next(want, p.positions, &p.error);
    if (p.ok) fill_batch(p.positions, p.batch);
    p.epoch = source.epoch();
    p.consumed = source.consumed();
}

std::string loss_text(double v) {
    if (v < 0) return "-";
    char b[32];
    std::snprintf(b, sizeof b, "%.5f", v);
    return b;
}

}  // namespace

RunEnd run_training(const TrainConfig& c, const std::atomic<bool>* stop, std::ostream* progress,
                    bool tty, RunSummary& summary, std::string* error) {
    if (const std::string why = validate(c); !why.empty()) {
        if (error) *error = why;
        return RunEnd::Failed;
    }
    tbb::global_control threads(tbb::global_control::max_allowed_parallelism, size_t(c.threads));
    const uint64_t hash = config_hash(c);
    const std::string ckpt = checkpoint_path(c);
    // One training per net and per checkpoint at a time.
    util::RunLock net_lock, checkpoint_lock;
    if (!net_lock.acquire(util::lock_path_for(c.out), "the net '" + c.out + "'", error) ||
        !checkpoint_lock.acquire(util::lock_path_for(ckpt), "the checkpoint '" + ckpt + "'", error))
        return RunEnd::Failed;

    Model model;
    Adam adam(c);
    RunState& st = summary.state;
    st = {};
    if (!c.resume.empty()) {
        if (!load_checkpoint(c.resume, hash, model, adam, st, error)) return RunEnd::Failed;
    } else {
        std::error_code ec;
        if (std::filesystem::exists(ckpt, ec)) {
            if (error)
                *error = "checkpoint " + ckpt +
                         " exists: continue it with --resume, or remove it to start afresh";
            return RunEnd::Failed;
        }
        if (!c.init.empty()) {
            if (!import_net(c.init, model, error)) return RunEnd::Failed;
        } else {
            initialize(model, c.seed);
        }
        clip_for_quantization(model);
    }

    BatchSource source(c);
    if (!source.open(st.epoch, st.consumed, error)) return RunEnd::Failed;
    std::vector<data::TrainingPosition> val_positions;
    if (!source.validation(size_t(c.validation_positions), val_positions, error))
        return RunEnd::Failed;
    summary.validation_positions = val_positions.size();
    Batch val_batch;
    fill_batch(val_positions, val_batch);

    uint64_t epoch_positions = 0;
    if (c.max_epochs > 0 && !source.count_training_positions(epoch_positions, error))
        return RunEnd::Failed;
    const uint64_t total_steps = planned_steps(c, epoch_positions);
    NetworkPass pass(c.factorize, c.fake_quantize);
    Gradients grad;
    std::vector<data::TrainingPosition> positions;
    uint64_t trained_epoch = st.epoch, trained_consumed = st.consumed;
    const auto session_start = Clock::now();
    const double seconds_before = st.seconds;
    auto seconds_now = [&] {
        return seconds_before + std::chrono::duration<double>(Clock::now() - session_start).count();
    };
    double loss_sum = st.loss_sum;
    uint64_t loss_steps = st.loss_steps, row_positions = st.positions;
    double row_seconds = st.seconds, last_val = -1;
    util::ProgressLine line_out(progress, tty);
    for (auto it = st.log.rbegin(); it != st.log.rend(); ++it)
        if (it->val_loss >= 0) {
            last_val = it->val_loss;
            break;
        }

    auto validate_now = [&](float lambda) {
        if (val_batch.size == 0) return -1.0;
        return pass.run(model, val_batch, LossParams{c.score_scale, lambda}, nullptr);
    };
    auto save = [&](std::string* why) {
        st.epoch = trained_epoch;
        st.consumed = trained_consumed;
        st.seconds = seconds_now();
        st.loss_sum = loss_sum;
        st.loss_steps = loss_steps;
        if (!save_checkpoint(ckpt, hash, model, adam, st, why)) return false;
        summary.checkpoint = ckpt;
        return true;
    };
    auto draw = [&](bool final) {
        if (!line_out.enabled() || (!final && !line_out.due())) return;
        const double now = seconds_now();
        const LogRow* r = st.log.empty() ? nullptr : &st.log.back();
        const double pos_rate = r ? r->rate : 0;
        const double steps_per_s = pos_rate / double(c.batch_size);
        const double eta = steps_per_s > 0
                               ? double(total_steps - std::min(total_steps, st.step)) / steps_per_s
                               : 0;
        char line[320];
        std::snprintf(
            line, sizeof line,
            "train: step %llu/%llu  epoch %llu  %s pos  %s pos/s  loss %s  val %s  lr "
            "%.2e  %s  ETA %s",
            (unsigned long long)st.step, (unsigned long long)total_steps,
            (unsigned long long)trained_epoch, util::short_count(double(st.positions)).c_str(),
            util::short_count(pos_rate).c_str(), loss_text(r ? r->train_loss : -1).c_str(),
            loss_text(last_val).c_str(), r ? r->lr : 0.0, util::duration_text(now).c_str(),
            util::duration_text(eta).c_str());
        line_out.draw(line, final);
    };

    RunEnd end = RunEnd::Finished;
    const uint64_t first_step = st.step;
    auto batch_size_after = [&](uint64_t trained) {
        size_t want = size_t(c.batch_size);
        if (c.max_positions > 0) want = size_t(std::min<uint64_t>(want, c.max_positions - trained));
        return want;
    };
    Prepared current, next;
    prepare(source, batch_size_after(st.positions), next);
    while (st.step < total_steps) {
        if ((stop && stop->load()) ||
            (c.session_steps > 0 && st.step - first_step >= c.session_steps)) {
            end = RunEnd::Interrupted;
            break;
        }
        std::swap(current, next);
        if (!current.ok) {
            if (error) *error = current.error;
            return RunEnd::Failed;
        }
        if (current.positions.empty()) break;  // epoch limit reached
        const Batch& batch = current.batch;
        const uint64_t after = st.positions + current.positions.size();
        const bool more =
            st.step + 1 < total_steps && !(c.max_positions > 0 && after >= c.max_positions);
        std::thread preparer;
        if (more) preparer = std::thread([&] { prepare(source, batch_size_after(after), next); });
        struct Join {
            std::thread& t;
            ~Join() {
                if (t.joinable()) t.join();
            }
        } join{preparer};
        const float lr = learning_rate(c, st.step, total_steps);
        const float lambda = lambda_at(c, st.step, total_steps);
        loss_sum += pass.run(model, batch, LossParams{c.score_scale, lambda}, &grad);
        adam.step(model, grad, lr);
        ++loss_steps;
        ++st.step;
        st.positions += current.positions.size();
        trained_epoch = current.epoch;
        trained_consumed = current.consumed;
        if (preparer.joinable()) preparer.join();
        const bool last =
            st.step >= total_steps || (c.max_positions > 0 && st.positions >= c.max_positions);
        if (st.step % c.log_every == 0 || last) {
            LogRow row;
            row.step = st.step;
            row.positions = st.positions;
            row.epoch = trained_epoch;
            row.train_loss = loss_sum / double(loss_steps);
            row.lr = lr;
            row.lambda = lambda;
            row.seconds = seconds_now();
            row.rate =
                double(st.positions - row_positions) / std::max(1e-9, row.seconds - row_seconds);
            if (st.step % c.validate_every == 0 || last)
                last_val = row.val_loss = validate_now(lambda);
            st.log.push_back(row);
            loss_sum = 0;
            loss_steps = 0;
            row_positions = st.positions;
            row_seconds = row.seconds;
            if (!write_reports(c, st.log, error)) return RunEnd::Failed;
        }
        draw(false);
        if (st.step % c.checkpoint_every == 0 && !last && !save(error)) return RunEnd::Failed;
        if (last) break;
    }
    draw(true);
    summary.seconds = seconds_now() - seconds_before;
    if (!st.log.empty()) {
        summary.train_loss = st.log.back().train_loss;
        summary.val_loss = last_val;
    }
    if (!save(error)) return RunEnd::Failed;
    if (!write_reports(c, st.log, error)) return RunEnd::Failed;
    if (end == RunEnd::Interrupted) return end;
    if (st.step == 0) {
        if (error) *error = "no training step was made";
        return RunEnd::Failed;
    }
    // Export calibrates on training positions; the check runs on validation
    // positions (training positions when there are too few).
    std::vector<data::TrainingPosition> calibration,
        sample(val_positions.begin(),
               val_positions.begin() + std::ptrdiff_t(std::min<size_t>(val_positions.size(),
                                                                       c.export_check_positions)));
    if (!source.next(size_t(c.export_check_positions), calibration, error)) return RunEnd::Failed;
    if (sample.size() < c.export_check_positions / 2) sample = calibration;
    if (!export_net(model, c.out, calibration, error)) return RunEnd::Failed;
    ExportCheck check;
    if (!check_export(c.out, model, c.fake_quantize, sample, check, error)) return RunEnd::Failed;
    char text[200];
    std::snprintf(text, sizeof text,
                  "export check on %zu positions: quantized engine vs float model, mean |diff| "
                  "%.2f cp, max |diff| %.2f cp",
                  check.positions, check.mean_cp, check.max_cp);
    summary.export_report = text;
    return RunEnd::Finished;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
