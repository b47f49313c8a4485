//===- Module.h - The top-level container: graphs, weights, symbols -------===//
//
// A Module owns the `ir.module` op whose single block holds the graphs
// (`ir.graph` ops: `main` plus any subgraph functions), the symbolic-dimension
// context, and the named constant storage for weights. Weight bytes may be a
// view into a memory-mapped archive: the module keeps the mapping alive and
// never copies it.
//
// Builtin ops (schemas registered by the IR):
//   ir.module   1 region; module-level facts as attributes
//   ir.graph    1 region whose entry block arguments are the inputs;
//               `sym_name` names it
//   ir.return   terminator of a graph or a nested region; operands = outputs
//   ir.constant no operands, 1 result; `value` is a dense literal or a
//               weight reference
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_MODULE_H
#define PT2ONNX_IR_MODULE_H

#include "ir/Operation.h"
#include "ir/SymExpr.h"

#include "llvm/ADT/StringMap.h"

#include <memory>
#include <optional>
#include <string>

namespace pt2onnx::ir {

namespace builtin {
constexpr llvm::StringLiteral kModule = "ir.module";
constexpr llvm::StringLiteral kGraph = "ir.graph";
constexpr llvm::StringLiteral kReturn = "ir.return";
constexpr llvm::StringLiteral kConstant = "ir.constant";
/// The module op's attribute holding the ONNX opset its ops were lowered to
/// (Module::getLoweredOpset).
constexpr llvm::StringLiteral kOnnxOpsetAttr = "onnx.opset";
/// Registers the schemas of the builtin ops; idempotent.
void registerSchemas();
} // namespace builtin

/// The ONNX default-domain opsets the compiler lowers to (--opset, the
/// lowering's rules), and the one it picks when not told. The ONNX backend
/// writes these and the later opsets whose IR version it knows.
constexpr int kMinOnnxOpset = 17;
constexpr int kMaxOnnxOpset = 23;
constexpr int kDefaultOnnxOpset = 20;

/// The bytes of one weight. `bytes` is empty when the data is elided (a
/// module parsed from text printed without weights).
struct WeightData {
  DType dtype = DType::Float32;
  llvm::SmallVector<int64_t, 4> shape;
  llvm::ArrayRef<uint8_t> bytes;
  /// Keeps `bytes` alive: an owned buffer or a file mapping.
  std::shared_ptr<const void> keepAlive;
  /// Whether `bytes` lie in a read-only mapping of a file, whose pages the
  /// process can drop and fault in again from the file at any time.
  bool fileMapped = false;

  bool hasData() const { return !bytes.empty() || numBytes() == 0; }
  size_t numBytes() const;
  Type getType() const;
  /// A weight that owns a copy of `data`.
  static WeightData copyOf(DType dtype, llvm::ArrayRef<int64_t> shape,
                           llvm::ArrayRef<uint8_t> data);

  /// For a file-mapped weight, gives the pages wholly inside `bytes` back to
  /// the system: reading them has made them part of the process's memory,
  /// and a pass that replaced the weight no longer needs them. The bytes
  /// stay readable (a later read faults them in again from the file). Does
  /// nothing for other weights.
  void releasePages() const;
};

class Module {
public:
  Module();
  ~Module();
  Module(const Module &) = delete;
  Module &operator=(const Module &) = delete;

  Operation *getOperation() const { return moduleOp; }
  Block &getBody() const { return moduleOp->getRegion(0).front(); }
  SymContext &getSymContext() { return symbols; }
  const SymContext &getSymContext() const { return symbols; }

  /// Creates an empty `ir.graph` named `name` at the end of the module, with
  /// an entry block.
  Operation *addGraph(llvm::StringRef name);
  /// The graph with that `sym_name`, or null.
  Operation *lookupGraph(llvm::StringRef name) const;
  static Block &getGraphBody(Operation *graph) { return graph->getRegion(0).front(); }

  /// Weights, in insertion order (which is the printing order).
  void addWeight(llvm::StringRef name, WeightData data);
  const WeightData *lookupWeight(llvm::StringRef name) const;
  /// Removes the weights `pred` accepts, in one linear sweep.
  void removeWeightsIf(llvm::function_ref<bool(llvm::StringRef, const WeightData &)> pred);
  llvm::ArrayRef<std::pair<std::string, WeightData>> getWeights() const { return weights; }

  /// Number of ops, nested ones included, the module op excluded.
  size_t countOps() const;

  /// The ONNX opset the module's ops were lowered to (`onnx.opset`), set by
  /// the lowering; passes and the ONNX backend follow it.
  std::optional<int64_t> getLoweredOpset() const;
  void setLoweredOpset(int64_t opset);

private:
  SymContext symbols;
  Operation *moduleOp;
  std::vector<std::pair<std::string, WeightData>> weights;
  llvm::StringMap<size_t> weightIndex;
};

} // namespace pt2onnx::ir

#endif // PT2ONNX_IR_MODULE_H
