// Sequential probability ratio test on game pairs, with hypotheses stated in
// normalized Elo, as the Stockfish testing framework (fishtest) does it.
//
// H0: nElo = elo0, H1: nElo = elo1. The log-likelihood ratio is the
// generalized one: for each hypothesis, the pentanomial distribution that
// best explains the observed pair counts (maximum likelihood) among all
// distributions whose normalized score equals the hypothesis is found, and
// LLR = sum_i n_i * (ln p1_i - ln p0_i). The test stops for H1 once
// LLR >= ln((1-beta)/alpha) and for H0 once LLR <= ln(beta/(1-alpha)).
//
// The constrained maximum: with pair scores a_i (0, 1/4, ..., 1), observed
// frequencies q_i and the constraint (mu(p) - 1/2) / sigma(p) = t, setting
// the gradient of sum q_i ln p_i to a multiple of the constraint's gradient
// gives p_i = q_i / (1 + x * b_i), where b_i = a_i - 1/2 - t*(sigma/2 +
// (a_i - mu)^2 / (2 sigma)) is the constraint's gradient at p (shifted so
// that sum p_i b_i is the constraint itself) and x makes sum p_i = 1, i.e.
// solves sum q_i b_i / (1 + x b_i) = 0. Since b depends on mu and sigma of p,
// this is iterated to a fixed point starting from the uniform distribution.
// (Method: M. Van den Bergh's notes on normalized Elo for fishtest.)
// t is per pair: t = sqrt(2) * nElo * ln(10) / 800.
#pragma once

#include <optional>
#include <string_view>

#include "match/elo.h"

namespace pantheon::match {

struct SprtSettings {
    double elo0 = 0, elo1 = 5;  // normalized Elo
    double alpha = 0.05, beta = 0.05;
    double lower_bound() const;  // ln(beta / (1 - alpha))
    double upper_bound() const;  // ln((1 - beta) / alpha)
    bool operator==(const SprtSettings&) const = default;
};

enum class SprtDecision { Continue, AcceptH0, AcceptH1 };

// "continue", "H0 accepted", "H1 accepted" (summaries and state files).
const char* sprt_decision_text(SprtDecision d);
std::optional<SprtDecision> parse_sprt_decision(std::string_view text);

struct SprtStatus {
    double llr = 0, lower = 0, upper = 0;
    SprtDecision decision = SprtDecision::Continue;
};

double sprt_llr(const Pentanomial& p, double nelo0, double nelo1);
SprtStatus sprt_status(const Pentanomial& p, const SprtSettings& s);

}  // namespace pantheon::match
