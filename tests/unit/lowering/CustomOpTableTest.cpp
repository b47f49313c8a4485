//===- CustomOpTableTest.cpp - Reading a custom-ops table -------------------===//
//
// CustomOpTable::parse on tables given as text: the two forms' fields, which
// entry an op finds (its overload's before its base name's), and the errors
// that need no program, each naming the entry and the field.
//
//===----------------------------------------------------------------------===//

#include "lowering/CustomOpTable.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace pt2onnx;
using namespace pt2onnx::lowering;
using ::testing::HasSubstr;

namespace {

std::string parseError(llvm::StringRef text) {
  llvm::Expected<CustomOpTable> table = CustomOpTable::parse(text, "ops.json");
  if (table) {
    ADD_FAILURE() << "expected an error";
    return {};
  }
  return llvm::toString(table.takeError());
}

TEST(CustomOpTable, NodeEntries) {
  llvm::Expected<CustomOpTable> table = CustomOpTable::parse(R"({
    "mylib::act": {"domain": "com.example", "op_type": "Act", "version": 3, "inputs": ["x", "w"],
                   "attributes": {"alpha": "a", "mode": "m"}, "defaults": {"a": 0.5, "m": "fast", "k": [1, 2]}},
    "mylib::act.out": {"domain": "ai.onnx", "op_type": "Relu", "inputs": ["self"]}
  })", "ops.json");
  ASSERT_TRUE(bool(table)) << llvm::toString(table.takeError());
  ASSERT_EQ(table->getEntries().size(), 2u);
  const CustomOpEntry &act = table->getEntries()[0];
  EXPECT_EQ(act.key, "mylib::act");
  EXPECT_FALSE(act.isFunction());
  EXPECT_EQ(act.domain, "com.example");
  EXPECT_EQ(act.opType, "Act");
  EXPECT_EQ(act.version, 3);
  EXPECT_EQ(act.inputs, (std::vector<std::string>{"x", "w"}));
  ASSERT_EQ(act.attributes.size(), 2u);
  EXPECT_EQ(act.attributes[0], (std::pair<std::string, std::string>{"alpha", "a"}));
  ASSERT_EQ(act.defaults.size(), 3u);
  EXPECT_EQ(act.defaults[0].name, "a");
  EXPECT_EQ(act.defaults[0].value, ir::Attribute::floating(0.5));
  EXPECT_EQ(act.defaults[1].value, ir::Attribute::intList({1, 2}));
  EXPECT_EQ(act.defaults[2].value, ir::Attribute::string("fast"));
  // ai.onnx is the default domain.
  EXPECT_EQ(table->getEntries()[1].domain, "");

  // An overload's own entry wins over its base name's.
  EXPECT_EQ(table->lookup("mylib.act.out"), &table->getEntries()[1]);
  EXPECT_EQ(table->lookup("mylib.act.default"), &table->getEntries()[0]);
  EXPECT_EQ(table->lookup("mylib.act_fast.default"), nullptr);
  EXPECT_EQ(table->lookup("other.act.default"), nullptr);
}

TEST(CustomOpTable, ErrorsNameTheEntryAndTheField) {
  EXPECT_EQ(parseError(R"([1])"), "ops.json: expected an object keyed by op names, got an array");
  EXPECT_EQ(parseError(R"({"act": {}})"),
            "ops.json: act: expected 'namespace::name' or 'namespace::name.overload'");
  EXPECT_EQ(parseError(R"({"mylib::act": {"domain": "d", "op_type": "A", "attributes": ["a"]}})"),
            "ops.json: mylib::act.attributes: expected an object mapping ONNX attributes to "
            "argument names, got an array");
  EXPECT_EQ(parseError(R"({"mylib::act": {"domain": "d", "op_type": "A", "defaults": {"a": null}}})"),
            "ops.json: mylib::act.defaults.a: expected a boolean, number, string or a list of one "
            "of them, got null");
  EXPECT_EQ(parseError(R"({"mylib::act": {"domain": "", "op_type": "Relu", "version": 2}})"),
            "ops.json: mylib::act.version: the domain '' is imported at the version of --opset; "
            "leave 'version' out");
  EXPECT_EQ(parseError(R"({"mylib::act": {"domain": "d", "op_type": "a.b"}})"),
            "ops.json: mylib::act.op_type: 'a.b' is not an ONNX op type (a name without dots)");
  EXPECT_EQ(parseError(R"({"mylib::a": {"domain": "d", "op_type": "A", "version": 1},
                           "mylib::b": {"domain": "d", "op_type": "B", "version": 2}})"),
            "ops.json: mylib::b.version: the domain 'd' is imported at version 1 by mylib::a");
  EXPECT_THAT(parseError("{\n  \"mylib::act\": }"), HasSubstr("ops.json:2:17: error: invalid JSON"));
}

} // namespace
