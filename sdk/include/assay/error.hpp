// Errors that cross the plugin boundary. The host turns any exception into a failed point.
#pragma once

#include <stdexcept>
#include <string>

namespace assay {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& what) : std::runtime_error(what) {}
  ~Error() override;
};

// Thrown by Context::throw_if_cancelled when the host asked the method to stop.
class Cancelled : public Error {
 public:
  Cancelled() : Error("cancelled") {}
  ~Cancelled() override;
};

}  // namespace assay
