//===- Type.h - Value types --------------------------------------------------===//
//
// The type of an IR value: a tensor (element type and a shape whose dims are
// static, symbolic or unknown; or unranked), a torch scalar (SymInt, SymFloat,
// SymBool, optionally carrying its symbolic value), `none`, or an opaque type
// for what ONNX cannot express (script objects, tokens). Types are value
// objects compared structurally, but a Type is one pointer to immutable,
// reference-counted storage: copying a type shares it, so the values of a
// million-op graph built from one type hold one copy of its shape.
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

#include <atomic>
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
  Type(const Type &o) : storage(o.storage) { retain(); }
  Type(Type &&o) noexcept : storage(o.storage) { o.storage = nullptr; }
  Type &operator=(const Type &o) {
    o.retain();
    release();
    storage = o.storage;
    return *this;
  }
  Type &operator=(Type &&o) noexcept {
    if (this != &o) {
      release();
      storage = o.storage;
      o.storage = nullptr;
    }
    return *this;
  }
  ~Type() { release(); }

  static Type none() { return Type(); }
  static Type tensor(DType dtype, llvm::ArrayRef<Dim> shape);
  static Type unrankedTensor(DType dtype);
  static Type symInt(SymExpr value = {});
  static Type symFloat();
  static Type symBool();
  static Type opaque(llvm::StringRef name);

  Kind getKind() const;
  bool isNone() const { return getKind() == Kind::None; }
  bool isTensor() const { return getKind() == Kind::Tensor; }
  bool isScalar() const {
    Kind kind = getKind();
    return kind == Kind::SymInt || kind == Kind::SymFloat || kind == Kind::SymBool;
  }

  // Tensors.
  DType getDType() const;
  bool isRanked() const;
  size_t getRank() const { return getShape().size(); }
  llvm::ArrayRef<Dim> getShape() const;
  bool hasStaticShape() const;
  /// Product of the dims when all are static and it fits in int64.
  std::optional<int64_t> getNumElements() const;
  /// The elements' size in bytes when the shape is static and it fits in int64.
  std::optional<int64_t> getNumBytes() const;
  Type withShape(llvm::ArrayRef<Dim> newShape) const { return tensor(getDType(), newShape); }
  Type withDType(DType newType) const;

  /// The symbolic value of a SymInt, when known.
  SymExpr getSymValue() const;
  llvm::StringRef getOpaqueName() const;

  bool operator==(const Type &o) const { return storage == o.storage || equals(o); }
  bool operator!=(const Type &o) const { return !(*this == o); }

  void print(llvm::raw_ostream &os) const;
  std::string str() const;

  struct Storage;

private:
  explicit Type(Storage *storage) : storage(storage) {}
  static Type make(Kind kind, DType dtype, bool ranked, llvm::ArrayRef<Dim> shape,
                   SymExpr symValue = {}, llvm::StringRef opaqueName = {});
  bool equals(const Type &o) const;
  void retain() const;
  void release() const;

  /// Null for `none`.
  Storage *storage = nullptr;
};

/// What a Type points at, allocated with its dims (then an opaque type's
/// name) right after it. Immutable once made; the count is atomic so that
/// types may be shared across threads like any value object.
struct Type::Storage {
  mutable std::atomic<uint32_t> refs{1};
  Kind kind;
  DType dtype;
  bool ranked;
  uint32_t rank;
  uint32_t opaqueNameSize;
  SymExpr symValue;

  const Dim *getDims() const { return reinterpret_cast<const Dim *>(this + 1); }
  const char *getOpaqueName() const { return reinterpret_cast<const char *>(getDims() + rank); }
};

inline void Type::retain() const {
  if (storage)
    storage->refs.fetch_add(1, std::memory_order_relaxed);
}

inline void Type::release() const {
  if (storage && storage->refs.fetch_sub(1, std::memory_order_acq_rel) == 1)
    ::operator delete(storage);
}

inline Type::Kind Type::getKind() const { return storage ? storage->kind : Kind::None; }
inline DType Type::getDType() const { return storage ? storage->dtype : DType::Float32; }
inline bool Type::isRanked() const { return storage && storage->ranked; }
inline llvm::ArrayRef<Dim> Type::getShape() const {
  return storage ? llvm::ArrayRef<Dim>(storage->getDims(), storage->rank) : llvm::ArrayRef<Dim>();
}
inline SymExpr Type::getSymValue() const { return storage ? storage->symValue : SymExpr(); }
inline llvm::StringRef Type::getOpaqueName() const {
  return storage ? llvm::StringRef(storage->getOpaqueName(), storage->opaqueNameSize)
                 : llvm::StringRef();
}

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const Type &t) {
  t.print(os);
  return os;
}

} // namespace pt2onnx::ir

#endif // PT2ONNX_IR_TYPE_H
