# cmake -DBUILD=<build folder> -DPREFIX=<folder> -P install_prefix.cmake
# Installs the build into PREFIX, emptied first so no file of an earlier install survives.
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${PREFIX}
                OUTPUT_QUIET RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cmake --install ${BUILD} --prefix ${PREFIX} failed (${status})")
endif()
