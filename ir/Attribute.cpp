//===- Attribute.cpp - Compile-time constant op attributes -----------------===//

#include "ir/Attribute.h"

#include <cassert>
#include <cstring>

namespace pt2onnx::ir {

int64_t DenseElements::getNumElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

Type DenseElements::getType() const {
  llvm::SmallVector<Dim, 4> dims(shape.begin(), shape.end());
  return Type::tensor(dtype, dims);
}

struct Attribute::Payload {
  std::string string;
  std::vector<int64_t> ints;
  std::vector<double> floats;
  std::vector<std::string> strings;
  Type type;
  DenseElements dense;
  std::vector<Attribute> list;
};

Attribute Attribute::boolean(bool v) {
  Attribute a;
  a.kind = Kind::Bool;
  a.scalar.b = v;
  return a;
}

Attribute Attribute::integer(int64_t v) {
  Attribute a;
  a.kind = Kind::Int;
  a.scalar.i = v;
  return a;
}

Attribute Attribute::floating(double v) {
  Attribute a;
  a.kind = Kind::Float;
  a.scalar.f = v;
  return a;
}

Attribute Attribute::dtype(DType v) {
  Attribute a;
  a.kind = Kind::DType;
  a.scalar.d = v;
  return a;
}

Attribute Attribute::sym(SymExpr v) {
  Attribute a;
  a.kind = Kind::SymExpr;
  a.symValue = v;
  return a;
}

Attribute Attribute::string(llvm::StringRef v) {
  Attribute a;
  a.kind = Kind::String;
  auto p = std::make_shared<Payload>();
  p->string = v.str();
  a.payload = std::move(p);
  return a;
}

Attribute Attribute::intList(llvm::ArrayRef<int64_t> v) {
  Attribute a;
  a.kind = Kind::IntList;
  auto p = std::make_shared<Payload>();
  p->ints.assign(v.begin(), v.end());
  a.payload = std::move(p);
  return a;
}

Attribute Attribute::floatList(llvm::ArrayRef<double> v) {
  Attribute a;
  a.kind = Kind::FloatList;
  auto p = std::make_shared<Payload>();
  p->floats.assign(v.begin(), v.end());
  a.payload = std::move(p);
  return a;
}

Attribute Attribute::stringList(llvm::ArrayRef<std::string> v) {
  Attribute a;
  a.kind = Kind::StringList;
  auto p = std::make_shared<Payload>();
  p->strings.assign(v.begin(), v.end());
  a.payload = std::move(p);
  return a;
}

Attribute Attribute::type(const Type &v) {
  Attribute a;
  a.kind = Kind::Type;
  auto p = std::make_shared<Payload>();
  p->type = v;
  a.payload = std::move(p);
  return a;
}

Attribute Attribute::dense(DenseElements v) {
  assert(v.bytes.size() == size_t(v.getNumElements()) * getDTypeSize(v.dtype) &&
         "dense payload size does not match its shape");
  Attribute a;
  a.kind = Kind::Dense;
  auto p = std::make_shared<Payload>();
  p->dense = std::move(v);
  a.payload = std::move(p);
  return a;
}

Attribute Attribute::weightRef(llvm::StringRef name, const Type &type) {
  Attribute a;
  a.kind = Kind::WeightRef;
  auto p = std::make_shared<Payload>();
  p->string = name.str();
  p->type = type;
  a.payload = std::move(p);
  return a;
}

Attribute Attribute::list(std::vector<Attribute> v) {
  Attribute a;
  a.kind = Kind::List;
  auto p = std::make_shared<Payload>();
  p->list = std::move(v);
  a.payload = std::move(p);
  return a;
}

bool Attribute::getBool() const {
  assert(kind == Kind::Bool);
  return scalar.b;
}
int64_t Attribute::getInt() const {
  assert(kind == Kind::Int);
  return scalar.i;
}
double Attribute::getFloat() const {
  assert(kind == Kind::Float);
  return scalar.f;
}
llvm::StringRef Attribute::getString() const {
  assert(kind == Kind::String || kind == Kind::WeightRef);
  return payload->string;
}
llvm::ArrayRef<int64_t> Attribute::getIntList() const {
  assert(kind == Kind::IntList);
  return payload->ints;
}
llvm::ArrayRef<double> Attribute::getFloatList() const {
  assert(kind == Kind::FloatList);
  return payload->floats;
}
llvm::ArrayRef<std::string> Attribute::getStringList() const {
  assert(kind == Kind::StringList);
  return payload->strings;
}
DType Attribute::getDType() const {
  assert(kind == Kind::DType);
  return scalar.d;
}
const Type &Attribute::getType() const {
  assert(kind == Kind::Type || kind == Kind::WeightRef);
  return payload->type;
}
SymExpr Attribute::getSym() const {
  assert(kind == Kind::SymExpr);
  return symValue;
}
const DenseElements &Attribute::getDense() const {
  assert(kind == Kind::Dense);
  return payload->dense;
}
llvm::ArrayRef<Attribute> Attribute::getList() const {
  assert(kind == Kind::List);
  return payload->list;
}

bool Attribute::operator==(const Attribute &o) const {
  if (kind != o.kind)
    return false;
  switch (kind) {
  case Kind::Unit:
    return true;
  case Kind::Bool:
    return scalar.b == o.scalar.b;
  case Kind::Int:
    return scalar.i == o.scalar.i;
  case Kind::Float:
    // Bitwise: NaN attributes with the same payload are the same attribute.
    return std::memcmp(&scalar.f, &o.scalar.f, sizeof(double)) == 0;
  case Kind::DType:
    return scalar.d == o.scalar.d;
  case Kind::SymExpr:
    return symValue == o.symValue;
  default:
    break;
  }
  if (payload == o.payload)
    return true;
  const Payload &a = *payload, &b = *o.payload;
  switch (kind) {
  case Kind::String:
    return a.string == b.string;
  case Kind::IntList:
    return a.ints == b.ints;
  case Kind::FloatList:
    // memcmp may not be given the null data() of empty vectors.
    return a.floats.size() == b.floats.size() &&
           (a.floats.empty() ||
            std::memcmp(a.floats.data(), b.floats.data(), a.floats.size() * sizeof(double)) == 0);
  case Kind::StringList:
    return a.strings == b.strings;
  case Kind::Type:
    return a.type == b.type;
  case Kind::Dense:
    return a.dense.dtype == b.dense.dtype && a.dense.shape == b.dense.shape &&
           a.dense.bytes == b.dense.bytes;
  case Kind::WeightRef:
    return a.string == b.string && a.type == b.type;
  case Kind::List:
    return a.list == b.list;
  default:
    return false;
  }
}

} // namespace pt2onnx::ir
