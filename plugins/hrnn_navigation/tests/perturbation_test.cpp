#include "perturbation.hpp"

#include <catch2/catch.hpp>
#include <cmath>

namespace hn = assay::hrnn_navigation;

namespace {

constexpr int kUnits = 24;

// Units tuned to heading (preferred 2 pi i / kUnits) whose gain rises with CCW turns for even
// units and with CW turns for odd ones.
struct Circuit {
  hn::Recording rec;
  hn::CellTypes types;
  hn::Architecture arch{true, kUnits, 1, 8, 8};
};

double preferred(int i) { return 2 * M_PI * i / kUnits - M_PI; }
double turn_sign(int i) { return i % 2 == 0 ? 1 : -1; }

Circuit circuit(std::mt19937_64& rng) {
  Circuit c;
  const auto w = hn::random_walks(hn::WalkOptions{}, 20, 300, rng);
  hn::RowMatrix states(Eigen::Index(20) * 300, kUnits + 1);
  for (int t = 0; t < 300; ++t)
    for (int b = 0; b < 20; ++b) {
      auto row = states.row(Eigen::Index(t) * 20 + b);
      for (int i = 0; i < kUnits; ++i)
        row(i) = std::exp(2 * std::cos(w.heading(b, t + 1) - preferred(i))) *
                 (1 + 0.5 * std::tanh(turn_sign(i) * w.angular_velocity(b, t) / 10));
      row(kUnits) = 0;
    }
  c.rec = hn::record(w, states);
  c.types = hn::classify(c.rec, 2.2, 10, 5, 50, rng);
  return c;
}

// Recurrent weights W(j, i) = f(i, j) within A.
template <class F>
hn::Weights weights(F f) {
  hn::Weights w;
  w.recurrent = hn::FloatMatrix::Zero(kUnits + 1, kUnits + 1);
  for (int i = 0; i < kUnits; ++i)
    for (int j = 0; j < kUnits; ++j) w.recurrent(j, i) = static_cast<float>(f(i, j));
  return w;
}

}  // namespace

TEST_CASE("turning units projecting ahead of their turn give a significant asymmetry",
          "[hrnn_navigation]") {
  std::mt19937_64 rng(31);
  const Circuit c = circuit(rng);
  // CCW units excite units ahead (CCW) of them, CW units units behind: a shifter circuit.
  const auto shifter =
      weights([](int i, int j) { return turn_sign(i) * std::sin(preferred(j) - preferred(i)); });
  const auto a = hn::turning_asymmetry(shifter, c.arch, c.rec, c.types, 199, rng);
  REQUIRE(a.ccw_units == kUnits / 2);
  REQUIRE(a.cw_units == kUnits / 2);
  REQUIRE(a.statistic > a.null95);
  REQUIRE(a.p_value <= 1.0 / 200 + 1e-12);  // above every permutation
  // Symmetric weights (depending on |phi_j - phi_i| only) carry no turning direction.
  const auto symmetric =
      weights([](int i, int j) { return std::cos(preferred(j) - preferred(i)); });
  const auto s = hn::turning_asymmetry(symmetric, c.arch, c.rec, c.types, 199, rng);
  REQUIRE(std::abs(s.statistic) < 1e-6);
}
