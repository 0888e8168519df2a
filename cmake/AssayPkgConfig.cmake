# assay.pc: the SDK for pkg-config, installed in <libdir>/pkgconfig beside the CMake package.
# Its prefix is found from the file's own folder, so it stays right when the install is moved.
# The compile flags are the ones Assay::flags carries to every user (evaluated from the target,
# so the two cannot drift apart).
assay_relative_path(ASSAY_PC_TO_PREFIX ${CMAKE_INSTALL_LIBDIR}/pkgconfig "")
string(JOIN "" ASSAY_PC_SDK_FLAGS
       "$<JOIN:$<TARGET_PROPERTY:assay_flags,INTERFACE_COMPILE_OPTIONS>, >"
       "$<$<BOOL:$<TARGET_PROPERTY:assay_flags,INTERFACE_COMPILE_DEFINITIONS>>: -D>"
       "$<JOIN:$<TARGET_PROPERTY:assay_flags,INTERFACE_COMPILE_DEFINITIONS>, -D>")
file(READ ${CMAKE_CURRENT_LIST_DIR}/assay.pc.in assay_pc_template)
string(CONFIGURE "${assay_pc_template}" assay_pc @ONLY)
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/assay.pc CONTENT "${assay_pc}" TARGET assay_sdk)
install(FILES ${PROJECT_BINARY_DIR}/assay.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
