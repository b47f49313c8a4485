//===- Module.cpp - The top-level container ---------------------------------===//

#include "ir/Module.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Process.h"

#include <mutex>

#include <sys/mman.h>

namespace pt2onnx::ir {

void builtin::registerSchemas() {
  static std::once_flag once;
  std::call_once(once, [] {
    OperationName::registerSchema(kModule, {0, 0, 0, 0, 1, false});
    OperationName::registerSchema(kGraph, {0, 0, 0, 0, 1, false});
    OperationName::registerSchema(kReturn, {0, OpSchema::kVariadic, 0, 0, 0, true});
    OperationName::registerSchema(kConstant, {0, 0, 1, 1, 0, false});
  });
}

size_t WeightData::numBytes() const {
  size_t n = getDTypeSize(dtype);
  for (int64_t d : shape)
    n *= size_t(d);
  return n;
}

Type WeightData::getType() const {
  llvm::SmallVector<Dim, 4> dims(shape.begin(), shape.end());
  return Type::tensor(dtype, dims);
}

WeightData WeightData::copyOf(DType dtype, llvm::ArrayRef<int64_t> shape,
                              llvm::ArrayRef<uint8_t> data) {
  auto buffer = std::make_shared<std::vector<uint8_t>>(data.begin(), data.end());
  WeightData w;
  w.dtype = dtype;
  w.shape.assign(shape.begin(), shape.end());
  w.bytes = *buffer;
  w.keepAlive = std::move(buffer);
  return w;
}

void WeightData::releasePages() const {
  if (!fileMapped || bytes.empty())
    return;
  uintptr_t page = uintptr_t(llvm::sys::Process::getPageSizeEstimate());
  uintptr_t begin = (uintptr_t(bytes.data()) + page - 1) & ~(page - 1);
  uintptr_t end = (uintptr_t(bytes.data()) + bytes.size()) & ~(page - 1);
  // Advice only: a failure leaves the pages where they are.
  if (begin < end)
    (void)madvise(reinterpret_cast<void *>(begin), end - begin, MADV_DONTNEED);
}

Module::Module() {
  builtin::registerSchemas();
  Operation::State state(OperationName::get(builtin::kModule));
  state.numRegions = 1;
  moduleOp = Operation::create(std::move(state));
  moduleOp->getRegion(0).addBlock();
}

Module::~Module() { moduleOp->erase(); }

Operation *Module::addGraph(llvm::StringRef name) {
  Operation::State state(OperationName::get(builtin::kGraph));
  state.numRegions = 1;
  state.attributes.push_back({"sym_name", Attribute::string(name)});
  Operation *graph = Operation::create(std::move(state));
  graph->getRegion(0).addBlock();
  getBody().push_back(graph);
  return graph;
}

Operation *Module::lookupGraph(llvm::StringRef name) const {
  for (Operation &op : getBody()) {
    if (!op.isa(builtin::kGraph))
      continue;
    const Attribute *symName = op.getAttr("sym_name");
    if (symName && symName->getKind() == Attribute::Kind::String && symName->getString() == name)
      return &op;
  }
  return nullptr;
}

void Module::addWeight(llvm::StringRef name, WeightData data) {
  auto [it, inserted] = weightIndex.try_emplace(name, weights.size());
  if (inserted)
    weights.emplace_back(name.str(), std::move(data));
  else
    weights[it->second].second = std::move(data);
}

const WeightData *Module::lookupWeight(llvm::StringRef name) const {
  auto it = weightIndex.find(name);
  return it == weightIndex.end() ? nullptr : &weights[it->second].second;
}

void Module::removeWeightsIf(
    llvm::function_ref<bool(llvm::StringRef, const WeightData &)> pred) {
  llvm::erase_if(weights, [&](const std::pair<std::string, WeightData> &w) {
    return pred(w.first, w.second);
  });
  weightIndex.clear();
  for (size_t i = 0; i != weights.size(); ++i)
    weightIndex[weights[i].first] = i;
}

std::optional<int64_t> Module::getLoweredOpset() const {
  const Attribute *opset = moduleOp->getAttr(builtin::kOnnxOpsetAttr);
  if (!opset || opset->getKind() != Attribute::Kind::Int)
    return std::nullopt;
  return opset->getInt();
}

void Module::setLoweredOpset(int64_t opset) {
  moduleOp->setAttr(builtin::kOnnxOpsetAttr, Attribute::integer(opset));
}

size_t Module::countOps() const {
  size_t n = 0;
  moduleOp->walk([&](Operation *) { ++n; });
  return n - 1;
}

} // namespace pt2onnx::ir
