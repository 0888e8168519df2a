# Where things go, in the build tree and in an install: the build tree mirrors the install
# layout (GNUInstallDirs), so the host finds its plugins the same way in both, and every path
# the binaries use is relative to where they sit, so an install is relocatable.
#   <prefix>/bin/assay                           the host
#   <prefix>/<libdir>/libassay_sdk.so, ...       the libraries
#   <prefix>/<libdir>/assay/plugins/*.so         the shipped plugins
# <libdir> is lib, or lib/x86_64-linux-gnu for a Debian-style prefix of /usr.
foreach(dir BINDIR LIBDIR DATAROOTDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${dir}}")
    message(FATAL_ERROR "CMAKE_INSTALL_${dir}=${CMAKE_INSTALL_${dir}}: must be relative to the "
                        "prefix, or the install is not relocatable; give a relative folder")
  endif()
endforeach()

set(ASSAY_PLUGIN_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/assay/plugins)
set(CMAKE_RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/${CMAKE_INSTALL_BINDIR})
set(CMAKE_LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/${CMAKE_INSTALL_LIBDIR})
set(CMAKE_ARCHIVE_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/${CMAKE_INSTALL_LIBDIR})
set(ASSAY_PLUGIN_OUTPUT_DIR ${PROJECT_BINARY_DIR}/${ASSAY_PLUGIN_INSTALL_DIR})

# assay_relative_path(OUT FROM TO): the path from prefix folder FROM to prefix folder TO,
# without the trailing '/' file(RELATIVE_PATH) leaves when TO holds FROM.
function(assay_relative_path out from to)
  file(RELATIVE_PATH path /${from} /${to})
  string(REGEX REPLACE "(.)/$" "\\1" path "${path}")
  set(${out} "${path}" PARENT_SCOPE)
endfunction()

# The host's plugin folder as seen from the host's own folder (compiled into the registry).
assay_relative_path(ASSAY_PLUGIN_DIR_FROM_HOST ${CMAKE_INSTALL_BINDIR} ${ASSAY_PLUGIN_INSTALL_DIR})

# Installed RPATHs, each from the folder its binary lands in to <libdir>: the host from bindir,
# a plugin from the plugin folder (libassay_nn.so is loaded through it), a library from libdir.
assay_relative_path(assay_host_to_libdir ${CMAKE_INSTALL_BINDIR} ${CMAKE_INSTALL_LIBDIR})
assay_relative_path(assay_plugin_to_libdir ${ASSAY_PLUGIN_INSTALL_DIR} ${CMAKE_INSTALL_LIBDIR})
set(ASSAY_HOST_INSTALL_RPATH "$ORIGIN/${assay_host_to_libdir}")
set(ASSAY_PLUGIN_INSTALL_RPATH "$ORIGIN/${assay_plugin_to_libdir}")
set(ASSAY_LIBRARY_INSTALL_RPATH "$ORIGIN")
