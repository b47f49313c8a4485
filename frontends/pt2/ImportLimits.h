//===- ImportLimits.h - What the frontend accepts at most ------*- C++ -*-===//
//
// The bounds that keep the import of an untrusted archive within memory and
// stack: an input beyond one is an error located in it, never an allocation
// that fails or a recursion that overflows. The defaults are far above what
// real programs need (the largest of the test corpus: 1,281 nodes in one
// graph, JSON nested 17 levels, subgraphs 1 level, strings of 2 KB, weights
// 1.06 times the archive's size); the tools raise them with flags of the
// same names (docs/cli.md).
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_FRONTENDS_PT2_IMPORTLIMITS_H
#define PT2ONNX_FRONTENDS_PT2_IMPORTLIMITS_H

#include <cstdint>

namespace pt2onnx::pt2 {

struct ImportLimits {
  /// Nodes of one graph: the main graph or one subgraph (--max-nodes).
  uint64_t maxGraphNodes = 1'000'000;
  /// Nodes of all graphs together (--max-total-nodes).
  uint64_t maxTotalNodes = 4'000'000;
  /// Nesting of JSON arrays and objects (--max-json-depth), checked before
  /// the JSON is parsed.
  uint64_t maxJsonDepth = 1024;
  /// Nesting of the subgraphs of control flow (cond, while_loop, scan, map)
  /// inside each other (--max-region-depth).
  uint64_t maxRegionDepth = 64;
  /// Bytes of one JSON string: names, op names, metadata
  /// (--max-string-length).
  uint64_t maxStringLength = uint64_t(1) << 20;
  /// The weights (every tensor the program uses, counted once per name) and
  /// the inflated entries may each take at most this many bytes per byte of
  /// the archive file (--max-weight-ratio): a payload cannot inflate beyond
  /// it, whatever its entries or views declare.
  uint64_t maxWeightRatio = 64;
  /// ... and at most this many bytes in all (--max-weight-bytes).
  uint64_t maxWeightBytes = uint64_t(64) << 30;
};

} // namespace pt2onnx::pt2

#endif // PT2ONNX_FRONTENDS_PT2_IMPORTLIMITS_H
