//===- ZipArchiveFuzzer.cpp - Fuzzing the zip reader -------------------------===//
//
// Feeds: the bytes of a zip archive, opened from memory as a .pt2 would be.
// Does: lists the central directory (opening checks every entry's CRC),
// reads every entry and opens every entry as a nested archive, as the
// reader does with torch.save files.
// Asserts: an entry that reads has exactly its declared uncompressed size;
// find() returns the entry of that name; errors are consumed.
//
//===----------------------------------------------------------------------===//

#include "tests/fuzz/FuzzCheck.h"

#include "frontends/pt2/ZipArchive.h"

#include "llvm/Support/MemoryBuffer.h"

using namespace pt2onnx::pt2;

static void readEntries(const ZipArchive &zip, unsigned depth) {
  for (const ZipArchive::Entry &entry : zip.entries()) {
    FUZZ_CHECK(zip.find(entry.name) == &entry, "find() misses a listed entry");
    llvm::Expected<EntryData> data = zip.read(entry);
    if (!data) {
      llvm::consumeError(data.takeError());
      continue;
    }
    FUZZ_CHECK(data->bytes().size() == entry.uncompressedSize,
               "an entry read with a size other than its declared one");
    if (depth == 0)
      continue;
    llvm::Expected<std::unique_ptr<ZipArchive>> nested = ZipArchive::openNested(zip, entry);
    if (!nested) {
      llvm::consumeError(nested.takeError());
      continue;
    }
    readEntries(**nested, depth - 1);
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  llvm::Expected<std::unique_ptr<ZipArchive>> zip = ZipArchive::openBuffer(
      llvm::MemoryBuffer::getMemBuffer(bytes, "fuzz.pt2", /*RequiresNullTerminator=*/false));
  if (!zip) {
    llvm::consumeError(zip.takeError());
    return 0;
  }
  readEntries(**zip, /*depth=*/1);
  return 0;
}
