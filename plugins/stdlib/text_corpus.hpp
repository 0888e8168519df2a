// A text corpus: documents cut from a source's files, split into train/validation/test by
// a hash of each document's content.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "text_sources.hpp"

namespace assay::stdlib {

// One document and where it came from: "file" for a whole file, "file:N" for the N-th
// (from 0) document of a file.
struct Document {
  std::string text;
  std::string origin;
};

// How a source's files are cut into documents: fortune files at lines holding only "%",
// the word list at line ends, source code and user files one document per file.
std::vector<Document> documents_of(TextSource source, const std::vector<SourceFile>& files);

enum class Split { train, validation, test };

// The split of a document: u = (first 8 bytes of SHA-256(text), big-endian) / 2^64;
// train if u < train_fraction, validation if u < train_fraction + validation_fraction, else
// test. It depends on the content alone, so adding or removing other documents moves none,
// and equal documents always share a split.
Split split_of(const std::string& text, double train_fraction, double validation_fraction);

struct TextCorpus {
  std::vector<Document> train, validation, test;  // each in read order
  std::string content_hash;  // SHA-256 over (name, bytes) of every file read, in order
  std::size_t bytes_read = 0;
  std::size_t files_read = 0;
};

struct CorpusOptions {
  TextSource source = TextSource::fortunes_min;
  std::optional<std::string> root;  // unset: the source's Debian location
  double train_fraction = 0.8;
  double validation_fraction = 0.1;
};

TextCorpus read_text_corpus(const CorpusOptions& options);

}  // namespace assay::stdlib
