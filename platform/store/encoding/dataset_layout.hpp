// Where a dataset's bytes go, by size: inside its object header (compact) when tiny, one
// contiguous block when small, and chunks filtered with shuffle + deflate (those two only, which
// every HDF5 reader has) from the size where compression pays. Measured (CPU time per dataset, HDF5
// 1.10.8, 2-core VM): compact beats contiguous up to 8 KiB (29 vs 31 us) and loses from
// 16 KiB (36 vs 29 us). Below 64 KiB chunking costs 4-8x the write time and saves nothing on
// real data (16 KiB of doubles: 0.99-1.02 of raw); from 64 KiB it saves 11-20% on doubles
// and ~80% on small integers. Deflate level 1 runs 10-50% faster than 4 or 6 for sizes within
// 1% of theirs (doubles: 0.859 vs 0.856; small ints 0.161 vs 0.149).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "store/hdf5/hdf5_handle.hpp"

namespace assay {

inline constexpr std::size_t kCompactMaxBytes = 8 << 10;  // HDF5 caps compact data at 64 KiB
inline constexpr std::size_t kCompressMinBytes = 64 << 10;
inline constexpr std::size_t kChunkTargetBytes = 256 << 10;
inline constexpr unsigned kDeflateLevel = 1;

// Chunk dimensions of about kChunkTargetBytes: whole trailing dimensions, a slab of leading
// rows, so a row-major write fills chunks in order.
std::vector<hsize_t> chunk_shape(std::span<const hsize_t> dims, std::size_t element_size);

// A dataset creation property list with shuffle + deflate on chunks of chunk_shape(dims).
H5Plist compressed_layout(std::span<const hsize_t> dims, std::size_t element_size);

class DatasetLayouts {
 public:
  DatasetLayouts();
  // The creation property list for a dataset of `dims` (empty: scalar) with elements of
  // `element_size` bytes. Compressed layouts are made per call into `compressed`.
  hid_t choose(std::span<const hsize_t> dims, std::size_t element_size, H5Plist& compressed) const;

 private:
  H5Plist compact_;
  H5Plist contiguous_;
};

}  // namespace assay
