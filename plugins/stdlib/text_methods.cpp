// Glue: the text methods' params and ports, and the calls into the science.
#include "text_methods.hpp"

#include <assay/sdk.hpp>
#include <functional>

#include "bpe_tokenizer.hpp"
#include "char_tokenizer.hpp"
#include "text_corpus.hpp"
#include "token_windows.hpp"
#include "tokenized_corpus.hpp"

namespace assay::stdlib {

namespace {

IntArray ids_array(std::vector<std::int64_t> ids) { return {{ids.size()}, std::move(ids)}; }

// ---------------------------------------------------------------------------------------------
struct CorpusSplits {
  TextCorpus corpus;
  std::int64_t train_documents = 0, validation_documents = 0, test_documents = 0;
};

CorpusSplits text_corpus(const CorpusOptions& o) {
  if (o.train_fraction + o.validation_fraction > 1)
    throw Error("validation_fraction: train_fraction + validation_fraction exceeds 1; lower one");
  CorpusSplits out{read_text_corpus(o)};
  out.train_documents = static_cast<std::int64_t>(out.corpus.train.size());
  out.validation_documents = static_cast<std::int64_t>(out.corpus.validation.size());
  out.test_documents = static_cast<std::int64_t>(out.corpus.test.size());
  return out;
}

std::vector<std::pair<std::string, TextSource>> text_sources() {
  std::vector<std::pair<std::string, TextSource>> out;
  for (const char* name : {"fortunes", "fortunes-min", "python-stdlib", "words", "files"})
    out.emplace_back(name, text_source_named(name));
  return out;
}

template <class Member>
auto corpus(Member member) {
  return [member](auto& s) -> auto& { return s.corpus.*member; };
}

}  // namespace

MethodExport text_corpus_method() {
  const auto documents =
      columns<Document>().column(&Document::text, "text").column(&Document::origin, "origin");
  using C = CorpusSplits;
  using T = TextCorpus;
  return method<CorpusOptions, C>("text_corpus",
                                  "Documents of a Debian text corpus or of your files, split into "
                                  "train, validation and test by a hash of each document")
      .choice(&CorpusOptions::source, "source", text_sources(),
              "fortunes (43 files, package fortunes), fortunes-min (3 files), python-stdlib "
              "(Python 3.11's .py files outside test/), words (wamerican), files (path)")
      .param(&CorpusOptions::root, "path",
             "folder (file for words) to read instead of the package's; for files: a file, or "
             "a folder whose every file is a document; unset: the package's files")
      .param(&CorpusOptions::train_fraction, "train_fraction",
             "expected share of documents in train", range(0, 1))
      .param(&CorpusOptions::validation_fraction, "validation_fraction",
             "expected share in validation (test takes the rest)", range(0, 1))
      .output(corpus(&T::train), "train",
              "train documents: columns text (UTF-8) and origin (file:index)", documents)
      .output(corpus(&T::validation), "validation", "validation documents, same columns", documents)
      .output(corpus(&T::test), "test", "test documents, same columns", documents)
      .provenance_output(
          corpus(&T::content_hash), "content_hash",
          "sha256 over the name and bytes of every file read, in order: which corpus "
          "version the run saw")
      .output(corpus(&T::files_read), "files_read", "number of files read")
      .output(corpus(&T::bytes_read), "bytes_read", "number of bytes read")
      .output(&C::train_documents, "train_documents", "documents in train")
      .output(&C::validation_documents, "validation_documents", "documents in validation")
      .output(&C::test_documents, "test_documents", "documents in test")
      .run(text_corpus);
}

namespace {

// ---------------------------------------------------------------------------------------------
// The three splits of text_corpus, as the tokenizers' inputs.
struct Splits {
  Table train, validation, test;
};

std::vector<std::string> document_texts(const Table& table, const char* port) {
  for (std::size_t i = 0; i < table.names.size(); ++i)
    if (table.names[i] == "text")
      if (const auto* texts = std::get_if<std::vector<std::string>>(&table.columns[i]))
        return *texts;
  throw Error(std::string(port) +
              ": the table has no string column `text`; connect a text_corpus split");
}

struct Piece {
  std::int64_t id = 0;
  std::string piece;
};

struct Tokenized {
  IntArray model;
  IntArray train_ids, validation_ids, test_ids;
  std::int64_t vocab_size = 0, end_of_document = 0, unknown_id = 0;
  std::int64_t unknown_tokens = 0, round_trip_failures = 0;
  std::vector<Piece> pieces;
};

// Encodes the three splits and fills the outputs common to both tokenizers.
template <class Tokenizer>
Tokenized encoded(const Tokenizer& tokenizer, const std::vector<std::string>& train,
                  const Splits& splits, IntArray model) {
  Tokenized out;
  out.model = std::move(model);
  const auto validation = document_texts(splits.validation, "validation");
  const auto test = document_texts(splits.test, "test");
  const std::pair<const std::vector<std::string>*, IntArray*> parts[] = {
      {&train, &out.train_ids}, {&validation, &out.validation_ids}, {&test, &out.test_ids}};
  for (const auto& [texts, ids] : parts) {
    auto e = encode_documents(tokenizer, *texts);
    out.unknown_tokens += e.unknown;
    out.round_trip_failures += e.not_round_tripped;
    *ids = ids_array(std::move(e.ids));
  }
  out.vocab_size = tokenizer.vocab_size();
  out.end_of_document = Tokenizer::end_of_document_id;
  out.unknown_id = Tokenizer::unknown_id;
  for (std::int64_t i = 0; i < tokenizer.vocab_size(); ++i)
    out.pieces.push_back({i, tokenizer.piece(i)});
  return out;
}

// Declares the split inputs and the outputs common to both tokenizers; In has a Splits
// member `splits`.
const auto tokenizer_ports = [](auto& m) {
  m.input(
       [](auto& s) -> auto& { return s.splits.train; }, "train", "train documents (text_corpus)")
      .input(
          [](auto& s) -> auto& { return s.splits.validation; }, "validation",
          "validation documents (text_corpus)")
      .input(
          [](auto& s) -> auto& { return s.splits.test; }, "test", "test documents (text_corpus)")
      .output(&Tokenized::train_ids, "train_ids",
              "train token ids, the end-of-document id after each")
      .output(&Tokenized::validation_ids, "validation_ids",
              "validation token ids, the end-of-document id after each")
      .output(&Tokenized::test_ids, "test_ids", "test token ids, the end-of-document id after each")
      .output(&Tokenized::vocab_size, "vocab_size", "ids are in [0, vocab_size)")
      .output(&Tokenized::end_of_document, "end_of_document", "the id that ends each document")
      .output(&Tokenized::unknown_id, "unknown_id", "the id of characters outside the vocabulary")
      .output(&Tokenized::unknown_tokens, "unknown_tokens", "unknown ids over all three splits")
      .output(&Tokenized::round_trip_failures, "round_trip_failures",
              "documents of the three splits that do not decode back to themselves")
      .output(&Tokenized::pieces, "pieces", "id and piece (text) of every vocabulary entry",
              columns<Piece>().column(&Piece::id, "id").column(&Piece::piece, "piece"));
};

struct CharSettings {
  Splits splits;
};

Tokenized char_tokenizer(const CharSettings& s) {
  const auto train = document_texts(s.splits.train, "train");
  const auto tokenizer = CharTokenizer::train(train);
  return encoded(tokenizer, train, s.splits, ids_array(tokenizer.vocabulary()));
}

}  // namespace

MethodExport char_tokenizer_method() {
  return method<CharSettings, Tokenized>("char_tokenizer",
                                         "Character-level token ids: one per code point seen in "
                                         "train, 0 unknown, 1 end of document")
      .output(&Tokenized::model, "model", "the vocabulary: code point of id 2, 3, ... (sorted)")
      .with(tokenizer_ports)
      .run(char_tokenizer);
}

namespace {

struct BpeSettings {
  BpeOptions options;
  Splits splits;
};

Tokenized bpe_tokenizer(const BpeSettings& s) {
  const auto train = document_texts(s.splits.train, "train");
  const auto tokenizer = BpeTokenizer::train(train, s.options);
  std::vector<std::int64_t> model;
  for (unsigned char byte : tokenizer.model()) model.push_back(byte);
  return encoded(tokenizer, train, s.splits, ids_array(std::move(model)));
}

template <class Member>
auto bpe(Member member) {
  return [member](auto& s) -> auto& { return s.options.*member; };
}

}  // namespace

MethodExport bpe_tokenizer_method() {
  return method<BpeSettings, Tokenized>(
             "bpe_tokenizer",
             "SentencePiece BPE trained single-threaded on train; token ids of every split")
      .param(bpe(&BpeOptions::vocab_size), "vocab_size",
             "vocabulary size (byte fallback needs at least 256 + the covered characters + 3)",
             range(8, 1 << 20))
      .param(bpe(&BpeOptions::character_coverage), "character_coverage",
             "share of train's characters the vocabulary covers", range(0.5, 1))
      .param(bpe(&BpeOptions::split_digits), "split_digits", "every digit its own piece")
      .param(bpe(&BpeOptions::byte_fallback), "byte_fallback",
             "characters outside the vocabulary become UTF-8 byte pieces, not <unk>")
      .output(&Tokenized::model, "model",
              "the SentencePiece model proto, one byte (0-255) per element: it is binary, and "
              "HDF5 strings must be UTF-8")
      .with(tokenizer_ports)
      .run(bpe_tokenizer);
}

namespace {

// ---------------------------------------------------------------------------------------------
struct DecodeSettings {
  std::string tokenizer = "bpe";
  IntArray model, ids;
};

struct Decoded {
  std::vector<std::string> documents;
};

std::string model_bytes(const IntArray& model) {
  std::string bytes;
  for (auto b : model.data) {
    if (b < 0 || b > 255)
      throw Error("model: " + std::to_string(b) +
                  " is not a byte; connect bpe_tokenizer's model output");
    bytes += static_cast<char>(b);
  }
  return bytes;
}

Decoded decode_tokens(const DecodeSettings& s) {
  if (s.tokenizer == "bpe")
    return {decode_documents(BpeTokenizer::from_model(model_bytes(s.model)), s.ids.data)};
  return {decode_documents(CharTokenizer::from_code_points(s.model.data), s.ids.data)};
}

}  // namespace

MethodExport decode_tokens_method() {
  return method<DecodeSettings, Decoded>("decode_tokens",
                                         "Documents back from token ids and the tokenizer's model")
      .choice(&DecodeSettings::tokenizer, "tokenizer", {"bpe", "char"},
              "which method wrote the model: bpe_tokenizer or char_tokenizer")
      .input(&DecodeSettings::model, "model", "the tokenizer's model output")
      .input(&DecodeSettings::ids, "ids", "token ids, e.g. a tokenizer's test_ids")
      .output(&Decoded::documents, "documents",
              "column text: one document per run of ids ended by end-of-document",
              columns<std::string>().column(std::identity{}, "text"))
      .run(decode_tokens);
}

namespace {

// ---------------------------------------------------------------------------------------------
struct WindowSettings {
  int length = 128;
  int windows = 1024;
  IntArray ids;
};

struct Windows {
  IntArray inputs, targets, starts;
};

Windows token_batches(const WindowSettings& s, Context& ctx) {
  auto rng = ctx.rng();
  auto w = sample_token_windows(s.ids.data, s.length, s.windows, rng);
  const std::vector<std::size_t> shape = {static_cast<std::size_t>(w.count),
                                          static_cast<std::size_t>(w.length)};
  return {{shape, std::move(w.inputs)}, {shape, std::move(w.targets)}, ids_array(w.starts)};
}

}  // namespace

MethodExport token_batches_method() {
  return method<WindowSettings, Windows>("token_batches",
                                         "Training windows of length T from a token stream, at "
                                         "starts drawn from the node's seed")
      .param(&WindowSettings::length, "length", "window length T", range(1, 1 << 20))
      .param(&WindowSettings::windows, "windows", "number of windows", range(1, 1 << 24))
      .input(&WindowSettings::ids, "ids", "token ids (e.g. a tokenizer's train_ids)")
      .output(&Windows::inputs, "inputs", "windows x T: ids[start .. start + T)")
      .output(&Windows::targets, "targets",
              "windows x T: ids[start + 1 .. start + T], the next tokens")
      .output(&Windows::starts, "starts", "the window starts, uniform on [0, n - T - 1]")
      .run(token_batches);
}

}  // namespace assay::stdlib
