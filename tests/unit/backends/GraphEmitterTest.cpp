//===- GraphEmitterTest.cpp - IR (ONNX dialect) -> ModelProto ---------------===//
//
// buildModelProto on small modules: initializers, nodes, value infos, types
// and symbolic dims, attributes, regions as graph attributes, optional
// operands, unsupported ops, naming and the exporter's metadata_props. Models
// that onnx 1.12 understands (opset 17, IR 8) also go through its checker.
//
//===----------------------------------------------------------------------===//

#include "SampleModules.h"

#include "backends/onnx/ONNXBackend.h"

#include "llvm/Support/Error.h"

#include <gmock/gmock.h>
#include <google/protobuf/unknown_field_set.h>
#include <gtest/gtest.h>
#include <onnx/checker.h>

using namespace pt2onnx;
using namespace pt2onnx::onnx_backend;
using namespace pt2onnx::onnx_backend::samples;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

namespace {

onnx::ModelProto build(const ir::Module &module, const EmitOptions &options = {}) {
  llvm::Expected<onnx::ModelProto> model = buildModelProto(module, options);
  if (!model) {
    ADD_FAILURE() << llvm::toString(model.takeError());
    return {};
  }
  return std::move(*model);
}

std::string buildError(const ir::Module &module, const EmitOptions &options = {}) {
  llvm::Expected<onnx::ModelProto> model = buildModelProto(module, options);
  if (model) {
    ADD_FAILURE() << "expected an error";
    return {};
  }
  return llvm::toString(model.takeError());
}

/// Runs onnx 1.12's checker, which knows opsets up to 17 and IR up to 8.
void expectCheckerAccepts(const ir::Module &module, EmitOptions options = {}) {
  options.opset = 17;
  options.irVersion = 8;
  onnx::ModelProto model = build(module, options);
  try {
    onnx::checker::check_model(model);
  } catch (const std::exception &e) {
    ADD_FAILURE() << "onnx checker: " << e.what();
  }
}

/// metadata_props decoded from the message's unknown field `number`.
std::vector<std::pair<std::string, std::string>>
decodeMetadata(const google::protobuf::Message &message, int number) {
  std::vector<std::pair<std::string, std::string>> props;
  const google::protobuf::UnknownFieldSet &unknown =
      message.GetReflection()->GetUnknownFields(message);
  for (int i = 0; i != unknown.field_count(); ++i) {
    if (unknown.field(i).number() != number)
      continue;
    onnx::StringStringEntryProto entry;
    EXPECT_TRUE(entry.ParseFromString(unknown.field(i).length_delimited()));
    props.emplace_back(entry.key(), entry.value());
  }
  return props;
}

std::vector<std::string> names(const google::protobuf::RepeatedPtrField<std::string> &strings) {
  return {strings.begin(), strings.end()};
}

template <typename Proto>
std::vector<std::string> names(const google::protobuf::RepeatedPtrField<Proto> &protos) {
  std::vector<std::string> result;
  for (const Proto &p : protos)
    result.push_back(p.name());
  return result;
}

std::string dims(const onnx::TypeProto &type) {
  std::string text;
  for (const onnx::TensorShapeProto::Dimension &d : type.tensor_type().shape().dim()) {
    if (!text.empty())
      text += ",";
    text += d.has_dim_value()   ? std::to_string(d.dim_value())
            : d.has_dim_param() ? d.dim_param()
                                : "?";
  }
  return text;
}

/// A graph `main` with one f32[4] input `x` and the builder at its end.
struct MainGraph {
  ir::Module module;
  ir::Builder b{module};
  ir::Block *body;
  ir::Value *x;

  MainGraph() {
    body = &ir::Module::getGraphBody(module.addGraph("main"));
    x = body->addArgument(f32({4}), "x");
    b.setInsertionPointToEnd(body);
  }
  ir::Value *op(llvm::StringRef name, llvm::ArrayRef<ir::Value *> operands,
                llvm::ArrayRef<ir::NamedAttribute> attrs = {}, llvm::StringRef resultName = {}) {
    ir::Value *v = b.create(name, operands, {f32({4})}, attrs)->getResult(0);
    v->setName(resultName);
    return v;
  }
};

TEST(GraphEmitter, ConvAddReluWithInitializers) {
  ir::Module module;
  buildConvModule(module);
  EmitOptions options;
  options.producerVersion = "1.2.3";
  onnx::ModelProto model = build(module, options);

  EXPECT_EQ(model.ir_version(), 10);
  EXPECT_EQ(model.producer_name(), "pt2onnx");
  EXPECT_EQ(model.producer_version(), "1.2.3");
  ASSERT_EQ(model.opset_import_size(), 1);
  EXPECT_EQ(model.opset_import(0).domain(), "");
  EXPECT_EQ(model.opset_import(0).version(), 20);

  const onnx::GraphProto &g = model.graph();
  EXPECT_EQ(g.name(), "main_graph");
  EXPECT_THAT(names(g.input()), ElementsAre("x"));
  EXPECT_EQ(dims(g.input(0).type()), "x_dim0,3,8,8");
  EXPECT_THAT(names(g.initializer()),
              ElementsAre("conv1.weight", "conv1.bias", "_tensor_constant0"));
  const onnx::TensorProto &w = g.initializer(0);
  EXPECT_THAT(std::vector<int64_t>(w.dims().begin(), w.dims().end()), ElementsAre(16, 3, 3, 3));
  EXPECT_EQ(w.data_type(), onnx::TensorProto::FLOAT);
  std::vector<uint8_t> expected = patternBytes(16 * 3 * 3 * 3 * 4);
  EXPECT_EQ(w.raw_data(), std::string(expected.begin(), expected.end()));
  EXPECT_EQ(g.initializer(2).raw_data(), std::string("\0\0\x80\x3f", 4));

  ASSERT_EQ(g.node_size(), 3);
  EXPECT_EQ(g.node(0).op_type(), "Conv");
  EXPECT_EQ(g.node(0).name(), "node_conv2d");
  EXPECT_THAT(names(g.node(0).input()), ElementsAre("x", "conv1.weight", "conv1.bias"));
  EXPECT_THAT(names(g.node(0).output()), ElementsAre("conv2d"));
  // torch.arg_names is internal; the two others are ONNX attributes.
  ASSERT_EQ(g.node(0).attribute_size(), 2);
  EXPECT_EQ(g.node(0).attribute(0).name(), "kernel_shape");
  EXPECT_EQ(g.node(0).attribute(0).type(), onnx::AttributeProto::INTS);
  EXPECT_EQ(g.node(1).op_type(), "Add");
  EXPECT_THAT(names(g.node(1).input()), ElementsAre("conv2d", "_tensor_constant0"));
  EXPECT_EQ(g.node(2).op_type(), "Relu");

  EXPECT_THAT(names(g.output()), ElementsAre("relu", "add"));
  EXPECT_EQ(dims(g.output(0).type()), "x_dim0,16,8,8");
  // Initializers first, then every node output that is not a graph output.
  EXPECT_THAT(names(g.value_info()),
              ElementsAre("conv1.weight", "conv1.bias", "_tensor_constant0", "conv2d"));

  expectCheckerAccepts(module);
}

TEST(GraphEmitter, IfRegionsBecomeGraphAttributes) {
  ir::Module module;
  buildIfModule(module);
  onnx::ModelProto model = build(module);
  const onnx::GraphProto &g = model.graph();
  ASSERT_EQ(g.node_size(), 2);
  const onnx::NodeProto &ifNode = g.node(0);
  EXPECT_EQ(ifNode.op_type(), "If");
  EXPECT_THAT(names(ifNode.input()), ElementsAre("cond"));
  ASSERT_EQ(ifNode.attribute_size(), 2);
  const onnx::AttributeProto &thenAttr = ifNode.attribute(0);
  const onnx::AttributeProto &elseAttr = ifNode.attribute(1);
  EXPECT_EQ(thenAttr.name(), "then_branch");
  EXPECT_EQ(thenAttr.type(), onnx::AttributeProto::GRAPH);
  EXPECT_EQ(elseAttr.name(), "else_branch");
  EXPECT_EQ(thenAttr.g().name(), "node_cond_result_then_branch");
  EXPECT_EQ(thenAttr.g().input_size(), 0);
  ASSERT_EQ(thenAttr.g().node_size(), 1);
  EXPECT_EQ(thenAttr.g().node(0).op_type(), "Relu");
  // Outer values are referenced by name; names are unique across graphs.
  EXPECT_THAT(names(thenAttr.g().node(0).input()), ElementsAre("x"));
  EXPECT_THAT(names(thenAttr.g().output()), ElementsAre("y"));
  EXPECT_EQ(elseAttr.g().node(0).op_type(), "Neg");
  EXPECT_THAT(names(elseAttr.g().output()), ElementsAre("y_1"));
  EXPECT_EQ(dims(elseAttr.g().output(0).type()), "4");
  EXPECT_THAT(names(g.node(1).input()), ElementsAre("cond_result", "x"));

  expectCheckerAccepts(module);
}

TEST(GraphEmitter, LoopRegionAttrsAndBlockArguments) {
  MainGraph m;
  ir::Type i64 = ir::Type::tensor(ir::DType::Int64, {});
  ir::Type b1 = ir::Type::tensor(ir::DType::Bool, {});
  ir::Value *trip = m.b.createConstant({ir::DType::Int64, {}, std::vector<uint8_t>(8, 0)});
  ir::Value *cond = m.b.createConstant({ir::DType::Bool, {}, {1}});
  ir::Operation *loop = m.b.create("onnx.Loop", {trip, cond, m.x}, {f32({4})},
                                   {{"ir.region_attrs", ir::Attribute::stringList({"body"})}}, 1);
  ir::Block *body = loop->getRegion(0).addBlock();
  ir::Value *iter = body->addArgument(i64, "iter");
  ir::Value *keepGoing = body->addArgument(b1, "cond_in");
  ir::Value *carried = body->addArgument(f32({4}), "acc");
  {
    ir::InsertionGuard guard(m.b);
    m.b.setInsertionPointToEnd(body);
    ir::Value *next = m.op("onnx.Add", {carried, m.x}, {}, "acc_next");
    (void)iter;
    // The condition passes through: an input returned as an output.
    m.b.createReturn({keepGoing, next});
  }
  m.b.createReturn({loop->getResult(0)});
  onnx::ModelProto model = build(m.module);
  const onnx::NodeProto &node = model.graph().node(0);
  EXPECT_EQ(node.op_type(), "Loop");
  ASSERT_EQ(node.attribute_size(), 1);
  const onnx::GraphProto &g = node.attribute(0).g();
  EXPECT_EQ(node.attribute(0).name(), "body");
  EXPECT_THAT(names(g.input()), ElementsAre("iter", "cond_in", "acc"));
  EXPECT_EQ(dims(g.input(0).type()), "");
  EXPECT_TRUE(g.input(0).type().tensor_type().has_shape());
  ASSERT_EQ(g.node_size(), 2);
  EXPECT_EQ(g.node(1).op_type(), "Identity");
  EXPECT_THAT(names(g.node(1).input()), ElementsAre("cond_in"));
  EXPECT_THAT(names(g.output()), ElementsAre("cond_in_1", "acc_next"));
  // Constants inside and outside regions are initializers of the main graph.
  EXPECT_EQ(model.graph().initializer_size(), 2);

  expectCheckerAccepts(m.module);
}

TEST(GraphEmitter, RegionsNeedAttributeNames) {
  MainGraph m;
  ir::Operation *op = m.b.create("onnx.Custom", {m.x}, {f32({4})}, {}, 1);
  m.b.setInsertionPointToEnd(op->getRegion(0).addBlock());
  m.b.createReturn({m.x});
  m.b.setInsertionPointToEnd(m.body);
  m.b.createReturn({op->getResult(0)});
  EXPECT_THAT(buildError(m.module),
              HasSubstr("has 1 regions; 'ir.region_attrs' must name the graph attribute of each"));
}

TEST(GraphEmitter, SymbolicDimsAndScalars) {
  ir::Module module;
  ir::Builder b(module);
  ir::SymContext &ctx = module.getSymContext();
  ir::SymExpr s0 = ctx.getSymbol("s0"), s77 = ctx.getSymbol("s77");
  ir::Block &body = ir::Module::getGraphBody(module.addGraph("main"));
  ir::Value *x =
      body.addArgument(f32({ir::Dim::of(s0), ir::Dim::of(s77), ir::Dim::unknown()}), "x");
  ir::Value *n = body.addArgument(ir::Type::symInt(s0), "n");
  ir::Value *u = body.addArgument(ir::Type::unrankedTensor(ir::DType::Int32), "u");
  ir::Value *f = body.addArgument(ir::Type::symFloat(), "f");
  ir::Value *flag = body.addArgument(ir::Type::symBool(), "flag");
  b.setInsertionPointToEnd(&body);
  ir::Value *y = b.create("onnx.Concat", {x, x}, {f32({ir::Dim::of(2 * s0), ir::Dim::of(s77), 5})},
                          {{"axis", ir::Attribute::integer(0)}})
                     ->getResult(0);
  y->setName("y");
  b.createReturn({y, n, u, f, flag});

  onnx::ModelProto model = build(module);
  const onnx::GraphProto &g = model.graph();
  // Each dim is named after the first input axis that is its symbol alone.
  EXPECT_EQ(dims(g.input(0).type()), "x_dim0,x_dim1,?");
  EXPECT_EQ(g.input(1).type().tensor_type().elem_type(), onnx::TensorProto::INT64);
  EXPECT_TRUE(g.input(1).type().tensor_type().has_shape());
  EXPECT_EQ(g.input(1).type().tensor_type().shape().dim_size(), 0);
  EXPECT_EQ(g.input(2).type().tensor_type().elem_type(), onnx::TensorProto::INT32);
  EXPECT_FALSE(g.input(2).type().tensor_type().has_shape());
  EXPECT_EQ(g.input(3).type().tensor_type().elem_type(), onnx::TensorProto::DOUBLE);
  EXPECT_EQ(g.input(3).type().tensor_type().shape().dim_size(), 0);
  EXPECT_EQ(g.input(4).type().tensor_type().elem_type(), onnx::TensorProto::BOOL);
  EXPECT_EQ(dims(g.output(0).type()), "2*x_dim0,x_dim1,5");

  EmitOptions options;
  options.dimNames.push_back(*parseDimName("s0=batch"));
  model = build(module, options);
  EXPECT_EQ(dims(model.graph().input(0).type()), "batch,x_dim1,?");
  EXPECT_EQ(dims(model.graph().output(0).type()), "2*batch,x_dim1,5");
}

TEST(GraphEmitter, TypesONNXCannotExpress) {
  MainGraph m;
  m.body->addArgument(ir::Type::opaque("__torch__.Foo"), "obj");
  m.b.createReturn({m.x});
  EXPECT_EQ(buildError(m.module),
            "'ir.graph' op in graph 'main': input #1 has type !torch.opaque<\"__torch__.Foo\">, "
            "which ONNX cannot express");

  MainGraph m2;
  ir::Value *none =
      m2.b.create("ir.constant", {}, {ir::Type::none()}, {{"value", {}}})->getResult(0);
  m2.b.createReturn({none});
  EXPECT_EQ(buildError(m2.module),
            "'ir.return' op in graph 'main': output #0 has type none, which ONNX cannot express");
}

TEST(GraphEmitter, EveryDTypeAsInitializer) {
  ir::Module module;
  buildAllDTypesModule(module);
  onnx::ModelProto model = build(module);
  const onnx::GraphProto &g = model.graph();
  ASSERT_EQ(g.initializer_size(), int(ir::kNumDTypes));
  // TensorProto.DataType in ir::DType order.
  const int32_t expected[] = {9, 2, 3, 5, 6, 7, 4, 12, 13, 10, 16, 1, 11, 17, 18, 19, 20, 14, 15};
  static_assert(std::size(expected) == ir::kNumDTypes);
  for (unsigned i = 0; i != ir::kNumDTypes; ++i) {
    auto dtype = static_cast<ir::DType>(i);
    const onnx::TensorProto &t = g.initializer(i);
    EXPECT_EQ(t.name(), ("w_" + ir::getTorchName(dtype)).str());
    EXPECT_EQ(t.data_type(), expected[i]) << t.name();
    llvm::ArrayRef<uint8_t> bytes = module.lookupWeight(t.name())->bytes;
    EXPECT_EQ(t.raw_data(), std::string(bytes.begin(), bytes.end())) << t.name();
    EXPECT_EQ(g.output(i).type().tensor_type().elem_type(), expected[i]);
  }
  EXPECT_EQ(g.initializer(0).raw_data(), std::string("\0\1\0", 3));
}

TEST(GraphEmitter, NoneOperandsAreOmittedInputs) {
  MainGraph m;
  ir::Value *none =
      m.b.create("ir.constant", {}, {ir::Type::none()}, {{"value", {}}})->getResult(0);
  ir::Operation *op = m.b.create("onnx.Clip", {m.x, none, m.x, none, none},
                                 {f32({4}), ir::Type::none(), f32({4}), ir::Type::none()});
  op->getResult(0)->setName("a");
  op->getResult(2)->setName("b");
  m.b.createReturn({op->getResult(0), op->getResult(2)});
  onnx::ModelProto model = build(m.module);
  const onnx::NodeProto &node = model.graph().node(0);
  EXPECT_THAT(names(node.input()), ElementsAre("x", "", "x"));
  EXPECT_THAT(names(node.output()), ElementsAre("a", "", "b"));
  EXPECT_EQ(model.graph().initializer_size(), 0);
}

TEST(GraphEmitter, Attributes) {
  MainGraph m;
  ir::DenseElements tensor{ir::DType::Int64, {2}, patternBytes(16)};
  ir::SymExpr s0 = m.module.getSymContext().getSymbol("s0");
  m.op("onnx.Custom", {m.x},
       {{"b", ir::Attribute::boolean(true)},
        {"dt", ir::Attribute::dtype(ir::DType::BFloat16)},
        {"f", ir::Attribute::floating(0.5)},
        {"fs", ir::Attribute::floatList({1.5, -2})},
        {"i", ir::Attribute::integer(-3)},
        {"ir.note", ir::Attribute::sym(s0)},
        {"is", ir::Attribute::intList({1, 2})},
        {"s", ir::Attribute::string("text")},
        {"ss", ir::Attribute::stringList({"a", "b"})},
        {"t", ir::Attribute::dense(tensor)},
        {"ts", ir::Attribute::list({ir::Attribute::dense(tensor), ir::Attribute::dense(tensor)})}},
       "y");
  m.b.createReturn({m.x});
  onnx::ModelProto model = build(m.module);
  const onnx::NodeProto &node = model.graph().node(0);
  ASSERT_EQ(node.attribute_size(), 10);
  auto attr = [&](int i) -> const onnx::AttributeProto & { return node.attribute(i); };
  EXPECT_EQ(attr(0).type(), onnx::AttributeProto::INT);
  EXPECT_EQ(attr(0).i(), 1);
  EXPECT_EQ(attr(1).type(), onnx::AttributeProto::INT);
  EXPECT_EQ(attr(1).i(), onnx::TensorProto::BFLOAT16);
  EXPECT_EQ(attr(2).type(), onnx::AttributeProto::FLOAT);
  EXPECT_EQ(attr(2).f(), 0.5f);
  EXPECT_EQ(attr(3).type(), onnx::AttributeProto::FLOATS);
  EXPECT_THAT(std::vector<float>(attr(3).floats().begin(), attr(3).floats().end()),
              ElementsAre(1.5f, -2.0f));
  EXPECT_EQ(attr(4).i(), -3);
  EXPECT_EQ(attr(5).name(), "is");
  EXPECT_EQ(attr(5).type(), onnx::AttributeProto::INTS);
  EXPECT_EQ(attr(6).type(), onnx::AttributeProto::STRING);
  EXPECT_EQ(attr(6).s(), "text");
  EXPECT_EQ(attr(7).type(), onnx::AttributeProto::STRINGS);
  EXPECT_EQ(attr(8).type(), onnx::AttributeProto::TENSOR);
  EXPECT_EQ(attr(8).t().data_type(), onnx::TensorProto::INT64);
  EXPECT_EQ(attr(8).t().raw_data().size(), 16u);
  EXPECT_EQ(attr(9).type(), onnx::AttributeProto::TENSORS);
  EXPECT_EQ(attr(9).tensors_size(), 2);
}

TEST(GraphEmitter, AttributesONNXCannotHold) {
  MainGraph m;
  ir::SymExpr s0 = m.module.getSymContext().getSymbol("s0");
  m.b.setProvenance(ir::Provenance::make("view_1"));
  m.op("onnx.Reshape", {m.x, m.x}, {{"shape", ir::Attribute::sym(s0)}});
  m.b.createReturn({m.x});
  EXPECT_EQ(buildError(m.module),
            "'onnx.Reshape' op 'view_1' in graph 'main': attribute 'shape' is a symbolic "
            "expression, which an ONNX attribute cannot hold");

  MainGraph m2;
  m2.op("onnx.Cast", {m2.x}, {{"to", ir::Attribute::type(f32({4}))}});
  m2.b.createReturn({m2.x});
  EXPECT_THAT(buildError(m2.module),
              HasSubstr("attribute 'to' is a type, which an ONNX attribute cannot hold"));

  MainGraph m3;
  m3.op("onnx.Custom", {m3.x}, {{"l", ir::Attribute::list({ir::Attribute::integer(1)})}});
  m3.b.createReturn({m3.x});
  EXPECT_THAT(buildError(m3.module), HasSubstr("attribute 'l' is a list that is not a list of "
                                               "dense tensors"));
}

TEST(GraphEmitter, UnsupportedOps) {
  MainGraph m;
  m.b.setProvenance(ir::Provenance::make("foo"));
  ir::SymExpr s0 = m.module.getSymContext().getSymbol("s0");
  ir::Value *y = m.op("aten.foo.default", {m.x},
                      {{"n", ir::Attribute::sym(2 * s0)}, {"k", ir::Attribute::integer(3)}}, "foo");
  m.b.setProvenance(nullptr);
  ir::Value *z = m.op("onnx_ml.Normalizer", {y}, {{"norm", ir::Attribute::string("L2")}}, "z");
  m.b.createReturn({z});
  EXPECT_EQ(buildError(m.module), "'aten.foo.default' op 'foo' in graph 'main': unsupported op "
                                  "'aten.foo.default': no lowering to ONNX produced it");

  EmitOptions options;
  options.allowUnsupported = true;
  onnx::ModelProto model = build(m.module, options);
  const onnx::NodeProto &foo = model.graph().node(0);
  EXPECT_EQ(foo.domain(), "pkg.torch.ops");
  EXPECT_EQ(foo.op_type(), "aten.foo.default");
  ASSERT_EQ(foo.attribute_size(), 2);
  EXPECT_EQ(foo.attribute(1).name(), "n");
  EXPECT_EQ(foo.attribute(1).s(), "2*s0");
  EXPECT_EQ(model.graph().node(1).domain(), "ai.onnx.ml");
  EXPECT_EQ(model.graph().node(1).op_type(), "Normalizer");
  ASSERT_EQ(model.opset_import_size(), 3);
  EXPECT_EQ(model.opset_import(1).domain(), "ai.onnx.ml");
  EXPECT_EQ(model.opset_import(1).version(), 4);
  EXPECT_EQ(model.opset_import(2).domain(), "pkg.torch.ops");
  EXPECT_EQ(model.opset_import(2).version(), 1);
}

TEST(GraphEmitter, UniqueAndGeneratedNames) {
  MainGraph m;
  ir::Value *a = m.op("onnx.Relu", {m.x}, {}, "x"); // clashes with the input
  ir::Value *b = m.op("onnx.Relu", {a});            // anonymous
  ir::Value *c = m.op("onnx.Relu", {b}, {}, "x");
  ir::Value *d = m.op("onnx.Relu", {c}, {}, "x_1"); // taken by then
  m.b.createReturn({d});
  onnx::ModelProto model = build(m.module);
  const onnx::GraphProto &g = model.graph();
  EXPECT_EQ(g.node(0).output(0), "x_1");
  EXPECT_EQ(g.node(1).output(0), "val_0");
  EXPECT_EQ(g.node(2).output(0), "x_2");
  EXPECT_EQ(g.node(3).output(0), "x_1_1");
  EXPECT_THAT(names(g.node()), ElementsAre("node_x_1", "node_val_0", "node_x_2", "node_x_1_1"));
}

TEST(GraphEmitter, OutputsThatNeedIdentity) {
  MainGraph m;
  ir::Value *w = addWeight(m.b, "fc.weight", "p_fc_weight", ir::DType::Float32, {4});
  ir::Value *y = m.op("onnx.Relu", {m.x}, {}, "y");
  m.b.createReturn({m.x, y, w, y});
  onnx::ModelProto model = build(m.module);
  const onnx::GraphProto &g = model.graph();
  EXPECT_THAT(names(g.output()), ElementsAre("x_1", "y", "p_fc_weight", "y_1"));
  ASSERT_EQ(g.node_size(), 4);
  for (int i : {1, 2, 3})
    EXPECT_EQ(g.node(i).op_type(), "Identity");
  EXPECT_THAT(names(g.node(1).input()), ElementsAre("x"));
  EXPECT_THAT(names(g.node(2).input()), ElementsAre("fc.weight"));
  EXPECT_THAT(names(g.node(3).input()), ElementsAre("y"));
  expectCheckerAccepts(m.module);

  EmitOptions options;
  options.inputNames = {"input"};
  options.outputNames = {"out0", "out1", "out2", "out3"};
  model = build(m.module, options);
  EXPECT_THAT(names(model.graph().input()), ElementsAre("input"));
  EXPECT_THAT(names(model.graph().output()), ElementsAre("out0", "out1", "out2", "out3"));
  EXPECT_THAT(names(model.graph().node(0).output()), ElementsAre("out1"));
  EXPECT_THAT(names(model.graph().node(3).input()), ElementsAre("out1"));
  EXPECT_THAT(decodeMetadata(model.graph().output(1), 4),
              ElementsAre(Pair("pkg.torch.onnx.original_node_name", "y")));
  EXPECT_THAT(decodeMetadata(model.graph().input(0), 4),
              ElementsAre(Pair("pkg.torch.onnx.original_node_name", "x")));
  expectCheckerAccepts(m.module, options);
}

TEST(GraphEmitter, OutputsNamedAsTheSignatureNamesThem) {
  // After CSE merged `bmm` into `matmul` and a pass replaced `contiguous`
  // by `permute`, the outputs keep the names torch gives them.
  MainGraph m;
  ir::Value *matmul = m.op("onnx.Relu", {m.x}, {}, "matmul");
  ir::Value *permute = m.op("onnx.Neg", {m.x}, {}, "permute");
  ir::Value *anonymous = m.op("onnx.Abs", {m.x});
  m.b.createReturn({matmul, matmul, permute, anonymous, m.x, permute});
  ir::Operation *main = m.module.lookupGraph("main");
  setSignature(
      main, {"user_input"}, {"x"}, {""},
      {"user_output", "user_output", "user_output", "user_output", "user_output", "user_output"},
      {"matmul", "bmm", "contiguous", "clone", "x", "bmm"}, {"", "", "", "", "", ""});
  onnx::ModelProto model = build(m.module);
  const onnx::GraphProto &g = model.graph();
  // `x` is the input's and the second `bmm` a repeat: those get fresh names.
  EXPECT_THAT(names(g.output()),
              ElementsAre("matmul", "bmm", "contiguous", "clone", "x_1", "permute"));
  EXPECT_THAT(names(g.node(1).output()), ElementsAre("contiguous"));
  EXPECT_THAT(names(g.node(2).output()), ElementsAre("clone"));
  ASSERT_EQ(g.node_size(), 6);
  EXPECT_EQ(g.node(3).op_type(), "Identity");
  EXPECT_THAT(names(g.node(3).input()), ElementsAre("matmul"));
  EXPECT_THAT(names(g.node(3).output()), ElementsAre("bmm"));
  EXPECT_THAT(names(g.node(5).input()), ElementsAre("contiguous"));
  EXPECT_THAT(names(g.node(5).output()), ElementsAre("permute"));
  // The exporter's names: no original_node_name.
  for (const onnx::ValueInfoProto &output : g.output())
    EXPECT_THAT(
        decodeMetadata(output, 4),
        ElementsAre(Pair("pkg.torch.export.graph_signature.OutputSpec.kind", "USER_OUTPUT")));
  expectCheckerAccepts(m.module);

  // Requested names come first (and leave `bmm` to the last output).
  EmitOptions options;
  options.outputNames = {"out0", "out1"};
  EXPECT_THAT(names(build(m.module, options).graph().output()),
              ElementsAre("out0", "out1", "contiguous", "clone", "x_1", "bmm"));
}

TEST(GraphEmitter, RequestedNamesMustBeFree) {
  MainGraph m;
  addWeight(m.b, "fc.weight", "", ir::DType::Float32, {4});
  m.b.createReturn({m.x});
  EmitOptions options;
  options.outputNames = {"fc.weight"};
  EXPECT_EQ(buildError(m.module, options),
            "the requested input or output name 'fc.weight' is the name of a weight");
  options.outputNames = {"a", "b"};
  EXPECT_EQ(buildError(m.module, options), "2 output names given, the graph has 1 outputs");
  options.outputNames = {"x"};
  options.inputNames = {"x"};
  EXPECT_EQ(buildError(m.module, options),
            "output name 'x' is requested twice or is an input name");
}

TEST(GraphEmitter, InitializersAsInputs) {
  ir::Module module;
  buildConvModule(module);
  EmitOptions options;
  options.keepInitializersAsInputs = true;
  onnx::ModelProto model = build(module, options);
  const onnx::GraphProto &g = model.graph();
  EXPECT_THAT(names(g.input()), ElementsAre("x", "conv1.weight", "conv1.bias"));
  EXPECT_THAT(names(g.initializer()),
              ElementsAre("conv1.weight", "conv1.bias", "_tensor_constant0"));
  EXPECT_THAT(names(g.value_info()), ElementsAre("_tensor_constant0", "conv2d"));
  expectCheckerAccepts(module, options);

  options.keepInitializersAsInputs = false;
  options.noInitializers = true;
  model = build(module, options);
  EXPECT_THAT(names(model.graph().input()), ElementsAre("x", "conv1.weight", "conv1.bias"));
  // Dense literals are part of the computation, not weights: they stay.
  EXPECT_THAT(names(model.graph().initializer()), ElementsAre("_tensor_constant0"));
  expectCheckerAccepts(module, options);
}

TEST(GraphEmitter, WeightsWithoutData) {
  MainGraph m;
  ir::WeightData elided;
  elided.shape = {4};
  m.module.addWeight("w", elided);
  ir::Value *w = m.b.createWeightRef("w", f32({4}));
  m.b.createReturn({m.op("onnx.Add", {m.x, w}, {}, "y")});
  EXPECT_THAT(buildError(m.module), HasSubstr("weight 'w' has no data"));
  EmitOptions options;
  options.noInitializers = true;
  EXPECT_EQ(build(m.module, options).graph().input_size(), 2);
}

TEST(GraphEmitter, TorchMetadataProps) {
  ir::Module module;
  buildConvModule(module);
  EmitOptions options;
  onnx::ModelProto model = build(module, options);
  const onnx::GraphProto &g = model.graph();

  EXPECT_THAT(
      decodeMetadata(g.node(0), 9),
      ElementsAre(
          Pair("namespace", ": __main__.Net/conv1: torch.nn.modules.conv.Conv2d/conv2d: "
                            "aten.conv2d.default"),
          Pair("pkg.torch.onnx.class_hierarchy",
               "['__main__.Net', 'torch.nn.modules.conv.Conv2d', 'aten.conv2d.default']"),
          Pair("pkg.torch.onnx.fx_node",
               "%conv2d : [num_users=1] = call_function[target=torch.ops.aten.conv2d.default]"
               "(args = (%x, %p_conv1_weight, %p_conv1_bias), kwargs = {})"),
          Pair("pkg.torch.onnx.name_scopes", "['', 'conv1', 'conv2d']"),
          Pair("pkg.torch.onnx.stack_trace",
               "File \"/src/net.py\", line 12, in forward\n    x = self.conv1(x)")));
  EXPECT_THAT(decodeMetadata(g.node(2), 9),
              ElementsAre(Pair("namespace", "relu: aten.relu.default"),
                          Pair("pkg.torch.onnx.class_hierarchy", "['aten.relu.default']"),
                          Pair("pkg.torch.onnx.fx_node", ""),
                          Pair("pkg.torch.onnx.name_scopes", "['relu']"),
                          Pair("pkg.torch.onnx.stack_trace", "")));

  EXPECT_THAT(decodeMetadata(g.input(0), 4),
              ElementsAre(Pair("pkg.torch.export.graph_signature.InputSpec.kind", "USER_INPUT"),
                          Pair("pkg.torch.export.graph_signature.InputSpec.persistent", "None")));
  EXPECT_THAT(decodeMetadata(g.value_info(0), 4),
              ElementsAre(Pair("pkg.torch.export.graph_signature.InputSpec.kind", "PARAMETER"),
                          Pair("pkg.torch.export.graph_signature.InputSpec.persistent", "None"),
                          Pair("pkg.torch.onnx.original_node_name", "p_conv1_weight")));
  // The literal is named after its value, and intermediates carry nothing.
  EXPECT_THAT(decodeMetadata(g.value_info(2), 4), ElementsAre());
  EXPECT_THAT(decodeMetadata(g.value_info(3), 4), ElementsAre());
  EXPECT_THAT(decodeMetadata(g.output(0), 4),
              ElementsAre(Pair("pkg.torch.export.graph_signature.OutputSpec.kind", "USER_OUTPUT")));
  EXPECT_THAT(decodeMetadata(g, 16),
              ElementsAre(Pair("pkg.torch.export.ExportedProgram.graph_signature",
                               "\n# inputs\np_conv1_weight: PARAMETER target='conv1.weight'\n"
                               "p_conv1_bias: PARAMETER target='conv1.bias'\nx: USER_INPUT\n\n"
                               "# outputs\nrelu: USER_OUTPUT\nadd: USER_OUTPUT\n"),
                          Pair("pkg.torch.export.ExportedProgram.range_constraints",
                               "{s0: VR[2, int_oo]}")));
  // Initializer tensors themselves carry no metadata, as the exporter's.
  EXPECT_THAT(decodeMetadata(g.initializer(0), 16), ElementsAre());
}

TEST(GraphEmitter, SignatureMustDescribeTheOutputs) {
  ir::Module module;
  buildConvModule(module);
  module.lookupGraph("main")->setAttr("torch.output_kinds",
                                      ir::Attribute::stringList({"user_output"}));
  module.lookupGraph("main")->setAttr("torch.output_names", ir::Attribute::stringList({"relu"}));
  module.lookupGraph("main")->setAttr("torch.output_targets", ir::Attribute::stringList({""}));
  EXPECT_EQ(buildError(module),
            "'ir.graph' op in graph 'main': returns 2 values, its signature describes 1");
}

TEST(GraphEmitter, IRVersions) {
  EmitOptions options;
  for (auto [opset, irVersion] : std::initializer_list<std::pair<int, int>>{
           {17, 10}, {18, 10}, {20, 10}, {21, 10}, {22, 10}, {23, 11}, {24, 12}, {25, 13}}) {
    options.opset = opset;
    EXPECT_EQ(llvm::cantFail(getIRVersion(options)), irVersion) << opset;
  }
  options.opset = 16;
  EXPECT_EQ(llvm::toString(getIRVersion(options).takeError()),
            "unsupported opset 16 (supported: 17 to 25)");
  options.opset = 20;
  options.irVersion = 8;
  EXPECT_EQ(llvm::toString(getIRVersion(options).takeError()),
            "IR version 8 is too old for opset 20, which needs 9");
  options.irVersion = 9;
  EXPECT_EQ(llvm::cantFail(getIRVersion(options)), 9);

  // Below IR 10 the fields do not exist: no metadata on nodes or values.
  ir::Module module;
  buildConvModule(module);
  onnx::ModelProto model = build(module, options);
  EXPECT_EQ(model.ir_version(), 9);
  EXPECT_TRUE(
      model.graph().node(0).GetReflection()->GetUnknownFields(model.graph().node(0)).empty());
  EXPECT_TRUE(model.graph().GetReflection()->GetUnknownFields(model.graph()).empty());
}

} // namespace
