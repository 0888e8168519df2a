#include "content_hash.hpp"

#include <catch2/catch.hpp>

namespace sl = assay::stdlib;

TEST_CASE("sha256 matches the FIPS 180-2 test vectors", "[stdlib]") {
  CHECK(sl::sha256_of("abc") ==
        "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sl::sha256_of("") ==
        "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sl::sha256_prefix("abc") == 0xba7816bf8f01cfeaULL);
}

TEST_CASE("a named content hash sees where one part ends and the next begins", "[stdlib]") {
  auto hash = [](std::string_view n1, std::string_view b1, std::string_view n2,
                 std::string_view b2) {
    sl::ContentHash h;
    h.add_named(n1, b1);
    h.add_named(n2, b2);
    return h.finish();
  };
  const auto base = hash("a", "xy", "b", "z");
  CHECK(hash("a", "x", "b", "yz") != base);  // the same bytes, cut elsewhere
  CHECK(hash("a", "xy", "c", "z") != base);  // a renamed part
  CHECK(hash("a", "xy", "b", "z") == base);
}
