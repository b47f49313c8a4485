# pt2onnx_add_library(NAME SOURCES... DEPENDS targets...)
# One library per layer folder. Headers sit beside their sources and are
# included as "<folder>/<Header>.h" from the repository root; installed, they
# keep that layout under include/pt2onnx.
function(pt2onnx_add_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;HEADERS;DEPENDS;PRIVATE_DEPENDS" ${ARGN})
  add_library(${name} ${ARG_SOURCES})
  add_library(pt2onnx::${name} ALIAS ${name})
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/pt2onnx>)
  target_link_libraries(${name} PUBLIC ${ARG_DEPENDS}
                                PRIVATE $<BUILD_INTERFACE:pt2onnx_options> ${ARG_PRIVATE_DEPENDS})
  set_target_properties(${name} PROPERTIES OUTPUT_NAME pt2onnx_${name} POSITION_INDEPENDENT_CODE ON)
  file(RELATIVE_PATH _rel ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR})
  install(FILES ${ARG_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/pt2onnx/${_rel})
  install(TARGETS ${name} EXPORT pt2onnxTargets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
endfunction()
