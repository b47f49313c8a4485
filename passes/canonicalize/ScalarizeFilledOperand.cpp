//===- ScalarizeFilledOperand.cpp - A ConstantOfShape operand as a scalar --===//
//
//   op(x, ConstantOfShape(s, v))  -> op(x, v) with v a rank-0 constant
//
// for the broadcasting elementwise ops, when the other operands alone
// already broadcast to the result's (fully known) shape, so the filled
// tensor adds nothing but its value.
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/Patterns.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

namespace {

class ScalarizeFilledOperand : public CanonicalizePattern {
public:
  explicit ScalarizeFilledOperand(CanonicalizeContext &context)
      : CanonicalizePattern(
            "scalarize-filled-operand",
            {"onnx.Add",     "onnx.Sub",         "onnx.Mul",        "onnx.Div",
             "onnx.Pow",     "onnx.Mod",         "onnx.Max",        "onnx.Min",
             "onnx.And",     "onnx.Or",          "onnx.Xor",        "onnx.Equal",
             "onnx.Less",    "onnx.LessOrEqual", "onnx.Greater",    "onnx.GreaterOrEqual",
             "onnx.BitShift", "onnx.BitwiseAnd", "onnx.BitwiseOr",  "onnx.BitwiseXor",
             "onnx.Where"},
            context) {}

  bool matchAndRewriteRoot(ir::Operation &root, ir::PatternRewriter &rw) override {
    const ir::Type &result = root.getResult(0)->getType();
    if (!ir::isFullyKnown(result))
      return rw.notifyMatchFailure(root, "the result type has unknown dims");
    for (unsigned i = 0, e = root.getNumOperands(); i != e; ++i) {
      ir::Operation *fill = ir::definedBy(root.getOperand(i), "onnx.ConstantOfShape", 1);
      if (!fill)
        continue;
      const ir::Attribute *value = fill->getAttr("value");
      if (!value || value->getKind() != ir::Attribute::Kind::Dense ||
          value->getDense().getNumElements() != 1 || root.getOperand(i)->getType().getRank() == 0)
        continue;
      // The others' broadcast must already be the result's shape.
      llvm::SmallVector<ir::Dim, 4> dims;
      bool known = true;
      for (unsigned j = 0; j != e && known; ++j) {
        if (j == i)
          continue;
        const ir::Type &t = root.getOperand(j)->getType();
        if (!ir::isFullyKnown(t) || t.getRank() > result.getRank()) {
          known = false;
          break;
        }
        size_t lead = result.getRank() - t.getRank();
        if (dims.empty())
          dims.assign(result.getRank(), ir::Dim(1));
        for (auto [k, d] : llvm::enumerate(t.getShape()))
          if (!(d.isStatic() && d.getSize() == 1))
            dims[lead + k] = d;
      }
      if (!known || dims.empty())
        continue;
      if (!llvm::all_of(llvm::zip(dims, result.getShape()), [](auto pair) {
            return ir::sameDim(std::get<0>(pair), std::get<1>(pair));
          }))
        continue;
      ir::DenseElements scalar = value->getDense();
      scalar.shape.clear();
      ir::Value *c = rw.createConstant(std::move(scalar));
      llvm::SmallVector<ir::Value *, 4> operands = root.getOperands();
      operands[i] = c;
      llvm::SmallVector<ir::Type, 1> types{result};
      rw.replaceOp(&root, {rw.create(root.getName().getStringRef(), operands, types,
                                     root.getAttrs())
                               ->getResult(0)});
      return true;
    }
    return rw.notifyMatchFailure(root, "no ConstantOfShape operand of one value whose shape "
                                       "the other operands already give");
  }
};

} // namespace

void addScalarizeFilledOperandPatterns(ir::PatternSet &patterns, CanonicalizeContext &context) {
  patterns.add<ScalarizeFilledOperand>(context);
}

} // namespace pt2onnx::passes
