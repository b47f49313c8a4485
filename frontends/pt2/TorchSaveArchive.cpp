//===- TorchSaveArchive.cpp - A file written by torch.save ----------------===//
//
// The layout is the one torch/serialization.py `_save` writes through
// PyTorchStreamWriter: data.pkl, byteorder, data/<key> for every storage.
//
//===----------------------------------------------------------------------===//

#include "frontends/pt2/TorchSaveArchive.h"

#include "ir/Diagnostic.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"

#include <cassert>

using namespace llvm;
using namespace pt2onnx::pt2;

Expected<std::unique_ptr<TorchSaveArchive>>
TorchSaveArchive::open(StringRef path) {
  Expected<std::unique_ptr<ZipArchive>> zip = ZipArchive::open(path);
  if (!zip)
    return zip.takeError();
  return open(std::move(*zip));
}

Expected<std::unique_ptr<TorchSaveArchive>>
TorchSaveArchive::openNested(const ZipArchive &parent,
                             const ZipArchive::Entry &entry) {
  Expected<std::unique_ptr<ZipArchive>> zip =
      ZipArchive::openNested(parent, entry);
  if (!zip)
    return zip.takeError();
  return open(std::move(*zip));
}

Expected<std::unique_ptr<TorchSaveArchive>>
TorchSaveArchive::open(std::unique_ptr<ZipArchive> zip) {
  auto fail = [&](const Twine &message) {
    return ir::makeLocatedError(zip->getName(), "", message);
  };

  // torch's reader takes the folder from the entries, whatever it is called.
  const ZipArchive::Entry *pickle = nullptr;
  for (const ZipArchive::Entry &entry : zip->entries()) {
    auto [folder, file] = StringRef(entry.name).split('/');
    if (file != "data.pkl" || folder.empty())
      continue;
    if (pickle)
      return fail("not a torch.save archive: both '" + pickle->name +
                  "' and '" + entry.name + "' exist");
    pickle = &entry;
  }
  if (!pickle)
    return fail("not a torch.save archive: no <folder>/data.pkl entry");

  auto archive = std::unique_ptr<TorchSaveArchive>(new TorchSaveArchive());
  archive->prefix =
      StringRef(pickle->name).drop_back(StringRef("data.pkl").size()).str();

  // Storages are raw memory in the writer's byte order; files without the
  // record predate it and were written on little-endian hosts.
  if (const ZipArchive::Entry *byteOrder =
          zip->find(archive->prefix + "byteorder")) {
    Expected<EntryData> order = zip->read(*byteOrder);
    if (!order)
      return order.takeError();
    if (order->str().trim() != "little")
      return zip->makeError(*byteOrder,
                            "storages are '" + order->str().trim() +
                                "'-endian; only little-endian is supported");
  }

  Expected<EntryData> pickleBytes = zip->read(*pickle);
  if (!pickleBytes)
    return pickleBytes.takeError();
  std::string pickleName = (zip->getName() + "!" + pickle->name).str();
  Expected<PickleTree> tree = unpickle(pickleBytes->bytes(), pickleName);
  if (!tree)
    return tree.takeError();
  archive->tree = std::move(*tree);

  for (const PickleValue *value : archive->tree.getTensors()) {
    const StorageRef &storage = value->getTensor().storage;
    std::string entryName = archive->prefix + "data/" + storage.key;
    const ZipArchive::Entry *entry = zip->find(entryName);
    if (!entry)
      return fail("storage '" + storage.key + "' has no entry '" + entryName +
                  "'");
    if (entry->uncompressedSize != storage.numBytes)
      return zip->makeError(*entry, "holds " + Twine(entry->uncompressedSize) +
                                        " bytes, but the pickle declares a " +
                                        storage.dtype + " storage of " +
                                        Twine(storage.numel) + " elements (" +
                                        Twine(storage.numBytes) + " bytes)");
  }
  archive->zip = std::move(zip);
  return archive;
}

const ZipArchive::Entry &
TorchSaveArchive::getStorageEntry(const TensorRef &tensor) const {
  const ZipArchive::Entry *entry =
      zip->find(prefix + "data/" + tensor.storage.key);
  assert(entry && "tensor of another archive");
  return *entry;
}

Expected<EntryData> TorchSaveArchive::readStorage(const TensorRef &tensor) const {
  return zip->read(getStorageEntry(tensor));
}

std::optional<FileRange>
TorchSaveArchive::getStorageFileRange(const TensorRef &tensor) const {
  return zip->getFileRange(getStorageEntry(tensor));
}
