#include "store/encoding/point_codec.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <variant>

#include "assay/error.hpp"

namespace assay {

namespace {
class RecordWriter {
 public:
  explicit RecordWriter(std::vector<std::byte>& out) : out_(out) {}

  void bytes(const void* data, std::size_t n) {
    const auto at = out_.size();
    out_.resize(at + n);
    if (n > 0) std::memcpy(out_.data() + at, data, n);
  }
  template <class T>
  requires std::is_arithmetic_v<T>
  void put(T x) { bytes(&x, sizeof x); }
  void put(const std::string& s) {
    put<std::uint64_t>(s.size());
    bytes(s.data(), s.size());
  }
  template <class T>
  void put(const std::vector<T>& v) {
    put<std::uint64_t>(v.size());
    if constexpr (std::is_arithmetic_v<T>)
      bytes(v.data(), v.size() * sizeof(T));
    else
      for (const auto& x : v) put(x);
  }

 private:
  std::vector<std::byte>& out_;
};

class RecordReader {
 public:
  explicit RecordReader(std::span<const std::byte> in) : in_(in) {}

  const std::byte* take(std::size_t n) {
    if (n > in_.size() - at_) throw Error("damaged point record in a part file");
    const auto* p = in_.data() + at_;
    at_ += n;
    return p;
  }
  template <class T>
  T get() {
    T x;
    std::memcpy(&x, take(sizeof x), sizeof x);
    return x;
  }
  std::string get_string() {
    const auto n = get<std::uint64_t>();
    const auto* p = take(n);
    return std::string(reinterpret_cast<const char*>(p), n);
  }
  template <class T>
  std::vector<T> get_vector() {
    // A string takes at least its 8-byte length.
    std::vector<T> v(get_count(std::is_arithmetic_v<T> ? sizeof(T) : sizeof(std::uint64_t)));
    if constexpr (std::is_arithmetic_v<T>) {
      if (!v.empty()) std::memcpy(v.data(), take(v.size() * sizeof(T)), v.size() * sizeof(T));
    } else {
      for (auto& x : v) x = get_string();
    }
    return v;
  }
  bool done() const { return at_ == in_.size(); }

 private:
  // A count read from a damaged record must not allocate more than the record could hold.
  std::size_t get_count(std::size_t element_bytes) {
    const auto n = get<std::uint64_t>();
    if (n > (in_.size() - at_) / element_bytes) throw Error("damaged point record in a part file");
    return n;
  }

  std::span<const std::byte> in_;
  std::size_t at_ = 0;
};

template <class T>
void put_array(RecordWriter& w, const Array<T>& a) {
  w.put(a.shape);
  w.put(a.data);
}

void put_table(RecordWriter& w, const Table& t) {
  w.put<std::uint64_t>(t.columns.size());
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    w.put(t.names[i]);
    w.put<std::uint8_t>(static_cast<std::uint8_t>(t.columns[i].index()));
    std::visit([&](const auto& column) { w.put(column); }, t.columns[i]);
  }
}

void put_value(RecordWriter& w, const Value& v);

void put_record(RecordWriter& w, const Record& r) {
  w.put<std::uint64_t>(r.size());
  for (std::size_t i = 0; i < r.size(); ++i) {
    w.put(r.names[i]);
    put_value(w, r.values[i]);
  }
}

void put_value(RecordWriter& w, const Value& v) {
  w.put<std::uint8_t>(static_cast<std::uint8_t>(v.kind()));
  switch (v.kind()) {
    case Kind::boolean:
      return w.put<std::uint8_t>(v.as_bool());
    case Kind::integer:
      return w.put(v.as_int());
    case Kind::real:
      return w.put(v.as_real());
    case Kind::string:
      return w.put(v.as_string());
    case Kind::real_array:
      return put_array(w, v.as_real_array());
    case Kind::int_array:
      return put_array(w, v.as_int_array());
    case Kind::table:
      return put_table(w, v.as_table());
    case Kind::float_array:
      return put_array(w, v.as_float_array());
    case Kind::record:
      return put_record(w, v.as_record());
    case Kind::none:
    case Kind::any:
      return;
  }
}

template <class T>
Array<T> get_array(RecordReader& r) {
  Array<T> a;
  a.shape = r.get_vector<std::size_t>();
  a.data = r.get_vector<T>();
  return a;
}

Column get_column(RecordReader& r) {
  switch (r.get<std::uint8_t>()) {
    case 0:
      return r.get_vector<double>();
    case 1:
      return r.get_vector<std::int64_t>();
    case 2:
      return r.get_vector<std::string>();
  }
  throw Error("damaged table column in a part file");
}

Table get_table(RecordReader& r) {
  Table t;
  for (auto n = r.get<std::uint64_t>(); n > 0; --n) {
    t.names.push_back(r.get_string());
    t.columns.push_back(get_column(r));
  }
  return t;
}

Value get_value(RecordReader& r);

Record get_record(RecordReader& r) {
  Record record;
  for (auto n = r.get<std::uint64_t>(); n > 0; --n) {
    auto name = r.get_string();
    record.names.push_back(std::move(name));
    record.values.push_back(get_value(r));
  }
  return record;
}

Value get_value(RecordReader& r) {
  switch (static_cast<Kind>(r.get<std::uint8_t>())) {
    case Kind::boolean:
      return Value(r.get<std::uint8_t>() != 0);
    case Kind::integer:
      return Value(r.get<std::int64_t>());
    case Kind::real:
      return Value(r.get<double>());
    case Kind::string:
      return Value(r.get_string());
    case Kind::real_array:
      return Value(get_array<double>(r));
    case Kind::int_array:
      return Value(get_array<std::int64_t>(r));
    case Kind::table:
      return Value(get_table(r));
    case Kind::float_array:
      return Value(get_array<float>(r));
    case Kind::record:
      return Value(get_record(r));
    case Kind::none:
      return Value();
    case Kind::any:
      break;
  }
  throw Error("damaged value in a part file");
}
}  // namespace

namespace {
// How a record holds a node's outputs.
enum class NodeOutputsMode : std::uint8_t {
  earlier = 0,    // in an earlier record of the batch, found by key
  here = 1,       // in this record
  here_kept = 2,  // in this record, and a later record refers to them
};

void put_header(RecordWriter& w, const PointResult& point) {
  w.put(point.id);
  w.put(point.replicate);
  w.put(point.sweep_index);
  w.put(point.seed);
  w.put<std::uint8_t>(static_cast<std::uint8_t>(point.status));
  w.put(point.error);
  w.put(point.wall_s);
  w.put<std::uint64_t>(point.swept.size());
  for (const auto& [key, value] : point.swept) {
    w.put(key);
    put_value(w, value);
  }
}

PointResult get_header(RecordReader& r) {
  PointResult p;
  p.id = r.get_string();
  p.replicate = r.get<std::int64_t>();
  p.sweep_index = r.get<std::uint64_t>();
  p.seed = r.get<std::uint64_t>();
  const auto status = r.get<std::uint8_t>();
  if (status > static_cast<std::uint8_t>(PointStatus::timeout))
    throw Error("damaged point status in a part file");
  p.status = static_cast<PointStatus>(status);
  p.error = r.get_string();
  p.wall_s = r.get<double>();
  for (auto n = r.get<std::uint64_t>(); n > 0; --n) {
    auto key = r.get_string();
    p.swept.emplace_back(std::move(key), get_value(r));
  }
  return p;
}

// A point's log, then the outputs its nodes left unstored (`store`), end its record, each only
// when needed: records without them read as before (part format 2). The unstored outputs are
// written as node, count, names for each node that left any out, after the log (then written
// even when empty).
bool has_unstored(const PointResult& point) {
  for (const auto& record : point.nodes)
    if (!record.unstored.empty()) return true;
  return false;
}

void put_tail(RecordWriter& w, const PointResult& point) {
  const bool unstored = has_unstored(point);
  if (!point.log.empty() || unstored) w.put(point.log);
  if (!unstored) return;
  std::uint64_t nodes = 0;
  for (const auto& record : point.nodes) nodes += !record.unstored.empty();
  w.put(nodes);
  for (const auto& record : point.nodes) {
    if (record.unstored.empty()) continue;
    w.put(record.node);
    w.put<std::uint64_t>(record.unstored.size());
    for (const auto& port : record.unstored) w.put(port);
  }
}

void get_tail(RecordReader& r, PointResult& point) {
  if (r.done()) return;
  point.log = r.get_string();
  if (r.done()) return;
  for (auto n = r.get<std::uint64_t>(); n > 0; --n) {
    const auto node = r.get_string();
    auto record = std::find_if(point.nodes.begin(), point.nodes.end(),
                               [&](const NodeRecord& x) { return x.node == node; });
    if (record == point.nodes.end()) throw Error("damaged unstored outputs in a part file");
    for (auto m = r.get<std::uint64_t>(); m > 0; --m) record->unstored.push_back(r.get_string());
  }
}
}  // namespace

PointRecordEncoder::PointRecordEncoder(const std::vector<PointResult>& batch) {
  for (const auto& point : batch)
    for (const auto& record : point.nodes) ++uses_[record.key];
}

void PointRecordEncoder::append(const PointResult& point, std::vector<std::byte>& out) {
  RecordWriter w(out);
  put_header(w, point);
  w.put<std::uint64_t>(point.nodes.size());
  for (const auto& record : point.nodes) {
    w.put(record.node);
    w.put(record.key);
    w.put(record.origin);
    const bool later = --uses_[record.key] > 0;
    if (!written_.insert(record.key).second) {
      w.put<std::uint8_t>(static_cast<std::uint8_t>(NodeOutputsMode::earlier));
      continue;
    }
    w.put<std::uint8_t>(
        static_cast<std::uint8_t>(later ? NodeOutputsMode::here_kept : NodeOutputsMode::here));
    std::uint64_t n = 0;
    for (const auto& output : point.outputs) n += output.node == record.node;
    w.put(n);
    for (const auto& output : point.outputs) {
      if (output.node != record.node) continue;
      w.put(output.port);
      put_value(w, output.value);
    }
  }
  std::uint64_t own = 0;  // outputs of nodes without a lineage record
  for (const auto& output : point.outputs) own += !find_record(point, output.node);
  w.put(own);
  for (const auto& output : point.outputs) {
    if (find_record(point, output.node)) continue;
    w.put(output.node);
    w.put(output.port);
    put_value(w, output.value);
  }
  put_tail(w, point);
}

PointResult PointRecordDecoder::parse(std::span<const std::byte> record) {
  RecordReader r(record);
  PointResult p = get_header(r);
  for (auto n = r.get<std::uint64_t>(); n > 0; --n) {
    NodeRecord node{r.get_string(), r.get_string(), r.get_string()};
    const auto mode = r.get<std::uint8_t>();
    if (mode == static_cast<std::uint8_t>(NodeOutputsMode::earlier)) {
      const auto kept = kept_.find(node.key);
      if (kept == kept_.end()) throw Error("damaged node reference in a part file");
      for (const auto& [port, value] : kept->second) p.outputs.push_back({node.node, port, value});
    } else if (mode <= static_cast<std::uint8_t>(NodeOutputsMode::here_kept)) {
      std::vector<std::pair<std::string, Value>> outputs;
      for (auto m = r.get<std::uint64_t>(); m > 0; --m) {
        auto port = r.get_string();
        outputs.emplace_back(std::move(port), get_value(r));
      }
      for (const auto& [port, value] : outputs) p.outputs.push_back({node.node, port, value});
      if (mode == static_cast<std::uint8_t>(NodeOutputsMode::here_kept))
        kept_[node.key] = std::move(outputs);
    } else {
      throw Error("damaged node record in a part file");
    }
    p.nodes.push_back(std::move(node));
  }
  for (auto n = r.get<std::uint64_t>(); n > 0; --n) {
    auto node = r.get_string();
    auto port = r.get_string();
    p.outputs.push_back({std::move(node), std::move(port), get_value(r)});
  }
  get_tail(r, p);
  if (!r.done()) throw Error("damaged point record in a part file");
  return p;
}

}  // namespace assay
