#include "store/encoding/dataset_layout.hpp"

#include <algorithm>

namespace assay {

namespace {
H5Plist layout(H5D_layout_t kind) {
  H5Plist dcpl(H5Pcreate(H5P_DATASET_CREATE), "create dataset property list");
  h5_check(H5Pset_layout(dcpl.get(), kind), "set dataset layout");
  // Without timestamps, identical content gives identical objects whenever it is written.
  h5_check(H5Pset_obj_track_times(dcpl.get(), false), "disable object times");
  return dcpl;
}

std::size_t element_count(std::span<const hsize_t> dims) {
  std::size_t n = 1;
  for (const auto d : dims) n *= d;
  return n;
}
}  // namespace

std::vector<hsize_t> chunk_shape(std::span<const hsize_t> dims, std::size_t element_size) {
  std::vector<hsize_t> chunk(dims.begin(), dims.end());
  std::size_t inner = element_size;  // bytes of one step along the current dimension
  for (std::size_t k = chunk.size(); k-- > 0;) {
    const std::size_t fit = std::max<std::size_t>(1, kChunkTargetBytes / inner);
    if (chunk[k] > fit) {
      chunk[k] = fit;
      for (std::size_t j = 0; j < k; ++j) chunk[j] = 1;
      break;
    }
    inner *= std::max<hsize_t>(1, chunk[k]);
  }
  for (auto& c : chunk) c = std::max<hsize_t>(1, c);
  return chunk;
}

H5Plist compressed_layout(std::span<const hsize_t> dims, std::size_t element_size) {
  H5Plist dcpl = layout(H5D_CHUNKED);
  const auto chunk = chunk_shape(dims, element_size);
  h5_check(H5Pset_chunk(dcpl.get(), static_cast<int>(chunk.size()), chunk.data()), "set chunks");
  h5_check(H5Pset_shuffle(dcpl.get()), "set shuffle filter");
  h5_check(H5Pset_deflate(dcpl.get(), kDeflateLevel), "set deflate filter");
  return dcpl;
}

DatasetLayouts::DatasetLayouts()
    : compact_(layout(H5D_COMPACT)), contiguous_(layout(H5D_CONTIGUOUS)) {}

hid_t DatasetLayouts::choose(std::span<const hsize_t> dims, std::size_t element_size,
                             H5Plist& compressed) const {
  const std::size_t count = element_count(dims);
  const std::size_t bytes = count * element_size;
  if (bytes <= kCompactMaxBytes) return compact_.get();
  if (bytes < kCompressMinBytes || dims.empty()) return contiguous_.get();
  compressed = compressed_layout(dims, element_size);
  return compressed.get();
}

}  // namespace assay
