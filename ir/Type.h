//===- Type.h - Value types --------------------------------------------------===//
//
// The type of an IR value: a tensor (element type and a shape whose dims are
// static, symbolic or unknown; or unranked), a torch scalar (SymInt, SymFloat,
// SymBool, optionally carrying its symbolic value), `none`, or an opaque type
// for what ONNX cannot express (script objects, tokens). Types are small
// value objects compared structurally.
//
// Textual forms (MLIR-compatible):
//   tensor<2x4xf32>             static
//   tensor<?x4xf32, "s0">       symbolic dims listed, in order, in the encoding
//   tensor<?x?xi64, "?, 2*s0">  `?` in the encoding: unknown dim
//   tensor<*xf32>               unranked
//   !torch.symint  !torch.symint<"s0 + 1">  !torch.symfloat  !torch.symbool
//   none          !torch.opaque<"__torch__.Foo">
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_TYPE_H
#define PT2ONNX_IR_TYPE_H

#include "ir/DType.h"
#include "ir/SymExpr.h"

#include "llvm/ADT/SmallVector.h"

#include <string>

namespace pt2onnx::ir {

/// One dimension: a static size, a symbolic expression, or unknown.
class Dim {
public:
  static Dim unknown() { return Dim(); }
  /// Symbolic dims whose expression folds to a constant become static.
  static Dim of(SymExpr e);
  Dim(int64_t size) : size(size) {}

  bool isStatic() const { return size >= 0; }
  bool isSymbolic() const { return static_cast<bool>(expr); }
  bool isUnknown() const { return size < 0 && !expr; }
  int64_t getSize() const { return size; }
  SymExpr getExpr() const { return expr; }

  bool operator==(const Dim &o) const { return size == o.size && expr == o.expr; }
  bool operator!=(const Dim &o) const { return !(*this == o); }

private:
  Dim() = default;
  int64_t size = -1;
  SymExpr expr;
};

class Type {
public:
  enum class Kind : uint8_t { None, Tensor, SymInt, SymFloat, SymBool, Opaque };

  Type() = default; // none
  static Type none() { return Type(); }
  static Type tensor(DType dtype, llvm::ArrayRef<Dim> shape);
  static Type unrankedTensor(DType dtype);
  static Type symInt(SymExpr value = {});
  static Type symFloat();
  static Type symBool();
  static Type opaque(llvm::StringRef name);

  Kind getKind() const { return kind; }
  bool isNone() const { return kind == Kind::None; }
  bool isTensor() const { return kind == Kind::Tensor; }
  bool isScalar() const {
    return kind == Kind::SymInt || kind == Kind::SymFloat || kind == Kind::SymBool;
  }

  // Tensors.
  DType getDType() const { return dtype; }
  bool isRanked() const { return ranked; }
  size_t getRank() const { return shape.size(); }
  llvm::ArrayRef<Dim> getShape() const { return shape; }
  bool hasStaticShape() const;
  /// Product of the dims when all are static.
  std::optional<int64_t> getNumElements() const;
  Type withShape(llvm::ArrayRef<Dim> newShape) const { return tensor(dtype, newShape); }
  Type withDType(DType newType) const;

  /// The symbolic value of a SymInt, when known.
  SymExpr getSymValue() const { return symValue; }
  llvm::StringRef getOpaqueName() const { return opaqueName; }

  bool operator==(const Type &o) const;
  bool operator!=(const Type &o) const { return !(*this == o); }

  void print(llvm::raw_ostream &os) const;
  std::string str() const;

private:
  Kind kind = Kind::None;
  DType dtype = DType::Float32;
  bool ranked = false;
  llvm::SmallVector<Dim, 4> shape;
  SymExpr symValue;
  std::string opaqueName;
};

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const Type &t) {
  t.print(os);
  return os;
}

} // namespace pt2onnx::ir

#endif // PT2ONNX_IR_TYPE_H
