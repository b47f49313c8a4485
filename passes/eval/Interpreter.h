//===- Interpreter.h - Running a whole program on input tensors ------------===//
//
// The interpreter runs a module's `main` graph on input tensors with the
// evaluator's rules (Evaluator.h), at ATen level, ONNX level or any mix:
// constants and the weights they refer to, every op through `evaluate` with
// no element limit, the ops with regions by running their regions
// (higher_order.cond / while_loop / scan / map_impl / wrap_with_* /
// invoke_subgraph; onnx.If / Loop / Scan), and the side-effect-only checks
// (asserts, tensor-metadata asserts, range constraints) by checking them.
// Symbols are bound from the inputs' dims and from SymInt results whose type
// names a symbol; every result is checked against its type's dims under
// those bindings.
//
// It never stops at an op it cannot run: the op's results are unknown, the
// ops that need them are skipped, and the run reports which ops it could not
// run (each counted once, those skipped for an unknown operand not counted).
// A float cast to an integer type it does not fit gives undefined elements,
// which element-wise ops carry and `where` may drop; an op that is not
// element-wise cannot run on them, and no output holds them.
// A value is freed after its last use, so memory follows the live values,
// not the program.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_EVAL_INTERPRETER_H
#define PT2ONNX_PASSES_EVAL_INTERPRETER_H

#include "ir/Module.h"
#include "passes/eval/Tensor.h"

#include "llvm/Support/Error.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace pt2onnx::passes::eval {

/// What one run of a graph gave.
struct Evaluation {
  /// One per operand of the graph's `ir.return`; nullopt where the run could
  /// not compute it (an op it depends on could not run), and for outputs
  /// that carry no data (none, tokens).
  std::vector<std::optional<Tensor>> outputs;
  /// The ops that could not run: no evaluator rule, the rule declined, a
  /// constant without data. Op name -> number of ops, sorted by name.
  std::map<std::string, unsigned> unsupported;
  /// The ops that draw random numbers (their values are not comparable with
  /// another run's). Op name -> number of ops.
  std::map<std::string, unsigned> random;
  /// One per output: whether it depends on what a random op drew (an output
  /// that does not, though the program draws, compares with another run's).
  std::vector<bool> randomOutputs;
  /// What the program checks that did not hold (an `_assert_scalar` that
  /// failed, a tensor whose dtype or dims contradict its asserted metadata),
  /// and results whose dims contradict their type: one message each, naming
  /// the op.
  std::vector<std::string> errors;

  /// Every output that carries data was computed.
  bool isComplete() const { return unsupported.empty(); }
  /// Whether output `i` depends on a random op's values.
  bool isRandomOutput(size_t i) const { return i < randomOutputs.size() && randomOutputs[i]; }
};

struct InterpreterOptions {
  /// Called with every op's results as they are computed (null where an op
  /// result is none), ops in nested regions included (once per execution).
  std::function<void(const ir::Operation &, llvm::ArrayRef<const Tensor *>)> observe;
};

/// Checks `inputs` against the entry-block arguments of `graph` (count,
/// dtype, rank, static dims; a SymInt, SymFloat or SymBool input is a rank-0
/// int64, float64 or bool tensor); the error says which input and why.
llvm::Error checkInputs(const ir::Operation &graph, llvm::ArrayRef<Tensor> inputs);

/// Runs the `main` graph of `module` on `inputs` (checked with checkInputs
/// by the caller).
Evaluation interpret(const ir::Module &module, llvm::ArrayRef<Tensor> inputs,
                     const InterpreterOptions &options = {});

/// The value of the `ir.constant` op `op` of `module`: a dense literal, a
/// weight with data, or a SymInt / SymFloat / SymBool number; nullopt for
/// none, strings, and weights whose bytes are elided.
std::optional<Tensor> readConstant(const ir::Module &module, const ir::Operation &op);

/// Whether `op` draws random numbers: an ATen op torch tags
/// nondeterministic_seeded (those that draw only for a dropout, when it is
/// on: training, with a probability other than 0), ONNX's Random*,
/// Multinomial and Bernoulli, and Dropout given a training_mode.
bool isRandomOp(const ir::Operation &op);

} // namespace pt2onnx::passes::eval

#endif // PT2ONNX_PASSES_EVAL_INTERPRETER_H
