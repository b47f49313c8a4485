//===- TorchSaveArchive.h - A file written by torch.save --------*- C++ -*-===//
//
// torch.save writes a zip whose entries all sit under one folder, named after
// the file or `archive` for buffers: `<folder>/data.pkl` pickles the object,
// and each storage a tensor views is the raw bytes of `<folder>/data/<key>`.
// .pt2 archives hold such files for pickled weights and constants, for the
// legacy serialized_state_dict.pt / serialized_constants.pt /
// serialized_example_inputs.pt, and for sample inputs.
//
// Opening one unpickles data.pkl and checks that every tensor's storage
// exists and is exactly as large as the pickle says, so that storage bytes can then
// be handed out as views into the archive without further checks.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_FRONTENDS_PT2_TORCHSAVEARCHIVE_H
#define PT2ONNX_FRONTENDS_PT2_TORCHSAVEARCHIVE_H

#include "frontends/pt2/Unpickler.h"
#include "frontends/pt2/ZipArchive.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>

namespace pt2onnx::pt2 {

class TorchSaveArchive {
public:
  /// Opens a torch.save file on disk.
  static llvm::Expected<std::unique_ptr<TorchSaveArchive>>
  open(llvm::StringRef path);

  /// Opens the torch.save file held in `entry` of `parent`, which must
  /// outlive the result.
  static llvm::Expected<std::unique_ptr<TorchSaveArchive>>
  openNested(const ZipArchive &parent, const ZipArchive::Entry &entry);

  static llvm::Expected<std::unique_ptr<TorchSaveArchive>>
  open(std::unique_ptr<ZipArchive> zip);

  /// The unpickled object.
  const PickleValue &getRoot() const { return tree.getRoot(); }
  const PickleTree &getTree() const { return tree; }
  const ZipArchive &getZip() const { return *zip; }
  /// The folder every entry sits under, with its trailing `/`.
  llvm::StringRef getPrefix() const { return prefix; }

  /// The zip entry holding a tensor's storage.
  const ZipArchive::Entry &getStorageEntry(const TensorRef &tensor) const;
  /// All bytes of a tensor's storage (not only the ones the tensor views):
  /// a view into the archive unless the entry was compressed.
  llvm::Expected<EntryData> readStorage(const TensorRef &tensor) const;
  /// Where a tensor's storage lies in the file on disk, if it does.
  std::optional<FileRange> getStorageFileRange(const TensorRef &tensor) const;

private:
  TorchSaveArchive() = default;

  std::unique_ptr<ZipArchive> zip;
  std::string prefix;
  PickleTree tree;
};

} // namespace pt2onnx::pt2

#endif // PT2ONNX_FRONTENDS_PT2_TORCHSAVEARCHIVE_H
