//===- Unpickler.h - Safe reader for the pickles torch writes --*- C++ -*-===//
//
// torch.save pickles tensors, storages, dicts and plain containers; .pt2
// archives embed such pickles for weights with `use_pickle: true`, for the
// legacy serialized_*.pt files and for sample inputs. This unpickler reads
// protocols 2 to 5 into a tree of PickleValues. It never imports or calls
// anything: a GLOBAL is looked up in a fixed table of the torch and builtin
// names torch's own serialization uses, and any other name, like any opcode
// outside the supported set, is an error that names it and its byte offset.
//
// Tensors come out as TensorRefs: metadata plus the key of the storage that
// holds their bytes (`<archive>/data/<key>` in a torch.save zip, see
// TorchSaveArchive). Input is untrusted: lengths are checked against the
// remaining input, stack, memo and nesting are limited, and every opcode
// does constant work per value it touches, so memory and time are linear in
// the size of the pickle.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_FRONTENDS_PT2_UNPICKLER_H
#define PT2ONNX_FRONTENDS_PT2_UNPICKLER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace pt2onnx::pt2 {

class Unpickler;

/// A storage named by a persistent id `('storage', <type>, key, location,
/// numel)`: `numel` elements of `dtype` in the entry `data/<key>`.
struct StorageRef {
  std::string key;
  /// Device the storage was saved from: `cpu`, `cuda:0`, ...
  std::string location;
  /// torch's dtype name of the storage class; `uint8` for UntypedStorage.
  std::string dtype;
  uint64_t numel = 0;
  uint64_t numBytes = 0;
};

/// A tensor as torch's `_rebuild_tensor*` functions describe it. The
/// unpickler has checked that every element it addresses lies within the
/// storage's declared size.
struct TensorRef {
  StorageRef storage;
  /// torch's dtype name without the `torch.` prefix: `float32`, `bfloat16`.
  std::string dtype;
  unsigned elementSize = 0;
  llvm::SmallVector<int64_t, 4> sizes;
  llvm::SmallVector<int64_t, 4> strides;
  /// In elements of `dtype`, as torch counts it.
  int64_t storageOffset = 0;
  bool requiresGrad = false;
  /// Rebuilt through `_rebuild_parameter*`: an nn.Parameter.
  bool isParameter = false;

  /// Within the storage when the tensor has elements.
  uint64_t getByteOffset() const { return uint64_t(storageOffset) * elementSize; }
  int64_t getNumElements() const;
};

/// One node of an unpickled object tree. Nodes may be shared (the pickle
/// memo lets one object appear in several places) but never form cycles.
class PickleValue {
public:
  enum class Kind : uint8_t {
    None,
    Bool,
    Int,
    Float,
    String,
    Bytes,
    Tuple,
    List,
    Dict,
    Set,
    Tensor,
    Storage,
    /// A `torch.<dtype>` object; getString() is its name, like `float32`.
    DType,
    /// A `torch.device`; getString() is its name, like `cuda:0`.
    Device,
    /// A class or function that was named but not called, like
    /// `torch.FloatStorage`; getString() is its qualified name.
    Global,
  };
  using DictItem = std::pair<const PickleValue *, const PickleValue *>;

  Kind getKind() const { return kind; }
  bool is(Kind k) const { return kind == k; }
  static llvm::StringRef getKindName(Kind kind);

  bool getBool() const { return std::get<bool>(payload); }
  int64_t getInt() const { return std::get<int64_t>(payload); }
  double getFloat() const { return std::get<double>(payload); }
  /// String, DType, Device and Global values.
  llvm::StringRef getString() const { return std::get<std::string>(payload); }
  llvm::ArrayRef<uint8_t> getBytes() const;
  /// Tuple, List and Set values.
  llvm::ArrayRef<const PickleValue *> getItems() const;
  /// Dict values, in insertion order.
  llvm::ArrayRef<DictItem> getDictItems() const;
  /// The value of the item whose key is the string `key`; a linear scan.
  const PickleValue *lookup(llvm::StringRef key) const;
  const TensorRef &getTensor() const {
    return *std::get<std::unique_ptr<TensorRef>>(payload);
  }
  const StorageRef &getStorage() const {
    return *std::get<std::unique_ptr<StorageRef>>(payload);
  }

private:
  friend class Unpickler;
  using Items = llvm::SmallVector<PickleValue *, 4>;
  using DictItems = std::vector<DictItem>;

  explicit PickleValue(Kind kind) : kind(kind) {}

  Kind kind;
  /// Set once the value became part of another; a list, dict or set may
  /// only grow before that, which is what rules out cycles.
  bool used = false;
  /// 1 for leaves; containers are one deeper than their deepest item.
  unsigned depth = 1;
  // Tensors and storages are boxed to keep the common nodes small.
  std::variant<std::monostate, bool, int64_t, double, std::string, Items,
               DictItems, std::unique_ptr<TensorRef>,
               std::unique_ptr<StorageRef>>
      payload;
};

/// An unpickled object: the root value and the nodes it is made of.
class PickleTree {
public:
  const PickleValue &getRoot() const { return *root; }
  /// Every tensor built, in pickle order.
  llvm::ArrayRef<const PickleValue *> getTensors() const { return tensors; }

private:
  friend class Unpickler;
  std::vector<std::unique_ptr<PickleValue>> nodes;
  std::vector<const PickleValue *> tensors;
  const PickleValue *root = nullptr;
};

struct UnpickleLimits {
  /// Values plus marks on the stack.
  size_t maxStackSize = size_t(1) << 20;
  size_t maxMemoSize = size_t(1) << 20;
  unsigned maxDepth = 256;
};

/// Reads one pickle from `bytes`. `name` says where the bytes came from in
/// diagnostics, like `model.pt2!archive/data.pkl`.
llvm::Expected<PickleTree> unpickle(llvm::ArrayRef<uint8_t> bytes,
                                    llvm::StringRef name,
                                    const UnpickleLimits &limits = {});

/// Size in bytes of an element of the torch dtype `name` (`float32`), if the
/// unpickler knows the dtype.
std::optional<unsigned> getTorchDTypeSize(llvm::StringRef name);

} // namespace pt2onnx::pt2

#endif // PT2ONNX_FRONTENDS_PT2_UNPICKLER_H
