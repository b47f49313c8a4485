//===- Evaluator.h - Computing ops whose operands are constants ------------===//
//
// The evaluator computes the results of an op from its constant operands:
// with torch's numerics for ATen ops, with the ONNX specification's (as
// onnxruntime implements it) for ONNX ops. The two agree except where the
// rules say: integer division rounds toward negative infinity in torch's
// floor mode and toward zero in ONNX's Div; torch promotes mixed operand
// types, ONNX has none.
//
// One rule per op name, grouped by family in eval/<Family>.cpp; the names
// of ATen rules are op-table keys, checked against the table. A rule
// declines (returns nullopt) whenever it cannot compute exactly what the
// runtime would: a type it does not compute with, an index out of range, an
// integer division by zero, behaviour the runtimes leave undefined, or a
// result with more elements than the limit. The op is then left as it is.
// Floating-point arithmetic is done in double and rounded once to the
// result type, which is exact for + - * / and sqrt; transcendental functions
// and reductions may differ from the runtime's in the last bit.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_EVAL_EVALUATOR_H
#define PT2ONNX_PASSES_EVAL_EVALUATOR_H

#include "ir/Operation.h"
#include "ir/schema/OpKeyedMap.h"
#include "passes/eval/Tensor.h"

#include "llvm/ADT/StringMap.h"

namespace pt2onnx::passes::eval {

using EvalResults = llvm::SmallVector<Tensor, 1>;

/// A Tensor or Scalar argument of an ATen op: `wrapped` when it was a Python
/// number or a torch scalar (SymInt, SymFloat, SymBool), which take part in
/// type promotion at the lowest priority.
struct ScalarOrTensor {
  Tensor value;
  bool wrapped = false;
};

/// What a rule sees of the op it evaluates.
class EvalContext {
public:
  EvalContext(const ir::Operation &op, llvm::ArrayRef<const Tensor *> operands, int64_t limit);

  const ir::Operation &getOp() const { return op; }

  // ---- Operands by position (ONNX ops) ------------------------------------
  unsigned getNumOperands() const { return operands.size(); }
  /// Operand `i`; null when absent, none, or not constant.
  const Tensor *operand(unsigned i) const { return i < operands.size() ? operands[i] : nullptr; }
  /// True when operand `i` is absent or the none value.
  bool isNone(unsigned i) const;
  const ir::Type &operandType(unsigned i) const { return op.getOperand(i)->getType(); }

  // ---- Arguments by name: attributes, and the operands an ATen op's
  // `arg_names` names. Absent arguments take the given default; a malformed
  // or non-constant one makes the evaluation fail. ----------------------------
  bool has(llvm::StringRef arg) const;
  /// A required Tensor argument (a torch scalar operand as a rank-0 tensor).
  const Tensor *tensor(llvm::StringRef arg);
  /// A Tensor? argument: null when absent or None.
  const Tensor *optionalTensor(llvm::StringRef arg);
  /// A Tensor[] argument.
  llvm::SmallVector<const Tensor *, 4> tensorList(llvm::StringRef arg);
  /// A Tensor?[] argument: None elements are null.
  llvm::SmallVector<const Tensor *, 4> optionalTensorList(llvm::StringRef arg);
  /// A Scalar argument, or a Tensor position that may hold a number; a
  /// number attribute is a rank-0 int64, float64 or bool tensor.
  std::optional<ScalarOrTensor> scalarOrTensor(llvm::StringRef arg);
  int64_t getInt(llvm::StringRef arg, int64_t defaultValue);
  std::optional<int64_t> getOptionalInt(llvm::StringRef arg);
  double getFloat(llvm::StringRef arg, double defaultValue);
  std::string getString(llvm::StringRef arg, llvm::StringRef defaultValue);
  /// An int list: an integer list attribute, one integer, or one constant
  /// operand per element.
  Shape getIntList(llvm::StringRef arg, llvm::ArrayRef<int64_t> defaultValue = {});
  std::optional<Shape> getOptionalIntList(llvm::StringRef arg);
  std::optional<ir::DType> getOptionalDType(llvm::StringRef arg);

  // ---- Results -------------------------------------------------------------
  const ir::Type &resultType(unsigned i = 0) const { return op.getResult(i)->getType(); }
  /// The element type of result `i`; a SymInt is int64, a SymFloat float64,
  /// a SymBool bool.
  ir::DType resultDType(unsigned i = 0) const;
  /// A new zero-filled tensor; nullopt (and a failure) when it would have
  /// more elements than the limit.
  std::optional<Tensor> allocate(ir::DType dtype, llvm::ArrayRef<int64_t> shape);
  /// Whether a result of `shape` is within the limit; records a failure when
  /// it is not (or a dim is negative).
  bool withinLimit(llvm::ArrayRef<int64_t> shape);
  int64_t getLimit() const { return limit; }
  /// The broadcast of `shapes` (numerics::broadcastShapes); nullopt (and a
  /// failure) when they do not broadcast.
  std::optional<Shape> broadcast(llvm::ArrayRef<llvm::ArrayRef<int64_t>> shapes);

  /// Records that the op cannot be evaluated; returns nullopt for the rule
  /// to return.
  std::nullopt_t fail() {
    failed = true;
    return std::nullopt;
  }
  bool hasFailed() const { return failed; }

private:
  const ir::Attribute *attr(llvm::StringRef arg) const;
  llvm::ArrayRef<unsigned> operandIndices(llvm::StringRef arg) const;
  std::optional<int64_t> intOf(const Tensor *t);

  const ir::Operation &op;
  llvm::ArrayRef<const Tensor *> operands;
  int64_t limit;
  llvm::StringMap<llvm::SmallVector<unsigned, 1>> operandsByName;
  bool failed = false;
};

using EvalRule = std::optional<EvalResults> (*)(EvalContext &ctx);

struct EvalRuleInfo {
  EvalRule rule;
  /// False for rules that read only their operands' types (Shape of a value
  /// whose dims are static): they run on non-constant operands too.
  bool needsConstantOperands = true;
  /// False for rules only a whole-program evaluation uses (the numerics
  /// check, --verify): costly ops (convolutions, matrix products, recurrent
  /// layers, attention) and ops whose folding would change the model's
  /// numbers beyond the last bit. fold-constants leaves those ops alone.
  bool foldable = true;
};

/// The rules by op name. ONNX ops (`onnx.Add`, and of other domains
/// `onnx_domain.com.microsoft.Gelu`) are not in the op table and are kept by
/// name; every other name is an op-table key (`aten.add.Tensor`,
/// `prims.convert_element_type.default`) and checked against the table:
/// checkKeys() lists the ones it does not have, and keys registered twice.
class EvalRegistry {
public:
  void add(llvm::StringRef opName, EvalRule rule) { insert(opName, {rule, true}); }
  void addTypeOnly(llvm::StringRef opName, EvalRule rule) { insert(opName, {rule, false}); }
  /// A rule for whole-program evaluation only, never for folding.
  void addUnfoldable(llvm::StringRef opName, EvalRule rule) { insert(opName, {rule, true, false}); }
  const EvalRuleInfo *lookup(llvm::StringRef opName) const;
  llvm::ArrayRef<std::string> checkKeys() const { return opTableRules.checkKeys(); }

private:
  void insert(llvm::StringRef opName, EvalRuleInfo info);

  llvm::StringMap<EvalRuleInfo> onnxRules;
  schema::OpKeyedMap<EvalRuleInfo> opTableRules;
};

/// The registry of every family, built once.
const EvalRegistry &getEvalRules();
/// The rule of `opName`, or null.
const EvalRuleInfo *lookupEvalRule(llvm::StringRef opName);

/// The results of `op` from `operands` (one per operand, null where not
/// constant); nullopt when the op has no rule, the rule declines, or a
/// result does not have the dtype and static dims of the op's result type.
std::optional<EvalResults> evaluate(const ir::Operation &op,
                                    llvm::ArrayRef<const Tensor *> operands, int64_t limit);

/// torch.result_type over `operands` (numerics::resultType); nullopt for
/// mixes torch does not promote.
std::optional<ir::DType> promoteOperands(llvm::ArrayRef<const ScalarOrTensor *> operands);

} // namespace pt2onnx::passes::eval

#endif // PT2ONNX_PASSES_EVAL_EVALUATOR_H
