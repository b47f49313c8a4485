//===- OpHistogram.h - How many ops of each name a module holds -------------===//
//
// The op histogram of a module and how a pipeline changed it: what
// `pt2onnx-opt --stats` tabulates, and what `pt2onnx --stats` and
// `--report` show of the program that came in and the model that went out.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_TOOLS_OPHISTOGRAM_H
#define PT2ONNX_TOOLS_OPHISTOGRAM_H

#include "ir/Module.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace pt2onnx::tools {

/// Op name to count, sorted by name.
using OpHistogram = std::map<std::string, size_t>;

/// Every op of `module`, nested ones included, but the module and its graphs.
OpHistogram countOpNames(const ir::Module &module);

/// The total of the counts.
size_t countOps(const OpHistogram &histogram);
/// The same total, of `module` directly.
size_t countOps(const ir::Module &module);

/// The entries, the most frequent first, ties in name order.
std::vector<std::pair<std::string, size_t>> sortByCount(const OpHistogram &histogram);

/// Every op name whose count changed from `before` to `after`, with both
/// counts and the delta, the largest changes first, then the totals.
void printHistogramChange(const OpHistogram &before, const OpHistogram &after,
                          llvm::raw_ostream &os);

} // namespace pt2onnx::tools

#endif // PT2ONNX_TOOLS_OPHISTOGRAM_H
