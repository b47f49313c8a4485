//===- OrtFusions.cpp - What the ONNX Runtime fusions share -----------------===//

#include "passes/ortfusions/OrtFusions.h"

#include "ir/OnnxDomain.h"
#include "ir/numerics/DenseAccess.h"
#include "ir/rewrite/Matchers.h"
#include "passes/fusions/Fusions.h"

#include <limits>

namespace pt2onnx::passes {

namespace {
constexpr llvm::StringLiteral kContribDomain = "com.microsoft";
constexpr int64_t kContribVersion = 1;
} // namespace

ir::Operation *createContribOp(ir::PatternRewriter &rw, llvm::StringRef opType,
                               llvm::ArrayRef<ir::Value *> operands,
                               llvm::ArrayRef<ir::Type> resultTypes,
                               llvm::ArrayRef<ir::NamedAttribute> attrs) {
  llvm::SmallVector<ir::NamedAttribute, 4> all(attrs.begin(), attrs.end());
  all.push_back({ir::kDomainVersionAttr.str(), ir::Attribute::integer(kContribVersion)});
  return rw.create(ir::makeDomainOpName(ir::kDomainNodeDialect, kContribDomain, opType), operands,
                   resultTypes, all);
}

ir::Value *noneValue(ir::PatternRewriter &rw) {
  return rw
      .create(ir::builtin::kConstant, {}, {ir::Type::none()}, {{"value", ir::Attribute::unit()}})
      ->getResult(0);
}

bool isRankedFloat32(const ir::Type &t) {
  return t.isTensor() && t.isRanked() && t.getDType() == ir::DType::Float32;
}

bool isLastDimVector(ir::Value *v, const ir::Type &t) {
  const ir::Type &vt = v->getType();
  return vt.isTensor() && vt.isRanked() && vt.getRank() == 1 && t.getRank() >= 1 &&
         vt.getDType() == t.getDType() && ir::sameDim(vt.getShape()[0], t.getShape().back());
}

bool hasPerm(const ir::Operation &op, llvm::ArrayRef<int64_t> perm) {
  const ir::Attribute *a = op.getAttr("perm");
  return a && a->getKind() == ir::Attribute::Kind::IntList && a->getIntList() == perm;
}

ir::Operation *soleDefinedBy(ir::Value *v, llvm::StringRef name) {
  ir::Operation *def = ir::definedBy(v, name);
  return def && v->hasOneUse() ? def : nullptr;
}

bool isStatic(const ir::Dim &d, int64_t size) { return d.isStatic() && d.getSize() == size; }

ir::Value *splitHeadsInput(ir::Value *t, llvm::ArrayRef<int64_t> perm, int64_t &heads,
                           int64_t &headSize, llvm::SmallVectorImpl<ir::Operation *> &ops) {
  ir::Operation *transpose = ir::definedBy(t, "onnx.Transpose");
  if (!transpose || !hasPerm(*transpose, perm))
    return nullptr;
  unsigned nonShapeUses = 0;
  for (const ir::OpOperand &use : t->getUses())
    nonShapeUses += !use.getOwner()->isa("onnx.Shape");
  if (nonShapeUses != 1)
    return nullptr;
  ir::Operation *reshape = soleDefinedBy(transpose->getOperand(0), "onnx.Reshape");
  if (!reshape)
    return nullptr;
  ir::Value *in = reshape->getOperand(0);
  const ir::Type &inType = in->getType(), &split = reshape->getResult(0)->getType();
  if (!isRankedFloat32(inType) || inType.getRank() != 3 || !split.isRanked() ||
      split.getRank() != 4 || !inType.getShape()[2].isStatic() ||
      !ir::sameDim(split.getShape()[0], inType.getShape()[0]) ||
      !ir::sameDim(split.getShape()[1], inType.getShape()[1]) || !split.getShape()[2].isStatic() ||
      !split.getShape()[3].isStatic())
    return nullptr;
  int64_t n = split.getShape()[2].getSize(), h = split.getShape()[3].getSize();
  if (n * h != inType.getShape()[2].getSize())
    return nullptr;
  if (heads == 0) {
    heads = n;
    headSize = h;
  } else if (heads != n || headSize != h) {
    return nullptr;
  }
  if (t->hasOneUse())
    ops.append({transpose, reshape});
  return in;
}

std::optional<llvm::SmallVector<int64_t, 4>> reduceAxes(const ir::Operation &op) {
  if (op.getNumOperands() == 2)
    return constantInts(op.getOperand(1));
  const ir::Attribute *a = op.getAttr("axes");
  if (op.getNumOperands() != 1 || !a || a->getKind() != ir::Attribute::Kind::IntList)
    return std::nullopt;
  return llvm::SmallVector<int64_t, 4>(a->getIntList().begin(), a->getIntList().end());
}

ir::Value *matchZeroedRows(ir::Value *v, ir::Value *&rows, double &hiddenMax,
                           ir::Operation *&rowMax, llvm::SmallVectorImpl<ir::Operation *> &ops) {
  ir::Operation *where = soleDefinedBy(v, "onnx.Where");
  if (!where || where->getNumOperands() != 3 || scalarFloat(where->getOperand(1)) != 0.0)
    return nullptr;
  ir::Operation *equal = soleDefinedBy(where->getOperand(0), "onnx.Equal");
  if (!equal)
    return nullptr;
  std::optional<double> max = scalarFloat(equal->getOperand(1));
  ir::Operation *reduce = soleDefinedBy(equal->getOperand(0), "onnx.ReduceMax");
  if (!max || !reduce || ir::intAttr(*reduce, "keepdims", 1) != 1)
    return nullptr;
  const ir::Type &in = reduce->getOperand(0)->getType();
  std::optional<llvm::SmallVector<int64_t, 4>> axes = reduceAxes(*reduce);
  if (!in.isRanked() || !axes || axes->size() != 1 ||
      ((*axes)[0] != -1 && (*axes)[0] != int64_t(in.getRank()) - 1))
    return nullptr;
  rows = reduce->getOperand(0);
  hiddenMax = *max;
  rowMax = reduce;
  ops.append({where, equal, reduce});
  return where->getOperand(2);
}

ir::Value *zeroRowsTheBiasHides(ir::PatternRewriter &rw, ir::Value *fused, ir::Value *bias,
                                const ir::Operation &formRowMax) {
  llvm::ArrayRef<ir::Dim> bs = bias->getType().getShape();
  ir::Value *zero = rw.createConstant(numerics::makeDense(ir::DType::Float32, {}, {0.0}));
  ir::Value *ninf = rw.createConstant(
      numerics::makeDense(ir::DType::Float32, {}, {-std::numeric_limits<double>::infinity()}));
  llvm::SmallVector<ir::Value *, 2> reduceOperands{bias};
  llvm::SmallVector<ir::NamedAttribute, 2> reduceAttrs;
  for (const ir::NamedAttribute &a : formRowMax.getAttrs())
    reduceAttrs.push_back(a.name == "axes" ? ir::NamedAttribute{"axes", ir::Attribute::intList({3})}
                                           : a);
  if (formRowMax.getNumOperands() == 2)
    reduceOperands.push_back(rw.createI64s({3}));
  ir::Value *max =
      rw.createValue("onnx.ReduceMax", reduceOperands,
                     ir::Type::tensor(ir::DType::Float32, {bs[0], bs[1], bs[2], ir::Dim(1)}),
                     reduceAttrs);
  ir::Value *hidden = rw.createValue("onnx.Equal", {max, ninf},
                                     ir::Type::tensor(ir::DType::Bool, {bs[0], bs[1], bs[2], ir::Dim(1)}));
  hidden = rw.createValue("onnx.Squeeze", {hidden, rw.createI64s({1})},
                          ir::Type::tensor(ir::DType::Bool, {bs[0], bs[2], ir::Dim(1)}));
  return rw.createValue("onnx.Where", {hidden, zero, fused}, fused->getType());
}

const char *whyNotPlainAttention(const ir::Operation &att, double &scale) {
  for (const ir::NamedAttribute &attr : att.getAttrs())
    if (attr.name != "scale" && attr.name != "is_causal" && attr.name != "softcap" &&
        attr.name != "qk_matmul_output_mode")
      return "the Attention has another attribute than scale, is_causal, softcap and "
             "qk_matmul_output_mode";
  const ir::Attribute *s = att.getAttr("scale");
  const ir::Attribute *softcap = att.getAttr("softcap");
  if (ir::intAttr(att, "is_causal", 0) != 0 || ir::intAttr(att, "qk_matmul_output_mode", 0) != 0 ||
      (softcap &&
       !(softcap->getKind() == ir::Attribute::Kind::Float && softcap->getFloat() == 0)))
    return "the Attention is causal, caps its scores or outputs them";
  if (!s || s->getKind() != ir::Attribute::Kind::Float)
    return "the Attention has no scale attribute";
  scale = s->getFloat();
  return nullptr;
}

} // namespace pt2onnx::passes
