//===- OrtFusions.cpp - What the ONNX Runtime fusions share -----------------===//

#include "passes/ortfusions/OrtFusions.h"

#include "ir/OnnxDomain.h"
#include "ir/rewrite/Matchers.h"

namespace pt2onnx::passes {

namespace {
constexpr llvm::StringLiteral kContribDomain = "com.microsoft";
constexpr int64_t kContribVersion = 1;
} // namespace

ir::Operation *createContribOp(ir::PatternRewriter &rw, llvm::StringRef opType,
                               llvm::ArrayRef<ir::Value *> operands,
                               llvm::ArrayRef<ir::Type> resultTypes,
                               llvm::ArrayRef<ir::NamedAttribute> attrs) {
  llvm::SmallVector<ir::NamedAttribute, 4> all(attrs.begin(), attrs.end());
  all.push_back({ir::kDomainVersionAttr.str(), ir::Attribute::integer(kContribVersion)});
  return rw.create(ir::makeDomainOpName(ir::kDomainNodeDialect, kContribDomain, opType), operands,
                   resultTypes, all);
}

bool isRankedFloat32(const ir::Type &t) {
  return t.isTensor() && t.isRanked() && t.getDType() == ir::DType::Float32;
}

bool isLastDimVector(ir::Value *v, const ir::Type &t) {
  const ir::Type &vt = v->getType();
  return vt.isTensor() && vt.isRanked() && vt.getRank() == 1 && t.getRank() >= 1 &&
         vt.getDType() == t.getDType() && ir::sameDim(vt.getShape()[0], t.getShape().back());
}

} // namespace pt2onnx::passes
