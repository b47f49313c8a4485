//===- MetadataProps.h - metadata_props on protos that predate them ---------===//
//
// IR version 10 (onnx 1.16) added `repeated StringStringEntryProto
// metadata_props` to NodeProto (field 9), ValueInfoProto (4), TensorProto
// (16) and GraphProto (16). The onnx classes we compile against may be older
// and lack these fields; then the entries are stored as unknown fields of
// the message, which protobuf serializes after the known fields. Every known
// field of these messages has a smaller number than metadata_props, so the
// bytes are the ones onnx >= 1.16 writes. With classes that have the field,
// the field itself is used.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_BACKENDS_ONNX_METADATAPROPS_H
#define PT2ONNX_BACKENDS_ONNX_METADATAPROPS_H

#include "backends/onnx/TorchMetadata.h"

#include <google/protobuf/message.h>

namespace pt2onnx::onnx_backend {

/// Appends `props` to the metadata_props of `message`: a ModelProto,
/// FunctionProto, NodeProto, ValueInfoProto, TensorProto or GraphProto.
void appendMetadataProps(google::protobuf::Message &message, const MetadataProps &props);

} // namespace pt2onnx::onnx_backend

#endif // PT2ONNX_BACKENDS_ONNX_METADATAPROPS_H
