//===- EvaluatorTest.cpp - The evaluator against torch and onnxruntime -----===//
//
// Each case of fold_vectors.json, nn_vectors.json, math_vectors.json,
// sampling_vectors.json, detection_vectors.json, spectral_vectors.json,
// ortcontrib_vectors.json and resampling_vectors.json (written by the
// make_*_vectors.py script of the same name in the oracle) is an op with
// constant operands and what torch or onnxruntime computed for it, or
// `declined` when the runtime rejects the input or leaves the result
// undefined. The op is built in a module exactly as the frontend or the
// lowering would write it and evaluated; the results must match to the bit,
// or within the case's `ulp` for transcendental functions and sums, or its
// `atol` where a sum cancels.
//
//===----------------------------------------------------------------------===//

#include "passes/eval/Evaluator.h"
#include "ir/Builder.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>
#include <fstream>
#include <map>

using namespace pt2onnx;
using passes::eval::Tensor;
using json = nlohmann::json;

namespace {

const json &vectors(llvm::StringRef file) {
  static std::map<std::string, json, std::less<>> files;
  auto it = files.find(file);
  if (it == files.end()) {
    std::ifstream in(std::string(PT2ONNX_TEST_DATA_DIR) + "/passes/" + file.str());
    it = files.emplace(file.str(), json::parse(in)).first;
  }
  return it->second;
}

struct VectorCase {
  const char *file;
  size_t index;
  const json &get() const { return vectors(file)["cases"][index]; }
};

std::vector<VectorCase> casesOf(const char *file) {
  std::vector<VectorCase> cases;
  for (size_t i = 0, e = vectors(file)["cases"].size(); i != e; ++i)
    cases.push_back({file, i});
  return cases;
}

double numberOf(const json &v) {
  if (v.is_string()) {
    std::string s = v;
    if (s == "nan")
      return NAN;
    return s == "inf" ? INFINITY : -INFINITY;
  }
  return v.get<double>();
}

ir::DType dtypeOf(const json &v) {
  std::optional<ir::DType> t = ir::parseTorchName(v.get<std::string>());
  EXPECT_TRUE(t) << v;
  return t.value_or(ir::DType::Float32);
}

llvm::SmallVector<int64_t, 4> shapeOf(const json &t) {
  return llvm::SmallVector<int64_t, 4>(t["shape"].begin(), t["shape"].end());
}

ir::DType componentType(ir::DType complexType) {
  return complexType == ir::DType::Complex128 ? ir::DType::Float64 : ir::DType::Float32;
}

/// A complex tensor as its (real, imaginary) pairs: a float tensor with a
/// last dim of 2 sharing its bytes; other tensors as they are.
Tensor componentsOf(const Tensor &t) {
  if (!ir::isComplex(t.getDType()))
    return t;
  llvm::SmallVector<int64_t, 4> shape(t.getShape());
  shape.push_back(2);
  return Tensor::view(componentType(t.getDType()), shape, t.getBytes(), t.getOwner());
}

/// A tensor from its JSON form; complex data is the (real, imaginary) pairs.
Tensor tensorOf(const json &t) {
  ir::DType dtype = dtypeOf(t["dtype"]);
  if (ir::isComplex(dtype)) {
    json pairs = t;
    pairs["dtype"] = ir::getTorchName(componentType(dtype)).str();
    pairs["shape"].push_back(2);
    Tensor real = tensorOf(pairs);
    return Tensor::view(dtype, shapeOf(t), real.getBytes(), real.getOwner());
  }
  Tensor out = Tensor::create(dtype, shapeOf(t));
  int64_t i = 0;
  for (const json &v : t["data"]) {
    if (ir::isFloatingPoint(dtype))
      out.setDouble(i++, numberOf(v));
    else
      out.setInt(i++, v.get<int64_t>());
  }
  return out;
}

ir::Type typeOf(const json &t) {
  if (t.contains("symint"))
    return ir::Type::symInt();
  llvm::SmallVector<ir::Dim, 4> dims;
  for (int64_t d : shapeOf(t))
    dims.push_back(d);
  return ir::Type::tensor(dtypeOf(t["dtype"]), dims);
}

ir::Attribute attributeOf(const json &a) {
  auto [kind, v] = *a.items().begin();
  if (kind == "int")
    return ir::Attribute::integer(v.get<int64_t>());
  if (kind == "float")
    return ir::Attribute::floating(numberOf(v));
  if (kind == "bool")
    return ir::Attribute::boolean(v.get<bool>());
  if (kind == "string")
    return ir::Attribute::string(v.get<std::string>());
  if (kind == "ints")
    return ir::Attribute::intList(v.get<std::vector<int64_t>>());
  if (kind == "floats") {
    std::vector<double> values;
    for (const json &x : v)
      values.push_back(numberOf(x));
    return ir::Attribute::floatList(values);
  }
  if (kind == "strings")
    return ir::Attribute::stringList(v.get<std::vector<std::string>>());
  if (kind == "dtype")
    return ir::Attribute::dtype(dtypeOf(v));
  EXPECT_EQ(kind, "dense");
  return ir::Attribute::dense(tensorOf(v).toDense());
}

/// The distance between `a` and `b` in representable values of their
/// (floating-point) type; 0 when both are NaN.
int64_t ulpDistance(const Tensor &a, const Tensor &b, int64_t i) {
  double x = a.getDouble(i), y = b.getDouble(i);
  if (std::isnan(x) || std::isnan(y))
    return std::isnan(x) && std::isnan(y) ? 0 : INT64_MAX;
  if (x == y)
    return std::signbit(x) == std::signbit(y) ? 0 : 1;
  // Ordered integers of the element bits: adjacent floats are adjacent.
  size_t size = ir::getDTypeSize(a.getDType());
  auto ordinal = [&](const Tensor &t) {
    uint64_t bits = 0;
    std::memcpy(&bits, t.getBytes().data() + i * size, size);
    uint64_t sign = uint64_t(1) << (8 * size - 1);
    return bits & sign ? -int64_t(bits & ~sign) : int64_t(bits);
  };
  return std::llabs(ordinal(a) - ordinal(b));
}

class FoldVectors : public testing::TestWithParam<VectorCase> {};

TEST_P(FoldVectors, MatchesTheRuntime) {
  const json &c = GetParam().get();
  ir::Module module;
  ir::Builder b(module);
  b.setInsertionPointToEnd(&ir::Module::getGraphBody(module.addGraph("main")));

  llvm::SmallVector<ir::Value *, 4> operands;
  std::vector<std::optional<Tensor>> constants;
  for (const json &o : c["operands"]) {
    if (o.contains("none")) {
      operands.push_back(
          b.create(ir::builtin::kConstant, {}, {ir::Type::none()}, {{"value", ir::Attribute()}})
              ->getResult(0));
      constants.push_back(std::nullopt);
    } else if (o.contains("symint")) {
      int64_t v = o["symint"];
      ir::Type t = ir::Type::symInt(module.getSymContext().getConstant(v));
      operands.push_back(
          b.create(ir::builtin::kConstant, {}, {t}, {{"value", ir::Attribute::integer(v)}})
              ->getResult(0));
      constants.push_back(Tensor::scalarInt(ir::DType::Int64, v));
    } else {
      Tensor t = tensorOf(o["tensor"]);
      operands.push_back(b.createConstant(t.toDense()));
      constants.push_back(std::move(t));
    }
  }
  llvm::SmallVector<ir::NamedAttribute, 4> attrs;
  for (const auto &[name, a] : c["attrs"].items())
    attrs.push_back({name, attributeOf(a)});
  if (c.contains("arg_names"))
    attrs.push_back(
        {"arg_names", ir::Attribute::stringList(c["arg_names"].get<std::vector<std::string>>())});

  bool declined = c.value("declined", false);
  const json &expected = declined ? c["result_types"] : c["results"];
  llvm::SmallVector<ir::Type, 2> resultTypes;
  for (const json &r : expected)
    resultTypes.push_back(r.is_null()          ? ir::Type::tensor(ir::DType::Float32, {})
                          : r.contains("none") ? ir::Type::none()
                                               : typeOf(r));
  ir::Operation *op = b.create(c["op"].get<std::string>(), operands, resultTypes, attrs);

  llvm::SmallVector<const Tensor *, 4> inputs;
  for (const std::optional<Tensor> &t : constants)
    inputs.push_back(t ? &*t : nullptr);
  std::optional<passes::eval::EvalResults> results = passes::eval::evaluate(*op, inputs, 1000000);

  if (declined) {
    EXPECT_FALSE(results) << "folded what the runtime rejects or leaves undefined ("
                          << c.value("reason", "undefined") << ")";
    return;
  }
  ASSERT_TRUE(results) << "declined";
  ASSERT_EQ(results->size(), expected.size());
  int64_t ulp = c["ulp"];
  double atol = c.value("atol", 0.0);
  for (size_t r = 0; r != expected.size(); ++r) {
    if (expected[r].contains("none")) // an optional output not asked for
      continue;
    if (expected[r].contains("symint")) {
      EXPECT_EQ((*results)[r].getInt(0), expected[r]["symint"].get<int64_t>());
      continue;
    }
    Tensor wanted = tensorOf(expected[r]);
    ASSERT_EQ((*results)[r].getDType(), wanted.getDType()) << "result " << r;
    ASSERT_EQ(llvm::ArrayRef<int64_t>((*results)[r].getShape()),
              llvm::ArrayRef<int64_t>(wanted.getShape()))
        << "result " << r;
    Tensor got = componentsOf((*results)[r]), want = componentsOf(wanted);
    for (int64_t i = 0, n = want.getNumElements(); i != n; ++i) {
      if (!ir::isFloatingPoint(want.getDType())) {
        EXPECT_EQ(got.getInt(i), want.getInt(i)) << "result " << r << " element " << i;
      } else if (!(std::fabs(got.getDouble(i) - want.getDouble(i)) <= atol)) {
        EXPECT_LE(ulpDistance(got, want, i), ulp)
            << "result " << r << " element " << i << ": got " << got.getDouble(i) << ", want "
            << want.getDouble(i);
      }
    }
  }
}

std::string caseName(const testing::TestParamInfo<VectorCase> &info) {
  return info.param.get()["name"].get<std::string>();
}

INSTANTIATE_TEST_SUITE_P(Cases, FoldVectors, testing::ValuesIn(casesOf("fold_vectors.json")),
                         caseName);
INSTANTIATE_TEST_SUITE_P(NN, FoldVectors, testing::ValuesIn(casesOf("nn_vectors.json")),
                         caseName);
INSTANTIATE_TEST_SUITE_P(Math, FoldVectors, testing::ValuesIn(casesOf("math_vectors.json")),
                         caseName);
INSTANTIATE_TEST_SUITE_P(Sampling, FoldVectors,
                         testing::ValuesIn(casesOf("sampling_vectors.json")), caseName);
INSTANTIATE_TEST_SUITE_P(Detection, FoldVectors,
                         testing::ValuesIn(casesOf("detection_vectors.json")), caseName);
INSTANTIATE_TEST_SUITE_P(Spectral, FoldVectors,
                         testing::ValuesIn(casesOf("spectral_vectors.json")), caseName);
INSTANTIATE_TEST_SUITE_P(OrtContrib, FoldVectors,
                         testing::ValuesIn(casesOf("ortcontrib_vectors.json")), caseName);
INSTANTIATE_TEST_SUITE_P(Resampling, FoldVectors,
                         testing::ValuesIn(casesOf("resampling_vectors.json")), caseName);

} // namespace
