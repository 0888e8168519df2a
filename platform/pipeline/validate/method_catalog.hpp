// What pipeline validation needs to know about the methods that are available: the registry
// implements it, tests can provide their own.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "assay/method.hpp"

namespace assay {

class MethodCatalog {
 public:
  virtual ~MethodCatalog() = default;
  virtual const MethodInfo* find(std::string_view id) const = 0;
  virtual std::vector<std::string> ids() const = 0;
};

}  // namespace assay
