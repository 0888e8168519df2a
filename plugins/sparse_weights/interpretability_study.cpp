#include "interpretability_study.hpp"

#include "concentration.hpp"

namespace assay::sparse_weights {

ModelAnalysis analyze_model(Network& net, const std::vector<TokenWindow>& fit,
                            const std::vector<TokenWindow>& heldout, const AnalysisOptions& options,
                            nn::Rng& rng) {
  std::vector<TokenWindow> all = fit;
  all.insert(all.end(), heldout.begin(), heldout.end());
  ModelAnalysis a;
  a.sampled = sample_weights(circuit_weights(net), options.sampled_weights, rng);
  const auto screen = screen_importance(net, all, a.sampled);
  const auto fit_latents = window_latents(fit), heldout_latents = window_latents(heldout);
  const auto n_fit = static_cast<Eigen::Index>(fit_latents.size());
  const Eigen::MatrixXf fit_part = screen.per_token.leftCols(n_fit);
  const Eigen::MatrixXf heldout_part = screen.per_token.rightCols(screen.per_token.cols() - n_fit);
  a.explained =
      explain_weights(fit_part, heldout_part, fit_latents, heldout_latents, options.explainer, rng);
  a.gini_weights = gini(screen.mean_importance);
  a.gini_tokens = mean_row_gini(screen.per_token);
  return a;
}

AnalysisSplit analysis_split(const std::vector<std::string>& documents) {
  std::vector<std::string> halves[2];
  for (std::size_t i = 0; i < documents.size(); ++i) halves[i % 2].push_back(documents[i]);
  return {code_corpus(halves[0]), code_corpus(halves[1])};
}

std::vector<ModelRow> study_seed(const StudyCorpus& corpus, const StudyOptions& o,
                                 std::uint64_t seed) {
  const auto train = code_corpus(corpus.train, false);
  const auto validation = code_corpus(corpus.validation, false);
  const auto split = analysis_split(corpus.analysis);
  const auto fit = spread_windows(split.fit, o.analysis.windows, o.shape.context);
  const auto heldout = spread_windows(split.heldout, o.analysis.windows, o.shape.context);
  std::vector<ModelRow> rows;
  int k = 0;
  for (auto kind : {ModelKind::sparse, ModelKind::dense, ModelKind::dense_matched}) {
    nn::Rng rng(seed * 1000003 + static_cast<std::uint64_t>(k++));
    const auto model =
        train_sparse_transformer(kind, o.shape, o.sparsity, o.train, train, validation, rng, seed);
    auto net = load_network(model.checkpoint);
    const auto a = analyze_model(*net, fit, heldout, o.analysis, rng);
    rows.push_back({kind, static_cast<int>(model.width), model.nonzero, model.eval_loss,
                    a.explained.interpretable_fraction, a.explained.mean_f1,
                    a.explained.mean_null_f1, a.explained.threshold, a.gini_weights,
                    a.gini_tokens});
  }
  return rows;
}

}  // namespace assay::sparse_weights
