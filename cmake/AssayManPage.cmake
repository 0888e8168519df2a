# assay.1, generated at build time from the program's own --help texts by help2man:
#   cmake -DASSAY=<bin/assay> -DHELP2MAN=<help2man> -DOUTPUT=<assay.1> -DWORK=<dir> -P AssayManPage.cmake
# help2man writes the page from `assay --help` and `assay --version`; each command's --help
# (found under "Commands:" in `assay --help`) is added as a subsection, verbatim (.nf), so the
# page says what the program says.
execute_process(COMMAND "${ASSAY}" --help OUTPUT_VARIABLE host_help RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "${ASSAY} --help failed")
endif()
string(REGEX MATCH "Commands:\n(.*)" commands_on "${host_help}")
string(FIND "${CMAKE_MATCH_1}" "\n\n" end)
string(SUBSTRING "${CMAKE_MATCH_1}" 0 ${end} command_lines)
string(REGEX MATCHALL "(^|\n)  [a-z]+" commands "${command_lines}")

set(include_text "[COMMANDS IN DETAIL]\n")
foreach(command ${commands})
  string(STRIP "${command}" command)
  execute_process(COMMAND "${ASSAY}" ${command} --help OUTPUT_VARIABLE help RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "${ASSAY} ${command} --help failed")
  endif()
  # Roff: a backslash is written \e, and a line starting with . or ' would be a request.
  string(REPLACE "\\" "\\e" help "${help}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" help "${help}")
  string(APPEND include_text ".SS assay ${command}\n.nf\n${help}\n.fi\n")
endforeach()
file(WRITE "${WORK}/assay.h2m" "${include_text}")

execute_process(COMMAND "${HELP2MAN}" --no-info --no-discard-stderr
                        "--name=run research methods as plugins, in pipelines and sweeps, into HDF5"
                        "--include=${WORK}/assay.h2m" "--output=${OUTPUT}" "${ASSAY}"
                RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "help2man failed on ${ASSAY}")
endif()
