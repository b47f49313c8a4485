//===- RuleContext.h - What a lowering rule sees of the ATen op --------------===//
//
// A rule reads the ATen op it lowers through a RuleContext: arguments by
// their schema name (the `arg_names` attribute maps operands to names;
// non-value arguments are attributes of that name), and it builds ONNX
// through `b`, positioned before the op and stamped with its provenance.
//
// An argument the op leaves out (no operand and no attribute of its name)
// takes the default of the op's schema in the op table (ir/schema/OpTable.h):
// `aten.add.Tensor` without `alpha` reads alpha=1, `aten.mean.dim` without
// `keepdim` reads False. Rules write no defaults of their own. An optional
// accessor returns nullopt for an argument that is None, or absent with no
// default (also one the overload does not declare); the others record a
// missing required argument as an error.
//
// Malformed input (a required argument missing, an attribute of the wrong
// kind) does not stop a rule mid-way: the accessor records the first error,
// returns a placeholder, and the driver reports the error and discards what
// the rule built. A rule rejects what it cannot lower with `fail(...)`.
//
// Argument forms a rule accepts:
//   tensor / optionalTensor / tensorList   Tensor, Tensor?, Tensor[] values
//   number / tensorOrNumber                Scalar args; a Tensor position may
//                                          hold a Python number
//   getInt/getFloat/getBool/getString/...  non-value args
//   intArg / intListArg                    SymInt and SymInt[] args: each
//                                          element a constant or a rank-0
//                                          int64 value
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_LOWERING_RULECONTEXT_H
#define PT2ONNX_LOWERING_RULECONTEXT_H

#include "ir/numerics/TypePromotion.h"
#include "ir/schema/OpSchema.h"
#include "lowering/OnnxBuilder.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace pt2onnx::lowering {

/// Facts the driver keeps across rules about values that stood for torch
/// scalars (SymInt, SymFloat, SymBool) before lowering: their kind and
/// symbolic value, which the rank-0 tensor type that replaces them loses.
struct ScalarFacts {
  ir::Type::Kind kind = ir::Type::Kind::SymInt;
  ir::SymExpr value;
};
/// What the driver knows of lowered values beyond their types: which were
/// torch scalars, and which are complex tensors as real pairs (a trailing dim
/// of 2 holding the real and imaginary parts).
struct ValueFacts {
  llvm::DenseMap<const ir::Value *, ScalarFacts> scalars;
  llvm::DenseSet<const ir::Value *> complexPairs;
};

/// A SymInt argument: known at compile time, or a rank-0 int64 value.
struct IntArg {
  std::optional<int64_t> constant;
  ir::Value *value = nullptr;

  bool isConstant() const { return constant.has_value(); }
  OnnxBuilder::ShapeElement asShapeElement() const { return {constant, value}; }
};

/// A Scalar argument, or a Tensor argument that may hold a Python number: a
/// value, or a number (`Int`, `Float` or `Bool` attribute).
struct TensorOrNumber {
  ir::Value *value = nullptr;
  ir::Attribute number;
  /// True for Python numbers and for values that were torch scalars: they
  /// promote as wrapped numbers.
  bool wrapped = false;

  bool isNumber() const { return value == nullptr; }
  /// The number as a double (numbers only).
  double asDouble() const;
  /// How it takes part in torch.result_type.
  numerics::PromotionOperand promotion() const;
};

class Float32Widening;

class RuleContext {
public:
  /// `widening`: the op is lowered in float32 for bfloat16 or float16
  /// operands (lowering/BFloat16.h), which it tells.
  RuleContext(ir::Operation *op, OnnxBuilder &builder, const ValueFacts &facts,
              const Float32Widening *widening = nullptr);

  ir::Operation *getOp() const { return op; }
  llvm::StringRef getOverload() const { return op->getName().getStringRef(); }
  int getOpset() const { return b.getOpset(); }
  OnnxBuilder &b;

  // ---- Value arguments ----------------------------------------------------
  /// True when `arg` is given as a non-None operand or a non-unit attribute
  /// (a schema default does not count).
  bool has(llvm::StringRef arg) const;
  /// A required tensor argument.
  ir::Value *tensor(llvm::StringRef arg);
  /// A Tensor? argument: null when absent or None.
  ir::Value *optionalTensor(llvm::StringRef arg);
  /// A Tensor[] argument.
  ValueList tensorList(llvm::StringRef arg);
  /// A Tensor?[] argument: None elements are null.
  ValueList optionalTensorList(llvm::StringRef arg);
  /// A Tensor or Scalar argument.
  TensorOrNumber tensorOrNumber(llvm::StringRef arg);
  /// A Tensor? or Scalar? argument: nullopt when None, or absent without a
  /// default.
  std::optional<TensorOrNumber> optionalTensorOrNumber(llvm::StringRef arg);
  /// The dtype of tensor argument `arg` in the program: bfloat16 or float16
  /// for an operand the driver widened to float32 (lowering/BFloat16.h),
  /// else its type's; nullopt when `arg` is absent or None.
  std::optional<ir::DType> programDType(llvm::StringRef arg);
  /// `v` as a tensor of `dtype`: numbers become rank-0 constants, values are
  /// cast.
  ir::Value *materialize(const TensorOrNumber &v, ir::DType dtype);

  // ---- Non-value arguments, with their schema defaults ----------------------
  int64_t getInt(llvm::StringRef arg);
  /// An `int?` argument: nullopt when None, or absent without a default.
  std::optional<int64_t> getOptionalInt(llvm::StringRef arg);
  double getFloat(llvm::StringRef arg);
  std::optional<double> getOptionalFloat(llvm::StringRef arg);
  bool getBool(llvm::StringRef arg);
  std::optional<bool> getOptionalBool(llvm::StringRef arg);
  std::string getString(llvm::StringRef arg);
  std::optional<std::string> getOptionalString(llvm::StringRef arg);
  /// An int[] argument; a single int is accepted as a one-element list.
  llvm::SmallVector<int64_t, 4> getIntList(llvm::StringRef arg);
  /// An int[]? argument: nullopt when None, or absent without a default.
  std::optional<llvm::SmallVector<int64_t, 4>> getOptionalIntList(llvm::StringRef arg);
  std::optional<llvm::SmallVector<double, 4>> getOptionalFloatList(llvm::StringRef arg);
  /// A ScalarType? argument (a DType attribute; an integer code is accepted).
  std::optional<ir::DType> getOptionalDType(llvm::StringRef arg);
  /// A SymInt argument.
  IntArg intArg(llvm::StringRef arg);
  /// A SymInt? argument: nullopt when None, or absent without a default.
  std::optional<IntArg> optionalIntArg(llvm::StringRef arg);
  /// A SymInt[] argument: an int list attribute or one operand per element.
  llvm::SmallVector<IntArg, 4> intListArg(llvm::StringRef arg);
  /// Whether a value argument was a torch scalar before lowering.
  const ScalarFacts *scalarFacts(const ir::Value *v) const;
  /// Whether a value is a complex tensor as real pairs. Only rules
  /// registered with addAcceptingComplex see such operands.
  bool isComplexPair(const ir::Value *v) const { return facts.complexPairs.contains(v); }

  // ---- Results -------------------------------------------------------------
  /// The type of result `i` at ONNX level (see loweredType).
  ir::Type resultType(unsigned i = 0) const { return loweredType(op->getResult(i)->getType()); }
  ir::DType resultDType(unsigned i = 0) const { return resultType(i).getDType(); }
  /// The rank of `v`'s type; records an error (and returns 0) when unranked.
  int64_t rankOf(ir::Value *v);
  /// `dim` normalized against `rank`; records an error when out of range.
  int64_t normalizeDim(int64_t dim, int64_t rank);

  // ---- Errors -------------------------------------------------------------
  /// Records that the rule cannot lower this op (the first reason wins) and
  /// returns an empty list to return from the rule.
  ValueList fail(const llvm::Twine &reason);
  bool failed() const { return !failure.empty(); }
  llvm::StringRef getFailure() const { return failure; }

private:
  /// The attribute `arg`, or the schema's default when the op leaves `arg`
  /// out (no operand, no attribute); null when neither exists.
  const ir::Attribute *attr(llvm::StringRef arg) const;
  /// The attribute `arg` as the op gives it.
  const ir::Attribute *givenAttr(llvm::StringRef arg) const;
  llvm::ArrayRef<unsigned> operandIndices(llvm::StringRef arg) const;
  ir::Value *placeholder();
  IntArg toIntArg(ir::Value *v);
  void badArg(llvm::StringRef arg, llvm::StringRef expected);

  ir::Operation *op;
  /// The op's entry in the op table; null for an op it lacks.
  const schema::OpSchema *opSchema;
  const ValueFacts &facts;
  const Float32Widening *widening;
  llvm::StringMap<llvm::SmallVector<unsigned, 1>> operandsByName;
  std::string failure;
};

} // namespace pt2onnx::lowering

#endif // PT2ONNX_LOWERING_RULECONTEXT_H
