//===- InferShapes.cpp - Symbolic shape inference ----------------------------===//
//
// Gives every op result the most precise type its op's semantics prove, at
// ATen and ONNX level alike: static dims where provable, symbolic
// expressions over the module's symbols (simplified with their ranges)
// otherwise, unknown only where the size depends on data. The shape
// functions are in passes/shapes/; shape computations (`Shape`, `Gather`,
// `Concat`, SymInts) are followed through KnownInts, so a Reshape to a shape
// computed at run time from symbolic dims gets symbolic dims.
//
// Ops are visited in program order, the ops of an op's regions before the
// op, so every operand's type is final when its user is inferred. For each
// result the recorded type and the inferred one are met: an unknown dim or
// rank takes the inferred value, a symbolic dim becomes static when
// inference proves it so; a recorded dim inference cannot improve is kept.
// Where the two contradict (different static dims, ranks or element types, a
// symbolic dim whose range excludes the inferred size, or two expressions
// that provably differ), that is an error naming the op: the program's
// types are inconsistent, and the pass does not pick one silently. Ops
// without a shape function keep their types. Block arguments (graph inputs,
// region arguments) are never changed.
//
//===----------------------------------------------------------------------===//

#include "ir/Verifier.h"
#include "ir/pass/Pass.h"
#include "passes/Passes.h"
#include "passes/shapes/ShapeFunctions.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

namespace {

using ir::Dim;
using ir::Type;

/// Whether the dim may take the value `v`.
bool mayBe(const Dim &d, int64_t v) {
  if (d.isStatic())
    return d.getSize() == v;
  return d.isUnknown() || d.getExpr().getRange().contains(v);
}

/// The dim both `recorded` and `inferred` describe, or nullopt when they
/// cannot be the same.
std::optional<Dim> meetDim(const Dim &recorded, const Dim &inferred) {
  if (recorded.isUnknown() || recorded == inferred)
    return inferred;
  if (inferred.isUnknown())
    return recorded;
  if (recorded.isStatic()) {
    if (!mayBe(inferred, recorded.getSize()))
      return std::nullopt;
    return recorded;
  }
  if (inferred.isStatic()) {
    if (!mayBe(recorded, inferred.getSize()))
      return std::nullopt;
    return inferred;
  }
  if (!(recorded.getExpr() - inferred.getExpr()).getRange().contains(0))
    return std::nullopt;
  return recorded;
}

/// The type both describe, or nullopt when they contradict each other.
std::optional<Type> meet(const Type &recorded, const InferredType &inferred) {
  const Type &t = inferred.type;
  if (t.getKind() == Type::Kind::SymInt) {
    if (recorded.getKind() != Type::Kind::SymInt || !t.getSymValue())
      return recorded;
    if (!recorded.getSymValue() || recorded.getSymValue() == t.getSymValue())
      return t;
    if (!(recorded.getSymValue() - t.getSymValue()).getRange().contains(0))
      return std::nullopt;
    return recorded;
  }
  if (!t.isTensor() || !recorded.isTensor())
    return recorded;
  if (inferred.dtypeKnown && t.getDType() != recorded.getDType())
    return std::nullopt;
  if (!t.isRanked())
    return recorded;
  if (!recorded.isRanked())
    return t.withDType(recorded.getDType());
  if (t.getRank() != recorded.getRank())
    return std::nullopt;
  llvm::SmallVector<Dim, 4> dims;
  for (auto [r, i] : llvm::zip(recorded.getShape(), t.getShape())) {
    std::optional<Dim> d = meetDim(r, i);
    if (!d)
      return std::nullopt;
    dims.push_back(*d);
  }
  return Type::tensor(recorded.getDType(), dims);
}

/// The program's types are inconsistent: its fault, not the compiler's.
llvm::Error inferenceError(const ir::Operation &op, const llvm::Twine &reason) {
  return pass::makeProgramError(op, "infer-shapes: " + reason);
}

class InferShapes : public pass::Pass {
public:
  llvm::StringRef getName() const override { return "infer-shapes"; }

  llvm::Expected<bool> run(ir::Module &module) override {
    KnownIntsAnalysis ints(module);
    bool changed = false;
    if (llvm::Error err = inferBlock(module, module.getBody(), ints, changed))
      return err;
    return changed;
  }

private:
  static llvm::Error inferBlock(ir::Module &module, ir::Block &block, KnownIntsAnalysis &ints,
                                bool &changed) {
    for (ir::Operation &op : block) {
      for (unsigned r = 0, e = op.getNumRegions(); r != e; ++r)
        for (const auto &nested : op.getRegion(r).getBlocks())
          if (llvm::Error err = inferBlock(module, *nested, ints, changed))
            return err;
      if (llvm::Error err = inferOp(module, op, ints, changed))
        return err;
    }
    return llvm::Error::success();
  }

  static llvm::Error inferOp(ir::Module &module, ir::Operation &op, KnownIntsAnalysis &ints,
                             bool &changed) {
    ShapeFunction fn = getShapeFunctions().lookup(op.getName());
    if (!fn)
      return llvm::Error::success();
    ShapeContext ctx(op, module, ints);
    fn(ctx);
    if (ctx.failed())
      return inferenceError(op, ctx.getFailure());
    bool refined = false;
    for (auto [i, inferred] : llvm::enumerate(ctx.getResults())) {
      if (!inferred)
        continue;
      ir::OpResult *result = op.getResult(unsigned(i));
      const Type &recorded = result->getType();
      std::optional<Type> type = meet(recorded, *inferred);
      if (!type) {
        Type shown = inferred->type;
        if (!inferred->dtypeKnown && shown.isTensor() && recorded.isTensor())
          shown = shown.withDType(recorded.getDType());
        return inferenceError(op, "result #" + llvm::Twine(i) + " has type " + recorded.str() +
                                      " but the op gives " + shown.str());
      }
      if (*type != recorded) {
        result->setType(*type);
        refined = true;
      }
    }
    if (refined) {
      ints.forget(op);
      changed = true;
    }
    return llvm::Error::success();
  }
};

} // namespace

void registerInferShapesPass() {
  pass::registerPass({"infer-shapes",
                      "Give every op result the most precise type its semantics prove (symbolic "
                      "dims included); an error where a recorded type contradicts it",
                      {},
                      [](const pass::PassOptions &) -> llvm::Expected<std::unique_ptr<pass::Pass>> {
                        return std::make_unique<InferShapes>();
                      }});
}

} // namespace pt2onnx::passes
