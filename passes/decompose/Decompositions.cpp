//===- Decompositions.cpp - The table of decompositions, building ATen ops ---===//

#include "passes/decompose/Decompositions.h"

#include "llvm/Support/ErrorHandling.h"

namespace pt2onnx::passes {

const DecompositionTable &getDecompositions() {
  static const DecompositionTable table = [] {
    DecompositionTable t;
    addAliasDecompositions(t);
    addMoveDimDecompositions(t);
    addRavelDecompositions(t);
    return t;
  }();
  return table;
}

ir::Operation *createAtenOp(ir::PatternRewriter &rw, llvm::StringRef key,
                            llvm::ArrayRef<std::pair<llvm::StringRef, ir::Value *>> operands,
                            llvm::ArrayRef<ir::NamedAttribute> attrs,
                            llvm::ArrayRef<ir::Type> resultTypes) {
  // A decomposition names what it builds in code; a name the schema lacks is
  // a bug in that decomposition, which its lit case shows at once.
  const schema::OpSchema *op = schema::lookupOp(key);
  if (!op)
    llvm::report_fatal_error(llvm::Twine("decomposition builds unknown operator '") + key + "'");
  auto checkArgument = [&](llvm::StringRef name) {
    if (!op->argument(name))
      llvm::report_fatal_error(llvm::Twine("decomposition passes '") + name + "' to '" + key +
                               "', which has no such argument");
  };
  llvm::SmallVector<ir::Value *, 4> values;
  std::vector<std::string> names;
  for (const auto &[name, value] : operands) {
    checkArgument(name);
    values.push_back(value);
    names.push_back(name.str());
  }
  llvm::SmallVector<ir::NamedAttribute, 4> all(attrs.begin(), attrs.end());
  for (const ir::NamedAttribute &attr : attrs)
    checkArgument(attr.name);
  all.push_back({"arg_names", ir::Attribute::stringList(names)});
  return rw.create(key, values, resultTypes, all);
}

} // namespace pt2onnx::passes
