assay_add_test(test_stdlib SOURCES
  stdlib/labelled_data_test.cpp
  stdlib/linear_probe_test.cpp
  stdlib/classification_test.cpp
  stdlib/matrix_file_test.cpp
  stdlib/content_hash_test.cpp
  stdlib/utf8_test.cpp
  stdlib/text_corpus_test.cpp
  stdlib/char_tokenizer_test.cpp
  stdlib/bpe_tokenizer_test.cpp
  stdlib/token_windows_test.cpp
  stdlib/image_sets_test.cpp
  stdlib/procedural_scenes_test.cpp
  stdlib/lm_training_test.cpp
  LIBRARIES stdlib_science TBB::tbb
  NO_PLUGINS)
# The Fashion-MNIST smoke test is hidden from discovery and run here by its tag, so that it is
# reported as skipped (not passed) when dataset-fashion-mnist is not installed.
add_test(NAME "test_stdlib: Fashion-MNIST smoke test" COMMAND test_stdlib "[fashion_mnist]")
set_tests_properties("test_stdlib: Fashion-MNIST smoke test" PROPERTIES
  SKIP_REGULAR_EXPRESSION "SKIPPED:" TIMEOUT 120)
assay_add_test(test_stdlib_plugin SOURCES
  stdlib/plugin_test.cpp
  stdlib/matrix_classify_plugin_test.cpp
  stdlib/text_plugin_test.cpp
  stdlib/image_plugin_test.cpp
  stdlib/lm_plugin_test.cpp
  stdlib/lm_pipeline_test.cpp
  LIBRARIES assay_test_support HDF5::HDF5 Assay::nn
  PLUGINS stdlib)
add_dependencies(test_stdlib_plugin assay)
