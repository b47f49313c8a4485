//===- DimNamesTest.cpp - Names and ranges of the model's dynamic dims ------===//
//
// How symbolic dims become dim_params: the user's names by input axis (by
// the input's name or position) or by symbol, the names after the first
// input or output axis otherwise, the errors, and the ranges in the model's
// metadata_props.
//
//===----------------------------------------------------------------------===//

#include "SampleModules.h"

#include "backends/onnx/ONNXBackend.h"

#include "llvm/Support/Error.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace pt2onnx;
using namespace pt2onnx::onnx_backend;
using namespace pt2onnx::onnx_backend::samples;

namespace {

std::string dims(const onnx::ValueInfoProto &value) {
  std::string text;
  for (const onnx::TensorShapeProto::Dimension &d : value.type().tensor_type().shape().dim())
    text += (text.empty() ? "" : ",") +
            (d.has_dim_value() ? std::to_string(d.dim_value()) : d.dim_param());
  return text;
}

/// A program with inputs ids: i64[s0, s1], mask: f32[s0, s1, 8, 2*s2], and
/// outputs out: f32[s0, s1, 8] (the mask's values where ids is positive), nz:
/// i64[u0, 2] (a data-dependent size); s0 in [1, 64], s1 from 2 on, u0 from 0.
struct Program {
  ir::Module module;
  ir::Builder b{module};

  Program() {
    ir::SymContext &ctx = module.getSymContext();
    ir::SymExpr s0 = ctx.getSymbol("s0"), s1 = ctx.getSymbol("s1"), s2 = ctx.getSymbol("s2"),
                u0 = ctx.getSymbol("u0");
    ctx.setRange(s0, {1, 64});
    ctx.setRange(s1, {2, ir::SymRange::kPosInf});
    ctx.setRange(s2, {1, 4});
    ctx.setRange(u0, {0, ir::SymRange::kPosInf});
    ir::Block &body = ir::Module::getGraphBody(module.addGraph("main"));
    auto dim = [](ir::SymExpr e) { return ir::Dim::of(e); };
    ir::Value *ids = body.addArgument(ir::Type::tensor(ir::DType::Int64, {dim(s0), dim(s1)}), "ids");
    ir::Value *mask = body.addArgument(
        f32({dim(s0), dim(s1), ir::Dim::of(ctx.getConstant(8)), dim(2 * s2)}), "mask");
    b.setInsertionPointToEnd(&body);
    ir::Value *out = b.create("onnx.ReduceMax", {mask}, {f32({dim(s0), dim(s1), 8})})->getResult(0);
    out->setName("out");
    ir::Value *nz =
        b.create("onnx.NonZero", {ids}, {ir::Type::tensor(ir::DType::Int64, {dim(u0), 2})})
            ->getResult(0);
    nz->setName("nz");
    b.createReturn({out, nz});
  }

  llvm::Expected<onnx::ModelProto> convert(llvm::ArrayRef<const char *> names,
                                           std::vector<std::string> inputNames = {}) {
    EmitOptions options;
    options.inputNames = std::move(inputNames);
    for (const char *text : names) {
      llvm::Expected<AxisName> name = parseDimName(text);
      if (!name)
        return name.takeError();
      options.dimNames.push_back(std::move(*name));
    }
    return buildModelProto(module, options);
  }

  std::string error(llvm::ArrayRef<const char *> names) {
    llvm::Expected<onnx::ModelProto> model = convert(names);
    if (model)
      return "no error";
    return llvm::toString(model.takeError());
  }
};

std::string rangesOf(const onnx::ModelProto &model) {
  for (const onnx::StringStringEntryProto &entry : model.metadata_props())
    if (entry.key() == kDimRangesKey)
      return entry.value();
  return "(none)";
}

TEST(DimNames, NamedAfterTheirOrigin) {
  Program p;
  llvm::Expected<onnx::ModelProto> model = p.convert({});
  ASSERT_TRUE(bool(model)) << llvm::toString(model.takeError());
  const onnx::GraphProto &g = model->graph();
  EXPECT_EQ(dims(g.input(0)), "ids_dim0,ids_dim1");
  // s2 is no axis of its own: it keeps torch's name.
  EXPECT_EQ(dims(g.input(1)), "ids_dim0,ids_dim1,8,2*s2");
  EXPECT_EQ(dims(g.output(0)), "ids_dim0,ids_dim1,8");
  EXPECT_EQ(dims(g.output(1)), "nz_dim0,2");
  EXPECT_EQ(rangesOf(*model),
            R"({"ids_dim0":[1,64],"ids_dim1":[2,null],"s2":[1,4],"nz_dim0":[0,null]})");
}

TEST(DimNames, ByInputNamePositionOrSymbol) {
  Program p;
  llvm::Expected<onnx::ModelProto> model = p.convert({"ids.0=batch", "1.1=seq", "s2=half_width"});
  ASSERT_TRUE(bool(model)) << llvm::toString(model.takeError());
  const onnx::GraphProto &g = model->graph();
  EXPECT_EQ(dims(g.input(0)), "batch,seq");
  EXPECT_EQ(dims(g.input(1)), "batch,seq,8,2*half_width");
  EXPECT_EQ(dims(g.output(0)), "batch,seq,8");
  EXPECT_EQ(rangesOf(*model),
            R"({"batch":[1,64],"seq":[2,null],"half_width":[1,4],"nz_dim0":[0,null]})");
}

TEST(DimNames, ByTheModelsInputName) {
  Program p;
  llvm::Expected<onnx::ModelProto> model = p.convert({"input_ids.1=seq"}, {"input_ids"});
  ASSERT_TRUE(bool(model)) << llvm::toString(model.takeError());
  EXPECT_EQ(dims(model->graph().input(0)), "input_ids_dim0,seq");
}

TEST(DimNames, Errors) {
  Program p;
  EXPECT_EQ(p.error({"tokens.0=batch"}),
            "--dim-name tokens.0=batch: the model has no input 'tokens' (its inputs: ids, mask)");
  EXPECT_EQ(p.error({"2.0=batch"}),
            "--dim-name 2.0=batch: the model has 2 inputs, so there is no input #2");
  EXPECT_EQ(p.error({"mask.2=channels"}),
            "--dim-name mask.2=channels: axis 2 of input 'mask' is static (size 8); only dynamic "
            "dims take names");
  EXPECT_EQ(p.error({"mask.4=x"}), "--dim-name mask.4=x: input 'mask' has rank 4, so no axis 4");
  EXPECT_EQ(p.error({"mask.3=width"}),
            "--dim-name mask.3=width: axis 3 of input 'mask' is the expression 2*s2, not a dim "
            "of its own; name its symbol (--dim-name SYMBOL=NAME)");
  EXPECT_EQ(p.error({"s9=batch"}), "--dim-name s9=batch: the program has no symbol 's9'");
  EXPECT_EQ(p.error({"ids.0=batch", "mask.0=rows"}),
            "--dim-name mask.0=rows: the dim is s0, which is already named 'batch'");
  EXPECT_EQ(p.error({"ids.0=n", "ids.1=n"}),
            "--dim-name ids.1=n: 'n' already names s0, a different dim (one name would say they "
            "are equal)");
  EXPECT_EQ(p.error({"ids.0=2batch"}),
            "--dim-name ids.0=2batch: '2batch' is not a name (letters, digits and _, not starting "
            "with a digit)");
  EXPECT_EQ(p.error({"ids.x=batch"}),
            "--dim-name ids.x=batch: expected INPUT.AXIS=NAME, AXIS a number, got 'ids.x'");
  EXPECT_EQ(p.error({"batch"}), "--dim-name batch: expected INPUT.AXIS=NAME or SYMBOL=NAME");
  // The same name twice for one dim is no conflict.
  EXPECT_EQ(p.error({"ids.0=batch", "mask.0=batch"}), "no error");
}

TEST(DimNames, StaticProgramsHaveNoRanges) {
  ir::Module module;
  ir::Builder b(module);
  ir::Block &body = ir::Module::getGraphBody(module.addGraph("main"));
  ir::Value *x = body.addArgument(f32({2, 3}), "x");
  b.setInsertionPointToEnd(&body);
  b.createReturn({x});
  llvm::Expected<onnx::ModelProto> model = buildModelProto(module, {});
  ASSERT_TRUE(bool(model)) << llvm::toString(model.takeError());
  EXPECT_EQ(rangesOf(*model), "(none)");
}

} // namespace
