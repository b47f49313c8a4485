//===- EmittedModel.h - A ModelProto whose initializers hold no data --------===//
//
// What the graph emitter hands to the writers: the complete model except for
// the initializers' raw_data, and the bytes that belong there as views (into
// the module's weights and dense constants, which must outlive it). Keeping
// the bytes out of the proto is what lets writeModel stream weights from
// their storage, and lets the proto stay small however large the weights.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_BACKENDS_ONNX_EMITTEDMODEL_H
#define PT2ONNX_BACKENDS_ONNX_EMITTEDMODEL_H

#include "backends/onnx/ONNXBackend.h"

#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace pt2onnx::onnx_backend {

struct EmittedModel {
  onnx::ModelProto model;
  /// The data of model.graph().initializer(i).
  std::vector<llvm::ArrayRef<uint8_t>> initializerData;
};

llvm::Expected<EmittedModel> emitModel(const ir::Module &module, const EmitOptions &options);

} // namespace pt2onnx::onnx_backend

#endif // PT2ONNX_BACKENDS_ONNX_EMITTEDMODEL_H
