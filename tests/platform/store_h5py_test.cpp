// The result file as Python users read it: h5py, and pandas for /index (skipped when absent).
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "store/result_store.hpp"
#include "store_test_support.hpp"
#include "support/skip.hpp"

using namespace assay;
using namespace assay::store_test;

namespace {
constexpr const char* kPython = "/usr/bin/python3";

constexpr const char* kCheck = R"(
import sys
import h5py, numpy as np
path, first_id, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
f = h5py.File(path, "r")
assert f.attrs["fingerprint"] == "fp-sweep-1", f.attrs["fingerprint"]
assert list(f.attrs["swept_keys"]) == ["data.n", "model.rate", "model.name", "model.flag"]
assert f["provenance"].attrs["host"] == "testhost"
assert f["provenance"]["plugins"]["examples"].attrs["version"] == "1.0.0"
index = f["index"][()]
assert len(index) == n, len(index)
assert index.dtype["model.flag"] == np.bool_, index.dtype
assert index.dtype["data.n"] == np.int64 and index.dtype["seed"] == np.uint64
ids = [x.decode() for x in index["point_id"]]
assert [f["points"][i].attrs["sweep_index"] for i in ids] == list(range(n))  # sweep order
assert first_id in ids and sorted(f["points"]) == sorted(ids)
p = f["points"][first_id]
assert p.attrs["status"] == "ok" and p.attrs["seed"] == 0xF000000000000000
assert isinstance(p.attrs["model.flag"], np.bool_) and p.attrs["model.flag"]
assert list(p) == ["data", "model"] and list(p["data"])[:3] == ["matrix", "counts", "vector"]
m = p["data"]["matrix"][()]
assert m.shape == (3, 4) and m.dtype == np.float64 and m[1, 2] == 6 / 7.0, m
assert p["data"]["counts"].shape == (2, 2, 2) and p["data"]["counts"].dtype == np.int64
assert p["data"]["empty"].shape == (0, 3)
large = p["data"]["large"]
assert large.shape == (300, 100) and large.compression == "gzip" and large.shuffle
assert p["data"]["matrix"].compression is None
assert p["model"]["mean"].shape == () and p["model"]["mean"][()] == -1.0
assert p["model"]["converged"][()] == False and p["model"]["label"][()].decode() == "λ=0"
w = p["model"]["weights"]
assert isinstance(w, h5py.Group) and list(w) == ["config", "params", "empty"], list(w)
q = w["params"]["block0.attn.q.weight"][()]
assert q.dtype == np.float32 and q.shape == (2, 3) and q[0, 0] == np.float32(0.1), q
assert w["config"]["model"][()].decode() == "gpt" and w["config"]["dim"][()] == 3
assert len(w["empty"]) == 0 and w["params"]["tok.weight"].shape == (0, 4)
h = p["model"]["history"][()]
assert h.dtype.names == ("step", "loss", "phase") and h["phase"][2].decode() == "été", h
try:
    import pandas as pd
except ImportError:
    print("pandas absent: /index checked with h5py only")
    sys.exit(0)
df = pd.DataFrame(h5py.File(path)["index"][()])
assert df.shape[0] == n and "model.mean" in df.columns
assert df["model.mean"].isna().sum() == 1 and df["model.flag"].dtype == bool
)";

std::string slurp(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

TEST_CASE("h5py reads the result and pandas loads /index in one line", "[store]") {
  const std::string probe = std::string(kPython) + " -c 'import h5py' > /dev/null 2>&1";
  if (std::system(probe.c_str()) != 0) {
    ASSAY_SKIP(kPython << " with h5py is not available");
  }
  TempDir dir;
  const auto file = dir / "out.h5";
  std::vector<PointResult> points;
  for (int i = 0; i < 5; ++i)
    points.push_back(rich_point(i, i == 3 ? PointStatus::failed : PointStatus::ok));
  write_result(file, points);
  const auto script = dir / "check.py";
  std::ofstream(script) << kCheck;
  const auto log = dir / "log.txt";
  const std::string command = std::string(kPython) + " " + script.string() + " " + file.string() +
                              " " + point_id(0) + " 5 > " + log.string() + " 2>&1";
  const int status = std::system(command.c_str());
  INFO(slurp(log));
  CHECK(status == 0);
}
