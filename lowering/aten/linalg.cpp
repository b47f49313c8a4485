//===- linalg.cpp - Matrix products -------------------------------------------===//
//
// ONNX MatMul has numpy's matmul semantics, which torch.matmul shares
// (1-D operands, batch broadcasting). Gemm is used where torch's op is a
// 2-D product plus a bias; `beta = 0` drops the bias operand entirely, since
// torch ignores its values then (NaN included) while Gemm would multiply them.
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"

namespace pt2onnx::lowering {
namespace {

using ir::Attribute;
using ir::DType;
using ir::Value;

Value *tensorInResultType(RuleContext &ctx, llvm::StringRef arg) {
  return ctx.b.cast(ctx.tensor(arg), ctx.resultDType());
}

// aten.mm.default(self, mat2), aten.bmm.default, aten.matmul.default(self, other),
// aten.mv.default(self, vec), aten.dot.default(self, tensor)
ValueList lowerMatMul(RuleContext &ctx) {
  Value *a = tensorInResultType(ctx, "self");
  llvm::StringRef rhs = ctx.has("mat2")     ? "mat2"
                        : ctx.has("vec")    ? "vec"
                        : ctx.has("tensor") ? "tensor"
                                            : "other";
  Value *b = tensorInResultType(ctx, rhs);
  auto transposed = [](Value *v) {
    ir::Operation *def = v->getDefiningOp();
    return def && def->isa("onnx.Transpose");
  };
  if (ctx.resultDType() == DType::Float64 && ctx.rankOf(a) >= 2 && ctx.rankOf(b) >= 2 &&
      (transposed(a) || transposed(b))) {
    // ONNX Runtime fuses a Transpose feeding MatMul into FusedMatMul, which
    // has no float64 kernel; it leaves Einsum alone.
    return {ctx.b.op("Einsum", {a, b}, ctx.resultType(),
                     {{"equation", Attribute::string("...ij,...jk->...ik")}})};
  }
  Value *r = ctx.b.matmul(a, b);
  r->setType(ctx.resultType());
  return {r};
}

/// alpha * v (unless alpha is 1).
Value *scaled(RuleContext &ctx, Value *v, double alpha) {
  if (alpha == 1.0)
    return v;
  return ctx.b.binary("Mul", v, ctx.b.scalar(v->getType().getDType(), alpha));
}

// aten.addmm.default(self, mat1, mat2, *, beta=1, alpha=1) = beta*self + alpha*(mat1 @ mat2)
ValueList lowerAddmm(RuleContext &ctx) {
  Value *bias = tensorInResultType(ctx, "self");
  Value *a = tensorInResultType(ctx, "mat1"), *b = tensorInResultType(ctx, "mat2");
  double alpha = ctx.getFloat("alpha"), beta = ctx.getFloat("beta");
  if (beta == 0.0)
    return {scaled(ctx, ctx.b.matmul(a, b), alpha)};
  // ONNX Runtime's Gemm computes floats only; MatMul and Add also take integers.
  if (!ir::isFloatingPoint(ctx.resultDType())) {
    Value *r = ctx.b.binary("Add", scaled(ctx, ctx.b.matmul(a, b), alpha), scaled(ctx, bias, beta));
    r->setType(ctx.resultType());
    return {r};
  }
  return {ctx.b.op("Gemm", {a, b, bias}, ctx.resultType(),
                   {{"alpha", Attribute::floating(alpha)}, {"beta", Attribute::floating(beta)}})};
}

// aten.baddbmm.default(self, batch1, batch2, *, beta=1, alpha=1)
ValueList lowerBaddbmm(RuleContext &ctx) {
  Value *bias = tensorInResultType(ctx, "self");
  Value *a = tensorInResultType(ctx, "batch1"), *b = tensorInResultType(ctx, "batch2");
  double alpha = ctx.getFloat("alpha"), beta = ctx.getFloat("beta");
  Value *product = scaled(ctx, ctx.b.matmul(a, b), alpha);
  if (beta == 0.0)
    return {product};
  Value *r = ctx.b.binary("Add", product, scaled(ctx, bias, beta));
  r->setType(ctx.resultType());
  return {r};
}

// aten.linear.default(input, weight, bias=None) = input @ weight.T + bias
ValueList lowerLinear(RuleContext &ctx) {
  Value *x = tensorInResultType(ctx, "input");
  Value *w = tensorInResultType(ctx, "weight");
  Value *bias = ctx.optionalTensor("bias");
  if (bias)
    bias = ctx.b.cast(bias, ctx.resultDType());
  int64_t rank = ctx.rankOf(x), weightRank = ctx.rankOf(w);
  if (rank == 2 && weightRank == 2 && ir::isFloatingPoint(ctx.resultDType())) {
    llvm::SmallVector<Value *, 3> operands{x, w};
    if (bias)
      operands.push_back(bias);
    return {ctx.b.op("Gemm", operands, ctx.resultType(), {{"transB", Attribute::integer(1)}})};
  }
  if (weightRank == 2 && ctx.resultDType() == DType::Float64) {
    // ONNX Runtime fuses a Transpose feeding MatMul into FusedMatMul, which
    // has no float64 kernel; Einsum reads the weight as it is.
    Value *r = ctx.b.op("Einsum", {x, w}, ctx.resultType(),
                        {{"equation", Attribute::string("...i,oi->...o")}});
    if (bias)
      r = ctx.b.binary("Add", r, bias);
    r->setType(ctx.resultType());
    return {r};
  }
  Value *wt = weightRank == 2 ? ctx.b.transpose(w, {1, 0}) : w;
  Value *r = ctx.b.matmul(x, wt);
  if (bias)
    r = ctx.b.binary("Add", r, bias);
  r->setType(ctx.resultType());
  return {r};
}

// aten.outer.default(self, vec2), aten.ger.default
ValueList lowerOuter(RuleContext &ctx) {
  Value *a = tensorInResultType(ctx, "self"), *b = tensorInResultType(ctx, "vec2");
  // ONNX's Mul takes no bool; a bool product is And.
  llvm::StringRef opType = ctx.resultDType() == DType::Bool ? "And" : "Mul";
  // [n, 1] times [m]: the row broadcasts without an Unsqueeze of its own.
  Value *r = ctx.b.binary(opType, ctx.b.unsqueeze(a, {1}), b);
  r->setType(ctx.resultType());
  return {r};
}

// aten.einsum.default(equation, tensors, *, path=None)
ValueList lowerEinsum(RuleContext &ctx) {
  std::string equation = ctx.getString("equation");
  ValueList inputs;
  for (Value *v : ctx.tensorList("tensors"))
    inputs.push_back(ctx.b.cast(v, ctx.resultDType()));
  return {
      ctx.b.op("Einsum", inputs, ctx.resultType(), {{"equation", Attribute::string(equation)}})};
}

} // namespace

void registerLinalgLowerings(LoweringRegistry &r) {
  r.add("aten.mm.default", lowerMatMul);
  r.add("aten.bmm.default", lowerMatMul);
  r.add("aten.matmul.default", lowerMatMul);
  r.add("aten.mv.default", lowerMatMul);
  r.add("aten.dot.default", lowerMatMul);
  r.add("aten.addmm.default", lowerAddmm);
  r.add("aten.baddbmm.default", lowerBaddbmm);
  r.add("aten.linear.default", lowerLinear);
  r.add("aten.outer.default", lowerOuter);
  r.add("aten.ger.default", lowerOuter);
  r.add("aten.einsum.default", lowerEinsum);
}

} // namespace pt2onnx::lowering
