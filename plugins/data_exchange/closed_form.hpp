// Best deviations and core-stable exchanges in closed form, where the demand model gives one.
//
// Equal sharing: every member of a deviating coalition gets the coalition's mean share, which
// rises with every member's accuracy, so the best deviation is full pooling inside it.
// Logit demand without sharing: the best deviation depends on the status quo u, but for a fixed
// margin mu the question "can every member k get share >= u_k + mu" is linear in y_k = e^{beta
// a_k} (y_k >= c_k (sum_i y_i + B), c_k = u_k + mu, B the outsiders' pooled e^{beta b}), with y_k
// free in [e^{beta f_k(m_k)}, e^{beta f_k(M_S)}]; it has a closed-form answer and feasibility
// falls with mu, so bisection on mu gives the best deviation exactly.
// Fully rational demand without sharing: a member off the top gets nothing, so a coalition
// blocks only if all its members tie at the top; the best deviation makes them tie at the highest
// accuracy all of them can reach, U = min_j f_j(M_S), each getting 1/(|S| + outsiders tied).
// Achievable payoff vectors are 1/|W| on a winner set W, so the exact existence question is a
// finite one: for which W can W tie above everyone else, and which of those no coalition blocks.
#pragma once

#include <optional>
#include <vector>

#include "coalition.hpp"
#include "market.hpp"

namespace assay::data_exchange {

// The take t in [0, 1] at which firm j, taking t of `others` examples, reaches `target`
// (the smallest such t up to 1e-15, found by bisection on the monotone curve).
double take_for_accuracy(const Market& market, int firm, double others, double target);

// The coalition's best deviation (margin left 0), or nullopt when no closed form applies
// (logit demand without sharing) or, for rational demand, when no deviation gives every member
// a positive payoff (such a coalition never blocks).
std::optional<Deviation> closed_form_deviation(const Market& market, Coalition coalition);

// Logit demand without sharing: the deviation with the largest margin over `status_quo` (payoffs
// of all firms), its margin set; nullopt for other markets and for single firms (nothing to take).
std::optional<Deviation> logit_best_deviation(const Market& market, Coalition coalition,
                                              const Eigen::VectorXd& status_quo);

// Rational demand without sharing: one exchange per achievable winner set W (all firms in one
// block, W tied at the top, the others take nothing). Their payoff vectors are every payoff
// vector any exchange can give, so the core is empty iff all of them are blocked.
std::vector<Exchange> rational_winner_exchanges(const Market& market);

}  // namespace assay::data_exchange
