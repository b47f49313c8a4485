//===- Type.cpp - Value types ------------------------------------------------===//

#include "ir/Type.h"

#include "ir/CheckedArithmetic.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <memory>

namespace pt2onnx::ir {

Dim Dim::of(SymExpr e) {
  if (std::optional<int64_t> c = e.getConstant(); c && *c >= 0)
    return Dim(*c);
  Dim d;
  d.expr = e;
  return d;
}

Type Type::make(Kind kind, DType dtype, bool ranked, llvm::ArrayRef<Dim> shape, SymExpr symValue,
                llvm::StringRef opaqueName) {
  static_assert(std::is_trivially_destructible_v<Dim>, "dims are freed without destructors");
  static_assert(alignof(Storage) >= alignof(Dim), "dims follow the storage");
  size_t size = sizeof(Storage) + shape.size() * sizeof(Dim) + opaqueName.size();
  auto *storage = new (::operator new(size)) Storage();
  storage->kind = kind;
  storage->dtype = dtype;
  storage->ranked = ranked;
  storage->rank = uint32_t(shape.size());
  storage->opaqueNameSize = uint32_t(opaqueName.size());
  storage->symValue = symValue;
  std::uninitialized_copy(shape.begin(), shape.end(), const_cast<Dim *>(storage->getDims()));
  if (!opaqueName.empty())
    std::memcpy(const_cast<char *>(storage->getOpaqueName()), opaqueName.data(),
                opaqueName.size());
  return Type(storage);
}

Type Type::tensor(DType dtype, llvm::ArrayRef<Dim> shape) {
  return make(Kind::Tensor, dtype, /*ranked=*/true, shape);
}

Type Type::unrankedTensor(DType dtype) { return make(Kind::Tensor, dtype, /*ranked=*/false, {}); }

Type Type::symInt(SymExpr value) {
  return make(Kind::SymInt, DType::Float32, /*ranked=*/false, {}, value);
}

Type Type::symFloat() { return make(Kind::SymFloat, DType::Float32, /*ranked=*/false, {}); }

Type Type::symBool() { return make(Kind::SymBool, DType::Float32, /*ranked=*/false, {}); }

Type Type::opaque(llvm::StringRef name) {
  return make(Kind::Opaque, DType::Float32, /*ranked=*/false, {}, {}, name);
}

bool Type::hasStaticShape() const {
  if (!isRanked())
    return false;
  for (const Dim &d : getShape())
    if (!d.isStatic())
      return false;
  return true;
}

std::optional<int64_t> Type::getNumElements() const {
  if (!hasStaticShape())
    return std::nullopt;
  std::optional<int64_t> n = 1;
  for (const Dim &d : getShape())
    if (!(n = checkedMul(*n, d.getSize())))
      break;
  return n;
}

std::optional<int64_t> Type::getNumBytes() const {
  std::optional<int64_t> n = getNumElements();
  return n ? checkedMul(*n, int64_t(getDTypeSize(getDType()))) : std::nullopt;
}

Type Type::withDType(DType newType) const {
  if (getDType() == newType)
    return *this;
  return make(getKind(), newType, isRanked(), getShape(), getSymValue(), getOpaqueName());
}

bool Type::equals(const Type &o) const {
  return getKind() == o.getKind() && getDType() == o.getDType() && isRanked() == o.isRanked() &&
         getShape() == o.getShape() && getSymValue() == o.getSymValue() &&
         getOpaqueName() == o.getOpaqueName();
}

void Type::print(llvm::raw_ostream &os) const {
  SymExpr symValue = getSymValue();
  DType dtype = getDType();
  switch (getKind()) {
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
    llvm::printEscapedString(getOpaqueName(), os);
    os << "\">";
    return;
  case Kind::Tensor:
    break;
  }
  os << "tensor<";
  if (!isRanked()) {
    os << "*x" << getIRName(dtype) << '>';
    return;
  }
  bool anyDynamic = false;
  for (const Dim &d : getShape()) {
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
    for (const Dim &d : getShape()) {
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
