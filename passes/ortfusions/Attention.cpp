//===- Attention.cpp - Attention with its q, k and v projections as one op ---===//
//
//   MultiHeadAttention(x @ Wq + bq, x @ Wk + bk, x @ Wv + bv, [bias])
//     -> com.microsoft.Attention(x, Concat(Wq, Wk, Wv, axis 1),
//                                Concat(bq, bk, bv), _, _, [bias])
//
// rooted at the MultiHeadAttention fuse-multi-head-attention writes: the
// three projections of one x become one matrix product of ONNX Runtime's
// Attention. The fusion proves it computes the same values: x is a float32
// [B, S, Din] tensor, each projection is MatMul(x, W) + b (either Add
// operand order) with W a constant [Din, D] and b a constant [D], or
// MatMul(x, W) alone (its bias zeros: x @ W + 0 is x @ W but for the sign of
// a zero, which no score keeps), each of one use; num_heads and scale carry over (a MultiHeadAttention with other
// attributes, which a custom-ops table may write, stays). The Concats are of constants:
// the fold-constants after fuse-ort folds them (above its limit they stay,
// and ONNX Runtime folds them when it loads the model).
//
//===----------------------------------------------------------------------===//

#include "ir/OnnxDomain.h"
#include "ir/numerics/DenseAccess.h"
#include "ir/rewrite/Matchers.h"
#include "passes/ortfusions/OrtFusions.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

namespace {

using ir::Attribute;
using ir::Dim;
using ir::Operation;
using ir::Type;
using ir::Value;

/// A projection x @ w + b with constant w and b, each op of one use; or
/// x @ w alone (b and add null), whose bias is zeros.
struct Projection {
  Value *x, *w, *b;
  Operation *add, *matmul;
};

std::optional<Projection> matchProjection(Value *p) {
  if (!p->hasOneUse())
    return std::nullopt;
  if (Operation *matmul = ir::definedBy(p, "onnx.MatMul", 2);
      matmul && ir::definedBy(matmul->getOperand(1), ir::builtin::kConstant))
    return Projection{matmul->getOperand(0), matmul->getOperand(1), nullptr, nullptr, matmul};
  Operation *add = ir::definedBy(p, "onnx.Add", 2);
  if (!add)
    return std::nullopt;
  for (unsigned i : {0u, 1u}) {
    Operation *matmul = ir::definedBy(add->getOperand(i), "onnx.MatMul", 2);
    Value *b = add->getOperand(1 - i);
    if (!matmul || !add->getOperand(i)->hasOneUse() || !ir::definedBy(b, ir::builtin::kConstant) ||
        !ir::definedBy(matmul->getOperand(1), ir::builtin::kConstant))
      continue;
    return Projection{matmul->getOperand(0), matmul->getOperand(1), b, add, matmul};
  }
  return std::nullopt;
}

class AttentionFusion : public ir::RewritePattern {
public:
  AttentionFusion()
      : RewritePattern("fuse-attention", {"onnx_domain.com.microsoft.MultiHeadAttention"}) {}

  bool matchAndRewrite(Operation &mha, ir::PatternRewriter &rw) override {
    if ((mha.getNumOperands() != 3 && mha.getNumOperands() != 6) || mha.getNumResults() != 1)
      return rw.notifyMatchFailure(mha, "not of q, k, v and an optional attention bias");
    if (mha.getNumOperands() == 6 &&
        (!mha.getOperand(3)->getType().isNone() || !mha.getOperand(4)->getType().isNone()))
      return rw.notifyMatchFailure(mha, "it has a projection bias or a key padding mask");
    // Attention has MultiHeadAttention's num_heads and scale, not its other
    // attributes (unidirectional, mask_filter_value).
    for (const ir::NamedAttribute &attr : mha.getAttrs())
      if (attr.name != "num_heads" && attr.name != "scale" && attr.name != ir::kDomainVersionAttr)
        return rw.notifyMatchFailure(mha, "it has the attribute " + attr.name);
    if (!mha.getAttr("num_heads"))
      return rw.notifyMatchFailure(mha, "it has no num_heads");
    const Type &outType = mha.getResult(0)->getType();
    if (!isRankedFloat32(outType) || outType.getRank() != 3 || !outType.getShape()[2].isStatic())
      return rw.notifyMatchFailure(mha, "the result is not a float32 [B, S, D] tensor");
    llvm::SmallVector<Projection, 3> projections;
    for (unsigned i = 0; i != 3; ++i) {
      std::optional<Projection> p = matchProjection(mha.getOperand(i));
      if (!p)
        return rw.notifyMatchFailure(mha, "q, k or v is not a one-use MatMul by a constant plus "
                                          "a constant");
      projections.push_back(*p);
    }
    Value *x = projections[0].x;
    const Type &xType = x->getType();
    if (!isRankedFloat32(xType) || xType.getRank() != 3 || !xType.getShape()[2].isStatic())
      return rw.notifyMatchFailure(mha, "x is not a float32 [B, S, Din] tensor");
    int64_t din = xType.getShape()[2].getSize();
    int64_t d = outType.getShape()[2].getSize();
    for (const Projection &p : projections) {
      const Type &w = p.w->getType();
      if (p.x != x || !isRankedFloat32(w) || w.getRank() != 2 ||
          !ir::sameDim(w.getShape()[0], Dim(din)) || !ir::sameDim(w.getShape()[1], Dim(d)) ||
          (p.b && (!isRankedFloat32(p.b->getType()) || p.b->getType().getRank() != 1 ||
                   !ir::sameDim(p.b->getType().getShape()[0], Dim(d)))))
        return rw.notifyMatchFailure(mha, "the projections are not of one x by [Din, D] and [D] "
                                          "float32 constants");
    }

    // A projection without bias (Whisper's k) adds zeros: x @ w + 0 is
    // x @ w but for the sign of a zero, which no score keeps (exp(-0) is
    // exp(0)).
    llvm::SmallVector<Value *, 3> ws, bs;
    for (const Projection &p : projections) {
      ws.push_back(p.w);
      bs.push_back(p.b ? p.b
                       : rw.createConstant(numerics::makeDense(
                             ir::DType::Float32, {d}, std::vector<double>(size_t(d), 0.0))));
    }
    Value *w =
        rw.create("onnx.Concat", ws, {Type::tensor(ir::DType::Float32, {Dim(din), Dim(3 * d)})},
                  {{"axis", Attribute::integer(1)}})
            ->getResult(0);
    Value *b = rw.create("onnx.Concat", bs, {Type::tensor(ir::DType::Float32, {Dim(3 * d)})},
                         {{"axis", Attribute::integer(0)}})
                   ->getResult(0);
    llvm::SmallVector<Value *, 6> operands = {x, w, b};
    if (mha.getNumOperands() == 6)
      operands.append({mha.getOperand(3), mha.getOperand(4), mha.getOperand(5)});
    llvm::SmallVector<ir::NamedAttribute, 2> attrs;
    for (llvm::StringRef name : {"num_heads", "scale"})
      if (const Attribute *a = mha.getAttr(name))
        attrs.push_back({name.str(), *a});
    Value *fused = createContribOp(rw, "Attention", operands, {outType}, attrs)->getResult(0);
    rw.replaceOp(&mha, {fused});
    for (const Projection &p : projections) {
      if (p.add)
        rw.eraseOp(p.add);
      rw.eraseOp(p.matmul);
    }
    return true;
  }
};

} // namespace

void addAttentionFusion(ir::PatternSet &patterns) { patterns.add<AttentionFusion>(); }

} // namespace pt2onnx::passes
