// Large deviations of the empirical pair measure of a Markov chain for an event on one
// empirical conditional, {P^(col | row) >= threshold} or {<= threshold}.
//
// With L_n the pair type of Z_0..Z_n, the event is {<L_n, f> >= 0} for
// f(z, z') = s 1[z = row] (1[z' = col] - threshold), s = +1 (at least) or -1 (at most).
// Its rate is J = inf { D(Q || K | q) : Q shift-invariant, <Q, f> >= 0 }, computed through its
// dual J = -min_{lambda >= 0} log rho(K o exp(lambda f)) (a Legendre transform of the log
// Perron root). The minimising Q is the stationary pair measure of the Doob transform of the
// tilted kernel at the optimal lambda.
#pragma once

#include <Eigen/Core>
#include <cstdint>

namespace assay::mdp_types {

enum class Tail { at_least, at_most };

struct ConditionalEvent {
  int row = 0;
  int col = 1;
  double threshold = 0.5;
  Tail tail = Tail::at_least;

  // Whether counts n_row = #{t < n : Z_t = row} and n_pair = #{t < n : (Z_t, Z_t+1) =
  // (row, col)} lie in the event. An unvisited row (n_row = 0) has no empirical conditional
  // and is outside the event.
  bool contains(std::int64_t n_row, std::int64_t n_pair) const;
  // f(z, z') above.
  Eigen::MatrixXd functional(Eigen::Index states) const;
};

struct PairRate {
  double rate = 0;                // J
  double tilt = 0;                // the optimal lambda
  Eigen::MatrixXd tilted_kernel;  // Doob transform at the optimal lambda: the most likely way
  Eigen::MatrixXd pair;           // its stationary pair measure Q*, with D(Q* || K | q*) = J
};

PairRate conditional_event_rate(const Eigen::MatrixXd& kernel, const ConditionalEvent& event);

}  // namespace assay::mdp_types
