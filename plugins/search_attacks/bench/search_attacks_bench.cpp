// Rollouts per second of the scripted agent (BM25 retrieval + reader per hop) under an attack,
// on the default sandbox. Writes the corpus, the rollouts (question and injected documents) and
// the reader's weights to DIR so peer.py runs exactly the same rollouts, then prints
// "rollouts_per_s X answers A" (A: the answers, comma-separated, for the agreement check).
//   bench_search_attacks DIR [REPEATS]
#include <algorithm>
#include <chrono>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <string>

#include "attack_genome.hpp"

namespace sa = assay::search_attacks;

namespace {

void write_tokens(std::ofstream& out, const std::vector<int>& tokens) {
  for (std::size_t i = 0; i < tokens.size(); ++i) out << (i ? " " : "") << tokens[i];
  out << "\n";
}

void write_matrix(std::ofstream& out, const assay::nn::Matrix& m) {
  out << m.rows() << " " << m.cols() << "\n";
  for (assay::nn::Index i = 0; i < m.rows(); ++i)
    for (assay::nn::Index j = 0; j < m.cols(); ++j)
      out << m(i, j) << (j + 1 < m.cols() ? " " : "\n");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: bench_search_attacks DIR [REPEATS]\n";
    return 2;
  }
  const std::string dir = argv[1];
  const int repeats = argc > 2 ? std::stoi(argv[2]) : 5;
  assay::nn::Rng rng(1);
  const auto sb = sa::make_sandbox({}, rng);
  const auto index = sa::index_of(sb);
  sa::ReaderTraining t;
  t.steps = 200;
  sa::Reader reader(sa::train_reader(sb, index, t, rng).checkpoint);
  const sa::Environment env{sb, index, reader, t.k, {}};
  const sa::Genome genome{2, 1, 1, 1, 0, 1, 1, 2};
  std::vector<std::vector<std::vector<int>>> injected;
  for (const auto& q : sb.questions) injected.push_back(sa::injected_documents(sb, q, genome));

  std::ofstream docs(dir + "/documents.txt"), rollouts(dir + "/rollouts.txt"),
      weights(dir + "/reader.txt");
  weights << std::setprecision(9);
  docs << sb.entities() << " " << sb.settings.relations << " " << sb.vocabulary() << " " << t.k
       << "\n";
  for (const auto& d : sb.documents) write_tokens(docs, d.tokens);
  for (std::size_t i = 0; i < sb.questions.size(); ++i) {
    const auto& q = sb.questions[i];
    std::vector<int> head = {q.start, static_cast<int>(injected[i].size())};
    head.insert(head.end(), q.relations.begin(), q.relations.end());
    write_tokens(rollouts, head);
    for (const auto& d : injected[i]) write_tokens(rollouts, d);
  }
  const auto ck = reader.checkpoint();
  for (const auto& p : ck.params) {
    assay::nn::Matrix m(p.shape[0], p.shape[1]);
    std::copy(p.data.begin(), p.data.end(), m.data());
    weights << p.name << "\n";
    write_matrix(weights, m);
  }
  docs.close(), rollouts.close(), weights.close();

  std::vector<int> answers;
  std::vector<double> rates;
  for (int r = 0; r < repeats; ++r) {
    answers.clear();
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < sb.questions.size(); ++i)
      answers.push_back(sa::run_agent(env, sb.questions[i], injected[i]).answer);
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    rates.push_back(static_cast<double>(sb.questions.size()) / s);
  }
  std::sort(rates.begin(), rates.end());
  std::cout << "rollouts_per_s " << rates[rates.size() / 2] << " answers ";
  for (std::size_t i = 0; i < answers.size(); ++i) std::cout << (i ? "," : "") << answers[i];
  std::cout << "\n";
}
