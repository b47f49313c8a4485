//===- DotWriter.h - A module as a Graphviz graph ---------------------------===//
//
// `pt2onnx-opt --dot FILE` writes the program as a Graphviz digraph, built
// with Boost.Graph and written by its `write_graphviz`: one node per op,
// labelled with the op name and its result type and filled with the colour
// of its family (getDotFamilies), one per graph input, and an edge from each
// value's definition to each of its users. Graphs, and the regions of ops
// such as If, Loop and cond, are clusters (`subgraph clusterN`). The output
// depends only on the module: nodes and clusters are numbered in program
// order.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_TOOLS_DOTWRITER_H
#define PT2ONNX_TOOLS_DOTWRITER_H

#include "ir/Module.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

namespace pt2onnx::tools {

/// An op family and its fill colour.
struct DotFamily {
  llvm::StringLiteral name;
  llvm::StringLiteral color;
};

/// The families, in the order the legend lists them: elementwise, conv and
/// matrix products, normalization, shape, reduction, indexing, control
/// flow, constants and weights, other.
llvm::ArrayRef<DotFamily> getDotFamilies();

/// The family of an op name (`onnx.Conv`, `aten.add.Tensor`, `ir.constant`).
const DotFamily &classifyForDot(llvm::StringRef opName);

void writeDot(const ir::Module &module, llvm::raw_ostream &os);

} // namespace pt2onnx::tools

#endif // PT2ONNX_TOOLS_DOTWRITER_H
