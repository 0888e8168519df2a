// The reader: a small MLP, trained from scratch on the clean corpus, that scores each retrieved
// passage from its words and its retrieval features; the answer is the candidate entity whose
// passages hold most softmax mass. Whatever it trusts (cue words, repetition, retrieval rank) it
// learned from the corpus: nothing in it names a cue.
#pragma once

#include <memory>
#include <vector>

#include "assay/nn/checkpoint.hpp"
#include "assay/nn/mlp.hpp"
#include "bm25_index.hpp"
#include "sandbox.hpp"

namespace assay::search_attacks {

// The passages retrieved for one hop's query (subject, relation), as the reader sees them.
struct ReaderInput {
  nn::Matrix features;          // passages x reader_features()
  std::vector<int> candidates;  // per passage: the entity it claims (last entity not the
                                // subject), -1 when none
};

// words (counts up to 3), then: has subject, subject count / 4, has relation, score / top score,
// rank / k, subject before the candidate.
int reader_features();
ReaderInput read_passages(const Sandbox& sb, int subject, int relation,
                          const std::vector<Hit>& hits,
                          const std::vector<const std::vector<int>*>& texts);

struct ReaderTraining {
  int hidden = 32;
  int steps = 400;
  int batch = 64;
  double lr = 3e-3;
  int k = 5;  // passages retrieved per hop
};

class Reader {
 public:
  Reader(int hidden, nn::Rng& rng);
  explicit Reader(const nn::Checkpoint<float>& checkpoint);
  // Softmax mass per passage (0 for a passage without candidate).
  std::vector<float> passage_mass(const ReaderInput& in) const;
  // The chosen entity (-1 when no passage has a candidate).
  int choose(const ReaderInput& in) const;
  nn::Checkpoint<float> checkpoint() const;

  // Training: mean -log(mass on passages claiming the truth) over a batch of episodes.
  nn::Var<float> loss(nn::Tape<float>& tape, const std::vector<ReaderInput>& batch,
                      const std::vector<int>& truths) const;
  nn::ParameterSet<float>& params() { return *params_; }

 private:
  nn::Var<float> scores(nn::Tape<float>& tape, const std::vector<ReaderInput>& batch) const;
  int hidden_;
  std::unique_ptr<nn::ParameterSet<float>> params_;
  nn::Mlp<float> mlp_;
};

struct TrainedReader {
  nn::Checkpoint<float> checkpoint;
  std::vector<double> loss;  // per step
  double hop_accuracy = 0;   // single-hop accuracy over every fact of the clean corpus
};

// Trains on single-hop episodes: every fact's query, retrieved from the corpus by `index`.
TrainedReader train_reader(const Sandbox& sb, const Bm25Index& index, const ReaderTraining& t,
                           nn::Rng& rng);

// The index of a sandbox's documents.
Bm25Index index_of(const Sandbox& sb);

}  // namespace assay::search_attacks
