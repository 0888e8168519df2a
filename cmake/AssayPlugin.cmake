set(ASSAY_PLUGIN_CMAKE_DIR ${CMAKE_CURRENT_LIST_DIR})

# assay_add_plugin(NAME SOURCES src... [LIBRARIES lib...])
# Builds an Assay plugin: a MODULE library with hidden visibility, named NAME.so, whose only
# exported symbols are the two that ASSAY_PLUGIN defines. In the Assay tree it lands in the
# build's plugins/ folder and installs with the host; out of tree it lands in the current
# binary folder (point ASSAY_PLUGIN_PATH at it).
function(assay_add_plugin name)
  cmake_parse_arguments(PLUGIN "" "" "SOURCES;LIBRARIES" ${ARGN})
  add_library(${name} MODULE ${PLUGIN_SOURCES})
  target_link_libraries(${name} PRIVATE Assay::sdk ${PLUGIN_LIBRARIES})
  set_target_properties(${name} PROPERTIES
    PREFIX ""
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  # Hidden visibility does not cover template instantiations from other headers; the version
  # script leaves the two entry points as the plugin's only dynamic symbols.
  target_link_options(${name} PRIVATE
    "LINKER:--version-script=${ASSAY_PLUGIN_CMAKE_DIR}/assay_plugin.map")
  set_property(GLOBAL APPEND PROPERTY ASSAY_PLUGIN_TARGETS ${name})
  if(DEFINED ASSAY_PLUGIN_OUTPUT_DIR)
    set_target_properties(${name} PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${ASSAY_PLUGIN_OUTPUT_DIR}
                                             INSTALL_RPATH "${ASSAY_PLUGIN_INSTALL_RPATH}")
    install(TARGETS ${name} LIBRARY DESTINATION ${ASSAY_PLUGIN_INSTALL_DIR})
  endif()
endfunction()

# assay_add_science(NAME SOURCES src... [LIBRARIES lib...])
# A plugin's science: plain C++ on Eigen that knows nothing of the SDK, built once as a
# static library that both the plugin and its unit tests link. Same flags as the SDK.
function(assay_add_science name)
  cmake_parse_arguments(SCIENCE "" "" "SOURCES;LIBRARIES" ${ARGN})
  add_library(${name} STATIC ${SCIENCE_SOURCES})
  # The science sees the SDK's headers without linking the SDK, for its claims: <assay/check.hpp>
  # is header-only and free of the rest of the SDK.
  target_include_directories(${name} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}
                                            $<TARGET_PROPERTY:Assay::sdk,INTERFACE_INCLUDE_DIRECTORIES>)
  target_link_libraries(${name} PUBLIC Eigen3::Eigen Assay::flags ${SCIENCE_LIBRARIES})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON
                                           CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
endfunction()
