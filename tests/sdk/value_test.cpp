#include "assay/value.hpp"

#include <catch2/catch.hpp>

#include "assay/eigen.hpp"
#include "assay/error.hpp"

using namespace assay;

TEST_CASE("values report their kind and refuse the wrong accessor", "[sdk]") {
  CHECK(Value(true).kind() == Kind::boolean);
  CHECK(Value(3).kind() == Kind::integer);
  CHECK(Value(2.5).kind() == Kind::real);
  CHECK(Value("x").kind() == Kind::string);
  CHECK(Value(3).as_real() == 3.0);
  CHECK_THROWS_AS(Value("x").as_int(), Error);
  CHECK_THROWS_WITH(Value(1.5).as_string(), Catch::Contains("expected a string value, got real"));
}

TEST_CASE("integer decoding refuses values that do not fit", "[sdk]") {
  CHECK(ValueCodec<int>::decode(Value(std::int64_t{1} << 20)) == 1 << 20);
  CHECK_THROWS_AS(ValueCodec<int>::decode(Value(std::int64_t{1} << 40)), Error);
  CHECK_THROWS_AS(ValueCodec<unsigned>::decode(Value(-1)), Error);
}

TEST_CASE("Eigen matrices round-trip through row-major arrays", "[sdk]") {
  Eigen::MatrixXd m(2, 3);
  m << 1, 2, 3, 4, 5, 6;
  const auto a = to_array(m);
  CHECK(a.shape == std::vector<std::size_t>{2, 3});
  CHECK(a.data == std::vector<double>{1, 2, 3, 4, 5, 6});
  CHECK(to_matrix(a) == m);
  const Eigen::VectorXd v = Eigen::VectorXd::LinSpaced(4, 0, 3);
  CHECK(to_vector(to_array(v)) == v);
  CHECK_THROWS_AS(to_vector(a), Error);
}

TEST_CASE("to_text keeps reals distinct from integers and round-trips doubles", "[sdk]") {
  CHECK(to_text(Value(2)) == "2");
  CHECK(to_text(Value(2.0)) == "2.0");
  CHECK(std::stod(to_text(Value(0.1))) == 0.1);
  CHECK(to_text(Value(RealArray{{2, 2}, {1, 2, 3, 4}})) == "[[1.0, 2.0], [3.0, 4.0]]");
  CHECK(to_text(Value("a\"b")) == "\"a\\\"b\"");
}

TEST_CASE("tables refuse columns of different lengths", "[sdk]") {
  Table t;
  t.add("step", std::vector<std::int64_t>{1, 2, 3});
  CHECK(t.rows() == 3);
  CHECK_THROWS_AS(t.add("loss", std::vector<double>{0.5}), Error);
}
