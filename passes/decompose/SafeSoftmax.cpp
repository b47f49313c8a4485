//===- SafeSoftmax.cpp - softmax that gives zeros for fully masked rows -------===//
//
// `aten._safe_softmax.default(self, dim, dtype)`, which scaled dot-product
// attention's decomposition uses, is softmax except along rows where every
// element of `self` is -inf: softmax gives NaN there, _safe_softmax 0. As
// torch computes it: `where(all(self == -inf, dim, keepdim), 0,
// softmax(self, dim, dtype))`.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

#include <limits>

namespace pt2onnx::passes {

namespace {

bool decomposeSafeSoftmax(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *self = getTensorArg(root, "self");
  std::optional<int64_t> dim = getIntArg(root, "dim");
  if (!self || !self->getType().isTensor() || !self->getType().isRanked() || !dim)
    return rw.notifyMatchFailure(root, "`self` is not a ranked tensor or `dim` not an int");
  ir::Type resultType = root.getResult(0)->getType();
  llvm::SmallVector<ir::NamedAttribute, 2> softmaxArgs{{"dim", ir::Attribute::integer(*dim)}};
  if (const ir::Attribute *dtype = root.getAttr("dtype"); dtype && !dtype->isUnit())
    softmaxArgs.push_back({"dtype", *dtype});
  ir::Value *softmax =
      createAtenOp(rw, "aten.softmax.int", {{"self", self}}, softmaxArgs, {resultType})
          ->getResult(0);
  ir::Value *masked =
      buildAten(rw, "aten.eq.Scalar", {{"self", self}},
                {{"other", ir::Attribute::floating(-std::numeric_limits<double>::infinity())}},
                ir::DType::Bool);
  ir::Value *maskedRows = buildAten(
      rw, "aten.all.dim", {{"self", masked}},
      {{"dim", ir::Attribute::integer(*dim)}, {"keepdim", ir::Attribute::boolean(true)}},
      ir::DType::Bool);
  ir::Value *result =
      createAtenOp(rw, "aten.where.ScalarSelf", {{"condition", maskedRows}, {"other", softmax}},
                   {{"self", ir::Attribute::floating(0.0)}}, {resultType})
          ->getResult(0);
  rw.replaceOp(&root, {result});
  return true;
}

} // namespace

void addSafeSoftmaxDecompositions(DecompositionTable &table) {
  table.add("aten._safe_softmax.default", {"activation", decomposeSafeSoftmax});
}

} // namespace pt2onnx::passes
