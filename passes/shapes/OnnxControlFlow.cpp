//===- OnnxControlFlow.cpp - Shapes of If, Loop and Scan --------------------===//
//
// The results of a control-flow op take what every path agrees on: If's the
// join of both branches' yields, Loop's and Scan's carried values the join of
// their initial value and what the body yields; scan outputs stack the
// body's per-iteration value along a new axis (of unknown length for Loop,
// the scanned dim's for Scan). The regions' own ops are inferred before the
// op that owns them.
//
//===----------------------------------------------------------------------===//

#include "passes/shapes/ShapeFunctions.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

using ir::Dim;
using ir::Type;

namespace {

using Dims = llvm::SmallVector<Dim, 4>;

/// What two types agree on: equal dims kept, others unknown; unranked when
/// the ranks differ. Null when they are not both tensors of one dtype.
std::optional<Type> join(const Type &a, const Type &b) {
  if (!a.isTensor() || !b.isTensor() || a.getDType() != b.getDType())
    return std::nullopt;
  if (!a.isRanked() || !b.isRanked() || a.getRank() != b.getRank())
    return Type::unrankedTensor(a.getDType());
  Dims dims;
  for (auto [da, db] : llvm::zip(a.getShape(), b.getShape()))
    dims.push_back(da == db ? da : Dim::unknown());
  return Type::tensor(a.getDType(), dims);
}

/// The operands of the terminator of `region`'s entry block, or null.
ir::Operation *yieldOf(const ir::Region &region) {
  if (region.empty())
    return nullptr;
  return region.front().getTerminator();
}

void inferIf(ShapeContext &ctx) {
  ir::Operation &op = ctx.getOp();
  if (op.getNumRegions() != 2)
    return;
  ir::Operation *thenYield = yieldOf(op.getRegion(0)), *elseYield = yieldOf(op.getRegion(1));
  if (!thenYield || !elseYield)
    return;
  if (thenYield->getNumOperands() != op.getNumResults() ||
      elseYield->getNumOperands() != op.getNumResults())
    return ctx.fail("has branches that yield " + llvm::Twine(thenYield->getNumOperands()) +
                    " and " + llvm::Twine(elseYield->getNumOperands()) + " values for " +
                    llvm::Twine(op.getNumResults()) + " results");
  for (unsigned i = 0, e = op.getNumResults(); i != e; ++i)
    if (std::optional<Type> t =
            join(thenYield->getOperand(i)->getType(), elseYield->getOperand(i)->getType()))
      ctx.setResult(i, *t);
}

/// Scan outputs: the per-iteration type with `length` inserted at `axis`.
void setStacked(ShapeContext &ctx, unsigned result, const Type &item, Dim length, int64_t axis) {
  if (!item.isTensor())
    return;
  if (!item.isRanked())
    return ctx.setUnranked(result, item.getDType());
  int64_t rank = int64_t(item.getRank()) + 1;
  std::optional<int64_t> a = ctx.normalizeAxis(axis, rank);
  if (!a)
    return;
  Dims dims(item.getShape());
  dims.insert(dims.begin() + *a, length);
  ctx.setTensor(result, item.getDType(), dims);
}

void inferLoop(ShapeContext &ctx) {
  ir::Operation &op = ctx.getOp();
  ir::Operation *yield = op.getNumRegions() == 1 ? yieldOf(op.getRegion(0)) : nullptr;
  if (!yield || op.getNumOperands() < 2)
    return;
  unsigned carried = op.getNumOperands() - 2;
  if (yield->getNumOperands() != 1 + op.getNumResults() || carried > op.getNumResults())
    return ctx.fail("has a body that yields " + llvm::Twine(yield->getNumOperands()) +
                    " values for " + llvm::Twine(op.getNumResults()) + " results");
  for (unsigned i = 0; i < carried; ++i)
    if (std::optional<Type> t =
            join(op.getOperand(2 + i)->getType(), yield->getOperand(1 + i)->getType()))
      ctx.setResult(i, *t);
  for (unsigned i = carried, e = op.getNumResults(); i != e; ++i)
    setStacked(ctx, i, yield->getOperand(1 + i)->getType(), Dim::unknown(), 0);
}

void inferScan(ShapeContext &ctx) {
  ir::Operation &op = ctx.getOp();
  ir::Operation *yield = op.getNumRegions() == 1 ? yieldOf(op.getRegion(0)) : nullptr;
  std::optional<int64_t> numScanInputs = ctx.getOptionalInt("num_scan_inputs");
  if (!yield || !numScanInputs)
    return;
  if (*numScanInputs < 0 || *numScanInputs > int64_t(op.getNumOperands()))
    return ctx.fail("has num_scan_inputs " + llvm::Twine(*numScanInputs) + " for " +
                    llvm::Twine(op.getNumOperands()) + " operands");
  unsigned states = op.getNumOperands() - unsigned(*numScanInputs);
  if (yield->getNumOperands() != op.getNumResults() || states > op.getNumResults())
    return ctx.fail("has a body that yields " + llvm::Twine(yield->getNumOperands()) +
                    " values for " + llvm::Twine(op.getNumResults()) + " results");
  for (unsigned i = 0; i < states; ++i)
    if (std::optional<Type> t = join(op.getOperand(i)->getType(), yield->getOperand(i)->getType()))
      ctx.setResult(i, *t);
  // Every scan input has the same length along its scanned axis.
  Dim length = Dim::unknown();
  auto inputAxes = ctx.getInts("scan_input_axes");
  if (*numScanInputs > 0)
    if (auto x = ctx.shape(states)) {
      int64_t axis = inputAxes && !inputAxes->empty() ? (*inputAxes)[0] : 0;
      if (std::optional<int64_t> a = ctx.normalizeAxis(axis, int64_t(x->size())))
        length = (*x)[*a];
    }
  auto outputAxes = ctx.getInts("scan_output_axes");
  for (unsigned i = states, e = op.getNumResults(); i != e; ++i) {
    size_t k = i - states;
    int64_t axis = outputAxes && k < outputAxes->size() ? (*outputAxes)[k] : 0;
    setStacked(ctx, i, yield->getOperand(i)->getType(), length, axis);
  }
}

} // namespace

void registerOnnxControlFlowShapes(ShapeFunctionRegistry &r) {
  r.addOnnx("onnx.If", inferIf);
  r.addOnnx("onnx.Loop", inferLoop);
  r.addOnnx("onnx.Scan", inferScan);
}

} // namespace pt2onnx::passes
