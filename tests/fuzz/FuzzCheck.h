//===- FuzzCheck.h - What the fuzz targets assert ---------------*- C++ -*-===//
//
// A fuzz target reports a broken property by aborting: libFuzzer and the
// regression runner both see the abort as a finding. FUZZ_CHECK stays on in
// every build type, unlike assert.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_TESTS_FUZZ_FUZZCHECK_H
#define PT2ONNX_TESTS_FUZZ_FUZZCHECK_H

#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(condition, what)                                                        \
  do {                                                                                     \
    if (!(condition)) {                                                                    \
      std::fprintf(stderr, "%s:%d: fuzz check failed: %s\n", __FILE__, __LINE__, what);    \
      std::abort();                                                                        \
    }                                                                                      \
  } while (false)

#endif // PT2ONNX_TESTS_FUZZ_FUZZCHECK_H
