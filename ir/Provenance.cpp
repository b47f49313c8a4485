//===- Provenance.cpp - Where an op came from -------------------------------===//

#include "ir/Provenance.h"

#include "llvm/ADT/Twine.h"

#include <algorithm>

namespace pt2onnx::ir {

llvm::StringRef Provenance::lookup(llvm::StringRef key) const {
  auto it = std::lower_bound(fields.begin(), fields.end(), key,
                             [](const auto &f, llvm::StringRef k) { return f.first < k; });
  if (it != fields.end() && it->first == key)
    return it->second;
  return {};
}

std::string Provenance::getSourceLocation() const {
  // Frames look like: File "/path/model.py", line 12, in forward
  llvm::StringRef trace = lookup("stack_trace");
  size_t at = trace.rfind("File \"");
  if (at == llvm::StringRef::npos)
    return {};
  llvm::StringRef rest = trace.drop_front(at + 6);
  auto [file, afterFile] = rest.split('"');
  if (!afterFile.consume_front(", line "))
    return {};
  llvm::StringRef line = afterFile.take_while([](char c) { return c >= '0' && c <= '9'; });
  if (file.empty() || line.empty())
    return {};
  return (llvm::Twine(file) + ":" + line).str();
}

ProvenanceRef Provenance::make(llvm::StringRef nodeName,
                               std::vector<std::pair<std::string, std::string>> fields) {
  auto p = std::make_shared<Provenance>();
  p->nodeName = nodeName.str();
  std::stable_sort(fields.begin(), fields.end(),
                   [](const auto &a, const auto &b) { return a.first < b.first; });
  // Keep the last of duplicate keys, as a dict assignment would.
  std::vector<std::pair<std::string, std::string>> unique;
  unique.reserve(fields.size());
  for (auto &f : fields) {
    if (!unique.empty() && unique.back().first == f.first)
      unique.back().second = std::move(f.second);
    else
      unique.push_back(std::move(f));
  }
  p->fields = std::move(unique);
  return p;
}

} // namespace pt2onnx::ir
