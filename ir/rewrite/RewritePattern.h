//===- RewritePattern.h - One local rewrite, its rewriter, sets of them ----===//
//
// A RewritePattern looks at one op (the root: an op of one of the names the
// pattern lists, or any op when it lists none) and the ops around it, and
// either rewrites through the PatternRewriter and returns true, or changes
// nothing and returns false, saying why with `notifyMatchFailure`:
//
//   bool matchAndRewrite(ir::Operation &op, PatternRewriter &rw) override {
//     if (!isSplat(op.getOperand(1)))
//       return rw.notifyMatchFailure(op, "the factor is not a splat constant");
//     rw.replaceOp(&op, {rw.createValue(...)});
//     return true;
//   }
//
// The rewriter creates ops before the root with the root's provenance and
// tells a RewriteListener (the driver, GreedyRewriteDriver.h) what changed.
// A PatternSet holds patterns by root name, the higher benefit first and
// patterns of equal benefit in the order they were added.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_REWRITE_REWRITEPATTERN_H
#define PT2ONNX_IR_REWRITE_REWRITEPATTERN_H

#include "ir/Builder.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"

#include <memory>
#include <string>
#include <vector>

namespace pt2onnx::ir {

/// What a driver learns from a rewrite. Every method does nothing unless
/// overridden.
class RewriteListener {
public:
  virtual ~RewriteListener() = default;
  virtual void notifyOperationCreated(Operation *) {}
  /// `op`'s results are about to be replaced and `op` erased.
  virtual void notifyOperationReplaced(Operation *) {}
  /// `op`, whose results are unused, is about to be erased.
  virtual void notifyOperationErased(Operation *) {}
  /// `op`'s operands have changed in place.
  virtual void notifyOperationModified(Operation *) {}
  /// The pattern being tried on `op` does not apply, for `reason`.
  virtual void notifyMatchFailure(const Operation &, const llvm::Twine &) {}
};

class PatternRewriter {
public:
  explicit PatternRewriter(Module &module, RewriteListener *listener = nullptr)
      : builder(module), listener(listener) {}

  Module &getModule() const { return builder.getModule(); }
  SymContext &getSymContext() const { return builder.getSymContext(); }

  /// Positions new ops before `root` with its provenance; a driver calls it
  /// before each pattern it tries on `root`.
  void setRoot(Operation *root);
  /// Positions new ops before `op` with its provenance, for a rewrite that
  /// replaces an op other than the root.
  void setInsertionPoint(Operation *op);
  Block *getInsertionBlock() const { return builder.getInsertionBlock(); }

  Operation *create(llvm::StringRef name, llvm::ArrayRef<Value *> operands,
                    llvm::ArrayRef<Type> resultTypes, llvm::ArrayRef<NamedAttribute> attrs = {});
  /// Single-result form.
  Value *createValue(llvm::StringRef name, llvm::ArrayRef<Value *> operands,
                     const Type &resultType, llvm::ArrayRef<NamedAttribute> attrs = {});
  /// An `ir.constant` holding `value`.
  Value *createConstant(DenseElements value);
  /// A 1-D int64 constant.
  Value *createI64s(llvm::ArrayRef<int64_t> values);
  /// An integer constant of `type` (rank 0 or 1) holding `values`.
  Value *createInts(const Type &type, llvm::ArrayRef<int64_t> values);

  /// Replaces every use of `op`'s results by `values` and erases `op`. A
  /// value this rewrite created takes the name of the result it replaces.
  void replaceOp(Operation *op, llvm::ArrayRef<Value *> values);
  /// Erases `op`, whose results must be unused.
  void eraseOp(Operation *op);
  /// Sets operand `i` of `op` to `v`; with `insert`, inserts it there.
  void setOperand(Operation *op, unsigned i, Value *v, bool insert = false);

  /// Reports why the current pattern does not apply to `op`; returns false,
  /// so that a pattern can `return rw.notifyMatchFailure(op, "...")`.
  bool notifyMatchFailure(const Operation &op, const llvm::Twine &reason);

private:
  Builder builder;
  RewriteListener *listener;
  llvm::SmallVector<Operation *, 4> created;
};

class RewritePattern {
public:
  /// A pattern for ops named by `rootNames`; with none, for every op.
  RewritePattern(llvm::StringRef name, llvm::ArrayRef<llvm::StringRef> rootNames,
                 unsigned benefit = 1);
  virtual ~RewritePattern() = default;

  /// The name statistics and traces use, e.g. `drop-identity`.
  llvm::StringRef getName() const { return name; }
  llvm::ArrayRef<OperationName> getRootNames() const { return rootNames; }
  unsigned getBenefit() const { return benefit; }

  /// Rewrites `op` and returns true, or changes nothing and returns false
  /// (through `rewriter.notifyMatchFailure`).
  virtual bool matchAndRewrite(Operation &op, PatternRewriter &rewriter) = 0;

private:
  std::string name;
  llvm::SmallVector<OperationName, 1> rootNames;
  unsigned benefit;
};

class PatternSet {
public:
  void add(std::unique_ptr<RewritePattern> pattern);
  template <typename P, typename... Args> void add(Args &&...args) {
    add(std::make_unique<P>(std::forward<Args>(args)...));
  }

  /// The patterns to try on an op named `name`, in order.
  void lookup(OperationName name, llvm::SmallVectorImpl<RewritePattern *> &out) const;

private:
  /// Owns the patterns.
  std::vector<std::unique_ptr<RewritePattern>> patterns;
  llvm::DenseMap<OperationName, llvm::SmallVector<RewritePattern *, 4>> byRoot;
  /// Patterns without root names, for every op.
  llvm::SmallVector<RewritePattern *, 2> anyOp;
};

} // namespace pt2onnx::ir

#endif // PT2ONNX_IR_REWRITE_REWRITEPATTERN_H
