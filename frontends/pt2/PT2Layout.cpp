//===- PT2Layout.cpp - Which .pt2 layout an archive has -------------------===//

#include "frontends/pt2/PT2Layout.h"

#include "ir/Diagnostic.h"

#include "llvm/ADT/Twine.h"

#include <optional>

using namespace llvm;
using namespace pt2onnx::pt2;

/// The one entry named `marker` at the top or one folder down, if any.
static Expected<const ZipArchive::Entry *> findMarker(const ZipArchive &zip,
                                                      StringRef marker) {
  const ZipArchive::Entry *found = nullptr;
  for (const ZipArchive::Entry &entry : zip.entries()) {
    StringRef name = entry.name;
    if (name != marker && !(name.endswith(marker) &&
                            name.drop_back(marker.size()).count('/') == 1 &&
                            name.drop_back(marker.size()).endswith("/")))
      continue;
    if (found)
      return pt2onnx::ir::makeLocatedError(zip.getName(), "",
                                  "both '" + found->name + "' and '" + entry.name +
                                      "' exist; which one is the model?");
    found = &entry;
  }
  return found;
}

Expected<PT2Layout> pt2onnx::pt2::detectPT2Layout(const ZipArchive &zip) {
  constexpr StringLiteral kArchiveFormat = "archive_format";
  constexpr StringLiteral kLegacyProgram = "serialized_exported_program.json";

  Expected<const ZipArchive::Entry *> format = findMarker(zip, kArchiveFormat);
  if (!format)
    return format.takeError();
  if (*format) {
    Expected<EntryData> value = zip.read(**format);
    if (!value)
      return value.takeError();
    if (value->str().trim() != "pt2")
      return zip.makeError(**format, "says '" + value->str().trim() +
                                         "', expected 'pt2'");
    PT2Layout layout;
    layout.format = PT2Layout::Format::Archive;
    layout.root =
        StringRef((*format)->name).drop_back(kArchiveFormat.size()).str();
    return layout;
  }

  Expected<const ZipArchive::Entry *> program = findMarker(zip, kLegacyProgram);
  if (!program)
    return program.takeError();
  if (*program) {
    PT2Layout layout;
    layout.format = PT2Layout::Format::Legacy;
    layout.root =
        StringRef((*program)->name).drop_back(kLegacyProgram.size()).str();
    return layout;
  }
  return pt2onnx::ir::makeLocatedError(zip.getName(), "",
                              "not a torch.export archive: no archive_format or "
                              "serialized_exported_program.json entry");
}
