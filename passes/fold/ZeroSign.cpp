//===- ZeroSign.cpp - Where the sign of a zero cannot be seen --------------===//

#include "passes/fold/ZeroSign.h"

#include "ir/OnnxDomain.h"
#include "ir/rewrite/Matchers.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

namespace pt2onnx::passes {

std::optional<bool> hasNoNegativeZero(ConstantFolder &folder, ir::Value *v) {
  const eval::Tensor *t = folder.constantOf(v);
  if (!t || !ir::isFloatingPoint(t->getDType()) || ir::isComplex(t->getDType()))
    return std::nullopt;
  size_t size = ir::getDTypeSize(t->getDType());
  llvm::ArrayRef<uint8_t> bytes = t->getBytes();
  // -0.0 is the sign bit alone: the last byte 0x80 (little-endian), the
  // others 0.
  for (size_t i = 0; i + size <= bytes.size(); i += size) {
    bool negativeZero = bytes[i + size - 1] == 0x80;
    for (size_t j = 0; negativeZero && j + 1 < size; ++j)
      negativeZero = bytes[i + j] == 0;
    if (negativeZero)
      return false;
  }
  return true;
}

bool isZeros(ConstantFolder &folder, ir::Value *v) {
  const eval::Tensor *t = folder.constantOf(v);
  if (!t || !ir::isFloatingPoint(t->getDType()) || ir::isComplex(t->getDType()))
    return false;
  size_t size = ir::getDTypeSize(t->getDType());
  llvm::ArrayRef<uint8_t> bytes = t->getBytes();
  for (size_t i = 0; i != bytes.size(); ++i)
    if (bytes[i] != 0 && !(i % size == size - 1 && bytes[i] == 0x80))
      return false;
  return true;
}

ir::Value *zeroPlusOperand(ConstantFolder &folder, ir::Operation &add) {
  if (!add.isa("onnx.Add") || add.getNumOperands() != 2 || add.getNumResults() != 1)
    return nullptr;
  const ir::Type &sum = add.getResult(0)->getType();
  for (unsigned i = 0; i != 2; ++i) {
    ir::Value *x = add.getOperand(i), *c = add.getOperand(1 - i);
    if (x->getType() == sum && ir::broadcastsInto(c->getType(), sum) && isZeros(folder, c))
      return x;
  }
  return nullptr;
}

namespace {

/// The most values one question walks through (which also bounds the
/// depth of the recursion).
constexpr size_t kMaxVisited = 4096;

/// Ops whose results are the same whatever the signs of zeros in any
/// operand.
const llvm::StringSet<> kBlind = {
    "onnx.Abs",  "onnx.Exp",         "onnx.Cos",  "onnx.Cosh",   "onnx.Sigmoid",
    "onnx.Softplus", "onnx.Log",     "onnx.IsNaN", "onnx.IsInf", "onnx.Equal",
    "onnx.Less", "onnx.LessOrEqual", "onnx.Greater", "onnx.GreaterOrEqual", "onnx.Softmax",
    "onnx.Shape", "onnx.Size"};

/// Ops whose results differ at most in the signs of zeros when those of an
/// operand do.
const llvm::StringSet<> kPropagate = {
    // Arithmetic, and functions f with f(+-0) = +-0.
    "onnx.Add", "onnx.Sub", "onnx.Mul", "onnx.Neg", "onnx.Relu", "onnx.LeakyRelu", "onnx.Gelu",
    "onnx.Tanh", "onnx.Sin", "onnx.Sinh", "onnx.Tan", "onnx.Asin", "onnx.Atan", "onnx.Asinh",
    "onnx.Atanh", "onnx.Erf", "onnx.Sqrt", "onnx.Floor", "onnx.Ceil", "onnx.Round", "onnx.Sign",
    "onnx.Identity", "onnx.Max", "onnx.Min",
    // x - max - log(sum(exp)): a zero where the axis holds one element.
    "onnx.LogSoftmax",
    // Sums of products.
    "onnx.MatMul", "onnx.Gemm", "onnx.Conv", "onnx.ConvTranspose", "onnx.ReduceSum",
    "onnx.ReduceMean", "onnx.ReduceMax", "onnx.ReduceMin",
    // Norms: (x - mean) * rstd * scale (+ bias); the variance squares.
    "onnx.LayerNormalization", "onnx.RMSNormalization", "onnx.InstanceNormalization",
    "onnx.BatchNormalization",
    // Elements moved or selected.
    "onnx.Reshape", "onnx.Transpose", "onnx.Squeeze", "onnx.Unsqueeze", "onnx.Expand",
    "onnx.Slice", "onnx.Gather", "onnx.GatherElements", "onnx.GatherND", "onnx.Concat",
    "onnx.Split", "onnx.Tile", "onnx.Flatten", "onnx.Pad", "onnx.Where",
    // Attention: q and k meet in scores a softmax reads, v in weighted sums
    // (the cache outputs are k and v themselves); a rotation is x cos + x' sin.
    "onnx.Attention", "onnx.RotaryEmbedding",
    // ONNX Runtime's: x + bias, then gelu.
    "onnx_domain.com.microsoft.BiasGelu"};

class ZeroSignWalk {
public:
  explicit ZeroSignWalk(ConstantFolder &folder) : folder(folder) {}

  bool unseen(ir::Value *v) {
    auto [it, inserted] = memo.try_emplace(v, false);
    if (!inserted)
      return it->second; // decided, or being decided (an SSA graph has no cycle)
    if (memo.size() > kMaxVisited)
      return false;
    bool result = true;
    for (const ir::OpOperand &use : v->getUses())
      if (!useUnseen(use)) {
        result = false;
        break;
      }
    memo[v] = result;
    return result;
  }

private:
  bool resultsUnseen(ir::Operation &op, llvm::ArrayRef<unsigned> results) {
    for (unsigned r : results)
      if (!unseen(op.getResult(r)))
        return false;
    return true;
  }

  bool allResultsUnseen(ir::Operation &op) {
    for (unsigned r = 0; r != op.getNumResults(); ++r)
      if (!unseen(op.getResult(r)))
        return false;
    return true;
  }

  /// Whether operand `i` of `op` is a constant without -0.0.
  bool noNegativeZero(ir::Operation &op, unsigned i) {
    return i < op.getNumOperands() && hasNoNegativeZero(folder, op.getOperand(i)) == true;
  }

  bool useUnseen(const ir::OpOperand &use) {
    ir::Operation &op = *use.getOwner();
    unsigned i = use.getOperandNumber();
    llvm::StringRef name = op.getName().getStringRef();
    if (op.getNumRegions() != 0)
      return false;
    if (kBlind.contains(name))
      return true;
    if (name == "onnx.Cast") {
      const ir::Type &t = op.getResult(0)->getType();
      return !(t.isTensor() && ir::isFloatingPoint(t.getDType())) || allResultsUnseen(op);
    }
    // v + c, c without -0.0: every zero sum is +0.0.
    if (name == "onnx.Add" && op.getNumOperands() == 2 && noNegativeZero(op, 1 - i))
      return true;
    if (name == "onnx.Div")
      return i == 0 && allResultsUnseen(op);
    // A layer norm's output adds its bias last.
    if (name == "onnx.LayerNormalization" && op.getNumResults() == 1 && noNegativeZero(op, 2))
      return true;
    if (name == "onnx_domain.com.microsoft.SkipLayerNormalization") {
      // Outputs: the norm (blind with a beta without -0.0), its mean and
      // inverse std (which only a training graph reads), the sum.
      if (op.getNumResults() > 1 && !op.getResult(1)->use_empty())
        return false;
      if (op.getNumResults() > 2 && !op.getResult(2)->use_empty())
        return false;
      if (!noNegativeZero(op, 3) && !unseen(op.getResult(0)))
        return false;
      return op.getNumResults() < 4 || unseen(op.getResult(3));
    }
    if (kPropagate.contains(name))
      return allResultsUnseen(op);
    return false;
  }

  ConstantFolder &folder;
  llvm::DenseMap<ir::Value *, bool> memo;
};

} // namespace

bool isZeroSignUnseen(ConstantFolder &folder, ir::Value *v) {
  return ZeroSignWalk(folder).unseen(v);
}

} // namespace pt2onnx::passes
