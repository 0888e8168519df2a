#include <string>

#include "assay/error.hpp"
#include "store/point_result.hpp"

namespace assay {

std::string_view status_name(PointStatus status) {
  switch (status) {
    case PointStatus::ok:
      return "ok";
    case PointStatus::failed:
      return "failed";
    case PointStatus::timeout:
      return "timeout";
  }
  return "failed";
}

PointStatus status_from_name(std::string_view name) {
  for (const auto s : {PointStatus::ok, PointStatus::failed, PointStatus::timeout})
    if (status_name(s) == name) return s;
  throw Error("unknown point status '" + std::string(name) + "' (want ok, failed or timeout)");
}

}  // namespace assay
