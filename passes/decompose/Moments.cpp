//===- Moments.cpp - std_mean and var_mean by unbiased flag ------------------===//
//
// `aten.std_mean.default(self, unbiased)`, `.dim(self, dim, unbiased,
// keepdim)` and their `var_mean` twins are the `.correction` overload
// (which the lowering takes) with correction 1 when unbiased, else 0, and
// the same dims; `.default` reduces every dim.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

/// <name>.default/.dim as `target` (the .correction overload).
DecomposeFn decomposeByCorrection(llvm::StringRef target) {
  return [target](ir::Operation &root, ir::PatternRewriter &rw) {
    ir::Value *self = getTensorArg(root, "self");
    if (!self)
      return rw.notifyMatchFailure(root, "`self` is not a tensor");
    // unbiased defaults to True.
    const ir::Attribute *unbiased = root.getAttr("unbiased");
    if (unbiased && unbiased->getKind() != ir::Attribute::Kind::Bool)
      return rw.notifyMatchFailure(root, "`unbiased` is not a bool");
    bool isUnbiased = !unbiased || unbiased->getBool();
    llvm::SmallVector<ir::NamedAttribute, 3> attrs{
        {"correction", ir::Attribute::integer(isUnbiased ? 1 : 0)}};
    for (llvm::StringRef name : {"dim", "keepdim"})
      if (const ir::Attribute *attr = root.getAttr(name); attr && !attr->isUnit())
        attrs.push_back({name.str(), *attr});
    ir::Operation *moments =
        createAtenOp(rw, target, {{"self", self}}, attrs,
                     {root.getResult(0)->getType(), root.getResult(1)->getType()});
    rw.replaceOp(&root, {moments->getResult(0), moments->getResult(1)});
    return true;
  };
}

} // namespace

void addMomentsDecompositions(DecompositionTable &table) {
  DecomposeFn stdMean = decomposeByCorrection("aten.std_mean.correction");
  DecomposeFn varMean = decomposeByCorrection("aten.var_mean.correction");
  table.add("aten.std_mean.default", {"moments", stdMean});
  table.add("aten.std_mean.dim", {"moments", stdMean});
  table.add("aten.var_mean.default", {"moments", varMean});
  table.add("aten.var_mean.dim", {"moments", varMean});
}

} // namespace pt2onnx::passes
