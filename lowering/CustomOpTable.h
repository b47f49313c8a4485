//===- CustomOpTable.h - A user's translation table for their own ops -------===//
//
// `--custom-ops FILE.json`: a JSON object keyed by the qualified name of an
// op as the program spells it (`mylib::scaled_tanh` for every overload,
// `mylib::scaled_tanh.default` for one), each entry saying what the op
// becomes, in one of two forms:
//
//   {"domain": "com.example", "op_type": "ScaledTanh", "version": 1,
//    "inputs": ["x"], "attributes": {"alpha": "a"}}
//       a node of a custom ONNX domain: `inputs` lists the op's arguments
//       that become node inputs, in order; `attributes` maps each ONNX
//       attribute to the argument whose constant value it takes.
//
//   {"function": "scaled_tanh.mlir", "as_function": false}
//       a body in textual IR (one `ir.graph`, ATen or ONNX ops), its path
//       relative to the JSON file, whose arguments bind to the op's
//       arguments by name; inlined, or with "as_function": true emitted as
//       an ONNX local function ("domain" and "op_type" name it).
//
// Both forms take "defaults": values of constant arguments a node may leave
// out, since a program does not record a custom op's defaults. Loading
// checks the table on its own (keys, JSON types, the function file parses);
// what depends on the program is checked when the table is applied
// (CustomOpsPass.h). Every error names the file, the entry and the field:
// `ops.json: mylib::scaled_tanh.attributes.alpha: ...`.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_LOWERING_CUSTOMOPTABLE_H
#define PT2ONNX_LOWERING_CUSTOMOPTABLE_H

#include "ir/Attribute.h"
#include "ir/Type.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pt2onnx::lowering {

/// A function argument as the body file declares it.
struct CustomFunctionArgument {
  std::string name;
  ir::Type type;
};

struct CustomOpEntry {
  /// The key as written, `mylib::scaled_tanh(.overload)`.
  std::string key;
  /// The IR op name it matches: `mylib.scaled_tanh.overload` when `exact`,
  /// else the prefix `mylib.scaled_tanh.` of every overload.
  std::string opName;
  bool exact = false;

  /// Constant arguments' values for nodes that leave them out.
  std::vector<ir::NamedAttribute> defaults;

  /// The ONNX node or function: its domain, op type and the domain's
  /// version the model imports.
  std::string domain;
  std::string opType;
  int64_t version = 1;

  // The node form.
  std::vector<std::string> inputs;
  /// ONNX attribute name -> the op's argument.
  std::vector<std::pair<std::string, std::string>> attributes;

  // The body form.
  bool isFunction() const { return !functionPath.empty(); }
  /// The file as the user can find it: the JSON's directory joined with
  /// the entry's path.
  std::string functionPath;
  std::string functionText;
  bool asFunction = false;
  std::vector<CustomFunctionArgument> functionArguments;
  std::vector<ir::Type> functionResults;

  /// `mylib::scaled_tanh.FIELD`, the place of an error about FIELD.
  std::string place(llvm::StringRef field) const;
};

class CustomOpTable {
public:
  /// Reads and checks the table in `path`, and the function files it names.
  static llvm::Expected<CustomOpTable> load(llvm::StringRef path);
  /// The same from `text`, read from `path`.
  static llvm::Expected<CustomOpTable> parse(llvm::StringRef text, llvm::StringRef path);

  llvm::StringRef getPath() const { return path; }
  /// Entries in key order.
  llvm::ArrayRef<CustomOpEntry> getEntries() const { return entries; }
  /// The entry for the IR op `opName` (`mylib.scaled_tanh.default`): the
  /// one keyed by its overload, else the one keyed by its base name.
  const CustomOpEntry *lookup(llvm::StringRef opName) const;

private:
  std::string path;
  std::vector<CustomOpEntry> entries;
};

} // namespace pt2onnx::lowering

#endif // PT2ONNX_LOWERING_CUSTOMOPTABLE_H
