//===- ONNXBackend.h - ONNX-dialect module -> ONNX model file ---------------===//
//
// The last stage of the pipeline. The `main` graph of a module whose ops are
// ONNX-dialect ops (`onnx.<OpType>`, `onnx_ml.<OpType>`), `ir.constant` and
// `ir.return` becomes an ONNX ModelProto: constants become initializers,
// regions become graph attributes, IR types become value infos, provenance
// becomes the metadata_props the PyTorch exporter writes. docs/backend.md
// states the conventions the lowering follows.
//
// writeModel streams the model to disk without building it in memory: weight
// bytes go from their views (often a mapped archive) to the file, in the
// model or in an external data file beside it, and the files appear
// atomically or not at all.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_BACKENDS_ONNX_ONNXBACKEND_H
#define PT2ONNX_BACKENDS_ONNX_ONNXBACKEND_H

#include "backends/onnx/TorchMetadata.h"
#include "backends/onnx/DimNames.h"
#include "ir/Module.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <string>
#include <vector>

namespace pt2onnx::onnx_backend {

struct EmitOptions {
  /// Version of the default (`ai.onnx`) opset: from ir::kMinOnnxOpset to the
  /// latest whose IR version getIRVersion knows (25), though the lowering
  /// produces ir::kMaxOnnxOpset at most.
  int64_t opset = ir::kDefaultOnnxOpset;
  /// ModelProto.ir_version; 0 picks the version the exporter writes: 10, or
  /// the opset's own IR version when that is higher. Below 10, the
  /// metadata_props of nodes, values and graphs (IR 10 fields) are left out.
  int64_t irVersion = 0;
  std::string producerVersion;

  /// Graph input names, by position; empty keeps the IR names.
  std::vector<std::string> inputNames;
  /// Graph output names, by position; empty keeps the IR names.
  std::vector<std::string> outputNames;
  /// Names for dynamic dims, by input axis or by symbol (DimNames.h); the
  /// others are named after the input or output axis they come from.
  std::vector<AxisName> dimNames;

  /// Emit ops of other dialects as nodes of the `pkg.torch.ops` domain
  /// instead of failing.
  bool allowUnsupported = false;
  /// Also list initializers as graph inputs, so that they can be overridden.
  bool keepInitializersAsInputs = false;
  /// Leave out the weights: what would be initializers become graph inputs.
  bool noInitializers = false;

  /// Put initializer data in a file beside the model even when the model
  /// would fit in one protobuf message.
  bool externalData = false;
  /// The external data file's name, in the model's directory; empty means
  /// `<model file name>.data`.
  std::string externalDataName;
  /// Initializer data goes to the external file automatically when the model
  /// would be larger than this; protobuf cannot read messages of 2 GiB.
  uint64_t maxModelBytes = (uint64_t(1) << 31) - 1;

  /// Entries of ModelProto.metadata_props, written in this order (the
  /// numerics check records its verdict there: `pt2onnx.verify`).
  std::vector<std::pair<std::string, std::string>> modelMetadata;
};

/// The IR version the model gets for `options`, or an error for an
/// unsupported opset.
llvm::Expected<int64_t> getIRVersion(const EmitOptions &options);

/// The whole model in memory, every initializer's data inline (copied): for
/// tests and for embedders that want the proto. writeModel does not use it.
llvm::Expected<onnx::ModelProto> buildModelProto(const ir::Module &module,
                                                 const EmitOptions &options);

/// Writes the model to `path` (and its external data file, when there is
/// one), replacing what is there, atomically: on failure nothing is left.
///
/// A module lowered for one opset (Module::getLoweredOpset) is not written
/// as another.
///
/// Errors of all three functions carry std::errc::invalid_argument when the
/// module or the options cannot be written as ONNX (an unsupported op, an
/// attribute ONNX cannot hold, a name clash), the file system's code when
/// creating or writing a file fails, and inconvertibleErrorCode() for
/// internal errors.
llvm::Error writeModel(const ir::Module &module, llvm::StringRef path, const EmitOptions &options);

} // namespace pt2onnx::onnx_backend

#endif // PT2ONNX_BACKENDS_ONNX_ONNXBACKEND_H
