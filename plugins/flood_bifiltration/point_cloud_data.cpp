#include "point_cloud_data.hpp"

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace assay::flood_bifiltration {
namespace {

Eigen::Vector2d on_shape(const std::string& kind, int label, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> angle(0, 2 * std::numbers::pi), unit(0, 1);
  std::normal_distribution<double> normal(0, 1);
  const double a = angle(rng);
  const Eigen::Vector2d dir(std::cos(a), std::sin(a));
  if (kind == "circles") {
    if (label == 0) return dir;
    if (label == 1) return Eigen::Vector2d(unit(rng) < 0.5 ? -0.6 : 0.6, 0) + 0.5 * dir;
    return 0.5 * Eigen::Vector2d(normal(rng), normal(rng));
  }
  if (kind == "annuli") {
    // Uniform by area between radii r0 and 1.
    const double r0 = label == 0 ? 0.6 : 0.0;
    return std::sqrt(r0 * r0 + (1 - r0 * r0) * unit(rng)) * dir;
  }
  if (kind == "density") return dir;
  throw std::invalid_argument("unknown data set '" + kind + "'; use circles, annuli or density");
}

}  // namespace

int class_count(const std::string& kind) { return kind == "circles" || kind == "series" ? 3 : 2; }

CloudDataset shape_clouds(const std::string& kind, int clouds, int points, double noise,
                          double outliers, std::mt19937_64& rng) {
  const int classes = class_count(kind);
  const int background = static_cast<int>(std::lround(outliers * points));
  std::uniform_real_distribution<double> box(-1.5, 1.5);
  std::normal_distribution<double> normal(0, 1);
  CloudDataset data;
  data.points.resize(static_cast<Eigen::Index>(clouds) * points, 2);
  Eigen::Index row = 0;
  for (int c = 0; c < clouds; ++c) {
    const int label = c % classes;
    data.labels.push_back(label);
    for (int p = 0; p < points; ++p, ++row) {
      Eigen::Vector2d x;
      if (p < background || (kind == "density" && label == 1)) {
        x = Eigen::Vector2d(box(rng), box(rng));
      } else {
        x = on_shape(kind, label, rng) + noise * Eigen::Vector2d(normal(rng), normal(rng));
      }
      data.points.row(row) = x.transpose();
      data.cloud.push_back(c);
    }
  }
  return data;
}

CloudDataset delay_embeddings(int clouds, int points, int dim, double noise, std::mt19937_64& rng) {
  constexpr int kTau = 15;
  constexpr double kStep = 0.1;
  std::normal_distribution<double> normal(0, 1);
  std::uniform_real_distribution<double> phase(0, 2 * std::numbers::pi);
  CloudDataset data;
  data.points.resize(static_cast<Eigen::Index>(clouds) * points, dim);
  Eigen::Index row = 0;
  for (int c = 0; c < clouds; ++c) {
    const int label = c % 3;
    data.labels.push_back(label);
    const double p1 = phase(rng), p2 = phase(rng);
    std::vector<double> series(points + (dim - 1) * kTau);
    for (std::size_t t = 0; t < series.size(); ++t) {
      const double time = kStep * static_cast<double>(t);
      const double clean = label == 0   ? std::sin(time + p1)
                           : label == 1 ? std::sin(time + p1) + std::sin(std::sqrt(2.0) * time + p2)
                                        : normal(rng);
      series[t] = clean + noise * normal(rng);
    }
    for (int p = 0; p < points; ++p, ++row) {
      for (int j = 0; j < dim; ++j) data.points(row, j) = series[p + j * kTau];
      data.cloud.push_back(c);
    }
  }
  return data;
}

}  // namespace assay::flood_bifiltration
