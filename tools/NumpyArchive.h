//===- NumpyArchive.h - Reading and writing numpy .npz files ----------------===//
//
// An .npz file is a zip archive of .npy files, one array each: a header
// (`\x93NUMPY`, a version, a Python dict giving `descr`, `fortran_order` and
// `shape`) and the elements in C order. The tools read them for the inputs
// and expected outputs of a numerics check. Little-endian bool, integer, float and complex arrays are
// read (C or Fortran order); numpy has no bfloat16, so bfloat16 arrays are
// stored as their uint16 bits (NumpyArray::as reinterprets them).
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_TOOLS_NUMPYARCHIVE_H
#define PT2ONNX_TOOLS_NUMPYARCHIVE_H

#include "passes/eval/Tensor.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace pt2onnx::tools {

struct NumpyArray {
  /// The entry's name without `.npy`.
  std::string name;
  passes::eval::Tensor tensor;

  /// The array as `dtype`: itself, or its bits when it is uint16 standing
  /// for bfloat16 (or the other way); nullopt otherwise.
  std::optional<passes::eval::Tensor> as(ir::DType dtype) const;
};

/// The arrays of the .npz file `path`, in the archive's order. Errors (an
/// InputError) name the file and the entry.
llvm::Expected<std::vector<NumpyArray>> readNpz(llvm::StringRef path);

} // namespace pt2onnx::tools

#endif // PT2ONNX_TOOLS_NUMPYARCHIVE_H
