//===- Evaluator.cpp - Computing ops whose operands are constants ----------===//

#include "passes/eval/Evaluator.h"

#include "ir/numerics/Broadcast.h"
#include "ir/numerics/TypePromotion.h"
#include "passes/eval/Rules.h"

#include <cassert>

namespace pt2onnx::passes::eval {

using ir::Attribute;
using ir::DType;

//===----------------------------------------------------------------------===//
// EvalContext
//===----------------------------------------------------------------------===//

EvalContext::EvalContext(const ir::Operation &op, llvm::ArrayRef<const Tensor *> operands,
                         int64_t limit)
    : op(op), operands(operands), limit(limit) {
  if (const Attribute *names = op.getAttr("arg_names");
      names && names->getKind() == Attribute::Kind::StringList)
    for (auto [i, name] : llvm::enumerate(names->getStringList()))
      if (i < op.getNumOperands())
        operandsByName[name].push_back(unsigned(i));
}

bool EvalContext::isNone(unsigned i) const {
  return i >= op.getNumOperands() || op.getOperand(i)->getType().isNone();
}

const Attribute *EvalContext::attr(llvm::StringRef arg) const {
  return arg == "arg_names" ? nullptr : op.getAttr(arg);
}

llvm::ArrayRef<unsigned> EvalContext::operandIndices(llvm::StringRef arg) const {
  auto it = operandsByName.find(arg);
  if (it == operandsByName.end())
    return {};
  return it->second;
}

bool EvalContext::has(llvm::StringRef arg) const {
  if (const Attribute *a = attr(arg))
    return !a->isUnit();
  llvm::ArrayRef<unsigned> indices = operandIndices(arg);
  return !indices.empty() && !(indices.size() == 1 && isNone(indices[0]));
}

const Tensor *EvalContext::tensor(llvm::StringRef arg) {
  const Tensor *t = optionalTensor(arg);
  if (!t)
    fail();
  return t;
}

const Tensor *EvalContext::optionalTensor(llvm::StringRef arg) {
  llvm::ArrayRef<unsigned> indices = operandIndices(arg);
  if (indices.empty() || (indices.size() == 1 && isNone(indices[0])))
    return nullptr;
  if (indices.size() != 1 || !operand(indices[0])) {
    fail();
    return nullptr;
  }
  return operand(indices[0]);
}

llvm::SmallVector<const Tensor *, 4> EvalContext::tensorList(llvm::StringRef arg) {
  llvm::SmallVector<const Tensor *, 4> list = optionalTensorList(arg);
  if (llvm::is_contained(list, nullptr))
    fail();
  return list;
}

llvm::SmallVector<const Tensor *, 4> EvalContext::optionalTensorList(llvm::StringRef arg) {
  llvm::SmallVector<const Tensor *, 4> list;
  for (unsigned i : operandIndices(arg)) {
    if (!isNone(i) && !operand(i))
      fail();
    list.push_back(operand(i));
  }
  return list;
}

std::optional<ScalarOrTensor> EvalContext::scalarOrTensor(llvm::StringRef arg) {
  if (const Attribute *a = attr(arg)) {
    switch (a->getKind()) {
    case Attribute::Kind::Int:
      return ScalarOrTensor{Tensor::scalarInt(DType::Int64, a->getInt()), true};
    case Attribute::Kind::Float:
      return ScalarOrTensor{Tensor::scalarDouble(DType::Float64, a->getFloat()), true};
    case Attribute::Kind::Bool:
      return ScalarOrTensor{Tensor::scalarInt(DType::Bool, a->getBool()), true};
    case Attribute::Kind::Unit:
      return std::nullopt;
    default:
      return fail();
    }
  }
  const Tensor *t = optionalTensor(arg);
  if (!t)
    return std::nullopt;
  bool wrapped = operandType(operandIndices(arg)[0]).isScalar();
  return ScalarOrTensor{*t, wrapped};
}

std::optional<int64_t> EvalContext::intOf(const Tensor *t) {
  if (!t || t->getNumElements() != 1 || getNumericKind(t->getDType()) == NumericKind::Float ||
      getNumericKind(t->getDType()) == NumericKind::Unsupported)
    return fail();
  return t->getInt(0);
}

std::optional<int64_t> EvalContext::getOptionalInt(llvm::StringRef arg) {
  if (const Attribute *a = attr(arg)) {
    if (a->getKind() == Attribute::Kind::Int)
      return a->getInt();
    if (a->getKind() == Attribute::Kind::Bool)
      return a->getBool();
    if (!a->isUnit())
      fail();
    return std::nullopt;
  }
  if (!has(arg))
    return std::nullopt;
  return intOf(optionalTensor(arg));
}

int64_t EvalContext::getInt(llvm::StringRef arg, int64_t defaultValue) {
  return getOptionalInt(arg).value_or(defaultValue);
}

double EvalContext::getFloat(llvm::StringRef arg, double defaultValue) {
  const Attribute *a = attr(arg);
  if (!a || a->isUnit())
    return defaultValue;
  if (a->getKind() == Attribute::Kind::Float)
    return a->getFloat();
  if (a->getKind() == Attribute::Kind::Int)
    return double(a->getInt());
  fail();
  return defaultValue;
}

std::string EvalContext::getString(llvm::StringRef arg, llvm::StringRef defaultValue) {
  const Attribute *a = attr(arg);
  if (!a || a->isUnit())
    return defaultValue.str();
  if (a->getKind() != Attribute::Kind::String) {
    fail();
    return defaultValue.str();
  }
  return a->getString().str();
}

std::optional<Shape> EvalContext::getOptionalIntList(llvm::StringRef arg) {
  if (const Attribute *a = attr(arg)) {
    if (a->getKind() == Attribute::Kind::IntList)
      return Shape(a->getIntList().begin(), a->getIntList().end());
    if (a->getKind() == Attribute::Kind::Int)
      return Shape{a->getInt()};
    if (!a->isUnit())
      fail();
    return std::nullopt;
  }
  if (!has(arg))
    return std::nullopt;
  Shape list;
  for (unsigned i : operandIndices(arg)) {
    std::optional<int64_t> v = intOf(operand(i));
    if (!v)
      return std::nullopt;
    list.push_back(*v);
  }
  return list;
}

Shape EvalContext::getIntList(llvm::StringRef arg, llvm::ArrayRef<int64_t> defaultValue) {
  if (std::optional<Shape> list = getOptionalIntList(arg))
    return *list;
  return Shape(defaultValue.begin(), defaultValue.end());
}

std::optional<DType> EvalContext::getOptionalDType(llvm::StringRef arg) {
  const Attribute *a = attr(arg);
  if (!a || a->isUnit())
    return std::nullopt;
  if (a->getKind() != Attribute::Kind::DType)
    return fail();
  return a->getDType();
}

DType EvalContext::resultDType(unsigned i) const {
  const ir::Type &t = resultType(i);
  switch (t.getKind()) {
  case ir::Type::Kind::SymInt:
    return DType::Int64;
  case ir::Type::Kind::SymFloat:
    return DType::Float64;
  case ir::Type::Kind::SymBool:
    return DType::Bool;
  default:
    return t.getDType();
  }
}

bool EvalContext::withinLimit(llvm::ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d < 0 || (d != 0 && n > limit / d)) {
      fail();
      return false;
    }
    n *= d;
  }
  if (n <= limit)
    return true;
  fail();
  return false;
}

std::optional<Tensor> EvalContext::allocate(DType dtype, llvm::ArrayRef<int64_t> shape) {
  if (!withinLimit(shape))
    return std::nullopt;
  return Tensor::create(dtype, shape);
}

std::optional<Shape> EvalContext::broadcast(llvm::ArrayRef<llvm::ArrayRef<int64_t>> shapes) {
  llvm::Expected<Shape> shape = numerics::broadcastShapes(shapes);
  if (shape)
    return *shape;
  llvm::consumeError(shape.takeError());
  return fail();
}

//===----------------------------------------------------------------------===//
// Registry and entry point
//===----------------------------------------------------------------------===//

namespace {
/// ONNX ops of the default domain and of others (`onnx_domain.<domain>.<Op>`)
/// are kept by name; the op table has neither.
bool isOnnxOpName(llvm::StringRef opName) {
  return opName.starts_with("onnx.") || opName.starts_with("onnx_domain.");
}
} // namespace

void EvalRegistry::insert(llvm::StringRef opName, EvalRuleInfo info) {
  if (!isOnnxOpName(opName)) {
    opTableRules.add(opName, info);
    return;
  }
  bool added = onnxRules.try_emplace(opName, info).second;
  assert(added && "an ONNX op registered twice");
  (void)added;
}

const EvalRuleInfo *EvalRegistry::lookup(llvm::StringRef opName) const {
  if (!isOnnxOpName(opName))
    return opTableRules.lookup(opName);
  auto it = onnxRules.find(opName);
  return it == onnxRules.end() ? nullptr : &it->second;
}

const EvalRegistry &getEvalRules() {
  static const EvalRegistry registry = [] {
    EvalRegistry r;
    registerActivationRules(r);
    registerAttentionRules(r);
    registerConvolutionRules(r);
    registerDetectionRules(r);
    registerElementwiseRules(r);
    registerIndexingRules(r);
    registerLinearAlgebraRules(r);
    registerLossRules(r);
    registerMatrixProductRules(r);
    registerNormalizationRules(r);
    registerOrtContribRules(r);
    registerPaddingRules(r);
    registerPoolingRules(r);
    registerQuantizeRules(r);
    registerRecurrentRules(r);
    registerResamplingRules(r);
    registerReductionRules(r);
    registerSamplingRules(r);
    registerShapeRules(r);
    registerSoftmaxRules(r);
    registerSortingRules(r);
    registerSpecialRules(r);
    registerSpectralRules(r);
    registerSymbolicRules(r);
    return r;
  }();
  return registry;
}

namespace {

/// Whether `t` can stand for a value of type `type`.
bool matchesType(const Tensor &t, const ir::Type &type, DType dtype) {
  if (t.getDType() != dtype)
    return false;
  if (type.isScalar())
    return t.getRank() == 0;
  if (!type.isTensor())
    return false;
  if (!type.isRanked())
    return true;
  if (type.getRank() != t.getRank())
    return false;
  for (auto [d, size] : llvm::zip(type.getShape(), t.getShape()))
    if (d.isStatic() && d.getSize() != size)
      return false;
  return true;
}
} // namespace

const EvalRuleInfo *lookupEvalRule(llvm::StringRef opName) { return getEvalRules().lookup(opName); }

std::optional<EvalResults> evaluate(const ir::Operation &op,
                                    llvm::ArrayRef<const Tensor *> operands, int64_t limit) {
  const EvalRuleInfo *info = lookupEvalRule(op.getName().getStringRef());
  if (!info)
    return std::nullopt;
  EvalContext ctx(op, operands, limit);
  std::optional<EvalResults> results = info->rule(ctx);
  if (!results || ctx.hasFailed() || results->size() != op.getNumResults())
    return std::nullopt;
  for (unsigned i = 0, e = op.getNumResults(); i != e; ++i) {
    // A result of none type (an optional output nobody asked for) is ignored.
    if (ctx.resultType(i).isNone())
      continue;
    if (!matchesType((*results)[i], ctx.resultType(i), ctx.resultDType(i)) ||
        (*results)[i].getNumElements() > limit)
      return std::nullopt;
  }
  return results;
}

//===----------------------------------------------------------------------===//
// Type promotion
//===----------------------------------------------------------------------===//

std::optional<DType> promoteOperands(llvm::ArrayRef<const ScalarOrTensor *> operands) {
  using numerics::PromotionPriority;
  llvm::SmallVector<numerics::PromotionOperand, 3> promotion;
  for (const ScalarOrTensor *o : operands) {
    PromotionPriority priority = o->wrapped                  ? PromotionPriority::WrappedNumber
                                 : o->value.getRank() != 0 ? PromotionPriority::DimTensor
                                                           : PromotionPriority::ZeroDimTensor;
    promotion.push_back({o->value.getDType(), priority});
  }
  return numerics::resultType(promotion);
}

} // namespace pt2onnx::passes::eval
