// The comparison the paper makes, end to end: train a sparse model and its two dense controls
// on the same Python code, screen their circuit weights' importance on the same fit and
// held-out windows, explain a fixed-size sample of each model's nonzero weights, and measure
// how many are interpretable and how concentrated importance is.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "code_corpus.hpp"
#include "sparse_transformer.hpp"
#include "weight_explainer.hpp"
#include "weight_importance.hpp"

namespace assay::sparse_weights {

struct AnalysisOptions {
  int windows = 16;           // per split
  int sampled_weights = 256;  // explained per model
  ExplainerOptions explainer;
};

struct ModelAnalysis {
  ExplainerResult explained;
  std::vector<WeightRef> sampled;
  double gini_weights = 0;  // Gini over all circuit weights of their mean importance
  double gini_tokens = 0;   // mean over sampled weights of the Gini across tokens
};

// Fit windows come first in the screen's token order, then the held-out ones.
ModelAnalysis analyze_model(Network& net, const std::vector<TokenWindow>& fit,
                            const std::vector<TokenWindow>& heldout, const AnalysisOptions& options,
                            nn::Rng& rng);

// Documents split into the fit and held-out halves of the analysis: even and odd positions.
struct AnalysisSplit {
  CodeCorpus fit, heldout;
};
AnalysisSplit analysis_split(const std::vector<std::string>& documents);

struct StudyOptions {
  ShapeOptions shape;
  SparsityOptions sparsity;
  TrainOptions train;
  AnalysisOptions analysis;
};

struct ModelRow {
  ModelKind kind = ModelKind::sparse;
  int width = 0;
  nn::Index nonzero = 0;
  double eval_loss = 0;
  double interpretable_fraction = 0, mean_f1 = 0, mean_null_f1 = 0, threshold = 0;
  double gini_weights = 0, gini_tokens = 0;
};

// The three models of one seed, on documents split in three: training, validation (the
// evaluation loss) and analysis.
struct StudyCorpus {
  std::vector<std::string> train, validation, analysis;
};
std::vector<ModelRow> study_seed(const StudyCorpus& corpus, const StudyOptions& options,
                                 std::uint64_t seed);

}  // namespace assay::sparse_weights
