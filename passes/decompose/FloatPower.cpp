//===- FloatPower.cpp - float_power, pow in float64 ---------------------------===//
//
// `aten.float_power` raises in double precision whatever the dtypes of its
// operands: torch casts the base and the exponent to float64 (complex128 if
// either is complex) and calls pow. The decomposition does the same with
// `aten._to_copy.default` and the matching `aten.pow` overload; a number
// operand stays a number, which pow takes in the tensor's float64. Complex
// operands, whose pow the lowering lacks, are left alone.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

/// `value` as float64, by `aten._to_copy.default` unless it already is.
ir::Value *toFloat64(ir::PatternRewriter &rw, ir::Value *value) {
  const ir::Type &type = value->getType();
  if (type.getDType() == ir::DType::Float64)
    return value;
  return createAtenOp(rw, "aten._to_copy.default", {{"self", value}},
                      {{"dtype", ir::Attribute::dtype(ir::DType::Float64)}},
                      {type.withDType(ir::DType::Float64)})
      ->getResult(0);
}

/// The number attribute `name` of `root`, or null.
const ir::Attribute *numberArg(const ir::Operation &root, llvm::StringRef name) {
  const ir::Attribute *number = root.getAttr(name);
  if (!number || (number->getKind() != ir::Attribute::Kind::Int &&
                  number->getKind() != ir::Attribute::Kind::Float &&
                  number->getKind() != ir::Attribute::Kind::Bool))
    return nullptr;
  return number;
}

/// float_power.<overload> as pow.<target> of the float64 operands.
DecomposeFn decomposeFloatPower(llvm::StringRef target) {
  return [target](ir::Operation &root, ir::PatternRewriter &rw) {
    ir::Type resultType = root.getResult(0)->getType();
    if (!resultType.isTensor() || resultType.getDType() != ir::DType::Float64)
      return rw.notifyMatchFailure(root, "the result is not float64 (complex operands)");
    constexpr llvm::StringLiteral names[] = {"self", "exponent"};
    for (llvm::StringRef name : names) {
      ir::Value *value = getTensorArg(root, name);
      if (value ? !value->getType().isTensor() : !numberArg(root, name))
        return rw.notifyMatchFailure(root, "an operand is neither a tensor nor a number");
    }
    llvm::SmallVector<std::pair<llvm::StringRef, ir::Value *>, 2> operands;
    llvm::SmallVector<ir::NamedAttribute, 2> attrs;
    for (llvm::StringRef name : names) {
      if (ir::Value *value = getTensorArg(root, name))
        operands.push_back({name, toFloat64(rw, value)});
      else
        attrs.push_back({name.str(), *numberArg(root, name)});
    }
    ir::Value *result = createAtenOp(rw, target, operands, attrs, {resultType})->getResult(0);
    rw.replaceOp(&root, {result});
    return true;
  };
}

} // namespace

void addFloatPowerDecompositions(DecompositionTable &table) {
  table.add("aten.float_power.Scalar",
            {"float_power", decomposeFloatPower("aten.pow.Scalar")});
  table.add("aten.float_power.Tensor_Scalar",
            {"float_power", decomposeFloatPower("aten.pow.Tensor_Scalar")});
  table.add("aten.float_power.Tensor_Tensor",
            {"float_power", decomposeFloatPower("aten.pow.Tensor_Tensor")});
}

} // namespace pt2onnx::passes
