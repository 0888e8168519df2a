// The flood_bifiltration plugin: SDK glue around the science in this folder.
#include <assay/eigen.hpp>
#include <assay/sdk.hpp>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "cloud_features.hpp"
#include "flood_filtration.hpp"
#include "paper_claims.hpp"
#include "point_cloud_data.hpp"
#include "signed_barcode.hpp"
#include "sublevel_flood.hpp"

namespace {

namespace fb = assay::flood_bifiltration;

constexpr const char* kPaper =
    "Seed paper 2: a sublevel Flood bifiltration for scalable 2-parameter persistent homology; "
    "building on F. Graf, P. Pellizzoni, M. Uray, S. Huber, R. Kwitt (2025), The Flood complex: "
    "large-scale persistent homology on millions of points, arXiv:2509.22432";

std::vector<std::int64_t> as_int64(const std::vector<int>& v) { return {v.begin(), v.end()}; }

void check_points(const Eigen::MatrixXd& points) {
  if (points.cols() != 2 && points.cols() != 3)
    throw assay::Error("points: " + std::to_string(points.cols()) +
                       " columns; the Flood complex needs points in R^2 or R^3");
  if (points.rows() < 1) throw assay::Error("points: empty point cloud");
}

// Each method's settings carry a point cloud and the Flood options; the bifiltration methods
// add the (r, s) grid and the codensity's k.
struct FloodSettings {
  Eigen::MatrixXd points;
  fb::FloodOptions flood;
};
struct GridSettings : FloodSettings {
  fb::GridOptions grid;
  int density_k = 10;
};

template <auto member>
auto flood() {
  return [](auto& s) -> auto& { return s.flood.*member; };
}
template <auto member>
auto grid() {
  return [](auto& s) -> auto& { return s.grid.*member; };
}

const auto flood_params = [](auto& m) {
  m.param(flood<&fb::FloodOptions::landmarks>(), "landmarks",
          "farthest-point landmarks; 0 = every point", assay::range(0, 1 << 24))
      .choice(flood<&fb::FloodOptions::mode>(), "radius",
              {{"exact", fb::CoveringMode::exact}, {"sampled", fb::CoveringMode::sampled}},
              "covering radii: exact (Voronoi candidates) or sampled (lower bound)")
      .param(flood<&fb::FloodOptions::resolution>(), "resolution",
             "barycentric grid resolution of the sampled mode", assay::range(1, 256));
};

const auto grid_params = [](auto& m) {
  m.param(&GridSettings::density_k, "density_k", "gamma = distance to the k-th nearest neighbour",
          assay::range(1, 1 << 16))
      .param(grid<&fb::GridOptions::r_steps>(), "r_steps",
             "radius grid size r_i = r_max i / (r_steps - 1)", assay::range(1, 4096))
      .param(grid<&fb::GridOptions::s_steps>(), "s_steps",
             "codensity grid: the (j + 1) / s_steps quantiles of gamma", assay::range(1, 4096))
      .param(grid<&fb::GridOptions::r_max>(), "r_max",
             "largest grid radius (> 0); unset: the largest Flood value at s = max",
             assay::range(std::numeric_limits<double>::min(), 1e300));
};

// ---------------------------------------------------------------------------------------------
struct Diagrams {
  Eigen::MatrixXd h0, h1, h2;
  std::int64_t n_simplices = 0, n_landmarks = 0;
};

Diagrams flood_filtration(const FloodSettings& s) {
  check_points(s.points);
  const auto flood = fb::flood_filtration(s.points, s.flood);
  const auto degree = [&](std::size_t k) {
    return fb::diagram_matrix(flood.diagrams.size() > k ? flood.diagrams[k] : fb::Diagram{});
  };
  return {degree(0), degree(1), degree(2), static_cast<std::int64_t>(flood.flood.complex.size()),
          static_cast<std::int64_t>(flood.flood.landmark_rows.size())};
}

assay::MethodExport flood_filtration_method() {
  return assay::method<FloodSettings, Diagrams>(
             "flood_filtration",
             "Flood filtration: Delaunay complex of landmarks, simplices entering when the balls "
             "around X cover them")
      .cite(kPaper)
      .input(&FloodSettings::points, "points", "n x d point cloud, d = 2 or 3")
      .with(flood_params)
      .output(&Diagrams::h0, "diagram_h0", "k x 2 (birth, death), essential: death = inf")
      .output(&Diagrams::h1, "diagram_h1", "k x 2 (birth, death)")
      .output(&Diagrams::h2, "diagram_h2", "k x 2 (birth, death); empty for d = 2")
      .output(&Diagrams::n_simplices, "n_simplices", "simplices of the Flood complex")
      .output(&Diagrams::n_landmarks, "n_landmarks", "landmarks used")
      .claims(fb::flood_filtration_claims())
      .run(flood_filtration);
}

// ---------------------------------------------------------------------------------------------
struct BifiltrationSettings : GridSettings {
  BifiltrationSettings() { flood.mode = fb::CoveringMode::sampled; }
  std::optional<Eigen::VectorXd> gamma;
};

struct Bifiltration {
  Eigen::MatrixXd hilbert_h0, hilbert_h1, signed_barcode_h0, signed_barcode_h1;
  Eigen::VectorXd r_grid, s_grid, features;
  std::int64_t n_simplices = 0;
};

Eigen::VectorXd as_vector(const std::vector<double>& v) {
  return Eigen::Map<const Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size()));
}

Bifiltration sublevel_flood_bifiltration(const BifiltrationSettings& s) {
  check_points(s.points);
  if (s.gamma && s.gamma->size() != s.points.rows())
    throw assay::Error("gamma: " + std::to_string(s.gamma->size()) + " values for " +
                       std::to_string(s.points.rows()) + " points; connect matching outputs");
  const Eigen::VectorXd gamma = s.gamma ? *s.gamma : fb::knn_codensity(s.points, s.density_k);
  const auto bi = fb::sublevel_flood(s.points, gamma, s.flood, s.grid);
  return {bi.hilbert[0].cast<double>(),
          bi.hilbert[1].cast<double>(),
          fb::signed_barcode(bi.hilbert[0], bi.r_grid, bi.s_grid),
          fb::signed_barcode(bi.hilbert[1], bi.r_grid, bi.s_grid),
          as_vector(bi.r_grid),
          as_vector(bi.s_grid),
          fb::hilbert_features(bi, false),
          static_cast<std::int64_t>(bi.flood.complex.size())};
}

assay::MethodExport bifiltration_method() {
  return assay::method<BifiltrationSettings, Bifiltration>(
             "sublevel_flood_bifiltration",
             "Sublevel Flood bifiltration over (radius r, codensity s): Hilbert functions, "
             "signed barcodes and a feature vector")
      .cite(kPaper)
      .input(&BifiltrationSettings::points, "points", "n x d point cloud, d = 2 or 3")
      .input(&BifiltrationSettings::gamma, "gamma",
             "n values of the function on X; default: k-NN codensity")
      .with(flood_params)
      .with(grid_params)
      .output(&Bifiltration::hilbert_h0, "hilbert_h0", "r_steps x s_steps: dim H0(Flood(r_i, s_j))")
      .output(&Bifiltration::hilbert_h1, "hilbert_h1", "r_steps x s_steps: dim H1(Flood(r_i, s_j))")
      .output(&Bifiltration::signed_barcode_h0, "signed_barcode_h0",
              "rows (r, s, multiplicity): Moebius inversion")
      .output(&Bifiltration::signed_barcode_h1, "signed_barcode_h1", "rows (r, s, multiplicity)")
      .output(&Bifiltration::r_grid, "r_grid", "radius grid")
      .output(&Bifiltration::s_grid, "s_grid", "codensity grid")
      .output(&Bifiltration::features, "features",
              "Hilbert functions of H0 and H1, column by column")
      .output(&Bifiltration::n_simplices, "n_simplices", "simplices of the Flood complex")
      .claims(fb::bifiltration_claims())
      .run(sublevel_flood_bifiltration);
}

// ---------------------------------------------------------------------------------------------
struct CloudSettings {
  std::string dataset = "density";
  int clouds = 60, points = 200;
  double noise = 0.05, outliers = 0.3;
  int dim = 2;
};

struct Clouds {
  Eigen::MatrixXd points;
  std::vector<std::int64_t> cloud, labels;
};

Clouds flood_point_clouds(const CloudSettings& s, assay::Context& ctx) {
  auto rng = ctx.rng();
  const auto data = s.dataset == "series"
                        ? fb::delay_embeddings(s.clouds, s.points, s.dim, s.noise, rng)
                        : fb::shape_clouds(s.dataset, s.clouds, s.points, s.noise, s.outliers, rng);
  return {data.points, as_int64(data.cloud), as_int64(data.labels)};
}

assay::MethodExport point_clouds_method() {
  return assay::method<CloudSettings, Clouds>(
             "flood_point_clouds",
             "Labelled point clouds: circles/annuli/density classes with background outliers, or "
             "delay embeddings of periodic, quasi-periodic and noise series")
      .cite(kPaper)
      .choice(&CloudSettings::dataset, "dataset", {"circles", "annuli", "density", "series"},
              "which data set (see README.md)")
      .param(&CloudSettings::clouds, "clouds",
             "number of clouds (labels cycle through the classes)", assay::range(1, 1 << 20))
      .param(&CloudSettings::points, "points", "points per cloud", assay::range(4, 1 << 22))
      .param(&CloudSettings::noise, "noise", "Gaussian noise sd on the shapes / series",
             assay::range(0, 1e6))
      .param(&CloudSettings::outliers, "outliers",
             "fraction of uniform background points (shape data sets)", assay::range(0, 1))
      .param(&CloudSettings::dim, "dim", "delay-embedding dimension (series)", assay::range(2, 3))
      .output(&Clouds::points, "points", "all clouds stacked, one point per row")
      .output(&Clouds::cloud, "cloud", "cloud index of each row")
      .output(&Clouds::labels, "labels", "label of each cloud")
      .run(flood_point_clouds);
}

// ---------------------------------------------------------------------------------------------
struct FeatureSettings : GridSettings {
  FeatureSettings() { flood = {40, fb::CoveringMode::sampled, flood.resolution}; }
  std::vector<std::int64_t> cloud;
  std::string parameters = "two";
};

struct Features {
  Eigen::MatrixXd features;
};

std::vector<int> cloud_ids(const FeatureSettings& s) {
  std::vector<int> ids;
  for (auto c : s.cloud) {
    if (c < 0 || c >= s.points.rows())
      throw assay::Error("cloud: index " + std::to_string(c) + " out of range; use 0, 1, ...");
    ids.push_back(static_cast<int>(c));
  }
  if (ids.size() != static_cast<std::size_t>(s.points.rows()))
    throw assay::Error("cloud: " + std::to_string(ids.size()) + " entries for " +
                       std::to_string(s.points.rows()) + " points; connect matching outputs");
  return ids;
}

Features flood_bifiltration_features(const FeatureSettings& s) {
  check_points(s.points);
  const auto f = fb::cloud_features(s.points, cloud_ids(s), s.flood, s.grid, s.density_k);
  return {s.parameters == "two" ? f.bifiltration : f.one_parameter};
}

assay::MethodExport features_method() {
  return assay::method<FeatureSettings, Features>(
             "flood_bifiltration_features",
             "Per-cloud feature vectors: bifiltration Hilbert functions or the 1-parameter Flood "
             "Betti curves")
      .cite(kPaper)
      .input(&FeatureSettings::points, "points", "clouds stacked, one point per row")
      .input(&FeatureSettings::cloud, "cloud", "cloud index of each row")
      .with(flood_params)
      .with(grid_params)
      .choice(&FeatureSettings::parameters, "parameters", {"two", "one"},
              "two: Hilbert functions over (r, s); one: the s = max column only (Flood)")
      .output(&Features::features, "features", "clouds x features")
      .claims(fb::features_claims())
      .run(flood_bifiltration_features);
}

}  // namespace

ASSAY_PLUGIN("flood_bifiltration", "0.1.0", "GPL-3.0-or-later", flood_filtration_method(),
             bifiltration_method(), point_clouds_method(), features_method())
