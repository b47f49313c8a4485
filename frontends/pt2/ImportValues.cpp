//===- ImportValues.cpp - Types, values, constants, weights ---------------===//
//
// Tensor metadata as IR types, the names a graph defines, scalar constants
// (ConstantValue and constant arguments) as ir.constant ops, and the
// weights the signature names as weight references.
//
//===----------------------------------------------------------------------===//

#include "frontends/pt2/Importer.h"

#include "ir/CheckedArithmetic.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace llvm;
using namespace pt2onnx;
using namespace pt2onnx::pt2;

namespace pt2onnx::pt2::importer {

namespace {

/// The ScalarType values torch knows but the IR has no type for.
StringRef unsupportedScalarTypeName(int64_t v) {
  switch (v) {
  case 0:
    return "UNKNOWN";
  case 9:
    return "COMPLEXHALF";
  case 33:
    return "FLOAT8E8M0FNU";
  default:
    return {};
  }
}

} // namespace

/// Layout and MemoryFormat values, as torch prints them.
constexpr int64_t kStridedLayout = 7;

StringRef layoutName(int64_t v) {
  static constexpr StringLiteral names[] = {"",
                                            "torch.sparse_coo",
                                            "torch.sparse_csr",
                                            "torch.sparse_csc",
                                            "torch.sparse_bsr",
                                            "torch.sparse_bsc",
                                            "torch._mkldnn",
                                            "torch.strided"};
  return v >= 1 && v < int64_t(std::size(names)) ? StringRef(names[v]) : StringRef();
}

bool Importer::readDType(const json &v, ir::DType &out) {
  int64_t code;
  if (!readInt(v, code))
    return false;
  if (std::optional<ir::DType> t = getDTypeOfScalarType(code)) {
    out = *t;
    return true;
  }
  StringRef name = unsupportedScalarTypeName(code);
  if (!name.empty())
    return fail(v, "unsupported dtype " + name + " (" + Twine(code) + ")");
  return fail(v, "unknown ScalarType " + Twine(code));
}

bool Importer::readTensorMeta(const json &meta, ir::Type &out) {
  if (!expectObject(meta))
    return false;
  checkFields(meta, kTensorMetaFields, "TensorMeta");
  const json *dtype = field(meta, "dtype");
  const json *sizes = dtype ? field(meta, "sizes") : nullptr;
  ir::DType elementType;
  if (!sizes || !readDType(*dtype, elementType))
    return false;
  // Strides, device and storage offset do not change what a value is; a
  // sparse layout does, and the IR's tensors are dense.
  if (const json *layout = optionalField(meta, "layout")) {
    int64_t code;
    if (!readInt(*layout, code))
      return false;
    StringRef name = layoutName(code);
    if (name.empty())
      return fail(*layout, "unknown Layout " + Twine(code));
    if (code != kStridedLayout)
      return fail(*layout, name + " tensors are not supported: the IR's tensors are dense");
  }
  SmallVector<ir::Dim, 4> shape;
  // What the tensor occupies at the least, each dim at least 1 so that an
  // empty tensor with an absurd dim is refused too: no size arithmetic on the
  // type may then overflow.
  std::optional<int64_t> leastBytes = int64_t(ir::getDTypeSize(elementType));
  SmallVector<std::string, 4> sizeNames;
  bool ok = forEach(*sizes, [&](const json &size) {
    ir::SymExpr e;
    if (!readSymInt(size, e))
      return false;
    ir::SymRange range = e.getRange();
    if (range.hi < 0)
      return fail(size, "size " + e.str() + " is negative");
    // torch gives every size symbol a range of sizes; a pass that trusts the
    // range must not be handed one that says otherwise.
    if (range.lo < 0)
      return fail(size, "size " + e.str() + " may be negative: its range is [" +
                            (range.isLowerUnbounded() ? "-oo" : Twine(range.lo)) + ", " +
                            (range.isUpperUnbounded() ? "oo" : Twine(range.hi)) + "]");
    std::optional<int64_t> constant = e.getConstant();
    int64_t least = std::max<int64_t>(constant ? *constant : range.lo, 1);
    if (leastBytes)
      leastBytes = ir::checkedMul(*leastBytes, least);
    shape.push_back(ir::Dim::of(e));
    sizeNames.push_back(e.str());
    return true;
  });
  if (!ok)
    return false;
  // int64's maximum is also the IR's +infinity for symbolic bounds.
  if (!leastBytes || *leastBytes == std::numeric_limits<int64_t>::max())
    return fail(*sizes, "a " + ir::getTorchName(elementType) + " tensor of sizes [" +
                            join(sizeNames, ", ") + "] does not fit in 2^63 bytes");
  if (!checkStridesAndOffset(meta))
    return false;
  out = ir::Type::tensor(elementType, shape);
  return true;
}

bool Importer::checkStridesAndOffset(const json &meta) {
  // Strides and the storage offset do not change what a value is, but must
  // be what torch writes: non-negative SymInts.
  auto check = [&](const json &v, StringRef what) {
    StringRef kind;
    const json *value = readUnion(v, kSymIntKinds, kind);
    if (!value)
      return false;
    if (kind == "as_expr")
      return expectObject(*value);
    int64_t i;
    if (!readInt(*value, i))
      return false;
    return i >= 0 || fail(v, what + " " + Twine(i) + " is negative");
  };
  if (const json *strides = optionalField(meta, "strides")) {
    if (!expectArray(*strides))
      return false;
    if (!forEach(*strides, [&](const json &stride) { return check(stride, "stride"); }))
      return false;
  }
  const json *offset = optionalField(meta, "storage_offset");
  return !offset || check(*offset, "storage offset");
}

bool Importer::tensorType(const GraphScope &scope, const json &at, StringRef name, ir::Type &out) {
  auto it = scope.tensorValues->find(std::string_view(name.data(), name.size()));
  if (it == scope.tensorValues->end())
    return fail(at, "tensor '" + name + "' has no tensor_values entry");
  return readTensorMeta(*it, out);
}

bool Importer::define(GraphScope &scope, const json &at, StringRef name, ir::Value *value) {
  if (name.empty())
    return true;
  if (!scope.values.try_emplace(name, value).second)
    return fail(at, "value '" + name + "' is defined twice");
  value->setName(name);
  return true;
}

ir::Value *Importer::lookup(GraphScope &scope, const json &at, StringRef name) {
  auto it = scope.values.find(name);
  if (it == scope.values.end()) {
    fail(at, "unknown value '" + name + "'");
    return nullptr;
  }
  return it->second;
}

bool Importer::readTensorArgument(const json &ref, StringRef &name, StringRef structName) {
  if (!expectObject(ref))
    return false;
  checkFields(ref, kTensorArgumentFields, structName);
  return readStringField(ref, "name", name);
}

ir::Value *Importer::lookupTensor(GraphScope &scope, const json &ref) {
  StringRef name;
  return readTensorArgument(ref, name) ? lookup(scope, ref, name) : nullptr;
}

ir::Value *Importer::noneValue(GraphScope &scope) {
  if (!scope.none) {
    ir::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(scope.block);
    builder.setProvenance(nullptr);
    scope.none = createConstant({ir::Attribute::unit(), ir::Type::none()});
  }
  return scope.none;
}

ir::Value *Importer::createConstant(const Scalar &s) {
  return builder.create(ir::builtin::kConstant, {}, {s.type}, {{"value", s.attr}})->getResult(0);
}

Scalar Importer::intScalar(int64_t v) {
  return {ir::Attribute::integer(v), ir::Type::symInt(module->getSymContext().getConstant(v))};
}

bool Importer::readScalar(const json &v, Scalar &out) {
  StringRef kind;
  const json *value = readUnion(v, kConstantValueKinds, kind);
  return value && readScalarValue(kind, *value, out);
}

bool Importer::readScalarValue(StringRef kind, const json &value, Scalar &out) {
  if (kind == "as_none") {
    out = {ir::Attribute::unit(), ir::Type::none()};
    return true;
  }
  if (kind == "as_int") {
    int64_t i;
    if (!readInt(value, i))
      return false;
    out = intScalar(i);
    return true;
  }
  if (kind == "as_float") {
    double d;
    if (!readFloat(value, d))
      return false;
    out = {ir::Attribute::floating(d), ir::Type::symFloat()};
    return true;
  }
  if (kind == "as_bool") {
    bool b;
    if (!readBool(value, b))
      return false;
    out = {ir::Attribute::boolean(b), ir::Type::symBool()};
    return true;
  }
  StringRef s;
  if (!readString(value, s))
    return false;
  out = {ir::Attribute::string(s), ir::Type::opaque("str")};
  return true;
}

bool Importer::importWeight(const json &spec, StringRef kind, StringRef fqn, const ir::Type &type) {
  if (module->lookupWeight(fqn))
    return true;
  Expected<ir::WeightData> data = weights.getTensor(fqn);
  if (!data)
    return fail(spec, kind + " '" + fqn + "': " + toString(data.takeError()));
  if (data->getType() != type)
    return fail(spec, kind + " '" + fqn + "' is stored as " + data->getType().str() +
                          " but the graph uses it as " + type.str());
  module->addWeight(fqn, std::move(*data));
  return true;
}

} // namespace pt2onnx::pt2::importer
