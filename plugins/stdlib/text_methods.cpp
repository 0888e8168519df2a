// Glue: the text methods' params and ports, and the calls into the science.
#include "text_methods.hpp"

#include <assay/sdk.hpp>

#include "bpe_tokenizer.hpp"
#include "char_tokenizer.hpp"
#include "text_corpus.hpp"
#include "token_windows.hpp"
#include "tokenized_corpus.hpp"

namespace assay::stdlib {

namespace {

constexpr const char* splits[] = {"train", "validation", "test"};

Table documents_table(const std::vector<Document>& documents) {
  std::vector<std::string> text, origin;
  for (const auto& d : documents) {
    text.push_back(d.text);
    origin.push_back(d.origin);
  }
  Table t;
  t.add("text", std::move(text)).add("origin", std::move(origin));
  return t;
}

std::vector<std::string> document_texts(const Context& ctx, const char* port) {
  const auto table = ctx.input<Table>(port);
  for (std::size_t i = 0; i < table.names.size(); ++i)
    if (table.names[i] == "text")
      if (const auto* texts = std::get_if<std::vector<std::string>>(&table.columns[i]))
        return *texts;
  throw Error(std::string(port) +
              ": the table has no string column `text`; connect a text_corpus split");
}

IntArray ids_array(std::vector<std::int64_t> ids) { return {{ids.size()}, std::move(ids)}; }

MethodInfo text_corpus_info() {
  return method("text_corpus",
                "Documents of a Debian text corpus or of your files, split into train, "
                "validation and test by a hash of each document")
      .choice("source", "fortunes-min",
              {"fortunes", "fortunes-min", "python-stdlib", "words", "files"},
              "fortunes (43 files, package fortunes), fortunes-min (3 files), python-stdlib "
              "(Python 3.11's .py files outside test/), words (wamerican), files (path)")
      .param("path", "",
             "folder (file for words) to read instead of the package's; for files: a file, or "
             "a folder whose every file is a document")
      .param<double>("train_fraction", 0.8, "expected share of documents in train", range(0, 1))
      .param<double>("validation_fraction", 0.1,
                     "expected share in validation (test takes the rest)", range(0, 1))
      .output<Table>("train", "train documents: columns text (UTF-8) and origin (file:index)")
      .output<Table>("validation", "validation documents, same columns")
      .output<Table>("test", "test documents, same columns")
      .output<std::string>("content_hash",
                           "sha256 over the name and bytes of every file read, in order: which "
                           "corpus version the run saw")
      .output<std::int64_t>("files_read", "number of files read")
      .output<std::int64_t>("bytes_read", "number of bytes read")
      .output<std::int64_t>("train_documents", "documents in train")
      .output<std::int64_t>("validation_documents", "documents in validation")
      .output<std::int64_t>("test_documents", "documents in test");
}

void text_corpus(Context& ctx) {
  CorpusOptions o;
  o.source = text_source_named(ctx.param<std::string>("source"));
  o.root = ctx.param<std::string>("path");
  o.train_fraction = ctx.param<double>("train_fraction");
  o.validation_fraction = ctx.param<double>("validation_fraction");
  if (o.train_fraction + o.validation_fraction > 1)
    throw Error("validation_fraction: train_fraction + validation_fraction exceeds 1; lower one");
  const auto corpus = read_text_corpus(o);
  ctx.output("content_hash", corpus.content_hash);
  ctx.output("files_read", static_cast<std::int64_t>(corpus.files_read));
  ctx.output("bytes_read", static_cast<std::int64_t>(corpus.bytes_read));
  const std::vector<Document>* parts[] = {&corpus.train, &corpus.validation, &corpus.test};
  for (int s = 0; s < 3; ++s) {
    ctx.output(std::string(splits[s]) + "_documents", static_cast<std::int64_t>(parts[s]->size()));
    ctx.output(splits[s], documents_table(*parts[s]));
  }
}

MethodInfo& tokenizer_ports(MethodInfo& info) {
  for (const char* s : splits) info.input<Table>(s, std::string(s) + " documents (text_corpus)");
  for (const char* s : splits)
    info.output<IntArray>(std::string(s) + "_ids",
                          std::string(s) + " token ids, the end-of-document id after each");
  return info.output<std::int64_t>("vocab_size", "ids are in [0, vocab_size)")
      .output<std::int64_t>("end_of_document", "the id that ends each document")
      .output<std::int64_t>("unknown_id", "the id of characters outside the vocabulary")
      .output<std::int64_t>("unknown_tokens", "unknown ids over all three splits")
      .output<std::int64_t>("round_trip_failures",
                            "documents of the three splits that do not decode back to themselves")
      .output<Table>("pieces", "id and piece (text) of every vocabulary entry");
}

// Encodes the three input splits and writes the outputs common to both tokenizers.
template <class Tokenizer>
void write_encoded(Context& ctx, const Tokenizer& tokenizer,
                   const std::vector<std::string>& train) {
  std::int64_t unknown = 0, failures = 0;
  for (const char* s : splits) {
    auto encoded = encode_documents(tokenizer, s == splits[0] ? train : document_texts(ctx, s));
    unknown += encoded.unknown;
    failures += encoded.not_round_tripped;
    ctx.output(std::string(s) + "_ids", ids_array(std::move(encoded.ids)));
  }
  ctx.output("vocab_size", tokenizer.vocab_size());
  ctx.output("end_of_document", Tokenizer::end_of_document_id);
  ctx.output("unknown_id", Tokenizer::unknown_id);
  ctx.output("unknown_tokens", unknown);
  ctx.output("round_trip_failures", failures);
  std::vector<std::int64_t> id;
  std::vector<std::string> piece;
  for (std::int64_t i = 0; i < tokenizer.vocab_size(); ++i) {
    id.push_back(i);
    piece.push_back(tokenizer.piece(i));
  }
  Table pieces;
  pieces.add("id", std::move(id)).add("piece", std::move(piece));
  ctx.output("pieces", std::move(pieces));
}

MethodInfo char_tokenizer_info() {
  auto info = method("char_tokenizer",
                     "Character-level token ids: one per code point seen in train, 0 unknown, 1 "
                     "end of document")
                  .output<IntArray>("model", "the vocabulary: code point of id 2, 3, ... (sorted)");
  return tokenizer_ports(info);
}

void char_tokenizer(Context& ctx) {
  const auto train = document_texts(ctx, "train");
  const auto tokenizer = CharTokenizer::train(train);
  ctx.output("model", ids_array(tokenizer.vocabulary()));
  write_encoded(ctx, tokenizer, train);
}

MethodInfo bpe_tokenizer_info() {
  auto info =
      method("bpe_tokenizer",
             "SentencePiece BPE trained single-threaded on train; token ids of every split")
          .param<int>("vocab_size", 1000,
                      "vocabulary size (byte fallback needs at least 256 + "
                      "the covered characters + 3)",
                      range(8, 1 << 20))
          .param<double>("character_coverage", 1.0,
                         "share of train's characters the vocabulary covers", range(0.5, 1))
          .param<bool>("split_digits", true, "every digit its own piece")
          .param<bool>("byte_fallback", true,
                       "characters outside the vocabulary become UTF-8 byte pieces, not <unk>")
          .output<IntArray>("model",
                            "the SentencePiece model proto, one byte (0-255) per element: it "
                            "is binary, and HDF5 strings must be UTF-8");
  return tokenizer_ports(info);
}

void bpe_tokenizer(Context& ctx) {
  const auto train = document_texts(ctx, "train");
  BpeOptions o;
  o.vocab_size = ctx.param<int>("vocab_size");
  o.character_coverage = ctx.param<double>("character_coverage");
  o.split_digits = ctx.param<bool>("split_digits");
  o.byte_fallback = ctx.param<bool>("byte_fallback");
  const auto tokenizer = BpeTokenizer::train(train, o);
  std::vector<std::int64_t> model;
  for (unsigned char byte : tokenizer.model()) model.push_back(byte);
  ctx.output("model", ids_array(std::move(model)));
  write_encoded(ctx, tokenizer, train);
}

MethodInfo decode_tokens_info() {
  return method("decode_tokens", "Documents back from token ids and the tokenizer's model")
      .choice("tokenizer", "bpe", {"bpe", "char"},
              "which method wrote the model: bpe_tokenizer or char_tokenizer")
      .input<IntArray>("model", "the tokenizer's model output")
      .input<IntArray>("ids", "token ids, e.g. a tokenizer's test_ids")
      .output<Table>("documents",
                     "column text: one document per run of ids ended by end-of-document");
}

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

void decode_tokens(Context& ctx) {
  const auto model = ctx.input<IntArray>("model");
  const auto ids = ctx.input<IntArray>("ids").data;
  const auto documents = ctx.param<std::string>("tokenizer") == "bpe"
                             ? decode_documents(BpeTokenizer::from_model(model_bytes(model)), ids)
                             : decode_documents(CharTokenizer::from_code_points(model.data), ids);
  Table t;
  t.add("text", documents);
  ctx.output("documents", std::move(t));
}

MethodInfo token_batches_info() {
  return method("token_batches",
                "Training windows of length T from a token stream, at starts drawn from the "
                "node's seed")
      .param<int>("length", 128, "window length T", range(1, 1 << 20))
      .param<int>("windows", 1024, "number of windows", range(1, 1 << 24))
      .input<IntArray>("ids", "token ids (e.g. a tokenizer's train_ids)")
      .output<IntArray>("inputs", "windows x T: ids[start .. start + T)")
      .output<IntArray>("targets", "windows x T: ids[start + 1 .. start + T], the next tokens")
      .output<IntArray>("starts", "the window starts, uniform on [0, n - T - 1]");
}

void token_batches(Context& ctx) {
  const auto ids = ctx.input<IntArray>("ids");
  auto rng = ctx.rng();
  auto w = sample_token_windows(ids.data, ctx.param<int>("length"), ctx.param<int>("windows"), rng);
  const std::vector<std::size_t> shape = {static_cast<std::size_t>(w.count),
                                          static_cast<std::size_t>(w.length)};
  ctx.output("inputs", IntArray{shape, std::move(w.inputs)});
  ctx.output("targets", IntArray{shape, std::move(w.targets)});
  ctx.output("starts", ids_array(std::move(w.starts)));
}

}  // namespace

MethodExport text_corpus_method() { return export_method(text_corpus_info(), text_corpus); }
MethodExport char_tokenizer_method() {
  return export_method(char_tokenizer_info(), char_tokenizer);
}
MethodExport bpe_tokenizer_method() { return export_method(bpe_tokenizer_info(), bpe_tokenizer); }
MethodExport decode_tokens_method() { return export_method(decode_tokens_info(), decode_tokens); }
MethodExport token_batches_method() { return export_method(token_batches_info(), token_batches); }

}  // namespace assay::stdlib
