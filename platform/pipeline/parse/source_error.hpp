// Errors in what a user wrote (pipeline files, --set overrides, CLI arguments). They carry the
// place and the key, and format as the README's error contract ("The command line"):
//   assay: <file>:<line>:<col>: <key>: <what is wrong>; <what to do>
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "assay/nearest_name.hpp"

namespace assay {

struct SourcePos {
  std::string file;
  int line = 0;  // 0: no line (e.g. a --set override); then only the file is printed
  int col = 0;
};

class SourceError : public std::runtime_error {
 public:
  SourceError(SourcePos pos, std::string key, std::string what, std::string hint = {});

  const SourcePos& pos() const { return pos_; }
  const std::string& key() const { return key_; }

 private:
  SourcePos pos_;
  std::string key_;
};

// The start of a hint: `did you mean "x"? ` when a candidate is near `word`, else "".
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

// "a, b, c" for lists in messages and hints; "(none)" for an empty list.
std::string joined(const std::vector<std::string>& names);

}  // namespace assay
