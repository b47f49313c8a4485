//===- UnpicklerFuzzer.cpp - Fuzzing the unpickler ---------------------------===//
//
// Feeds: a pickle stream, as torch.save writes `data.pkl` (protocols 2-5).
// Does: unpickles it and walks the tree once per distinct node, reading
// every value through its accessor.
// Asserts: every tensor's addressed elements lie within its storage's
// declared bytes (recomputed here in 128-bit arithmetic), sizes and strides
// have the same rank and are non-negative, and the tree is acyclic (its
// depth is bounded by the limit); errors are consumed.
//
//===----------------------------------------------------------------------===//

#include "tests/fuzz/FuzzCheck.h"

#include "frontends/pt2/Unpickler.h"

#include "llvm/ADT/DenseSet.h"

using namespace pt2onnx::pt2;
using Kind = PickleValue::Kind;

static void checkTensor(const TensorRef &tensor) {
  FUZZ_CHECK(tensor.sizes.size() == tensor.strides.size(), "sizes and strides differ in rank");
  FUZZ_CHECK(tensor.storageOffset >= 0, "negative storage offset");
  __int128 last = tensor.storageOffset;
  bool empty = false;
  for (size_t dim = 0; dim < tensor.sizes.size(); ++dim) {
    FUZZ_CHECK(tensor.sizes[dim] >= 0 && tensor.strides[dim] >= 0, "negative size or stride");
    if (tensor.sizes[dim] == 0)
      empty = true;
    else
      last += static_cast<__int128>(tensor.sizes[dim] - 1) * tensor.strides[dim];
  }
  if (!empty)
    FUZZ_CHECK((last + 1) * tensor.elementSize <= static_cast<__int128>(tensor.storage.numBytes),
               "a tensor addresses bytes beyond its storage");
}

static void walk(const PickleValue &value, llvm::DenseSet<const PickleValue *> &seen,
                 unsigned depth) {
  FUZZ_CHECK(depth <= UnpickleLimits().maxDepth + 1, "the tree is deeper than its limit");
  if (!seen.insert(&value).second)
    return;
  switch (value.getKind()) {
  case Kind::None:
    break;
  case Kind::Bool:
    (void)value.getBool();
    break;
  case Kind::Int:
    (void)value.getInt();
    break;
  case Kind::Float:
    (void)value.getFloat();
    break;
  case Kind::String:
  case Kind::DType:
  case Kind::Device:
  case Kind::Global:
    (void)value.getString();
    break;
  case Kind::Bytes:
    (void)value.getBytes();
    break;
  case Kind::Tuple:
  case Kind::List:
  case Kind::Set:
    for (const PickleValue *item : value.getItems())
      walk(*item, seen, depth + 1);
    break;
  case Kind::Dict:
    for (const PickleValue::DictItem &item : value.getDictItems()) {
      walk(*item.first, seen, depth + 1);
      walk(*item.second, seen, depth + 1);
    }
    break;
  case Kind::Tensor:
    checkTensor(value.getTensor());
    break;
  case Kind::Storage:
    (void)value.getStorage();
    break;
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::Expected<PickleTree> tree = unpickle(llvm::ArrayRef<uint8_t>(data, size), "fuzz.pkl");
  if (!tree) {
    llvm::consumeError(tree.takeError());
    return 0;
  }
  llvm::DenseSet<const PickleValue *> seen;
  walk(tree->getRoot(), seen, 1);
  for (const PickleValue *tensor : tree->getTensors())
    checkTensor(tensor->getTensor());
  return 0;
}
