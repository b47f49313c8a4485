//===- OpHistogram.cpp - How many ops of each name a module holds -----------===//

#include "tools/OpHistogram.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"

#include <cstdlib>

namespace pt2onnx::tools {

OpHistogram countOpNames(const ir::Module &module) {
  OpHistogram counts;
  module.getOperation()->walk([&](ir::Operation *op) {
    if (op != module.getOperation() && !op->isa(ir::builtin::kGraph))
      ++counts[op->getName().getStringRef().str()];
  });
  return counts;
}

size_t countOps(const OpHistogram &histogram) {
  size_t total = 0;
  for (const auto &entry : histogram)
    total += entry.second;
  return total;
}

size_t countOps(const ir::Module &module) {
  size_t total = 0;
  module.getOperation()->walk([&](ir::Operation *op) {
    if (op != module.getOperation() && !op->isa(ir::builtin::kGraph))
      ++total;
  });
  return total;
}

std::vector<std::pair<std::string, size_t>> sortByCount(const OpHistogram &histogram) {
  std::vector<std::pair<std::string, size_t>> sorted(histogram.begin(), histogram.end());
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto &a, const auto &b) { return a.second > b.second; });
  return sorted;
}

void printHistogramChange(const OpHistogram &before, const OpHistogram &after,
                          llvm::raw_ostream &os) {
  struct Row {
    std::string name;
    size_t before, after;
    int64_t delta() const { return int64_t(after) - int64_t(before); }
  };
  std::vector<Row> rows;
  auto count = [](const OpHistogram &h, const std::string &name) {
    auto it = h.find(name);
    return it == h.end() ? size_t(0) : it->second;
  };
  OpHistogram names = before;
  names.insert(after.begin(), after.end());
  for (const auto &entry : names) {
    Row row{entry.first, count(before, entry.first), count(after, entry.first)};
    if (row.delta() != 0)
      rows.push_back(row);
  }
  std::stable_sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) {
    return std::abs(a.delta()) > std::abs(b.delta());
  });
  size_t totalBefore = countOps(before), totalAfter = countOps(after);
  os << "\nop histogram change (before -> after):\n";
  os << "    before    after    delta  op\n";
  for (const Row &row : rows)
    os << llvm::format("  %8zu %8zu %+8lld  %s\n", row.before, row.after, (long long)row.delta(),
                       row.name.c_str());
  os << llvm::format("  %8zu %8zu %+8lld  total\n", totalBefore, totalAfter,
                     (long long)totalAfter - (long long)totalBefore);
}

} // namespace pt2onnx::tools
