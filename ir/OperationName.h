//===- OperationName.h - Interned op names and their known schemas --------===//
//
// Op names are dialect-qualified strings (`aten.add.Tensor`, `onnx.Conv`,
// `ir.return`). Each distinct name is interned once per process, so an
// OperationName is a pointer: comparing and hashing are O(1). A name may carry
// an OpSchema (operand/result/region counts) that the verifier enforces;
// layers register the schemas they know.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_OPERATIONNAME_H
#define PT2ONNX_IR_OPERATIONNAME_H

#include "llvm/ADT/DenseMapInfo.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace pt2onnx::ir {

/// Arity facts about an op; `kVariadic` for no upper bound.
struct OpSchema {
  static constexpr unsigned kVariadic = ~0u;
  unsigned minOperands = 0;
  unsigned maxOperands = kVariadic;
  unsigned minResults = 0;
  unsigned maxResults = kVariadic;
  unsigned numRegions = 0;
  /// Must be the last op of its block (return, yield).
  bool isTerminator = false;
};

class OperationName {
public:
  /// Interns `name`. Thread-safe.
  static OperationName get(llvm::StringRef name);
  /// Interns `name` and attaches `schema` to it (replacing an earlier one).
  static OperationName registerSchema(llvm::StringRef name, OpSchema schema);

  llvm::StringRef getStringRef() const;
  /// The text before the first '.', e.g. `aten`.
  llvm::StringRef getDialect() const;
  const OpSchema *getSchema() const;

  bool operator==(OperationName o) const { return impl == o.impl; }
  bool operator!=(OperationName o) const { return impl != o.impl; }
  const void *getAsOpaquePointer() const { return impl; }
  static OperationName getFromOpaquePointer(const void *p) {
    return OperationName(static_cast<const Impl *>(p));
  }

  struct Impl;

private:
  explicit OperationName(const Impl *impl) : impl(impl) {}
  const Impl *impl;
};

} // namespace pt2onnx::ir

namespace llvm {
template <> struct DenseMapInfo<pt2onnx::ir::OperationName> {
  using Name = pt2onnx::ir::OperationName;
  static Name getEmptyKey() {
    return Name::getFromOpaquePointer(DenseMapInfo<const void *>::getEmptyKey());
  }
  static Name getTombstoneKey() {
    return Name::getFromOpaquePointer(DenseMapInfo<const void *>::getTombstoneKey());
  }
  static unsigned getHashValue(Name n) {
    return DenseMapInfo<const void *>::getHashValue(n.getAsOpaquePointer());
  }
  static bool isEqual(Name a, Name b) { return a == b; }
};
} // namespace llvm

#endif // PT2ONNX_IR_OPERATIONNAME_H
