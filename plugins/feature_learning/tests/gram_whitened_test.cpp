#include "gram_whitened.hpp"

#include <Eigen/QR>
#include <catch2/catch.hpp>
#include <utility>

namespace fl = assay::feature_learning;

namespace {

double gram_gap(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return (a.transpose() * a - b.transpose() * b).norm();
}

Eigen::MatrixXd random_rotation(int n) {
  Eigen::HouseholderQR<Eigen::MatrixXd> qr(Eigen::MatrixXd::Random(n, n));
  return qr.householderQ();
}

}  // namespace

TEST_CASE("gram-whitened weight has the stepped weight's Gram for every shape",
          "[feature_learning]") {
  for (auto [out, in] : {std::pair{7, 4}, std::pair{5, 5}, std::pair{3, 8}}) {
    const Eigen::MatrixXd w = Eigen::MatrixXd::Random(out, in);
    const Eigen::MatrixXd stepped = w - 0.2 * Eigen::MatrixXd::Random(out, in);
    INFO(out << " x " << in);
    REQUIRE(gram_gap(fl::gram_whitened(w, stepped), stepped) < 1e-12 * stepped.squaredNorm());
  }
}

TEST_CASE("gram-whitened weight is the rotation of the stepped weight nearest the old one",
          "[feature_learning]") {
  // Orthogonal Procrustes: no other rotation R of the stepped weight comes closer to w.
  const Eigen::MatrixXd w = Eigen::MatrixXd::Random(6, 4);
  const Eigen::MatrixXd stepped = w - 0.3 * Eigen::MatrixXd::Random(6, 4);
  const Eigen::MatrixXd best = fl::gram_whitened(w, stepped);
  const double best_distance = (best - w).norm();
  REQUIRE(best_distance <= (stepped - w).norm());
  for (int k = 0; k < 20; ++k) {
    const Eigen::MatrixXd other = random_rotation(6) * stepped;
    REQUIRE(best_distance <= (other - w).norm() + 1e-12);
  }
}

TEST_CASE("gram-whitened step undoes a pure rotation of the weight", "[feature_learning]") {
  // A step that only rotates the output side changes no Gram: the old weight comes back.
  const Eigen::MatrixXd w = Eigen::MatrixXd::Random(8, 3);
  REQUIRE((fl::gram_whitened(w, random_rotation(8) * w) - w).norm() < 1e-10);
  REQUIRE((fl::gram_whitened(w, w) - w).norm() < 1e-12);
}
