#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

TEST_CASE("load_matrix reads a csv file and reports its shape", "[stdlib]") {
  const auto path = std::filesystem::temp_directory_path() /
                    ("assay_load_matrix_" + std::to_string(::getpid()) + ".csv");
  std::ofstream(path) << "a,b,c\n1,2,3\n4,5,6\n";
  const auto out = at::run_method("load_matrix", {{"path", path.string()}});
  CHECK(out.at("rows").as_int() == 2);
  CHECK(out.at("cols").as_int() == 3);
  CHECK(out.at("matrix").as_real_array().data == std::vector<double>{1, 2, 3, 4, 5, 6});
  std::filesystem::remove(path);
  CHECK_THROWS_WITH(at::run_method("load_matrix", {{"path", path.string()}}),
                    Catch::Contains("load_matrix: " + path.string()));
}
