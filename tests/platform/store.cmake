# The result store (platform/store) through real HDF5 files in temp folders.
assay_add_test(test_store
  SOURCES result_store_test.cpp store_codec_test.cpp store_kill_test.cpp store_merge_test.cpp
          store_h5py_test.cpp store_threads_test.cpp store_log_test.cpp store_provenance_test.cpp
          store_test_support.cpp
  LIBRARIES assay_platform
  NO_PLUGINS)
