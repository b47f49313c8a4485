//===- TorchMetadata.h - The metadata_props the PyTorch exporter writes -----===//
//
// torch.onnx.export (the dynamo exporter) annotates what it writes so that an
// ONNX node can be traced back to its torch.export node, module and source
// line. We write the same keys with the same values, computed from an op's
// ir::Provenance and from the program's graph signature:
//
//   node   namespace, pkg.torch.onnx.class_hierarchy, pkg.torch.onnx.fx_node,
//          pkg.torch.onnx.name_scopes, pkg.torch.onnx.stack_trace
//   value  pkg.torch.export.graph_signature.InputSpec.kind / .persistent,
//          pkg.torch.export.graph_signature.OutputSpec.kind,
//          pkg.torch.onnx.original_node_name
//   graph  pkg.torch.export.ExportedProgram.graph_signature / .range_constraints
//
// docs/backend.md lists where each value comes from.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_BACKENDS_ONNX_TORCHMETADATA_H
#define PT2ONNX_BACKENDS_ONNX_TORCHMETADATA_H

#include "ir/Operation.h"
#include "ir/SymExpr.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pt2onnx::onnx_backend {

/// Key/value pairs, written sorted by key as the exporter writes them.
using MetadataProps = std::vector<std::pair<std::string, std::string>>;

/// torch.export's graph signature of `main` and its range constraints.
struct ExportSignature {
  struct InputSpec {
    std::string name;
    /// The InputKind name: USER_INPUT, PARAMETER, BUFFER, CONSTANT_TENSOR, ...
    std::string kind;
    /// The parameter, buffer or constant FQN.
    std::optional<std::string> target;
    /// Set for buffers only.
    std::optional<bool> persistent;
  };
  struct OutputSpec {
    std::string name;
    /// The OutputKind name: USER_OUTPUT, BUFFER_MUTATION, ...
    std::string kind;
    std::optional<std::string> target;
  };
  std::vector<InputSpec> inputs;
  std::vector<OutputSpec> outputs;
  /// Symbol name and value range, in the archive's order.
  std::vector<std::pair<std::string, ir::SymRange>> rangeConstraints;
};

/// The signature the importer records on the `main` graph op (attributes
/// `torch.input_kinds`, `torch.input_names`, `torch.input_targets`,
/// `torch.nonpersistent_buffers`, `torch.output_kinds`, `torch.output_names`,
/// `torch.output_targets`, `torch.range_constraints`; docs/backend.md), or
/// nullopt when there is none.
llvm::Expected<std::optional<ExportSignature>> readExportSignature(const ir::Operation &graph);

/// One frame of a node's `nn_module_stack`: the module's path in the model
/// (`layer1.0.conv1`, empty for the root) and its type
/// (`torch.nn.modules.conv.Conv2d`).
struct ModuleFrame {
  llvm::StringRef path;
  llvm::StringRef type;
};

/// The frames of an nn_module_stack as the archive stores it
/// ("key,path,type;key,path,type"), outermost first; nullopt when it is
/// malformed.
std::optional<llvm::SmallVector<ModuleFrame, 4>> parseModuleStack(llvm::StringRef text);

/// The five node keys, computed as the exporter computes them from the FX
/// node: its name, `nn_module_stack`, `stack_trace`, and the `target` and
/// `fx_node` fields the importer records.
MetadataProps getNodeMetadata(const ir::Provenance &provenance);

/// str() of a node's target as the archive spells it: `aten.add.Tensor` for
/// `torch.ops.aten.add.Tensor`, `cond` for `torch.ops.higher_order.cond`,
/// `<built-in function mul>` for `_operator.mul`. torch's Python functions
/// (`torch.sym_float`) print with their address in memory, which is left
/// out: `<function sym_float>`.
std::string formatTarget(llvm::StringRef target);

/// str(ExportedProgram.graph_signature).
std::string formatGraphSignature(const ExportSignature &signature);

/// str(ExportedProgram.range_constraints), e.g. `{s0: VR[2, int_oo]}`.
std::string formatRangeConstraints(const ExportSignature &signature);

} // namespace pt2onnx::onnx_backend

#endif // PT2ONNX_BACKENDS_ONNX_TORCHMETADATA_H
