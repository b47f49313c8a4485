//===- OpTable.h - The operators pt2onnx knows, by key ----------*- C++ -*-===//
//
// The op table is the project's one source of facts about PyTorch operators:
// every overload the reference torch registers with a kernel in the aten,
// prims, quantized_decomposed, torchvision and torchaudio namespaces, the
// higher-order ops and the symbolic Python functions torch.export writes.
// It is generated (OpTable.inc, by gen_op_table.py) and checked in. Keys are
// spelled as the importer spells node targets: `aten.add.Tensor`,
// `aten.relu.default`, `higher_order.cond`, `operator.add`.
//
// An entry's schema is parsed at its first lookup, once per process (tens of
// microseconds; a conversion looks up a few dozen operators), and later
// lookups are a binary search over the sorted keys. findOpKey, which
// OpKeyedMap::add uses, parses nothing.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_SCHEMA_OPTABLE_H
#define PT2ONNX_IR_SCHEMA_OPTABLE_H

#include "ir/schema/OpSchema.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace pt2onnx::schema {

/// The entry of `key`, or null when torch has no such operator.
const OpSchema *lookupOp(llvm::StringRef key);

/// The entry of `key`, or an error naming it and the closest real keys:
/// "unknown operator 'aten.softsign.default'; did you mean ...?".
llvm::Expected<const OpSchema &> resolveOp(llvm::StringRef key);

/// The table's own copy of `key`, which lives as long as the program, or an
/// empty string when torch has no such operator. Unlike lookupOp, it does not
/// parse the entry's schema.
llvm::StringRef findOpKey(llvm::StringRef key);

/// Every key of the table, sorted.
llvm::ArrayRef<llvm::StringLiteral> allOpKeys();

/// Up to `max` real keys closest to `key`: the other overloads of the same
/// operator first, then the nearest by edit distance.
llvm::SmallVector<llvm::StringRef, 3> suggestOpKeys(llvm::StringRef key, unsigned max = 3);

/// "unknown operator 'KEY'" and, if any key is close, "; did you mean ...?".
std::string unknownOpMessage(llvm::StringRef key);

} // namespace pt2onnx::schema

#endif // PT2ONNX_IR_SCHEMA_OPTABLE_H
