//===- DimNames.h - The names of the model's dynamic dims -------------------===//
//
// A symbolic dim of the program (torch's `s18`, or `u0` for a size only the
// data decides) becomes a dim_param of the ONNX model. Its name is, in order
// of precedence:
//   1. the name the user gives it: by symbol (`--dim-name s18=batch`) or by
//      an input's axis (`--dim-name input_ids.0=batch`, `--dim-name 0.0=batch`,
//      the input by its name in the model or by its position among the
//      inputs); the name spreads to every dim of the same symbol;
//   2. where it comes from: `<input>_dim<axis>` for the first input axis
//      (inputs in order, axes in order) whose size is that symbol alone, else
//      `<output>_dim<axis>` for the first such output axis (a data-dependent
//      size, as nonzero's);
//   3. torch's own name, for a symbol that is the whole size of no input or
//      output axis (it appears only in expressions such as `2*s0`).
// Expressions keep their form with the symbols renamed (`2*batch`).
// The symbols of the inputs' and outputs' dims and their ranges (from the
// program's range constraints) go to the model's metadata_props under
// kDimRangesKey, as a JSON object from dim name to [min, max], null for an
// unbounded end: {"batch": [1, 64], "seq": [2, null]}.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_BACKENDS_ONNX_DIMNAMES_H
#define PT2ONNX_BACKENDS_ONNX_DIMNAMES_H

#include "ir/Module.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace pt2onnx::onnx_backend {

/// The model metadata_props key of the dims' ranges.
inline constexpr llvm::StringLiteral kDimRangesKey = "pt2onnx.dim_ranges";

/// A name for an input's axis (`input` is the input's name in the model, or
/// its position, decimal digits, among the graph's inputs), or for a symbol
/// (`bySymbol`: `input` is the symbol's name, `axis` unused).
struct AxisName {
  std::string input;
  int64_t axis = 0;
  bool bySymbol = false;
  std::string name;
  /// The user's spelling (`input_ids.0=batch`), quoted in errors.
  std::string spelling;
};

/// Parses `INPUT.AXIS=NAME` or `SYMBOL=NAME` (the text of one --dim-name).
llvm::Expected<AxisName> parseDimName(llvm::StringRef text);

/// The named dims of one model.
struct DimNaming {
  /// Symbol name -> dim_param name, for every symbol that is renamed.
  llvm::StringMap<std::string> names;
  /// The JSON of kDimRangesKey; empty when no input or output has a
  /// symbolic dim.
  std::string rangesJSON;
};

/// Names the symbols of the graph's inputs and outputs. `inputNames` and
/// `outputNames` are the model's names of the graph's inputs and outputs (an
/// empty output name: unnamed yet, the value's IR name stands for it). Errors (invalid_argument) name the
/// user's spelling and the reason: an unknown input or symbol, an axis out of
/// range, a static dim, a dim that is an expression, two names for one
/// symbol, one name for two symbols.
llvm::Expected<DimNaming> nameDims(const ir::Module &module, const ir::Block &mainBody,
                                   llvm::ArrayRef<std::string> inputNames,
                                   llvm::ArrayRef<std::string> outputNames,
                                   llvm::ArrayRef<AxisName> userNames);

/// `text` (a printed SymExpr) with every symbol that `names` renames
/// renamed.
std::string renameSymbols(llvm::StringRef text, const llvm::StringMap<std::string> &names);

} // namespace pt2onnx::onnx_backend

#endif // PT2ONNX_BACKENDS_ONNX_DIMNAMES_H
