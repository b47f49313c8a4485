//===- OperationName.cpp - Interned op names -------------------------------===//

#include "ir/OperationName.h"

#include "llvm/ADT/StringMap.h"

#include <mutex>

namespace pt2onnx::ir {

struct OperationName::Impl {
  llvm::StringRef name;
  llvm::StringRef dialect;
  std::optional<OpSchema> schema;
};

namespace {
struct NameTable {
  std::mutex mutex;
  llvm::StringMap<OperationName::Impl> names;
};

NameTable &table() {
  static NameTable *t = new NameTable(); // never destroyed: names outlive statics
  return *t;
}

OperationName::Impl &intern(NameTable &t, llvm::StringRef name) {
  auto [it, inserted] = t.names.try_emplace(name);
  if (inserted) {
    it->second.name = it->getKey();
    it->second.dialect = it->getKey().split('.').first;
  }
  return it->second;
}
} // namespace

OperationName OperationName::get(llvm::StringRef name) {
  NameTable &t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  return OperationName(&intern(t, name));
}

OperationName OperationName::registerSchema(llvm::StringRef name, OpSchema schema) {
  NameTable &t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  Impl &impl = intern(t, name);
  impl.schema = schema;
  return OperationName(&impl);
}

llvm::StringRef OperationName::getStringRef() const { return impl->name; }
llvm::StringRef OperationName::getDialect() const { return impl->dialect; }
const OpSchema *OperationName::getSchema() const {
  return impl->schema ? &*impl->schema : nullptr;
}

} // namespace pt2onnx::ir
