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

/// torch.export.load refuses an archive_version other than its own, and
/// torch has written only "0" (the PT2 archive spec's first version).
static Error checkArchiveVersion(const ZipArchive &zip, StringRef root) {
  constexpr StringLiteral kSupported = "0";
  std::string name = (root + "archive_version").str();
  const ZipArchive::Entry *entry = zip.find(name);
  if (!entry)
    return pt2onnx::ir::makeLocatedError(
        zip.getName(), "", "no '" + name + "' entry; supported archive versions: " + kSupported);
  Expected<EntryData> value = zip.read(*entry);
  if (!value)
    return value.takeError();
  if (value->str() != kSupported)
    return zip.makeError(*entry, "unsupported archive version '" + value->str() +
                                     "'; supported archive versions: " + kSupported);
  return Error::success();
}

/// The legacy layout's `version` holds the schema version, MAJOR.MINOR, as
/// the program's JSON does; torch 2.6 checks its major.
static Error checkLegacyVersion(const ZipArchive &zip, StringRef root) {
  const ZipArchive::Entry *entry = zip.find((root + "version").str());
  if (!entry)
    return Error::success();
  Expected<EntryData> value = zip.read(*entry);
  if (!value)
    return value.takeError();
  auto [major, minor] = value->str().split('.');
  unsigned majorValue = 0, minorValue = 0;
  if (major.getAsInteger(10, majorValue) || minor.getAsInteger(10, minorValue) ||
      majorValue != 8)
    return zip.makeError(*entry, "unsupported schema version '" + value->str() +
                                     "'; supported: 8.x");
  return Error::success();
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
    if (Error error = checkArchiveVersion(zip, layout.root))
      return error;
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
    if (Error error = checkLegacyVersion(zip, layout.root))
      return error;
    return layout;
  }
  return pt2onnx::ir::makeLocatedError(zip.getName(), "",
                              "not a torch.export archive: no archive_format or "
                              "serialized_exported_program.json entry");
}
