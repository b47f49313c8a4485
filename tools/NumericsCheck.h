//===- NumericsCheck.h - Evaluating a program and judging its numbers -------===//
//
// What `pt2onnx --verify`, `pt2onnx-opt --evaluate` and
// `pt2onnx-opt --bisect-numerics` share: the inputs of a run (an .npz file,
// or seeded random values at chosen sizes of the dynamic dims), the names
// the e2e corpus gives outputs (`output_<i>`, `mutation_<j>`), the
// tolerances per dtype and the comparison of two tensors under them, and the
// printing of what a run gave.
//
// A float value passes when |actual - expected| <= atol + rtol * |expected|,
// NaN matching NaN and an infinity the same infinity; integers and bools
// must be equal. The default tolerances are the e2e corpus's:
//
//   float64  rtol 1e-7  atol 1e-9
//   float32  rtol 1e-4  atol 1e-5
//   float16  rtol 1e-2  atol 1e-3
//   bfloat16 rtol 2e-2  atol 1e-2
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_TOOLS_NUMERICSCHECK_H
#define PT2ONNX_TOOLS_NUMERICSCHECK_H

#include "passes/eval/Interpreter.h"
#include "tools/NumpyArchive.h"

#include "llvm/ADT/DenseMap.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace pt2onnx::tools {

using passes::eval::Evaluation;
using passes::eval::Tensor;

/// The flags of the numerics check (--verify-inputs, --verify-rtol, ...),
/// shared by both tools.
llvm::cl::OptionCategory &getNumericsCategory();

struct Tolerance {
  double rtol = 0, atol = 0;
};

/// The tolerance for `dtype`: the defaults above, or --verify-rtol /
/// --verify-atol when given (for every float type); exact for the others.
Tolerance getTolerance(ir::DType dtype);

/// How far `actual` is from `expected`.
struct Difference {
  /// The largest |actual - expected|, and the largest of it divided by
  /// |expected| (over the elements where expected is not 0).
  double maxAbs = 0, maxRel = 0;
  /// Elements beyond the tolerance.
  int64_t mismatched = 0;
  /// Set when the two cannot be compared element by element: another dtype
  /// or shape.
  std::string problem;

  bool passes() const { return problem.empty() && mismatched == 0; }
};
Difference compareTensors(const Tensor &actual, const Tensor &expected, Tolerance tolerance);

/// What the e2e corpus calls each output of `graph`: `output_<i>` for the
/// user outputs (and losses), `mutation_<j>` for the buffers and inputs the
/// program updates, empty for the others (tokens, gradients).
std::vector<std::string> getOutputKeys(const ir::Operation &graph);

/// The inputs of `graph` read from the .npz file `path`: arrays `input_0`,
/// `input_1`, ... (bfloat16 as uint16 bits), checked against the graph.
llvm::Expected<std::vector<Tensor>> loadInputs(llvm::StringRef path, const ir::Operation &graph);

/// A size for each of some symbols.
using SymbolSizes = llvm::DenseMap<ir::SymExpr, int64_t>;

/// Random inputs for `graph`: dynamic dims at `sizes` (a size per symbol;
/// symbols it lacks take the lower end of their range, at least 2), floats
/// uniform in [-1, 1), integers in [0, 4), bools fair; the same for the same
/// seed.
std::vector<Tensor> makeRandomInputs(const ir::Module &module, uint64_t seed,
                                     const SymbolSizes &sizes = SymbolSizes());

/// What to call output `i` of `graph`: its key (getOutputKeys) and the name
/// of the value returned, e.g. `output_0 (softmax)`.
std::string getOutputLabel(const ir::Operation &graph, size_t i);

/// What judgeOutput found.
enum class OutputJudgement { Passed, Failed, NotCompared };

/// Compares `actual` with `expected` under the tolerance of its dtype
/// (only dtype and shape without `compareValues`), printing one line
/// `LABEL: f32[2, 3] max abs diff ..., max rel diff ... (rtol ..., atol ...): ok`
/// (or `MISMATCH ...`); an unknown one is not compared.
OutputJudgement judgeOutput(llvm::StringRef label, const std::optional<Tensor> &actual,
                            const std::optional<Tensor> &expected, bool compareValues,
                            llvm::raw_ostream &os);

/// Prints `evaluation`'s outputs, each named after its key or value, with
/// its dtype, shape and first values.
void printOutputs(const ir::Operation &graph, const Evaluation &evaluation,
                  llvm::raw_ostream &os);

/// Compares `evaluation`'s outputs with `expected` (arrays named by
/// getOutputKeys), printing one line per output; true when all compared
/// pass. Outputs without an expected array are not compared.
bool compareWithExpected(const ir::Operation &graph, const Evaluation &evaluation,
                         llvm::ArrayRef<NumpyArray> expected, llvm::raw_ostream &os);

/// The inputs of one run, and where they came from.
struct InputSet {
  /// `inputs_0.npz`, `the archive's sample inputs`, `random (seed 1, s0 = 5)`.
  std::string description;
  std::vector<Tensor> inputs;
};

/// The first inputs of a check of `module`: the file --verify-inputs names;
/// else the example inputs stored in the archive `archivePath` (when it is a
/// .pt2 that holds them for `modelName`); else random ones (--verify-seed).
llvm::Expected<InputSet> getFirstInputSet(const ir::Module &module, llvm::StringRef archivePath,
                                          llvm::StringRef modelName);

/// Random inputs number `k` (from 1) of a check: seeded by --verify-seed and
/// `k`, each symbol of the inputs' dims drawn from its range (at most 15
/// above its lower end, and other than in `first` where the range allows).
InputSet makeRandomInputSet(const ir::Module &module, unsigned k, const InputSet &first);

/// Evaluates `module` on getFirstInputSet and prints its outputs, or
/// compares them with the arrays of the .npz file `expectPath` when given,
/// then the problems of the run. Returns whether every compared output
/// passed (true without `expectPath`).
llvm::Expected<bool> evaluateAndReport(const ir::Module &module, llvm::StringRef archivePath,
                                       llvm::StringRef modelName, llvm::StringRef expectPath,
                                       llvm::raw_ostream &os);

/// Prints what makes the run inconclusive or wrong: the ops the evaluator
/// could not run, the random ops, the failed checks. Prints nothing for a
/// complete run.
void printProblems(const Evaluation &evaluation, llvm::raw_ostream &os);

} // namespace pt2onnx::tools

#endif // PT2ONNX_TOOLS_NUMERICSCHECK_H
