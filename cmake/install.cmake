# SPDX-License-Identifier: BSD-3-Clause
# Installation: `cmake --install BUILD [--prefix DIR]` puts the fcsim tool,
# libfcsim (shared and static), the public headers (include/fcsim/), a
# pkg-config file (fcsim.pc), a CMake package (find_package(fcsim CONFIG):
# fcsim::fcsim, fcsim::fcsim_static), the man page fcsim.1 and the bash and
# zsh completion (generated at build time by `fcsim help --man` and `fcsim
# help --completion` from the command-option table and the key registry),
# the examples (share/fcsim/examples), the documents (share/doc/fcsim) and
# the Python package (python/fcsim, beside the library it loads).
# Everything installed runs without LD_LIBRARY_PATH under any prefix: the
# binaries carry a RUNPATH relative to themselves ($ORIGIN), and the
# pkg-config and CMake files give programs built against the library its
# directory as their RUNPATH.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

file(RELATIVE_PATH FCSIM_BIN_TO_LIB "/${CMAKE_INSTALL_BINDIR}" "/${CMAKE_INSTALL_LIBDIR}")
set_target_properties(fcsim_cli PROPERTIES INSTALL_RPATH "$ORIGIN/${FCSIM_BIN_TO_LIB}")
set_target_properties(fcsim_shared PROPERTIES INSTALL_RPATH "$ORIGIN")

# The man page, rebuilt whenever the tool is.
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/fcsim.1
  COMMAND fcsim_cli help --man > ${CMAKE_BINARY_DIR}/fcsim.1.tmp
  COMMAND ${CMAKE_COMMAND} -E rename ${CMAKE_BINARY_DIR}/fcsim.1.tmp ${CMAKE_BINARY_DIR}/fcsim.1
  DEPENDS fcsim_cli
  COMMENT "Generating the man page fcsim.1")
add_custom_target(fcsim_man ALL DEPENDS ${CMAKE_BINARY_DIR}/fcsim.1)
# The shell completion, from the same tables.
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/completion/fcsim ${CMAKE_BINARY_DIR}/completion/_fcsim
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/completion
  COMMAND fcsim_cli help --completion bash > ${CMAKE_BINARY_DIR}/completion/fcsim
  COMMAND fcsim_cli help --completion zsh > ${CMAKE_BINARY_DIR}/completion/_fcsim
  DEPENDS fcsim_cli
  COMMENT "Generating the shell completion")
add_custom_target(fcsim_completion ALL DEPENDS ${CMAKE_BINARY_DIR}/completion/fcsim)

# pkg-config: absolute directories even when GNUInstallDirs gives relative ones.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(FCSIM_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
else()
  set(FCSIM_PC_LIBDIR "\${exec_prefix}/${CMAKE_INSTALL_LIBDIR}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(FCSIM_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(FCSIM_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
set(FCSIM_PC_OPENMP "")
if(OpenMP_C_FOUND)
  set(FCSIM_PC_OPENMP "${OpenMP_C_FLAGS}")
endif()
# The prefix is only known at install time (--prefix): the file keeps a
# placeholder until then.
set(FCSIM_PC_PREFIX "%FCSIM_PREFIX%")
configure_file(${CMAKE_SOURCE_DIR}/cmake/fcsim.pc.in ${CMAKE_BINARY_DIR}/fcsim.pc.in.configured @ONLY)

install(TARGETS fcsim_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS fcsim fcsim_shared
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/fcsim DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h")
install(FILES ${CMAKE_BINARY_DIR}/fcsim.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${CMAKE_BINARY_DIR}/completion/fcsim DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${CMAKE_BINARY_DIR}/completion/_fcsim DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/site-functions)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/examples/ DESTINATION ${CMAKE_INSTALL_DATADIR}/fcsim/examples
  USE_SOURCE_PERMISSIONS PATTERN "out" EXCLUDE PATTERN "__pycache__" EXCLUDE)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR} FILES_MATCHING PATTERN "*.md")
install(FILES ${CMAKE_SOURCE_DIR}/README.md ${CMAKE_SOURCE_DIR}/LICENSE ${CMAKE_SOURCE_DIR}/CHANGELOG.md
  ${CMAKE_SOURCE_DIR}/CITATION.cff DESTINATION ${CMAKE_INSTALL_DOCDIR})

# The CMake package: fcsimConfig.cmake finds the installed files relative to
# itself, so the tree may be moved; fcsimConfigVersion.cmake accepts requests
# for the same major version (same minor before 1.0: the soname's rule).
set(FCSIM_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/fcsim)
file(RELATIVE_PATH FCSIM_CMAKE_TO_PREFIX "/${FCSIM_CMAKE_DIR}" "/")
set(FCSIM_CONFIG_OPENMP "")
if(OpenMP_C_FOUND)
  set(FCSIM_CONFIG_OPENMP "${OpenMP_C_FLAGS}")
endif()
configure_file(${CMAKE_SOURCE_DIR}/cmake/fcsimConfig.cmake.in ${CMAKE_BINARY_DIR}/fcsimConfig.cmake @ONLY)
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(FCSIM_COMPAT SameMinorVersion)
else()
  set(FCSIM_COMPAT SameMajorVersion)
endif()
write_basic_package_version_file(${CMAKE_BINARY_DIR}/fcsimConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY ${FCSIM_COMPAT})
install(FILES ${CMAKE_BINARY_DIR}/fcsimConfig.cmake ${CMAKE_BINARY_DIR}/fcsimConfigVersion.cmake
  DESTINATION ${FCSIM_CMAKE_DIR})
install(CODE "
  file(READ \"${CMAKE_BINARY_DIR}/fcsim.pc.in.configured\" pc)
  string(REPLACE \"%FCSIM_PREFIX%\" \"\${CMAKE_INSTALL_PREFIX}\" pc \"\${pc}\")
  file(WRITE \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig/fcsim.pc\" \"\${pc}\")
  message(STATUS \"Installing: \$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig/fcsim.pc\")
")

# The Python package (python/fcsim): pure Python over the installed libfcsim
# (ctypes), in PREFIX/lib/python3/site-packages (PYTHONPATH), with
# _install.py recording where the library is: relative to the package first
# (the tree may be moved), then the absolute directory it was installed to.
set(FCSIM_PY_DIR ${CMAKE_INSTALL_LIBDIR}/python3/site-packages)
file(RELATIVE_PATH FCSIM_PY_TO_LIB "/${FCSIM_PY_DIR}/fcsim" "/${CMAKE_INSTALL_LIBDIR}")
install(DIRECTORY ${CMAKE_SOURCE_DIR}/python/fcsim DESTINATION ${FCSIM_PY_DIR}
  FILES_MATCHING PATTERN "*.py" PATTERN "__pycache__" EXCLUDE PATTERN "_install.py" EXCLUDE)
install(CODE "
  set(libdir \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}\")
  if(IS_ABSOLUTE \"${CMAKE_INSTALL_LIBDIR}\")
    set(libdir \"${CMAKE_INSTALL_LIBDIR}\")
  endif()
  file(WRITE \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${FCSIM_PY_DIR}/fcsim/_install.py\"
\"# Written by cmake --install: where this package finds libfcsim.
LIBDIR_RELATIVE = '${FCSIM_PY_TO_LIB}'
LIBDIR = '\${libdir}'
SONAME = 'libfcsim.so.${FCSIM_SOVERSION}'
\")
  message(STATUS \"Installing: \$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${FCSIM_PY_DIR}/fcsim/_install.py\")
")
