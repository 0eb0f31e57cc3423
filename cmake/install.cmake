# Installation: `cmake --install BUILD [--prefix DIR]` puts the fcsim tool,
# libfcsim (shared and static), the public headers (include/fcsim/), a
# pkg-config file (fcsim.pc) and the man page fcsim.1, generated at build
# time by `fcsim help --man` from the same registries as `fcsim help`.
include(GNUInstallDirs)

# The man page, rebuilt whenever the tool is.
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/fcsim.1
  COMMAND fcsim_cli help --man > ${CMAKE_BINARY_DIR}/fcsim.1.tmp
  COMMAND ${CMAKE_COMMAND} -E rename ${CMAKE_BINARY_DIR}/fcsim.1.tmp ${CMAKE_BINARY_DIR}/fcsim.1
  DEPENDS fcsim_cli
  COMMENT "Generating the man page fcsim.1")
add_custom_target(fcsim_man ALL DEPENDS ${CMAKE_BINARY_DIR}/fcsim.1)

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
install(CODE "
  file(READ \"${CMAKE_BINARY_DIR}/fcsim.pc.in.configured\" pc)
  string(REPLACE \"%FCSIM_PREFIX%\" \"\${CMAKE_INSTALL_PREFIX}\" pc \"\${pc}\")
  file(WRITE \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig/fcsim.pc\" \"\${pc}\")
  message(STATUS \"Installing: \$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig/fcsim.pc\")
")
