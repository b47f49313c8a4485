//===- PT2Layout.h - Which .pt2 layout an archive has -----------*- C++ -*-===//
//
// torch.export.save has written two layouts:
//
//  - torch 2.1 to 2.6 (Python's zipfile): serialized_exported_program.json,
//    serialized_state_dict.pt, serialized_constants.pt,
//    serialized_example_inputs.pt (the .pt files are torch.save archives),
//    version and extra_files/ at the top of the zip.
//  - torch 2.7 on, the PT2 archive spec (PyTorchStreamWriter): everything
//    under one folder named after the file, `archive` for buffers:
//    archive_format holding "pt2", archive_version, models/<model>.json,
//    data/weights/<model>_weights_config.json and the weight_<n> files it
//    names, data/constants/ likewise, data/sample_inputs/<model>.pt, extra/.
//
// The layout is told by its marker entry, at the top or one folder down.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_FRONTENDS_PT2_PT2LAYOUT_H
#define PT2ONNX_FRONTENDS_PT2_PT2LAYOUT_H

#include "frontends/pt2/ZipArchive.h"

#include "llvm/Support/Error.h"

#include <string>

namespace pt2onnx::pt2 {

struct PT2Layout {
  enum class Format {
    /// serialized_exported_program.json and friends.
    Legacy,
    /// The PT2 archive spec: archive_format, models/, data/.
    Archive,
  };
  Format format = Format::Archive;
  /// What every entry name starts with: empty, or a folder and `/`.
  std::string root;
};

llvm::Expected<PT2Layout> detectPT2Layout(const ZipArchive &zip);

} // namespace pt2onnx::pt2

#endif // PT2ONNX_FRONTENDS_PT2_PT2LAYOUT_H
