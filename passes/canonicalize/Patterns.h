//===- Patterns.h - Local rewrites the canonicalizer applies ---------------===//
//
// A canonicalization pattern looks at one op (the root) and its operands'
// definitions, and when it proves a simpler equivalent form, builds it
// through the Rewriter and replaces the root: it returns true then, false
// (having changed nothing) otherwise. Patterns are exact: the rewritten
// program computes bit-identical results for every input the types allow.
//
// The Rewriter creates ops before the root with the root's provenance, and
// tells the driver what changed so that it revisits the affected ops. A
// value replacing a named result takes its name when the rewrite created it.
//
// Families, each registering its patterns by root op name:
//   ViewPatterns.cpp        Reshape, Squeeze, Unsqueeze, Flatten, Transpose,
//                           Expand, Slice, Concat, Pad
//   ArithmeticPatterns.cpp  Identity, Cast, x*1, x/1, x+0, x-0, x&true, x|false
//   ShapePatterns.cpp       shape computations whose value is known
//   AtenPatterns.cpp        ATen copies and views that change nothing
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_CANONICALIZE_PATTERNS_H
#define PT2ONNX_PASSES_CANONICALIZE_PATTERNS_H

#include "ir/Builder.h"
#include "passes/shapes/KnownInts.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace pt2onnx::passes {

/// What the driver learns from a rewrite.
class RewriteListener {
public:
  virtual ~RewriteListener() = default;
  virtual void notifyCreated(ir::Operation *op) = 0;
  /// `op`'s results are about to be replaced and `op` erased.
  virtual void notifyReplacing(ir::Operation *op) = 0;
};

class Rewriter {
public:
  Rewriter(ir::Module &module, KnownIntsAnalysis &ints, RewriteListener &listener)
      : builder(module), ints(ints), listener(listener) {}

  ir::Module &getModule() const { return builder.getModule(); }
  ir::SymContext &getSymContext() const { return builder.getSymContext(); }
  KnownIntsAnalysis &getInts() const { return ints; }
  /// Positions new ops before `root` with its provenance.
  void setRoot(ir::Operation *root);

  ir::Operation *create(llvm::StringRef name, llvm::ArrayRef<ir::Value *> operands,
                        llvm::ArrayRef<ir::Type> resultTypes,
                        llvm::ArrayRef<ir::NamedAttribute> attrs = {});
  /// Single-result form.
  ir::Value *createValue(llvm::StringRef name, llvm::ArrayRef<ir::Value *> operands,
                         const ir::Type &resultType, llvm::ArrayRef<ir::NamedAttribute> attrs = {});
  /// A 1-D int64 constant.
  ir::Value *createI64s(llvm::ArrayRef<int64_t> values);
  /// An integer constant of `type` (rank 0 or 1) holding `values`.
  ir::Value *createInts(const ir::Type &type, llvm::ArrayRef<int64_t> values);

  /// Replaces every use of `op`'s results by `values` and erases `op`.
  void replaceOp(ir::Operation *op, llvm::ArrayRef<ir::Value *> values);

  /// Whether no ATen op of the module writes in place or into an `out=`
  /// argument (so a copy and its input stay equal).
  bool isFunctional();

private:
  ir::Builder builder;
  KnownIntsAnalysis &ints;
  RewriteListener &listener;
  llvm::SmallVector<ir::Operation *, 4> created;
  std::optional<bool> functional;
};

/// Rewrites the root op; true when it did. Roots have one result and at
/// least the operands their pattern was registered with.
using Pattern = bool (*)(ir::Operation &root, Rewriter &rewriter);

class PatternSet {
public:
  struct Entry {
    Pattern pattern;
    unsigned minOperands;
  };
  /// `pattern` rewrites ops named `opName` that have one result and at least
  /// `minOperands` operands (malformed ops are left to the verifier).
  void add(llvm::StringRef opName, Pattern pattern, unsigned minOperands = 1);
  llvm::ArrayRef<Entry> lookup(ir::OperationName name) const;

private:
  llvm::DenseMap<ir::OperationName, llvm::SmallVector<Entry, 2>> patterns;
};

void addViewPatterns(PatternSet &patterns);
void addArithmeticPatterns(PatternSet &patterns);
void addShapePatterns(PatternSet &patterns);
void addAtenPatterns(PatternSet &patterns);

// ---- Helpers patterns share ---------------------------------------------------

/// The op defining `v` when it is named `name` and has one result and an
/// operand, else null.
ir::Operation *definedBy(ir::Value *v, llvm::StringRef name);
/// The integer attribute `name` of `op`, or `fallback`.
int64_t intAttr(const ir::Operation &op, llvm::StringRef name, int64_t fallback);
/// Whether two dims are provably equal (static and equal, or the same
/// expression).
bool sameDim(const ir::Dim &a, const ir::Dim &b);
/// Whether `t` is a ranked tensor type without unknown dims.
bool isFullyKnown(const ir::Type &t);
/// Whether `op` is an ATen op that writes a tensor operand: in place
/// (`add_`) or into an `out=` argument.
bool writesInPlace(const ir::Operation &op);

} // namespace pt2onnx::passes

#endif // PT2ONNX_PASSES_CANONICALIZE_PATTERNS_H
