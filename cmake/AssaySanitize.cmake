# ASSAY_SANITIZE: the sanitizers every target of this build is compiled and linked with, as
# -fsanitize takes them ("address,undefined", "thread"); ON means "address,undefined", OFF or
# empty none. Every report stops the process (-fno-sanitize-recover): a UBSan finding that only
# printed a line would leave a test green. The frame pointers keep ASan's stacks whole.
set(ASSAY_SANITIZE OFF CACHE STRING
    "Sanitizers to build with, as -fsanitize takes them (address,undefined); ON = address,undefined")

string(TOUPPER "${ASSAY_SANITIZE}" assay_sanitize_upper)
if(assay_sanitize_upper STREQUAL "ON")
  set(ASSAY_SANITIZERS address,undefined)
elseif(assay_sanitize_upper MATCHES "^(OFF|NO|FALSE|0|)$")
  set(ASSAY_SANITIZERS "")
else()
  set(ASSAY_SANITIZERS "${ASSAY_SANITIZE}")
endif()

if(ASSAY_SANITIZERS)
  if(NOT ASSAY_SANITIZERS MATCHES "^[a-z,-]+$")
    message(FATAL_ERROR "ASSAY_SANITIZE=${ASSAY_SANITIZE}: expected a comma-separated list of "
                        "sanitizer names such as address,undefined")
  endif()
  # vptr alone may recover, so that .ci/ubsan.supp can silence its report inside oneTBB's own
  # flow-graph header (suppressions apply only to recoverable checks); any other vptr report still
  # fails, since UBSAN_OPTIONS=halt_on_error=1 stops at it.
  add_compile_options(-fsanitize=${ASSAY_SANITIZERS} -fno-sanitize-recover=all
                      -fsanitize-recover=vptr -fno-omit-frame-pointer)
  add_link_options(-fsanitize=${ASSAY_SANITIZERS})
  message(STATUS "Assay: sanitizers ${ASSAY_SANITIZERS}")
endif()
