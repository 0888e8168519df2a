#include "text_corpus.hpp"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>

#include "data_files.hpp"

namespace sl = assay::stdlib;
namespace fs = std::filesystem;

namespace {

// A fresh folder under the temp folder, removed at the end of the test.
struct ScratchFolder {
  fs::path path;
  explicit ScratchFolder(const std::string& name)
      : path(fs::temp_directory_path() / (name + "_" + std::to_string(::getpid()))) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~ScratchFolder() { fs::remove_all(path); }
  void write(const std::string& name, const std::string& text) const {
    fs::create_directories((path / name).parent_path());
    std::ofstream(path / name, std::ios::binary) << text;
  }
};

sl::TextCorpus read(sl::TextSource source, std::optional<std::string> root = std::nullopt) {
  sl::CorpusOptions o;
  o.source = source;
  o.root = root;
  return sl::read_text_corpus(o);
}

std::vector<const sl::Document*> all_documents(const sl::TextCorpus& c) {
  std::vector<const sl::Document*> out;
  for (const auto* split : {&c.train, &c.validation, &c.test})
    for (const auto& d : *split) out.push_back(&d);
  return out;
}

// Lines that hold only "%" in a fortune file, counted independently of the reader.
int separator_lines(const fs::path& file) {
  std::ifstream in(file);
  int count = 0;
  for (std::string line; std::getline(in, line);) count += line == "%";
  return count;
}

}  // namespace

TEST_CASE("fortunes-min yields one document per fortune", "[stdlib]") {
  const auto corpus = read(sl::TextSource::fortunes_min);
  const fs::path root = sl::default_text_root(sl::TextSource::fortunes_min);
  int expected = 0;
  for (const char* f : {"fortunes", "literature", "riddles"}) {
    // Every file ends with a "%" line, so each separator closes one fortune.
    expected += separator_lines(root / f);
  }
  CHECK(corpus.files_read == 3);
  CHECK(static_cast<int>(all_documents(corpus).size()) == expected);
  for (const auto* d : all_documents(corpus)) {
    REQUIRE(!d->text.empty());
    CHECK(d->text.find("\n%\n") == std::string::npos);
  }
}

TEST_CASE("no document lands in two splits, and the split fractions are as asked", "[stdlib]") {
  const auto corpus = read(sl::TextSource::fortunes_min);
  std::set<std::string> train, validation, test;
  for (const auto& d : corpus.train) train.insert(d.text);
  for (const auto& d : corpus.validation) validation.insert(d.text);
  for (const auto& d : corpus.test) test.insert(d.text);
  for (const auto& t : train) CHECK((validation.count(t) + test.count(t)) == 0);
  for (const auto& t : validation) CHECK(test.count(t) == 0);
  // The split is a Bernoulli(0.8) draw per distinct document: 4 binomial standard errors.
  const double n = static_cast<double>(train.size() + validation.size() + test.size());
  CHECK(std::abs(train.size() / n - 0.8) < 4 * std::sqrt(0.8 * 0.2 / n));
  CHECK(std::abs(validation.size() / n - 0.1) < 4 * std::sqrt(0.1 * 0.9 / n));
}

TEST_CASE("adding a file to a corpus moves no other document between splits", "[stdlib]") {
  ScratchFolder folder("assay_corpus_split");
  for (int i = 0; i < 40; ++i)
    folder.write("doc" + std::to_string(i) + ".txt", "text " + std::to_string(i));
  auto splits_of = [&] {
    std::map<std::string, int> where;
    const auto c = read(sl::TextSource::files, folder.path.string());
    int s = 0;
    for (const auto* split : {&c.train, &c.validation, &c.test}) {
      for (const auto& d : *split) where[d.origin] = s;
      ++s;
    }
    return where;
  };
  const auto before = splits_of();
  folder.write("extra.txt", "a new document");
  const auto after = splits_of();
  CHECK(after.size() == before.size() + 1);
  for (const auto& [origin, split] : before) CHECK(after.at(origin) == split);
}

TEST_CASE("the content hash follows the bytes read, not where they were read from", "[stdlib]") {
  ScratchFolder a("assay_corpus_hash_a"), b("assay_corpus_hash_b");
  a.write("one.txt", "first document\n");
  a.write("sub/two.txt", "second document\n");
  b.write("one.txt", "first document\n");
  b.write("sub/two.txt", "second document\n");
  const auto hash_a = read(sl::TextSource::files, a.path.string()).content_hash;
  CHECK(read(sl::TextSource::files, b.path.string()).content_hash == hash_a);
  b.write("sub/two.txt", "second Document\n");
  CHECK(read(sl::TextSource::files, b.path.string()).content_hash != hash_a);
}

TEST_CASE("a missing data package is named in the error", "[stdlib]") {
  ScratchFolder empty("assay_corpus_missing");
  const std::pair<sl::TextSource, std::string> cases[] = {
      {sl::TextSource::fortunes_min, "install the Debian package fortunes-min"},
      {sl::TextSource::fortunes, "install the Debian package fortunes ("},
      {sl::TextSource::python_stdlib, "install the Debian package libpython3.11-stdlib"},
      {sl::TextSource::words, "install the Debian package wamerican"}};
  for (const auto& [source, message] : cases) {
    const auto root =
        (empty.path / (source == sl::TextSource::words ? "american-english" : "")).string();
    CHECK_THROWS_AS(read(source, root), sl::MissingData);
    CHECK_THROWS_WITH(read(source, root), Catch::Contains(message));
  }
}

TEST_CASE("a file that is not UTF-8 is refused with its byte offset", "[stdlib]") {
  ScratchFolder folder("assay_corpus_latin1");
  folder.write("latin1.txt", "caf\xE9\n");
  CHECK_THROWS_WITH(read(sl::TextSource::files, folder.path.string()),
                    Catch::Contains("latin1.txt: byte 3 is not valid UTF-8"));
}

TEST_CASE("the python standard library corpus is one document per source file", "[stdlib]") {
  const auto corpus = read(sl::TextSource::python_stdlib);
  const fs::path root = sl::default_text_root(sl::TextSource::python_stdlib);
  std::size_t files = 0, non_empty = 0;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    const auto top = *fs::relative(e.path(), root).begin();
    if (!e.is_regular_file() || e.path().extension() != ".py" || top == "test" ||
        top == "site-packages" || top == "dist-packages")
      continue;
    ++files;
    non_empty += e.file_size() > 0;  // an empty __init__.py is no document
  }
  CHECK(corpus.files_read == files);
  const auto docs = all_documents(corpus);
  CHECK(docs.size() == non_empty);
  bool saw_os = false;
  for (const auto* d : docs) {
    CHECK(d->origin.ends_with(".py"));
    CHECK(!d->origin.starts_with("test/"));
    saw_os = saw_os || d->origin == "os.py";
  }
  CHECK(saw_os);
}

TEST_CASE("the word list is one document per line", "[stdlib]") {
  const auto corpus = read(sl::TextSource::words);
  std::ifstream in(sl::default_text_root(sl::TextSource::words));
  std::size_t lines = 0;
  for (std::string line; std::getline(in, line);) lines += !line.empty();
  CHECK(all_documents(corpus).size() == lines);
  for (const auto* d : all_documents(corpus)) REQUIRE(d->text.find('\n') == std::string::npos);
}
