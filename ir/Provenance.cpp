//===- Provenance.cpp - Where an op came from -------------------------------===//

#include "ir/Provenance.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <cstring>
#include <new>

namespace pt2onnx::ir {

llvm::StringRef Provenance::lookup(llvm::StringRef key) const {
  auto it = std::lower_bound(fields.begin(), fields.end(), key,
                             [](const Field &f, llvm::StringRef k) { return f.first < k; });
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

void Provenance::Release() const {
  if (refs.fetch_sub(1, std::memory_order_acq_rel) != 1)
    return;
  this->~Provenance();
  ::operator delete(const_cast<Provenance *>(this));
}

ProvenanceRef Provenance::copyOf(llvm::StringRef nodeName, llvm::ArrayRef<Field> fields) {
  // Sorted by key, the last of duplicate keys kept. What the parser reads
  // back from printed text already is.
  llvm::SmallVector<Field, 8> sorted;
  bool canonical = true;
  for (size_t i = 1; i < fields.size() && canonical; ++i)
    canonical = fields[i - 1].first < fields[i].first;
  if (!canonical) {
    sorted.assign(fields.begin(), fields.end());
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const Field &a, const Field &b) { return a.first < b.first; });
    size_t kept = 0;
    for (const Field &f : sorted) {
      if (kept != 0 && sorted[kept - 1].first == f.first)
        sorted[kept - 1].second = f.second;
      else
        sorted[kept++] = f;
    }
    sorted.resize(kept);
    fields = sorted;
  }

  // Strings equal to those of the last record made here are borrowed from
  // the record that holds their bytes.
  static thread_local ProvenanceRef lastRecord;
  const Provenance *source =
      !lastRecord ? nullptr : lastRecord->owner ? lastRecord->owner.get() : lastRecord.get();
  llvm::SmallVector<Field, 8> borrowed(fields.size());
  bool borrowsAny = false;
  if (source) {
    llvm::ArrayRef<Field> known = source->fields;
    for (size_t i = 0; i != fields.size(); ++i) {
      // Records of neighbouring nodes mostly have the same keys.
      const Field *it = i < known.size() && known[i].first == fields[i].first
                            ? &known[i]
                            : std::lower_bound(known.begin(), known.end(), fields[i].first,
                                               [](const Field &f, llvm::StringRef k) {
                                                 return f.first < k;
                                               });
      if (it == known.end() || it->first != fields[i].first)
        continue;
      borrowed[i].first = it->first;
      if (!fields[i].second.empty() && fields[i].second == it->second)
        borrowed[i].second = it->second;
      borrowsAny = true;
    }
  }

  size_t numChars = nodeName.size();
  for (size_t i = 0; i != fields.size(); ++i) {
    numChars += borrowed[i].first.empty() ? fields[i].first.size() : 0;
    numChars += borrowed[i].second.empty() ? fields[i].second.size() : 0;
  }
  static_assert(alignof(Provenance) >= alignof(Field), "the field table follows the record");
  void *memory = ::operator new(sizeof(Provenance) + fields.size() * sizeof(Field) + numChars);
  auto *record = new (memory) Provenance();
  auto *table = reinterpret_cast<Field *>(record + 1);
  char *chars = reinterpret_cast<char *>(table + fields.size());
  auto copy = [&](llvm::StringRef s, llvm::StringRef borrowedCopy) {
    if (!borrowedCopy.empty() || s.empty())
      return borrowedCopy;
    std::memcpy(chars, s.data(), s.size());
    llvm::StringRef copied(chars, s.size());
    chars += s.size();
    return copied;
  };
  record->nodeName = copy(nodeName, {});
  for (size_t i = 0; i != fields.size(); ++i) {
    llvm::StringRef key = copy(fields[i].first, borrowed[i].first);
    new (&table[i]) Field(key, copy(fields[i].second, borrowed[i].second));
  }
  record->fields = llvm::ArrayRef<Field>(table, fields.size());
  if (borrowsAny)
    record->owner = source;
  ProvenanceRef ref(record);
  lastRecord = ref;
  return ref;
}

ProvenanceRef Provenance::make(llvm::StringRef nodeName,
                               std::vector<std::pair<std::string, std::string>> fields) {
  llvm::SmallVector<Field, 8> refs;
  refs.reserve(fields.size());
  for (const auto &[key, value] : fields)
    refs.emplace_back(key, value);
  return copyOf(nodeName, refs);
}

} // namespace pt2onnx::ir
