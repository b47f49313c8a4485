//===- OpKeyedMap.h - A registry keyed by op-table keys ---------*- C++ -*-===//
//
// OpKeyedMap<T> is the table every registry of the project keeps per
// operator (lowering rules, shape functions, evaluators, decompositions): a
// map from op-table keys to T whose keys are checked against the op table
// as they are added. Registering `aten.softsign.default` (torch has no such
// overload) or a key twice does not stop registration; the error is recorded
// with "did you mean" suggestions, and the registry's unit test asserts that
// checkKeys() is empty:
//
//   OpKeyedMap<LoweringRule> rules;
//   rules.add("aten.add.Tensor", lowerAdd);
//   ...
//   const LoweringRule *rule = rules.lookup(op.getName());
//
//   TEST(LoweringRules, KeysAreRealOperators) {
//     EXPECT_THAT(loweringRules().checkKeys(), testing::IsEmpty());
//   }
//
// Adding a key only checks that the table has it; an entry's OpSchema is
// parsed when getOp() first asks for it, so building a registry of hundreds
// of rules parses nothing. Entries iterate in the order they were added.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_SCHEMA_OPKEYEDMAP_H
#define PT2ONNX_IR_SCHEMA_OPKEYEDMAP_H

#include "ir/schema/OpTable.h"

#include "llvm/ADT/StringMap.h"

#include <string>
#include <utility>
#include <vector>

namespace pt2onnx::schema {

template <class T> class OpKeyedMap {
public:
  struct Entry {
    /// The op table's copy of the key.
    llvm::StringRef key;
    T value;

    llvm::StringRef getKey() const { return key; }
    const OpSchema &getOp() const { return *lookupOp(key); }
  };

  /// Records `value` under `key`. Returns false, keeping nothing, when `key`
  /// is not in the op table or already has a value; checkKeys() then says so.
  bool add(llvm::StringRef key, T value) {
    llvm::StringRef tableKey = findOpKey(key);
    if (tableKey.empty()) {
      errors.push_back(unknownOpMessage(key));
      return false;
    }
    if (!index.try_emplace(key, entries.size()).second) {
      errors.push_back(("operator '" + key + "' is registered twice").str());
      return false;
    }
    entries.push_back({tableKey, std::move(value)});
    return true;
  }

  /// The value of `key`, or null.
  const T *lookup(llvm::StringRef key) const {
    auto it = index.find(key);
    return it == index.end() ? nullptr : &entries[it->second].value;
  }
  T *lookup(llvm::StringRef key) {
    auto it = index.find(key);
    return it == index.end() ? nullptr : &entries[it->second].value;
  }
  bool contains(llvm::StringRef key) const { return index.count(key) != 0; }

  size_t size() const { return entries.size(); }
  bool empty() const { return entries.empty(); }
  typename std::vector<Entry>::const_iterator begin() const { return entries.begin(); }
  typename std::vector<Entry>::const_iterator end() const { return entries.end(); }

  /// One message per rejected add: unknown keys (with suggestions) and
  /// duplicates. Empty when every key named a real operator once.
  llvm::ArrayRef<std::string> checkKeys() const { return errors; }

private:
  std::vector<Entry> entries;
  llvm::StringMap<size_t> index;
  std::vector<std::string> errors;
};

} // namespace pt2onnx::schema

#endif // PT2ONNX_IR_SCHEMA_OPKEYEDMAP_H
