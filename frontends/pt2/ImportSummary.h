//===- ImportSummary.h - What an imported program holds ---------*- C++ -*-===//
//
// A human-readable summary of a module built by the importer, for
// `pt2onnx-opt model.pt2 --stats`: the program's signature (user inputs and
// outputs with their types, how many parameters, buffers and constants), its
// dynamic dimensions with their ranges, a histogram of op names and the
// weight bytes. It reads the attributes ProgramImporter.h documents.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_FRONTENDS_PT2_IMPORTSUMMARY_H
#define PT2ONNX_FRONTENDS_PT2_IMPORTSUMMARY_H

#include "ir/Module.h"

#include "llvm/Support/raw_ostream.h"

namespace pt2onnx::pt2 {

void describeImport(const ir::Module &module, llvm::raw_ostream &os);

} // namespace pt2onnx::pt2

#endif // PT2ONNX_FRONTENDS_PT2_IMPORTSUMMARY_H
