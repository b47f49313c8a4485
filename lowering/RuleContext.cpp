//===- RuleContext.cpp - What a lowering rule sees of the ATen op ------------===//

#include "lowering/RuleContext.h"

#include "lowering/BFloat16.h"

#include "ir/schema/OpTable.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::lowering {

using ir::Attribute;
using ir::DType;
using ir::Value;

namespace {

bool isNoneValue(const Value *v) {
  if (v->getType().isNone())
    return true;
  ir::Operation *def = v->getDefiningOp();
  if (!def || !def->isa(ir::builtin::kConstant))
    return false;
  const Attribute *value = def->getAttr("value");
  return value && value->isUnit();
}

/// torch's ScalarType codes, for dtype arguments serialized as integers.
std::optional<DType> dtypeFromTorchCode(int64_t code) {
  switch (code) {
  case 0:
    return DType::UInt8;
  case 1:
    return DType::Int8;
  case 2:
    return DType::Int16;
  case 3:
    return DType::Int32;
  case 4:
    return DType::Int64;
  case 5:
    return DType::Float16;
  case 6:
    return DType::Float32;
  case 7:
    return DType::Float64;
  case 9:
    return DType::Complex64;
  case 10:
    return DType::Complex128;
  case 11:
    return DType::Bool;
  case 15:
    return DType::BFloat16;
  case 23:
    return DType::Float8E5M2;
  case 24:
    return DType::Float8E4M3FN;
  case 25:
    return DType::Float8E5M2FNUZ;
  case 26:
    return DType::Float8E4M3FNUZ;
  case 27:
    return DType::UInt16;
  case 28:
    return DType::UInt32;
  case 29:
    return DType::UInt64;
  default:
    return std::nullopt;
  }
}

} // namespace

double TensorOrNumber::asDouble() const {
  switch (number.getKind()) {
  case Attribute::Kind::Int:
    return double(number.getInt());
  case Attribute::Kind::Bool:
    return number.getBool() ? 1.0 : 0.0;
  case Attribute::Kind::Float:
    return number.getFloat();
  default:
    return 0.0;
  }
}

numerics::PromotionOperand TensorOrNumber::promotion() const {
  using numerics::PromotionPriority;
  if (isNumber()) {
    DType t = number.getKind() == Attribute::Kind::Float  ? DType::Float64
              : number.getKind() == Attribute::Kind::Bool ? DType::Bool
                                                          : DType::Int64;
    return {t, PromotionPriority::WrappedNumber};
  }
  const ir::Type &t = value->getType();
  if (wrapped)
    return {t.getDType(), PromotionPriority::WrappedNumber};
  bool zeroDim = t.isRanked() && t.getRank() == 0;
  return {t.getDType(), zeroDim ? PromotionPriority::ZeroDimTensor : PromotionPriority::DimTensor};
}

RuleContext::RuleContext(ir::Operation *op, OnnxBuilder &builder, const ValueFacts &facts,
                         const Float32Widening *widening)
    : b(builder), op(op), opSchema(schema::lookupOp(op->getName().getStringRef())),
      facts(facts), widening(widening) {
  if (const Attribute *names = op->getAttr("arg_names");
      names && names->getKind() == Attribute::Kind::StringList) {
    for (auto [i, name] : llvm::enumerate(names->getStringList()))
      if (i < op->getNumOperands())
        operandsByName[name].push_back(unsigned(i));
  }
}

// ---- Helpers ------------------------------------------------------------------

const Attribute *RuleContext::givenAttr(llvm::StringRef arg) const { return op->getAttr(arg); }

const Attribute *RuleContext::attr(llvm::StringRef arg) const {
  if (const Attribute *a = givenAttr(arg))
    return a;
  if (!operandIndices(arg).empty() || !opSchema)
    return nullptr;
  const schema::SchemaArgument *declared = opSchema->argument(arg);
  return declared && declared->defaultValue ? &*declared->defaultValue : nullptr;
}

llvm::ArrayRef<unsigned> RuleContext::operandIndices(llvm::StringRef arg) const {
  auto it = operandsByName.find(arg);
  if (it == operandsByName.end())
    return {};
  return it->second;
}

Value *RuleContext::placeholder() { return b.none(); }

void RuleContext::badArg(llvm::StringRef arg, llvm::StringRef expected) {
  fail("argument '" + arg + "': expected " + expected);
}

ValueList RuleContext::fail(const llvm::Twine &reason) {
  if (failure.empty())
    failure = reason.str();
  return {};
}

const ScalarFacts *RuleContext::scalarFacts(const Value *v) const {
  auto it = facts.scalars.find(v);
  return it == facts.scalars.end() ? nullptr : &it->second;
}

IntArg RuleContext::toIntArg(Value *v) {
  if (const ScalarFacts *facts = scalarFacts(v); facts && facts->value)
    if (std::optional<int64_t> c = facts->value.getConstant())
      return {c, nullptr};
  if (ir::Operation *def = v->getDefiningOp(); def && def->isa(ir::builtin::kConstant))
    if (const Attribute *value = def->getAttr("value")) {
      if (value->getKind() == Attribute::Kind::Int)
        return {value->getInt(), nullptr};
      if (value->getKind() == Attribute::Kind::Dense && value->getDense().dtype == DType::Int64 &&
          value->getDense().getNumElements() == 1)
        return {numerics::readInt(DType::Int64, value->getDense().bytes.data(), 0), nullptr};
    }
  return {std::nullopt, b.cast(v, DType::Int64)};
}

// ---- Value arguments ----------------------------------------------------------

bool RuleContext::has(llvm::StringRef arg) const {
  for (unsigned i : operandIndices(arg))
    if (!isNoneValue(op->getOperand(i)))
      return true;
  const Attribute *a = givenAttr(arg);
  return a && !a->isUnit();
}

Value *RuleContext::tensor(llvm::StringRef arg) {
  if (Value *v = optionalTensor(arg))
    return v;
  if (!failed())
    badArg(arg, "a tensor");
  return placeholder();
}

std::optional<DType> RuleContext::programDType(llvm::StringRef arg) {
  llvm::ArrayRef<unsigned> indices = operandIndices(arg);
  if (indices.size() != 1 || isNoneValue(op->getOperand(indices.front())))
    return std::nullopt;
  if (widening)
    if (std::optional<DType> original = widening->originalDType(indices.front()))
      return original;
  return op->getOperand(indices.front())->getType().getDType();
}

Value *RuleContext::optionalTensor(llvm::StringRef arg) {
  llvm::ArrayRef<unsigned> indices = operandIndices(arg);
  if (indices.size() > 1) {
    badArg(arg, "a single tensor");
    return nullptr;
  }
  if (indices.empty()) {
    if (const Attribute *a = givenAttr(arg); a && !a->isUnit())
      badArg(arg, "a tensor, not a constant attribute");
    return nullptr;
  }
  Value *v = op->getOperand(indices.front());
  return isNoneValue(v) ? nullptr : v;
}

ValueList RuleContext::tensorList(llvm::StringRef arg) {
  ValueList values = optionalTensorList(arg);
  for (Value *&v : values)
    if (!v) {
      badArg(arg, "a list of tensors without None");
      v = placeholder();
    }
  return values;
}

ValueList RuleContext::optionalTensorList(llvm::StringRef arg) {
  ValueList values;
  for (unsigned i : operandIndices(arg)) {
    Value *v = op->getOperand(i);
    values.push_back(isNoneValue(v) ? nullptr : v);
  }
  return values;
}

TensorOrNumber RuleContext::tensorOrNumber(llvm::StringRef arg) {
  if (std::optional<TensorOrNumber> v = optionalTensorOrNumber(arg))
    return *v;
  if (!failed())
    badArg(arg, "a tensor or a number");
  TensorOrNumber result;
  result.value = placeholder();
  return result;
}

std::optional<TensorOrNumber> RuleContext::optionalTensorOrNumber(llvm::StringRef arg) {
  TensorOrNumber result;
  if (!operandIndices(arg).empty()) {
    result.value = optionalTensor(arg);
    if (!result.value)
      return std::nullopt;
    result.wrapped = scalarFacts(result.value) != nullptr;
    return result;
  }
  const Attribute *a = attr(arg);
  if (!a || a->isUnit())
    return std::nullopt;
  if (a->getKind() == Attribute::Kind::Int || a->getKind() == Attribute::Kind::Float ||
      a->getKind() == Attribute::Kind::Bool) {
    result.number = *a;
    result.wrapped = true;
    return result;
  }
  badArg(arg, "a tensor or a number");
  result.value = placeholder();
  return result;
}

Value *RuleContext::materialize(const TensorOrNumber &v, DType dtype) {
  if (!v.isNumber())
    return b.cast(v.value, dtype);
  if (!numerics::hasNumericElements(dtype)) {
    fail("cannot build a constant of dtype " + ir::getTorchName(dtype));
    return placeholder();
  }
  if (v.number.getKind() == Attribute::Kind::Int)
    return b.scalarInt(dtype, v.number.getInt());
  return b.scalar(dtype, v.asDouble());
}

// ---- Non-value arguments --------------------------------------------------------

int64_t RuleContext::getInt(llvm::StringRef arg) {
  if (std::optional<int64_t> i = getOptionalInt(arg))
    return *i;
  if (!failed())
    badArg(arg, "an integer");
  return 0;
}

std::optional<int64_t> RuleContext::getOptionalInt(llvm::StringRef arg) {
  if (!operandIndices(arg).empty()) {
    if (!has(arg))
      return std::nullopt;
    IntArg i = intArg(arg);
    if (!i.isConstant())
      fail("argument '" + arg + "' must be a constant, not a symbolic value");
    return i.constant.value_or(0);
  }
  const Attribute *a = attr(arg);
  if (!a || a->isUnit())
    return std::nullopt;
  if (a->getKind() == Attribute::Kind::Int)
    return a->getInt();
  if (a->getKind() == Attribute::Kind::Bool)
    return a->getBool() ? 1 : 0;
  badArg(arg, "an integer");
  return 0;
}

double RuleContext::getFloat(llvm::StringRef arg) {
  if (std::optional<double> d = getOptionalFloat(arg))
    return *d;
  if (!failed())
    badArg(arg, "a number");
  return 0.0;
}

std::optional<double> RuleContext::getOptionalFloat(llvm::StringRef arg) {
  if (!operandIndices(arg).empty()) {
    if (has(arg))
      fail("argument '" + arg + "' must be a constant, not a symbolic value");
    return std::nullopt;
  }
  const Attribute *a = attr(arg);
  if (!a || a->isUnit())
    return std::nullopt;
  if (a->getKind() == Attribute::Kind::Float)
    return a->getFloat();
  if (a->getKind() == Attribute::Kind::Int)
    return double(a->getInt());
  if (a->getKind() == Attribute::Kind::Bool)
    return a->getBool() ? 1.0 : 0.0;
  badArg(arg, "a number");
  return 0.0;
}

bool RuleContext::getBool(llvm::StringRef arg) {
  if (std::optional<bool> b = getOptionalBool(arg))
    return *b;
  if (!failed())
    badArg(arg, "a bool");
  return false;
}

std::optional<bool> RuleContext::getOptionalBool(llvm::StringRef arg) {
  if (!operandIndices(arg).empty()) {
    if (has(arg))
      fail("argument '" + arg + "' must be a constant, not a symbolic value");
    return std::nullopt;
  }
  const Attribute *a = attr(arg);
  if (!a || a->isUnit())
    return std::nullopt;
  if (a->getKind() == Attribute::Kind::Bool)
    return a->getBool();
  if (a->getKind() == Attribute::Kind::Int)
    return a->getInt() != 0;
  badArg(arg, "a bool");
  return false;
}

std::string RuleContext::getString(llvm::StringRef arg) {
  if (std::optional<std::string> s = getOptionalString(arg))
    return *s;
  if (!failed())
    badArg(arg, "a string");
  return "";
}

std::optional<std::string> RuleContext::getOptionalString(llvm::StringRef arg) {
  const Attribute *a = attr(arg);
  if (!a || a->isUnit())
    return std::nullopt;
  if (a->getKind() == Attribute::Kind::String)
    return a->getString().str();
  badArg(arg, "a string");
  return std::nullopt;
}

llvm::SmallVector<int64_t, 4> RuleContext::getIntList(llvm::StringRef arg) {
  if (auto list = getOptionalIntList(arg))
    return *list;
  if (!failed())
    badArg(arg, "a list of integers");
  return {};
}

std::optional<llvm::SmallVector<int64_t, 4>> RuleContext::getOptionalIntList(llvm::StringRef arg) {
  if (!operandIndices(arg).empty()) {
    if (!has(arg))
      return std::nullopt;
    llvm::SmallVector<int64_t, 4> values;
    for (const IntArg &i : intListArg(arg)) {
      if (!i.isConstant()) {
        fail("argument '" + arg + "' must be a constant, not a symbolic value");
        return values;
      }
      values.push_back(*i.constant);
    }
    return values;
  }
  const Attribute *a = attr(arg);
  if (!a || a->isUnit())
    return std::nullopt;
  if (a->getKind() == Attribute::Kind::IntList)
    return llvm::SmallVector<int64_t, 4>(a->getIntList().begin(), a->getIntList().end());
  if (a->getKind() == Attribute::Kind::Int)
    return llvm::SmallVector<int64_t, 4>{a->getInt()};
  badArg(arg, "a list of integers");
  return llvm::SmallVector<int64_t, 4>{};
}

std::optional<llvm::SmallVector<double, 4>> RuleContext::getOptionalFloatList(llvm::StringRef arg) {
  const Attribute *a = attr(arg);
  if (!a || a->isUnit())
    return std::nullopt;
  if (a->getKind() == Attribute::Kind::FloatList)
    return llvm::SmallVector<double, 4>(a->getFloatList().begin(), a->getFloatList().end());
  if (a->getKind() == Attribute::Kind::IntList) {
    llvm::SmallVector<double, 4> values;
    for (int64_t i : a->getIntList())
      values.push_back(double(i));
    return values;
  }
  if (a->getKind() == Attribute::Kind::Float)
    return llvm::SmallVector<double, 4>{a->getFloat()};
  badArg(arg, "a list of floats");
  return llvm::SmallVector<double, 4>{};
}

std::optional<DType> RuleContext::getOptionalDType(llvm::StringRef arg) {
  const Attribute *a = attr(arg);
  if (!a || a->isUnit())
    return std::nullopt;
  if (a->getKind() == Attribute::Kind::DType)
    return a->getDType();
  if (a->getKind() == Attribute::Kind::Int)
    if (std::optional<DType> t = dtypeFromTorchCode(a->getInt()))
      return t;
  if (a->getKind() == Attribute::Kind::String)
    if (std::optional<DType> t = ir::parseTorchName(
            a->getString().drop_front(a->getString().startswith("torch.") ? 6 : 0)))
      return t;
  badArg(arg, "a dtype");
  return std::nullopt;
}

IntArg RuleContext::intArg(llvm::StringRef arg) {
  if (std::optional<IntArg> i = optionalIntArg(arg))
    return *i;
  if (!failed())
    badArg(arg, "an integer");
  return {int64_t(0), nullptr};
}

std::optional<IntArg> RuleContext::optionalIntArg(llvm::StringRef arg) {
  llvm::ArrayRef<unsigned> indices = operandIndices(arg);
  if (!indices.empty()) {
    Value *v = op->getOperand(indices.front());
    if (indices.size() != 1) {
      badArg(arg, "a single integer");
      return IntArg{int64_t(0), nullptr};
    }
    if (isNoneValue(v))
      return std::nullopt;
    return toIntArg(v);
  }
  const Attribute *a = attr(arg);
  if (!a || a->isUnit())
    return std::nullopt;
  if (a->getKind() == Attribute::Kind::Int)
    return IntArg{a->getInt(), nullptr};
  if (a->getKind() == Attribute::Kind::Bool)
    return IntArg{a->getBool() ? 1 : 0, nullptr};
  badArg(arg, "an integer");
  return IntArg{int64_t(0), nullptr};
}

llvm::SmallVector<IntArg, 4> RuleContext::intListArg(llvm::StringRef arg) {
  llvm::SmallVector<IntArg, 4> result;
  llvm::ArrayRef<unsigned> indices = operandIndices(arg);
  if (!indices.empty()) {
    for (unsigned i : indices) {
      Value *v = op->getOperand(i);
      if (isNoneValue(v))
        badArg(arg, "a list of integers without None");
      else
        result.push_back(toIntArg(v));
    }
    return result;
  }
  const Attribute *a = attr(arg);
  if (!a || a->isUnit()) {
    badArg(arg, "a list of integers");
    return result;
  }
  if (a->getKind() == Attribute::Kind::IntList) {
    for (int64_t v : a->getIntList())
      result.push_back({v, nullptr});
    return result;
  }
  if (a->getKind() == Attribute::Kind::Int) {
    result.push_back({a->getInt(), nullptr});
    return result;
  }
  badArg(arg, "a list of integers");
  return result;
}

// ---- Results and dims ----------------------------------------------------------

int64_t RuleContext::rankOf(Value *v) {
  const ir::Type &t = v->getType();
  if (!t.isTensor() || !t.isRanked()) {
    fail("needs ranked tensor inputs, got " + t.str());
    return 0;
  }
  return int64_t(t.getRank());
}

int64_t RuleContext::normalizeDim(int64_t dim, int64_t rank) {
  // torch lets a rank-0 tensor be indexed with dim 0 or -1.
  int64_t wrapRank = std::max<int64_t>(rank, 1);
  std::optional<int64_t> d = normalizeAxis(dim, wrapRank);
  if (!d) {
    fail("dim " + llvm::Twine(dim) + " is out of range for rank " + llvm::Twine(rank));
    return 0;
  }
  return *d;
}

} // namespace pt2onnx::lowering
