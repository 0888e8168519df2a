#include "text_corpus.hpp"

#include <algorithm>
#include <cstdint>
#include <string_view>

#include "content_hash.hpp"

namespace assay::stdlib {

namespace {

// Calls visit(begin, content_end, next) for each line of text: [begin, content_end) is the
// line without its newline, next is where the following line starts.
template <class Visit>
void for_each_line(std::string_view text, Visit visit) {
  for (std::size_t begin = 0; begin < text.size();) {
    const auto eol = std::min(text.find('\n', begin), text.size());
    const auto next = std::min(eol + 1, text.size());
    visit(begin, eol, next);
    begin = next;
  }
}

void add_piece(const SourceFile& file, std::size_t begin, std::size_t end, int& pieces,
               std::vector<Document>& out) {
  if (end > begin)
    out.push_back(
        {file.bytes.substr(begin, end - begin), file.name + ":" + std::to_string(pieces++)});
}

// The text between lines that hold only `separator` (each piece keeps its final newline).
void cut_at_separator_lines(const SourceFile& file, std::string_view separator,
                            std::vector<Document>& out) {
  const std::string_view text = file.bytes;
  std::size_t start = 0;
  int pieces = 0;
  for_each_line(text, [&](std::size_t begin, std::size_t end, std::size_t next) {
    if (text.substr(begin, end - begin) != separator) return;
    add_piece(file, start, begin, pieces, out);
    start = next;
  });
  add_piece(file, start, text.size(), pieces, out);
}

// Each non-empty line, without its newline.
void cut_lines(const SourceFile& file, std::vector<Document>& out) {
  int pieces = 0;
  for_each_line(file.bytes, [&](std::size_t begin, std::size_t end, std::size_t) {
    add_piece(file, begin, end, pieces, out);
  });
}

}  // namespace

std::vector<Document> documents_of(TextSource source, const std::vector<SourceFile>& files) {
  std::vector<Document> documents;
  for (const auto& file : files) {
    switch (source) {
      case TextSource::fortunes:
      case TextSource::fortunes_min:
        cut_at_separator_lines(file, "%", documents);
        break;
      case TextSource::words:
        cut_lines(file, documents);
        break;
      case TextSource::python_stdlib:
      case TextSource::files:
        if (!file.bytes.empty()) documents.push_back({file.bytes, file.name});
        break;
    }
  }
  return documents;
}

Split split_of(const std::string& text, double train_fraction, double validation_fraction) {
  const double u = static_cast<double>(sha256_prefix(text)) * 0x1p-64;
  if (u < train_fraction) return Split::train;
  if (u < train_fraction + validation_fraction) return Split::validation;
  return Split::test;
}

TextCorpus read_text_corpus(const CorpusOptions& options) {
  const auto root = options.root.value_or(default_text_root(options.source));
  const auto files = read_text_source(options.source, root);
  TextCorpus corpus;
  ContentHash hash;
  for (const auto& file : files) {
    hash.add_named(file.name, file.bytes);
    corpus.bytes_read += file.bytes.size();
  }
  corpus.files_read = files.size();
  corpus.content_hash = hash.finish();
  for (auto& doc : documents_of(options.source, files)) {
    switch (split_of(doc.text, options.train_fraction, options.validation_fraction)) {
      case Split::train:
        corpus.train.push_back(std::move(doc));
        break;
      case Split::validation:
        corpus.validation.push_back(std::move(doc));
        break;
      case Split::test:
        corpus.test.push_back(std::move(doc));
        break;
    }
  }
  return corpus;
}

}  // namespace assay::stdlib
