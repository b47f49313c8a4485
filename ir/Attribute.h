//===- Attribute.h - Compile-time constant op attributes -------------------===//
//
// An Attribute is an immutable constant attached to an operation by name:
// unit, bool, int, float, string, int/float/string lists, a dtype, a type, a
// symbolic expression, a dense tensor literal, a reference to a module weight,
// or a list of attributes. Attributes are value objects; large payloads
// (dense data, lists) are shared, so copying is cheap.
//
// Textual forms (MLIR-compatible):
//   unit                     true / false
//   1 : i64                  1.5 : f64           "text"
//   array<i64: 1, 2>         array<f64: 1.0>     ["a", "b"]     [1 : i64, "x"]
//   f32 (a dtype: an element type)    tensor<2xf32>, !torch.symint (a type)
//   #torch.sym<"2*s0">       dense<[1, 2]> : tensor<2xi64>
//   dense_resource<conv1.weight> : tensor<64x3x7x7xf32>
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_ATTRIBUTE_H
#define PT2ONNX_IR_ATTRIBUTE_H

#include "ir/Type.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>
#include <vector>

namespace pt2onnx::ir {

/// A dense tensor literal: element type, static shape and little-endian
/// element bytes.
struct DenseElements {
  DType dtype;
  llvm::SmallVector<int64_t, 4> shape;
  std::vector<uint8_t> bytes;

  int64_t getNumElements() const;
  Type getType() const;
};

class Attribute {
public:
  enum class Kind : uint8_t {
    Unit,
    Bool,
    Int,
    Float,
    String,
    IntList,
    FloatList,
    StringList,
    DType,
    Type,
    SymExpr,
    Dense,
    WeightRef,
    List,
  };

  Attribute() = default; // unit
  static Attribute unit() { return Attribute(); }
  static Attribute boolean(bool v);
  static Attribute integer(int64_t v);
  static Attribute floating(double v);
  static Attribute string(llvm::StringRef v);
  static Attribute intList(llvm::ArrayRef<int64_t> v);
  static Attribute floatList(llvm::ArrayRef<double> v);
  static Attribute stringList(llvm::ArrayRef<std::string> v);
  static Attribute dtype(DType v);
  static Attribute type(const Type &v);
  static Attribute sym(SymExpr v);
  static Attribute dense(DenseElements v);
  /// A reference, by name, to a weight held in the module's storage; `type`
  /// is the tensor type the weight is used at.
  static Attribute weightRef(llvm::StringRef name, const Type &type);
  static Attribute list(std::vector<Attribute> v);

  Kind getKind() const { return kind; }
  bool isUnit() const { return kind == Kind::Unit; }

  bool getBool() const;
  int64_t getInt() const;
  double getFloat() const;
  /// The string of a String attribute, or the name of a WeightRef.
  llvm::StringRef getString() const;
  llvm::ArrayRef<int64_t> getIntList() const;
  llvm::ArrayRef<double> getFloatList() const;
  llvm::ArrayRef<std::string> getStringList() const;
  DType getDType() const;
  /// The type of a Type attribute, or the used type of a WeightRef.
  const Type &getType() const;
  SymExpr getSym() const;
  const DenseElements &getDense() const;
  llvm::ArrayRef<Attribute> getList() const;

  bool operator==(const Attribute &o) const;
  bool operator!=(const Attribute &o) const { return !(*this == o); }

private:
  struct Payload;
  Kind kind = Kind::Unit;
  // Scalars are stored inline; everything else is shared, immutable storage.
  union {
    bool b;
    int64_t i;
    double f;
    DType d;
  } scalar{};
  SymExpr symValue;
  std::shared_ptr<const Payload> payload;
};

struct NamedAttribute {
  std::string name;
  Attribute value;
};

} // namespace pt2onnx::ir

#endif // PT2ONNX_IR_ATTRIBUTE_H
