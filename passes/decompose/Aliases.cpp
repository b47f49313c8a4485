//===- Aliases.cpp - Overloads torch documents as another's alias ----------===//
//
// `torch.subtract` is `torch.sub`, `torch.arccos` is `torch.acos`,
// `torch.clip` is `torch.clamp`: the alias overload takes the same arguments
// (the unit test checks each pair against the op table's schemas) and
// computes the same values, so it becomes its target with the operands and
// attributes it has. Where the target has a trailing argument the alias
// lacks (`broadcast_to` -> `expand(implicit=False)`), the target's default is
// what the alias means.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

// clang-format off
constexpr AtenAlias kAliases[] = {
    {"aten.absolute.default", "aten.abs.default"},
    {"aten.arccos.default", "aten.acos.default"},
    {"aten.arccosh.default", "aten.acosh.default"},
    {"aten.arcsin.default", "aten.asin.default"},
    {"aten.arcsinh.default", "aten.asinh.default"},
    {"aten.arctan.default", "aten.atan.default"},
    {"aten.arctan2.default", "aten.atan2.default"},
    {"aten.arctanh.default", "aten.atanh.default"},
    {"aten.argwhere.default", "aten.nonzero.default"},
    {"aten.broadcast_to.default", "aten.expand.default"},
    {"aten.clip.default", "aten.clamp.default"},
    {"aten.clip.Tensor", "aten.clamp.Tensor"},
    {"aten.concat.default", "aten.cat.default"},
    {"aten.concatenate.default", "aten.cat.default"},
    {"aten.divide.Scalar", "aten.div.Scalar"},
    {"aten.divide.Scalar_mode", "aten.div.Scalar_mode"},
    {"aten.divide.Tensor", "aten.div.Tensor"},
    {"aten.divide.Tensor_mode", "aten.div.Tensor_mode"},
    {"aten.fix.default", "aten.trunc.default"},
    {"aten.greater.Scalar", "aten.gt.Scalar"},
    {"aten.greater.Tensor", "aten.gt.Tensor"},
    {"aten.greater_equal.Scalar", "aten.ge.Scalar"},
    {"aten.greater_equal.Tensor", "aten.ge.Tensor"},
    {"aten.less.Scalar", "aten.lt.Scalar"},
    {"aten.less.Tensor", "aten.lt.Tensor"},
    {"aten.less_equal.Scalar", "aten.le.Scalar"},
    {"aten.less_equal.Tensor", "aten.le.Tensor"},
    {"aten.linalg_matmul.default", "aten.matmul.default"},
    {"aten.moveaxis.int", "aten.movedim.int"},
    {"aten.moveaxis.intlist", "aten.movedim.intlist"},
    {"aten.multiply.Scalar", "aten.mul.Scalar"},
    {"aten.multiply.Tensor", "aten.mul.Tensor"},
    {"aten.negative.default", "aten.neg.default"},
    {"aten.row_stack.default", "aten.vstack.default"},
    {"aten.not_equal.Scalar", "aten.ne.Scalar"},
    {"aten.not_equal.Tensor", "aten.ne.Tensor"},
    {"aten.special_expit.default", "aten.sigmoid.default"},
    {"aten.special_expm1.default", "aten.expm1.default"},
    {"aten.special_exp2.default", "aten.exp2.default"},
    {"aten.special_log1p.default", "aten.log1p.default"},
    {"aten.special_erf.default", "aten.erf.default"},
    {"aten.special_erfc.default", "aten.erfc.default"},
    {"aten.special_erfinv.default", "aten.erfinv.default"},
    {"aten.special_psi.default", "aten.digamma.default"},
    {"aten.special_digamma.default", "aten.digamma.default"},
    {"aten.special_gammaln.default", "aten.lgamma.default"},
    {"aten.special_sinc.default", "aten.sinc.default"},
    {"aten.special_logit.default", "aten.logit.default"},
    {"aten.special_gammainc.default", "aten.igamma.default"},
    {"aten.special_gammaincc.default", "aten.igammac.default"},
    {"aten.special_i0.default", "aten.i0.default"},
    {"aten.special_multigammaln.default", "aten.mvlgamma.default"},
    {"aten.special_polygamma.default", "aten.polygamma.default"},
    {"aten.special_xlogy.default", "aten.xlogy.Tensor"},
    {"aten.special_xlogy.other_scalar", "aten.xlogy.Scalar_Other"},
    {"aten.special_xlogy.self_scalar", "aten.xlogy.Scalar_Self"},
    {"aten.special_logsumexp.default", "aten.logsumexp.default"},
    {"aten.special_softmax.default", "aten.softmax.int"},
    {"aten.special_log_softmax.default", "aten.log_softmax.int"},
    {"aten.subtract.Scalar", "aten.sub.Scalar"},
    {"aten.subtract.Tensor", "aten.sub.Tensor"},
    {"aten.true_divide.Scalar", "aten.div.Scalar"},
    {"aten.true_divide.Tensor", "aten.div.Tensor"},
    // Not documented as aliases, but the same values: the unsafe forms differ
    // only in autograd's view tracking, and a functional program has no
    // conjugate or negative bit to resolve.
    {"aten.unsafe_chunk.default", "aten.chunk.default"},
    {"aten.unsafe_split.Tensor", "aten.split.Tensor"},
    {"aten.unsafe_split_with_sizes.default", "aten.split_with_sizes.default"},
    {"aten.resolve_conj.default", "aten.alias.default"},
    {"aten.resolve_neg.default", "aten.alias.default"},
};
// clang-format on

} // namespace

llvm::ArrayRef<AtenAlias> getAtenAliases() { return kAliases; }

namespace {
/// `root` rebuilt as `target` with the same operands, attributes and types.
bool renameTo(llvm::StringRef target, ir::Operation &root, ir::PatternRewriter &rw) {
  llvm::SmallVector<ir::Type, 1> types;
  for (unsigned i = 0; i < root.getNumResults(); ++i)
    types.push_back(root.getResult(i)->getType());
  ir::Operation *op = rw.create(target, root.getOperands(), types, root.getAttrs());
  llvm::SmallVector<ir::Value *, 1> results;
  for (unsigned i = 0; i < op->getNumResults(); ++i)
    results.push_back(op->getResult(i));
  rw.replaceOp(&root, results);
  return true;
}
} // namespace

void addAliasDecompositions(DecompositionTable &table) {
  for (const AtenAlias &alias : kAliases) {
    llvm::StringRef target = alias.target;
    table.add(alias.alias,
              {"aliases", [target](ir::Operation &root, ir::PatternRewriter &rw) {
                 return renameTo(target, root, rw);
               }});
  }
}

} // namespace pt2onnx::passes
