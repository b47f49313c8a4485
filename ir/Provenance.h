//===- Provenance.h - Where an op came from ---------------------------------===//
//
// Every op records the torch node it came from: the node's name and its
// metadata (stack_trace, nn_module_stack, source_fn_stack, torch_fn, custom
// entries, ...) as ordered key/value strings, exactly as torch serialized
// them. Provenance is immutable and shared: ops created while rewriting
// another op point at the same record, which is how they inherit it.
//
// Textual form: `loc("add_1")`, or with metadata
// `loc(fused<{stack_trace = "...", torch_fn = "..."}>["add_1"])`.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_PROVENANCE_H
#define PT2ONNX_IR_PROVENANCE_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace pt2onnx::ir {

struct Provenance {
  std::string nodeName;
  /// Sorted by key, keys unique. A std::vector rather than a SmallVector:
  /// one record per torch node, and inline capacity would cost every record
  /// hundreds of bytes whether it has fields or not.
  std::vector<std::pair<std::string, std::string>> fields;

  /// The value of `key`, or an empty StringRef.
  llvm::StringRef lookup(llvm::StringRef key) const;
  /// `file:line` of the innermost frame of `stack_trace` (torch writes the
  /// user's frame last), or empty.
  std::string getSourceLocation() const;
  /// Builds a record, sorting the fields by key.
  static std::shared_ptr<const Provenance>
  make(llvm::StringRef nodeName,
       std::vector<std::pair<std::string, std::string>> fields = {});
};

using ProvenanceRef = std::shared_ptr<const Provenance>;

} // namespace pt2onnx::ir

#endif // PT2ONNX_IR_PROVENANCE_H
