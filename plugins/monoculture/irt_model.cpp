#include "irt_model.hpp"

#include <stdexcept>
#include <string>

namespace assay::monoculture {

IrtModel parse_irt_model(std::string_view name) {
  if (name == "rasch") return IrtModel::rasch;
  if (name == "2pl") return IrtModel::two_pl;
  throw std::invalid_argument("unknown IRT model '" + std::string(name) + "'; use rasch or 2pl");
}

}  // namespace assay::monoculture
