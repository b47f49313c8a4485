//===- MetadataProps.cpp - metadata_props on protos that predate them -------===//

#include "backends/onnx/MetadataProps.h"

#include "llvm/ADT/StringSwitch.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/unknown_field_set.h>
#include <onnx/onnx_pb.h>

#include <cassert>

namespace pt2onnx::onnx_backend {

void appendMetadataProps(google::protobuf::Message &message, const MetadataProps &props) {
  const google::protobuf::Descriptor *descriptor = message.GetDescriptor();
  const google::protobuf::Reflection *reflection = message.GetReflection();
  if (const google::protobuf::FieldDescriptor *field =
          descriptor->FindFieldByName("metadata_props")) {
    for (const auto &[key, value] : props) {
      auto *entry =
          static_cast<onnx::StringStringEntryProto *>(reflection->AddMessage(&message, field));
      entry->set_key(key);
      entry->set_value(value);
    }
    return;
  }
  // The numbers onnx.proto gives the field since IR version 10.
  int number = llvm::StringSwitch<int>(descriptor->full_name())
                   .Case("onnx.NodeProto", 9)
                   .Case("onnx.ValueInfoProto", 4)
                   .Case("onnx.TensorProto", 16)
                   .Case("onnx.GraphProto", 16)
                   .Default(0);
  assert(number && "message has no metadata_props field in any onnx version");
  google::protobuf::UnknownFieldSet *unknown = reflection->MutableUnknownFields(&message);
  onnx::StringStringEntryProto entry;
  for (const auto &[key, value] : props) {
    entry.set_key(key);
    entry.set_value(value);
    unknown->AddLengthDelimited(number, entry.SerializeAsString());
  }
}

} // namespace pt2onnx::onnx_backend
