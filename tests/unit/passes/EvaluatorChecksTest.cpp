//===- EvaluatorChecksTest.cpp - The evaluator on ops without results ------===//
//
// torch.export's runtime checks (_assert_scalar, _assert_tensor_metadata)
// have no results: evaluating one succeeds with no tensors when the check
// holds and fails when it does not, as the program would raise.
//
//===----------------------------------------------------------------------===//

#include "passes/eval/Evaluator.h"
#include "ir/Builder.h"

#include <gtest/gtest.h>

using namespace pt2onnx;
using passes::eval::Tensor;

namespace {

class EvaluatorChecks : public testing::Test {
protected:
  EvaluatorChecks() : b(module) {
    b.setInsertionPointToEnd(&ir::Module::getGraphBody(module.addGraph("main")));
  }

  /// Evaluates `name` on one operand `value` (of type `type`), named `arg`.
  std::optional<passes::eval::EvalResults> check(llvm::StringRef name, llvm::StringRef arg,
                                                 const Tensor &value, ir::Type type,
                                                 llvm::ArrayRef<ir::NamedAttribute> attrs) {
    ir::Value *operand =
        b.create(ir::builtin::kConstant, {}, {type}, {{"value", ir::Attribute()}})->getResult(0);
    llvm::SmallVector<ir::NamedAttribute, 4> all(attrs.begin(), attrs.end());
    all.push_back({"arg_names", ir::Attribute::stringList({arg.str()})});
    ir::Operation *op = b.create(name, {operand}, {}, all);
    const Tensor *operands[] = {&value};
    return passes::eval::evaluate(*op, operands, 1000);
  }

  ir::Module module;
  ir::Builder b;
};

TEST_F(EvaluatorChecks, AssertScalarHoldsOrFails) {
  ir::NamedAttribute msg{"assert_msg", ir::Attribute::string("u0 >= 0")};
  std::optional<passes::eval::EvalResults> holds = check(
      "aten._assert_scalar.default", "self", Tensor::scalarInt(ir::DType::Bool, 1),
      ir::Type::symBool(), {msg});
  ASSERT_TRUE(holds);
  EXPECT_TRUE(holds->empty());
  EXPECT_FALSE(check("aten._assert_scalar.default", "self", Tensor::scalarInt(ir::DType::Bool, 0),
                     ir::Type::symBool(), {msg}));
}

TEST_F(EvaluatorChecks, AssertTensorMetadataChecksDtypeAndSizes) {
  Tensor t = Tensor::create(ir::DType::Int64, {2, 3});
  ir::Type type = ir::Type::tensor(ir::DType::Int64, {2, 3});
  auto metadata = [&](ir::DType dtype, std::vector<int64_t> size) {
    return check("aten._assert_tensor_metadata.default", "a", t, type,
                 {{"dtype", ir::Attribute::dtype(dtype)},
                  {"size", ir::Attribute::intList(size)},
                  {"device", ir::Attribute::string("cpu")}});
  };
  std::optional<passes::eval::EvalResults> holds = metadata(ir::DType::Int64, {2, 3});
  ASSERT_TRUE(holds);
  EXPECT_TRUE(holds->empty());
  EXPECT_FALSE(metadata(ir::DType::Int32, {2, 3}));
  EXPECT_FALSE(metadata(ir::DType::Int64, {3, 2}));
}

} // namespace
