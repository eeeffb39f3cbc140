#include "trainer/training_run.h"

#include <tbb/global_control.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <thread>

#include "trainer/batch.h"
#include "trainer/batch_source.h"
#include "trainer/net_export.h"
#include "trainer/net_lineage.h"
#include "trainer/network_pass.h"
#include "trainer/optimizer.h"
#include "util/atomic_file.h"
#include "util/progress_line.h"
#include "util/run_lock.h"
#include "util/sha256.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

namespace {

using Clock = std::chrono::steady_clock;

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

bool write_reports(const TrainConfig& c, const std::vector<LogRow>& log,
                   const std::string& export_note, std::string* error) {
    return util::write_file_atomically(beside_net(c.out, ".train.csv"),
                                       csv_text(log, export_note), error) &&
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

// One invocation of a run, from its start or its checkpoint to its end or an
// interruption: the model and optimizer, the data, the counters behind the
// log rows and the progress line.
class TrainingSession {
  public:
    TrainingSession(const TrainConfig& c, RunSummary& summary, std::ostream* progress, bool tty)
        : c_(c),
          ckpt_(checkpoint_path(c)),
          summary_(summary),
          st_(summary.state),
          adam_(c),
          source_(c),
          pass_(c.factorize, c.fake_quantize),
          progress_(progress),
          tty_(tty) {}

    // The model and the data, ready for the first step; false with a message.
    bool open(std::string* error) { return start_model(error) && open_data(error); }
    // Steps until the run's limit, a stop request or the session's step limit.
    RunEnd train(const std::atomic<bool>* stop, std::string* error);
    // The last progress line, the summary's figures, the checkpoint and the reports.
    bool close(std::string* error);
    // The net exported and checked against the float model.
    bool export_final_net(std::string* error);
    // Whether the run has reached its limits (a finished run resumed).
    bool complete() const;
    // The summary's losses from the log.
    void summarize();

  private:
    bool start_model(std::string* error);
    bool open_data(std::string* error);
    size_t batch_size_after(uint64_t trained) const;
    void train_on(const Prepared& prepared, float lr, float lambda);
    bool add_log_row(float lr, float lambda, bool last, std::string* error);
    double validation_loss(float lambda);
    double seconds_now() const;
    bool save(std::string* error);
    void draw(bool final);
    bool load_calibration(std::string* error);
    bool export_checked(const std::string& path, ExportCheck& check, std::string& report,
                        std::string& warning, std::string* error);
    bool save_interim_net(std::string* error);
    void prune_interim_nets() const;

    const TrainConfig& c_;
    const std::string ckpt_;
    RunSummary& summary_;
    RunState& st_;
    Model model_;
    Adam adam_;
    BatchSource source_;
    std::vector<data::TrainingPosition> val_positions_;
    Batch val_batch_;
    // Training positions from the start of the data (a stream of its own, so
    // reading them leaves the run's stream where it is): export calibrates
    // on them, and checks on them when validation positions are too few.
    std::vector<data::TrainingPosition> calibration_;
    bool calibration_loaded_ = false;
    std::vector<DataSetIdentity> data_sets_;  // for the nets' lineage
    std::string export_note_;                 // the export check, for the log's last line
    uint64_t total_steps_ = 0;
    NetworkPass pass_;
    Gradients grad_;
    // Where the data source stood after the last batch trained on: what a
    // checkpoint records.
    uint64_t trained_epoch_ = 0, trained_consumed_ = 0;
    Clock::time_point session_start_;
    double seconds_before_ = 0;  // run time of the earlier sessions
    // The training loss since the last log row, and where that row stood.
    double loss_sum_ = 0;
    uint64_t loss_steps_ = 0, row_positions_ = 0;
    double row_seconds_ = 0, last_val_ = -1;
    std::ostream* progress_;
    bool tty_;
    std::optional<util::ProgressLine> line_out_;  // from the first step on
};

bool TrainingSession::start_model(std::string* error) {
    st_ = {};
    if (!c_.resume.empty()) return load_checkpoint(c_.resume, c_, model_, adam_, st_, error);
    std::error_code ec;
    if (std::filesystem::exists(ckpt_, ec)) {
        if (error)
            *error = "checkpoint " + ckpt_ +
                     " exists: continue it with --resume, or remove it to start afresh";
        return false;
    }
    if (!c_.init.empty()) {
        if (!import_net(c_.init, model_, error)) return false;
        st_.parent_path = c_.init;
        if (!util::sha256_file(c_.init, st_.parent_sha256, error)) return false;
    } else {
        initialize(model_, c_.seed);
    }
    clip_for_quantization(model_);
    return true;
}

bool TrainingSession::open_data(std::string* error) {
    trained_epoch_ = st_.epoch;
    trained_consumed_ = st_.consumed;
    if (!source_.open(st_.epoch, st_.consumed, error)) return false;
    if (!source_.validation(size_t(c_.validation_positions), val_positions_, error)) return false;
    summary_.validation_positions = val_positions_.size();
    fill_batch(val_positions_, val_batch_);
    uint64_t epoch_positions = 0;
    if (c_.max_epochs > 0 && !source_.count_training_positions(epoch_positions, error))
        return false;
    total_steps_ = planned_steps(c_, epoch_positions);
    return identify_data_sets(c_.data, data_sets_, error);
}

bool TrainingSession::complete() const {
    return st_.step >= total_steps_ || (c_.max_positions > 0 && st_.positions >= c_.max_positions);
}

size_t TrainingSession::batch_size_after(uint64_t trained) const {
    size_t want = size_t(c_.batch_size);
    if (c_.max_positions > 0) want = size_t(std::min<uint64_t>(want, c_.max_positions - trained));
    return want;
}

// -1 without validation positions.
double TrainingSession::validation_loss(float lambda) {
    if (val_batch_.size == 0) return -1.0;
    return pass_.run(model_, val_batch_, LossParams{c_.score_scale, lambda}, nullptr);
}

double TrainingSession::seconds_now() const {
    return seconds_before_ + std::chrono::duration<double>(Clock::now() - session_start_).count();
}

RunEnd TrainingSession::train(const std::atomic<bool>* stop, std::string* error) {
    session_start_ = Clock::now();
    seconds_before_ = st_.seconds;
    line_out_.emplace(progress_, tty_);
    loss_sum_ = st_.loss_sum;
    loss_steps_ = st_.loss_steps;
    row_positions_ = st_.positions;
    row_seconds_ = st_.seconds;
    for (auto it = st_.log.rbegin(); it != st_.log.rend(); ++it)
        if (it->val_loss >= 0) {
            last_val_ = it->val_loss;
            break;
        }

    const uint64_t first_step = st_.step;
    Prepared current, next;
    prepare(source_, batch_size_after(st_.positions), next);
    while (st_.step < total_steps_) {
        if ((stop && stop->load()) ||
            (c_.session_steps > 0 && st_.step - first_step >= c_.session_steps))
            return RunEnd::Interrupted;
        std::swap(current, next);
        if (!current.ok) {
            if (error) *error = current.error;
            return RunEnd::Failed;
        }
        if (current.positions.empty()) break;  // epoch limit reached
        const uint64_t after = st_.positions + current.positions.size();
        const bool more =
            st_.step + 1 < total_steps_ && !(c_.max_positions > 0 && after >= c_.max_positions);
        std::thread preparer;
        if (more) preparer = std::thread([&] { prepare(source_, batch_size_after(after), next); });
        struct Join {
            std::thread& t;
            ~Join() {
                if (t.joinable()) t.join();
            }
        } join{preparer};
        const float lr = learning_rate(c_, st_.step, total_steps_);
        const float lambda = lambda_at(c_, st_.step, total_steps_);
        train_on(current, lr, lambda);
        if (preparer.joinable()) preparer.join();
        const bool last =
            st_.step >= total_steps_ || (c_.max_positions > 0 && st_.positions >= c_.max_positions);
        if ((st_.step % c_.log_every == 0 || last) && !add_log_row(lr, lambda, last, error))
            return RunEnd::Failed;
        draw(false);
        if (c_.save_every > 0 && st_.step % c_.save_every == 0 && !last &&
            !save_interim_net(error))
            return RunEnd::Failed;
        if (st_.step % c_.checkpoint_every == 0 && !last && !save(error)) return RunEnd::Failed;
        if (last) break;
    }
    return RunEnd::Finished;
}

// One step: the batch's loss and gradient, the optimizer's update, the counters.
void TrainingSession::train_on(const Prepared& prepared, float lr, float lambda) {
    loss_sum_ += pass_.run(model_, prepared.batch, LossParams{c_.score_scale, lambda}, &grad_);
    adam_.step(model_, grad_, lr);
    ++loss_steps_;
    ++st_.step;
    st_.positions += prepared.positions.size();
    trained_epoch_ = prepared.epoch;
    trained_consumed_ = prepared.consumed;
}

// A row of the log (with the validation loss when due), and the reports
// written again.
bool TrainingSession::add_log_row(float lr, float lambda, bool last, std::string* error) {
    LogRow row;
    row.step = st_.step;
    row.positions = st_.positions;
    row.epoch = trained_epoch_;
    row.train_loss = loss_sum_ / double(loss_steps_);
    row.lr = lr;
    row.lambda = lambda;
    row.seconds = seconds_now();
    row.rate = double(st_.positions - row_positions_) / std::max(1e-9, row.seconds - row_seconds_);
    if (st_.step % c_.validate_every == 0 || last)
        last_val_ = row.val_loss = validation_loss(lambda);
    st_.log.push_back(row);
    loss_sum_ = 0;
    loss_steps_ = 0;
    row_positions_ = st_.positions;
    row_seconds_ = row.seconds;
    return write_reports(c_, st_.log, export_note_, error);
}

bool TrainingSession::save(std::string* error) {
    st_.epoch = trained_epoch_;
    st_.consumed = trained_consumed_;
    st_.seconds = seconds_now();
    st_.loss_sum = loss_sum_;
    st_.loss_steps = loss_steps_;
    if (!save_checkpoint(ckpt_, c_, model_, adam_, st_, error)) return false;
    summary_.checkpoint = ckpt_;
    return true;
}

void TrainingSession::draw(bool final) {
    if (!line_out_->enabled() || (!final && !line_out_->due())) return;
    const double now = seconds_now();
    const LogRow* r = st_.log.empty() ? nullptr : &st_.log.back();
    const double pos_rate = r ? r->rate : 0;
    const double steps_per_s = pos_rate / double(c_.batch_size);
    const double eta =
        steps_per_s > 0 ? double(total_steps_ - std::min(total_steps_, st_.step)) / steps_per_s : 0;
    char line[320];
    std::snprintf(line, sizeof line,
                  "train: step %llu/%llu  epoch %llu  %s pos  %s pos/s  loss %s  val %s  lr "
                  "%.2e  %s  ETA %s",
                  (unsigned long long)st_.step, (unsigned long long)total_steps_,
                  (unsigned long long)trained_epoch_,
                  util::short_count(double(st_.positions)).c_str(),
                  util::short_count(pos_rate).c_str(), loss_text(r ? r->train_loss : -1).c_str(),
                  loss_text(last_val_).c_str(), r ? r->lr : 0.0, util::duration_text(now).c_str(),
                  util::duration_text(eta).c_str());
    line_out_->draw(line, final);
}

void TrainingSession::summarize() {
    if (st_.log.empty()) return;
    summary_.train_loss = st_.log.back().train_loss;
    summary_.val_loss = last_val_;
    for (auto it = st_.log.rbegin(); summary_.val_loss < 0 && it != st_.log.rend(); ++it)
        summary_.val_loss = it->val_loss;
}

bool TrainingSession::close(std::string* error) {
    draw(true);
    summary_.seconds = seconds_now() - seconds_before_;
    summarize();
    return save(error) && write_reports(c_, st_.log, export_note_, error);
}

bool TrainingSession::load_calibration(std::string* error) {
    if (calibration_loaded_) return true;
    // One pass at most: a small data set gives each position once.
    TrainConfig one_pass = c_;
    one_pass.max_epochs = 1;
    BatchSource from_start(one_pass);
    if (!from_start.open(0, 0, error) ||
        !from_start.next(size_t(c_.export_check_positions), calibration_, error))
        return false;
    calibration_loaded_ = true;
    return true;
}

// Exports the model as a net at path, with its lineage, and compares the
// engine's evaluation of it with the float model's on validation positions
// (training positions when there are too few). With no position at all to
// compare on, the check is reported as missing rather than as a perfect fit.
bool TrainingSession::export_checked(const std::string& path, ExportCheck& check,
                                     std::string& report, std::string& warning,
                                     std::string* error) {
    if (!load_calibration(error)) return false;
    std::vector<data::TrainingPosition> sample(
        val_positions_.begin(),
        val_positions_.begin() + std::ptrdiff_t(std::min<size_t>(val_positions_.size(),
                                                                 c_.export_check_positions)));
    if (sample.size() < c_.export_check_positions / 2 && sample.size() < calibration_.size())
        sample = calibration_;
    const LineageFacts facts{st_.parent_path, st_.parent_sha256, data_sets_,
                             st_.step,        st_.positions,     trained_epoch_};
    const std::string lineage = util::json_text(lineage_json(c_, path, facts));
    if (!export_net(model_, path, calibration_, lineage, error)) return false;
    if (!check_export(path, model_, c_.fake_quantize, sample, check, error)) return false;
    char text[200];
    if (check.positions == 0) {
        warning = c_.export_check_positions == 0
                      ? "the exported net was not checked: export-check-positions is 0"
                      : "the exported net was not checked: the data gave no position to check "
                        "it on";
        report = "export check: none (" + warning + ")";
        return true;
    }
    std::snprintf(text, sizeof text,
                  "export check on %zu positions: quantized engine vs float model, mean |diff| "
                  "%.2f cp, max |diff| %.2f cp",
                  check.positions, check.mean_cp, check.max_cp);
    report = text;
    return true;
}

bool TrainingSession::export_final_net(std::string* error) {
    if (!export_checked(c_.out, summary_.export_check, summary_.export_report,
                        summary_.export_warning, error))
        return false;
    export_note_ = summary_.export_report;
    return write_reports(c_, st_.log, export_note_, error);
}

bool TrainingSession::save_interim_net(std::string* error) {
    const std::string path = interim_net_path(c_, st_.step);
    ExportCheck check;
    std::string report, warning;
    if (!export_checked(path, check, report, warning, error)) return false;
    summary_.last_interim_net = path;
    prune_interim_nets();
    if (line_out_ && line_out_->enabled()) line_out_->draw("train: net " + path + " (" + report + ")", true);
    return true;
}

// Keeps the newest keep_nets nets along the way up to the current step.
// Nets of later steps (left by a session that stopped before its next
// checkpoint) stay: this session writes them again when it gets there.
void TrainingSession::prune_interim_nets() const {
    const std::filesystem::path pattern(beside_net(c_.out, ".step-"));
    const std::string prefix = pattern.filename().string();
    std::map<uint64_t, std::filesystem::path> by_step;
    std::error_code ec;
    const std::filesystem::path dir =
        pattern.parent_path().empty() ? std::filesystem::path(".") : pattern.parent_path();
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (!name.starts_with(prefix) || !name.ends_with(".nnue")) continue;
        const std::string digits =
            name.substr(prefix.size(), name.size() - prefix.size() - std::string(".nnue").size());
        if (digits.empty() || digits.size() > 19 ||
            digits.find_first_not_of("0123456789") != std::string::npos)
            continue;
        const uint64_t step = std::stoull(digits);
        if (step <= st_.step) by_step[step] = entry.path();
    }
    while (by_step.size() > c_.keep_nets) {
        std::filesystem::remove(by_step.begin()->second, ec);
        by_step.erase(by_step.begin());
    }
}

}  // namespace

RunEnd run_training(const TrainConfig& c, const std::atomic<bool>* stop, std::ostream* progress,
                    bool tty, RunSummary& summary, std::string* error) {
    if (const std::string why = validate(c); !why.empty()) {
        if (error) *error = why;
        return RunEnd::Failed;
    }
    tbb::global_control threads(tbb::global_control::max_allowed_parallelism, size_t(c.threads));
    const std::string ckpt = checkpoint_path(c);
    // One training per net and per checkpoint at a time.
    util::RunLock net_lock, checkpoint_lock;
    if (!net_lock.acquire(util::lock_path_for(c.out), "the net '" + c.out + "'", error) ||
        !checkpoint_lock.acquire(util::lock_path_for(ckpt), "the checkpoint '" + ckpt + "'", error))
        return RunEnd::Failed;

    TrainingSession session(c, summary, progress, tty);
    if (!session.open(error)) return RunEnd::Failed;
    if (!c.resume.empty() && summary.state.step > 0 && session.complete()) {
        // A finished run resumed under the same limits: its net is the run's
        // result and stays; a net missing (the run stopped between its last
        // checkpoint and the export) is exported now.
        std::error_code ec;
        summary.already_finished = std::filesystem::exists(c.out, ec);
        summary.checkpoint = ckpt;
        session.summarize();
        if (summary.already_finished) return RunEnd::Finished;
        return session.export_final_net(error) ? RunEnd::Finished : RunEnd::Failed;
    }
    const RunEnd end = session.train(stop, error);
    if (end == RunEnd::Failed || !session.close(error)) return RunEnd::Failed;
    if (end == RunEnd::Interrupted) return end;
    if (summary.state.step == 0) {
        if (error) *error = "no training step was made";
        return RunEnd::Failed;
    }
    return session.export_final_net(error) ? RunEnd::Finished : RunEnd::Failed;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
