// A 3-state, 2-action MDP with every transition possible and a stochastic policy: the case where
// the rate searches are local, shared by the value-rate tests.
#pragma once

#include "finite_mdp.hpp"

namespace assay::mdp_types::testing {

inline FiniteMdp three_state_mdp() {
  FiniteMdp mdp;
  mdp.transitions.resize(6, 3);
  mdp.transitions << 0.6, 0.3, 0.1, 0.2, 0.5, 0.3, 0.3, 0.3, 0.4, 0.1, 0.2, 0.7, 0.5, 0.25, 0.25,
      0.2, 0.2, 0.6;
  mdp.rewards.resize(6);
  mdp.rewards << 0, 1, 0.5, 0, 2, 1;
  mdp.policy.resize(3, 2);
  mdp.policy << 0.5, 0.5, 0.2, 0.8, 0.6, 0.4;
  mdp.discount = 0.8;
  return mdp;
}

}  // namespace assay::mdp_types::testing
