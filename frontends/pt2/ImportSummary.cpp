//===- ImportSummary.cpp - What an imported program holds ------------------===//

#include "frontends/pt2/ImportSummary.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Format.h"

#include <map>

using namespace llvm;
using namespace pt2onnx;

namespace {

ArrayRef<std::string> stringList(const ir::Operation &op, StringRef name) {
  const ir::Attribute *a = op.getAttr(name);
  return a && a->getKind() == ir::Attribute::Kind::StringList ? a->getStringList()
                                                              : ArrayRef<std::string>();
}

void printBytes(raw_ostream &os, uint64_t bytes) {
  if (bytes < 1024)
    os << bytes << " B";
  else if (bytes < (uint64_t(1) << 20))
    os << format("%.1f KiB", bytes / 1024.0);
  else if (bytes < (uint64_t(1) << 30))
    os << format("%.1f MiB", bytes / double(1 << 20));
  else
    os << format("%.2f GiB", bytes / double(1 << 30));
}

void printBound(raw_ostream &os, int64_t v) {
  if (v == ir::SymRange::kNegInf)
    os << "-oo";
  else if (v == ir::SymRange::kPosInf)
    os << "oo";
  else
    os << v;
}

} // namespace

void pt2onnx::pt2::describeImport(const ir::Module &module, raw_ostream &os) {
  ir::Operation *graph = module.lookupGraph("main");
  if (!graph) {
    os << "no graph 'main'\n";
    return;
  }
  const ir::Block &body = ir::Module::getGraphBody(graph);

  os << "program: schema ";
  if (const ir::Attribute *v = graph->getAttr("torch.schema_version"))
    os << v->getString();
  if (const ir::Attribute *v = graph->getAttr("torch.torch_version"))
    os << ", torch " << v->getString();
  if (ArrayRef<std::string> verifiers = stringList(*graph, "torch.verifiers"); !verifiers.empty())
    os << ", dialect " << join(verifiers, ", ");
  os << "\n";

  // Inputs: user inputs one by one, the rest counted by kind.
  ArrayRef<std::string> kinds = stringList(*graph, "torch.input_kinds");
  std::map<std::string, unsigned> kindCounts;
  for (const std::string &kind : kinds)
    ++kindCounts[kind];
  os << "inputs:";
  for (const auto &[kind, count] : kindCounts)
    os << " " << count << " " << kind;
  os << "\n";
  for (const auto &arg : body.getArguments())
    os << "  %" << arg->getName() << ": " << arg->getType() << "\n";

  os << "outputs:\n";
  if (const ir::Operation *ret = body.getTerminator()) {
    ArrayRef<std::string> outputKinds = stringList(*graph, "torch.output_kinds");
    for (unsigned i = 0, e = ret->getNumOperands(); i != e; ++i) {
      const ir::Value *v = ret->getOperand(i);
      os << "  " << (v->getName().empty() ? "<constant>" : "%" + v->getName().str()) << ": "
         << v->getType();
      if (i < outputKinds.size() && outputKinds[i] != "user_output")
        os << " (" << outputKinds[i] << ")";
      os << "\n";
    }
  }

  const ir::SymContext &symbols = module.getSymContext();
  if (!symbols.getSymbols().empty()) {
    os << "symbols:\n";
    for (ir::SymExpr sym : symbols.getSymbols()) {
      ir::SymRange range = symbols.getSymbolRange(sym);
      os << "  " << sym << " in [";
      printBound(os, range.lo);
      os << ", ";
      printBound(os, range.hi);
      os << "]\n";
    }
  }

  StringMap<unsigned> histogram;
  size_t numOps = 0;
  module.getOperation()->walk([&](ir::Operation *op) {
    if (op == module.getOperation() || op->isa(ir::builtin::kGraph))
      return;
    ++histogram[op->getName().getStringRef()];
    ++numOps;
  });
  std::vector<std::pair<StringRef, unsigned>> sorted;
  for (const auto &entry : histogram)
    sorted.push_back({entry.getKey(), entry.getValue()});
  llvm::sort(sorted, [](const auto &a, const auto &b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  os << "ops: " << numOps << "\n";
  for (const auto &[name, count] : sorted)
    os << format("  %6u  ", count) << name << "\n";

  // Tied weights share bytes; count each run of bytes once.
  uint64_t total = 0, distinct = 0;
  DenseSet<const uint8_t *> seen;
  for (const auto &[name, weight] : module.getWeights()) {
    total += weight.numBytes();
    if (weight.bytes.empty() || seen.insert(weight.bytes.data()).second)
      distinct += weight.numBytes();
  }
  os << "weights: " << module.getWeights().size() << ", ";
  printBytes(os, total);
  if (distinct != total) {
    os << " (";
    printBytes(os, distinct);
    os << " distinct)";
  }
  os << "\n";
}
