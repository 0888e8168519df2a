#include "defender.hpp"

#include "assay/nn/linear.hpp"
#include "assay/nn/optim.hpp"

namespace assay::search_attacks {

void collect_passages(const Environment& env, const Genome& g, const std::vector<int>& questions,
                      LabelledPassages& out) {
  const auto& sb = env.sandbox;
  for (int i : questions) {
    const auto& q = sb.questions[i];
    const int h = targeted_hop(q, g);
    const int subject = h == 0 ? q.start : q.chain[h - 1], relation = q.relations[h];
    const auto docs = injected_documents(sb, q, g);
    std::vector<const std::vector<int>*> added;
    for (const auto& d : docs) added.push_back(&d);
    const auto hits = env.index.top_k({subject, sb.relation_token(relation)}, env.k, added);
    std::vector<const std::vector<int>*> texts;
    for (const auto& hit : hits)
      texts.push_back(hit.document >= env.index.size() ? added[hit.document - env.index.size()]
                                                       : &sb.documents[hit.document].tokens);
    const auto in = read_passages(sb, subject, relation, hits, texts);
    for (std::size_t p = 0; p < hits.size(); ++p) {
      out.rows.push_back(in.features.row(static_cast<nn::Index>(p)));
      out.injected.push_back(hits[p].document >= env.index.size());
    }
  }
}

InjectionFilter::InjectionFilter(const LabelledPassages& data, int steps, double lr, nn::Rng& rng) {
  const auto n = static_cast<nn::Index>(data.rows.size());
  nn::Matrix x(n, reader_features()), y(n, 1), w(n, 1);
  double positives = 0;
  for (float v : data.injected) positives += v;
  for (nn::Index i = 0; i < n; ++i) {
    x.row(i) = data.rows[i];
    y(i, 0) = data.injected[i];
    // Equal total weight per class, so a rare attacker is not ignored.
    w(i, 0) = static_cast<float>(y(i, 0) > 0 ? 0.5 / std::max(1.0, positives)
                                             : 0.5 / std::max(1.0, n - positives));
  }
  nn::ParameterSet<float> params;
  const nn::Linear<float> linear(params, "filter", reader_features(), 1, rng);
  nn::Adam<float> adam(params, {.lr = lr});
  nn::Tape<float> tape;
  for (int s = 0; s < steps; ++s) {
    tape.clear();
    adam.zero_grad();
    tape.backward(nn::bce_with_logits(linear(tape.constant(x)), y, w));
    adam.step();
  }
  weight_ = linear.weight().value.transpose();
  bias_ = linear.bias()->value(0, 0);
}

std::vector<bool> InjectionFilter::keep(const ReaderInput& in) const {
  const nn::Matrix logit = in.features * weight_;
  std::vector<bool> out;
  for (nn::Index i = 0; i < logit.rows(); ++i) out.push_back(logit(i, 0) + bias_ <= 0);
  return out;
}

double InjectionFilter::flagged_share(const LabelledPassages& data, bool injected) const {
  double flagged = 0, total = 0;
  for (std::size_t i = 0; i < data.rows.size(); ++i) {
    if ((data.injected[i] > 0) != injected) continue;
    total += 1;
    flagged += (data.rows[i] * weight_)(0, 0) + bias_ > 0;
  }
  return total > 0 ? flagged / total : 0;
}

}  // namespace assay::search_attacks
