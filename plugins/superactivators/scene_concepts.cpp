#include "scene_concepts.hpp"

namespace assay::superactivators {
namespace {

// Coverage of attribute a of patch t (stdlib's layout: count x P x P x attributes).
double coverage(const std::vector<double>& c, int attributes, Eigen::Index t, int a) {
  return c[static_cast<std::size_t>(t) * attributes + a];
}

}  // namespace

ConceptSet scene_concepts(const stdlib::Scenes& s, double min_coverage) {
  ConceptSet out;
  out.tokens_per_image = s.patches * s.patches;
  for (int c = 0; c < stdlib::colour_count; ++c) {
    out.names.emplace_back(stdlib::colour_name(c));
    out.context.push_back(false);
  }
  for (int k = 0; k < stdlib::shape_count; ++k) {
    out.names.emplace_back(stdlib::shape_name(k));
    out.context.push_back(true);
  }
  const Eigen::Index tokens = static_cast<Eigen::Index>(s.count) * out.tokens_per_image;
  out.token.resize(tokens, out.count());
  out.image = Eigen::MatrixXi::Zero(s.count, out.count());
  for (Eigen::Index t = 0; t < tokens; ++t)
    for (int j = 0; j < out.count(); ++j) {
      const bool colour = j < stdlib::colour_count;
      const double v =
          colour ? coverage(s.colour_coverage, stdlib::colour_count, t, j)
                 : coverage(s.shape_coverage, stdlib::shape_count, t, j - stdlib::colour_count);
      out.token(t, j) = v >= min_coverage ? 1 : v == 0 ? 0 : -1;
      if (v >= min_coverage) out.image(t / out.tokens_per_image, j) = 1;
    }
  return out;
}

std::vector<int> majority_shape(const stdlib::Scenes& s) {
  const int tokens = s.patches * s.patches;
  std::vector<int> label(s.count);
  for (int n = 0; n < s.count; ++n) {
    double best = -1;
    for (int k = 0; k < stdlib::shape_count; ++k) {
      double total = 0;
      for (int t = 0; t < tokens; ++t)
        total += coverage(s.shape_coverage, stdlib::shape_count,
                          static_cast<Eigen::Index>(n) * tokens + t, k);
      if (total > best) best = total, label[n] = k;
    }
  }
  return label;
}

}  // namespace assay::superactivators
