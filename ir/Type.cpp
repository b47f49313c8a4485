//===- Type.cpp - Value types ------------------------------------------------===//

#include "ir/Type.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace pt2onnx::ir {

Dim Dim::of(SymExpr e) {
  if (std::optional<int64_t> c = e.getConstant(); c && *c >= 0)
    return Dim(*c);
  Dim d;
  d.expr = e;
  return d;
}

Type Type::tensor(DType dtype, llvm::ArrayRef<Dim> shape) {
  Type t;
  t.kind = Kind::Tensor;
  t.dtype = dtype;
  t.ranked = true;
  t.shape.assign(shape.begin(), shape.end());
  return t;
}

Type Type::unrankedTensor(DType dtype) {
  Type t;
  t.kind = Kind::Tensor;
  t.dtype = dtype;
  return t;
}

Type Type::symInt(SymExpr value) {
  Type t;
  t.kind = Kind::SymInt;
  t.symValue = value;
  return t;
}

Type Type::symFloat() {
  Type t;
  t.kind = Kind::SymFloat;
  return t;
}

Type Type::symBool() {
  Type t;
  t.kind = Kind::SymBool;
  return t;
}

Type Type::opaque(llvm::StringRef name) {
  Type t;
  t.kind = Kind::Opaque;
  t.opaqueName = name.str();
  return t;
}

bool Type::hasStaticShape() const {
  if (!ranked)
    return false;
  for (const Dim &d : shape)
    if (!d.isStatic())
      return false;
  return true;
}

std::optional<int64_t> Type::getNumElements() const {
  if (!hasStaticShape())
    return std::nullopt;
  int64_t n = 1;
  for (const Dim &d : shape)
    if (__builtin_mul_overflow(n, d.getSize(), &n))
      return std::nullopt;
  return n;
}

Type Type::withDType(DType newType) const {
  Type t = *this;
  t.dtype = newType;
  return t;
}

bool Type::operator==(const Type &o) const {
  return kind == o.kind && dtype == o.dtype && ranked == o.ranked && shape == o.shape &&
         symValue == o.symValue && opaqueName == o.opaqueName;
}

void Type::print(llvm::raw_ostream &os) const {
  switch (kind) {
  case Kind::None:
    os << "none";
    return;
  case Kind::SymInt:
    os << "!torch.symint";
    if (symValue) {
      os << "<\"";
      symValue.print(os);
      os << "\">";
    }
    return;
  case Kind::SymFloat:
    os << "!torch.symfloat";
    return;
  case Kind::SymBool:
    os << "!torch.symbool";
    return;
  case Kind::Opaque:
    os << "!torch.opaque<\"";
    llvm::printEscapedString(opaqueName, os);
    os << "\">";
    return;
  case Kind::Tensor:
    break;
  }
  os << "tensor<";
  if (!ranked) {
    os << "*x" << getIRName(dtype) << '>';
    return;
  }
  bool anyDynamic = false;
  for (const Dim &d : shape) {
    if (d.isStatic()) {
      os << d.getSize() << 'x';
    } else {
      os << "?x";
      anyDynamic = true;
    }
  }
  os << getIRName(dtype);
  if (anyDynamic) {
    // The encoding lists the dynamic dims only; static ones are in the shape.
    os << ", \"";
    bool first = true;
    for (const Dim &d : shape) {
      if (d.isStatic())
        continue;
      if (!first)
        os << ", ";
      first = false;
      if (d.isSymbolic())
        d.getExpr().print(os);
      else
        os << '?';
    }
    os << '"';
  }
  os << '>';
}

std::string Type::str() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  print(os);
  return s;
}

} // namespace pt2onnx::ir
