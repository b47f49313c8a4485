//===- TorchMetadataTest.cpp - The exporter's metadata_props ----------------===//
//
// The node keys from provenance, the signature texts (expected strings are
// what torch 2.14 prints for the same program), and the compatibility layer
// that stores metadata_props on protos that predate the field.
//
//===----------------------------------------------------------------------===//

#include "SampleModules.h"

#include "backends/onnx/MetadataProps.h"
#include "backends/onnx/TorchMetadata.h"

#include <gmock/gmock.h>
#include <google/protobuf/unknown_field_set.h>
#include <gtest/gtest.h>
#include <onnx/onnx_pb.h>

using namespace pt2onnx;
using namespace pt2onnx::onnx_backend;
using ::testing::ElementsAre;
using ::testing::Pair;

namespace {

std::string lookup(const MetadataProps &props, llvm::StringRef key) {
  for (const auto &[k, v] : props)
    if (k == key)
      return v;
  ADD_FAILURE() << "no key " << key.str();
  return {};
}

TEST(TorchMetadata, NodeKeysFollowTheModuleStack) {
  ir::ProvenanceRef p = ir::Provenance::make(
      "batch_norm",
      {{"nn_module_stack", "L__self__,,torchvision.models.resnet.ResNet;"
                           "L__self___layer1_0_bn1,layer1.0.bn1,torch.nn.modules.batchnorm."
                           "BatchNorm2d"},
       {"stack_trace", "File \"resnet.py\", line 285, in forward"},
       {"target", "torch.ops.aten.batch_norm.default"},
       {"fx_node", "%batch_norm : [num_users=1] = ..."}});
  MetadataProps props = getNodeMetadata(*p);
  EXPECT_THAT(
      props, ElementsAre(
                 Pair("namespace", ": torchvision.models.resnet.ResNet/"
                                   "layer1.0.bn1: torch.nn.modules.batchnorm."
                                   "BatchNorm2d/batch_norm: "
                                   "aten.batch_norm.default"),
                 Pair("pkg.torch.onnx.class_hierarchy", "['torchvision.models.resnet.ResNet', "
                                                        "'torch.nn.modules.batchnorm.BatchNorm2d', "
                                                        "'aten.batch_norm.default']"),
                 Pair("pkg.torch.onnx.fx_node", "%batch_norm : [num_users=1] = ..."),
                 Pair("pkg.torch.onnx.name_scopes", "['', 'layer1.0.bn1', 'batch_norm']"),
                 Pair("pkg.torch.onnx.stack_trace", "File \"resnet.py\", line 285, in forward")));
}

TEST(TorchMetadata, TargetsAsTorchPrintsThem) {
  // str() of the deserialized targets, as torch 2.14 prints them.
  EXPECT_EQ(formatTarget("torch.ops.aten.add.Tensor"), "aten.add.Tensor");
  EXPECT_EQ(formatTarget("torch.ops.mylib.custom.default"), "mylib.custom.default");
  EXPECT_EQ(formatTarget("torch.ops.higher_order.cond"), "cond");
  EXPECT_EQ(formatTarget("torch.ops.higher_order.while_loop"), "while_loop");
  EXPECT_EQ(formatTarget("_operator.floordiv"), "<built-in function floordiv>");
  EXPECT_EQ(formatTarget("math.trunc"), "<built-in function trunc>");
  EXPECT_EQ(formatTarget("torch.sym_float"), "<function sym_float>");
  EXPECT_EQ(formatTarget("aten.relu.default"), "aten.relu.default");

  ir::ProvenanceRef p = ir::Provenance::make(
      "floordiv", {{"nn_module_stack", "L__self__,,__main__.M"}, {"target", "_operator.floordiv"}});
  MetadataProps props = getNodeMetadata(*p);
  EXPECT_EQ(lookup(props, "namespace"), ": __main__.M/floordiv: <built-in function floordiv>");
  EXPECT_EQ(lookup(props, "pkg.torch.onnx.class_hierarchy"),
            "['__main__.M', '<built-in function floordiv>']");
}

TEST(TorchMetadata, ModulePathsWithCommasAndQuotes) {
  // Dynamo-style paths hold commas inside brackets and quotes that repr()
  // must escape or switch quotes for.
  ir::ProvenanceRef p =
      ir::Provenance::make("mul", {{"nn_module_stack", "L__self__,,M;L__self___blocks_0,"
                                                       "getattr(L['self'].blocks, '0'),my.Block"},
                                   {"target", "aten.mul.Tensor"}});
  MetadataProps props = getNodeMetadata(*p);
  EXPECT_EQ(lookup(props, "pkg.torch.onnx.name_scopes"),
            "['', \"getattr(L['self'].blocks, '0')\", 'mul']");
  EXPECT_EQ(lookup(props, "namespace"),
            ": M/getattr(L['self'].blocks, '0'): my.Block/mul: aten.mul.Tensor");

  ir::ProvenanceRef q =
      ir::Provenance::make("a'b", {{"nn_module_stack", "k,it's \"x\"\\\t,T"}, {"target", "t"}});
  EXPECT_EQ(lookup(getNodeMetadata(*q), "pkg.torch.onnx.name_scopes"),
            "['it\\'s \"x\"\\\\\\t', \"a'b\"]");
}

TEST(TorchMetadata, MissingOrMalformedModuleStack) {
  for (const char *stack : {"", "only,two", "a,b,c;broken"}) {
    ir::ProvenanceRef p =
        ir::Provenance::make("relu", {{"nn_module_stack", stack}, {"target", "aten.relu.default"}});
    MetadataProps props = getNodeMetadata(*p);
    EXPECT_EQ(lookup(props, "namespace"), "relu: aten.relu.default") << stack;
    EXPECT_EQ(lookup(props, "pkg.torch.onnx.class_hierarchy"), "['aten.relu.default']");
    EXPECT_EQ(lookup(props, "pkg.torch.onnx.name_scopes"), "['relu']");
  }
}

TEST(TorchMetadata, SignatureTexts) {
  // torch.export of a Linear + persistent and non-persistent buffers.
  ExportSignature s;
  s.inputs = {{"p_fc_weight", "PARAMETER", "fc.weight", std::nullopt},
              {"p_fc_bias", "PARAMETER", "fc.bias", std::nullopt},
              {"b_b", "BUFFER", "b", true},
              {"b_nb", "BUFFER", "nb", false},
              {"x", "USER_INPUT", std::nullopt, std::nullopt}};
  s.outputs = {{"add_1", "USER_OUTPUT", std::nullopt}};
  EXPECT_EQ(formatGraphSignature(s),
            "\n# inputs\np_fc_weight: PARAMETER target='fc.weight'\np_fc_bias: PARAMETER "
            "target='fc.bias'\nb_b: BUFFER target='b' persistent=True\nb_nb: BUFFER target='nb' "
            "persistent=False\nx: USER_INPUT\n\n# outputs\nadd_1: USER_OUTPUT\n");

  EXPECT_EQ(formatRangeConstraints(s), "{}");
  // Keys on expressions stay, as torch.export.load keeps them.
  s.rangeConstraints = {{"s77", {2, ir::SymRange::kPosInf}},
                        {"2*s77", {4, ir::SymRange::kPosInf}},
                        {"u0", {ir::SymRange::kNegInf, 5}},
                        {"s1", {0, 10}}};
  EXPECT_EQ(formatRangeConstraints(s),
            "{s77: VR[2, int_oo], 2*s77: VR[4, int_oo], u0: VR[-int_oo, 5], s1: VR[0, 10]}");
}

TEST(TorchMetadata, SignatureFromGraphAttributes) {
  ir::Module module;
  ir::Operation *graph = module.addGraph("main");
  EXPECT_FALSE(llvm::cantFail(readExportSignature(*graph)));

  samples::setSignature(
      graph, {"parameter", "buffer", "buffer", "tensor_constant", "user_input", "constant_input"},
      {"p_w", "b_mean", "b_tmp", "c_k", "x", "flag"}, {"w", "mean", "tmp", "k", "", ""},
      {"buffer_mutation", "user_output", "loss_output"}, {"add_", "out", "loss"}, {"mean", "", ""});
  graph->setAttr("torch.nonpersistent_buffers", ir::Attribute::stringList({"tmp"}));
  graph->setAttr(
      "torch.range_constraints",
      ir::Attribute::list({ir::Attribute::list(
          {ir::Attribute::string("s0"), ir::Attribute::unit(), ir::Attribute::integer(8)})}));
  std::optional<ExportSignature> s = llvm::cantFail(readExportSignature(*graph));
  ASSERT_TRUE(s);
  EXPECT_EQ(formatGraphSignature(*s),
            "\n# inputs\np_w: PARAMETER target='w'\nb_mean: BUFFER target='mean' persistent=True\n"
            "b_tmp: BUFFER target='tmp' persistent=False\nc_k: CONSTANT_TENSOR target='k'\n"
            "x: USER_INPUT\nflag: USER_INPUT\n\n# outputs\nadd_: BUFFER_MUTATION target='mean'\n"
            "out: USER_OUTPUT\nloss: LOSS_OUTPUT\n");
  EXPECT_EQ(formatRangeConstraints(*s), "{s0: VR[-int_oo, 8]}");

  graph->setAttr("torch.output_names", ir::Attribute::stringList({"a"}));
  EXPECT_EQ(llvm::toString(readExportSignature(*graph).takeError()),
            "'ir.graph' op in graph 'main': signature attribute 'torch.output_names' has 1 "
            "entries, expected 3");
  graph->removeAttr("torch.output_kinds");
  EXPECT_EQ(llvm::toString(readExportSignature(*graph).takeError()),
            "'ir.graph' op in graph 'main': 'torch.input_kinds' and 'torch.output_kinds' must "
            "both be string lists");
}

std::vector<std::pair<std::string, std::string>>
decodeUnknown(const google::protobuf::Message &message, int number) {
  std::vector<std::pair<std::string, std::string>> props;
  const google::protobuf::UnknownFieldSet &unknown =
      message.GetReflection()->GetUnknownFields(message);
  for (int i = 0; i != unknown.field_count(); ++i) {
    EXPECT_EQ(unknown.field(i).number(), number);
    onnx::StringStringEntryProto entry;
    EXPECT_TRUE(entry.ParseFromString(unknown.field(i).length_delimited()));
    props.emplace_back(entry.key(), entry.value());
  }
  return props;
}

TEST(MetadataProps, UnknownFieldsWhereTheClassesLackTheField) {
  MetadataProps props = {{"a", "1"}, {"b", ""}};
  onnx::NodeProto node;
  onnx::ValueInfoProto value;
  onnx::TensorProto tensor;
  onnx::GraphProto graph;
  for (auto [message, number] : std::initializer_list<std::pair<google::protobuf::Message *, int>>{
           {&node, 9}, {&value, 4}, {&tensor, 16}, {&graph, 16}}) {
    appendMetadataProps(*message, props);
    EXPECT_THAT(decodeUnknown(*message, number), ElementsAre(Pair("a", "1"), Pair("b", "")));
  }

  // The bytes: known fields first, then field 9 entries, in order.
  node.set_op_type("Relu");
  node.add_input("x");
  std::string bytes;
  ASSERT_TRUE(node.SerializeToString(&bytes));
  // clang-format off
  EXPECT_EQ(bytes, std::string("\x0a\x01" "x"                      // input = "x"
                               "\x22\x04" "Relu"                   // op_type = "Relu"
                               "\x4a\x06" "\x0a\x01" "a" "\x12\x01" "1" // metadata_props {a: 1}
                               "\x4a\x05" "\x0a\x01" "b" "\x12\x00",    // metadata_props {b: ""}
                               24));
  // clang-format on

  // ModelProto has the field in every onnx version.
  onnx::ModelProto model;
  appendMetadataProps(model, props);
  ASSERT_EQ(model.metadata_props_size(), 2);
  EXPECT_EQ(model.metadata_props(1).key(), "b");
}

} // namespace
