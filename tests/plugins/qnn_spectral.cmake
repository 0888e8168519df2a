assay_add_test(test_qnn_spectral SOURCES
  qnn_spectral/reuploading_circuit_test.cpp
  qnn_spectral/fourier_spectrum_test.cpp
  qnn_spectral/light_cone_test.cpp
  qnn_spectral/quantum_tangent_kernel_test.cpp
  qnn_spectral/majority_test_design_test.cpp
  qnn_spectral/amplitude_priority_test.cpp
  qnn_spectral/mlp_fit_test.cpp
  LIBRARIES qnn_spectral_science
  NO_PLUGINS)
assay_add_test(test_qnn_spectral_plugin SOURCES
  qnn_spectral/plugin_test.cpp
  LIBRARIES assay_test_support
  PLUGINS qnn_spectral)
