//===- Provenance.h - Where an op came from ---------------------------------===//
//
// Every op records the torch node it came from: the node's name and its
// metadata (stack_trace, nn_module_stack, source_fn_stack, torch_fn, custom
// entries, ...) as ordered key/value strings, exactly as torch serialized
// them. Provenance is immutable and shared: ops created while rewriting
// another op point at the same record, which is how they inherit it.
//
// A record is one allocation: the field table and the bytes of its strings
// follow it in memory, so an imported graph pays one allocation per node for
// its provenance, not one per string. Neighbouring nodes mostly repeat their
// stack_trace and nn_module_stack: a new record borrows the strings it has
// in common with the record made just before it (on the same thread) and
// keeps the record that holds their bytes alive, instead of copying them.
//
// Textual form: `loc("add_1")`, or with metadata
// `loc(fused<{stack_trace = "...", torch_fn = "..."}>["add_1"])`.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_PROVENANCE_H
#define PT2ONNX_IR_PROVENANCE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"

#include <atomic>
#include <string>
#include <utility>
#include <vector>

namespace pt2onnx::ir {

class Provenance;
using ProvenanceRef = llvm::IntrusiveRefCntPtr<const Provenance>;

class Provenance {
public:
  using Field = std::pair<llvm::StringRef, llvm::StringRef>;

  /// Both point into the record itself.
  llvm::StringRef nodeName;
  /// Sorted by key, keys unique.
  llvm::ArrayRef<Field> fields;

  /// The value of `key`, or an empty StringRef.
  llvm::StringRef lookup(llvm::StringRef key) const;
  /// `file:line` of the innermost frame of `stack_trace` (torch writes the
  /// user's frame last), or empty.
  std::string getSourceLocation() const;
  /// Builds a record, sorting the fields by key; of duplicate keys the last
  /// one wins, as a dict assignment would.
  static ProvenanceRef make(llvm::StringRef nodeName,
                            std::vector<std::pair<std::string, std::string>> fields = {});
  /// The same from views of the strings, which the record copies.
  static ProvenanceRef copyOf(llvm::StringRef nodeName, llvm::ArrayRef<Field> fields);

  Provenance(const Provenance &) = delete;
  Provenance &operator=(const Provenance &) = delete;

  // For ProvenanceRef.
  void Retain() const { refs.fetch_add(1, std::memory_order_relaxed); }
  void Release() const;

private:
  Provenance() = default;
  ~Provenance() = default;
  mutable std::atomic<uint32_t> refs{0};
  /// The record whose bytes this one borrows, if any; never a record that
  /// borrows itself, so releasing a record releases at most one more.
  ProvenanceRef owner;
};

} // namespace pt2onnx::ir

#endif // PT2ONNX_IR_PROVENANCE_H
