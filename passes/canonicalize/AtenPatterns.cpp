//===- AtenPatterns.cpp - ATen copies and views that change nothing --------===//
//
// Before lowering, these ATen ops give a tensor equal to their input when
// their result type is the input's: clone, alias, contiguous, detach,
// lift_fresh_copy, the `to` forms and _to_copy of the same element type,
// view/reshape/_unsafe_view/expand to the same shape, and dropout in
// evaluation mode. They become their input.
//
// A copy is only the same as its input while neither is mutated, so these
// patterns apply only to functional programs: no ATen op of the module
// writes in place or into an `out=` argument.
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/Patterns.h"

namespace pt2onnx::passes {

namespace {

/// The operand named `name` by `arg_names`.
ir::Value *argument(const ir::Operation &op, llvm::StringRef name) {
  const ir::Attribute *names = op.getAttr("arg_names");
  if (!names || names->getKind() != ir::Attribute::Kind::StringList)
    return nullptr;
  for (auto [i, n] : llvm::enumerate(names->getStringList()))
    if (n == name && i < op.getNumOperands())
      return op.getOperand(unsigned(i));
  return nullptr;
}

bool dropAtenNoOp(ir::Operation &root, Rewriter &rw) {
  ir::Value *x = argument(root, "self");
  if (!x)
    x = argument(root, "input");
  if (!x || root.getNumResults() != 1)
    return false;
  const ir::Type &t = root.getResult(0)->getType();
  if (!isFullyKnown(t) || x->getType() != t)
    return false;
  if (root.isa("aten.dropout.default")) {
    const ir::Attribute *train = root.getAttr("train");
    const ir::Attribute *p = root.getAttr("p");
    bool training = train && train->getKind() == ir::Attribute::Kind::Bool && train->getBool();
    bool zero = p && p->getKind() == ir::Attribute::Kind::Float && p->getFloat() == 0.0;
    if (training && !zero)
      return false;
  }
  if (!rw.isFunctional())
    return false;
  rw.replaceOp(&root, {x});
  return true;
}

} // namespace

bool writesInPlace(const ir::Operation &op) {
  if (op.getDialect() != "aten")
    return false;
  auto [name, overload] = op.getName().getStringRef().drop_front(5).split('.');
  if (name.ends_with("_") && !name.ends_with("__"))
    return true;
  // In-place operators: __iadd__, __iand__, ...
  if (name.starts_with("__i") && name.ends_with("__"))
    return true;
  return overload == "out" || overload.starts_with("out_") || overload.ends_with("_out");
}

void addAtenPatterns(PatternSet &patterns) {
  for (llvm::StringRef op :
       {"aten.clone.default", "aten.alias.default", "aten.contiguous.default",
        "aten.detach.default", "aten.lift_fresh_copy.default", "aten.to.dtype",
        "aten.to.dtype_layout", "aten.to.device", "aten.to.other", "aten._to_copy.default",
        "aten.type_as.default", "aten.view.default", "aten.reshape.default",
        "aten._unsafe_view.default", "aten.expand.default", "aten.dropout.default"})
    patterns.add(op, dropAtenNoOp);
}

} // namespace pt2onnx::passes
