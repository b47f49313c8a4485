//===- SampleInputs.h - The example inputs a .pt2 archive stores -*- C++ -*-===//
//
// torch.export.save stores the example inputs the program was exported with
// next to it: `data/sample_inputs/<model>.pt` in the archive layout,
// `serialized_example_inputs.pt` in the torch 2.1-2.6 one, each a torch.save
// file of the tuple `(args, kwargs)`. The numerics check runs the program on
// them by default.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_FRONTENDS_PT2_SAMPLEINPUTS_H
#define PT2ONNX_FRONTENDS_PT2_SAMPLEINPUTS_H

#include "ir/Module.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace pt2onnx::pt2 {

/// One leaf of the example inputs.
struct SampleInput {
  /// A tensor (its bytes owned, in C order), or a Python int, float or bool
  /// as a rank-0 int64, float64 or bool tensor.
  ir::WeightData value;
  /// For a leaf that is none of these (None, a string, ...): what it is.
  std::string other;
};

/// The leaves of `(args, kwargs)` in the order torch's pytree flattens them
/// (tuples and lists in order, dicts in insertion order): the order of the
/// program's user inputs. nullopt when the archive holds no example inputs
/// for `modelName`.
llvm::Expected<std::optional<std::vector<SampleInput>>>
readPT2SampleInputs(llvm::StringRef path, llvm::StringRef modelName = "model");

} // namespace pt2onnx::pt2

#endif // PT2ONNX_FRONTENDS_PT2_SAMPLEINPUTS_H
