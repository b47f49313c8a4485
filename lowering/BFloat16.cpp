//===- BFloat16.cpp - Lowering ops on bfloat16 tensors in float32 ----------===//

#include "lowering/BFloat16.h"

#include "llvm/ADT/StringSet.h"

namespace pt2onnx::lowering {

using ir::DType;
using ir::Operation;
using ir::Type;
using ir::Value;

namespace {

/// bfloat16 and float16, which torch's CPU kernels compute in float32 alike.
bool isNarrowFloat(DType t) { return t == DType::BFloat16 || t == DType::Float16; }

bool isBFloat16Tensor(const Type &t) { return t.isTensor() && isNarrowFloat(t.getDType()); }

/// ONNX ops that only move elements and that ONNX Runtime's CPU kernels run
/// in bfloat16 (Expand, Pad, Tile and Where move elements too, but have no
/// such kernels).
bool movesBFloat16(llvm::StringRef opType) {
  static const llvm::StringSet<> moving = {
      "Cast",     "Concat",  "Flatten",         "Gather",    "GatherElements", "GatherND",
      "Identity", "Reshape", "ScatterElements", "ScatterND", "Shape",          "Slice",
      "Split",    "Squeeze", "Transpose",       "Unsqueeze"};
  return moving.contains(opType);
}

/// A scatter that adds, multiplies or compares what it scatters (a
/// `reduction`) computes, which ONNX Runtime's CPU kernels do not in bfloat16.
bool movesBFloat16(const Operation &op) {
  llvm::StringRef opType = op.getName().getStringRef().drop_front(5);
  if ((opType == "ScatterElements" || opType == "ScatterND") && op.hasAttr("reduction"))
    return false;
  return movesBFloat16(opType);
}

/// A LayerNormalization on float16 with float32 statistics, which ONNX
/// Runtime's CPU kernel computes in float32 and rounds once (checked bit for
/// bit against the float32 op between casts).
bool computesFloat16InFloat32(const Operation &op) {
  if (op.getName().getStringRef() != "onnx.LayerNormalization")
    return false;
  if (const ir::Attribute *stash = op.getAttr("stash_type"); stash && stash->getInt() != 1)
    return false;
  for (unsigned i = 0; i < op.getNumOperands(); ++i)
    if (op.getOperand(i)->getType().isTensor() &&
        op.getOperand(i)->getType().getDType() == DType::BFloat16)
      return false;
  return op.getResult(0)->getType().getDType() == DType::Float16;
}

bool touchesBFloat16(const Operation &op) {
  for (unsigned i = 0; i < op.getNumOperands(); ++i)
    if (isBFloat16Tensor(op.getOperand(i)->getType()))
      return true;
  for (const ir::OpResult &r : op.getResults())
    if (isBFloat16Tensor(r.getType()))
      return true;
  return false;
}

} // namespace

bool involvesBFloat16(const Operation &op) {
  if (touchesBFloat16(op))
    return true;
  for (const ir::NamedAttribute &a : op.getAttrs())
    if (a.value.getKind() == ir::Attribute::Kind::DType && isNarrowFloat(a.value.getDType()))
      return true;
  return false;
}

bool computesOnBFloat16(const Operation *before, const Operation &op) {
  const Operation *first = before ? before->getNextNode() : op.getBlock()->front();
  for (const Operation *o = first; o && o != &op; o = o->getNextNode())
    if (o->getDialect() == "onnx" && touchesBFloat16(*o) && !movesBFloat16(*o) &&
        !computesFloat16InFloat32(*o))
      return true;
  return false;
}

Float32Widening::Float32Widening(Operation &op, OnnxBuilder &b) : op(op), b(b) {
  for (unsigned i = 0; i < op.getNumOperands(); ++i) {
    Value *v = op.getOperand(i);
    if (!isBFloat16Tensor(v->getType()))
      continue;
    operands.push_back({i, v});
    op.setOperand(i, b.cast(v, DType::Float32));
  }
  for (unsigned i = 0; i < op.getNumResults(); ++i) {
    Value *r = op.getResult(i);
    if (!isBFloat16Tensor(r->getType()))
      continue;
    results.push_back({i, r->getType()});
    r->setType(r->getType().withDType(DType::Float32));
  }
  for (const ir::NamedAttribute &a : op.getAttrs())
    if (a.value.getKind() == ir::Attribute::Kind::DType && isNarrowFloat(a.value.getDType()))
      dtypeArgs.push_back({a.name, a.value.getDType()});
  for (const auto &[name, dtype] : dtypeArgs)
    op.setAttr(name, ir::Attribute::dtype(DType::Float32));
}

std::optional<DType> Float32Widening::originalDType(unsigned index) const {
  for (const auto &[i, original] : operands)
    if (i == index)
      return original->getType().getDType();
  return std::nullopt;
}

ValueList Float32Widening::narrow(ValueList values) {
  for (auto &[i, type] : results) {
    values[i] = b.cast(values[i], type.getDType());
    values[i]->setType(type);
  }
  restoreOp();
  return values;
}

void Float32Widening::restore() {
  llvm::SmallVector<Operation *, 4> casts;
  for (auto &[i, original] : operands)
    casts.push_back(op.getOperand(i)->getDefiningOp());
  restoreOp();
  for (Operation *cast : casts)
    if (cast->use_empty())
      cast->erase();
}

void Float32Widening::restoreOp() {
  for (auto &[i, original] : operands)
    op.setOperand(i, original);
  for (auto &[i, type] : results)
    op.getResult(i)->setType(type);
  for (const auto &[name, dtype] : dtypeArgs)
    op.setAttr(name, ir::Attribute::dtype(dtype));
}

} // namespace pt2onnx::lowering
