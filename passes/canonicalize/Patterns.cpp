//===- Patterns.cpp - What the canonicalization patterns share -------------===//
//
// The root check every canonicalization pattern makes, the context they
// share (which checks their root names against the op table), and the
// helpers of the view, transpose and constant patterns.
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/Patterns.h"

#include "ir/schema/OpTable.h"

#include "llvm/ADT/STLExtras.h"

#include <cstring>

namespace pt2onnx::passes {

using ir::Dim;
using ir::Operation;
using ir::Type;
using ir::Value;

bool CanonicalizeContext::isFunctional() {
  if (!functional) {
    functional = true;
    module.getOperation()->walk([&](Operation *op) {
      if (writesInPlace(*op))
        functional = false;
    });
  }
  return *functional;
}

void CanonicalizeContext::checkRootNames(llvm::ArrayRef<llvm::StringRef> rootNames) {
  for (llvm::StringRef name : rootNames)
    if (!name.starts_with("onnx.") && !name.starts_with("ir.") && schema::findOpKey(name).empty())
      unknownRoots.push_back(schema::unknownOpMessage(name));
}

bool CanonicalizePattern::matchAndRewrite(Operation &root, ir::PatternRewriter &rw) {
  if (root.getNumResults() != 1 || root.getNumOperands() < minOperands)
    return rw.notifyMatchFailure(root, "malformed root: not one result and at least " +
                                           llvm::Twine(minOperands) + " operands");
  return matchAndRewriteRoot(root, rw);
}

bool writesInPlace(const Operation &op) {
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

bool isView(const Operation *op) {
  if (!op || op->getNumResults() != 1 || op->getNumOperands() < 1)
    return false;
  if (op->isa("onnx.Reshape"))
    return op->getNumOperands() >= 2;
  return op->isa("onnx.Squeeze") || op->isa("onnx.Unsqueeze") || op->isa("onnx.Flatten");
}

bool allowsZero(const Operation &op) {
  return op.isa("onnx.Reshape") && ir::intAttr(op, "allowzero", 0) != 0;
}

std::optional<Ints> constantAxes(Operation &op, KnownIntsAnalysis &ints, int64_t rank) {
  Ints axes;
  if (op.getNumOperands() > 1 && !op.getOperand(1)->getType().isNone()) {
    auto c = ints.lookupConstants(op.getOperand(1));
    if (!c)
      return std::nullopt;
    axes = *c;
  } else if (const ir::Attribute *a = op.getAttr("axes");
             a && a->getKind() == ir::Attribute::Kind::IntList) {
    axes.assign(a->getIntList().begin(), a->getIntList().end());
  } else {
    return std::nullopt;
  }
  for (int64_t &a : axes) {
    if (a < -rank || a >= rank)
      return std::nullopt;
    if (a < 0)
      a += rank;
  }
  llvm::sort(axes);
  if (std::adjacent_find(axes.begin(), axes.end()) != axes.end())
    return std::nullopt;
  return axes;
}

Value *createAxesOp(ir::PatternRewriter &rw, Operation &like, Value *x,
                    llvm::ArrayRef<int64_t> axes, const Type &resultType) {
  llvm::StringRef name = like.getName().getStringRef();
  if (like.hasAttr("axes"))
    return rw.createValue(name, {x}, resultType, {{"axes", ir::Attribute::intList(axes)}});
  return rw.createValue(name, {x, rw.createI64s(axes)}, resultType);
}

std::optional<Ints> reshapeTarget(const Type &in, const Type &out) {
  if (!out.isTensor() || !out.isRanked() || !in.isTensor() || !in.isRanked())
    return std::nullopt;
  for (const Dim &d : in.getShape())
    if (d.isStatic() && d.getSize() == 0)
      return std::nullopt;
  Ints target;
  bool inferred = false;
  for (auto [j, d] : llvm::enumerate(out.getShape())) {
    if (d.isStatic()) {
      if (d.getSize() == 0)
        return std::nullopt;
      target.push_back(d.getSize());
    } else if (j < in.getRank() && ir::sameDim(in.getShape()[j], d)) {
      target.push_back(0);
    } else if (!inferred) {
      inferred = true;
      target.push_back(-1);
    } else {
      return std::nullopt;
    }
  }
  return target;
}

bool replaceByReshape(Operation &root, Value *x, ir::PatternRewriter &rw) {
  const Type &type = root.getResult(0)->getType();
  std::optional<Ints> target = reshapeTarget(x->getType(), type);
  if (!target)
    return rw.notifyMatchFailure(root, "the result type is no constant Reshape target of the "
                                       "input's (a zero dim, or two dims to infer)");
  Value *shape = rw.createI64s(*target);
  rw.replaceOp(&root, {rw.createValue("onnx.Reshape", {x, shape}, type)});
  return true;
}

std::optional<Ints> permOf(const Operation &op) {
  const ir::Attribute *perm = op.getAttr("perm");
  if (!perm || perm->getKind() != ir::Attribute::Kind::IntList)
    return std::nullopt;
  return Ints(perm->getIntList().begin(), perm->getIntList().end());
}

std::optional<std::vector<uint8_t>> splatBytes(Value *v) {
  Operation *def = v->getDefiningOp();
  if (!def || (!def->isa(ir::builtin::kConstant) && !def->isa("onnx.ConstantOfShape")))
    return std::nullopt;
  const ir::Attribute *value = def->getAttr("value");
  if (!value || value->getKind() != ir::Attribute::Kind::Dense)
    return std::nullopt;
  const ir::DenseElements &dense = value->getDense();
  llvm::ArrayRef<uint8_t> bytes = dense.bytes;
  unsigned size = ir::getDTypeSize(dense.dtype);
  if (bytes.empty() || bytes.size() % size)
    return std::nullopt;
  for (size_t i = size; i < bytes.size(); i += size)
    if (std::memcmp(bytes.data(), bytes.data() + i, size) != 0)
      return std::nullopt;
  return std::vector<uint8_t>(bytes.begin(), bytes.begin() + size);
}

} // namespace pt2onnx::passes
